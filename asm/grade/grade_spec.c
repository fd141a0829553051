/* The spec's lines and blocks: the top-level keys, a function's and a
 * program's keys, the hand-written cases, and the checks on the whole file
 * once it is read. */
#include "grade_spec_impl.h"

#include <stdlib.h>
#include <string.h>

#include "grade_similarity.h"

void *spec_grow(void *items, int count, size_t size)
{
    if (count != 0 && (count & (count - 1)) != 0)
        return items; /* room doubles when count reaches a power of two */
    void *grown = realloc(items, (size_t)(count ? 2 * count : 1) * size);
    if (!grown)
        abort();
    return grown;
}

/* No more tokens on the line, or an error at the first. */
bool spec_line_ends(spec_parser *p)
{
    const spec_tok *t = spec_peek(p);
    if (t->kind == TOK_END)
        return true;
    spec_error(p, t, "unexpected '%.*s' at the end of the statement", t->len, t->start);
    return false;
}

bool spec_positive_number(spec_parser *p, int64_t max, const char *what, int64_t *value)
{
    const spec_tok *t = spec_next(p);
    if (!spec_number(t, value) || *value < 0 || *value > max) {
        spec_error(p, t, "expected %s: a number from 0 to %lld", what, (long long)max);
        return false;
    }
    return spec_line_ends(p);
}

bool spec_points(spec_parser *p, double *out)
{
    int64_t v;
    if (!spec_positive_number(p, 10000, "the points", &v))
        return false;
    *out = (double)v;
    return true;
}

/* A list of registers and ranges (`$s0-$s7 $fp`) into a mask. */
static bool registers(spec_parser *p, uint64_t *mask)
{
    *mask = 0;
    const spec_tok *t;
    while ((t = spec_next(p))->kind == TOK_WORD) {
        const char *dash = memchr(t->start + 1, '-', (size_t)(t->len > 1 ? t->len - 1 : 0));
        int lo = spec_register(p, t->start, dash ? (size_t)(dash - t->start) : (size_t)t->len);
        int hi = dash ? spec_register(p, dash + 1, (size_t)(t->start + t->len - dash - 1)) : lo;
        if (lo < 0 || hi < 0 || hi < lo || hi > 63) {
            spec_error(p, t, "'%.*s' is not a %s register or a range of them (first-last)",
                       t->len, t->start, p->isa->name);
            return false;
        }
        for (int r = lo; r <= hi; r++)
            *mask |= UINT64_C(1) << r;
    }
    if (t->kind != TOK_END) {
        spec_error(p, t, "expected register names");
        return false;
    }
    return true;
}

static void rules(spec_parser *p)
{
    static const struct { const char *name; unsigned bit; } known[] = {
        {"no-data", GRADE_RULE_NO_DATA}, {"no-main", GRADE_RULE_NO_MAIN},
        {"no-underscore-labels", GRADE_RULE_NO_UNDERSCORE}, {"no-include", GRADE_RULE_NO_INCLUDE},
        {"all", GRADE_RULE_ALL},
    };
    const spec_tok *t;
    while ((t = spec_next(p))->kind != TOK_END) {
        size_t i = 0;
        while (i < sizeof known / sizeof known[0] && !spec_is(t, known[i].name))
            i++;
        if (i == sizeof known / sizeof known[0]) {
            spec_error(p, t, "'%.*s' is not a rule (no-data, no-main, no-underscore-labels, "
                       "no-include, all)", t->len, t->start);
            return;
        }
        p->spec->rules |= known[i].bit;
    }
}

/* A word or string as a malloc'd string. */
char *spec_text_of(const spec_tok *t)
{
    char *s = t->kind == TOK_STRING ? strdup(t->text) : strndup(t->start, (size_t)t->len);
    if (!s)
        abort();
    return s;
}

