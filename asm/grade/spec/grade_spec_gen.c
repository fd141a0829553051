/* The spec's arguments: `arg PLACE NAME = GENERATOR` (a hand-written
 * case's `NAME = VALUE`: grade_spec_case_value.c; what a generator is:
 * grade_spec_gen_basics.c). */
#include "grade_spec_expr.h"
#include "grade_spec_impl.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"

static bool parse_element_range(spec_parser *p, int size, int32_t *lo, int32_t *hi)
{
    int64_t min = size == 4 ? INT32_MIN : size == 2 ? -32768 : -128;
    int64_t max = size == 4 ? INT32_MAX : size == 2 ? 65535 : 255;
    return spec_range(p, spec_next(p), lo, hi, min, max, "an element's values");
}

static bool parse_struct(spec_parser *p, grade_gen *g)
{
    for (;;) {
        if (g->field_count == GRADE_SPEC_FIELDS_MAX) {
            spec_error(p, spec_peek(p), "a struct has at most %d fields", GRADE_SPEC_FIELDS_MAX);
            return false;
        }
        grade_field *f = &g->fields[g->field_count];
        const spec_tok *name = spec_peek(p);
        if (name->kind == TOK_WORD && isalpha((unsigned char)name->start[0]) &&
            !spec_is(name, "byte") && !spec_is(name, "half") && !spec_is(name, "word")) {
            bool taken = name->len >= GRADE_SPEC_NAME_MAX;
            for (int i = 0; i < g->field_count; i++)
                taken = taken || spec_tok_equal(name, g->fields[i].name);
            if (taken) {
                spec_error(p, name, "the struct already has a field %.*s", name->len, name->start);
                return false;
            }
            memcpy(f->name, name->start, (size_t)name->len);
            spec_next(p);
        }
        if (!(f->size = spec_parse_size(p)) || !parse_element_range(p, f->size, &f->lo, &f->hi))
            return false;
        g->field_count++;
        const spec_tok *t = spec_peek(p);
        if (t->kind != TOK_PUNCT || t->start[0] != ',')
            return true;
        spec_next(p);
    }
}

/* `grid ROWS by COLS cells SET [bit MASK PERCENT]`: a map laid out as
 * hw4's (rows, columns, then the cells row by row). */
static bool parse_grid(spec_parser *p, grade_gen *g)
{
    if (!spec_range(p, spec_next(p), &g->lo, &g->hi, 1, 255, "a grid's rows"))
        return false;
    const spec_tok *t = spec_next(p);
    if (!spec_is(t, "by")) {
        spec_error(p, t, "expected 'by' and the columns: grid 1..10 by 1..10 cells \".#\"");
        return false;
    }
    if (!spec_range(p, spec_next(p), &g->elo, &g->ehi, 1, 255, "a grid's columns"))
        return false;
    t = spec_next(p);
    if (!spec_is(t, "cells")) {
        spec_error(p, t, "expected 'cells' and the set of characters the cells hold");
        return false;
    }
    if (!spec_parse_set(p, g->set))
        return false;
    if (!spec_is(spec_peek(p), "bit"))
        return true;
    spec_next(p);
    const spec_tok *mask = spec_next(p), *percent = spec_next(p);
    int64_t m, pc;
    if (!spec_number(mask, &m) || m < 1 || m > 255) {
        spec_error(p, mask, "expected the bit some cells carry (1..255), then how many in 100");
        return false;
    }
    if (!spec_number(percent, &pc) || pc < 0 || pc > 100) {
        spec_error(p, percent, "expected how many cells in 100 carry the bit (0..100)");
        return false;
    }
    g->bit = (uint8_t)m, g->bit_percent = (int)pc;
    return true;
}

bool spec_parse_grid(spec_parser *p, grade_gen *g)
{
    return parse_grid(p, g);
}

/* `array of SIZE [1, 2, 3]`: the same elements in every case; its range
 * (for the signs of its elements) from the values. */
static bool constant_array(spec_parser *p, grade_gen *g)
{
    g->kind = GRADE_GEN_ARRAY;
    spec_next(p); /* the 'of' */
    if (!(g->elem_size = spec_parse_size(p)))
        return false;
    const spec_tok *t = spec_peek(p);
    if (t->kind != TOK_PUNCT || t->start[0] != '[') {
        spec_error(p, t, "expected the elements in brackets: array of word [1, 2, 3]");
        return false;
    }
    int size = g->elem_size;
    if (!spec_parse_list(p, g, size == 4 ? INT32_MIN : size == 2 ? -32768 : -128,
                    size == 4 ? UINT32_MAX : size == 2 ? 65535 : 255))
        return false;
    if (g->value_count > GRADE_SPEC_ARRAY_MAX) {
        spec_error(p, t, "an array has at most %d elements", GRADE_SPEC_ARRAY_MAX);
        return false;
    }
    g->lo = g->hi = (int32_t)g->value_count;
    g->elo = g->ehi = 0;
    for (size_t i = 0; i < g->value_count; i++) {
        g->elo = g->values[i] < g->elo ? g->values[i] : g->elo;
        g->ehi = g->values[i] > g->ehi ? g->values[i] : g->ehi;
    }
    return true;
}

