/* difffuzz_gen_mips: writes one random MIPS program for the differential
 * fuzzer (scripts/difffuzz), as a golden case of tests/golden/mars:
 *
 *   difffuzz_gen_mips [--weights FILE] [--name NAME] SEED DIR
 *
 * writes DIR/NAME.asm, NAME.args (MARS's command-line words, one a line),
 * NAME.in (standard input) and NAME.files (the dump files the words write).
 * The same seed and weights give the same files. --list-weights prints the
 * weights with their defaults, in the format --weights reads. */
#include "gen_mips.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct weight weights[] = {
    {"basic", 30, "a basic instruction, any form of mips_basic.def"},
    {"pseudo", 30, "a pseudo-instruction, any form of mips_pseudo.def"},
    {"syscall", 14, "a syscall with valid or invalid arguments"},
    {"print", 10, "print a register (integer or float)"},
    {"fpu", 6, "FPU arithmetic on edge values, printed"},
    {"error", 4, "a runtime error of some kind"},
    {"slots_min", 4, "fewest slots in a program"},
    {"slots_max", 40, "most slots in a program"},
    {"data_items", 3, "most extra data directives"},
    {"handler", 60, "percent: a .ktext 0x80000180 handler"},
    {"loop", 25, "percent: a counted loop around some slots"},
    {"delayed", 10, "percent: delayed branching (db)"},
    {"words", 30, "percent: each extra command-line word (registers, ranges, formats, ae/se)"},
    {"out_of_range", 5, "percent: a boundary operand may be out of its range (an assembly error)"},
    {"args", 10, "percent: program arguments (pa), printed by the program"},
    {"macro", 15, "percent: a .macro and .eqv used in the program"},
    {"mc", 10, "percent: a memory configuration word (mc)"},
    {"include", 10, "percent: data and an .eqv from a second file (.include)"},
    {NULL, 0, NULL},
};

/* Program arguments (the words after pa): MARS hands main argc in $a0 and
 * argv in $a1; the program prints them before it sets its registers. */
static const char *const program_args[] = {"one", "", "-5", "\xc3\xa9t\xc3\xa9", "a b", "0x10", "\xff"};

static void emit_prologue(struct mips_gen *gen, unsigned argc)
{
    static const char *const inits[] = {"$v1", "$a1", "$a2", "$a3", "$t0", "$t1", "$t2", "$t3", "$t4",
                                        "$t5", "$t6", "$t7", "$t8", "$t9", "$s0", "$s1", "$s2", "$s4"};
    text_printf(&gen->text, "\t.text\n\t.globl main\nmain:\n");
    if (argc)
        text_printf(&gen->text, "\tmove $t0, $a1\n\tli $v0, 1\n\tsyscall\n"
                                "\tlw $a0, %u($t0)\n\tli $v0, 4\n\tsyscall\n"
                                "\tlw $a0, 0($t0)\n\tli $v0, 4\n\tsyscall\n",
                    4 * (argc - 1));
    text_printf(&gen->text, "\tla $s7, buf\n\tli $s5, 8\n");
    for (size_t i = 0; i < sizeof inits / sizeof inits[0]; i++) {
        char value[32];
        mips_number(gen, "100000", value, sizeof value);
        text_printf(&gen->text, "\tli %s, %s\n", inits[i], value);
    }
    for (unsigned f = 0; f < 32; f += 2)
        if (rng_percent(&gen->rng, 50))
            text_printf(&gen->text, "\tl.d $f%u, dvals+%u\n", f, 8 * rng_below(&gen->rng, 12));
        else {
            /* One draw per statement: argument order is the compiler's. */
            text_printf(&gen->text, "\tl.s $f%u, fvals+%u\n", f, 4 * rng_below(&gen->rng, 12));
            text_printf(&gen->text, "\tl.s $f%u, fvals+%u\n", f + 1, 4 * rng_below(&gen->rng, 12));
        }
}

static void emit_macro(struct mips_gen *gen, struct text *head)
{
    text_printf(head, ".eqv LIMIT %d\n.macro show (%%reg)\n\tmove $a0, %%reg\n\tli $v0, 1\n"
                      "\tsyscall\n\tli $a0, 10\n\tli $v0, 11\n\tsyscall\n.end_macro\n",
                (int)rng_below(&gen->rng, 100) - 50);
    text_printf(&gen->text, "\tli $t0, LIMIT\n\tshow ($t0)\n\tshow (%s)\n", mips_free_register(gen));
}

