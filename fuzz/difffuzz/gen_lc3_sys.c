/* gen_lc3_sys.c: the LC-3 generator's slots around the machine: the OS's
 * service routines, the device registers, privilege, exceptions; and the
 * data, the other .ORIG blocks and the register printer. */
#include "gen_lc3.h"

#include <stdio.h>

/* Characters OUT prints: CR and LF, NUL, DEL, bytes over x7F, a word with
 * a high byte (only the low byte is shown). */
static const char *const chars[] = {"x41", "x0D", "x0A", "x00", "x7F", "x80", "xE9", "xFF", "x141", "x20", "x09", "x1B"};
enum { CHAR_COUNT = sizeof chars / sizeof chars[0] };

/* Unmapped device addresses: no register behind them. */
static const char *const unmapped[] = {"xFE01", "xFE03", "xFE05", "xFE07", "xFE08", "xFE10", "xFF00", "xFFF0", "xFFFA",
                                       "xFFFB", "xFFFD", "xFFFF"};

static void emit_read_key(struct lc3_gen *gen)
{
    lc3_add_key(gen);
    lc3_mask_key(gen, 0);
}

void lc3_emit_trap(struct lc3_gen *gen)
{
    /* Vectors the OS has no routine for, and the vector table's edges. */
    static const char *const odd[] = {"x00", "x1F", "x26", "x27", "x2F", "x30", "x80", "xFF"};
    switch (rng_below(&gen->rng, 12)) {
    case 0:
    case 1: { /* draws sequenced, in the order gcc made them (see lc3_emit_data) */
        const char *name = rng_percent(&gen->rng, 20) ? "PUTC" : rng_percent(&gen->rng, 20) ? "TRAP x21" : "OUT";
        text_printf(&gen->text, "\tLD R0, C%u\n\t%s\n", rng_below(&gen->rng, CHAR_COUNT), name);
        break;
    }
    case 2:
    case 3: {
        const char *name = rng_percent(&gen->rng, 20) ? "TRAP x22" : "PUTS";
        text_printf(&gen->text, "\tLEA R0, S%u\n\t%s\n", rng_below(&gen->rng, LC3_STRINGS), name);
        break;
    }
    case 4: text_printf(&gen->text, "\tLEA R0, Q%u\n\tPUTSP\n", rng_below(&gen->rng, 2)); break;
    case 5:
    case 6:
        text_printf(&gen->text, "\t%s\n", rng_percent(&gen->rng, 20) ? "TRAP x20" : "GETC");
        emit_read_key(gen);
        if (rng_percent(&gen->rng, 50))
            text_printf(&gen->text, "\tOUT\n");
        break;
    case 7:
    case 8:
        text_printf(&gen->text, "\t%s\n", rng_percent(&gen->rng, 20) ? "TRAP x23" : "IN");
        emit_read_key(gen);
        break;
    case 9: { /* PUTSP of a .STRINGZ: not one with a byte over x7F, which
               * lc3tools sign-extends (documented): PUTSP shows the xFF */
        unsigned k = rng_below(&gen->rng, LC3_STRINGS);
        if (gen->ascii_strings & 1u << k)
            text_printf(&gen->text, "\tLEA R0, S%u\n\tPUTSP\n", k);
        else
            text_printf(&gen->text, "\tLEA R0, S%u\n\tPUTS\n", k);
        break;
    }
    case 10:
        if (rng_percent(&gen->rng, weight_of(gen->weights, "odd_traps"))) {
            text_printf(&gen->text, "\tTRAP %s\n", odd[rng_below(&gen->rng, sizeof odd / sizeof odd[0])]);
            break;
        }
        /* fall through */
    default:
        if (rng_percent(&gen->rng, 15))
            text_printf(&gen->text, "\t%s\n", rng_percent(&gen->rng, 50) ? "HALT" : "TRAP x25");
        else
            text_printf(&gen->text, "\tLD R0, C%u\n\tOUT\n", rng_below(&gen->rng, CHAR_COUNT));
        break;
    }
}

