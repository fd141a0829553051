/* The findings list: a growing array of formatted sentences. */
#include "grade_findings.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void grade_findings_add(grade_findings *list, int line, int col, const char *fmt, ...)
{
    if (list->count == list->capacity) {
        size_t cap = list->capacity ? 2 * list->capacity : 8;
        grade_finding *grown = realloc(list->items, cap * sizeof *grown);
        if (!grown)
            abort();
        list->items = grown;
        list->capacity = cap;
    }
    grade_finding *f = &list->items[list->count++];
    f->line = line;
    f->col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->text, sizeof f->text, fmt, ap);
    va_end(ap);
}

void grade_findings_free(grade_findings *list)
{
    free(list->items);
    memset(list, 0, sizeof *list);
}