static void top_statement(spec_parser *p, const spec_tok *key)
{
    grade_spec *s = p->spec;
    if (spec_is(key, "title")) {
        const spec_tok *t = spec_next(p);
        if (t->kind != TOK_STRING)
            spec_error(p, t, "expected the title in quotes");
        else if (spec_line_ends(p))
            snprintf(s->title, sizeof s->title, "%s", t->text);
    } else if (spec_is(key, "reference")) {
        const spec_tok *t = spec_next(p);
        if (t->kind != TOK_WORD && t->kind != TOK_STRING) {
            spec_error(p, t, "expected the reference solution's path");
        } else if (s->reference) {
            spec_error(p, key, "the reference is already named");
        } else if (spec_line_ends(p)) {
            char *name = spec_text_of(t);
            size_t size = strlen(s->dir) + strlen(name) + 2;
            s->reference = malloc(size);
            if (!s->reference)
                abort();
            if (name[0] == '/')
                snprintf(s->reference, size, "%s", name);
            else
                snprintf(s->reference, size, "%s/%s", s->dir, name);
            free(name);
        }
    } else if (spec_is(key, "rules")) {
        rules(p);
    } else if (spec_is(key, "preserve")) {
        registers(p, &s->preserved);
    } else if (spec_is(key, "function") || spec_is(key, "program")) {
        const spec_tok *name = spec_next(p);
        if (name->kind != TOK_WORD || name->len >= GRADE_SPEC_NAME_MAX) {
            spec_error(p, name, "expected the %s's name after '%.*s'",
                       spec_is(key, "function") ? "function" : "test", key->len, key->start);
            return;
        }
        if (!spec_line_ends(p))
            return;
        if (spec_is(key, "function")) {
            for (int i = 0; i < s->function_count; i++)
                if (spec_tok_equal(name, s->functions[i].name))
                    spec_error(p, name, "function %.*s is already graded above", name->len,
                               name->start);
            s->functions = spec_grow(s->functions, s->function_count, sizeof *s->functions);
            grade_spec_function *fn = p->fn = &s->functions[s->function_count++];
            memset(fn, 0, sizeof *fn);
            memcpy(fn->name, name->start, (size_t)name->len);
            fn->cases = GRADE_SPEC_DEFAULT_CASES;
            fn->budget_base = GRADE_SPEC_DEFAULT_BUDGET;
            fn->budget_of = -1;
            fn->preserved = UINT64_MAX; /* the default, decided at the end */
            fn->line = p->line;
        } else {
            s->programs = spec_grow(s->programs, s->program_count, sizeof *s->programs);
            grade_spec_program *pr = p->prog = &s->programs[s->program_count++];
            memset(pr, 0, sizeof *pr);
            memcpy(pr->name, name->start, (size_t)name->len);
            pr->budget = GRADE_SPEC_PROGRAM_BUDGET;
            pr->line = p->line;
        }
    } else {
        spec_error(p, key, "'%.*s' is not a key of a spec (title, reference, rules, preserve, "
                   "function, program)", key->len, key->start);
    }
}

static bool operand(spec_parser *p, grade_operand *o)
{
    const spec_tok *t = spec_next(p);
    int64_t v;
    if (spec_number(t, &v) || t->kind == TOK_CHAR) {
        o->kind = GRADE_OPND_NUMBER;
        o->number = t->kind == TOK_CHAR ? (uint8_t)t->text[0] : (int32_t)v;
        return true;
    }
    bool length = spec_is(t, "length");
    if (length)
        t = spec_next(p);
    o->arg = spec_find_arg(p->fn, t);
    if (o->arg < 0) {
        spec_error(p, t, "expected a number, an argument or 'length ARGUMENT'");
        return false;
    }
    bool pointer = spec_gen_is_pointer(&p->fn->args[o->arg].gen);
    if (pointer != length) {
        spec_error(p, t, length ? "'length' needs a string, array, buffer, struct or file"
                                : "%s is an address: compare its 'length' instead",
                   p->fn->args[o->arg].name);
        return false;
    }
    o->kind = length ? GRADE_OPND_LENGTH : GRADE_OPND_ARG;
    return true;
}

static void require(spec_parser *p, grade_spec_function *fn, const spec_tok *key)
{
    if (fn->require_count == 8) {
        spec_error(p, key, "a function has at most 8 preconditions");
        return;
    }
    grade_spec_require *r = &fn->requires[fn->require_count];
    r->line = p->line, r->col = key->col;
    static const char *const ops[] = {"<", "<=", ">", ">=", "==", "!="};
    if (!operand(p, &r->left))
        return;
    const spec_tok *op = spec_next(p);
    int k = 0;
    while (k < 6 && !(op->kind == TOK_OP && spec_tok_equal(op, ops[k])))
        k++;
    if (k == 6) {
        spec_error(p, op, "expected a comparison: < <= > >= == !=");
        return;
    }
    r->op = (grade_op)k;
    if (operand(p, &r->right) && spec_line_ends(p))
        fn->require_count++;
}