void lc3_emit_device(struct lc3_gen *gen)
{
    unsigned reg = lc3_not_stack(gen, rng_below(&gen->rng, 7)), n = gen->local++;
    switch (rng_below(&gen->rng, 10)) {
    case 0: /* wait for a key, then read it */
        text_printf(&gen->text, "K%u\tLDI R1, DKBSR\n\tBRzp K%u\n\tLDI R0, DKBDR\n", n, n);
        emit_read_key(gen);
        break;
    case 1: /* KBDR without waiting: a key typed before is there */
        lc3_add_key(gen);
        text_printf(&gen->text, "\tLDI R%u, DKBDR\n", reg);
        lc3_mask_key(gen, reg);
        break;
    case 2: /* wait for the display, then write */
        text_printf(&gen->text, "D%u\tLDI R1, DDSR\n\tBRzp D%u\n\tLD R0, C%u\n\tSTI R0, DDDR\n", n, n,
                    rng_below(&gen->rng, CHAR_COUNT));
        break;
    case 3: text_printf(&gen->text, "\tLD R0, C%u\n\tSTI R0, DDDR\n", rng_below(&gen->rng, CHAR_COUNT)); break;
    case 4: /* reads: DDR is write-only, DSR, KBSR */
        text_printf(&gen->text, "\tLDI R%u, %s\n", reg,
                    (const char *[]){"DDDR", "DDSR", "DKBSR", "DDDR"}[rng_below(&gen->rng, 4)]);
        break;
    case 5: /* an unmapped address: written, then read */
        if (rng_percent(&gen->rng, 50))
            text_printf(&gen->text, "\tLD R%u, W%u\n\tSTI R%u, DU%u\n", reg, rng_below(&gen->rng, LC3_VALUES), reg, n % 2);
        text_printf(&gen->text, "\tLDI R%u, DU%u\n", reg, n % 2);
        break;
    case 6: /* the status registers' writable bits */
        text_printf(&gen->text, "\tLD R%u, W%u\n\tSTI R%u, %s\n\tLDI R%u, %s\n", reg, rng_below(&gen->rng, LC3_VALUES), reg,
                    n % 2 ? "DDSR" : "DKBSR", reg, n % 2 ? "DDSR" : "DKBSR");
        break;
    case 7: text_printf(&gen->text, "\tLDI R%u, DPSR\n", reg); break;
    case 8: text_printf(&gen->text, "\tLDI R%u, DMCR\n", reg); break;
    default:
        /* DDR written with a word over xFF, and read back */
        text_printf(&gen->text, "\tLD R%u, W%u\n\tSTI R%u, DDDR\n\tLDI R%u, DDDR\n", reg, rng_below(&gen->rng, LC3_VALUES),
                    reg, reg);
        break;
    }
}

void lc3_emit_print(struct lc3_gen *gen)
{
    text_printf(&gen->text, "\tST R1, T1\n\tADD R1, R%u, #0\n\tJSR PRHEX\n\tLD R1, T1\n", rng_below(&gen->rng, 8));
}

void lc3_emit_error(struct lc3_gen *gen)
{
    unsigned reg = rng_below(&gen->rng, 7);
    switch (rng_below(&gen->rng, gen->supervisor ? 1 : 5)) {
    case 0: text_printf(&gen->text, "\t.FILL xD%03X\n", rng_below(&gen->rng, 0x1000)); break; /* illegal opcode */
    case 1: text_printf(&gen->text, "\tRTI\n"); break;                                       /* in user mode */
    case 2: text_printf(&gen->text, "\tAND R%u, R%u, #0\n\tLDR R0, R%u, #%u\n", reg, reg, reg, rng_below(&gen->rng, 32)); break;
    case 3: text_printf(&gen->text, "\tAND R%u, R%u, #0\n\tJMP R%u\n", reg, reg, reg); break; /* fetch from x0000 */
    default: text_printf(&gen->text, "\tLDI R0, %s\n", rng_percent(&gen->rng, 50) ? "DKBSR" : "DPSR"); break;
    }
}

