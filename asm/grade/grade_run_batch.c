/* A batch: every check first (grade_run_check.c), then the gradings some
 * at a time, each row of the CSV kept until those before it are written,
 * so the rows come in the order the submissions were given. */
#define _GNU_SOURCE /* open_memstream */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "grade_run_impl.h"

#include "grade_csv.h"
#include "grade_scratch.h"

/* The rows, one per submission, NULL until its grading ends. */
typedef struct rows {
    char **text;
    int written; /* rows before this one are out */
} rows;

/* A row: the path, the score (empty when there is none), the maximum, the
 * status, the report's name. */
static void keep_row(rows *out, const grade_runner *o, const job *j, const outcome *r)
{
    char *text = NULL;
    size_t size = 0;
    FILE *row = open_memstream(&text, &size);
    if (!row)
        abort();
    grade_csv_field(row, o->paths[j->index], true);
    if (r->graded)
        fprintf(row, ",%.2f,%.2f,", r->score, r->max);
    else
        fprintf(row, ",,%.2f,", r->max);
    grade_csv_field(row, r->status, false); /* "graded" bare, as a filter wants it */
    if (o->reports_dir) {
        fputc(',', row);
        grade_csv_field(row, j->report, true);
    }
    fputc('\n', row);
    fclose(row);
    out->text[j->index] = text;
}

/* Writes the rows whose turn has come. */
static void write_rows(rows *out, const grade_runner *o, FILE *csv)
{
    for (; out->written < o->path_count && out->text[out->written]; out->written++) {
        fputs(out->text[out->written], csv);
        free(out->text[out->written]);
        out->text[out->written] = NULL;
    }
    fflush(csv);
}

/* Opens the report file of j exclusively: a name taken means a collision
 * to report, never a report overwritten. */
static bool open_report(const grade_runner *o, job *j, char *why, size_t size)
{
    j->report_fd = -1;
    if (!o->reports_dir)
        return true;
    grade_run_report_name(o, j->index, j->report, sizeof j->report);
    char path[4096 + 256];
    snprintf(path, sizeof path, "%s/%s", o->reports_dir, j->report);
    j->report_fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (j->report_fd < 0) {
        snprintf(why, size, "cannot make the report %.400s: %s", path, strerror(errno));
        return false;
    }
    return true;
}

/* The short report of a grading with no score, over what its child wrote. */
static void replace_report(const grade_runner *o, job *j, const outcome *r)
{
    if (j->report_fd < 0 || ftruncate(j->report_fd, 0) != 0)
        return;
    FILE *out = fdopen(j->report_fd, "w");
    if (!out)
        return;
    rewind(out);
    grade_run_short_report(out, o, j->index, r);
    fclose(out);
    j->report_fd = -1;
}

/* After the child: the report it could not write, the scratch folder gone. */
static void finish(rows *out, const grade_runner *o, job *j, int wstatus, bool *any_error,
                   bool *any_part)
{
    outcome r = {.max = o->max_score};
    grade_run_outcome(j, wstatus, &r);
    if (WIFSIGNALED(wstatus))
        replace_report(o, j, &r);
    if (j->report_fd >= 0)
        close(j->report_fd);
    grade_scratch_remove(j->scratch);
    keep_row(out, o, j, &r);
    *any_error = *any_error || !r.graded;
    *any_part = *any_part || r.part_not_graded;
}

/* A row for a submission no child grades: its report file, or scratch
 * folder, could not be made. */
static void not_started(rows *out, const grade_runner *o, job *j, const char *why)
{
    outcome r = {.max = o->max_score};
    snprintf(r.status, sizeof r.status, "error: %.560s", why);
    replace_report(o, j, &r);
    grade_scratch_remove(j->scratch);
    keep_row(out, o, j, &r);
}

/* Starts the next submission in a free slot; false when it could not. */
static bool start_next(rows *out, const grade_runner *o, job *slot, int index)
{
    *slot = (job){.index = index, .report_fd = -1, .json_fd = -1};
    char why[500];
    if (open_report(o, slot, why, sizeof why) && grade_run_start(o, slot, why, sizeof why))
        return true;
    not_started(out, o, slot, why);
    *slot = (job){0};
    return false;
}

int grade_run_batch(const grade_runner *o)
{
    if (!grade_run_check_batch(o))
        return GRADE_EXIT_NOT_GRADED;
    /* Opened last, so a setup error leaves no CSV made or emptied. */
    FILE *csv = o->csv ? fopen(o->csv, "w") : stdout;
    if (!csv) {
        fprintf(stderr, "%s: cannot write %s: %s\n", o->tool, o->csv, strerror(errno));
        return GRADE_EXIT_NOT_GRADED;
    }
    fputs(o->reports_dir ? "submission,score,max_score,status,report\n"
                         : "submission,score,max_score,status\n", csv);
    fflush(csv);
    int jobs = o->jobs > 0 ? o->jobs : 2;
    job *running = calloc((size_t)jobs, sizeof *running);
    rows out = {calloc((size_t)o->path_count + 1, sizeof *out.text), 0};
    if (!running || !out.text)
        abort();
    int next = 0, active = 0;
    bool any_error = false, any_part = false;
    while (next < o->path_count || active > 0) {
        while (active < jobs && next < o->path_count) {
            job *slot = NULL;
            for (int s = 0; s < jobs && !slot; s++)
                slot = running[s].pid == 0 ? &running[s] : NULL;
            if (start_next(&out, o, slot, next++))
                active++;
            else
                any_error = true;
        }
        write_rows(&out, o, csv);
        if (active == 0)
            continue;
        int wstatus;
        pid_t done = wait(&wstatus);
        if (done < 0 && errno == EINTR)
            continue;
        if (done < 0)
            break;
        for (int s = 0; s < jobs; s++)
            if (running[s].pid == done) {
                finish(&out, o, &running[s], wstatus, &any_error, &any_part);
                running[s].pid = 0;
                active--;
            }
    }
    write_rows(&out, o, csv);
    free(out.text);
    free(running);
    if (csv != stdout && fclose(csv) != 0) {
        fprintf(stderr, "%s: cannot write %s: %s\n", o->tool, o->csv, strerror(errno));
        any_error = true;
    }
    return any_error ? GRADE_EXIT_NOT_GRADED
           : any_part ? GRADE_EXIT_PART_NOT_GRADED : GRADE_EXIT_GRADED;
}
