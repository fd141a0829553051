/* MARS's file syscalls 13-16 with its descriptor table and quirks, on files
 * kept inside a sandbox root (docs/mips-syscalls.md). */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mips_isa.h"
#include "mips_syscall_impl.h"
#include "grow.h"

enum { FLAG_READ = 0, FLAG_WRITE = 1, FLAG_APPEND = 9 };

/* Longest file name taken from memory; a longer one cannot be opened. */
enum { NAME_MAX_BYTES = 4096 };
/* Most bytes one syscall 14 reads (a short read, as a file may give);
 * what read_ahead reads at once. */
enum { READ_MAX_BYTES = 1 << 24, AHEAD_BYTES = 4096 };

void mips_files_init(mips_syscalls *s)
{
    /* MARS's table starts with its standard streams, under these names. */
    static const char *const stdio_names[3] = {"STDIN", "STDOUT", "STDERR"};
    for (int i = 0; i < MIPS_MAX_FILES; i++)
        s->files[i] = (mips_file){.name = NULL, .flags = -1, .host_fd = -1};
    for (int i = 0; i < 3; i++) {
        s->files[i].name = strdup(stdio_names[i]);
        s->files[i].flags = i == 0 ? FLAG_READ : FLAG_WRITE;
    }
}

static void file_release(mips_file *f)
{
    if (f->host_fd >= 0)
        close(f->host_fd);
    free(f->name);
    free(f->ahead);
    *f = (mips_file){.name = NULL, .flags = -1, .host_fd = -1};
}

/* Gives every file's bytes read ahead back to it (its offset where the
 * program's reads left it): before anything that may change a file, so a
 * later read sees the change as an unbuffered read would. */
static void give_back_ahead(mips_syscalls *s)
{
    for (int i = 3; i < MIPS_MAX_FILES; i++) {
        mips_file *f = &s->files[i];
        if (f->ahead_pos < f->ahead_len && f->host_fd >= 0)
            lseek(f->host_fd, -(off_t)(f->ahead_len - f->ahead_pos), SEEK_CUR);
        f->ahead_pos = f->ahead_len = 0;
    }
}

void mips_files_close_all(mips_syscalls *s)
{
    for (int i = 0; i < MIPS_MAX_FILES; i++)
        file_release(&s->files[i]);
}

/* True when path is the root or lies below it. */
static bool inside_root(const mips_syscalls *s, const char *path)
{
    size_t n = strlen(s->root);
    if (strcmp(s->root, "/") == 0)
        return true;
    return strncmp(path, s->root, n) == 0 && (path[n] == '\0' || path[n] == '/');
}

static char *join(const char *dir, const char *name, size_t name_len)
{
    size_t d = strlen(dir);
    char *p = malloc(d + 1 + name_len + 1);
    if (!p)
        return NULL;
    memcpy(p, dir, d);
    p[d] = '/';
    memcpy(p + d + 1, name, name_len);
    p[d + 1 + name_len] = '\0';
    return p;
}

/* The host path a program's name stands for, or NULL when it is refused:
 * absolute, or leading outside the root by ".." or a symbolic link. */
static char *sandbox_path(const mips_syscalls *s, const char *name)
{
    if (name[0] == '\0' || name[0] == '/')
        return NULL;
    const char *slash = strrchr(name, '/');
    const char *last = slash ? slash + 1 : name;
    if (*last == '\0' || strcmp(last, ".") == 0 || strcmp(last, "..") == 0)
        return NULL; /* names a directory */
    char *target = NULL;
    if (!slash) {
        /* The root is real already (resolved when the session began): a
         * name in it needs no realpath, which is a readlink a component. */
        target = join(s->root, last, strlen(last));
    } else {
        char *parent = join(s->root, name, (size_t)(slash - name));
        if (!parent)
            return NULL;
        char *real_parent = realpath(parent, NULL);
        free(parent);
        if (!real_parent)
            return NULL;
        if (inside_root(s, real_parent))
            target = join(real_parent, last, strlen(last));
        free(real_parent);
    }
    if (!target)
        return NULL;
    struct stat st;
    if (lstat(target, &st) == 0 && S_ISLNK(st.st_mode)) {
        /* Follow it here, so the check sees where it leads; a dangling link
         * is refused too (creating through it could land anywhere). */
        char *real = realpath(target, NULL);
        free(target);
        if (!real || !inside_root(s, real)) {
            free(real);
            return NULL;
        }
        target = real;
    }
    return target;
}

