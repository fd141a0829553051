/* Grading an LC-3 submission by a spec: the two programs assembled, and
 * each function case called through lc3_call (lc3_call.h) for the ISA-free
 * engine (grade_spec_engine.h), which draws, compares and scores. */
#include "spec_lc3_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade_spec_draw.h"
#include "grade_spec_words.h"
#include "grade_submission.h"
#include "lc3_call.h"

enum {
    REG_STACK = 6, REG_RETURN = 7,
    /* A case's structures: free user space above a program at x3000-x3FFF
     * and below the call's own stack (xBE00-xFDFF); 28K words at most. */
    LAYOUT_BASE = 0x4000,
    LAYOUT_GAP = 16, /* random words between structures */
};

/* The case's structures as lc3_call regions, their words in words[]. */
typedef struct case_memory {
    lc3_call_region regions[GRADE_SPEC_ARGS_MAX + 1];
    char whats[GRADE_SPEC_ARGS_MAX][GRADE_SPEC_NAME_MAX + 16];
    uint16_t *words[GRADE_SPEC_ARGS_MAX];
    uint16_t stack[GRADE_SPEC_ARGS_MAX];
    size_t count;
} case_memory;

/* Registers given, structures placed, stack arguments pushed (the first
 * at R6, the next at R6+1, as the book's callers push them last first). */
static void place_arguments(const grade_spec_function *fn, const grade_spec_state *st,
                            lc3_call_spec *cs, case_memory *mem)
{
    uint16_t pushed = 0;
    for (int i = 0; i < fn->arg_count; i++) {
        const grade_spec_value *v = &st->values[i];
        if (v->bytes) {
            uint32_t n = grade_spec_words(&fn->args[i].gen, v, NULL);
            uint16_t *w = mem->words[mem->count] = malloc((n ? n : 1) * sizeof *w);
            if (!w)
                abort();
            grade_spec_words(&fn->args[i].gen, v, w);
            snprintf(mem->whats[mem->count], sizeof mem->whats[0], "the argument %s",
                     fn->args[i].name);
            mem->regions[mem->count] = (lc3_call_region){(uint16_t)v->word, w, (uint16_t)n,
                                                         fn->args[i].gen.writable,
                                                         mem->whats[mem->count]};
            mem->count++;
        }
        if (fn->args[i].reg >= 0) {
            cs->regs[fn->args[i].reg] = (uint16_t)v->word;
            cs->given |= (uint8_t)LC3_CALL_REG(fn->args[i].reg);
        } else {
            mem->stack[pushed++] = (uint16_t)v->word;
        }
    }
    if (pushed) {
        cs->regs[REG_STACK] = (uint16_t)(LC3_CALL_DEFAULT_STACK - pushed);
        cs->given |= (uint8_t)LC3_CALL_REG(REG_STACK);
        /* the callee's own parameters: it may change them */
        mem->regions[mem->count++] = (lc3_call_region){cs->regs[REG_STACK], mem->stack, pushed,
                                                       true, "the stack arguments"};
    }
    cs->regions = mem->regions;
    cs->region_count = mem->count;
}

/* A structure laid out over the program's own words would overwrite them:
 * the program must end below the layout (a problem, never a silent mix). */
static bool clear_of_program(const lc3_program *prog, const case_memory *mem,
                             grade_findings *problems)
{
    for (size_t i = 0; i < mem->count; i++)
        for (uint32_t k = 0; k < mem->regions[i].count; k++) {
            uint16_t at = (uint16_t)(mem->regions[i].address + k);
            size_t off;
            if (lc3_program_block_at(prog, at, &off)) {
                grade_findings_add(problems, 0, 0, "its program reaches x%04X, where %s lies "
                                   "(a case's structures go from x%04X up: the program must "
                                   "end below)", at, mem->regions[i].what, LAYOUT_BASE);
                return false;
            }
        }
    return true;
}

/* The callees the case requires, by address; false (with a problem) when
 * the program has no such label. */
static bool place_callees(const lc3_program *prog, const char *const *must_call,
                          lc3_call_spec *cs, grade_findings *problems)
{
    for (int i = 0; must_call[i] && i < LC3_CALL_MUST_ENTER_MAX; i++) {
        if (!lc3_call_find(prog, must_call[i], &cs->must_enter[i])) {
            grade_findings_add(problems, 0, 0, "has no subroutine %s (it must call it)",
                               must_call[i]);
            return false;
        }
        cs->must_enter_count++;
    }
    return true;
}

static const char *trap_name(unsigned vector)
{
    static const char *const names[] = {"GETC", "OUT", "PUTS", "IN", "PUTSP", "HALT"};
    return vector >= 0x20 && vector <= 0x25 ? names[vector - 0x20] : "a TRAP";
}

/* The spec's conventions lc3_call does not check itself: TRAPs one by one
 * (lc3_call forbids all or none), R7 when preserved, the callees. */
static void check_more(const grade_spec_function *fn, const grade_spec_state *st,
                       const lc3_call_spec *cs, const char *const *must_call, lc3_call_result *r,
                       grade_findings *problems)
{
    for (unsigned v = 0; cs->convention.traps_allowed && v < 256; v++)
        if ((r->trap_vectors[v >> 3] >> (v & 7) & 1) &&
            (v >= 64 || !(fn->allowed_syscalls >> v & 1)))
            grade_findings_add(problems, 0, 0, "ran TRAP x%02X (%s), which the spec does not "
                               "allow", v, trap_name(v));
    if (fn->preserved >> REG_RETURN & 1 && r->regs[REG_RETURN] != r->entry[REG_RETURN])
        grade_findings_add(problems, 0, 0, "R7 changed: x%04X -> x%04X (the subroutine must "
                           "give it back)", r->entry[REG_RETURN], r->regs[REG_RETURN]);
    for (size_t i = 0; i < cs->must_enter_count; i++)
        if (!(r->entered >> i & 1) && !(st->watch_only >> i & 1))
            grade_findings_add(problems, 0, 0, "did not call %s", must_call[i]);
}

