/* The data directives (.word .half .byte .float .double .ascii .asciiz
 * .align .space) and the data memory they fill, the way MARS's Assembler
 * stores them: automatic alignment, labels moved with it, value:count,
 * truncation warnings, forward references patched at the end. */
#include "mips_asm_impl.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* MARS's Memory: user data (extern area, .data, heap) and kernel data are
 * 4 MB each. */
enum { MIPS_REGION_SIZE = 0x400000 };

static bool is_integer_directive(mips_directive d)
{
    return d == MIPS_DIR_WORD || d == MIPS_DIR_HALF || d == MIPS_DIR_BYTE;
}

static unsigned data_length(mips_directive d)
{
    switch (d) {
    case MIPS_DIR_DOUBLE: return 8;
    case MIPS_DIR_WORD:
    case MIPS_DIR_FLOAT: return 4;
    case MIPS_DIR_HALF: return 2;
    default: return 1;
    }
}

/* The segment that can hold length bytes at addr, or NULL (MARS's
 * Memory.set would fail: "... is not a valid data segment address"). */
static mips_segment *segment_for(mips_asm *as, uint32_t addr, unsigned length)
{
    uint64_t end = (uint64_t)addr + length;
    if (addr >= MIPS_EXTERN_BASE && end <= (uint64_t)MIPS_EXTERN_BASE + MIPS_REGION_SIZE)
        return &as->prog->segments[MIPS_SEG_DATA];
    if (addr >= MIPS_KDATA_BASE && end <= (uint64_t)MIPS_KDATA_BASE + MIPS_REGION_SIZE)
        return &as->prog->segments[MIPS_SEG_KDATA];
    return NULL;
}

bool mips_data_check(mips_asm *as, const mips_line *line, const mips_token *t)
{
    if (as->in_data)
        return true;
    char *name = mips_spell(t);
    mips_report(as, mips_token_loc(line, t), MIPS_MSG_DIRECTIVE_IN_TEXT, name);
    free(name);
    return false;
}

/* MARS's alignToBoundary computes with Java's int %, which keeps the
 * dividend's sign: a kernel address (negative as an int) that is not
 * aligned moves one boundary further than needed (.kdata 0x90000001 goes
 * to 0x90000008 for a word). C's % truncates the same way. */
static uint32_t java_align(uint32_t address, int32_t boundary)
{
    int32_t remainder = (int32_t)address % boundary;
    if (remainder == 0)
        return address;
    return address + (uint32_t)boundary - (uint32_t)remainder;
}

/* Aligns the data address; labels of this file still at the old address
 * move with it (fixSymbolTableAddress), which is how "x:" on a line of its
 * own before a .word gets the word's address. */
static void align_to(mips_asm *as, int32_t boundary)
{
    uint32_t *address = &as->data_address[as->data_space];
    uint32_t aligned = java_align(*address, boundary);
    if (aligned == *address)
        return;
    symtab *locals = &as->prog->locals[as->unit];
    for (size_t i = 0; i < locals->count; i++)
        if ((uint32_t)locals->entries[i].value == *address)
            locals->entries[i].value = aligned;
    *address = aligned;
}

/* Stores a value's low length bytes (little-endian) at the data address,
 * aligned first unless .align 0 said not to. Returns where it went; on an
 * invalid address the address does not advance, as in MARS. */
static uint32_t store(mips_asm *as, const mips_line *line, const mips_token *t, uint64_t value,
                      unsigned length)
{
    if (as->auto_align)
        align_to(as, (int32_t)length);
    uint32_t addr = as->data_address[as->data_space];
    mips_segment *seg = segment_for(as, addr, length);
    if (!seg) {
        mips_report(as, mips_token_loc(line, t), MIPS_MSG_DATA_ADDRESS, (int)(int32_t)addr);
        return addr;
    }
    uint8_t bytes[8];
    for (unsigned i = 0; i < length; i++)
        bytes[i] = (uint8_t)(value >> (8 * i));
    mips_segment_store(seg, addr, bytes, length);
    as->data_address[as->data_space] += length;
    return addr;
}

