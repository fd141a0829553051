/* A function block's `compare` key: a register, an argument's memory with
 * what may differ in it (mask, any-bit-order, dont-care), a list walked
 * from a register, output, files. A part of the function block's parser
 * (grade_spec_function.c). */
#include "grade_spec_expr.h"
#include "grade_spec_impl.h"

#include <stdlib.h>
#include <string.h>

/* An int argument's name for dont-care; -1 after an error. */
static int int_argument(spec_parser *p, const grade_spec_function *fn)
{
    const spec_tok *t = spec_next(p);
    int i = spec_find_arg(fn, t);
    if (i < 0 || fn->args[i].gen.kind != GRADE_GEN_INT) {
        spec_error(p, t, "expected an int argument: dont-care GRID ROW COL");
        return -1;
    }
    return i;
}

/* What may differ in a compared argument's bytes: `mask M` (the bits of
 * each byte that count), `any-bit-order` (a bit array written most or
 * least significant bit first), `dont-care GRID ROW COL` (the bit of the
 * grid's cell (ROW, COL), when on the grid). */
static bool memory_tolerances(spec_parser *p, const grade_spec_function *fn,
                              grade_spec_compare *c)
{
    c->dont_care_grid = -1;
    for (;;) {
        const spec_tok *t = spec_peek(p);
        if (spec_is(t, "mask")) {
            spec_next(p);
            const spec_tok *m = spec_next(p);
            int64_t v;
            if (!spec_number(m, &v) || v < 1 || v > 255) {
                /* mask 0 would compare no bit of any byte */
                spec_error(p, m, "expected the bits that count in each byte (1..255)");
                return false;
            }
            c->mask = (uint8_t)v;
        } else if ((spec_is(t, "any-bit-order") || spec_is(t, "dont-care")) &&
                   p->isa->word_elements) {
            spec_error(p, t, "'%.*s' is for bit arrays of bytes: %s %s compares words",
                       t->len, t->start, p->isa->article ? p->isa->article : "a", p->isa->name);
            return false;
        } else if (spec_is(t, "any-bit-order")) {
            spec_next(p);
            c->any_bit_order = true;
        } else if (spec_is(t, "dont-care")) {
            spec_next(p);
            const spec_tok *g = spec_next(p);
            c->dont_care_grid = spec_find_arg(fn, g);
            if (c->dont_care_grid < 0 || fn->args[c->dont_care_grid].gen.kind != GRADE_GEN_GRID) {
                spec_error(p, g, "expected a grid argument: dont-care GRID ROW COL (the bit of "
                           "the grid's cell ROW, COL)");
                return false;
            }
            if ((c->dont_care_row = int_argument(p, fn)) < 0 ||
                (c->dont_care_col = int_argument(p, fn)) < 0)
                return false;
        } else {
            return true;
        }
    }
}

/* `compare list $v0 of node`: the records linked from the register, walked
 * through their link field (a list on the heap, or relinked). */
static bool list_compare(spec_parser *p, grade_spec_compare *c)
{
    const spec_tok *r = spec_next(p), *of = spec_next(p), *name = spec_next(p);
    c->reg = r->kind == TOK_WORD ? spec_register(p, r->start, (size_t)r->len) : -1;
    c->rec = spec_find_record(p, name);
    if (c->reg < 0 || !spec_is(of, "of") || !c->rec) {
        spec_error(p, c->reg < 0 ? r : spec_is(of, "of") ? name : of,
                   "expected the register and the records' type: compare list $v0 of node");
        return false;
    }
    if (grade_spec_record_link(c->rec) < 0) {
        spec_error(p, name, "the record %s has no link field (field next link) to follow",
                   c->rec->name);
        return false;
    }
    if (p->isa->word_elements) {
        spec_error(p, r, "compare list is for MIPS (an LC-3 list is not walked yet)");
        return false;
    }
    c->kind = GRADE_CMP_LIST;
    return true;
}

void spec_compare(spec_parser *p, grade_spec_function *fn)
{
    const spec_tok *t;
    if (spec_peek(p)->kind == TOK_END) {
        spec_error(p, spec_peek(p), "expected what to compare: a register, a string, array, "
                   "buffer, struct or file argument, %s", p->isa->no_files ? "or output"
                                                                          : "output or files");
        return;
    }
    while ((t = spec_next(p))->kind != TOK_END) {
        if (fn->compare_count == 8) {
            spec_error(p, t, "a function compares at most 8 things");
            return;
        }
        grade_spec_compare *c = &fn->compares[fn->compare_count];
        memset(c, 0, sizeof *c);
        c->mask = 0xff;
        int reg = t->kind == TOK_WORD ? spec_register(p, t->start, (size_t)t->len) : -1;
        int arg = spec_find_arg(fn, t);
        if (spec_is(t, "sign")) {
            /* `compare sign $v0`: a handout that promises only "negative,
             * zero or positive" (strcmp). */
            const spec_tok *r = spec_next(p);
            c->reg = r->kind == TOK_WORD ? spec_register(p, r->start, (size_t)r->len) : -1;
            if (c->reg < 0) {
                spec_error(p, r, "expected the register whose sign counts after 'sign'");
                return;
            }
            c->kind = GRADE_CMP_REG, c->sign = true;
        } else if (spec_is(t, "char")) {
            /* `compare char $v0`: a function that returns a character,
             * shown as one in the report (':' (58), expected 'X' (88)) */
            const spec_tok *r = spec_next(p);
            c->reg = r->kind == TOK_WORD ? spec_register(p, r->start, (size_t)r->len) : -1;
            if (c->reg < 0) {
                spec_error(p, r, "expected the register that holds a character after 'char'");
                return;
            }
            c->kind = GRADE_CMP_REG, c->as_char = true;
        } else if (spec_is(t, "list")) {
            if (!list_compare(p, c))
                return;
        } else if (spec_is(t, "output")) {
            c->kind = GRADE_CMP_OUTPUT;
        } else if (spec_is(t, "files") && p->isa->no_files) {
            spec_error(p, t, "%s %s function opens no files: nothing to compare",
                       p->isa->article ? p->isa->article : "a", p->isa->name);
            return;
        } else if (spec_is(t, "files")) {
            c->kind = GRADE_CMP_FILES;
        } else if (reg >= 0) {
            c->kind = GRADE_CMP_REG, c->reg = reg;
        } else if (arg >= 0 && spec_gen_is_pointer(&fn->args[arg].gen)) {
            c->kind = GRADE_CMP_MEMORY, c->arg = arg;
            if (!memory_tolerances(p, fn, c))
                return;
        } else {
            spec_error(p, t, "expected what to compare: a register, a string, array, buffer, "
                       "struct or file argument, %s", p->isa->no_files ? "or output"
                                                                       : "output or files");
            return;
        }
        fn->compare_count++;
    }
}
