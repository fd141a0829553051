/* A program test's results checked when it ends, for any ISA: registers,
 * ranges of words at fixed addresses, memory inputs it may change; each a
 * share of the test's points. */
#include "grade_spec_engine.h"
#include "grade_spec_memory.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static const char *hex_prefix(const grade_spec_engine *e)
{
    return e->machine->isa->hex_prefix ? e->machine->isa->hex_prefix : "0x";
}

static int32_t as_signed(const grade_spec_engine *e, uint32_t v)
{
    uint32_t mask = e->machine->word_mask, sign = (mask >> 1) + 1;
    v &= mask;
    return (int32_t)((v ^ sign) - sign);
}

/* The unit a result compares by, in bytes: a machine word of the LC-3 (2,
 * as the runs keep them), a MIPS word in a range, a MIPS input's byte. */
static unsigned unit_of(const grade_spec_engine *e, const grade_spec_result *r)
{
    return e->machine->isa->word_elements ? 2 : r->kind == GRADE_RESULT_RANGE ? 4 : 1;
}

static uint32_t read_unit(const uint8_t *b, unsigned unit)
{
    uint32_t v = 0;
    for (unsigned k = unit; k-- > 0;)
        v = v << 8 | b[k];
    return v;
}

/* Whether result r matches; else up to 4 differing words as problems. */
static bool same_memory(const grade_spec_engine *e, const grade_spec_program *pr, int i,
                        const grade_spec_program_run *want, const grade_spec_program_run *got,
                        grade_findings *problems)
{
    const grade_spec_result *r = &pr->results[i];
    unsigned unit = unit_of(e, r), digits = 2 * unit;
    uint32_t n = want->memory_len[i] / unit, shown = 0;
    if (!got->memory[i] || got->memory_len[i] != want->memory_len[i]) {
        grade_findings_add(problems, 0, 0, "its memory could not be read");
        return false;
    }
    /* an LC-3 address counts words, a MIPS address bytes */
    uint32_t step = e->machine->isa->word_elements ? 1 : unit;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t g = read_unit(got->memory[i] + k * unit, unit);
        uint32_t w = read_unit(want->memory[i] + k * unit, unit);
        if (g == w)
            continue;
        if (shown++ == 4)
            break;
        if (r->kind == GRADE_RESULT_RANGE)
            grade_findings_add(problems, 0, 0, "%s%0*" PRIX32 " is %s%0*" PRIX32 " (%" PRId32
                               "), expected %s%0*" PRIX32 " (%" PRId32 ")", hex_prefix(e),
                               e->machine->isa->word_elements ? 4 : 8, r->lo + k * step,
                               hex_prefix(e), (int)digits, g, as_signed(e, g), hex_prefix(e),
                               (int)digits, w, as_signed(e, w));
        else
            grade_findings_add(problems, 0, 0, "the input %s %s %" PRIu32 " is %s%0*" PRIX32
                               ", expected %s%0*" PRIX32, pr->inputs->args[r->arg].name,
                               unit == 2 ? "word" : "byte", k, hex_prefix(e), (int)digits, g,
                               hex_prefix(e), (int)digits, w);
    }
    return shown == 0;
}

double grade_spec_results_score(const grade_spec_engine *e, const grade_spec_program *pr,
                                const grade_spec_state *st, const grade_spec_program_run *want,
                                const grade_spec_program_run *got, double share,
                                grade_findings *problems)
{
    double score = 0;
    uint32_t mask = e->machine->word_mask;
    for (int i = 0; i < pr->result_count; i++) {
        const grade_spec_result *r = &pr->results[i];
        if (r->kind == GRADE_RESULT_REG) {
            uint32_t g = got->regs[r->reg] & mask, w = want->regs[r->reg] & mask;
            if (g != w) {
                char name[16];
                e->machine->register_name((unsigned)r->reg, name, sizeof name);
                int digits = mask == 0xffff ? 4 : 8;
                grade_findings_add(problems, 0, 0, "%s is %" PRId32 " (%s%0*" PRIX32 "), "
                                   "expected %" PRId32 " (%s%0*" PRIX32 ")", name,
                                   as_signed(e, g), hex_prefix(e), digits, g, as_signed(e, w),
                                   hex_prefix(e), digits, w);
                continue;
            }
        } else if (r->kind == GRADE_RESULT_INPUT &&
                   pr->inputs->args[r->arg].gen.kind == GRADE_GEN_RECORDS &&
                   got->memory[i] && got->memory_len[i] == want->memory_len[i]) {
            size_t before = problems->count;
            grade_spec_compare c = {.kind = GRADE_CMP_MEMORY, .arg = r->arg, .mask = 0xff};
            grade_spec_compare_records(pr->inputs, &c, st, got->memory[i], want->memory[i],
                                       e->machine->isa->word_elements, hex_prefix(e), problems);
            if (problems->count > before)
                continue;
        } else if (!same_memory(e, pr, i, want, got, problems)) {
            continue;
        }
        score += share;
    }
    return score;
}