static void compare(spec_parser *p, grade_spec_function *fn)
{
    const spec_tok *t;
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
        if (spec_is(t, "output")) {
            c->kind = GRADE_CMP_OUTPUT;
        } else if (reg >= 0) {
            c->kind = GRADE_CMP_REG, c->reg = reg;
        } else if (arg >= 0 && spec_gen_is_pointer(&fn->args[arg].gen)) {
            c->kind = GRADE_CMP_MEMORY, c->arg = arg;
            if (spec_is(spec_peek(p), "mask")) {
                spec_next(p);
                const spec_tok *m = spec_next(p);
                int64_t v;
                if (!spec_number(m, &v) || v < 0 || v > 255) {
                    spec_error(p, m, "expected the bits that count in each byte (0..255)");
                    return;
                }
                c->mask = (uint8_t)v;
            }
        } else {
            spec_error(p, t, "expected what to compare: a register, a string, array, buffer, "
                       "struct or file argument, or output");
            return;
        }
        fn->compare_count++;
    }
}

static void syscalls(spec_parser *p, grade_spec_function *fn)
{
    const spec_tok *how = spec_next(p);
    bool allow = spec_is(how, "allow");
    if (!allow && !spec_is(how, "forbid")) {
        spec_error(p, how, "expected 'allow' or 'forbid' and syscall names");
        return;
    }
    uint64_t named = 0;
    const spec_tok *t;
    while ((t = spec_next(p))->kind != TOK_END) {
        int64_t n;
        int s = spec_number(t, &n) && n >= 0 && n < 64 ? (int)n
                : p->isa->syscall && t->kind == TOK_WORD ? p->isa->syscall(t->start, (size_t)t->len)
                                                         : -1;
        if (s < 0 || s > 63) {
            spec_error(p, t, "'%.*s' is not a %s syscall", t->len, t->start, p->isa->name);
            return;
        }
        named |= UINT64_C(1) << s;
    }
    fn->allowed_syscalls = allow ? named : ~named;
}

static void budget(spec_parser *p, grade_spec_function *fn)
{
    const spec_tok *t = spec_next(p);
    int64_t base, per;
    if (!spec_number(t, &base) || base <= 0 || base > 100000000) {
        spec_error(p, t, "expected the instructions a case may run: a number from 1 to "
                   "100000000");
        return;
    }
    fn->budget_base = (uint64_t)base;
    if (spec_peek(p)->kind == TOK_END)
        return;
    t = spec_next(p);
    const spec_tok *m = spec_next(p), *word = spec_next(p), *name = spec_next(p);
    if (!spec_is(t, "+") || !spec_number(m, &per) || per < 0 || per > 1000000 ||
        !spec_is(word, "per")) {
        spec_error(p, t, "expected 'budget N' or 'budget N + M per ARGUMENT'");
        return;
    }
    fn->budget_of = spec_find_arg(fn, name);
    if (fn->budget_of < 0) {
        spec_error(p, name, "expected the argument whose size the budget grows with");
        return;
    }
    fn->budget_per = (uint64_t)per;
    spec_line_ends(p);
}

static void open_case(spec_parser *p, grade_spec_function *fn, const spec_tok *key, int indent)
{
    const spec_tok *label = spec_next(p);
    /* A name without quotes is an error, but the case is opened all the
     * same: its lines are then read as a case's, not misreported. */
    if (label->kind != TOK_STRING)
        spec_error(p, label, "expected the case's name in quotes");
    else if (!spec_line_ends(p))
        return;
    if (fn->hand_count == 100) {
        spec_error(p, key, "a function has at most 100 hand-written cases");
        return;
    }
    fn->hand = spec_grow(fn->hand, fn->hand_count, sizeof *fn->hand);
    grade_spec_case *k = p->kase = &fn->hand[fn->hand_count++];
    memset(k, 0, sizeof *k);
    if (label->kind == TOK_STRING)
        snprintf(k->label, sizeof k->label, "%s", label->text);
    else
        snprintf(k->label, sizeof k->label, "%.*s", label->len, label->start);
    k->line = p->line;
    p->case_indent = indent;
}

