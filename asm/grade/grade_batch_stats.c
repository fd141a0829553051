/* A batch's numbers and its summary on stderr (grade_batch.h): graded and
 * not (grouped by why), the totals' mean, median and spread, and per part
 * full, partial and zero with its most common finding. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "grade_batch.h"
#include "grade_escape.h"

/* Counts text under part in list; new ones go at the end, so ties keep
 * the order first met (the input's). */
static void count(grade_count **list, int *n, const char *text, int part)
{
    for (int i = 0; i < *n; i++)
        if ((*list)[i].part == part && !strcmp((*list)[i].text, text)) {
            (*list)[i].count++;
            return;
        }
    grade_count *grown = realloc(*list, (size_t)(*n + 1) * sizeof **list);
    if (!grown)
        abort();
    *list = grown;
    (*list)[(*n)++] = (grade_count){text, part, 1};
}

/* Most first; equal counts in the order met (a stable insertion sort). */
static void sort_counts(grade_count *list, int n)
{
    for (int i = 1; i < n; i++) {
        grade_count c = list[i];
        int k = i;
        for (; k > 0 && list[k - 1].count < c.count; k--)
            list[k] = list[k - 1];
        list[k] = c;
    }
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void totals(const grade_batch *b, grade_stats *s)
{
    double *t = malloc(((size_t)b->run->path_count + 1) * sizeof *t);
    if (!t)
        abort();
    int n = 0;
    for (int i = 0; i < b->run->path_count; i++)
        if (b->rows[i].graded)
            t[n++] = b->rows[i].score;
    s->max_score = b->run->max_score;
    if (n > 0) {
        qsort(t, (size_t)n, sizeof *t, by_value);
        double sum = 0, squares = 0;
        for (int i = 0; i < n; i++)
            sum += t[i];
        s->mean = sum / n;
        for (int i = 0; i < n; i++)
            squares += (t[i] - s->mean) * (t[i] - s->mean);
        s->sd = sqrt(squares / n);
        s->median = n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
        s->min = t[0];
        s->max = t[n - 1];
    }
    for (int i = 0; i < n; i++) {
        int bin = s->max_score > 0 ? (int)(t[i] / s->max_score * GRADE_HISTOGRAM_BINS) : 0;
        bin = bin < 0 ? 0 : bin >= GRADE_HISTOGRAM_BINS ? GRADE_HISTOGRAM_BINS - 1 : bin;
        s->histogram[bin]++;
    }
    free(t);
}

void grade_stats_make(const grade_batch *b, grade_stats *s)
{
    *s = (grade_stats){0};
    for (int i = 0; i < b->run->path_count; i++) {
        const grade_row *r = &b->rows[i];
        if (!r->graded) {
            s->not_graded++;
            const char *why = strncmp(r->status, "error: ", 7) ? r->status : r->status + 7;
            count(&s->reasons, &s->reason_count, why, -1);
            continue;
        }
        s->graded++;
        for (int p = 0; p < b->part_count; p++) {
            const grade_part *g = &r->parts[p];
            grade_part_grade k = grade_part_classify(g);
            s->parts[p].full += k == GRADE_PART_FULL;
            s->parts[p].partial += k == GRADE_PART_PARTIAL;
            s->parts[p].zero += k == GRADE_PART_ZERO;
            s->parts[p].not_graded += k == GRADE_PART_NOT_GRADED;
            for (int f = 0; f < g->finding_count; f++)
                count(&s->findings, &s->finding_count, g->findings[f], p);
        }
    }
    totals(b, s);
    sort_counts(s->reasons, s->reason_count);
    sort_counts(s->findings, s->finding_count);
    for (int i = 0; i < s->finding_count; i++) /* most first: the first of a part is it */
        if (s->parts[s->findings[i].part].common.count == 0)
            s->parts[s->findings[i].part].common = s->findings[i];
}

void grade_stats_free(grade_stats *s)
{
    free(s->reasons);
    free(s->findings);
    *s = (grade_stats){0};
}

static void put(FILE *out, const char *text)
{
    grade_escape_text(out, text, strlen(text), false);
}

/* Pairs shown on a terminal; the page lists them all. */
enum { SIMILAR_SHOWN = 10 };

static void similar_lines(FILE *out, const grade_runner *run, const grade_similar *similar)
{
    if (!similar || similar->count == 0)
        return;
    fprintf(out, "  similar code (a hint, never a deduction): %d pair%s\n", similar->count,
            similar->count == 1 ? "" : "s");
    for (int i = 0; i < similar->count && i < SIMILAR_SHOWN; i++) {
        const grade_similar_pair *p = &similar->pairs[i];
        fprintf(out, "    %3.0f%% ", 100 * p->share);
        put(out, run->paths[p->a]);
        fputs(" and ", out);
        put(out, run->paths[p->b]);
        fputc('\n', out);
    }
    if (similar->count > SIMILAR_SHOWN)
        fprintf(out, "    and %d more (the page lists them all)\n", similar->count - SIMILAR_SHOWN);
}

/* The maximum a graded row was scored out of: the run's, less the parts
 * the setup was wrong in (no points either way). */
static double row_maximum(const grade_batch *b, const grade_row *r)
{
    double max = b->run->max_score;
    for (int p = 0; p < b->part_count; p++)
        if (r->parts[p].not_graded)
            max -= r->parts[p].max;
    return max;
}

void grade_stats_maximum(FILE *out, const grade_batch *b, const grade_stats *s,
                         void (*put_name)(FILE *, const char *))
{
    double low = s->max_score, high = 0;
    for (int i = 0; i < b->run->path_count; i++)
        if (b->rows[i].graded) {
            double max = row_maximum(b, &b->rows[i]);
            low = max < low ? max : low;
            high = max > high ? max : high;
        }
    bool partly = false;
    for (int p = 0; p < b->part_count; p++)
        partly |= s->parts[p].not_graded > 0;
    if (!partly) {
        fprintf(out, "%.2f", s->max_score);
        return;
    }
    if (low < high)
        fprintf(out, "%.2f to %.2f", low, high);
    else
        fprintf(out, "%.2f", high);
    fputs(" (the parts graded; not graded: ", out);
    const char *sep = "";
    for (int p = 0; p < b->part_count; p++)
        if (s->parts[p].not_graded > 0) {
            fputs(sep, out);
            put_name(out, b->run->part_names[p]);
            sep = ", ";
        }
    fprintf(out, "; the spec's full maximum %.2f)", s->max_score);
}

void grade_batch_summary(FILE *out, const grade_batch *b, const grade_stats *s,
                         const grade_similar *similar)
{
    const grade_runner *run = b->run;
    fprintf(out, "%s: %d submission%s: %d graded, %d not graded\n", run->tool, run->path_count,
            run->path_count == 1 ? "" : "s", s->graded, s->not_graded);
    for (int i = 0; i < s->reason_count; i++) {
        fprintf(out, "  not graded (%d): ", s->reasons[i].count);
        put(out, s->reasons[i].text);
        fputc('\n', out);
    }
    if (s->graded > 0) {
        fputs("  totals of ", out);
        grade_stats_maximum(out, b, s, put);
        fprintf(out, ": mean %.2f, median %.2f, lowest %.2f, highest %.2f, "
                     "standard deviation %.2f\n", s->mean, s->median, s->min, s->max, s->sd);
    }
    int width = 0;
    for (int p = 0; p < b->part_count; p++) {
        int len = (int)strlen(run->part_names[p]);
        width = len > width ? len : width;
    }
    for (int p = 0; s->graded > 0 && p < b->part_count; p++) {
        const grade_part_stats *g = &s->parts[p];
        fputs("  ", out);
        put(out, run->part_names[p]);
        fprintf(out, ":%*s %d full, %d partial, %d zero", width - (int)strlen(run->part_names[p]),
                "", g->full, g->partial, g->zero);
        if (g->not_graded > 0)
            fprintf(out, ", %d not graded (the setup is wrong there)", g->not_graded);
        if (g->common.count > 0) {
            fputs("; most common: ", out);
            put(out, g->common.text);
            fprintf(out, " (%d)", g->common.count);
        }
        fputc('\n', out);
    }
    similar_lines(out, run, similar);
}
