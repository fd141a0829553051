/* gen_mips_sys.c: syscalls with valid and invalid arguments, the input
 * they read, runtime errors of each kind, prints of registers, data
 * directives, FPU edge values and the exception handler. */
#include "gen_mips.h"

#include <stdio.h>
#include <string.h>

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

static const char *pick(struct mips_gen *gen, const char *const *list, size_t n)
{
    return list[rng_below(&gen->rng, (uint32_t)n)];
}

static void load_a0_boundary(struct mips_gen *gen, const char *reg)
{
    char value[32];
    mips_number(gen, "100000", value, sizeof value);
    text_printf(&gen->text, "\tli %s, %s\n", reg, value);
}

static const char *const int_lines[] = {
    "0", "1", "-1", "2147483647", "-2147483648", "2147483648", "0x10", "+7", " 12",
    "12 ", "abc", "", "99999999999", "-0", "1e3", "\xe9",
};
static const char *const float_lines[] = {
    "1.5", "-0.0", "NaN", "-NaN", "Infinity", "-Infinity", "1e39", "1.4e-45", "3.4028235e38",
    "1.17549435E-38", "abc", "", "0x1p3", "2.5f", "1e-320", "1.7976931348623157E308", "7",
};
static const char *const string_lines[] = {
    "hello", "", "a longer line of input text here", "tab\there", "\xc3\xa9t\xc3\xa9 \xff\x80",
    "x", "0123456789012345678901234567890123456789",
};

void mips_add_input(struct mips_gen *gen, int service)
{
    /* A slot inside the loop runs up to three times; an exception handler
     * may run a read again: spare lines keep MARS from reaching the end of
     * input, which is a documented difference (docs/mars-cli.md). */
    int copies = gen->place.in_loop ? 3 : 1;
    for (int i = 0; i < copies; i++) {
        const char *line;
        if (service == 5)
            line = pick(gen, int_lines, COUNT(int_lines));
        else if (service == 6 || service == 7)
            line = pick(gen, float_lines, COUNT(float_lines));
        else
            line = pick(gen, string_lines, COUNT(string_lines));
        text_printf(&gen->input, "%s\n", line);
    }
}

static void emit_read(struct mips_gen *gen, int service)
{
    text_printf(&gen->text, "\tli $v0, %d\n", service);
    if (service == 8) {
        static const char *const lengths[] = {"0", "1", "-1", "2", "5", "100", "64"};
        text_printf(&gen->text, "\tla $a0, buf\n\tli $a1, %s\n", pick(gen, lengths, COUNT(lengths)));
    }
    text_printf(&gen->text, "\tsyscall\n");
    mips_add_input(gen, service);
    if (service == 5 || service == 12)
        text_printf(&gen->text, "\tmove $a0, $v0\n\tli $v0, %d\n\tsyscall\n", service == 5 ? 1 : 34);
    else if (service == 6)
        text_printf(&gen->text, "\tmov.s $f12, $f0\n\tli $v0, 2\n\tsyscall\n"
                                "\tmfc1 $a0, $f0\n\tli $v0, 34\n\tsyscall\n");
    else if (service == 7)
        text_printf(&gen->text, "\tmov.d $f12, $f0\n\tli $v0, 3\n\tsyscall\n");
    else
        text_printf(&gen->text, "\tla $a0, buf\n\tli $v0, 4\n\tsyscall\n");
}

static void emit_files(struct mips_gen *gen)
{
    static const char *const flags[] = {"0", "1", "9", "1", "0", "2", "-1"};
    static const char *const names[] = {"fname", "fname", "fname", "nofile", "str"};
    static const char *const lengths[] = {"0", "1", "5", "16", "-1", "64"};
    static const char *const fds[] = {"$s3", "$s3", "$s3", "$s3", "-1", "99", "0", "1", "2"};
    const char *name = pick(gen, names, COUNT(names));
    const char *flag = pick(gen, flags, COUNT(flags));
    text_printf(&gen->text,
                "\tli $v0, 13\n\tla $a0, %s\n\tli $a1, %s\n\tli $a2, 0\n\tsyscall\n"
                "\tmove $s3, $v0\n\tmove $a0, $v0\n\tli $v0, 1\n\tsyscall\n",
                name, flag);
    const char *fd = pick(gen, fds, COUNT(fds));
    int write = rng_percent(&gen->rng, 50);
    text_printf(&gen->text, "\t%s $a0, %s\n\tla $a1, %s\n\tli $a2, %s\n\tli $v0, %d\n\tsyscall\n"
                            "\tmove $a0, $v0\n\tli $v0, 1\n\tsyscall\n",
                fd[0] == '$' ? "move" : "li", fd, write ? "str" : "buf",
                pick(gen, lengths, COUNT(lengths)), write ? 15 : 14);
    if (rng_percent(&gen->rng, 80))
        text_printf(&gen->text, "\tmove $a0, $s3\n\tli $v0, 16\n\tsyscall\n");
}

