/* The files a run left in its folder, and how two such folders differ. */
#define _XOPEN_SOURCE 700
#include "grade_spec_files.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int by_name(const void *a, const void *b)
{
    return strcmp(((const grade_spec_file *)a)->name, ((const grade_spec_file *)b)->name);
}

/* Reads the regular file name in folder dir (a link or a device is left
 * out: the run could not have made one through the sandbox anyway). */
static bool read_one(int dir, const char *name, grade_spec_file *f)
{
    int fd = openat(dir, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
    struct stat st;
    if (fd < 0)
        return false;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return false;
    }
    size_t want = st.st_size > GRADE_SPEC_FILE_BYTES ? GRADE_SPEC_FILE_BYTES : (size_t)st.st_size;
    f->bytes = malloc(want ? want : 1);
    if (!f->bytes)
        abort();
    size_t got = 0;
    ssize_t n;
    while (got < want && (n = read(fd, f->bytes + got, want - got)) > 0)
        got += (size_t)n;
    f->len = got;
    close(fd);
    return true;
}

void grade_spec_files_read(const char *folder, grade_spec_files *out)
{
    memset(out, 0, sizeof *out);
    int dir = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
    DIR *d = dir >= 0 ? fdopendir(dir) : NULL;
    if (!d) {
        if (dir >= 0)
            close(dir);
        return;
    }
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") ||
            strlen(e->d_name) >= sizeof out->items[0].name)
            continue;
        if (out->count == GRADE_SPEC_FILES_MAX) {
            out->more = true;
            break;
        }
        grade_spec_file *f = &out->items[out->count];
        if (read_one(dirfd(d), e->d_name, f)) {
            strcpy(f->name, e->d_name);
            out->count++;
        }
    }
    closedir(d);
    qsort(out->items, out->count, sizeof out->items[0], by_name);
}

void grade_spec_files_free(grade_spec_files *f)
{
    for (size_t i = 0; i < f->count; i++)
        free(f->items[i].bytes);
    f->count = 0;
}

static void compare_one(const grade_spec_file *g, const grade_spec_file *w,
                        grade_findings *problems)
{
    size_t i = 0;
    while (i < g->len && i < w->len && g->bytes[i] == w->bytes[i])
        i++;
    if (i < g->len && i < w->len)
        grade_findings_add(problems, 0, 0, "the file %s differs from byte %zu: 0x%02x, "
                           "expected 0x%02x", g->name, i, g->bytes[i], w->bytes[i]);
    else if (g->len != w->len)
        grade_findings_add(problems, 0, 0, "the file %s is %zu bytes, expected %zu (the same "
                           "up to there)", g->name, g->len, w->len);
}

void grade_spec_files_compare(const grade_spec_files *got, const grade_spec_files *want,
                              grade_findings *problems)
{
    size_t i = 0, k = 0;
    while (i < got->count || k < want->count) {
        int order = i == got->count ? 1 : k == want->count ? -1
                    : strcmp(got->items[i].name, want->items[k].name);
        if (order < 0)
            grade_findings_add(problems, 0, 0, "wrote the file %s, which it should not",
                               got->items[i++].name);
        else if (order > 0)
            grade_findings_add(problems, 0, 0, "the file %s is missing (it should write it)",
                               want->items[k++].name);
        else
            compare_one(&got->items[i++], &want->items[k++], problems);
    }
    if (got->more != want->more)
        grade_findings_add(problems, 0, 0, "left %s than %d files", got->more ? "more" : "fewer",
                           GRADE_SPEC_FILES_MAX);
}
