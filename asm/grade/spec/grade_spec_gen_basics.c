/* A generator's basics: its argument found by name, whether it is an
 * address, its largest size, freeing it; and two words many generators
 * share, a character set and an element's size. A part of the argument
 * parser (grade_spec_gen.c). */
#include "grade_spec_expr.h"
#include "grade_spec_impl.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

int spec_find_arg(const grade_spec_function *fn, const spec_tok *t)
{
    for (int i = 0; i < fn->arg_count; i++)
        if (t->kind == TOK_WORD && spec_tok_equal(t, fn->args[i].name))
            return i;
    return -1;
}

bool spec_gen_is_pointer(const grade_gen *g)
{
    return g->kind == GRADE_GEN_STRING || g->kind == GRADE_GEN_ARRAY ||
           g->kind == GRADE_GEN_BUFFER || g->kind == GRADE_GEN_STRUCT ||
           g->kind == GRADE_GEN_FILE || g->kind == GRADE_GEN_GRID ||
           g->kind == GRADE_GEN_FILE_NAME || g->kind == GRADE_GEN_STRINGS ||
           g->kind == GRADE_GEN_RECORDS;
}

uint32_t spec_gen_max_bytes(const grade_gen *g)
{
    uint32_t bytes = 0;
    switch (g->kind) {
    case GRADE_GEN_STRING: bytes = (uint32_t)g->hi + 1; break;
    case GRADE_GEN_ARRAY: bytes = (uint32_t)g->hi * (uint32_t)g->elem_size; break;
    case GRADE_GEN_BUFFER: bytes = (uint32_t)g->lo; break;
    case GRADE_GEN_FILE: bytes = (uint32_t)g->text_len + 1; break;
    case GRADE_GEN_FILE_NAME: bytes = (uint32_t)strlen(g->file_name) + 1; break;
    case GRADE_GEN_GRID: bytes = 2 + (uint32_t)g->hi * (uint32_t)g->ehi; break;
    case GRADE_GEN_STRINGS:
        bytes = 4 * (uint32_t)g->hi + spec_strings_text_max(g);
        break;
    case GRADE_GEN_RECORDS:
        bytes = (uint32_t)g->hi * (g->rec->size + spec_record_max_strings(g->rec));
        break;
    case GRADE_GEN_STRUCT:
        for (int i = 0; i < g->field_count; i++)
            bytes += (uint32_t)g->fields[i].size;
        break;
    default: break;
    }
    return bytes;
}

void spec_gen_free(grade_gen *g)
{
    /* An empty one is only read: a grader frees its spec after a fork,
     * and a write to each hand case's 18 KB would copy every page of
     * them (250 faults for hw4's spec). */
    if (!g->text && !g->values && !g->file_name && !g->expr)
        return;
    free(g->text);
    free(g->values);
    free(g->file_name);
    grade_expr_free(g->expr);
    g->text = NULL;
    g->values = NULL;
    g->file_name = NULL;
    g->expr = NULL;
}

/* A character set: a name or the characters in quotes, into set. */
bool spec_parse_set(spec_parser *p, char *set)
{
    static const struct { const char *name; const char *chars; } named[] = {
        {"lower", "abcdefghijklmnopqrstuvwxyz"},
        {"upper", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"},
        {"letters", "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"},
        {"digits", "0123456789"},
    };
    const spec_tok *t = spec_next(p);
    if (t->kind == TOK_STRING) {
        if (t->text_len == 0 || strlen(t->text) != t->text_len) {
            spec_error(p, t, "a set of characters holds at least one character, and no \\0");
            return false;
        }
        snprintf(set, 256, "%.255s", t->text);
        return true;
    }
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
        if (spec_is(t, named[i].name)) {
            snprintf(set, 256, "%s", named[i].chars);
            return true;
        }
    int n = 0;
    if (spec_is(t, "printable"))
        for (int c = ' '; c <= '~'; c++)
            set[n++] = (char)c;
    else if (spec_is(t, "any"))
        for (int c = 1; c <= 255; c++)
            set[n++] = (char)c;
    else {
        spec_error(p, t, "expected a set of characters: letters, lower, upper, digits, "
                   "printable, any, or the characters in quotes");
        return false;
    }
    set[n] = '\0';
    return true;
}

/* byte, half or word: 1, 2, 4; 0 after an error. */
int spec_parse_size(spec_parser *p)
{
    const spec_tok *t = spec_next(p);
    if (spec_is(t, "byte"))
        return 1;
    if (spec_is(t, "half"))
        return 2;
    if (spec_is(t, "word"))
        return p->isa->word_elements ? 2 : 4; /* the machine's word */
    spec_error(p, t, "expected the size of an element: byte, half or word");
    return 0;
}
