/* A function case's runs compared: the submission's against the
 * reference's (or the case's written answers), and the reference's
 * against the spec, with each value shown as the report shows it (a
 * character as one, a number signed in the machine's word). A part of
 * the engine (grade_spec_engine.c). */
#include "grade_spec_engine.h"
#include "grade_spec_memory.h"
#include "grade_spec_words.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A register's value as a number: signed in the machine's word. */
static int32_t as_signed(const grade_spec_engine *e, uint32_t v)
{
    uint32_t mask = e->machine->word_mask, sign = (mask >> 1) + 1;
    v &= mask;
    return (int32_t)((v ^ sign) - sign);
}

/* "abc\n" shown in a message, cut to 60 bytes. */
static void show_text(const char *s, size_t len, char *buf, size_t size)
{
    size_t n = 0;
    for (size_t i = 0; i < len && n + 8 < size && i < 60; i++) {
        unsigned char c = (unsigned char)s[i];
        n += (size_t)snprintf(buf + n, size - n, c == '\n' ? "\\n" : c >= ' ' && c < 127 &&
                              c != '"' && c != '\\' ? "%c" : "\\x%02x", c);
    }
    snprintf(buf + n, size - n, "%s", len > 60 ? "..." : "");
}

/* A character result as a TA reads it: ':' (58), '\n' (10), or the
 * number alone when it is no printable character. */
static const char *show_char(const grade_spec_engine *e, uint32_t v, char *buf, size_t size)
{
    int32_t n = as_signed(e, v);
    if (n >= ' ' && n < 127 && n != '\'' && n != '\\')
        snprintf(buf, size, "'%c' (%" PRId32 ")", (char)n, n);
    else if (n == '\n' || n == '\t' || n == 0 || n == '\'' || n == '\\')
        snprintf(buf, size, "'\\%c' (%" PRId32 ")", n == '\n' ? 'n' : n == '\t' ? 't'
                 : n == 0 ? '0' : (char)n, n);
    else
        snprintf(buf, size, "%" PRId32, n);
    return buf;
}

static int sign_of(const grade_spec_engine *e, uint32_t v)
{
    int32_t s = as_signed(e, v);
    return s < 0 ? -1 : s > 0;
}

/* Whether a register's value meets a hand-written case's `expect`. */
static bool meets(const grade_spec_engine *e, uint32_t v, const grade_spec_expect *x)
{
    if (x->op == GRADE_EQ)
        return (v & e->machine->word_mask) == ((uint32_t)x->value & e->machine->word_mask);
    return grade_spec_compare_values(x->op, as_signed(e, v), x->value);
}

/* "expected 3", "expected < 0": an `expect`'s words in messages. */
static const char *const expect_words[] = {"< ", "<= ", "> ", ">= ", "", "!= "};

/* Whether the spec says register r holds a character (`compare char`). */
static bool compares_char(const grade_spec_function *fn, unsigned r)
{
    for (int k = 0; k < fn->compare_count; k++)
        if (fn->compares[k].kind == GRADE_CMP_REG && fn->compares[k].as_char &&
            fn->compares[k].reg == (int)r)
            return true;
    return false;
}

/* An expect's value as the report shows it: a character's as one (when
 * the register holds one and the expect is `=`), else its words. */
static const char *show_expect(const grade_spec_engine *e, const grade_spec_function *fn,
                               unsigned r, const grade_spec_expect *x, char *buf, size_t size)
{
    if (x->op == GRADE_EQ && compares_char(fn, r))
        return show_char(e, (uint32_t)x->value, buf, size);
    snprintf(buf, size, "%s%" PRId32, expect_words[x->op], x->value);
    return buf;
}

/* A register's value as the report shows it: a character's as one. */
static const char *show_reg(const grade_spec_engine *e, const grade_spec_function *fn,
                            unsigned r, uint32_t v, char *buf, size_t size)
{
    if (compares_char(fn, r))
        return show_char(e, v, buf, size);
    snprintf(buf, size, "%" PRId32, as_signed(e, v));
    return buf;
}

static bool compares_register(const grade_spec_function *fn, unsigned r)
{
    for (int k = 0; k < fn->compare_count; k++)
        if (fn->compares[k].kind == GRADE_CMP_REG && fn->compares[k].reg == (int)r)
            return true;
    return false;
}