/* One slot (gen_write_slots calls it). */
static void emit_slot(void *context)
{
    struct mips_gen *gen = context;
    static const char *const kinds[] = {"basic", "pseudo", "syscall", "print", "fpu", "error"};
    switch (pick_weighted(&gen->rng, gen->weights, kinds, 6)) {
    case 0: mips_emit_form(gen, 0); break;
    case 1: mips_emit_form(gen, 1); break;
    case 2: mips_emit_syscall(gen); break;
    case 3: mips_emit_print(gen); break;
    case 4: mips_emit_fpu_edge(gen); break;
    default: mips_emit_runtime_error(gen); break;
    }
}

static void emit_epilogue(struct mips_gen *gen)
{
    static const char *const shown[] = {"$v1", "$a1", "$t0", "$t1", "$t2", "$t3", "$t4", "$t5",
                                        "$t6", "$t7", "$t8", "$t9", "$s0", "$s1", "$s2", "$s4"};
    for (size_t i = 0; i < sizeof shown / sizeof shown[0]; i++)
        text_printf(&gen->text, "\tmove $a0, %s\n\tli $v0, 34\n\tsyscall\n\tli $a0, 32\n\tli $v0, 11\n\tsyscall\n",
                    shown[i]);
    switch (rng_below(&gen->rng, 3)) {
    case 0: text_printf(&gen->text, "\tli $v0, 10\n\tsyscall\n"); break;
    case 1: text_printf(&gen->text, "\tli $a0, %u\n\tli $v0, 17\n\tsyscall\n", rng_below(&gen->rng, 300)); break;
    default: break; /* falls off the end */
    }
}

static void write_args(struct mips_gen *gen, const char *name, unsigned argc, struct text *args,
                       struct text *files)
{
    static const char *const registers[] = {"$t0", "$f2", "t1", "5", "$f0x2", "$f+3", "$s4", "$zero",
                                            "$31", "f1", "$hi", "$k0"};
    static const char *const ranges[] = {"0x10010000-0x10010020", "0x00400000-0x00400010",
                                         "0x10010100-0x10010100", "0x10040000-0x10040008",
                                         "0x7fffeffc-0x7ffffffc"};
    static const char *const formats[] = {"dec", "hex", "ascii"};
    static const char *const dumps[] = {"Binary", "BinaryText", "AsciiText", "SegmentWindow"};
    unsigned words = weight_of(gen->weights, "words");
    if (rng_percent(&gen->rng, weight_of(gen->weights, "delayed")))
        text_printf(args, "db\n");
    if (rng_percent(&gen->rng, words))
        text_printf(args, "%s\n", formats[rng_below(&gen->rng, 3)]);
    if (rng_percent(&gen->rng, words / 2)) {
        text_printf(args, "ae%u\n", 1 + rng_below(&gen->rng, 5));
        text_printf(args, "se%u\n", 10 + rng_below(&gen->rng, 5));
    }
    if (rng_percent(&gen->rng, words / 3))
        text_printf(args, "ic\n");
    /* Not d: its debug trace is a documented difference (docs/mars-cli.md). */
    static const char *const switches[] = {"smc", "we", "me", "sm", "a", "np", "b"};
    if (rng_percent(&gen->rng, words / 3))
        text_printf(args, "%s\n", switches[rng_below(&gen->rng, sizeof switches / sizeof switches[0])]);
    for (int i = 0; i < 3; i++)
        if (rng_percent(&gen->rng, words))
            text_printf(args, "%s\n", registers[rng_below(&gen->rng, sizeof registers / sizeof registers[0])]);
    if (rng_percent(&gen->rng, words))
        text_printf(args, "%s\n", ranges[rng_below(&gen->rng, sizeof ranges / sizeof ranges[0])]);
    text_printf(args, "dump\n.text\nHexText\nt.txt\ndump\n.data\nHexText\nd.txt\n");
    text_printf(files, "t.txt\nd.txt\n");
    if (rng_percent(&gen->rng, words / 3)) {
        text_printf(args, "dump\n.data\n%s\ne.bin\n", dumps[rng_below(&gen->rng, 4)]);
        text_printf(files, "e.bin\n");
    }
    text_printf(args, "%u\n%s.asm\n", 2000 + rng_below(&gen->rng, 3000), name);
    if (argc) {
        text_printf(args, "pa\n");
        for (unsigned i = 0; i < argc; i++)
            text_printf(args, "%s\n", program_args[rng_below(&gen->rng, sizeof program_args / sizeof program_args[0])]);
    }
}

