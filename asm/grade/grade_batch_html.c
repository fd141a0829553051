/* A batch's report page (grade_batch.h): one file, nothing fetched, which
 * works opened from disk. Plots are inline SVG drawn here; every byte from
 * a submission (paths, findings, reasons) goes through grade_escape_html,
 * and the page is well-formed XML as well as HTML, so a strict parser
 * checks it (tests/cli/batch_report.sh). */
#define _GNU_SOURCE /* realpath */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "grade_batch.h"
#include "grade_escape.h"

enum { PLOT_HEIGHT = 180, BAR_WIDTH = 400, FINDINGS_SHOWN = 15 };

static void h(FILE *out, const char *s)
{
    grade_escape_html(out, s, strlen(s));
}

/* Sorting by a column: a stable sort of the body's rows by each cell's
 * data-v, as numbers when both are. No < or & in it: the page stays XML. */
static const char sort_script[] =
    "//<![CDATA[\n"
    "function sortBy(th) {\n"
    "  var body = document.getElementById('students').tBodies[0], col = th.cellIndex;\n"
    "  var dir = th.getAttribute('data-dir') === 'up' ? -1 : 1;\n"
    "  th.setAttribute('data-dir', dir === 1 ? 'up' : 'down');\n"
    "  var rows = Array.prototype.slice.call(body.rows);\n"
    "  rows.sort(function (a, b) {\n"
    "    var x = a.cells[col].getAttribute('data-v'), y = b.cells[col].getAttribute('data-v');\n"
    "    var c = isNaN(parseFloat(x)) || isNaN(parseFloat(y)) ? x.localeCompare(y)\n"
    "                                                         : parseFloat(x) - parseFloat(y);\n"
    "    return c * dir;\n"
    "  });\n"
    "  rows.forEach(function (r) { body.appendChild(r); });\n"
    "}\n"
    "//]]>\n";

static const char style[] =
    "body{font-family:sans-serif;margin:1.5em;color:#222}"
    "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;"
    "text-align:left}th{background:#eee;cursor:pointer}td.n{text-align:right}"
    ".full{fill:#2e7d32}.partial{fill:#f9a825}.zero{fill:#c62828}.bin{fill:#1565c0}"
    "svg text{font-size:12px}";

/* The link to a report: relative when the reports folder is below the
 * page's, else absolute (file:// resolves it); percent-encoded. */
static void report_href(FILE *out, const grade_runner *run, const char *report)
{
    char dir[PATH_MAX], page[PATH_MAX + 2];
    const char *base = run->reports_dir;
    if (realpath(run->reports_dir, dir))
        base = dir;
    char *copy = strdup(run->html);
    if (!copy)
        abort();
    char *slash = strrchr(copy, '/');
    if (slash)
        *slash = '\0';
    if (realpath(slash ? (copy[0] ? copy : "/") : ".", page)) {
        size_t len = strlen(page);
        if (len > 1)
            page[len++] = '/', page[len] = '\0';
        if (!strncmp(base, page, len))
            base += len;
    }
    free(copy);
    char path[PATH_MAX + 300];
    snprintf(path, sizeof path, "%s%s%s", base, base[0] ? "/" : "", report);
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        if (strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/", *p))
            fputc(*p, out);
        else
            fprintf(out, "%%%02X", *p);
    }
}

/* Bars of totals by tenths of the maximum, heights in proportion. */
static void histogram(FILE *out, const grade_stats *s)
{
    int most = 1;
    for (int i = 0; i < GRADE_HISTOGRAM_BINS; i++)
        most = s->histogram[i] > most ? s->histogram[i] : most;
    int step = 50, top = 20;
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"histogram\" width=\"%d\" "
                 "height=\"%d\" role=\"img\"><title>totals</title>\n",
            step * GRADE_HISTOGRAM_BINS + 20, PLOT_HEIGHT + top + 40);
    for (int i = 0; i < GRADE_HISTOGRAM_BINS; i++) {
        double height = (double)s->histogram[i] * PLOT_HEIGHT / most;
        double y = top + PLOT_HEIGHT - height;
        double from = s->max_score * i / GRADE_HISTOGRAM_BINS;
        double to = s->max_score * (i + 1) / GRADE_HISTOGRAM_BINS;
        fprintf(out, "<rect class=\"bin\" data-count=\"%d\" x=\"%d\" y=\"%.2f\" width=\"%d\" "
                     "height=\"%.2f\"><title>%d from %g to %g%s</title></rect>\n",
                s->histogram[i], 10 + step * i, y, step - 6, height, s->histogram[i], from, to,
                i == GRADE_HISTOGRAM_BINS - 1 ? " (included)" : "");
        fprintf(out, "<text x=\"%d\" y=\"%.2f\">%d</text>\n", 10 + step * i + 4, y - 4,
                s->histogram[i]);
        fprintf(out, "<text x=\"%d\" y=\"%d\">%g</text>\n", 10 + step * i, top + PLOT_HEIGHT + 16,
                from);
    }
    fprintf(out, "<text x=\"%d\" y=\"%d\">%g</text>\n</svg>\n", 10 + step * GRADE_HISTOGRAM_BINS - 10,
            top + PLOT_HEIGHT + 16, s->max_score);
}

