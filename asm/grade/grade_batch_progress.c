/* A batch's progress line (grade_batch.h): on a terminal only, redrawn in
 * place with a carriage return, erased at the end. The time left is an
 * estimate for the eye; nothing else reads it. */
#define _POSIX_C_SOURCE 200809L /* fileno, clock_gettime */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "grade_batch.h"

void grade_progress_start(grade_progress *p, const grade_runner *run, FILE *out)
{
    *p = (grade_progress){0};
    p->total = run->path_count;
    p->out = !run->quiet && isatty(fileno(out)) ? out : NULL;
    clock_gettime(CLOCK_MONOTONIC, &p->start);
}

double grade_progress_eta(int done, int total, double elapsed)
{
    if (done <= 0 || total <= done)
        return 0;
    return elapsed / done * (total - done);
}

/* "m:ss", or "h:mm:ss" past an hour. */
static void clock_text(char *buf, size_t size, double seconds)
{
    long s = (long)(seconds + 0.5);
    if (s >= 3600)
        snprintf(buf, size, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(buf, size, "%ld:%02ld", s / 60, s % 60);
}

void grade_progress_show(grade_progress *p, int done, int errors)
{
    if (!p->out)
        return;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double elapsed = (double)(now.tv_sec - p->start.tv_sec) +
                     (double)(now.tv_nsec - p->start.tv_nsec) / 1e9;
    char spent[32], left[48] = "";
    clock_text(spent, sizeof spent, elapsed);
    if (done > 0 && done < p->total) {
        char eta[32];
        clock_text(eta, sizeof eta, grade_progress_eta(done, p->total, elapsed));
        snprintf(left, sizeof left, ", about %s left", eta);
    }
    char line[200];
    int n = snprintf(line, sizeof line, "%d/%d graded, %d error%s, %s elapsed%s", done,
                     p->total, errors, errors == 1 ? "" : "s", spent, left);
    /* Spaces over what the last line had beyond this one. */
    fprintf(p->out, "\r%s%*s", line, p->width > n ? p->width - n : 0, "");
    fflush(p->out);
    p->width = n;
}

void grade_progress_end(grade_progress *p)
{
    if (!p->out || p->width == 0)
        return;
    fprintf(p->out, "\r%*s\r", p->width, "");
    fflush(p->out);
}
