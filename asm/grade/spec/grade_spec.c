/* The spec's lines: which block each belongs to, the top-level keys and
 * the checks on the whole file once it is read (grade_spec_operands.c:
 * what every block's statements share). */
#include "grade_spec_expr.h"
#include "grade_spec_impl.h"
#include "grade_submission.h"

#include <stdlib.h>
#include <string.h>

static void rules(spec_parser *p)
{
    static const struct { const char *name; unsigned bit; } known[] = {
        {"no-data", GRADE_RULE_NO_DATA}, {"no-main", GRADE_RULE_NO_MAIN},
        {"no-underscore-labels", GRADE_RULE_NO_UNDERSCORE}, {"no-include", GRADE_RULE_NO_INCLUDE},
        {"all", GRADE_RULE_ALL},
    };
    const spec_tok *t;
    if (spec_peek(p)->kind == TOK_END) { /* a rules line that checks nothing */
        spec_error(p, spec_peek(p), "expected the rules (no-data, no-main, "
                   "no-underscore-labels, no-include, all)");
        return;
    }
    while ((t = spec_next(p))->kind != TOK_END) {
        size_t i = 0;
        while (i < sizeof known / sizeof known[0] && !spec_is(t, known[i].name))
            i++;
        if (i == sizeof known / sizeof known[0]) {
            spec_error(p, t, "'%.*s' is not a rule (no-data, no-main, no-underscore-labels, "
                       "no-include, all)", t->len, t->start);
            return;
        }
        unsigned has = GRADE_RULE_ALL & ~p->isa->rules_absent;
        unsigned bit = known[i].bit == GRADE_RULE_ALL ? has : known[i].bit;
        if (!bit || (bit & ~has)) {
            spec_error(p, t, "the %s has no rule '%.*s' (its programs have no .data, main or "
                       ".include)", p->isa->name, t->len, t->start);
            return;
        }
        p->spec->rules |= bit;
    }
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
    } else if (spec_is(key, "include")) {
        spec_includes(p, key);
    } else if (spec_is(key, "preserve")) {
        spec_registers(p, &s->preserved);
    } else if (spec_is(key, "seed")) {
        int64_t v;
        if (spec_positive_number(p, UINT32_MAX, "the seed", &v))
            s->seed = (uint64_t)v;
    } else if (spec_is(key, "record")) {
        spec_record_start(p);
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
            grade_spec_function *grown = grow_array(s->functions, &s->function_cap,
                                                    (size_t)s->function_count + 1, sizeof *grown);
            if (!grown) {
                spec_error(p, name, "out of memory");
                return;
            }
            s->functions = grown;
            grade_spec_function *fn = p->fn = &s->functions[s->function_count++];
            memset(fn, 0, sizeof *fn);
            memcpy(fn->name, name->start, (size_t)name->len);
            fn->cases = GRADE_SPEC_DEFAULT_CASES;
            fn->budget_base = GRADE_SPEC_DEFAULT_BUDGET;
            fn->budget_of = -1;
            fn->preserved = UINT64_MAX; /* the default, decided at the end */
            fn->line = p->line;
        } else {
            grade_spec_program *grown = grow_array(s->programs, &s->program_cap,
                                                   (size_t)s->program_count + 1, sizeof *grown);
            if (!grown) {
                spec_error(p, name, "out of memory");
                return;
            }
            s->programs = grown;
            grade_spec_program *pr = p->prog = &s->programs[s->program_count++];
            memset(pr, 0, sizeof *pr);
            memcpy(pr->name, name->start, (size_t)name->len);
            pr->budget = GRADE_SPEC_PROGRAM_BUDGET;
            pr->line = p->line;
        }
    } else {
        spec_error(p, key, "'%.*s' is not a key of a spec (title, reference, rules, include, "
                   "preserve, seed, record, function, program)", key->len, key->start);
    }
}

typedef enum spec_block { BLOCK_TOP, BLOCK_FUNCTION, BLOCK_PROGRAM, BLOCK_CASE, BLOCK_RECORD }
    spec_block;

/* How messages name key when its block gives it at most once, or NULL for
 * a key that repeats (arg, let, set, require, compare of a function,
 * must-call, case, expect) or that checks itself (reference, stdin,
 * expect of a program). */
static const char *once_key(spec_block block, const spec_tok *key)
{
    typedef struct { const char *word, *named; } once_name;
    static const once_name top[] = {{"title", "'title'"}, {"rules", "'rules'"},
                                    {"preserve", "'preserve'"}, {"seed", "'seed'"}, {0}};
    static const once_name function[] = {{"points", "'points'"}, {"cases", "'cases'"},
                                         {"preserve", "'preserve'"}, {"budget", "'budget'"},
                                         {0}};
    static const once_name program[] = {{"points", "'points'"}, {"args", "'args'"},
                                        {"randomize", "'randomize'"}, {"budget", "'budget'"},
                                        {0}};
    const once_name *names = block == BLOCK_TOP ? top : block == BLOCK_FUNCTION ? function
                             : block == BLOCK_PROGRAM ? program : NULL;
    for (int i = 0; names && names[i].word; i++)
        if (spec_is(key, names[i].word))
            return names[i].named;
    const spec_tok *how = key + 1; /* the word after the key, or the line's end */
    if (block == BLOCK_FUNCTION && spec_is(key, "syscalls"))
        return spec_is(how, "require") ? "'syscalls require'"
               : spec_is(how, "allow") || spec_is(how, "forbid")
                   ? "'syscalls allow' or 'syscalls forbid'" : NULL;
    if (block == BLOCK_PROGRAM && spec_is(key, "compare"))
        return spec_is(how, "output") ? "'compare output'"
               : spec_is(how, "files") ? "'compare files'" : NULL;
    return NULL;
}