/* A bar per part: full, partial and zero, widths in proportion. */
static void part_bars(FILE *out, const grade_batch *b, const grade_stats *s)
{
    int row = 22, label = 180;
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"parts\" width=\"%d\" "
                 "height=\"%d\" role=\"img\"><title>full, partial, zero</title>\n",
            label + BAR_WIDTH + 120, row * b->part_count + 10);
    static const char *const kinds[] = {"full", "partial", "zero"};
    for (int p = 0; p < b->part_count; p++) {
        const grade_part_stats *g = &s->parts[p];
        int counts[3] = {g->full, g->partial, g->zero};
        int all = g->full + g->partial + g->zero;
        double x = label;
        fprintf(out, "<text x=\"0\" y=\"%d\">", row * p + 16);
        h(out, b->run->part_names[p]);
        fputs("</text>\n", out);
        for (int k = 0; k < 3; k++) {
            double width = all ? (double)counts[k] * BAR_WIDTH / all : 0;
            fprintf(out, "<rect class=\"%s\" data-part=\"%d\" data-count=\"%d\" x=\"%.2f\" "
                         "y=\"%d\" width=\"%.2f\" height=\"%d\"><title>%d %s</title></rect>\n",
                    kinds[k], p, counts[k], x, row * p + 4, width, row - 6, counts[k], kinds[k]);
            x += width;
        }
        fprintf(out, "<text x=\"%d\" y=\"%d\">%d / %d / %d</text>\n", label + BAR_WIDTH + 8,
                row * p + 16, g->full, g->partial, g->zero);
    }
    fputs("</svg>\n", out);
}

static void findings(FILE *out, const grade_batch *b, const grade_stats *s)
{
    fputs("<h2>Most common findings</h2>\n", out);
    if (s->finding_count == 0) {
        fputs("<p>None.</p>\n", out);
        return;
    }
    fputs("<table id=\"findings\"><thead><tr><th>submissions</th><th>part</th><th>finding</th>"
          "</tr></thead><tbody>\n", out);
    for (int i = 0; i < s->finding_count && i < FINDINGS_SHOWN; i++) {
        fprintf(out, "<tr><td class=\"n\">%d</td><td>", s->findings[i].count);
        h(out, b->run->part_names[s->findings[i].part]);
        fputs("</td><td>", out);
        h(out, s->findings[i].text);
        fputs("</td></tr>\n", out);
    }
    fputs("</tbody></table>\n", out);
}

/* Pairs of submissions with nearly the same code, each a link to both. */
static void similar_pairs(FILE *out, const grade_similar *similar, const grade_runner *run)
{
    fputs("<h2>Similar code</h2>\n<p>A hint for the course, never a deduction: pairs whose code is "
          "nearly the same once comments, whitespace, register names and labels are set "
          "aside.</p>\n", out);
    if (!similar || similar->count == 0) {
        fputs("<p>None.</p>\n", out);
        return;
    }
    fputs("<table id=\"similar\"><thead><tr><th>alike</th><th>submission</th><th>submission</th>"
          "</tr></thead><tbody>\n", out);
    for (int i = 0; i < similar->count; i++) {
        const grade_similar_pair *p = &similar->pairs[i];
        fprintf(out, "<tr><td class=\"n\">%.0f%%</td><td>", 100 * p->share);
        h(out, run->paths[p->a]);
        fputs("</td><td>", out);
        h(out, run->paths[p->b]);
        fputs("</td></tr>\n", out);
    }
    fputs("</tbody></table>\n", out);
}