static void function_statement(spec_parser *p, const spec_tok *key, int indent)
{
    grade_spec_function *fn = p->fn;
    int64_t v;
    p->kase = NULL;
    if (spec_is(key, "points")) {
        spec_points(p, &fn->points);
    } else if (spec_is(key, "cases")) {
        if (spec_positive_number(p, GRADE_SPEC_CASES_MAX, "the number of random cases", &v))
            fn->cases = (int)v;
    } else if (spec_is(key, "arg")) {
        if (fn->hand_count)
            spec_error(p, key, "the arguments come before the first case");
        else
            spec_parse_arg(p);
    } else if (spec_is(key, "require")) {
        require(p, fn, key);
    } else if (spec_is(key, "compare")) {
        compare(p, fn);
    } else if (spec_is(key, "preserve")) {
        registers(p, &fn->preserved);
    } else if (spec_is(key, "must-call")) {
        const spec_tok *t;
        while ((t = spec_next(p))->kind == TOK_WORD) {
            if (fn->must_call_count == 4 || t->len >= GRADE_SPEC_NAME_MAX) {
                spec_error(p, t, "at most 4 callees, each a label");
                return;
            }
            memcpy(fn->must_call[fn->must_call_count++], t->start, (size_t)t->len);
        }
        if (t->kind != TOK_END)
            spec_error(p, t, "expected the labels of the functions it must call");
    } else if (spec_is(key, "syscalls")) {
        syscalls(p, fn);
    } else if (spec_is(key, "budget")) {
        budget(p, fn);
    } else if (spec_is(key, "case")) {
        open_case(p, fn, key, indent);
    } else {
        spec_error(p, key, "'%.*s' is not a key of a function (points, cases, arg, require, "
                   "compare, preserve, must-call, syscalls, budget, case)", key->len, key->start);
    }
}

static void case_statement(spec_parser *p, const spec_tok *key)
{
    grade_spec_case *k = p->kase;
    if (spec_is(key, "expect")) {
        const spec_tok *r = spec_next(p), *eq = spec_next(p), *n = spec_next(p);
        int reg = r->kind == TOK_WORD ? spec_register(p, r->start, (size_t)r->len) : -1;
        int64_t v;
        if (reg < 0)
            spec_error(p, r, "expected the register whose value is given");
        else if (eq->kind != TOK_OP || !spec_tok_equal(eq, "="))
            spec_error(p, eq, "expected '=' and the value");
        else if (!(spec_number(n, &v) || n->kind == TOK_CHAR) || v < INT32_MIN || v > UINT32_MAX)
            spec_error(p, n, "expected the value: a 32-bit number or 'c'");
        else if (k->expect_count == 4)
            spec_error(p, r, "a case gives at most 4 registers");
        else if (spec_line_ends(p))
            k->expects[k->expect_count++] =
                (grade_spec_expect){reg, n->kind == TOK_CHAR ? (uint8_t)n->text[0] : (int32_t)v};
        return;
    }
    const spec_tok *eq = &p->toks[p->pos];
    if (eq->kind == TOK_OP && spec_tok_equal(eq, "=")) {
        p->pos--; /* the name again */
        spec_parse_case_value(p);
        return;
    }
    spec_error(p, key, "expected 'NAME = VALUE' or 'expect REGISTER = VALUE' in a case");
}

/* One line: its indentation decides which block it belongs to. */
static void statement(spec_parser *p, int indent)
{
    const spec_tok *key = spec_next(p);
    if (key->kind != TOK_WORD) {
        spec_error(p, key, "a statement begins with a key word");
        return;
    }
    if (indent == 0) {
        p->fn = NULL, p->prog = NULL, p->kase = NULL;
        top_statement(p, key);
    } else if (p->fn && p->kase && indent > p->case_indent) {
        case_statement(p, key);
    } else if (p->fn) {
        function_statement(p, key, indent);
    } else if (p->prog) {
        spec_program_statement(p, key);
    } else {
        spec_error(p, key, "an indented line belongs under 'function NAME' or 'program NAME'");
    }
}