static void emit_random(struct mips_gen *gen)
{
    unsigned id = rng_below(&gen->rng, 3);
    /* The seed goes in the same slot: an unseeded stream is seeded from
     * the clock, which no two runs share. */
    text_printf(&gen->text, "\tli $a0, %u\n\tli $a1, %u\n\tli $v0, 40\n\tsyscall\n", id,
                rng_next(&gen->rng) & 0x7fffffff);
    for (unsigned n = 1 + rng_below(&gen->rng, 3); n > 0; n--) {
        int service = 41 + (int)rng_below(&gen->rng, 4);
        text_printf(&gen->text, "\tli $a0, %u\n", id);
        if (service == 42) {
            static const char *const bounds[] = {"1", "10", "100", "0x7fffffff", "0", "-1", "-5"};
            text_printf(&gen->text, "\tli $a1, %s\n", pick(gen, bounds, COUNT(bounds)));
        }
        text_printf(&gen->text, "\tli $v0, %d\n\tsyscall\n", service);
        if (service <= 42)
            text_printf(&gen->text, "\tli $v0, 1\n\tsyscall\n");
        else if (service == 43)
            text_printf(&gen->text, "\tmov.s $f12, $f0\n\tli $v0, 2\n\tsyscall\n");
        else
            text_printf(&gen->text, "\tmov.d $f12, $f0\n\tli $v0, 3\n\tsyscall\n");
        text_printf(&gen->text, "\tli $a0, 10\n\tli $v0, 11\n\tsyscall\n");
    }
}

void mips_emit_syscall(struct mips_gen *gen)
{
    static const int services[] = {1, 2, 3, 4, 4, 5, 6, 7, 8, 9, 11, 11, 12, 13, 17, 34, 35, 36, 40, 10, 99, 0};
    int service = services[rng_below(&gen->rng, COUNT(services))];
    switch (service) {
    case 1: case 34: case 35: case 36: case 11: case 17: case 10:
        if (service == 10 || service == 17) {
            /* Ending the program is rare, or little would run. */
            if (!rng_percent(&gen->rng, 15)) {
                service = 1;
            }
        }
        load_a0_boundary(gen, "$a0");
        text_printf(&gen->text, "\tli $v0, %d\n\tsyscall\n", service);
        break;
    case 2: case 3:
        text_printf(&gen->text, "\t%s $f12, %s+%u\n\tli $v0, %d\n\tsyscall\n",
                    service == 2 ? "l.s" : "l.d", service == 2 ? "fvals" : "dvals",
                    (service == 2 ? 4 : 8) * rng_below(&gen->rng, 12), service);
        break;
    case 4: {
        static const char *const strings[] = {"la $a0, str", "la $a0, str", "la $a0, buf",
                                              "li $a0, 0", "la $a0, str+3", "li $a0, 0x7fffffff"};
        text_printf(&gen->text, "\t%s\n\tli $v0, 4\n\tsyscall\n", pick(gen, strings, COUNT(strings)));
        break;
    }
    case 5: case 6: case 7: case 8: case 12:
        emit_read(gen, service);
        break;
    case 9: {
        static const char *const sizes[] = {"0", "4", "7", "1024", "-4", "0x7fffffff", "-1"};
        text_printf(&gen->text, "\tli $a0, %s\n\tli $v0, 9\n\tsyscall\n\tmove $a0, $v0\n"
                                "\tli $v0, 34\n\tsyscall\n", pick(gen, sizes, COUNT(sizes)));
        break;
    }
    case 13:
        emit_files(gen);
        break;
    case 40:
        emit_random(gen);
        break;
    default: /* no such service */
        text_printf(&gen->text, "\tli $v0, %d\n\tsyscall\n", service);
        break;
    }
}