/* False, after an error, when the block already gave key; a line that
 * failed does not count as given. */
static bool first_time(spec_parser *p, spec_block block, const spec_tok *key,
                       const char **once)
{
    *once = once_key(block, key);
    const spec_once *seen = block == BLOCK_TOP ? p->top_once : p->block_once;
    int count = block == BLOCK_TOP ? p->top_once_count : p->block_once_count;
    for (int i = 0; *once && i < count; i++)
        if (!strcmp(seen[i].key, *once)) {
            spec_error(p, key, "%s is already given on line %d (give it once)", *once,
                       seen[i].line);
            return false;
        }
    return true;
}

static void given(spec_parser *p, spec_block block, const char *once)
{
    spec_once *seen = block == BLOCK_TOP ? p->top_once : p->block_once;
    int *count = block == BLOCK_TOP ? &p->top_once_count : &p->block_once_count;
    if (once && *count < SPEC_ONCE_KEYS)
        seen[(*count)++] = (spec_once){once, p->line};
}

/* One line: its indentation decides which block it belongs to. */
static void statement(spec_parser *p, int indent)
{
    const spec_tok *key = spec_next(p);
    if (key->kind != TOK_WORD) {
        spec_error(p, key, "a statement begins with a key word");
        return;
    }
    spec_block block = indent == 0 ? BLOCK_TOP
                       : p->rec ? BLOCK_RECORD
                       : p->fn && p->kase && indent > p->case_indent ? BLOCK_CASE
                       : p->fn ? BLOCK_FUNCTION : BLOCK_PROGRAM;
    if (block == BLOCK_PROGRAM && !p->prog) {
        spec_error(p, key, "an indented line belongs under 'function NAME' or 'program NAME'");
        return;
    }
    const char *once;
    if (!first_time(p, block, key, &once))
        return;
    int errors = p->errors;
    if (block == BLOCK_TOP) {
        p->fn = NULL, p->prog = NULL, p->kase = NULL, p->rec = NULL;
        top_statement(p, key);
        if (p->fn || p->prog)
            p->block_once_count = 0; /* a new block gives its keys afresh */
    } else if (block == BLOCK_RECORD) {
        spec_record_statement(p, key);
    } else if (block == BLOCK_CASE) {
        spec_case_statement(p, key);
    } else if (block == BLOCK_FUNCTION) {
        spec_function_statement(p, key, indent);
    } else {
        spec_program_statement(p, key);
    }
    if (p->errors == errors)
        given(p, block, once);
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
    if (s->include_line && (s->rules & GRADE_RULE_NO_INCLUDE)) {
        src_loc at = {.file = p->file, .line = s->include_line, .col = 1, .len = 7};
        diag_error(p->sink, at, "include allows what the rule no-include forbids (with "
                   "include, name the other rules: no-data no-main no-underscore-labels)");
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
                          : fn->compare_count == 0 ? "compares nothing (compare a register, a "
                                                     "writable argument or output)"
                          : bytes > GRADE_SPEC_WINDOW ? "has arguments too big for the data "
                                                        "window (28 KiB in all)"
                          : NULL;
        bool counted = !fn->budget_call[0];
        for (int c = 0; c < fn->must_call_count && !counted; c++)
            counted = !strcmp(fn->must_call[c], fn->budget_call);
        if (!why && !counted && fn->must_call_count == 4)
            why = "counts the calls of a fifth callee (at most 4 with its budget's)";
        if (!why && fn->cases == 0 && fn->hand_count == 0) {
            /* It would score nothing and vanish from the report. */
            src_loc cases = {.file = p->file, .line = fn->cases_line, .col = fn->cases_col,
                             .len = 1};
            diag_error(p->sink, cases, "function %s has no case: 'cases 0' and no hand-written "
                       "case (case \"LABEL\")", fn->name);
            p->failed = true;
        }
        if (why) {
            diag_error(p->sink, at, "function %s %s", fn->name, why);
            p->failed = true;
        }
        for (int c = 0; c < fn->compare_count; c++)
            if (fn->compares[c].kind == GRADE_CMP_OUTPUT)
                fn->allowed_syscalls |= p->isa->print_syscalls;
    }
    for (int i = 0; i < s->program_count; i++)
        spec_program_data_check(p, &s->programs[i]);
    for (int i = 0; i < s->program_count; i++)
        if (s->programs[i].points <= 0) {
            src_loc at = {.file = p->file, .line = s->programs[i].line, .col = 1, .len = 7};
            diag_error(p->sink, at, "program %s has no points (points N)", s->programs[i].name);
            p->failed = true;
        } else if (s->programs[i].expect_wins && !s->programs[i].expect) {
            src_loc at = {.file = p->file, .line = s->programs[i].line, .col = 1, .len = 7};
            diag_error(p->sink, at, "program %s says expect wins but writes no expect "
                       "(expect \"TEXT\" or expect file PATH)", s->programs[i].name);
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
    spec->seed = grade_seed_of(file); /* unless the spec names one */
    spec_parser p = {.file = file, .isa = isa, .sink = sink, .spec = spec};
    p.toks = calloc(SPEC_LINE_TOKENS + 1, sizeof *p.toks);
    if (!p.toks)
        abort();
    for (int line = 1; line <= file->line_count;) {
        int first = line;
        if (!spec_join_lines(&p, &line))
            continue;
        p.line = first;
        const char *text = p.joined;
        int len = (int)p.joined_len;
        int indent = 0;
        while (indent < len && (text[indent] == ' ' || text[indent] == '\t'))
            indent++;
        if (spec_lex_line(&p, text, len) && p.count > 0)
            statement(&p, indent);
        spec_free_tokens(&p);
    }
    free(p.toks);
    free(p.joined);
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
