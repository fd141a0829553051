/* difffuzz_gen_lc3: writes one random LC-3 program for the differential
 * fuzzer (scripts/difffuzz --isa lc3):
 *
 *   difffuzz_gen_lc3 [--weights FILE] [--name NAME] SEED DIR
 *
 * writes DIR/NAME.asm and NAME.in (the keys). The same seed and weights
 * give the same files. --list-weights prints the weights with their
 * defaults, in the format --weights reads. */
#include "gen_lc3.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct weight weights[] = {
    {"form", 40, "an instruction, any form of lc3_isa.def"},
    {"trap", 20, "a service routine of the OS (GETC, OUT, PUTS, IN, PUTSP, HALT)"},
    {"device", 12, "a device register (KBSR, KBDR, DSR, DDR, PSR, MCR, unmapped)"},
    {"print", 10, "print a register in hex"},
    {"privilege", 4, "RTI, PSR writes, user and supervisor mode"},
    {"error", 3, "an exception: illegal opcode, access violation, RTI in user mode"},
    {"slots_min", 3, "fewest slots in a program"},
    {"slots_max", 16, "most slots in a program"},
    {"blocks", 3, "most other .ORIG blocks"},
    {"supervisor", 30, "percent: the program starts in supervisor mode (below x3000)"},
    {"user_devices", 5, "percent: a device slot in user mode (an access violation)"},
    {"loop", 25, "percent: a counted loop around some slots"},
    {"high_keys", 25, "percent: a key over x7F"},
    {"raw_keys", 0, "percent: a key over x7F kept unmasked (lc3tools sign-extends it: documented)"},
    {"odd_traps", 20, "percent: a TRAP to a vector the OS has no routine for"},
    {"out_of_range", 3, "percent: an operand out of its field (both assemblers refuse it)"},
    {NULL, 0, NULL},
};

static void emit_prologue(struct lc3_gen *gen)
{
    text_printf(&gen->text, "MAIN\n");
    /* Not R6 in supervisor mode: TRAP and RTI use it as the stack, and a
     * stack anywhere shows the OS's own return addresses, which are not
     * lc3tools' (its OS is not copied: docs/lc3tools-differences.md). */
    for (unsigned r = 0; r < 8; r++)
        if (r != 6 || (!gen->supervisor && rng_percent(&gen->rng, 30)))
            text_printf(&gen->text, "\tLD R%u, W%u\n", r, rng_below(&gen->rng, LC3_VALUES));
}

/* One slot (gen_write_slots calls it). */
static void emit_slot(void *context)
{
    struct lc3_gen *gen = context;
    static const char *const kinds[] = {"form", "trap", "device", "print", "privilege", "error"};
    switch (pick_weighted(&gen->rng, gen->weights, kinds, 6)) {
    case 0: lc3_emit_form(gen); break;
    case 1: lc3_emit_trap(gen); break;
    case 2:
        if (gen->supervisor || rng_percent(&gen->rng, weight_of(gen->weights, "user_devices")))
            lc3_emit_device(gen);
        else
            lc3_emit_form(gen);
        break;
    case 3: lc3_emit_print(gen); break;
    case 4: lc3_emit_privilege(gen); break;
    default: lc3_emit_error(gen); break;
    }
}

/* The registers and the condition codes, then HALT. */
static void emit_epilogue(struct lc3_gen *gen)
{
    for (unsigned r = 0; r < 8; r++)
        text_printf(&gen->text, "\tST R%u, RS%u\n", r, r);
    text_printf(&gen->text, "\tLEA R0, CCN\n\tBRn ECC\n\tLEA R0, CCZ\n\tBRz ECC\n\tLEA R0, CCP\n\tBRp ECC\n"
                            "\tLEA R0, CCX\nECC\tPUTS\n");
    for (unsigned r = 0; r < 8; r++)
        text_printf(&gen->text, "\tLD R1, RS%u\n\tJSR PRHEX\n", r);
    text_printf(&gen->text, "\tHALT\n");
}

int main(int argc, char **argv)
{
    struct lc3_gen gen = {.weights = weights};
    struct gen_args args;
    int status = gen_begin(argc, argv, "difffuzz_gen_lc3", weights, 12, &args, &gen.rng, &gen.place);
    if (status >= 0)
        return status;
    unsigned blocks = rng_below(&gen.rng, weight_of(weights, "blocks") + 1);
    /* Below x3000 the program starts in supervisor mode (R6 = x3000), as
     * lc3tools starts it; far enough below that the stack stays clear. */
    static const char *const user_origins[] = {"x3000", "x3000", "x3456", "xA000", "xFA00"};
    static const char *const system_origins[] = {"x2400", "x2000"};
    gen.supervisor = rng_percent(&gen.rng, weight_of(weights, "supervisor"));
    const char *origin = gen.supervisor ? system_origins[rng_below(&gen.rng, 2)] : user_origins[rng_below(&gen.rng, 5)];
    int started_supervisor = gen.supervisor;
    gen.r6_stack = gen.supervisor;

    struct text program = {0}, data = {0}, tail = {0}, blocks_text = {0};
    lc3_emit_data(&gen, &data, blocks);
    emit_prologue(&gen);
    /* The count is in memory: no register is kept from the slots. ST
     * leaves the condition codes, so BRz tests the count. */
    static const struct gen_frame frame = {
        .loop_head = "LOOP\n",
        .loop_tail = "\tST R0, TMP\n\tLD R0, CNT\n\tADD R0, R0, #-1\n\tST R0, CNT\n\tBRz LOOPX\n"
                     "\tLD R0, TMP\n\tBR LOOP\nLOOPX\tLD R0, TMP\n",
        .label_end = "",
    };
    gen_write_slots(&gen.place, &gen.rng, weights, &gen.text, &frame, emit_slot, &gen);
    emit_epilogue(&gen);
    lc3_emit_printer(&tail);
    gen.supervisor = started_supervisor;
    lc3_emit_blocks(&gen, &blocks_text, blocks);
    /* Spare keys: a read the generator did not count (a loop run again
     * by a later branch) finds one. */
    for (int spare = 0; spare < 4; spare++)
        lc3_add_key(&gen);

    text_printf(&program, "; difffuzz_gen_lc3 seed %s\n\t.ORIG %s\n\tBR MAIN\n%s%s%s\t.END\n%s", args.seed, origin,
                data.bytes, gen.text.bytes, tail.bytes, blocks_text.length ? blocks_text.bytes : "");
    status = text_write_file(&program, args.dir, args.name, ".asm") |
             text_write_file(&gen.input, args.dir, args.name, ".in");
    struct text *const texts[] = {&program, &data, &tail, &blocks_text, &gen.text, &gen.input};
    texts_free(texts, sizeof texts / sizeof texts[0]);
    return status ? 2 : 0;
}