/* A cell sortable by value v. */
static void number_cell(FILE *out, bool known, double v)
{
    if (known)
        fprintf(out, "<td class=\"n\" data-v=\"%.2f\">%.2f</td>", v, v);
    else
        fputs("<td class=\"n\" data-v=\"-1\"></td>", out);
}

static void students(FILE *out, const grade_batch *b)
{
    const grade_runner *run = b->run;
    fputs("<h2>Submissions</h2>\n<p>Click a column's title to sort by it.</p>\n"
          "<table id=\"students\"><thead><tr><th onclick=\"sortBy(this)\">#</th>"
          "<th onclick=\"sortBy(this)\">submission</th><th onclick=\"sortBy(this)\">total</th>"
          "<th onclick=\"sortBy(this)\">status</th>", out);
    for (int p = 0; p < b->part_count; p++) {
        fputs("<th onclick=\"sortBy(this)\">", out);
        h(out, run->part_names[p]);
        fputs("</th>", out);
    }
    fputs("</tr></thead><tbody>\n", out);
    for (int i = 0; i < run->path_count; i++) {
        const grade_row *r = &b->rows[i];
        fprintf(out, "<tr class=\"student\"><td class=\"n\" data-v=\"%d\">%d</td><td data-v=\"",
                i + 1, i + 1);
        h(out, run->paths[i]);
        fputs("\">", out);
        if (r->report[0]) {
            fputs("<a href=\"", out);
            report_href(out, run, r->report);
            fputs("\">", out);
        }
        h(out, run->paths[i]);
        fputs(r->report[0] ? "</a></td>" : "</td>", out);
        number_cell(out, r->graded, r->score);
        fputs("<td data-v=\"", out);
        h(out, r->status);
        fputs("\">", out);
        h(out, r->status);
        fputs("</td>", out);
        for (int p = 0; p < b->part_count; p++)
            if (r->graded && r->parts[p].not_graded)
                fputs("<td class=\"n\" data-v=\"-1\">not graded</td>", out);
            else
                number_cell(out, r->graded, r->graded ? r->parts[p].score : 0);
        fputs("</tr>\n", out);
    }
    fputs("</tbody></table>\n", out);
}

static void head(FILE *out, const grade_batch *b, const grade_stats *s)
{
    fputs("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n"
          "<meta charset=\"utf-8\"/>\n<title>", out);
    h(out, b->run->title);
    fprintf(out, ": %d submissions</title>\n<style>%s</style>\n<script>\n%s</script>\n</head>\n"
                 "<body>\n<h1>", b->run->path_count, style, sort_script);
    h(out, b->run->title);
    fprintf(out, "</h1>\n<p id=\"counts\">%d submissions: <span id=\"graded\">%d</span> graded, "
                 "<span id=\"not-graded\">%d</span> not graded.</p>\n",
            b->run->path_count, s->graded, s->not_graded);
    if (s->reason_count > 0) {
        fputs("<ul id=\"reasons\">\n", out);
        for (int i = 0; i < s->reason_count; i++) {
            fprintf(out, "<li>%d not graded: ", s->reasons[i].count);
            h(out, s->reasons[i].text);
            fputs("</li>\n", out);
        }
        fputs("</ul>\n", out);
    }
    if (s->graded > 0) {
        fputs("<p id=\"totals\">Totals of ", out);
        grade_stats_maximum(out, b, s, h);
        fprintf(out, ": mean %.2f, median %.2f, lowest %.2f, highest %.2f, standard deviation "
                     "%.2f.</p>\n", s->mean, s->median, s->min, s->max, s->sd);
    }
}

void grade_batch_html(FILE *out, const grade_batch *b, const grade_stats *s,
                      const grade_similar *similar)
{
    head(out, b, s);
    fputs("<h2>Totals</h2>\n", out);
    histogram(out, s);
    if (b->part_count > 0) {
        fputs("<h2>Each part: full, partial, zero</h2>\n", out);
        part_bars(out, b, s);
    }
    findings(out, b, s);
    students(out, b);
    similar_pairs(out, similar, b->run);
    fputs("</body>\n</html>\n", out);
}
