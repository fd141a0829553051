/* A program test on data (docs/grader-spec.md, "Memory inputs and
 * results"): memory inputs at fixed addresses, made by the functions'
 * generators for each run (`memory ADDR NAME = GENERATOR`, with `let`,
 * `set` and `require` over them), the number of runs, and the results
 * checked when the program ends (registers, ranges of words, inputs). */
#include "grade_spec_impl.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* text[0..len) as an address: x4000, 0x4000 or decimal. */
static bool address_in(const spec_parser *p, const char *text, size_t len, uint32_t *address)
{
    uint64_t v = 0, max = p->isa->word_elements ? 0xffff : 0xffffffff;
    size_t skip = len > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X') ? 2
                  : len > 1 && (text[0] == 'x' || text[0] == 'X') ? 1 : 0;
    if (len == skip || len - skip > 10)
        return false;
    for (size_t i = skip; i < len; i++) {
        int c = tolower((unsigned char)text[i]);
        if (skip ? !isxdigit(c) : !isdigit(c))
            return false;
        v = v * (skip ? 16 : 10) + (uint64_t)(isdigit(c) ? c - '0' : c - 'a' + 10);
    }
    if (v > max || (!skip && len > 1 && text[0] == '0'))
        return false;
    *address = (uint32_t)v;
    return true;
}

bool spec_address(spec_parser *p, const spec_tok *t, uint32_t *address)
{
    if (t->kind == TOK_WORD && address_in(p, t->start, (size_t)t->len, address))
        return true;
    spec_error(p, t, "expected an address of the %s (x4000, 0x4000 or decimal, up to %s)",
               p->isa->name, p->isa->word_elements ? "xFFFF" : "0xffffffff");
    return false;
}

/* The test's inputs, an unnamed function of its own (made on first use). */
static grade_spec_function *inputs_of(grade_spec_program *pr)
{
    if (!pr->inputs) {
        pr->inputs = calloc(1, sizeof *pr->inputs);
        if (!pr->inputs)
            abort();
        memcpy(pr->inputs->name, pr->name, sizeof pr->name);
        pr->inputs->budget_of = -1;
        pr->inputs->line = pr->line;
    }
    return pr->inputs;
}

bool spec_program_data_statement(spec_parser *p, const spec_tok *key)
{
    grade_spec_program *pr = p->prog;
    if (spec_is(key, "cases")) {
        int64_t v;
        const spec_tok *n = spec_peek(p);
        if (spec_positive_number(p, GRADE_SPEC_CASES_MAX, "the number of runs", &v)) {
            if (v == 0)
                spec_error(p, n, "a program test runs at least once (cases 1..%d)",
                           GRADE_SPEC_CASES_MAX);
            else
                pr->cases = (int)v;
        }
        return true;
    }
    bool memory = spec_is(key, "memory");
    if (!memory && !spec_is(key, "let") && !spec_is(key, "set") && !spec_is(key, "require"))
        return false;
    grade_spec_function *in = inputs_of(pr);
    int before = in->arg_count;
    p->fn = in;
    if (memory)
        spec_parse_arg(p);
    else
        spec_function_statement(p, key, 0);
    p->fn = NULL;
    if (memory && in->arg_count > before) {
        grade_spec_arg *a = &in->args[in->arg_count - 1];
        if (a->gen.kind == GRADE_GEN_FILE_NAME) {
            src_loc at = {.file = p->file, .line = p->line, .col = a->gen.col ? a->gen.col : 1,
                          .len = 1};
            diag_error(p->sink, at, "a program's memory input is words or bytes in memory, "
                       "not a file's name");
            p->failed = true, p->errors++;
            spec_gen_free(&a->gen);
            in->arg_count--;
        }
    }
    return true;
}

void spec_program_keys(spec_parser *p, const spec_tok *key)
{
    grade_spec_program *pr = p->prog;
    grade_spec_function *in = inputs_of(pr);
    for (int a = 0; a < in->arg_count; a++)
        if (in->args[a].reg == GRADE_SPEC_AT_KEYS) {
            spec_error(p, key, "the test's stdin is already given");
            return;
        }
    /* the generator ends where `then` begins: the line is cut there */
    int then = p->pos;
    while (then < p->count && !spec_is(&p->toks[then], "then"))
        then++;
    int count = p->count, before = in->arg_count;
    spec_tok cut = p->toks[then];
    p->toks[then].kind = TOK_END, p->count = then;
    p->pos = (int)(key - p->toks);
    p->fn = in;
    spec_parse_arg(p); /* reads `stdin` as the place, then NAME = GENERATOR */
    p->fn = NULL;
    p->toks[then] = cut, p->count = count, p->pos = then;
    if (in->arg_count == before)
        return;
    grade_spec_arg *a = &in->args[in->arg_count - 1];
    const char *why = a->gen.kind != GRADE_GEN_STRING ? "keys are drawn as a string: stdin "
                                                        "NAME = string LO..HI SET" : NULL;
    if (!why && then < count) {
        spec_next(p);
        const spec_tok *text = spec_next(p);
        if (text->kind != TOK_STRING) {
            spec_error(p, text, "expected the keys typed after the drawn ones, in quotes");
        } else if (spec_line_ends(p)) {
            if (!(pr->stdin_then = malloc(text->text_len + 1)))
                abort();
            memcpy(pr->stdin_then, text->text, text->text_len + 1);
            pr->stdin_then_len = text->text_len;
        }
    }
    if (why) {
        src_loc at = {.file = p->file, .line = p->line, .col = a->gen.col ? a->gen.col : 1,
                      .len = 1};
        diag_error(p->sink, at, "%s", why);
        p->failed = true, p->errors++;
        spec_gen_free(&a->gen);
        in->arg_count--;
    }
}

