/* Source files held in memory, with line lookup for diagnostics and listings. */
#include "source.h"

#define _POSIX_C_SOURCE 200809L /* fdopen, O_CLOEXEC */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "big_array.h"

static char *copy_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *copy = malloc(n);
    if (copy)
        memcpy(copy, s, n);
    return copy;
}

/* Java's readLine, which MARS reads sources with (and lc3tools splits them
 * the same way): a line ends at "\n", "\r\n" or a lone "\r". True when
 * text[i] is the last byte of a line's terminator. */
static bool ends_line(const source_file *file, size_t i)
{
    char c = file->text[i];
    return c == '\n' || (c == '\r' && (i + 1 == file->len || file->text[i + 1] != '\n'));
}

/* The position of the next byte from i on that may end a line ('\n' or
 * '\r'), or len. memchr finds '\n'; a file without '\r' (most) skips the
 * search for it. */
static size_t next_end(const source_file *file, size_t i, bool has_cr)
{
    const char *text = file->text;
    const char *nl = memchr(text + i, '\n', file->len - i);
    size_t end = nl ? (size_t)(nl - text) : file->len;
    if (has_cr) {
        const char *cr = memchr(text + i, '\r', end - i);
        if (cr)
            end = (size_t)(cr - text);
    }
    return end;
}

/* Records where each line starts; a final line without a terminator still counts. */
static int index_lines(source_file *file)
{
    bool has_cr = memchr(file->text, '\r', file->len) != NULL;
    /* One pass, the array grown as lines are found (a guess of one line
     * in 32 bytes first; pages it does not reach are never touched). */
    size_t cap = 0, n = 0;
    if (file->len >= UINT32_MAX)
        return -1; /* offsets are 32 bits */
    uint32_t *starts = big_array_grow(NULL, &cap, file->len / 32 + 2, sizeof *starts);
    if (!starts)
        return -1;
    starts[n++] = 0;
    for (size_t i = next_end(file, 0, has_cr); i < file->len; i = next_end(file, i + 1, has_cr)) {
        if (!ends_line(file, i))
            continue;
        if (n == cap) {
            uint32_t *bigger = big_array_grow(starts, &cap, n + 1, sizeof *starts);
            if (!bigger) {
                big_array_free(starts, cap, sizeof *starts);
                return -1;
            }
            starts = bigger;
        }
        starts[n++] = (uint32_t)(i + 1);
    }
    /* A trailing terminator does not open a line of its own. */
    if (n > 1 && starts[n - 1] == file->len)
        n--;
    if (n > INT_MAX) {
        big_array_free(starts, cap, sizeof *starts);
        return -1;
    }
    file->line_starts = starts;
    file->line_capacity = cap;
    file->line_count = (int)n;
    return 0;
}

/* text is big_array's, with room for cap bytes. */
static source_file *wrap(const char *name, char *text, size_t cap, size_t len)
{
    source_file *file = calloc(1, sizeof *file);
    if (!file) {
        big_array_free(text, cap, 1);
        return NULL;
    }
    file->path = copy_string(name);
    file->text = text;
    file->text_capacity = cap;
    file->len = len;
    if (!file->path || index_lines(file) != 0) {
        source_free(file);
        return NULL;
    }
    return file;
}

source_file *source_from_memory(const char *name, const char *text, size_t len)
{
    size_t cap = 0;
    char *copy = big_array_grow(NULL, &cap, len + 1, 1);
    if (!copy)
        return NULL;
    memcpy(copy, text, len);
    copy[len] = '\0';
    return wrap(name, copy, cap, len);
}

