/* A whole-program test's keys: points, the program's arguments, its input,
 * the output it must print, how the output is scored, the cap. */
#include "grade_spec_impl.h"

#include <stdlib.h>
#include <string.h>

#include "grade_similarity.h"

static void program_args(spec_parser *p, grade_spec_program *pr)
{
    const spec_tok *t;
    while ((t = spec_next(p))->kind == TOK_WORD || t->kind == TOK_STRING) {
        if (pr->arg_count == 32) {
            spec_error(p, t, "a program takes at most 32 arguments");
            return;
        }
        char **args = grow_array(pr->args, &pr->arg_cap, (size_t)pr->arg_count + 1,
                                 sizeof *args);
        if (!args) {
            spec_error(p, t, "out of memory");
            return;
        }
        pr->args = args;
        pr->args[pr->arg_count++] = spec_text_of(t);
    }
    if (t->kind != TOK_END)
        spec_error(p, t, "expected the program's arguments, as words or in quotes");
}

/* `stdin ...` or `expect ...`: the text in quotes, or `file PATH`. */
static void program_text(spec_parser *p, grade_spec_program *pr, const spec_tok *key)
{
    bool in = spec_is(key, "stdin");
    char **text = in ? &pr->stdin_text : &pr->expect;
    size_t *len = in ? &pr->stdin_len : &pr->expect_len;
    const spec_tok *t = spec_next(p);
    char *got = NULL;
    size_t n = 0;
    if (in && t->kind == TOK_WORD && t[1].kind == TOK_OP && spec_tok_equal(&t[1], "=")) {
        /* `stdin NAME = GENERATOR [then "TEXT"]`: keys drawn for each run */
        if (pr->stdin_text)
            spec_error(p, key, "the test's stdin is already given");
        else
            spec_program_keys(p, key);
        return;
    }
    if (in && pr->inputs && pr->inputs->arg_count && t->kind != TOK_END) {
        for (int a = 0; a < pr->inputs->arg_count; a++)
            if (pr->inputs->args[a].reg == GRADE_SPEC_AT_KEYS) {
                spec_error(p, key, "the test's stdin is already given");
                return;
            }
    }
    if (t->kind == TOK_STRING) {
        got = malloc(t->text_len + 1);
        if (!got)
            abort();
        memcpy(got, t->text, t->text_len + 1);
        n = t->text_len;
    } else if (spec_is(t, "file")) {
        const spec_tok *path = spec_next(p);
        if (path->kind == TOK_END) {
            spec_error(p, path, "expected the file's path");
            return;
        }
        if (!spec_read_file(p, path, &got, &n))
            return;
    } else {
        spec_error(p, t, "expected the text in quotes, or 'file PATH'");
        return;
    }
    if (*text)
        spec_error(p, key, "the test's %s is already given", in ? "stdin" : "expected output");
    if (*text || !spec_line_ends(p)) {
        free(got);
        return;
    }
    *text = got, *len = n;
}

/* `compare output exact|similar [ignore WHAT...]` or `compare files`. */
static void program_compare(spec_parser *p, grade_spec_program *pr)
{
    const spec_tok *what = spec_next(p), *how, *t;
    if (spec_is(what, "files") && !p->isa->no_files) {
        if (spec_line_ends(p))
            pr->compare_files = true;
        return;
    }
    if (!spec_is(what, "output")) {
        /* registers, ranges of words, memory inputs: checked at the end */
        if (what->kind == TOK_END || spec_is(what, "files"))
            spec_error(p, what, p->isa->no_files ? "a program compares its 'output'"
                                                 : "a program compares its 'output' or its "
                                                   "'files'");
        else
            spec_program_compare_results(p, what);
        return;
    }
    pr->compare_output = true;
    how = spec_next(p);
    if (spec_is(how, "exact")) {
        pr->scoring = GRADE_OUTPUT_EXACT;
    } else if (spec_is(how, "similar")) {
        pr->scoring = GRADE_OUTPUT_SIMILAR;
    } else if (spec_is(how, "values")) {
        /* numbers by value, words as words (grade_spec_values.h) */
        pr->scoring = GRADE_OUTPUT_VALUES;
        if (spec_is(spec_peek(p), "hex")) {
            spec_next(p);
            pr->values_hex = true;
        }
    } else {
        spec_error(p, how, "expected 'exact', 'similar' or 'values'");
        return;
    }
    if (spec_peek(p)->kind == TOK_END)
        return;
    t = spec_next(p);
    if (!spec_is(t, "ignore")) {
        spec_error(p, t, "expected 'ignore' and what (case whitespace punctuation) after "
                   "'%s'", pr->scoring == GRADE_OUTPUT_SIMILAR ? "similar"
                   : pr->scoring == GRADE_OUTPUT_VALUES ? "values" : "exact");
        return;
    }
    if (pr->scoring == GRADE_OUTPUT_VALUES && !spec_is(spec_peek(p), "case")) {
        /* whitespace and punctuation never count between values */
        spec_error(p, spec_peek(p), "expected 'case' after 'values ignore' (whitespace and "
                   "punctuation are ignored already)");
        return;
    }
    if (spec_peek(p)->kind == TOK_END) {
        spec_error(p, spec_peek(p), "expected case, whitespace or punctuation after 'ignore'");
        return;
    }
    while ((t = spec_next(p))->kind != TOK_END) {
        unsigned bit = spec_is(t, "case") ? GRADE_IGNORE_CASE
                       : spec_is(t, "whitespace") ? GRADE_IGNORE_WHITESPACE
                       : spec_is(t, "punctuation") ? GRADE_IGNORE_PUNCTUATION : 0;
        if (!bit) {
            spec_error(p, t, "expected case, whitespace or punctuation");
            return;
        }
        pr->ignore |= bit;
    }
}

void spec_program_statement(spec_parser *p, const spec_tok *key)
{
    grade_spec_program *pr = p->prog;
    int64_t v;
    if (spec_is(key, "points")) {
        spec_points(p, &pr->points);
    } else if (spec_is(key, "args")) {
        if (!p->isa->no_program_args)
            program_args(p, pr);
        else
            spec_error(p, key, "a program of the %s takes no arguments (it reads only keys)",
                       p->isa->name);
    } else if (spec_is(key, "randomize")) {
        if (!p->isa->random_machine)
            spec_error(p, key, "the %s has no randomized machine", p->isa->name);
        else if (spec_line_ends(p))
            pr->randomize = true;
    } else if (spec_is(key, "expect") && spec_is(spec_peek(p), "wins")) {
        spec_next(p);
        if (spec_line_ends(p))
            pr->expect_wins = true;
    } else if (spec_is(key, "stdin") || spec_is(key, "expect")) {
        program_text(p, pr, key);
    } else if (spec_is(key, "compare")) {
        program_compare(p, pr);
    } else if (spec_is(key, "budget")) {
        if (spec_positive_number(p, 1000000000, "the instruction cap", &v))
            pr->budget = v ? (uint64_t)v : 1;
    } else if (spec_program_data_statement(p, key)) {
        /* memory, cases, let, set, require (grade_spec_program_data.c) */
    } else {
        spec_error(p, key, "'%.*s' is not a key of a program test (points, %sstdin, "
                   "expect, compare, budget, memory, cases, let, set, require%s)", key->len,
                   key->start,
                   p->isa->no_program_args ? "" : "args, ",
                   p->isa->random_machine ? ", randomize" : "");
    }
}