/* Opens path for writing, creating it only while the budget has a file
 * left; a file the budget cannot pay for fails as on a full disk. */
static int open_for_write(mips_syscalls *s, const char *path, int oflags)
{
    if (!s->budget)
        return open(path, oflags, 0666);
    if (s->budget->files_left > 0) {
        int fd = open(path, oflags | O_EXCL, 0666);
        if (fd >= 0) {
            s->budget->files_left--;
            return fd;
        }
        if (errno != EEXIST)
            return -1;
    }
    return open(path, oflags & ~O_CREAT);
}

/* Opens name for MARS's flag 0, 1 or 9; -1 when refused or failing. Only
 * regular files: a FIFO or device could block or never end. */
static int sandbox_open(mips_syscalls *s, const char *name, int flags)
{
    char *path = sandbox_path(s, name);
    if (!path)
        return -1;
    int oflags = O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC;
    if (flags == FLAG_READ)
        oflags |= O_RDONLY;
    else
        oflags |= O_WRONLY | O_CREAT | (flags == FLAG_APPEND ? O_APPEND : O_TRUNC);
    struct stat st;
    int fd = -1;
    /* Checked before opening too: truncating a device is not harmless. */
    if (stat(path, &st) != 0 ? flags != FLAG_READ : S_ISREG(st.st_mode))
        fd = flags == FLAG_READ ? open(path, oflags) : open_for_write(s, path, oflags);
    free(path);
    if (fd < 0)
        return -1;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return -1;
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    return fd;
}

/* The program's NUL-terminated name, each byte a Latin-1 character as MARS
 * reads it, re-encoded as UTF-8 for the host (Java's file name encoding),
 * or '?' for each under ascii (a locale that is not UTF-8).
 * Also gives the raw bytes, MARS's key for "already open". A name too long
 * to open is kept cut short, and *too_long says so: it must fail, never
 * open the file its first bytes name. */
static bool read_name(mips_machine *m, uint32_t addr, bool ascii, char **raw, char **host,
                      bool *too_long)
{
    *too_long = false;
    size_t len = 0, size = 64;
    char *r = malloc(size);
    if (!r)
        return false;
    for (;; addr++) {
        uint32_t byte;
        mips_error_kind kind;
        if (!mips_load(m, addr, 1, &byte, &kind)) {
            free(r);
            mips_raise(m, kind, addr, 0);
            return false;
        }
        if (byte == 0)
            break;
        if (len + 1 == size) {
            char *bigger = size > NAME_MAX_BYTES ? NULL : grow_array(r, &size, size + 1, 1);
            if (!bigger) {
                *too_long = true; /* keep reading to the NUL */
                continue;
            }
            r = bigger;
        }
        r[len++] = (char)byte;
    }
    r[len] = '\0';
    char *h = malloc(len * 2 + 1);
    if (!h) {
        free(r);
        return false;
    }
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        uint8_t b = (uint8_t)r[i];
        if (b < 0x80) {
            h[n++] = (char)b;
        } else if (ascii) {
            h[n++] = '?'; /* the JVM's ASCII encoder */
        } else {
            h[n++] = (char)(0xC0 | b >> 6);
            h[n++] = (char)(0x80 | (b & 0x3F));
        }
    }
    h[n] = '\0';
    *raw = r;
    *host = h;
    return true;
}

/* 13: MARS's order: name already in the table, then the flags, then the
 * lowest free slot; the name is entered before the file is opened. */
mips_syscall_result mips_sys_open(mips_syscalls *s, mips_machine *m)
{
    char *raw, *host;
    bool too_long;
    if (!read_name(m, mips_reg(m, MIPS_REG_A0), s->ascii_file_names, &raw, &host, &too_long))
        return MIPS_SYSCALL_RAISED;
    int flags = (int32_t)mips_reg(m, MIPS_REG_A1);
    int32_t result = -1;
    int slot = -1;
    bool in_use = false;
    for (int i = 0; i < MIPS_MAX_FILES; i++)
        if (s->files[i].name && strcmp(s->files[i].name, raw) == 0)
            in_use = true;
    if (!in_use && (flags == FLAG_READ || flags == FLAG_WRITE || flags == FLAG_APPEND))
        for (int i = 0; i < MIPS_MAX_FILES && slot < 0; i++)
            if (!s->files[i].name)
                slot = i;
    if (slot >= 0 && flags != FLAG_READ) {
        s->opened_to_write = true;
        give_back_ahead(s); /* creating or truncating a file another one reads */
    }
    if (slot >= 0) {
        s->files[slot].name = raw;
        s->files[slot].flags = flags;
        s->files[slot].host_fd = too_long ? -1 : sandbox_open(s, host, flags);
        raw = NULL;
        if (s->files[slot].host_fd >= 0)
            result = slot;
    }
    free(raw);
    free(host);
    mips_set_reg(m, MIPS_REG_V0, (uint32_t)result);
    return MIPS_SYSCALL_CONTINUE;
}