/* `pointer to NAME` or `pointer into NAME`: the address of an input
 * declared before it, or of one of its elements. */
static bool pointer_generator(spec_parser *p, const grade_spec_function *fn, grade_gen *g)
{
    const spec_tok *how = spec_next(p), *name = spec_next(p);
    g->kind = GRADE_GEN_POINTER;
    if (!spec_is(how, "to") && !spec_is(how, "into")) {
        spec_error(p, how, "expected 'to NAME' (an input's address) or 'into NAME' (one of "
                   "its elements)");
        return false;
    }
    g->into = spec_is(how, "into");
    g->of = spec_find_arg(fn, name);
    grade_gen_kind k = g->of < 0 ? GRADE_GEN_INT : fn->args[g->of].gen.kind;
    if (k != GRADE_GEN_ARRAY && k != GRADE_GEN_STRING && k != GRADE_GEN_STRINGS &&
        k != GRADE_GEN_RECORDS) {
        spec_error(p, name, "a pointer points to a string, array, string table or records "
                   "argument declared before it");
        return false;
    }
    return true;
}

/* The generator after `=`, into g. */
static bool parse_generator(spec_parser *p, grade_spec_function *fn, grade_gen *g)
{
    const spec_tok *t = spec_next(p);
    g->line = p->line, g->col = t->col;
    if (t->kind == TOK_STRING)
        return spec_parse_constant_string(p, t, g);
    if (spec_is(t, "strings") && spec_peek(p)->kind == TOK_WORD) /* a range */
        return spec_parse_random_strings(p, g);
    if (spec_is(t, "strings"))
        return spec_parse_string_list(p, g);
    if (spec_is(t, "pointer"))
        return pointer_generator(p, fn, g);
    if (spec_is(t, "int")) {
        g->kind = GRADE_GEN_INT;
        return spec_range(p, spec_next(p), &g->lo, &g->hi, INT32_MIN, INT32_MAX, "an int");
    }
    if (spec_is(t, "char")) {
        g->kind = GRADE_GEN_CHAR;
        return spec_parse_set(p, g->set);
    }
    if (spec_is(t, "string")) {
        g->kind = GRADE_GEN_STRING;
        return spec_range(p, spec_next(p), &g->lo, &g->hi, 0, GRADE_SPEC_STRING_MAX,
                          "a string's length") &&
               spec_parse_set(p, g->set);
    }
    if (spec_is(t, "array") && spec_is(spec_peek(p), "of"))
        return constant_array(p, g);
    const grade_spec_record *rec = spec_find_record(p, t);
    if (rec) { /* one record, by its address */
        g->lo = g->hi = 1, g->single = true;
        return spec_record_use(p, fn, rec, t, g);
    }
    if (spec_is(t, "array")) {
        g->kind = GRADE_GEN_ARRAY;
        if (!spec_range(p, spec_next(p), &g->lo, &g->hi, 0, GRADE_SPEC_ARRAY_MAX,
                        "an array's length"))
            return false;
        const spec_tok *of = spec_next(p);
        if (!spec_is(of, "of")) {
            spec_error(p, of, "expected 'of' and the elements: array 1..10 of word 0..99");
            return false;
        }
        if ((rec = spec_find_record(p, spec_peek(p)))) /* array 1..10 of car */
            return spec_record_use(p, fn, rec, spec_next(p), g);
        return (g->elem_size = spec_parse_size(p)) &&
               parse_element_range(p, g->elem_size, &g->elo, &g->ehi);
    }
    if (spec_is(t, "list"))
        return spec_record_list(p, fn, g);
    if (spec_is(t, "buffer")) {
        g->kind = GRADE_GEN_BUFFER;
        g->writable = true;
        if (!spec_parse_buffer_size(p, fn, g))
            return false;
        if (spec_is(spec_peek(p), "zero")) {
            spec_next(p);
            g->zero = true;
        }
        return true;
    }
    if (spec_is(t, "file-name")) {
        g->kind = GRADE_GEN_FILE_NAME;
        if (p->isa->no_files) {
            spec_error(p, t, "%s %s function opens no files: no file-name argument",
                       p->isa->article ? p->isa->article : "a", p->isa->name);
            return false;
        }
        if (spec_is(spec_peek(p), "grid-file")) {
            spec_next(p);
            return spec_parse_grid_file(p, g);
        }
        return spec_parse_file_name(p, spec_next(p), g);
    }
    if (spec_is(t, "struct")) {
        g->kind = GRADE_GEN_STRUCT;
        return parse_struct(p, g);
    }
    if (spec_is(t, "file")) {
        g->kind = GRADE_GEN_FILE;
        const spec_tok *path = spec_next(p);
        if (path->kind != TOK_WORD && path->kind != TOK_STRING) {
            spec_error(p, path, "expected the file's path after 'file'");
            return false;
        }
        return spec_read_file(p, path, &g->text, &g->text_len);
    }
    if (spec_is(t, "grid")) {
        g->kind = GRADE_GEN_GRID;
        return parse_grid(p, g);
    }
    if (spec_is(t, "length")) {
        g->kind = GRADE_GEN_LENGTH;
        const spec_tok *name = spec_next(p);
        g->of = spec_find_arg(fn, name);
        if (g->of < 0 || !spec_gen_is_pointer(&fn->args[g->of].gen)) {
            spec_error(p, name, "'length' names a string, array, buffer, struct or file "
                       "argument declared before it");
            return false;
        }
        return true;
    }
    spec_error(p, t, "'%.*s' is not a generator (int, char, string, array, buffer, struct, "
               "file, file-name, length, grid, strings, \"TEXT\", or a record type)", t->len,
               t->start);
    return false;
}