/* One run of the case (the engine's run_case). */
static void run_case(void *ctx, grade_spec_side side, const grade_spec_function *fn,
                     const grade_spec_state *st, const char *const *must_call, grade_rng noise,
                     grade_spec_run *out)
{
    spec_lc3 *e = ctx;
    const lc3_program *prog =
        side == GRADE_SPEC_REFERENCE ? &e->reference.program : &e->submission.program;
    memset(out, 0, sizeof *out);
    lc3_call_spec cs = lc3_call_default_spec();
    cs.label = fn->name;
    cs.budget = st->budget;
    cs.ignore_privilege = e->ignore_privilege;
    cs.convention.preserved = (uint8_t)(fn->preserved & 0x3F);
    cs.convention.r6_balanced = fn->preserved >> REG_STACK & 1;
    cs.convention.traps_allowed = fn->allowed_syscalls != 0;
    cs.keys = st->keys, cs.key_count = st->key_count;
    case_memory mem = {0};
    place_arguments(fn, st, &cs, &mem);
    if (clear_of_program(prog, &mem, &out->problems) &&
        place_callees(prog, must_call, &cs, &out->problems)) {
        lc3_call_result r;
        lc3_call_run(prog, &cs, &noise, &r);
        out->returned = r.status == LC3_CALL_RETURNED;
        out->faulted = r.status == LC3_CALL_EXCEPTION;
        out->instructions = r.instructions;
        out->problems = r.problems;
        r.problems = (grade_findings){0};
        if (out->returned)
            check_more(fn, st, &cs, must_call, &r, &out->problems);
        /* lc3_call says whether each was reached, not how often: a call
         * counts once (a budget `per call of` is the MIPS's) */
        for (size_t i = 0; i < cs.must_enter_count && i < 4; i++)
            out->calls[i] = r.entered >> i & 1;
        for (unsigned reg = 0; reg < 8; reg++)
            out->regs[reg] = r.regs[reg];
        for (size_t k = 0, i = 0; i < (size_t)fn->arg_count; i++) {
            if (!st->values[i].bytes)
                continue;
            const lc3_call_region *g = &mem.regions[k++];
            uint8_t *b = out->memory[i] = malloc(2 * (size_t)(g->count ? g->count : 1));
            if (!b)
                abort();
            for (uint16_t w = 0; w < g->count; w++) {
                uint16_t word = r.machine ? lc3_peek(r.machine, (uint16_t)(g->address + w)) : 0;
                b[2 * w] = (uint8_t)word, b[2 * w + 1] = (uint8_t)(word >> 8);
            }
        }
        out->printed = r.output;
        out->printed_len = r.output_len;
        r.output = NULL;
        lc3_call_result_free(&r);
    }
    for (size_t i = 0; i < GRADE_SPEC_ARGS_MAX; i++)
        free(mem.words[i]);
    if (!out->printed && (out->printed = calloc(1, 1)) == NULL)
        abort();
}

static void register_name(unsigned r, char *buf, size_t size)
{
    snprintf(buf, size, "R%u", r & 7);
}

static const grade_spec_machine lc3_machine_ops = {
    .isa = &spec_lc3_isa,
    .layout_base = LAYOUT_BASE,
    .layout_gap = LAYOUT_GAP,
    .word_mask = 0xffff,
    .run_case = run_case,
    .run_program = spec_lc3_run_program,
    .practices = NULL,
    .register_name = register_name,
};

/* The reference assembled: else the spec is wrong. */
static bool assemble_reference(spec_lc3 *e)
{
    grade_findings why = {0};
    const char *path = e->engine.spec->reference, *slash = strrchr(path, '/');
    bool ok = lc3_whole_assemble(path, slash ? slash + 1 : path, &e->reference, &why);
    if (!ok)
        grade_spec_engine_error(&e->engine, "the spec's reference solution %s does not "
                                "assemble: %.1500s", path,
                                why.count ? why.items[0].text
                                : e->reference.messages ? e->reference.messages : "");
    grade_findings_free(&why);
    return ok;
}

void spec_lc3_grade(const char *path, const spec_lc3_options *o, grade_spec_report *r)
{
    grade_spec_report_start(r, o->spec, path, o->seed, o->only);
    spec_lc3 e = {.engine = {.spec = o->spec, .only = o->only,
                             .random_cases = o->random_cases, .report = r,
                             .machine = &lc3_machine_ops},
                  .ignore_privilege = o->ignore_privilege};
    e.engine.ctx = &e;
    if (assemble_reference(&e)) {
        const char *slash = strrchr(o->spec->reference, '/');
        bool ok = lc3_whole_assemble(path, slash ? slash + 1 : o->spec->reference,
                                     &e.submission, &r->fatal);
        r->assembled = ok;
        r->assembler_messages = e.submission.messages;
        e.submission.messages = NULL;
        if (ok)
            grade_spec_engine_run(&e.engine);
    }
    lc3_whole_program_free(&e.submission);
    lc3_whole_program_free(&e.reference);
}