/* MARS's fdInUse: readable only with flags 0, writable with flag bit 0. */
static mips_file *file_for(mips_syscalls *s, int32_t fd, bool write)
{
    if (fd < 0 || fd >= MIPS_MAX_FILES || !s->files[fd].name)
        return NULL;
    mips_file *f = &s->files[fd];
    if (write ? (f->flags & FLAG_WRITE) == 0 : f->flags != FLAG_READ)
        return NULL;
    return f;
}

/* Standard input for syscall 14: waits for the first byte, then takes what
 * has already arrived, as a read() of a pipe does. MARS reads System.in
 * itself, so what its line reader took is not seen here. */
static long read_stdin(mips_syscalls *s, uint8_t *buf, size_t len)
{
    size_t n = 0;
    while (n < len) {
        int b = mips_sys_stdin_byte(s, n == 0);
        if (b < 0)
            break;
        buf[n++] = (uint8_t)b;
    }
    return (long)n;
}

/* len bytes of f as a read() to the end or len would give them (-1 for
 * an error before any), through its buffer: small reads take a host
 * read a 4 KiB, a large one goes straight to the file. */
static long read_ahead(mips_file *f, uint8_t *buf, size_t len)
{
    size_t got = 0;
    while (got < len) {
        if (f->ahead_pos < f->ahead_len) {
            size_t n = f->ahead_len - f->ahead_pos;
            n = n < len - got ? n : len - got;
            memcpy(buf + got, f->ahead + f->ahead_pos, n);
            f->ahead_pos += (uint32_t)n;
            got += n;
            continue;
        }
        bool direct = len - got >= AHEAD_BYTES;
        if (!direct && !f->ahead && !(f->ahead = malloc(AHEAD_BYTES)))
            direct = true;
        uint8_t *into = direct ? buf + got : f->ahead;
        ssize_t n = read(f->host_fd, into, direct ? len - got : AHEAD_BYTES);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return got ? (long)got : -1;
        if (n == 0)
            break;
        if (direct) {
            got += (size_t)n;
        } else {
            f->ahead_pos = 0;
            f->ahead_len = (uint32_t)n;
        }
    }
    return (long)got;
}

/* 14: $v0 = bytes read (0 at the end), -1 for a bad descriptor; $v0 is set
 * before the bytes are stored, so a bad buffer raises after it. */
mips_syscall_result mips_sys_read(mips_syscalls *s, mips_machine *m)
{
    int32_t fd = (int32_t)mips_reg(m, MIPS_REG_A0);
    uint32_t addr = mips_reg(m, MIPS_REG_A1);
    int32_t want = (int32_t)mips_reg(m, MIPS_REG_A2);
    mips_file *f = file_for(s, fd, false);
    if (!f || want < 0 || (fd != 0 && f->host_fd < 0)) {
        mips_set_reg(m, MIPS_REG_V0, (uint32_t)-1);
        return MIPS_SYSCALL_CONTINUE;
    }
    size_t len = want < READ_MAX_BYTES ? (size_t)want : READ_MAX_BYTES;
    uint8_t *buf = malloc(len ? len : 1);
    if (!buf) {
        mips_set_reg(m, MIPS_REG_V0, (uint32_t)-1);
        return MIPS_SYSCALL_CONTINUE;
    }
    long got = 0;
    if (fd == 0) {
        got = read_stdin(s, buf, len);
    } else if (s->read_ahead) {
        got = read_ahead(f, buf, len);
    } else {
        while ((size_t)got < len) {
            ssize_t n = read(f->host_fd, buf + got, len - (size_t)got);
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0) {
                got = got ? got : -1;
                break;
            }
            if (n == 0)
                break;
            got += n;
        }
    }
    mips_set_reg(m, MIPS_REG_V0, (uint32_t)got);
    for (long i = 0; i < got; i++) {
        mips_error_kind kind;
        if (!mips_store(m, addr + (uint32_t)i, 1, buf[i], &kind)) {
            free(buf);
            mips_raise(m, kind, addr + (uint32_t)i, 0);
            return MIPS_SYSCALL_RAISED;
        }
    }
    free(buf);
    return MIPS_SYSCALL_CONTINUE;
}