static void add_fixup(mips_fixups *fixups, mips_fixup f)
{
    fixups->items = asm_need_memory(grow_array(fixups->items, &fixups->capacity,
                                               fixups->count + 1, sizeof *fixups->items));
    fixups->items[fixups->count++] = f;
}

/* .word/.half/.byte: an integer (cut to size, with a warning outside the
 * signed range of .half and .byte), or a label's address. */
static bool store_integer(mips_asm *as, const mips_line *line, const mips_token *t,
                          mips_directive d)
{
    unsigned length = data_length(d);
    src_loc loc = mips_token_loc(line, t);
    if (t->kind == MIPS_LEX_INT) {
        int32_t v = t->value;
        if ((d == MIPS_DIR_BYTE && (v < -128 || v > 127)) ||
            (d == MIPS_DIR_HALF && (v < -32768 || v > 32767))) {
            char *text = mips_spell(t);
            mips_report(as, loc, MIPS_MSG_TRUNCATED, text);
            free(text);
        }
        uint32_t before = as->data_address[as->data_space];
        store(as, line, t, (uint32_t)v, length);
        return as->data_address[as->data_space] != before;
    }
    if (t->kind == MIPS_LEX_IDENT) {
        uint32_t address;
        if (mips_lookup(as, as->unit, t->text, t->len, &address)) {
            store(as, line, t, address, length);
        } else {
            /* 0 for now; the address once the label is known */
            uint32_t at = store(as, line, t, 0, length);
            add_fixup(&as->file_fixups, (mips_fixup){at, (uint8_t)length, as->unit,
                                                     asm_strndup(t->text, t->len), loc});
        }
        return true;
    }
    char *text = mips_spell(t);
    mips_report(as, loc, MIPS_MSG_VALUE_EXPECTED, text);
    free(text);
    return true;
}

/* .float/.double: a real, or an integer read as Java's Double.parseDouble
 * reads its text (so "010" is 10.0 and "0x10" is no number at all). */
static bool store_real(mips_asm *as, const mips_line *line, const mips_token *t,
                       mips_directive d)
{
    double v = 0;
    bool ok = true;
    if (t->kind == MIPS_LEX_REAL)
        v = t->real;
    else if (t->kind == MIPS_LEX_INT && t->text[0] == '\'')
        v = t->value; /* MARS has already turned 'a' into "97" */
    else if (t->kind == MIPS_LEX_INT)
        ok = mips_parse_real(t->text, t->len, &v);
    else
        ok = false;
    src_loc loc = mips_token_loc(line, t);
    char *text;
    if (!ok || (d == MIPS_DIR_FLOAT && (v < -FLT_MAX || v > FLT_MAX))) {
        text = mips_spell(t);
        mips_report(as, loc, ok ? MIPS_MSG_REAL_RANGE : MIPS_MSG_REAL_EXPECTED, text);
        free(text);
        return false;
    }
    uint32_t before = as->data_address[as->data_space];
    if (d == MIPS_DIR_FLOAT) {
        float f = (float)v;
        uint32_t bits = 0x7fc00000; /* Java's floatToIntBits: every NaN is this one */
        if (!isnan(f))
            memcpy(&bits, &f, sizeof bits);
        store(as, line, t, bits, 4);
    } else {
        uint64_t bits = UINT64_C(0x7ff8000000000000);
        if (!isnan(v))
            memcpy(&bits, &v, sizeof bits);
        store(as, line, t, bits, 8);
    }
    return as->data_address[as->data_space] != before;
}

/* MARS's storeNumeric; also continuation lines, whose first token is a
 * value. "value : count" needs exactly four tokens with the colon third. */