int main(int argc, char **argv)
{
    struct mips_gen gen = {.weights = weights};
    struct gen_args words;
    int status = gen_begin(argc, argv, "difffuzz_gen_mips", weights, 10, &words, &gen.rng, &gen.place);
    if (status >= 0)
        return status;
    struct text head = {0}, args = {0}, files = {0}, kernel = {0};
    text_printf(&head, "# difffuzz_gen_mips seed %s\n", words.seed);
    if (rng_percent(&gen.rng, 20))
        text_printf(&head, ".set noat\n.extern ext 8\n");
    mips_emit_fixed_data(&gen);
    for (unsigned n = rng_below(&gen.rng, weight_of(weights, "data_items") + 1); n > 0; n--)
        mips_emit_data_item(&gen);
    unsigned program_argc = rng_percent(&gen.rng, weight_of(weights, "args")) ? 1 + rng_below(&gen.rng, 3) : 0;
    emit_prologue(&gen, program_argc);
    if (rng_percent(&gen.rng, weight_of(weights, "macro")))
        emit_macro(&gen, &head);
    static const struct gen_frame frame = {
        .loop_head = "\tli $s6, 3\nloop:\n",
        .loop_tail = "\taddi $s6, $s6, -1\n\tbgtz $s6, loop\n",
        .label_end = ":",
    };
    gen_write_slots(&gen.place, &gen.rng, weights, &gen.text, &frame, emit_slot, &gen);
    emit_epilogue(&gen);
    if (rng_percent(&gen.rng, weight_of(weights, "handler")))
        mips_emit_handler(&gen, &kernel);
    if (rng_percent(&gen.rng, 10))
        text_printf(&kernel, "\t.kdata\nkd:\t.word 0x%x\n", rng_next(&gen.rng));
    /* Spare input: see mips_add_input. */
    for (int spare = 0; spare < 6; spare++)
        mips_add_input(&gen, spare % 2 ? 5 : 8);

    struct text rest = {0};
    write_args(&gen, words.name, program_argc, &rest, &files);
    /* Drawn after everything else, so that a seed's program stays what it
     * was before these two were added. */
    static const char *const configs[] = {"CompactDataAtZero", "CompactTextAtZero", "Default"};
    text_printf(&args, "nc\n");
    if (rng_percent(&gen.rng, weight_of(weights, "mc")))
        text_printf(&args, "mc\n%s\n", configs[rng_below(&gen.rng, 3)]);
    text_printf(&args, "%s", rest.bytes);
    struct text included = {0};
    if (rng_percent(&gen.rng, weight_of(weights, "include"))) {
        /* MARS reads it from the including file's folder */
        text_printf(&head, "\t.include \"%s.inc\"\n", words.name);
        text_printf(&included, ".eqv INCLUDED %d\n\t.data\ninc:\t.word INCLUDED, %d\n",
                    (int)rng_next(&gen.rng), (int)rng_next(&gen.rng));
    }

    struct text program = {0};
    text_printf(&program, "%s\t.data\n%s%s%s", head.bytes, gen.data.bytes, gen.text.bytes,
                kernel.length ? kernel.bytes : "");
    const char *dir = words.dir, *name = words.name;
    status = text_write_file(&program, dir, name, ".asm") | text_write_file(&args, dir, name, ".args") |
             text_write_file(&gen.input, dir, name, ".in") | text_write_file(&files, dir, name, ".files");
    if (included.length)
        status |= text_write_file(&included, dir, name, ".inc");
    struct text *const texts[] = {&program, &head, &args, &rest, &files, &kernel, &gen.text, &gen.data, &gen.input, &included};
    texts_free(texts, sizeof texts / sizeof texts[0]);
    return status ? 2 : 0;
}