void mips_emit_runtime_error(struct mips_gen *gen)
{
    static const char *const errors[] = {
        "li $t0, 0x7fffffff\n\taddi $t0, $t0, 1",       /* arithmetic overflow */
        "li $t0, 0x80000000\n\tsub $t0, $t0, $s5",
        "lw $t1, 1($s7)",                               /* unaligned load */
        "sh $t1, 3($s7)",                               /* unaligned store */
        "lw $t1, 0($zero)",                             /* outside the segments */
        "sw $t1, 0($zero)",
        "la $t1, main\n\tsw $t1, 0($t1)",               /* text without smc */
        "li $t1, 0x10\n\tjr $t1",                       /* bad pc */
        "teq $zero, $zero",                             /* trap */
        "tgei $s7, 5",
        "break 3",
        "li $v0, 4\n\tli $a0, 1\n\tsyscall",            /* bad address in a syscall */
        "lw $t1, 0x7ffc($s7)\n\tlw $t1, -0x8000($s7)",
        "lwc1 $f1, 2($s7)",
        "ldc1 $f2, 4($s7)",
        "li $v0, 42\n\tli $a0, 0\n\tli $a1, -3\n\tsyscall",
        "li $v0, 9\n\tli $a0, -8\n\tsyscall",
    };
    text_printf(&gen->text, "\t%s\n", pick(gen, errors, COUNT(errors)));
}

void mips_emit_print(struct mips_gen *gen)
{
    static const int services[] = {1, 34, 35, 36, 11};
    if (rng_percent(&gen->rng, 25)) {
        int fpr = (int)rng_below(&gen->rng, 32);
        int is_double = rng_percent(&gen->rng, 40);
        if (is_double)
            fpr &= ~1;
        text_printf(&gen->text, "\t%s $f12, $f%d\n\tli $v0, %d\n\tsyscall\n",
                    is_double ? "mov.d" : "mov.s", fpr, is_double ? 3 : 2);
    } else {
        const char *reg = mips_free_register(gen);
        text_printf(&gen->text, "\tmove $a0, %s\n\tli $v0, %d\n\tsyscall\n", reg,
                    services[rng_below(&gen->rng, COUNT(services))]);
    }
    text_printf(&gen->text, "\tli $a0, 10\n\tli $v0, 11\n\tsyscall\n");
}

/* Single and double bit patterns at the edges: NaN and -NaN (quiet and
 * signalling), infinities, subnormals, the largest and smallest normals,
 * zeros of both signs, one. */
static const char *const float_words =
    "0x7fc00000, 0xffc00000, 0x7f800001, 0x7f800000, 0xff800000, 0x00000001, 0x807fffff, "
    "0x00800000, 0x7f7fffff, 0xff7fffff, 0x80000000, 0x3f800000";
static const char *const double_words =
    "0x00000000, 0x7ff80000, 0x00000000, 0xfff80000, 0x00000001, 0x7ff00000, "
    "0x00000000, 0x7ff00000, 0x00000000, 0xfff00000, 0x00000001, 0x00000000, "
    "0xffffffff, 0x000fffff, 0x00000000, 0x00100000, 0xffffffff, 0x7fefffff, "
    "0x00000000, 0x80000000, 0x00000000, 0x3ff00000, 0x9999999a, 0x3fb99999";

void mips_emit_fixed_data(struct mips_gen *gen)
{
    text_printf(&gen->data, "buf:\t.space 256\nwords:\t.word 0, 1, -1, 0x7fff, 0x8000, 0xffff, "
                            "0x7fffffff, 0x80000000\n");
    text_printf(&gen->data, "fvals:\t.word %s\ndvals:\t.word %s\n", float_words, double_words);
    text_printf(&gen->data, "str:\t.asciiz \"Hi \\\"there\\\"\\n\\t\\\\end\"\n");
    text_printf(&gen->data, "fname:\t.asciiz \"difffuzz.tmp\"\nnofile:\t.asciiz \"no/such/file\"\n");
}