void mips_data_numeric(mips_asm *as, const mips_line *line, const mips_token *t, size_t n,
                       mips_directive d)
{
    if (!mips_data_check(as, line, &t[0]))
        return;
    bool integer = is_integer_directive(d);
    if (n == 4 && t[2].kind == MIPS_LEX_COLON) {
        const mips_token *value = &t[1], *count = &t[3];
        bool value_ok = value->kind == MIPS_LEX_INT || (!integer && value->kind == MIPS_LEX_REAL);
        if (!value_ok || count->kind != MIPS_LEX_INT) {
            mips_report(as, mips_token_loc(line, value), MIPS_MSG_MALFORMED);
            return;
        }
        if (count->value <= 0) {
            mips_report(as, mips_token_loc(line, count), MIPS_MSG_REPETITION);
            return;
        }
        if (as->auto_align)
            align_to(as, (int32_t)data_length(d));
        /* A store that fails stops the rest: each would fail the same way
         * (MARS would list every one of them). */
        for (int32_t i = 0; i < count->value; i++)
            if (!(integer ? store_integer(as, line, value, d) : store_real(as, line, value, d)))
                break;
        return;
    }
    for (size_t i = t[0].kind == MIPS_LEX_DIRECTIVE ? 1 : 0; i < n; i++) {
        if (integer)
            store_integer(as, line, &t[i], d);
        else
            store_real(as, line, &t[i], d);
    }
}

/* MARS reads a file as UTF-8 and stores each character's low byte; a
 * character beyond U+FFFF is two UTF-16 units, so two bytes. A malformed
 * sequence is one U+FFFD (stored as 0xFD). */
static size_t utf8_low_bytes(const uint8_t *in, size_t n, uint8_t *out)
{
    size_t o = 0;
    for (size_t i = 0; i < n;) {
        uint8_t c = in[i];
        unsigned need = c < 0x80 ? 0 : c >= 0xC2 && c <= 0xDF ? 1 : c >= 0xE0 && c <= 0xEF ? 2
                                                  : c >= 0xF0 && c <= 0xF4 ? 3 : 4;
        if (need == 0) {
            out[o++] = c;
            i++;
            continue;
        }
        uint32_t cp = need == 4 ? 0 : c & (0x3Fu >> need);
        size_t j = 1;
        for (; need < 4 && j <= need && i + j < n; j++) {
            uint8_t b = in[i + j];
            /* the second byte's range rules out overlong forms and surrogates */
            uint8_t lo = 0x80, hi = 0xBF;
            if (j == 1 && c == 0xE0) lo = 0xA0;
            if (j == 1 && c == 0xED) hi = 0x9F;
            if (j == 1 && c == 0xF0) lo = 0x90;
            if (j == 1 && c == 0xF4) hi = 0x8F;
            if (b < lo || b > hi)
                break;
            cp = cp << 6 | (b & 0x3Fu);
        }
        if (need == 4 || j <= need) {
            out[o++] = 0xFD;
            i += j > 1 ? j : 1;
            continue;
        }
        if (cp >= 0x10000) {
            out[o++] = (uint8_t)(0xD800 + ((cp - 0x10000) >> 10));
            out[o++] = (uint8_t)(0xDC00 + ((cp - 0x10000) & 0x3FF));
        } else {
            out[o++] = (uint8_t)cp;
        }
        i += need + 1;
    }
    return o;
}

/* The bytes of a string token. MARS reads the characters between the
 * token's first and last, and a backslash there takes the next character
 * even when that is the last one ("ab\" stores a, b and a quote). */
static size_t string_bytes(const mips_token *t, uint8_t *out)
{
    if (t->len < 2)
        return 0;
    const char *body = t->text + 1;
    size_t len = t->len - 2, run = 0;
    while (run < len && body[len - 1 - run] == '\\')
        run++;
    char *raw = malloc(len + 1);
    if (!raw)
        abort();
    size_t n = mips_unescape(body, len + run % 2, raw);
    n = utf8_low_bytes((const uint8_t *)raw, n, out);
    free(raw);
    return n;
}