/* The words after a generator, in any order: `writable` (a pointer),
 * `uniform` (no bias to the edges: int, char, string, array) and
 * `increasing` (an array's elements strictly increasing, as a binary
 * search's precondition says). */
static bool parse_modifiers(spec_parser *p, grade_gen *g)
{
    const spec_tok *w, *increasing = NULL;
    for (;;) {
        w = spec_peek(p);
        if (spec_is(w, "writable") && spec_gen_is_pointer(g))
            g->writable = true;
        else if (spec_is(w, "uniform") && (g->kind == GRADE_GEN_INT || g->kind == GRADE_GEN_CHAR ||
                                           g->kind == GRADE_GEN_STRING ||
                                           g->kind == GRADE_GEN_ARRAY))
            g->uniform = true;
        else if (spec_is(w, "increasing") && g->kind == GRADE_GEN_ARRAY)
            g->increasing = true, increasing = w;
        else
            break;
        spec_next(p);
    }
    if (g->increasing && (int64_t)g->ehi - g->elo + 1 < g->hi) {
        spec_error(p, increasing, "an increasing array of up to %d elements needs as many values: "
                   "%d..%d has %lld", (int)g->hi, (int)g->elo, (int)g->ehi,
                   (long long)g->ehi - g->elo + 1);
        return false;
    }
    return true;
}

bool spec_parse_scalar(spec_parser *p, grade_gen *g)
{
    return parse_generator(p, p->fn, g);
}

void spec_parse_arg(spec_parser *p)
{
    grade_spec_function *fn = p->fn;
    const spec_tok *place = spec_next(p);
    if (fn->arg_count == GRADE_SPEC_ARGS_MAX) {
        spec_error(p, place, "a function takes at most %d arguments", GRADE_SPEC_ARGS_MAX);
        return;
    }
    grade_spec_arg *a = &fn->args[fn->arg_count];
    memset(a, 0, sizeof *a);
    a->line = p->line, a->col = place->col;
    if (p->prog && fn == p->prog->inputs) {
        /* a program's memory input: the place is its address */
        a->reg = spec_is(place, "stdin") ? GRADE_SPEC_AT_KEYS : GRADE_SPEC_AT_ADDRESS;
        if (a->reg == GRADE_SPEC_AT_ADDRESS && !spec_address(p, place, &a->address))
            return;
    } else if (spec_is(place, "stack")) {
        a->reg = -1;
    } else {
        a->reg = place->kind == TOK_WORD ? spec_register(p, place->start, (size_t)place->len) : -1;
        if (a->reg < 0 || !(p->isa->arg_regs >> a->reg & 1u)) {
            spec_error(p, place, "expected where the argument goes: an argument register of "
                       "the %s or 'stack'", p->isa->name);
            return;
        }
        for (int i = 0; i < fn->arg_count; i++)
            if (fn->args[i].reg == a->reg) {
                spec_error(p, place, "another argument is already in %.*s", place->len,
                           place->start);
                return;
            }
    }
    const spec_tok *name = spec_next(p);
    if (name->kind != TOK_WORD || name->len >= GRADE_SPEC_NAME_MAX ||
        spec_register(p, name->start, (size_t)name->len) >= 0) {
        spec_error(p, name, "expected the argument's name (a word, not a register)");
        return;
    }
    if (spec_find_arg(fn, name) >= 0) {
        spec_error(p, name, "there is already an argument named %.*s", name->len, name->start);
        return;
    }
    memcpy(a->name, name->start, (size_t)name->len);
    const spec_tok *eq = spec_next(p);
    if (eq->kind != TOK_OP || !spec_tok_equal(eq, "=")) {
        spec_error(p, eq, "expected '=' and a generator after the argument's name");
        return;
    }
    if (spec_starts_expr(p)) {
        a->gen.kind = GRADE_GEN_EXPR;
        a->gen.line = p->line, a->gen.col = spec_peek(p)->col;
        a->gen.expr = spec_parse_expr(p, false);
        if (!a->gen.expr)
            return;
    } else if (!parse_generator(p, fn, &a->gen)) {
        spec_gen_free(&a->gen);
        return;
    }
    if (!parse_modifiers(p, &a->gen)) {
        spec_gen_free(&a->gen);
        return;
    }
    const spec_tok *rest = spec_peek(p);
    if (rest->kind != TOK_END) {
        spec_error(p, rest, "unexpected '%.*s' after the generator", rest->len, rest->start);
        spec_gen_free(&a->gen);
        return;
    }
    fn->arg_count++;
}