void mips_emit_fpu_edge(struct mips_gen *gen)
{
    static const char *const single_ops[] = {"add.s", "sub.s", "mul.s", "div.s"};
    static const char *const double_ops[] = {"add.d", "sub.d", "mul.d", "div.d"};
    static const char *const conversions[] = {"cvt.w.s $f4, $f0", "cvt.d.s $f4, $f0", "cvt.s.d $f4, $f2",
                                              "cvt.w.d $f4, $f2", "round.w.s $f4, $f0", "trunc.w.d $f4, $f2",
                                              "ceil.w.s $f4, $f0", "floor.w.d $f4, $f2", "sqrt.s $f4, $f0",
                                              "sqrt.d $f4, $f2", "neg.s $f4, $f0", "abs.d $f4, $f2",
                                              "c.lt.s $f0, $f4", "c.eq.d $f2, $f4", "c.le.s 3, $f0, $f0"};
    int is_double = rng_percent(&gen->rng, 50);
    /* One draw per statement: the order C evaluates arguments in is the
     * compiler's, and a seed must give the same program from any build. */
    text_printf(&gen->text, "\tl.s $f0, fvals+%u\n", 4 * rng_below(&gen->rng, 12));
    text_printf(&gen->text, "\tl.d $f2, dvals+%u\n", 8 * rng_below(&gen->rng, 12));
    text_printf(&gen->text, "\tl.s $f4, fvals+%u\n", 4 * rng_below(&gen->rng, 12));
    text_printf(&gen->text, "\tl.d $f6, dvals+%u\n", 8 * rng_below(&gen->rng, 12));
    if (rng_percent(&gen->rng, 40))
        text_printf(&gen->text, "\t%s\n", pick(gen, conversions, COUNT(conversions)));
    else if (is_double)
        text_printf(&gen->text, "\t%s $f4, $f2, $f6\n", pick(gen, double_ops, COUNT(double_ops)));
    else
        text_printf(&gen->text, "\t%s $f4, $f0, $f4\n", pick(gen, single_ops, COUNT(single_ops)));
    text_printf(&gen->text, "\tmfc1 $a0, $f4\n\tli $v0, 34\n\tsyscall\n\tli $a0, 32\n\tli $v0, 11\n\tsyscall\n"
                            "\tmov.%c $f12, $f4\n\tli $v0, %d\n\tsyscall\n\tli $a0, 10\n\tli $v0, 11\n\tsyscall\n",
                is_double ? 'd' : 's', is_double ? 3 : 2);
}

void mips_emit_data_item(struct mips_gen *gen)
{
    char a[32], b[32];
    mips_number(gen, "100000", a, sizeof a);
    mips_number(gen, "-100", b, sizeof b);
    text_printf(&gen->data, "d%u:", gen->data_items++);
    switch (rng_below(&gen->rng, 12)) {
    case 0: text_printf(&gen->data, "\t.byte %s, %s, 'a', 0x80\n", b, a); break;
    case 1: text_printf(&gen->data, "\t.half %s, %s\n", b, rng_percent(&gen->rng, weight_of(gen->weights, "out_of_range")) ? a : "0xffff"); break;
    case 2: text_printf(&gen->data, "\t.word %s, %s, buf, d0\n", a, b); break;
    case 3: text_printf(&gen->data, "\t.float 1.5, -0.0, 3.4028234e38, 1.0e-45, %d\n", (int)rng_below(&gen->rng, 200) - 100); break;
    case 4: text_printf(&gen->data, "\t.double 2.5, 1.0e308, 4.9e-324, %d.25\n", (int)rng_below(&gen->rng, 200) - 100); break;
    case 5: text_printf(&gen->data, "\t.ascii \"abc\\n\\0\xc3\xa9\"\n"); break;
    case 6: text_printf(&gen->data, "\t.asciiz \"x\\ty\", \"\"\n"); break;
    case 7: text_printf(&gen->data, "\t.align %u\n", rng_below(&gen->rng, 4)); break;
    case 8: text_printf(&gen->data, "\t.space %u\n", rng_below(&gen->rng, 9)); break;
    case 9: text_printf(&gen->data, "\t.word %s:%u\n", b, 1 + rng_below(&gen->rng, 4)); break;
    case 10: text_printf(&gen->data, "\t.byte 0\n\t.half 1\n\t.word 2\n"); break;
    default: text_printf(&gen->data, "\t.word 0\n"); break;
    }
}

void mips_emit_handler(struct mips_gen *gen, struct text *out)
{
    (void)gen;
    /* Prints cause, vaddr and epc, then returns past the faulting
     * instruction, as MARS's own exceptions.s does. */
    text_printf(out, ".ktext 0x80000180\n"
                     "\tmove $k1, $a0\n"
                     "\tmfc0 $a0, $13\n\tli $v0, 34\n\tsyscall\n"
                     "\tli $a0, 32\n\tli $v0, 11\n\tsyscall\n"
                     "\tmfc0 $a0, $8\n\tli $v0, 34\n\tsyscall\n"
                     "\tli $a0, 32\n\tli $v0, 11\n\tsyscall\n"
                     "\tmfc0 $a0, $14\n\tli $v0, 34\n\tsyscall\n"
                     "\tli $a0, 10\n\tli $v0, 11\n\tsyscall\n"
                     "\tmfc0 $k0, $14\n\taddiu $k0, $k0, 4\n\tmtc0 $k0, $14\n"
                     "\tmove $a0, $k1\n"
                     "\teret\n");
}
