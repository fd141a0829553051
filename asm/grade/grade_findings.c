/* The findings list: a growing array of formatted sentences. */
#include "grade_findings.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade_escape.h"
#include "grow.h"

void grade_findings_add(grade_findings *list, int line, int col, const char *fmt, ...)
{
    if (list->count == list->capacity) {
        grade_finding *grown = grow_array(list->items, &list->capacity,
                                          list->count + 1, sizeof *grown);
        if (!grown) {
            list->lost++;
            return;
        }
        list->items = grown;
    }
    grade_finding *f = &list->items[list->count++];
    f->line = line;
    f->col = col;
    /* A finding quotes what a submission printed, wrote or named: it is
     * escaped here, once for every grader, into one line. */
    char raw[4 * sizeof f->text];
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    size_t n = len < 0 ? 0 : (size_t)len < sizeof raw ? (size_t)len : sizeof raw - 1;
    grade_escape_text_buf(f->text, sizeof f->text, raw, n, false);
}

void grade_findings_free(grade_findings *list)
{
    free(list->items);
    memset(list, 0, sizeof *list);
}

void grade_findings_print(FILE *out, const char *submission, const grade_findings *list,
                          const char *indent)
{
    const char *slash = strrchr(submission, '/');
    char base[256];
    grade_escape_text_buf(base, sizeof base, slash ? slash + 1 : submission,
                          strlen(slash ? slash + 1 : submission), false);
    for (size_t i = 0; i < list->count && i < GRADE_FINDINGS_SHOWN; i++) {
        const grade_finding *f = &list->items[i];
        if (f->line > 0)
            fprintf(out, "%s%s:%d: %s\n", indent, base, f->line, f->text);
        else
            fprintf(out, "%s%s: %s\n", indent, base, f->text);
    }
    if (list->count > GRADE_FINDINGS_SHOWN)
        fprintf(out, "%s... and %zu more like these\n", indent,
                list->count - GRADE_FINDINGS_SHOWN);
    if (list->lost)
        fprintf(out, "%s... and %zu more the grader ran out of memory to keep\n", indent,
                list->lost);
}

void grade_findings_merge(grade_findings *list, const grade_findings *from)
{
    list->lost += from->lost;
    for (size_t i = 0; i < from->count; i++) {
        const grade_finding *f = &from->items[i];
        bool known = false;
        for (size_t j = 0; j < list->count && !known; j++)
            known = list->items[j].line == f->line && strcmp(list->items[j].text, f->text) == 0;
        if (!known)
            grade_findings_add(list, f->line, f->col, "%s", f->text);
    }
}