/* `memory LO..HI` or `memory ADDR`: a range of words. */
static bool range(spec_parser *p, grade_spec_result *r)
{
    const spec_tok *t = spec_next(p);
    const char *dots = NULL;
    for (int i = 0; t->kind == TOK_WORD && i + 1 < t->len && !dots; i++)
        if (t->start[i] == '.' && t->start[i + 1] == '.')
            dots = t->start + i;
    size_t first = dots ? (size_t)(dots - t->start) : (size_t)t->len;
    bool ok = t->kind == TOK_WORD && address_in(p, t->start, first, &r->lo);
    r->hi = r->lo;
    if (ok && dots)
        ok = address_in(p, dots + 2, (size_t)(t->start + t->len - dots - 2), &r->hi);
    unsigned unit = p->isa->word_elements ? 1 : 4;
    const char *why = !ok ? "expected the words' addresses: memory ADDR or memory LO..HI"
                      : r->hi < r->lo ? "the range ends before it starts"
                      : (r->lo % unit || (r->hi - r->lo) % unit) ? "a word's address is a "
                                                                   "multiple of 4"
                      : (r->hi - r->lo) / unit >= GRADE_SPEC_RANGE_WORDS ? "a range holds at "
                                                                           "most 256 words"
                                                                         : NULL;
    if (why) {
        spec_error(p, t, "%s", why);
        return false;
    }
    r->kind = GRADE_RESULT_RANGE;
    return true;
}

bool spec_program_compare_results(spec_parser *p, const spec_tok *first)
{
    grade_spec_program *pr = p->prog;
    p->pos--; /* first again */
    const spec_tok *t;
    while ((t = spec_peek(p))->kind != TOK_END) {
        if (pr->result_count == GRADE_SPEC_RESULTS_MAX) {
            spec_error(p, t, "a program test checks at most %d results", GRADE_SPEC_RESULTS_MAX);
            return false;
        }
        grade_spec_result *r = &pr->results[pr->result_count];
        memset(r, 0, sizeof *r);
        int reg = t->kind == TOK_WORD ? spec_register(p, t->start, (size_t)t->len) : -1;
        int arg = pr->inputs ? spec_find_arg(pr->inputs, t) : -1;
        spec_next(p);
        if (spec_is(t, "memory")) {
            if (!range(p, r))
                return false;
        } else if (reg >= 0) {
            r->kind = GRADE_RESULT_REG, r->reg = reg;
        } else if (arg >= 0 && spec_gen_is_pointer(&pr->inputs->args[arg].gen) &&
                   pr->inputs->args[arg].reg == GRADE_SPEC_AT_ADDRESS) {
            r->kind = GRADE_RESULT_INPUT, r->arg = arg;
        } else {
            spec_error(p, t, "expected what the program must leave: output, %sa register, "
                       "'memory ADDR' or 'memory LO..HI', or a memory input's name",
                       p->isa->no_files ? "" : "files, ");
            return false;
        }
        pr->result_count++;
    }
    (void)first;
    return true;
}

void spec_program_data_check(spec_parser *p, grade_spec_program *pr)
{
    if (pr->cases == 0)
        pr->cases = 1;
    if (!pr->inputs)
        return;
    const grade_spec_function *in = pr->inputs;
    /* two inputs over the same words would overwrite each other */
    unsigned unit = p->isa->word_elements ? 1 : 0;
    for (int a = 0; a < in->arg_count; a++)
        for (int b = 0; b < a; b++) {
            const grade_spec_arg *x = &in->args[a], *y = &in->args[b];
            if (x->reg == GRADE_SPEC_AT_KEYS || y->reg == GRADE_SPEC_AT_KEYS)
                continue; /* typed, not in memory */
            uint32_t xs = unit ? spec_gen_max_words(&x->gen) : spec_gen_max_bytes(&x->gen);
            uint32_t ys = unit ? spec_gen_max_words(&y->gen) : spec_gen_max_bytes(&y->gen);
            if (!spec_gen_is_pointer(&x->gen))
                xs = unit ? 1 : 4;
            if (!spec_gen_is_pointer(&y->gen))
                ys = unit ? 1 : 4;
            if (x->address < y->address + ys && y->address < x->address + xs) {
                src_loc at = {.file = p->file, .line = x->line, .col = x->col, .len = 1};
                diag_error(p->sink, at, "the memory input %s may overlap %s (line %d): give "
                           "them addresses apart", x->name, y->name, y->line);
                p->failed = true;
            }
        }
}

void spec_program_data_free(grade_spec_program *pr)
{
    grade_spec_function *fn = pr->inputs;
    if (!fn) {
        free(pr->stdin_then);
        pr->stdin_then = NULL;
        return;
    }
    spec_function_free(fn);
    free(fn);
    pr->inputs = NULL;
    free(pr->stdin_then);
    pr->stdin_then = NULL;
}