static void store_byte(mips_asm *as, const mips_line *line, const mips_token *t, uint8_t byte)
{
    uint32_t *address = &as->data_address[as->data_space];
    mips_segment *seg = segment_for(as, *address, 1);
    if (seg)
        mips_segment_store(seg, *address, &byte, 1);
    else
        mips_report(as, mips_token_loc(line, t), MIPS_MSG_DATA_ADDRESS, (int)(int32_t)*address);
    (*address)++; /* a string advances even past an invalid address */
}

/* MARS's storeStrings: any number of strings, never aligned. */
void mips_data_strings(mips_asm *as, const mips_line *line, const mips_token *t, size_t n,
                       mips_directive d)
{
    for (size_t i = t[0].kind == MIPS_LEX_DIRECTIVE ? 1 : 0; i < n; i++) {
        if (t[i].kind != MIPS_LEX_STRING) {
            char *text = mips_spell(&t[i]);
            mips_report(as, mips_token_loc(line, &t[i]), MIPS_MSG_STRING_EXPECTED, text);
            free(text);
            continue;
        }
        uint8_t *bytes = malloc(t[i].len * 2 + 1);
        if (!bytes)
            abort();
        size_t count = string_bytes(&t[i], bytes);
        for (size_t b = 0; b < count; b++)
            store_byte(as, line, &t[i], bytes[b]);
        if (d == MIPS_DIR_ASCIIZ)
            store_byte(as, line, &t[i], 0);
        free(bytes);
    }
}

/* The operand of .align and .space: exactly one non-negative integer. */
static bool one_count(mips_asm *as, const mips_line *line, const mips_token *t, size_t n)
{
    mips_msg msg = MIPS_MSG_COUNT;
    if (n != 2)
        msg = MIPS_MSG_ONE_OPERAND;
    else if (t[1].kind != MIPS_LEX_INT || t[1].value < 0)
        msg = MIPS_MSG_NON_NEGATIVE;
    if (msg == MIPS_MSG_COUNT)
        return true;
    char *name = mips_spell(&t[0]);
    mips_report(as, mips_token_loc(line, &t[0]), msg, name);
    free(name);
    return false;
}

/* .align 0 turns automatic alignment off until the next .data or .kdata;
 * .align n aligns to 2^n now (Java's (int)Math.pow: 2^31 and up saturate). */
void mips_data_align(mips_asm *as, const mips_line *line, const mips_token *t, size_t n)
{
    if (!one_count(as, line, t, n))
        return;
    if (t[1].value == 0)
        as->auto_align = false;
    else
        align_to(as, t[1].value >= 31 ? INT32_MAX : (int32_t)1 << t[1].value);
}

/* .space n: skips n bytes (they read as zero). */
void mips_data_space(mips_asm *as, const mips_line *line, const mips_token *t, size_t n)
{
    if (one_count(as, line, t, n))
        as->data_address[as->data_space] += (uint32_t)t[1].value;
}

void mips_data_resolve(mips_asm *as, mips_fixups *fixups, bool globals_only)
{
    size_t kept = 0;
    for (size_t i = 0; i < fixups->count; i++) {
        mips_fixup *f = &fixups->items[i];
        uint32_t address;
        if (!mips_lookup(as, globals_only ? UINT32_MAX : f->unit, f->name, strlen(f->name),
                         &address)) {
            fixups->items[kept++] = *f;
            continue;
        }
        mips_segment *seg = segment_for(as, f->address, f->length);
        uint8_t bytes[4];
        for (unsigned b = 0; b < f->length; b++)
            bytes[b] = (uint8_t)(address >> (8 * b));
        if (seg) /* a store that failed was reported already */
            mips_segment_store(seg, f->address, bytes, f->length);
        free(f->name);
    }
    fixups->count = kept;
}
