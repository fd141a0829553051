/* What the syscall files share (mips_syscall.c, mips_syscall_file.c,
 * mips_syscall_time.c, mips_random.c): the state behind mips_syscalls and the helpers each uses. */
#ifndef MIPS_SYSCALL_IMPL_H
#define MIPS_SYSCALL_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "mips_syscall.h"

/* MARS's file table: SystemIO.SYSCALL_MAXFILES slots, 0-2 being stdio. */
enum { MIPS_MAX_FILES = 32 };

/* One slot of MARS's table. A slot is in use while name is set: MARS enters
 * the name before it opens the file, so a failed open keeps its slot (and
 * its name) with host_fd -1 until closed. */
typedef struct mips_file {
    char *name;  /* the name as the program gave it (Latin-1 bytes), or NULL */
    int flags;   /* 0 read, 1 write, 9 append */
    int host_fd; /* -1: stdio (0-2) or a failed open */
    uint8_t *ahead; /* read_ahead: bytes read from host_fd, not yet the program's */
    uint32_t ahead_pos, ahead_len;
} mips_file;

/* java.util.Random's state: a 48-bit linear congruential generator. */
typedef struct mips_random {
    uint64_t seed;
} mips_random;

/* A stream of syscalls 40-44, named by the program's $a0. */
typedef struct mips_stream {
    int32_t index;
    mips_random rng;
} mips_stream;

struct mips_syscalls {
    console *con;
    char *root;           /* the root, resolved (realpath) */
    uint64_t cap;         /* output cap in bytes */
    uint64_t written;     /* bytes written so far, all outputs */
    mips_file_budget *budget; /* the run's, or NULL */
    int stderr_fd;
    bool no_sleep;
    bool ascii_file_names; /* mips_syscall_options's */
    bool read_ahead;       /* mips_syscall_options's */
    int exit_status;
    mips_file files[MIPS_MAX_FILES];
    /* Input already taken from the console but not yet consumed (MARS's
     * line reader): a line typed in line mode, up to 8 KiB of a pipe. */
    uint8_t *pending;
    size_t pending_pos, pending_len, pending_size;
    bool key_mode;        /* syscall 12 on a terminal: bytes as keys arrive, not lines */
    bool skip_lf;         /* a line ended with '\r': a '\n' right after belongs to it */
    mips_stream *streams;
    size_t stream_count, stream_size;
    mips_virtual_time time; /* the clock and generators: host's or virtual */
    uint64_t clock_now;     /* a virtual clock's next answer to syscall 30 */
    bool used_time;         /* the program asked for the time or a random number */
    bool opened_to_write;   /* mips_syscall_opened_to_write */
};

/* Output through the cap: writes what fits; false once the cap is reached. */
bool mips_sys_emit(mips_syscalls *s, const void *bytes, size_t len);
/* Writes to descriptor 2 (stderr) through the cap. */
bool mips_sys_emit_stderr(mips_syscalls *s, const void *bytes, size_t len);

/* Next byte for the line-based services (5-8, 12), through MARS's line
 * reader; CONSOLE_EOF at the end. wait false: CONSOLE_NONE when nothing is
 * ready now. */
int mips_sys_input_byte(mips_syscalls *s, bool wait);
/* Next byte of standard input itself, past the line reader (syscall 14). */
int mips_sys_stdin_byte(mips_syscalls *s, bool wait);

/* Integer.parseInt(text, 10) of ASCII text. */
bool mips_java_parse_int(const char *text, int32_t *out);
/* Float.parseFloat's grammar; on success c_text (as long as text) holds
 * the number for strtod/strtof, its type suffix dropped. */
bool mips_java_float_syntax(const char *text, char *c_text);

/* Syscalls 13-16 (mips_syscall_file.c). */
void mips_files_init(mips_syscalls *s);
void mips_files_close_all(mips_syscalls *s);
mips_syscall_result mips_sys_open(mips_syscalls *s, mips_machine *m);
mips_syscall_result mips_sys_read(mips_syscalls *s, mips_machine *m);
mips_syscall_result mips_sys_write(mips_syscalls *s, mips_machine *m);
mips_syscall_result mips_sys_close(mips_syscalls *s, mips_machine *m);

/* Syscalls 30, 32 and 40-44 (mips_syscall_time.c). */
void mips_sys_time_init(mips_syscalls *s, const mips_virtual_time *t);
mips_syscall_result mips_sys_time(mips_syscalls *s, mips_machine *m);
mips_syscall_result mips_sys_sleep(mips_syscalls *s, mips_machine *m);
mips_syscall_result mips_sys_random(mips_syscalls *s, mips_machine *m, int service);

/* java.util.Random (mips_random.c). */
void mips_random_seed(mips_random *r, int64_t seed);
void mips_random_seed_from_clock(mips_random *r);
int32_t mips_random_next_int(mips_random *r);
/* nextInt(bound); false (nothing drawn) when bound <= 0, as Java throws. */
bool mips_random_next_int_bound(mips_random *r, int32_t bound, int32_t *out);
float mips_random_next_float(mips_random *r);
double mips_random_next_double(mips_random *r);

#endif