static const char *hex_prefix(const grade_spec_engine *e)
{
    return e->machine->isa->hex_prefix ? e->machine->isa->hex_prefix : "0x";
}

/* A pointer argument on a machine of word elements: its words (kept as
 * two little-endian bytes each in the runs' memory), the mask on the low
 * byte, where a character or a byte element is. */
static void compare_words(const grade_spec_engine *e, const grade_spec_function *fn,
                          const grade_spec_compare *c, const grade_spec_state *st,
                          const grade_spec_run *want, const grade_spec_run *got,
                          grade_findings *problems)
{
    const uint8_t *g = got->memory[c->arg], *w = want->memory[c->arg];
    if (fn->args[c->arg].gen.kind == GRADE_GEN_RECORDS) {
        grade_spec_compare_records(fn, c, st, g, w, true, hex_prefix(e), problems);
        return;
    }
    uint32_t count = grade_spec_words(&fn->args[c->arg].gen, &st->values[c->arg], NULL);
    uint16_t mask = (uint16_t)(0xff00 | c->mask);
    int shown = 0;
    for (uint32_t k = 0; k < count && shown < 4; k++) {
        uint16_t a = (uint16_t)(g[2 * k] | g[2 * k + 1] << 8);
        uint16_t b = (uint16_t)(w[2 * k] | w[2 * k + 1] << 8);
        if ((a ^ b) & mask) {
            grade_findings_add(problems, 0, 0, "the argument %s word %" PRIu32 " is %s%04X, "
                               "expected %s%04X", fn->args[c->arg].name, k, hex_prefix(e), a,
                               hex_prefix(e), b);
            shown++;
        }
    }
}

/* The submission's run against the reference's (or the case's answers). */
void grade_spec_compare_runs(const grade_spec_engine *e, const grade_spec_function *fn,
                             const grade_spec_case *hand, const grade_spec_state *st,
                             const grade_spec_run *want, const grade_spec_run *got,
                             uint64_t overruled, grade_findings *problems)
{
    char name[16];
    for (int i = 0; i < fn->compare_count; i++) {
        const grade_spec_compare *c = &fn->compares[i];
        if (c->kind == GRADE_CMP_REG && (overruled >> c->reg & 1))
            continue; /* the case's expect decides it (below) */
        if (c->kind == GRADE_CMP_REG && c->sign &&
            sign_of(e, got->regs[c->reg]) != sign_of(e, want->regs[c->reg])) {
            /* `compare sign`: "any negative number" */
            static const char *const signs[] = {"negative", "zero", "positive"};
            static const char *const wanted[] = {"a negative number", "zero",
                                                 "a positive number"};
            e->machine->register_name((unsigned)c->reg, name, sizeof name);
            grade_findings_add(problems, 0, 0, "%s is %" PRId32 " (%s), expected %s", name,
                               as_signed(e, got->regs[c->reg]),
                               signs[sign_of(e, got->regs[c->reg]) + 1],
                               wanted[sign_of(e, want->regs[c->reg]) + 1]);
        } else if (c->kind == GRADE_CMP_REG && c->as_char &&
                   got->regs[c->reg] != want->regs[c->reg]) {
            char a[24], b[24];
            e->machine->register_name((unsigned)c->reg, name, sizeof name);
            grade_findings_add(problems, 0, 0, "%s is %s, expected %s", name,
                               show_char(e, got->regs[c->reg], a, sizeof a),
                               show_char(e, want->regs[c->reg], b, sizeof b));
        } else if (c->kind == GRADE_CMP_REG && !c->sign &&
                   got->regs[c->reg] != want->regs[c->reg]) {
            e->machine->register_name((unsigned)c->reg, name, sizeof name);
            char hex[16];
            int digits = e->machine->word_mask > 0xffff ? 8 : 4;
            if (e->machine->isa->hex_prefix) /* the machine's own way: x002A */
                snprintf(hex, sizeof hex, "%s%0*" PRIX32, e->machine->isa->hex_prefix, digits,
                         got->regs[c->reg]);
            else
                snprintf(hex, sizeof hex, "0x%0*" PRIx32, digits, got->regs[c->reg]);
            grade_findings_add(problems, 0, 0, "%s is %" PRId32 " (%s), expected %" PRId32, name,
                               as_signed(e, got->regs[c->reg]), hex,
                               as_signed(e, want->regs[c->reg]));
        } else if (c->kind == GRADE_CMP_MEMORY && e->machine->isa->word_elements) {
            compare_words(e, fn, c, st, want, got, problems);
        } else if (c->kind == GRADE_CMP_MEMORY) {
            grade_spec_compare_memory(fn, c, st, got->memory[c->arg], want->memory[c->arg],
                                      problems);
        } else if (c->kind == GRADE_CMP_OUTPUT &&
                   (got->printed_len != want->printed_len ||
                    memcmp(got->printed, want->printed, got->printed_len) != 0)) {
            char a[512], b[512];
            show_text(got->printed, got->printed_len, a, sizeof a);
            show_text(want->printed, want->printed_len, b, sizeof b);
            grade_findings_add(problems, 0, 0, "printed \"%.60s\", expected \"%.60s\"", a, b);
        } else if (c->kind == GRADE_CMP_FILES) {
            grade_spec_files_compare(&got->files, &want->files, problems);
        } else if (c->kind == GRADE_CMP_LIST) {
            e->machine->register_name((unsigned)c->reg, name, sizeof name);
            grade_spec_list_compare(c, name, &got->lists[i], &want->lists[i], problems);
        }
    }
    uint64_t missed = fn->required_syscalls & want->syscalls & ~got->syscalls;
    for (unsigned s = 0; s < 64; s++)
        if (missed >> s & 1)
            grade_findings_add(problems, 0, 0, "made no syscall %u (the reference makes it on "
                               "this case, and the spec requires it)", s);
    for (int i = 0; hand && i < hand->expect_count; i++) {
        unsigned r = (unsigned)hand->expects[i].reg % GRADE_SPEC_REGS_MAX;
        /* a compared register matches the reference's, which was checked */
        if ((!compares_register(fn, r) || (overruled >> r & 1)) &&
            !meets(e, got->regs[r], &hand->expects[i])) {
            char a[32], b[32];
            e->machine->register_name(r, name, sizeof name);
            grade_findings_add(problems, 0, 0, "%s is %s, expected %s", name,
                               show_reg(e, fn, r, got->regs[r], a, sizeof a),
                               show_expect(e, fn, r, &hand->expects[i], b, sizeof b));
        }
    }
}

