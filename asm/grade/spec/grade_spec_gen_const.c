/* Constant inputs (docs/grader-spec.md, "Constant inputs"): a string in
 * quotes as an argument, and a string table, `strings ["Ann", "Bob"]`:
 * the same in every case (a hand-written case may give its own), laid out
 * by the engine as a drawn input is. */
#include "grade_spec_impl.h"

#include <stdlib.h>
#include <string.h>

#include "grow.h"

/* One string of a list or a constant: at most the string limit, no \0. */
static bool one_string(spec_parser *p, const spec_tok *t)
{
    if (t->kind != TOK_STRING) {
        spec_error(p, t, "expected a string in quotes");
        return false;
    }
    if (t->text_len > GRADE_SPEC_STRING_MAX || strlen(t->text) != t->text_len) {
        spec_error(p, t, "a string holds no \\0 and at most %d characters",
                   GRADE_SPEC_STRING_MAX);
        return false;
    }
    return true;
}

bool spec_parse_constant_string(spec_parser *p, const spec_tok *t, grade_gen *g)
{
    g->kind = GRADE_GEN_STRING;
    if (!one_string(p, t))
        return false;
    g->text = spec_text_of(t);
    g->text_len = t->text_len;
    g->lo = g->hi = (int32_t)t->text_len;
    g->set[0] = 'a'; /* never drawn from: the text is the string */
    return true;
}

bool spec_parse_string_list(spec_parser *p, grade_gen *g)
{
    const spec_tok *t = spec_next(p);
    if (t->kind != TOK_PUNCT || t->start[0] != '[') {
        spec_error(p, t, "expected the strings in brackets: [\"Ann\", \"Bob\"]");
        return false;
    }
    size_t cap = 0, len = 0;
    char *text = grow_array(NULL, &cap, 64, 1);
    if (!text) {
        spec_error(p, t, "out of memory for the strings");
        return false;
    }
    int count = 0;
    bool ok = true;
    t = spec_peek(p);
    if (t->kind == TOK_PUNCT && t->start[0] == ']') {
        spec_next(p);
    } else {
        for (;;) {
            t = spec_next(p);
            if (!(ok = one_string(p, t)))
                break;
            if (count == GRADE_SPEC_ARRAY_MAX) {
                spec_error(p, t, "a string table holds at most %d strings", GRADE_SPEC_ARRAY_MAX);
                ok = false;
                break;
            }
            char *grown = grow_array(text, &cap, len + t->text_len + 1, 1);
            if (!grown) {
                spec_error(p, t, "out of memory for the strings");
                ok = false;
                break;
            }
            text = grown;
            memcpy(text + len, t->text, t->text_len + 1);
            len += t->text_len + 1;
            count++;
            t = spec_next(p);
            if (t->kind == TOK_PUNCT && t->start[0] == ']')
                break;
            if (t->kind != TOK_PUNCT || t->start[0] != ',') {
                spec_error(p, t, "expected ',' or ']' in the list of strings");
                ok = false;
                break;
            }
        }
    }
    if (ok && len > GRADE_SPEC_WINDOW / 2) {
        spec_error(p, t, "the strings take %zu bytes: at most %d", len, GRADE_SPEC_WINDOW / 2);
        ok = false;
    }
    if (!ok) {
        free(text);
        return false;
    }
    free(g->text);
    g->kind = GRADE_GEN_STRINGS;
    g->text = text, g->text_len = len;
    g->value_count = (size_t)count;
    g->lo = g->hi = count;
    return true;
}

/* `strings LO..HI of string LO..HI SET`: a table of LO to HI strings, each
 * drawn (text NULL: not a constant table). */
bool spec_parse_random_strings(spec_parser *p, grade_gen *g)
{
    g->kind = GRADE_GEN_STRINGS;
    if (!spec_range(p, spec_next(p), &g->lo, &g->hi, 0, 64, "a string table's strings"))
        return false;
    const spec_tok *of = spec_next(p), *string = spec_next(p);
    if (!spec_is(of, "of") || !spec_is(string, "string")) {
        spec_error(p, spec_is(of, "of") ? string : of, "expected 'of string LO..HI SET': "
                   "strings 1..8 of string 0..10 letters");
        return false;
    }
    return spec_range(p, spec_next(p), &g->elo, &g->ehi, 0, 255, "a table's string's length") &&
           spec_parse_set(p, g->set);
}
