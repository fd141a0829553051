/* Undoing a syscall (mips_syscall_undo.h). */
#include "mips_syscall_undo.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mips_isa.h"
#include "mips_syscall_impl.h"

/* A read fills at most this much (as mips_syscall_file.c caps it). */
enum { UNDO_MAX_BUFFER = 1 << 24 };

typedef struct saved_file {
    mips_file file;  /* name owned here */
    off_t offset;    /* of host_fd, or -1 */
} saved_file;

struct mips_syscall_undo {
    int32_t service;
    uint64_t written;
    int exit_status;
    uint64_t clock_now; /* a virtual clock's (30, 32) */
    /* Input: the pending line and the console bytes taken before. */
    uint8_t *pending;
    size_t pending_pos, pending_len;
    bool skip_lf, key_mode;
    size_t console_taken;
    /* Random streams, copied whole (40-44). */
    mips_stream *streams;
    size_t stream_count;
    /* The buffer a read fills: words from buf_addr (word-aligned). */
    uint32_t buf_addr;
    uint32_t *buf_words;
    size_t buf_count;
    /* The file table (13-16) and, for 16, a duplicate of the descriptor. */
    saved_file *files;
    int closed_dup;
    size_t size;
};

static bool save_buffer(mips_syscall_undo *u, const mips_machine *m, uint32_t addr, int32_t len)
{
    if (len <= 0)
        return true;
    if (len > UNDO_MAX_BUFFER)
        len = UNDO_MAX_BUFFER;
    uint32_t first = addr & ~3u, last = (addr + (uint32_t)len + 3u) & ~3u;
    u->buf_count = (last - first) / 4;
    u->buf_words = malloc(u->buf_count * sizeof *u->buf_words);
    if (!u->buf_words)
        return false;
    u->buf_addr = first;
    for (size_t i = 0; i < u->buf_count; i++)
        mips_peek(m, first + 4 * (uint32_t)i, &u->buf_words[i]);
    u->size += u->buf_count * 4;
    return true;
}

static bool save_files(mips_syscall_undo *u, mips_syscalls *s, const mips_machine *m)
{
    u->files = calloc(MIPS_MAX_FILES, sizeof *u->files);
    if (!u->files)
        return false;
    for (int i = 0; i < MIPS_MAX_FILES; i++) {
        const mips_file *f = &s->files[i];
        u->files[i].file = *f;
        u->files[i].file.name = f->name ? strdup(f->name) : NULL;
        u->files[i].offset = f->host_fd >= 0 ? lseek(f->host_fd, 0, SEEK_CUR) : -1;
    }
    int32_t fd = (int32_t)mips_reg(m, MIPS_REG_A0);
    if (u->service == MIPS_SYS_CLOSE && fd >= 0 && fd < MIPS_MAX_FILES && s->files[fd].host_fd >= 0)
        u->closed_dup = dup(s->files[fd].host_fd);
    u->size += MIPS_MAX_FILES * sizeof *u->files;
    return true;
}

