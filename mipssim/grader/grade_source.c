/* The submission's text, line by line with MARS's tokenizer. */
#include "grade_source.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mips_lex.h"

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

enum { REG_AT = 1, REG_K0 = 26, REG_K1 = 27, REG_GP = 28 };

static bool is_register(const mips_token *t)
{
    return t->kind == MIPS_LEX_REG_NAME || t->kind == MIPS_LEX_REG_NUMBER;
}

/* The handout's labels that cost everything: main, start, __anything. */
static void check_label(const mips_token *t, int line, grade_findings *fatal)
{
    if ((t->len == 4 && memcmp(t->text, "main", 4) == 0) ||
        (t->len == 5 && memcmp(t->text, "start", 5) == 0))
        grade_findings_add(fatal, line, t->col, "has a label \"%.*s\" (no main or start label "
                           "may be submitted)", (int)t->len, t->text);
    else if (t->len >= 2 && t->text[0] == '_' && t->text[1] == '_')
        grade_findings_add(fatal, line, t->col, "has a label \"%.*s\" beginning with two "
                           "underscores", (int)t->len, t->text);
}

static void check_line(const mips_token *t, size_t n, int line, grade_findings *fatal,
                       grade_findings *warnings)
{
    size_t first = 0;
    if (n >= 2 && t[1].kind == MIPS_LEX_COLON &&
        (t[0].kind == MIPS_LEX_IDENT || t[0].kind == MIPS_LEX_OPERATOR)) {
        check_label(&t[0], line, fatal);
        first = 2;
    }
    if (first < n && t[first].kind == MIPS_LEX_DIRECTIVE && t[first].value == MIPS_DIR_DATA)
        grade_findings_add(fatal, line, t[first].col, "has a .data section (submissions may "
                           "not have one)");
    for (size_t i = first; i < n; i++) {
        if (!is_register(&t[i]))
            continue;
        int r = t[i].value;
        if (r == REG_K0 || r == REG_K1 || r == REG_AT)
            grade_findings_add(warnings, line, t[i].col, "uses %.*s (reserved for the kernel "
                               "and the assembler, not for keeping values)", (int)t[i].len,
                               t[i].text);
        else if (r == REG_GP && i > first && t[i - 1].kind == MIPS_LEX_LPAREN)
            grade_findings_add(warnings, line, t[i].col, "keeps values in $gp-relative memory");
    }
}

void grade_scan_source(const source_file *file, grade_findings *fatal,
                       grade_findings *warnings)
{
    mips_token tokens[64];
    for (int line = 1; line <= file->line_count; line++) {
        size_t len;
        const char *text = source_line(file, line, &len);
        size_t n = text ? mips_lex_line(text, len, tokens, 64) : 0;
        check_line(tokens, n < 64 ? n : 64, line, fatal, warnings);
    }
}