void lc3_emit_privilege(struct lc3_gen *gen)
{
    if (!gen->supervisor) {
        /* User mode: RTI is a privilege exception; the devices too. */
        if (rng_percent(&gen->rng, 30))
            text_printf(&gen->text, "\tRTI\n");
        else
            lc3_emit_device(gen);
        return;
    }
    switch (rng_below(&gen->rng, 3)) {
    case 0: /* RTI to a later label: user mode from there on (an access
             * violation if the label is below x3000) */
        text_printf(&gen->text, "\tLD R0, UPSR\n\tADD R6, R6, #-1\n\tSTR R0, R6, #0\n"
                                "\tLEA R0, L%u\n\tADD R6, R6, #-1\n\tSTR R0, R6, #0\n\tRTI\n",
                    lc3_forward_label(gen));
        gen->supervisor = 0; /* r6_stack stays: a branch may skip the RTI */
        break;
    case 1: /* RTI with the condition codes of the pushed PSR */
        text_printf(&gen->text, "\tLDI R0, DPSR\n\tADD R6, R6, #-1\n\tSTR R0, R6, #0\n"
                                "\tLEA R0, L%u\n\tADD R6, R6, #-1\n\tSTR R0, R6, #0\n\tRTI\n",
                    lc3_forward_label(gen));
        break;
    default: /* PSR written: its condition codes, priority and mode */
        text_printf(&gen->text, "\tLD R0, W%u\n\tSTI R0, DPSR\n\tLDI R1, DPSR\n", rng_below(&gen->rng, LC3_VALUES));
        gen->supervisor = 0; /* maybe: the mode bit came from the value */
        break;
    }
}

static const char *value(struct lc3_gen *gen)
{
    static const char *const values[] = {"x0000", "x0001", "xFFFF", "x7FFF", "x8000", "x00FF", "x00E9", "xFE00",
                                         "x3000", "x000F", "xFFF0", "x0010", "#-16", "#15", "#32767", "#-32768"};
    return values[rng_below(&gen->rng, sizeof values / sizeof values[0])];
}

void lc3_emit_data(struct lc3_gen *gen, struct text *out, unsigned blocks)
{
    static const char *const strings[] = {"Hi", "", "a\\nb", "tab\\there", "\xc3\xa9t\xc3\xa9", "q\\\"q", "\x7f\x01",
                                          "0123456789", "\xff"};
    for (unsigned i = 0; i < LC3_VALUES; i++) {
        if (i % 3 == 2)
            text_printf(out, "W%u\t.FILL x%04X\n", i, rng_next(&gen->rng) & 0xffff);
        else
            text_printf(out, "W%u\t.FILL %s\n", i, value(gen));
    }
    for (unsigned i = 0; i < LC3_POINTERS; i++) {
        unsigned pick = rng_below(&gen->rng, 4);
        if (pick == 0 && blocks)
            text_printf(out, "P%u\t.FILL BK%u\n", i, rng_below(&gen->rng, blocks));
        else if (pick == 1)
            text_printf(out, "P%u\t.FILL W%u\n", i, rng_below(&gen->rng, LC3_VALUES));
        else
            text_printf(out, "P%u\t.FILL %s\n", i, rng_percent(&gen->rng, 50) ? "BUF" : "BUFLO");
    }
    for (unsigned i = 0; i < CHAR_COUNT; i++)
        text_printf(out, "C%u\t.FILL %s\n", i, chars[i]);
    for (unsigned i = 0; i < LC3_STRINGS; i++) {
        const char *string = strings[rng_below(&gen->rng, sizeof strings / sizeof strings[0])];
        int ascii = 1;
        for (const char *c = string; *c; c++)
            ascii &= (unsigned char)*c < 0x80;
        if (ascii)
            gen->ascii_strings |= 1u << i;
        text_printf(out, "S%u\t.STRINGZ \"%s\"\n", i, string);
    }
    /* Packed strings for PUTSP: two bytes a word, low byte first, a high
     * byte over x7F, an odd length (x00 in the high byte). */
    text_printf(out, "Q0\t.FILL x6548\n\t.FILL x006C\n\t.FILL x0000\n");
    text_printf(out, "Q1\t.FILL xE9C3\n\t.FILL x%04X\n\t.FILL x0A21\n\t.FILL x0000\n", rng_next(&gen->rng) & 0x7f7f);
    text_printf(out, "DKBSR\t.FILL xFE00\nDKBDR\t.FILL xFE02\nDDSR\t.FILL xFE04\nDDDR\t.FILL xFE06\n"
                     "DPSR\t.FILL xFFFC\nDMCR\t.FILL xFFFE\n");
    for (unsigned i = 0; i < 2; i++)
        text_printf(out, "DU%u\t.FILL %s\n", i, unmapped[rng_below(&gen->rng, sizeof unmapped / sizeof unmapped[0])]);
    text_printf(out, "MASK\t.FILL x00FF\nUPSR\t.FILL x8002\nT1\t.BLKW 1\nCNT\t.FILL #3\nTMP\t.BLKW 1\n");
    /* Two draws in one argument list would run in the compiler's order
     * (gcc's right to left, clang's left to right): a seed must name one
     * program on every build, so they are sequenced, second word first as
     * the runs so far (gcc) drew them. */
    const char *second = value(gen);
    const char *first = value(gen);
    text_printf(out, "BUFLO\t.BLKW 16\nBUF\t.FILL %s\n\t.FILL %s\n\t.BLKW 14\n", first, second);
}