mips_syscall_undo *mips_syscall_undo_save(mips_syscalls *s, const mips_machine *m)
{
    mips_syscall_undo *u = calloc(1, sizeof *u);
    if (!u)
        return NULL;
    u->closed_dup = -1;
    u->service = (int32_t)mips_reg(m, MIPS_REG_V0);
    u->written = s->written;
    u->exit_status = s->exit_status;
    u->clock_now = s->clock_now;
    u->size = sizeof *u;
    u->pending_pos = s->pending_pos;
    u->pending_len = s->pending_len;
    u->skip_lf = s->skip_lf;
    u->key_mode = s->key_mode;
    u->console_taken = s->con ? console_recorded(s->con) : 0;
    bool ok = true;
    if (s->pending_len > 0) {
        u->pending = malloc(s->pending_len);
        ok = u->pending != NULL;
        if (ok)
            memcpy(u->pending, s->pending, s->pending_len);
        u->size += s->pending_len;
    }
    if (ok && u->service >= MIPS_SYS_RAND_SEED && u->service <= MIPS_SYS_RAND_DOUBLE &&
        s->stream_count > 0) {
        u->streams = malloc(s->stream_count * sizeof *u->streams);
        ok = u->streams != NULL;
        if (ok)
            memcpy(u->streams, s->streams, s->stream_count * sizeof *u->streams);
        u->size += s->stream_count * sizeof *u->streams;
    }
    u->stream_count = s->stream_count;
    if (ok && u->service == MIPS_SYS_READ_STRING)
        ok = save_buffer(u, m, mips_reg(m, MIPS_REG_A0), (int32_t)mips_reg(m, MIPS_REG_A1));
    if (ok && u->service == MIPS_SYS_READ)
        ok = save_buffer(u, m, mips_reg(m, MIPS_REG_A1), (int32_t)mips_reg(m, MIPS_REG_A2));
    if (ok && u->service >= MIPS_SYS_OPEN && u->service <= MIPS_SYS_CLOSE)
        ok = save_files(u, s, m);
    if (!ok) {
        mips_syscall_undo_free(u);
        return NULL;
    }
    return u;
}

/* The file table as it was: descriptors this syscall opened are closed,
 * the one it closed comes back (as its duplicate), offsets return. */
static void restore_files(mips_syscall_undo *u, mips_syscalls *s)
{
    for (int i = 0; i < MIPS_MAX_FILES; i++) {
        mips_file *now = &s->files[i];
        saved_file *was = &u->files[i];
        if (now->host_fd >= 0 && now->host_fd != was->file.host_fd)
            close(now->host_fd);
        int fd = was->file.host_fd;
        if (fd >= 0 && now->host_fd != fd && u->closed_dup >= 0) {
            /* It was closed: its duplicate takes back the same number, so
             * older records that name that descriptor stay right. */
            dup2(u->closed_dup, fd);
            close(u->closed_dup);
            u->closed_dup = -1;
        }
        free(now->name);
        *now = was->file;
        now->host_fd = fd;
        was->file.name = NULL;
        if (fd >= 0 && was->offset >= 0)
            lseek(fd, was->offset, SEEK_SET);
    }
}

void mips_syscall_undo_restore(mips_syscalls *s, mips_machine *m, mips_syscall_undo *u)
{
    s->written = u->written;
    s->exit_status = u->exit_status;
    s->clock_now = u->clock_now;
    if (u->pending_len > 0 && u->pending_len <= s->pending_size)
        memcpy(s->pending, u->pending, u->pending_len);
    s->pending_pos = u->pending_pos;
    s->pending_len = u->pending_len;
    s->skip_lf = u->skip_lf;
    s->key_mode = u->key_mode;
    if (s->con) {
        size_t taken = console_recorded(s->con);
        if (taken > u->console_taken)
            console_unread(s->con, taken - u->console_taken);
    }
    if (u->streams)
        memcpy(s->streams, u->streams, u->stream_count * sizeof *u->streams);
    if (u->stream_count <= s->stream_count)
        s->stream_count = u->stream_count;
    for (size_t i = 0; i < u->buf_count; i++)
        mips_poke(m, u->buf_addr + 4 * (uint32_t)i, u->buf_words[i]);
    if (u->files)
        restore_files(u, s);
    mips_syscall_undo_free(u);
}

void mips_syscall_undo_free(mips_syscall_undo *u)
{
    if (!u)
        return;
    if (u->files)
        for (int i = 0; i < MIPS_MAX_FILES; i++)
            free(u->files[i].file.name);
    if (u->closed_dup >= 0)
        close(u->closed_dup);
    free(u->files);
    free(u->pending);
    free(u->streams);
    free(u->buf_words);
    free(u);
}

size_t mips_syscall_undo_size(const mips_syscall_undo *u)
{
    return u ? u->size : 0;
}
