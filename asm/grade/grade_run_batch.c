/* A batch: every check first (grade_run_check.c), then the gradings some
 * at a time, each row of the CSV kept until those before it are written,
 * so the rows come in the order the submissions were given; a progress
 * line meanwhile, the summary and the page after (grade_batch.h). */
#define _GNU_SOURCE /* open_memstream */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "grade_run_impl.h"

#include "grade_batch.h"
#include "grade_csv.h"
#include "grade_scratch.h"

/* The rows, one per submission, NULL until its grading ends, and what
 * each became, for the summary and the page. */
typedef struct rows {
    char **text;
    int written; /* rows before this one are out */
    grade_batch batch;
    int done, errors;
    grade_progress progress;
} rows;

/* A row: the path, the score (empty when there is none), the maximum, the
 * status, the report's name, then each part's points (empty when none). */
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
    /* "graded" bare, as a filter wants it; "partly graded" when the
     * grader's setup is wrong in some parts, which say "not graded" */
    grade_csv_field(row, r->graded && r->part_not_graded ? GRADE_PARTLY : r->status, false);
    if (o->reports_dir) {
        fputc(',', row);
        grade_csv_field(row, j->report, true);
    }
    for (int p = 0; p < out->batch.part_count; p++)
        if (r->graded && r->parts[p].not_graded)
            fputs(",not graded", row);
        else if (r->graded)
            fprintf(row, ",%.2f", r->parts[p].score);
        else
            fputc(',', row);
    fputc('\n', row);
    fclose(row);
    out->text[j->index] = text;
    grade_row *kept = &out->batch.rows[j->index];
    kept->done = true;
    kept->graded = r->graded;
    kept->score = r->score;
    kept->max = r->max;
    snprintf(kept->status, sizeof kept->status, "%s",
             r->graded && r->part_not_graded ? GRADE_PARTLY : r->status);
    snprintf(kept->report, sizeof kept->report, "%s", o->reports_dir ? j->report : "");
    out->done++;
    out->errors += !r->graded;
    grade_progress_show(&out->progress, out->done, out->errors);
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
    outcome r = {.max = o->max_score, .parts = out->batch.rows[j->index].parts,
                 .part_count = out->batch.part_count};
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
    outcome r = {.max = o->max_score, .parts = out->batch.rows[j->index].parts,
                 .part_count = out->batch.part_count};
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

/* The CSV's first line: the part columns after the fixed ones. */
static void header(FILE *csv, const grade_runner *o, int part_count)
{
    fputs(o->reports_dir ? "submission,score,max_score,status,report"
                         : "submission,score,max_score,status", csv);
    for (int p = 0; p < part_count; p++) {
        fputc(',', csv);
        grade_csv_field(csv, o->part_names[p], false);
    }
    fputc('\n', csv);
    fflush(csv);
}

/* The rows kept for the summary and the page, each with room for its parts. */
static void make_rows(rows *out, const grade_runner *o)
{
    int count = o->part_count < GRADE_PARTS_MAX ? o->part_count : GRADE_PARTS_MAX;
    out->text = calloc((size_t)o->path_count + 1, sizeof *out->text);
    out->batch = (grade_batch){o, calloc((size_t)o->path_count + 1, sizeof(grade_row)),
                               count < 0 ? 0 : count};
    if (!out->text || !out->batch.rows)
        abort();
    for (int i = 0; i < o->path_count; i++) {
        out->batch.rows[i].parts = calloc((size_t)out->batch.part_count + 1, sizeof(grade_part));
        if (!out->batch.rows[i].parts)
            abort();
    }
}

static void free_rows(rows *out, const grade_runner *o)
{
    for (int i = 0; i < o->path_count; i++)
        free(out->batch.rows[i].parts);
    free(out->batch.rows);
    free(out->text);
}

/* After the last grading: the summary on stderr, the page. */
static bool report_batch(const rows *out, const grade_runner *o, FILE *html)
{
    grade_stats stats;
    grade_stats_make(&out->batch, &stats);
    grade_similar similar;
    if (!grade_similar_find(o, &similar))
        fprintf(stderr, "%s: out of memory: no similar code listed\n", o->tool);
    if (!o->quiet)
        grade_batch_summary(stderr, &out->batch, &stats, &similar);
    bool ok = true;
    if (html) {
        grade_batch_html(html, &out->batch, &stats, &similar);
        ok = fclose(html) == 0;
        if (!ok)
            fprintf(stderr, "%s: cannot write %s: %s\n", o->tool, o->html, strerror(errno));
    }
    grade_stats_free(&stats);
    grade_similar_free(&similar);
    return ok;
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
    /* The page's file too: a batch of hours must not end unable to write it. */
    FILE *html = o->html ? fopen(o->html, "w") : NULL;
    if (o->html && !html) {
        fprintf(stderr, "%s: cannot write %s: %s\n", o->tool, o->html, strerror(errno));
        if (csv != stdout)
            fclose(csv), unlink(o->csv);
        return GRADE_EXIT_NOT_GRADED;
    }
    int jobs = o->jobs > 0 ? o->jobs : 2;
    job *running = calloc((size_t)jobs, sizeof *running);
    rows out = {0};
    if (!running)
        abort();
    make_rows(&out, o);
    header(csv, o, out.batch.part_count);
    /* Rows on the terminal would break the line: no progress over them. */
    if (csv != stdout || !isatty(STDOUT_FILENO))
        grade_progress_start(&out.progress, o, stderr);
    grade_progress_show(&out.progress, 0, 0);
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
    grade_progress_end(&out.progress);
    free(running);
    if (csv != stdout && fclose(csv) != 0) {
        fprintf(stderr, "%s: cannot write %s: %s\n", o->tool, o->csv, strerror(errno));
        any_error = true;
    }
    if (!report_batch(&out, o, html))
        any_error = true;
    free_rows(&out, o);
    return any_error ? GRADE_EXIT_NOT_GRADED
           : any_part ? GRADE_EXIT_PART_NOT_GRADED : GRADE_EXIT_GRADED;
}
