/* The generators and case values about sizes and files: a buffer's size
 * (N, or bits-of NAME), `file-name PATH`, `file-name grid-file ...`, and a
 * case's file-name value (a path, or `missing "NAME"`). */
#include "grade_spec_impl.h"

#include <stdlib.h>
#include <string.h>

uint32_t spec_gen_max_length(const grade_gen *g)
{
    switch (g->kind) {
    case GRADE_GEN_STRING: case GRADE_GEN_ARRAY: return (uint32_t)g->hi;
    case GRADE_GEN_BUFFER: return (uint32_t)g->lo;
    case GRADE_GEN_STRUCT: return (uint32_t)g->field_count;
    case GRADE_GEN_FILE: return (uint32_t)g->text_len;
    case GRADE_GEN_FILE_NAME:
        return g->grid_file ? (uint32_t)g->hi * ((uint32_t)g->ehi + 1) + 9 : (uint32_t)g->text_len;
    case GRADE_GEN_GRID: return (uint32_t)g->hi * (uint32_t)g->ehi;
    case GRADE_GEN_STRINGS: case GRADE_GEN_RECORDS: return (uint32_t)g->hi;
    default: return 0;
    }
}

uint32_t spec_strings_text_max(const grade_gen *g)
{
    return g->text ? (uint32_t)g->text_len : (uint32_t)g->hi * ((uint32_t)g->ehi + 1);
}

uint32_t spec_gen_max_words(const grade_gen *g)
{
    if (g->kind == GRADE_GEN_STRINGS) /* a word per pointer and per character */
        return (uint32_t)g->hi + spec_strings_text_max(g);
    if (g->kind == GRADE_GEN_RECORDS) /* a word per field and per character */
        return (uint32_t)g->hi * ((uint32_t)g->rec->field_count +
                                  spec_record_max_strings(g->rec));
    return spec_gen_max_length(g) + 1;
}

/* A buffer's size: N bytes, or `bits-of NAME`: a bit for each unit of
 * NAME's length (a grid's cells), rounded up to bytes. */
bool spec_parse_buffer_size(spec_parser *p, const grade_spec_function *fn, grade_gen *g)
{
    const spec_tok *t = spec_next(p);
    if (spec_is(t, "bits-of")) {
        const spec_tok *name = spec_next(p);
        g->of = spec_find_arg(fn, name);
        if (g->of < 0 || !spec_gen_is_pointer(&fn->args[g->of].gen)) {
            spec_error(p, name, "'bits-of' names a string, array, buffer, struct, file or grid "
                       "argument declared before it");
            return false;
        }
        g->bits_of = true;
        g->lo = g->hi = (int32_t)((spec_gen_max_length(&fn->args[g->of].gen) + 7) / 8);
        return true;
    }
    if (!spec_range(p, t, &g->lo, &g->hi, 1, GRADE_SPEC_BUFFER_MAX, "a buffer's size"))
        return false;
    if (g->lo != g->hi) {
        spec_error(p, t, "a buffer has one size, not a range");
        return false;
    }
    return true;
}

/* `file-name PATH`: the file's bytes, read now, and the name the function
 * is given (PATH's last part). */
bool spec_parse_file_name(spec_parser *p, const spec_tok *path, grade_gen *g)
{
    if (path->kind != TOK_WORD && path->kind != TOK_STRING) {
        spec_error(p, path, "expected the file's path after 'file-name'");
        return false;
    }
    if (!spec_read_file(p, path, &g->text, &g->text_len))
        return false;
    char *whole = spec_text_of(path);
    const char *slash = strrchr(whole, '/');
    g->file_name = strdup(slash ? slash + 1 : whole);
    free(whole);
    if (!g->file_name)
        abort();
    if (!g->file_name[0]) {
        spec_error(p, path, "expected a file's path, not a folder's");
        return false;
    }
    g->lo = g->hi = (int32_t)g->text_len;
    return true;
}

/* `grid-file ROWS by COLS cells SET [one 'C'] [then LO..HI]`: a map file
 * made for each case (the layout: grade_spec_draw.c), named grid.txt. */
bool spec_parse_grid_file(spec_parser *p, grade_gen *g)
{
    const spec_tok *at = spec_peek(p);
    if (!spec_parse_grid(p, g))
        return false;
    if (g->hi > 99 || g->ehi > 99) {
        spec_error(p, at, "a grid file's rows and columns are two-digit numbers (1..99)");
        return false;
    }
    g->grid_file = true;
    g->file_name = strdup("grid.txt");
    if (!g->file_name)
        abort();
    if (spec_is(spec_peek(p), "one")) {
        spec_next(p);
        const spec_tok *c = spec_next(p);
        if (c->kind != TOK_CHAR || strchr(g->set, c->text[0])) {
            spec_error(p, c, "expected the character one cell holds, in quotes, and not in "
                       "the set of the others");
            return false;
        }
        g->one = (uint8_t)c->text[0];
    }
    if (spec_is(spec_peek(p), "then")) {
        spec_next(p);
        if (!spec_range(p, spec_next(p), &g->tlo, &g->thi, 0, 99, "the last line's number"))
            return false;
        g->then = true;
    }
    return true;
}

/* A case's `NAME = "PATH"` or `NAME = missing "FILE"` for a file-name. */
bool spec_parse_file_name_value(spec_parser *p, grade_gen *g)
{
    g->grid_file = false;
    g->missing = spec_is(spec_peek(p), "missing");
    if (!g->missing)
        return spec_parse_file_name(p, spec_next(p), g);
    spec_next(p);
    const spec_tok *t = spec_next(p);
    if (t->kind != TOK_STRING || !t->text_len || strchr(t->text, '/') ||
        strlen(t->text) != t->text_len || t->text_len > 255) {
        spec_error(p, t, "expected the missing file's name in quotes (no '/')");
        return false;
    }
    g->file_name = strdup(t->text);
    if (!g->file_name)
        abort();
    g->text_len = 0;
    g->lo = g->hi = 0;
    return true;
}

