/* Program arguments as MARS's "pa" stores them: the strings at the top of
 * the stack, argv and argc below, $a0 $a1 $sp pointing at them. Moved here
 * from mipssim so the grader's whole-program runs store them the same way. */
#include <stdlib.h>
#include <string.h>

#include "mips_isa.h"
#include "mips_syscall.h"

/* MARS's stack base: the first argument's NUL goes here. */
enum { ARGS_STACK_BASE = 0x7ffffffc };

/* Java's chars of a UTF-8 argument, each cut to its low byte as MARS's
 * ProgramArgumentList stores them: a character above U+FFFF is two
 * surrogates, a malformed byte is U+FFFD. Returns the count (<= strlen). */
static size_t java_chars(const char *arg, uint8_t *out)
{
    const uint8_t *s = (const uint8_t *)arg;
    size_t n = 0;
    while (*s) {
        unsigned len = *s < 0x80 ? 1 : (*s & 0xE0) == 0xC0 ? 2 : (*s & 0xF0) == 0xE0 ? 3
                                 : (*s & 0xF8) == 0xF0 ? 4 : 0;
        uint32_t cp = len == 1 ? *s : len == 2 ? *s & 0x1Fu : len == 3 ? *s & 0x0Fu : *s & 0x07u;
        unsigned k = 1;
        for (; k < len && (s[k] & 0xC0) == 0x80; k++)
            cp = cp << 6 | (s[k] & 0x3Fu);
        static const uint32_t least[5] = {0, 0, 0x80, 0x800, 0x10000};
        if (len == 0 || k < len || cp < least[len] || cp > 0x10FFFF ||
            (cp >= 0xD800 && cp <= 0xDFFF)) {
            out[n++] = 0xFD; /* U+FFFD */
            s += k > 1 ? k : 1;
            continue;
        }
        if (cp > 0xFFFF) {
            out[n++] = (uint8_t)(0xD800 + ((cp - 0x10000) >> 10));
            out[n++] = (uint8_t)(0xDC00 + (cp & 0x3FF));
        } else {
            out[n++] = (uint8_t)cp;
        }
        s += len;
    }
    return n;
}

/* Strings go downward from *high, the first argument highest, each a NUL
 * then its characters from the last to the first. *high ends below the
 * lowest. */
static bool store_strings(mips_machine *m, char **args, int count, uint32_t *starts,
                                  uint32_t *high)
{
    mips_error_kind kind;
    for (int i = 0; i < count; i++) {
        uint8_t *chars = malloc(strlen(args[i]) + 1);
        if (!chars)
            return false;
        size_t n = java_chars(args[i], chars);
        bool ok = mips_store(m, (*high)--, 1, 0, &kind);
        for (size_t j = n; ok && j > 0; j--)
            ok = mips_store(m, (*high)--, 1, chars[j - 1], &kind);
        free(chars);
        if (!ok)
            return false;
        starts[i] = *high + 1;
    }
    return true;
}

/* argv (NULL-terminated) with argc under it; $a0, $a1, $sp point at them.
 * high is the address below the lowest string. */
static bool store_argv(mips_machine *m, const uint32_t *starts, int count,
                               uint32_t high)
{
    mips_error_kind kind;
    /* argv sits at the initial $sp, unless the strings reach below it: then
     * one word of clearance under the lowest string's word. */
    uint32_t at = MIPS_SP_INIT;
    if (high < MIPS_SP_INIT)
        at = high - high % 4 - 4;
    if (!mips_store(m, at, 4, 0, &kind)) /* argv's NULL */
        return false;
    for (int i = count - 1; i >= 0; i--) {
        at -= 4;
        if (!mips_store(m, at, 4, starts[i], &kind))
            return false;
    }
    at -= 4;
    if (!mips_store(m, at, 4, (uint32_t)count, &kind)) /* argc */
        return false;
    mips_set_reg(m, MIPS_REG_SP, at);
    mips_set_reg(m, MIPS_REG_A0, (uint32_t)count);
    mips_set_reg(m, MIPS_REG_A1, at + 4);
    return true;
}

bool mips_store_args(mips_machine *m, char **args, int count)
{
    if (count <= 0)
        return true; /* MARS leaves the machine untouched without arguments */
    uint32_t high = ARGS_STACK_BASE;
    uint32_t *starts = malloc((size_t)count * sizeof *starts);
    if (!starts)
        return false;
    bool ok = store_strings(m, args, count, starts, &high) &&
              store_argv(m, starts, count, high);
    free(starts);
    return ok;
}
