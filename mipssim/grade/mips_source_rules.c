/* The whole-file rules of a MIPS submission: its text line by line with
 * MARS's tokenizer, and its assembled program. */
#include "mips_source_rules.h"

#include <string.h>
#include <strings.h>

#include "mips_lex.h"
#include "mips_practices.h"

/* The handout's labels that cost everything: main, start, __anything. */
static void check_label(const char *name, int line, int col, unsigned rules,
                        grade_findings *fatal)
{
    bool main_label = strcmp(name, "main") == 0 || strcmp(name, "start") == 0;
    if ((rules & GRADE_RULE_NO_MAIN) && main_label)
        grade_findings_add(fatal, line, col, "has a label \"%s\" (no main or start label "
                           "may be submitted)", name);
    else if ((rules & GRADE_RULE_NO_UNDERSCORE) && name[0] == '_' && name[1] == '_')
        grade_findings_add(fatal, line, col, "has a label \"%.60s\" beginning with two "
                           "underscores", name);
}

/* The first line of each directive the program check names. */
static void mark_line(const mips_token *t, size_t n, int line, grade_source_marks *marks)
{
    for (size_t i = 0; i < n; i++) {
        if (t[i].kind != MIPS_LEX_DIRECTIVE)
            continue;
        int *first = t[i].value == MIPS_DIR_DATA     ? &marks->data
                     : t[i].value == MIPS_DIR_KDATA  ? &marks->kdata
                     : t[i].value == MIPS_DIR_KTEXT  ? &marks->ktext
                     : t[i].value == MIPS_DIR_EXTERN ? &marks->extern_
                     : t[i].value == MIPS_DIR_INCLUDE ? &marks->include
                                                      : NULL;
        if (first && !*first)
            *first = line;
    }
}

/* A practice of mips_practices.h: a warning at its line. */
typedef struct practice_at {
    grade_findings *warnings;
    int line;
} practice_at;

static void add_practice(void *ctx, mips_practice what, int col, const char *message)
{
    (void)what;
    practice_at *at = ctx;
    grade_findings_add(at->warnings, at->line, col, "%s", message);
}

static bool has_include_text(const char *text, size_t len)
{
    static const char word[] = ".include";
    for (size_t i = 0; i + sizeof word - 1 <= len; i++)
        if (strncasecmp(text + i, word, sizeof word - 1) == 0)
            return true;
    return false;
}

void grade_scan_source(const source_file *file, grade_findings *fatal,
                       grade_findings *warnings, grade_source_marks *marks)
{
    memset(marks, 0, sizeof *marks);
    mips_token tokens[64];
    for (int line = 1; line <= file->line_count; line++) {
        size_t len;
        const char *text = source_line(file, line, &len);
        size_t n = text ? mips_lex_line(text, len, tokens, 64) : 0;
        n = n < 64 ? n : 64;
        mark_line(tokens, n, line, marks);
        if (n == 64 && !marks->include && has_include_text(text, len))
            marks->include = line; /* past the tokens looked at */
        practice_at at = {warnings, line};
        mips_line_practices(tokens, n, add_practice, &at);
    }
    /* Anywhere on a line, in a macro body or an .eqv too: whatever way it
     * is spelled, the assembler would open a file the grader never gave. */
    if (marks->include)
        grade_findings_add(fatal, marks->include, 0, "uses .include (the submission is one "
                           "file, hw4.asm: nothing it names is read)");
}

/* A segment the program wrote, named by its first directive's line. */
static void check_segment(const mips_program *p, mips_segment_id seg, int line,
                          const char *name, const char *why, grade_findings *fatal)
{
    if (p->segments[seg].size > 0 || line > 0)
        grade_findings_add(fatal, line, 0, "has a %s section (%s)", name, why);
}

void grade_check_program(const mips_program *p, const grade_source_marks *marks,
                         grade_findings *fatal)
{
    grade_check_program_rules(p, marks, GRADE_RULE_ALL, fatal);
}

void grade_check_program_rules(const mips_program *p, const grade_source_marks *marks,
                               unsigned rules, grade_findings *fatal)
{
    if (rules & GRADE_RULE_NO_DATA) {
        check_segment(p, MIPS_SEG_DATA, marks->data, ".data", "submissions may not have one",
                      fatal);
        check_segment(p, MIPS_SEG_KDATA, marks->kdata, ".kdata", "a data section by another "
                      "name: submissions may not have one", fatal);
        check_segment(p, MIPS_SEG_KTEXT, marks->ktext, ".ktext", "kernel code, such as an "
                      "exception handler that hides a crash, is not the submission's", fatal);
        check_segment(p, MIPS_SEG_EXTERN, marks->extern_, ".extern", "a data section by another "
                      "name: submissions may not have one", fatal);
    }
    if (!p->locals || !(rules & (GRADE_RULE_NO_MAIN | GRADE_RULE_NO_UNDERSCORE)))
        return;
    const symtab *labels = &p->locals[0];
    for (size_t i = 0; i < labels->capacity; i++) {
        const symbol *s = symtab_slot_symbol(labels, i);
        if (s)
            check_label(s->name, s->where.line, s->where.col, rules, fatal);
    }
}