static bool write_host(mips_syscalls *s, int fd, const uint8_t *p, size_t len, bool *ok)
{
    uint64_t room = s->cap - s->written;
    if (s->budget && s->budget->bytes_left < room)
        room = s->budget->bytes_left;
    bool all = len <= room;
    size_t n = all ? len : (size_t)room;
    s->written += n;
    if (s->budget)
        s->budget->bytes_left -= n;
    *ok = true;
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            *ok = false;
            break;
        }
        p += w;
        n -= (size_t)w;
    }
    return all;
}

/* 15: MARS first copies $a2 bytes from memory (looking at one byte past
 * them too, so that byte's address must be valid), then checks the
 * descriptor: $v0 = $a2, or -1. Raw bytes, no re-encoding. */
mips_syscall_result mips_sys_write(mips_syscalls *s, mips_machine *m)
{
    int32_t fd = (int32_t)mips_reg(m, MIPS_REG_A0);
    uint32_t addr = mips_reg(m, MIPS_REG_A1);
    int32_t len = (int32_t)mips_reg(m, MIPS_REG_A2);
    if (len < 0) {
        /* MARS reads the byte at $a1 before it fails on -1 (mars stops
         * there: mars_sim.c); its address error comes first. */
        uint32_t byte;
        mips_error_kind kind;
        if (len == -1 && !mips_load(m, addr, 1, &byte, &kind)) {
            mips_raise(m, kind, addr, 0);
            return MIPS_SYSCALL_RAISED;
        }
        mips_set_reg(m, MIPS_REG_V0, (uint32_t)-1);
        return MIPS_SYSCALL_CONTINUE;
    }
    /* Past the cap nothing more is written, so nothing more is gathered. */
    uint64_t room = s->cap - s->written;
    size_t take = (uint64_t)len <= room ? (size_t)len : (size_t)room;
    bool capped = take < (size_t)len;
    uint8_t *buf = malloc(take + 1);
    if (!buf) {
        mips_set_reg(m, MIPS_REG_V0, (uint32_t)-1);
        return MIPS_SYSCALL_CONTINUE;
    }
    for (size_t i = 0; i <= take; i++) {
        uint32_t byte;
        mips_error_kind kind;
        if (!mips_load(m, addr + (uint32_t)i, 1, &byte, &kind)) {
            free(buf);
            mips_raise(m, kind, addr + (uint32_t)i, 0);
            return MIPS_SYSCALL_RAISED;
        }
        buf[i] = (uint8_t)byte;
    }
    mips_file *f = file_for(s, fd, true);
    bool within = true, ok = true;
    if (!f || (fd > 2 && f->host_fd < 0)) {
        ok = false;
    } else if (fd == 1) {
        within = mips_sys_emit(s, buf, take);
    } else if (fd == 2) {
        within = mips_sys_emit_stderr(s, buf, take);
    } else {
        if (s->read_ahead)
            give_back_ahead(s); /* it may write a file another one reads */
        within = write_host(s, f->host_fd, buf, take, &ok);
    }
    free(buf);
    mips_set_reg(m, MIPS_REG_V0, ok ? (uint32_t)len : (uint32_t)-1);
    if (ok && (capped || !within))
        return MIPS_SYSCALL_OUTPUT_CAP;
    return MIPS_SYSCALL_CONTINUE;
}

/* 16: descriptors 0-2 and bad ones are ignored; closing frees the slot,
 * a failed open's included. */
mips_syscall_result mips_sys_close(mips_syscalls *s, mips_machine *m)
{
    int32_t fd = (int32_t)mips_reg(m, MIPS_REG_A0);
    if (fd > 2 && fd < MIPS_MAX_FILES && s->files[fd].name)
        file_release(&s->files[fd]);
    return MIPS_SYSCALL_CONTINUE;
}

bool mips_syscall_opened_to_write(const mips_syscalls *s)
{
    return s->opened_to_write;
}