/* The reference must keep the spec on every case, and give the answers a
 * hand-written case writes out: else the spec (or the reference) is wrong.
 * Under `expect wins` a written answer is the truth: the reference's other
 * answer is a warning to the TA, and *overruled gets the register, whose
 * expect the submission is then held to instead of the reference. */
bool grade_spec_reference_keeps_spec(grade_spec_engine *e, const grade_spec_function *fn,
                                     const grade_spec_case *hand, const char *label,
                                     const grade_spec_run *want, uint64_t *overruled)
{
    *overruled = 0;
    if (want->problems.count > 0) {
        for (size_t i = 0; i < want->problems.count; i++)
            grade_spec_engine_error(e, "the spec is wrong: the reference solution fails %s %s: "
                                    "%s", fn->name, label, want->problems.items[i].text);
        return false;
    }
    char name[16];
    bool wins = fn->expect_wins || (hand && hand->expect_wins);
    for (int i = 0; hand && i < hand->expect_count; i++) {
        unsigned r = (unsigned)hand->expects[i].reg % GRADE_SPEC_REGS_MAX;
        if (meets(e, want->regs[r], &hand->expects[i]))
            continue;
        e->machine->register_name(r, name, sizeof name);
        if (wins) {
            char a[32], b[32];
            grade_spec_report_warn(e->report, "spec warning: on %s %s the "
                               "reference gives %s = %s, the spec %s (line %d): the spec's "
                               "counts (expect wins)", fn->name, label, name,
                               show_reg(e, fn, r, want->regs[r], a, sizeof a),
                               show_expect(e, fn, r, &hand->expects[i], b, sizeof b),
                               hand->line);
            *overruled |= UINT64_C(1) << r;
            continue;
        }
        grade_spec_engine_error(e, "the spec is wrong: on %s %s the reference solution "
                                "gives %s = %" PRId32 ", the spec expects %s%" PRId32
                                " (line %d)", fn->name, label, name,
                                as_signed(e, want->regs[r]),
                                expect_words[hand->expects[i].op], hand->expects[i].value,
                                hand->line);
        return false;
    }
    return true;
}