void lc3_emit_blocks(struct lc3_gen *gen, struct text *out, unsigned blocks)
{
    static const char *const user[] = {"x4000", "x5A5A", "x8000", "xC000", "xFD00", "xFDF0"};
    unsigned first = rng_below(&gen->rng, 6), system = gen->supervisor && rng_percent(&gen->rng, 30);
    for (unsigned i = 0; i < blocks && i < 6; i++) {
        /* Each block at its own address (blocks never overlap: the
         * assemblers differ on that, and it is not what is tested). */
        text_printf(out, "\t.ORIG %s\n", i == 0 && system ? "x2800" : user[(first + i) % 6]);
        text_printf(out, "BK%u\t.FILL %s\n", i, value(gen));
        if (rng_percent(&gen->rng, 50)) {
            unsigned words = 1 + rng_below(&gen->rng, 4); /* before the value, as gcc drew them */
            text_printf(out, "\t.FILL %s\n\t.BLKW %u\n", value(gen), words);
        }
        text_printf(out, "\t.END\n");
    }
}

void lc3_emit_printer(struct text *out)
{
    text_printf(out,
                "; PRHEX: prints R1 as four hex digits and a space; keeps R0-R4\n"
                "PRHEX\tST R0, HS0\n\tST R1, HS1\n\tST R2, HS2\n\tST R3, HS3\n\tST R4, HS4\n\tST R7, HS7\n"
                "\tAND R3, R3, #0\n\tADD R3, R3, #4\n"
                "HX1\tAND R2, R2, #0\n\tAND R4, R4, #0\n\tADD R4, R4, #4\n"
                "HX2\tADD R2, R2, R2\n\tADD R1, R1, #0\n\tBRzp HX3\n\tADD R2, R2, #1\n"
                "HX3\tADD R1, R1, R1\n\tADD R4, R4, #-1\n\tBRp HX2\n"
                "\tLEA R0, HEXD\n\tADD R0, R0, R2\n\tLDR R0, R0, #0\n\tOUT\n\tADD R3, R3, #-1\n\tBRp HX1\n"
                "\tLD R0, SPC\n\tOUT\n"
                "\tLD R0, HS0\n\tLD R1, HS1\n\tLD R2, HS2\n\tLD R3, HS3\n\tLD R4, HS4\n\tLD R7, HS7\n\tRET\n"
                "HEXD\t.STRINGZ \"0123456789ABCDEF\"\nSPC\t.FILL x20\n"
                "HS0\t.BLKW 1\nHS1\t.BLKW 1\nHS2\t.BLKW 1\nHS3\t.BLKW 1\nHS4\t.BLKW 1\nHS7\t.BLKW 1\n"
                                "RS0\t.BLKW 1\nRS1\t.BLKW 1\nRS2\t.BLKW 1\nRS3\t.BLKW 1\n"
                "RS4\t.BLKW 1\nRS5\t.BLKW 1\nRS6\t.BLKW 1\nRS7\t.BLKW 1\n"
                "CCN\t.STRINGZ \"\\nn \"\nCCZ\t.STRINGZ \"\\nz \"\nCCP\t.STRINGZ \"\\np \"\nCCX\t.STRINGZ \"\\n- \"\n");
}
