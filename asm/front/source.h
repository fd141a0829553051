/* Source files held in memory, with line lookup for diagnostics and listings. */
#ifndef ASM_SOURCE_H
#define ASM_SOURCE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct source_file {
    char *path;            /* as given by the user; shown in diagnostics */
    char *text;            /* whole file, NUL-terminated (embedded NULs are kept) */
    size_t len;            /* bytes in text, without the terminating NUL */
    uint32_t *line_starts; /* offset of each line's first byte; line 1 is index 0
                              (4 bytes a line: a text longer than 4 GB is refused) */
    int line_count;
    size_t text_capacity;  /* bytes text has room for, and line_starts' entries: */
    size_t line_capacity;  /* both arrays are big_array's, freed by source_free */
} source_file;

/* The largest source file read: 16 MiB, hundreds of times any assignment. */
enum { SOURCE_MAX_BYTES = 16 << 20 };

/* Opens a file every tool reads as input (sources, .include, object files)
 * for reading, refusing what is not a regular file: a FIFO, a device or
 * /dev/stdin would block or never end. Never waits. Returns the descriptor,
 * or -1 with *why set to a static description (strerror text, or that it
 * is a directory or not a regular file). */
int source_open_regular(const char *path, const char **why);
/* The same as a stdio stream ("rb"). */
FILE *source_fopen_regular(const char *path, const char **why);

/* Reads a whole file (opened with source_open_regular). On failure returns
 * NULL and sets *why as source_open_regular does, or says it is too big. */
source_file *source_load(const char *path, const char **why);

/* Wraps a copy of text (for tests, stdin and embedded programs). */
source_file *source_from_memory(const char *name, const char *text, size_t len);

void source_free(source_file *file);

/* The text of line `line` (1-based) without its end-of-line bytes. Lines end
 * as Java's readLine ends them (MARS reads sources so): at \n, \r\n or a
 * lone \r. NULL when out of range. */
const char *source_line(const source_file *file, int line, size_t *len);

/* Resolves `name` as written in an include directive: absolute paths stay,
 * relative ones are tried beside the including file, then in each of
 * `dirs` (NULL-terminated, may be NULL). Returns a malloc'd path of the first
 * readable file, or NULL. */
char *source_resolve_include(const char *including_path, const char *name,
                             const char *const *dirs);

#endif
