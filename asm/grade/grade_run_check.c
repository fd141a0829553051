/* The checks before a batch's first grading: a broken setup is an error
 * on stderr and exit 1 with no row for anyone, never rows of errors that
 * a spreadsheet sums as zeros. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "grade_run_impl.h"

#include "grade_scratch.h"

/* Every byte but letters, digits, '.', '-' and '_' as '_' (the last 160
 * bytes of a long path); unique by the place, whatever the paths. */
void grade_run_report_name(const grade_runner *o, int index, char *name, size_t size)
{
    int width = 1;
    for (int n = o->path_count; n >= 10; n /= 10)
        width++;
    const char *path = o->paths[index];
    size_t len = strlen(path);
    const char *tail = len > 160 ? path + len - 160 : path;
    int at = snprintf(name, size, "%0*d-", width, index + 1);
    for (; *tail && (size_t)at + 5 < size; tail++) {
        char c = *tail;
        bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                     c == '.' || c == '-' || c == '_';
        name[at++] = plain ? c : '_';
    }
    snprintf(name + at, size - (size_t)at, ".txt");
}

bool grade_run_check_scratch(const grade_runner *o, char *why, size_t size)
{
    char path[4096];
    if (!grade_scratch_make(o->tool, path, sizeof path, why, size))
        return false;
    grade_scratch_remove(path);
    return true;
}

/* The reports folder is a folder we may write in, and no report's name is
 * taken (reports are made exclusively, never overwritten). */
static bool check_reports(const grade_runner *o)
{
    struct stat st;
    if (stat(o->reports_dir, &st) != 0) {
        fprintf(stderr, "%s: --reports %s: %s\n", o->tool, o->reports_dir, strerror(errno));
        return false;
    }
    if (!S_ISDIR(st.st_mode)) {
        fprintf(stderr, "%s: --reports %s: not a folder\n", o->tool, o->reports_dir);
        return false;
    }
    if (access(o->reports_dir, W_OK | X_OK) != 0) {
        fprintf(stderr, "%s: --reports %s: cannot write in it: %s\n", o->tool, o->reports_dir,
                strerror(errno));
        return false;
    }
    bool ok = true;
    for (int i = 0; i < o->path_count; i++) {
        char name[256], path[4096 + 256];
        grade_run_report_name(o, i, name, sizeof name);
        snprintf(path, sizeof path, "%s/%s", o->reports_dir, name);
        if (lstat(path, &st) == 0) {
            fprintf(stderr, "%s: the report %s already exists (a report is never "
                            "overwritten)\n", o->tool, path);
            ok = false;
        }
    }
    return ok;
}

bool grade_run_check_batch(const grade_runner *o)
{
    bool ok = true;
    for (int i = 0; i < o->path_count; i++) {
        const char *gone = grade_run_missing(o->paths[i]);
        if (gone) {
            fprintf(stderr, "%s: submission %d, %s: %s\n", o->tool, i + 1, o->paths[i], gone);
            ok = false;
        }
    }
    if (o->reports_dir && !check_reports(o))
        ok = false;
    char why[600];
    if (!grade_run_check_scratch(o, why, sizeof why)) {
        fprintf(stderr, "%s: %s\n", o->tool, why);
        ok = false;
    }
    if (!ok)
        fprintf(stderr, "%s: nothing graded: no submission has a score\n", o->tool);
    return ok;
}