/* The whole file's checks, at the line of what they are about. */
static void check_spec(spec_parser *p)
{
    grade_spec *s = p->spec;
    src_loc top = {.file = p->file, .line = 1, .col = 1, .len = 1};
    if (!s->reference) {
        diag_error(p->sink, top, "the spec names no reference solution (reference PATH)");
        p->failed = true;
    }
    if (s->function_count == 0 && s->program_count == 0) {
        diag_error(p->sink, top, "the spec grades nothing: no function or program block");
        p->failed = true;
    }
    for (int i = 0; i < s->function_count; i++) {
        grade_spec_function *fn = &s->functions[i];
        src_loc at = {.file = p->file, .line = fn->line, .col = 1, .len = 8};
        uint32_t bytes = 0;
        for (int a = 0; a < fn->arg_count; a++)
            bytes += (spec_gen_max_bytes(&fn->args[a].gen) + 3) / 4 * 4 + 16;
        if (fn->preserved == UINT64_MAX)
            fn->preserved = s->preserved;
        const char *why = fn->points <= 0 ? "has no points (points N)"
                          : fn->compare_count == 0 ? "compares nothing (compare $v0, a "
                                                     "writable argument or output)"
                          : bytes > GRADE_SPEC_WINDOW ? "has arguments too big for the data "
                                                        "window (28 KiB in all)"
                          : NULL;
        if (why) {
            diag_error(p->sink, at, "function %s %s", fn->name, why);
            p->failed = true;
        }
        for (int c = 0; c < fn->compare_count; c++)
            if (fn->compares[c].kind == GRADE_CMP_OUTPUT)
                fn->allowed_syscalls |= UINT64_C(1) << 1 | UINT64_C(1) << 4 | UINT64_C(1) << 11;
    }
    for (int i = 0; i < s->program_count; i++)
        if (s->programs[i].points <= 0) {
            src_loc at = {.file = p->file, .line = s->programs[i].line, .col = 1, .len = 7};
            diag_error(p->sink, at, "program %s has no points (points N)", s->programs[i].name);
            p->failed = true;
        }
}

bool grade_spec_parse(const source_file *file, const grade_spec_isa *isa, diag_sink *sink,
                      grade_spec *spec)
{
    memset(spec, 0, sizeof *spec);
    spec->path = strdup(file->path);
    const char *slash = strrchr(file->path, '/');
    spec->dir = slash ? strndup(file->path, (size_t)(slash - file->path)) : strdup(".");
    if (!spec->path || !spec->dir)
        abort();
    if (slash == file->path)
        spec->dir[0] = '/', spec->dir[1] = '\0';
    spec->preserved = isa->default_preserved;
    spec_parser p = {.file = file, .isa = isa, .sink = sink, .spec = spec};
    for (int line = 1; line <= file->line_count; line++) {
        size_t len;
        const char *text = source_line(file, line, &len);
        if (!text)
            break;
        if (len > 4096) {
            src_loc at = {.file = file, .line = line, .col = 1, .len = 1};
            diag_error(sink, at, "the line is longer than 4096 bytes");
            p.failed = true;
            continue;
        }
        p.line = line;
        int indent = 0;
        while ((size_t)indent < len && (text[indent] == ' ' || text[indent] == '\t'))
            indent++;
        if (spec_lex_line(&p, text, (int)len) && p.count > 0)
            statement(&p, indent);
        spec_free_tokens(&p);
    }
    check_spec(&p);
    return !p.failed;
}

bool grade_spec_load(const char *path, const grade_spec_isa *isa, diag_sink *sink,
                     grade_spec *spec)
{
    memset(spec, 0, sizeof *spec);
    const char *why = "";
    source_file *file = source_load(path, &why);
    if (!file) {
        src_loc none = {0};
        diag_error(sink, none, "cannot read the spec %s: %s", path, why);
        return false;
    }
    bool ok = grade_spec_parse(file, isa, sink, spec);
    source_free(file);
    return ok;
}

void grade_spec_free(grade_spec *spec)
{
    for (int i = 0; i < spec->function_count; i++) {
        grade_spec_function *fn = &spec->functions[i];
        for (int a = 0; a < fn->arg_count; a++)
            spec_gen_free(&fn->args[a].gen);
        for (int k = 0; k < fn->hand_count; k++)
            for (int a = 0; a < GRADE_SPEC_ARGS_MAX; a++)
                spec_gen_free(&fn->hand[k].set[a]);
        free(fn->hand);
    }
    for (int i = 0; i < spec->program_count; i++) {
        grade_spec_program *pr = &spec->programs[i];
        for (int a = 0; a < pr->arg_count; a++)
            free(pr->args[a]);
        free(pr->args);
        free(pr->stdin_text);
        free(pr->expect);
    }
    free(spec->functions);
    free(spec->programs);
    free(spec->reference);
    free(spec->path);
    free(spec->dir);
    memset(spec, 0, sizeof *spec);
}

double grade_spec_points(const grade_spec *spec)
{
    double total = 0;
    for (int i = 0; i < spec->function_count; i++)
        total += spec->functions[i].points;
    for (int i = 0; i < spec->program_count; i++)
        total += spec->programs[i].points;
    return total;
}
