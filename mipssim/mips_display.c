/* MARS's post-mortem displays (MarsLaunch.displayRegistersPostMortem,
 * displayMemoryPostMortem, formatIntForDisplay); docs/mars-cli.md. */
#include "mips_display.h"

#include <inttypes.h>
#include <string.h>

#include "mips_dump.h"
#include "mips_isa.h"
#include "mips_syscall.h"

int mips_parse_word_range(const char *text, uint32_t *low, uint32_t *high)
{
    const char *dash = strchr(text, '-');
    if (!dash || dash == text || dash[1] == '\0')
        return -1;
    int32_t a, b;
    if (!mips_parse_int(text, (size_t)(dash - text), &a) ||
        !mips_parse_int(dash + 1, strlen(dash + 1), &b) || a > b || a % 4 != 0 || b % 4 != 0)
        return 0;
    *low = (uint32_t)a;
    *high = (uint32_t)b;
    return 1;
}

void mips_display_int(const mips_display *d, int32_t value)
{
    switch (d->format) {
    case MIPS_DISPLAY_DECIMAL: fprintf(d->out, "%" PRId32, value); break;
    case MIPS_DISPLAY_ASCII: mips_dump_ascii_word(d->out, (uint32_t)value); break;
    case MIPS_DISPLAY_HEX: fprintf(d->out, "0x%08" PRIx32, (uint32_t)value); break;
    }
}

/* The float bits, and with pair the double whose high word is high. */
static void display_fp_bits(const mips_display *d, uint32_t bits, bool pair, uint32_t high)
{
    uint64_t both = (uint64_t)high << 32 | bits;
    char text[MIPS_JAVA_NUMBER_MAX];
    switch (d->format) {
    case MIPS_DISPLAY_HEX:
        fprintf(d->out, "0x%08" PRIx32, bits);
        if (pair)
            fprintf(d->out, "\t0x%016" PRIx64, both);
        break;
    case MIPS_DISPLAY_DECIMAL: {
        float fv;
        memcpy(&fv, &bits, sizeof fv);
        mips_java_float_string(fv, text);
        fputs(text, d->out);
        if (pair) {
            double dv;
            memcpy(&dv, &both, sizeof dv);
            mips_java_double_string(dv, text);
            fprintf(d->out, "\t%s", text);
        }
        break;
    }
    case MIPS_DISPLAY_ASCII:
        mips_dump_ascii_word(d->out, bits);
        if (pair) {
            fputc('\t', d->out);
            mips_dump_ascii_word(d->out, high);
            mips_dump_ascii_word(d->out, bits);
        }
        break;
    }
}

void mips_display_register(const mips_display *d, const mips_machine *m, const char *name,
                           unsigned r, bool is_float)
{
    if (d->verbose)
        fprintf(d->out, "%s\t", name);
    if (is_float) /* an even register shows the pair's double too, the odd one its high word */
        display_fp_bits(d, mips_fpr(m, r), r % 2 == 0, r % 2 == 0 ? mips_fpr(m, r + 1) : 0);
    else
        mips_display_int(d, (int32_t)mips_reg(m, r));
    fputc('\n', d->out);
}

void mips_display_unnamed_fp(const mips_display *d, const char *name)
{
    if (d->verbose)
        fprintf(d->out, "%s\t", name);
    display_fp_bits(d, 0, false, 0);
    fputc('\n', d->out);
}

/* Text as its raw code (0 where none), the rest as a program would load
 * it, or MARS's "Invalid address". */
static void display_word(const mips_display *d, mips_machine *m, uint32_t a)
{
    bool text = (a >= MIPS_TEXT_BASE && a < MIPS_EXTERN_BASE) ||
                (a >= MIPS_KTEXT_BASE && a < MIPS_KDATA_BASE);
    uint32_t word;
    mips_error_kind kind;
    if (text) {
        if (!mips_peek(m, a, &word))
            word = 0;
    } else if (!mips_load(m, a, 4, &word, &kind)) {
        fprintf(d->out, "Invalid address: %" PRId32 "\t", (int32_t)a);
        return;
    }
    mips_display_int(d, (int32_t)word);
    fputc('\t', d->out);
}

void mips_display_memory(const mips_display *d, mips_machine *m, uint32_t low, uint32_t high)
{
    int shown = 0;
    for (int64_t addr = (int32_t)low; addr <= (int32_t)high; addr += 4, shown++) {
        if (shown % 4 == 0) {
            if (shown > 0)
                fputc('\n', d->out);
            if (d->verbose)
                fprintf(d->out, "Mem[0x%08" PRIx32 "]\t", (uint32_t)addr);
        }
        display_word(d, m, (uint32_t)addr);
    }
    fputc('\n', d->out);
}