int source_open_regular(const char *path, const char **why)
{
    /* O_NONBLOCK: opening a FIFO for reading would wait for a writer. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        *why = strerror(errno);
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        *why = strerror(errno);
        close(fd);
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        *why = S_ISDIR(st.st_mode) ? "is a directory"
                                   : "is not a regular file (a FIFO, device or socket would "
                                     "block or never end)";
        close(fd);
        return -1;
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    return fd;
}

FILE *source_fopen_regular(const char *path, const char **why)
{
    int fd = source_open_regular(path, why);
    if (fd < 0)
        return NULL;
    FILE *in = fdopen(fd, "rb");
    if (!in) {
        *why = strerror(errno);
        close(fd);
    }
    return in;
}

source_file *source_load(const char *path, const char **why)
{
    FILE *in = source_fopen_regular(path, why);
    if (!in)
        return NULL;
    /* No assignment is anywhere near this; a bigger file is a mistake
     * (a binary, a log), refused before it costs memory and time. */
    struct stat st;
    bool sized = fstat(fileno(in), &st) == 0;
    if (sized && st.st_size > SOURCE_MAX_BYTES) {
        fclose(in);
        *why = "is larger than 16 MiB, too big to be a source file";
        return NULL;
    }
    /* Room for the whole file, its NUL and one byte to see the end: one
     * read, no regrowing (a file that grows meanwhile still grows it). */
    size_t cap = 0, len = 0;
    char *text = big_array_grow(NULL, &cap, sized && st.st_size > 0 ? (size_t)st.st_size + 2 : 4096, 1);
    while (text) {
        len += fread(text + len, 1, cap - len - 1, in);
        if (len + 1 < cap)
            break;
        if (len > SOURCE_MAX_BYTES) { /* a file that grew while being read */
            big_array_free(text, cap, 1);
            fclose(in);
            *why = "is larger than 16 MiB, too big to be a source file";
            return NULL;
        }
        char *bigger = big_array_grow(text, &cap, cap + 1, 1);
        if (!bigger) {
            big_array_free(text, cap, 1);
            text = NULL;
            break;
        }
        text = bigger;
    }
    int failed = ferror(in);
    fclose(in);
    if (!text || failed) {
        big_array_free(text, cap, 1);
        *why = text ? "read error" : "out of memory";
        return NULL;
    }
    text[len] = '\0';
    source_file *file = wrap(path, text, cap, len);
    if (!file)
        *why = "out of memory";
    return file;
}

void source_free(source_file *file)
{
    if (!file)
        return;
    free(file->path);
    big_array_free(file->text, file->text_capacity, 1);
    big_array_free(file->line_starts, file->line_capacity, sizeof *file->line_starts);
    free(file);
}

const char *source_line(const source_file *file, int line, size_t *len)
{
    if (!file || line < 1 || line > file->line_count)
        return NULL;
    size_t start = file->line_starts[line - 1];
    size_t end = start;
    if (line < file->line_count) {
        /* Within a line no byte ends one: it ends at its terminator, which
         * is "\n", "\r\n" or "\r" before the next line's start. */
        end = file->line_starts[line] - 1;
        if (file->text[end] == '\n' && end > start && file->text[end - 1] == '\r')
            end--;
    } else {
        while (end < file->len && file->text[end] != '\n' && file->text[end] != '\r')
            end++;
    }
    *len = end - start;
    return file->text + start;
}

static char *join_path(const char *dir, size_t dir_len, const char *name)
{
    size_t name_len = strlen(name);
    char *path = malloc(dir_len + 1 + name_len + 1);
    if (!path)
        return NULL;
    memcpy(path, dir, dir_len);
    path[dir_len] = '/';
    memcpy(path + dir_len + 1, name, name_len + 1);
    return path;
}

static int readable_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

char *source_resolve_include(const char *including_path, const char *name,
                             const char *const *dirs)
{
    if (name[0] == '/')
        return readable_file(name) ? copy_string(name) : NULL;
    const char *slash = including_path ? strrchr(including_path, '/') : NULL;
    char *path = slash ? join_path(including_path, (size_t)(slash - including_path), name)
                       : copy_string(name);
    if (path && readable_file(path))
        return path;
    free(path);
    for (; dirs && *dirs; dirs++) {
        path = join_path(*dirs, strlen(*dirs), name);
        if (path && readable_file(path))
            return path;
        free(path);
    }
    return NULL;
}
