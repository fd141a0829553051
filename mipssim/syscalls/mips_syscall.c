/* MARS 4.5's syscalls (see mips_syscall.h): the dispatcher, console input
 * and output, number reading, sbrk, exit. Files (13-16) are in
 * mips_syscall_file.c, time, sleep and the random streams in
 * mips_syscall_time.c, Java's number parsing in mips_java_number.c and
 * printing in mips_java_tostring.c, java.util.Random in mips_random.c. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mips_isa.h"
#include "mips_syscall_impl.h"
#include "grow.h"

/* The data segment ends here (exclusive): sbrk may not reach it. */
static const uint32_t heap_limit = 0x10400000;

/* Longest input line kept; the rest is read and dropped, so a runaway input
 * cannot exhaust memory (MARS would keep it all). */
enum { LINE_MAX_UNITS = 1 << 20 };

mips_syscall_options mips_syscall_default_options(void)
{
    return (mips_syscall_options){.root = NULL, .budget = NULL, .output_cap = 0, .stderr_fd = 2, .no_sleep = false};
}

mips_syscalls *mips_syscalls_new(console *con, const mips_syscall_options *options)
{
    mips_syscall_options o = options ? *options : mips_syscall_default_options();
    mips_syscalls *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->con = con;
    s->root = o.root && o.root_is_real ? strdup(o.root) : realpath(o.root ? o.root : ".", NULL);
    if (!s->root) {
        free(s);
        return NULL;
    }
    s->cap = o.output_cap ? o.output_cap : MIPS_SYSCALL_DEFAULT_CAP;
    s->budget = o.budget;
    s->stderr_fd = o.stderr_fd;
    s->no_sleep = o.no_sleep;
    s->ascii_file_names = o.ascii_file_names;
    s->read_ahead = o.read_ahead;
    mips_sys_time_init(s, &o.time);
    mips_files_init(s);
    return s;
}

void mips_syscalls_free(mips_syscalls *s)
{
    if (!s)
        return;
    mips_files_close_all(s);
    free(s->root);
    free(s->pending);
    free(s->streams);
    free(s);
}

int mips_syscall_exit_status(const mips_syscalls *s)
{
    return s->exit_status;
}

uint64_t mips_syscall_output_bytes(const mips_syscalls *s)
{
    return s->written;
}

bool mips_syscall_needs_input(const mips_syscalls *s, const mips_machine *m)
{
    switch (mips_reg(m, MIPS_REG_V0)) {
    case MIPS_SYS_READ_INT:
    case MIPS_SYS_READ_FLOAT:
    case MIPS_SYS_READ_DOUBLE:
    case MIPS_SYS_READ_STRING:
    case MIPS_SYS_READ_CHAR:
        break;
    case MIPS_SYS_READ:
        if (mips_reg(m, MIPS_REG_A0) == 0)
            break;
        return false;
    default:
        return false;
    }
    return s->pending_pos >= s->pending_len && (!s->con || console_pending(s->con) == 0);
}

/* ------------------------------------------------------------------------
 * Output */

/* How many of len bytes the cap still allows; counts them as written. */
static size_t cap_take(mips_syscalls *s, size_t len, bool *all)
{
    uint64_t room = s->cap - s->written;
    *all = len <= room;
    size_t n = *all ? len : (size_t)room;
    s->written += n;
    return n;
}

bool mips_sys_emit(mips_syscalls *s, const void *bytes, size_t len)
{
    bool all;
    size_t n = cap_take(s, len, &all);
    if (s->con)
        console_write(s->con, bytes, n);
    return all;
}

bool mips_sys_emit_stderr(mips_syscalls *s, const void *bytes, size_t len)
{
    bool all;
    size_t n = cap_take(s, len, &all);
    if (s->stderr_fd >= 0 && n > 0) {
        /* The console's output goes first, so the two interleave in order. */
        if (s->con)
            console_flush(s->con);
        const uint8_t *p = bytes;
        while (n > 0) {
            ssize_t w = write(s->stderr_fd, p, n);
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0)
                break;
            p += w;
            n -= (size_t)w;
        }
    }
    return all;
}

/* One character of Java's String, printed as UTF-8 (System.out's encoding
 * in MARS's JVM): a byte 0x80-0xFF, read as Latin-1, takes two bytes. */
static bool emit_latin1(mips_syscalls *s, uint8_t byte)
{
    if (byte < 0x80)
        return mips_sys_emit(s, &byte, 1);
    uint8_t utf8[2] = {(uint8_t)(0xC0 | byte >> 6), (uint8_t)(0x80 | (byte & 0x3F))};
    return mips_sys_emit(s, utf8, 2);
}

static bool emit_text(mips_syscalls *s, const char *text)
{
    return mips_sys_emit(s, text, strlen(text));
}

/* ------------------------------------------------------------------------
 * Input */

/* The line reader's buffer: Java's InputStreamReader takes System.in 8 KiB
 * at a time, so after one line-based read the rest of a small input is in
 * it, and syscall 14 on fd 0 finds nothing (MARS measured). */
enum { LINE_READER_BYTES = 8192 };

static bool pending_alloc(mips_syscalls *s)
{
    if (s->pending_size == 0) {
        s->pending = malloc(LINE_READER_BYTES);
        if (!s->pending)
            return false;
        s->pending_size = LINE_READER_BYTES;
    }
    return true;
}

int mips_sys_stdin_byte(mips_syscalls *s, bool wait)
{
    if (!s->con)
        return CONSOLE_EOF;
    for (;;) {
        int b = console_read_byte(s->con, wait ? CONSOLE_FOREVER : 0);
        if (b != CONSOLE_NONE || !wait)
            return b;
    }
}

int mips_sys_input_byte(mips_syscalls *s, bool wait)
{
    if (s->pending_pos < s->pending_len)
        return s->pending[s->pending_pos++];
    if (!s->con || !wait || s->key_mode)
        return mips_sys_stdin_byte(s, wait);
    if (!pending_alloc(s))
        return CONSOLE_EOF;
    if (console_is_terminal(s->con)) {
        /* A terminal types a line at a time, echoed and editable; keep the
         * whole line and hand it out byte by byte. */
        long n = console_read_line(s->con, (char *)s->pending, s->pending_size);
        if (n <= 0)
            return CONSOLE_EOF;
        s->pending_pos = 1;
        s->pending_len = (size_t)n;
        return s->pending[0];
    }
    /* A pipe or file: the first byte, then whatever has arrived with it. */
    int b = mips_sys_stdin_byte(s, true);
    if (b < 0)
        return b;
    size_t n = 0;
    s->pending[n++] = (uint8_t)b;
    while (n < s->pending_size && (b = mips_sys_stdin_byte(s, false)) >= 0)
        s->pending[n++] = (uint8_t)b;
    s->pending_pos = 1;
    s->pending_len = n;
    return s->pending[0];
}

/* A line of input as Java's BufferedReader.readLine gives it: UTF-16 code
 * units decoded from UTF-8 (a bad sequence gives U+FFFD), ended by "\n",
 * "\r" or "\r\n", which is dropped. */
typedef struct line {
    uint16_t *units;
    size_t len, size;
} line;

static void line_add(line *l, uint32_t unit)
{
    if (l->len == LINE_MAX_UNITS)
        return;
    if (l->len == l->size) {
        uint16_t *units = grow_array(l->units, &l->size, l->len + 1, sizeof *units);
        if (!units)
            return;
        l->units = units;
    }
    l->units[l->len++] = (uint16_t)unit;
}

static void line_add_code_point(line *l, uint32_t cp)
{
    if (cp >= 0x10000) { /* Java holds it as a surrogate pair */
        cp -= 0x10000;
        line_add(l, 0xD800 + (cp >> 10));
        line_add(l, 0xDC00 + (cp & 0x3FF));
    } else {
        line_add(l, cp);
    }
}

/* Puts a byte back in front of the pending input. */
static void unread_byte(mips_syscalls *s, int b)
{
    if (s->pending_pos > 0) {
        s->pending[--s->pending_pos] = (uint8_t)b;
        return;
    }
    if (!pending_alloc(s))
        return;
    s->pending[0] = (uint8_t)b;
    s->pending_pos = 0;
    s->pending_len = 1;
}

/* Decodes one UTF-8 character whose first byte is lead. */
static uint32_t decode_utf8(mips_syscalls *s, int lead)
{
    int need;
    uint32_t cp, min;
    if (lead < 0x80)
        return (uint32_t)lead;
    if (lead >= 0xC2 && lead <= 0xDF) {
        need = 1, cp = (uint32_t)lead & 0x1F, min = 0x80;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        need = 2, cp = (uint32_t)lead & 0x0F, min = 0x800;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        need = 3, cp = (uint32_t)lead & 0x07, min = 0x10000;
    } else {
        return 0xFFFD;
    }
    for (int i = 0; i < need; i++) {
        int b = mips_sys_input_byte(s, true);
        if (b < 0 || (b & 0xC0) != 0x80) {
            if (b >= 0)
                unread_byte(s, b);
            return 0xFFFD;
        }
        cp = cp << 6 | ((uint32_t)b & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0xFFFD;
    return cp;
}

/* Reads a line; false when input ended before any character (Java's null). */
static bool read_line(mips_syscalls *s, line *l)
{
    l->len = 0;
    int b = mips_sys_input_byte(s, true);
    if (s->skip_lf) {
        s->skip_lf = false;
        if (b == '\n')
            b = mips_sys_input_byte(s, true);
    }
    if (b == CONSOLE_EOF)
        return false;
    while (b >= 0 && b != '\n' && b != '\r') {
        line_add_code_point(l, decode_utf8(s, b));
        b = mips_sys_input_byte(s, true);
    }
    if (b == '\r')
        s->skip_lf = true;
    return true;
}

/* Java's String.trim: drops code units <= ' ' at both ends. Returns the
 * trimmed text as ASCII in buf, or false when a unit is not ASCII or the
 * text does not fit (neither can be a valid number). */
static bool trimmed_ascii(const line *l, char *buf, size_t size)
{
    size_t start = 0, end = l->len;
    while (start < end && l->units[start] <= ' ')
        start++;
    while (end > start && l->units[end - 1] <= ' ')
        end--;
    if (end - start >= size)
        return false;
    for (size_t i = start; i < end; i++) {
        if (l->units[i] >= 0x80)
            return false;
        buf[i - start] = (char)l->units[i];
    }
    buf[end - start] = '\0';
    return true;
}

/* ------------------------------------------------------------------------
 * The services */

static float float_of(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

static uint32_t bits_of_float(float f)
{
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    return bits;
}

/* A double from / into an even-odd register pair, low word in the even one. */
static double double_of(const mips_machine *m, unsigned f)
{
    uint64_t bits = (uint64_t)mips_fpr(m, f + 1) << 32 | mips_fpr(m, f);
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}

static void set_double(mips_machine *m, unsigned f, double d)
{
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    mips_set_fpr(m, f, (uint32_t)bits);
    mips_set_fpr(m, f + 1, (uint32_t)(bits >> 32));
}

static mips_syscall_result emitted(bool ok)
{
    return ok ? MIPS_SYSCALL_CONTINUE : MIPS_SYSCALL_OUTPUT_CAP;
}

static mips_syscall_result raise_error(mips_machine *m, mips_error_kind kind, uint32_t address,
                                       int32_t code)
{
    mips_raise(m, kind, address, code);
    return MIPS_SYSCALL_RAISED;
}

/* 4: bytes up to NUL, each as a Latin-1 character; a bad address raises
 * its error after what came before it is printed, as in MARS. */
static mips_syscall_result print_string(mips_syscalls *s, mips_machine *m)
{
    uint32_t addr = mips_reg(m, MIPS_REG_A0);
    for (;; addr++) {
        uint32_t byte;
        mips_error_kind kind;
        if (!mips_load(m, addr, 1, &byte, &kind))
            return raise_error(m, kind, addr, 0);
        if (byte == 0)
            return MIPS_SYSCALL_CONTINUE;
        if (!emit_latin1(s, (uint8_t)byte))
            return MIPS_SYSCALL_OUTPUT_CAP;
    }
}

/* 5, 6, 7: a line, trimmed, parsed as Java does. */
static mips_syscall_result read_number(mips_syscalls *s, mips_machine *m, int service)
{
    line l = {0};
    if (!read_line(s, &l)) {
        free(l.units);
        return MIPS_SYSCALL_INPUT_ENDED;
    }
    /* A number may carry any count of leading zeros: room for the line. */
    char *text = malloc(l.len + 1), *c_text = malloc(l.len + 1);
    bool ascii = text && c_text && trimmed_ascii(&l, text, l.len + 1);
    free(l.units);
    mips_syscall_result r = MIPS_SYSCALL_CONTINUE;
    if (service == MIPS_SYS_READ_INT) {
        int32_t value;
        if (ascii && mips_java_parse_int(text, &value))
            mips_set_reg(m, MIPS_REG_V0, (uint32_t)value);
        else
            r = raise_error(m, MIPS_ERR_INT_INPUT, 0, 0);
    } else {
        /* Java's parseFloat/parseDouble give the one canonical NaN, so
         * "-NaN" keeps no sign (0x7fc00000, not strtof's 0xffc00000). */
        bool number = ascii && mips_java_float_syntax(text, c_text);
        if (!number) {
            r = raise_error(m, service == MIPS_SYS_READ_FLOAT ? MIPS_ERR_FLOAT_INPUT
                                                              : MIPS_ERR_DOUBLE_INPUT, 0, 0);
        } else if (service == MIPS_SYS_READ_FLOAT) {
            float f = strtof(c_text, NULL);
            mips_set_fpr(m, MIPS_FPR_F0, isnan(f) ? 0x7fc00000u : bits_of_float(f));
        } else {
            double d = strtod(c_text, NULL);
            if (isnan(d)) {
                mips_set_fpr(m, MIPS_FPR_F0, 0);
                mips_set_fpr(m, MIPS_FPR_F0 + 1, 0x7ff80000u);
            } else {
                set_double(m, MIPS_FPR_F0, d);
            }
        }
    }
    free(text);
    free(c_text);
    return r;
}

/* 8: fgets-like, in MARS's words: n = $a1 - 1 (Java int arithmetic);
 * store min(n, len) characters (each its UTF-16 unit's low byte), then
 * '\n' if the line was shorter than n, then NUL unless $a1 <= 0. */
static mips_syscall_result read_string(mips_syscalls *s, mips_machine *m)
{
    uint32_t buf = mips_reg(m, MIPS_REG_A0);
    int32_t max = (int32_t)(mips_reg(m, MIPS_REG_A1) - 1u);
    bool add_nul = true;
    if (max < 0) {
        max = 0;
        add_nul = false;
    }
    line l = {0};
    if (!read_line(s, &l)) {
        free(l.units);
        return MIPS_SYSCALL_INPUT_ENDED;
    }
    size_t len = l.len < (size_t)max ? l.len : (size_t)max;
    mips_error_kind kind;
    uint32_t addr = buf;
    for (size_t i = 0; i < len; i++, addr++) {
        if (!mips_store(m, addr, 1, l.units[i] & 0xFF, &kind)) {
            free(l.units);
            return raise_error(m, kind, addr, 0);
        }
    }
    free(l.units);
    if (len < (size_t)max) {
        if (!mips_store(m, addr, 1, '\n', &kind))
            return raise_error(m, kind, addr, 0);
        addr++;
    }
    if (add_nul && !mips_store(m, addr, 1, 0, &kind))
        return raise_error(m, kind, addr, 0);
    return MIPS_SYSCALL_CONTINUE;
}

/* 9: MARS's Memory.allocateBytesFromHeap in Java int arithmetic: the new
 * break is rounded up to a multiple of 4 and must stay below the end of
 * the data segment (a sum that wraps negative passes, as in MARS). */
static mips_syscall_result sbrk(mips_machine *m)
{
    int32_t amount = (int32_t)mips_reg(m, MIPS_REG_A0);
    uint32_t old = mips_heap_break(m);
    if (amount < 0)
        return raise_error(m, MIPS_ERR_SBRK_NEGATIVE, 0, amount);
    int32_t brk = (int32_t)(old + (uint32_t)amount);
    if (brk % 4 != 0)
        brk = (int32_t)((uint32_t)brk + (uint32_t)(4 - brk % 4));
    if (brk >= (int32_t)heap_limit)
        return raise_error(m, MIPS_ERR_SBRK_TOO_LARGE, 0, amount);
    mips_set_heap_break(m, (uint32_t)brk);
    mips_set_reg(m, MIPS_REG_V0, old);
    return MIPS_SYSCALL_CONTINUE;
}

/* 12: from a pipe or file, a line's first character; on a terminal, one
 * key as it is pressed (raw mode), not echoed. */
static mips_syscall_result read_char(mips_syscalls *s, mips_machine *m)
{
    if (s->con && console_is_terminal(s->con) && s->pending_pos == s->pending_len) {
        int b = console_read_byte(s->con, CONSOLE_FOREVER);
        while (b == CONSOLE_NONE)
            b = console_read_byte(s->con, CONSOLE_FOREVER);
        if (b == CONSOLE_EOF)
            return MIPS_SYSCALL_INPUT_ENDED;
        line l = {0};
        s->key_mode = true; /* a key's further UTF-8 bytes come without Enter */
        line_add_code_point(&l, decode_utf8(s, b));
        s->key_mode = false;
        mips_set_reg(m, MIPS_REG_V0, l.len ? l.units[0] : 0xFFFD);
        free(l.units);
        return MIPS_SYSCALL_CONTINUE;
    }
    line l = {0};
    bool got = read_line(s, &l);
    uint32_t first = got && l.len > 0 ? l.units[0] : 0;
    size_t len = l.len;
    free(l.units);
    if (!got)
        return MIPS_SYSCALL_INPUT_ENDED;
    if (len == 0)
        return raise_error(m, MIPS_ERR_CHAR_INPUT, 0, 0);
    mips_set_reg(m, MIPS_REG_V0, first);
    return MIPS_SYSCALL_CONTINUE;
}

static mips_syscall_result print_formatted(mips_syscalls *s, mips_machine *m, int service)
{
    uint32_t a0 = mips_reg(m, MIPS_REG_A0);
    char buf[40];
    switch (service) {
    case MIPS_SYS_PRINT_INT:
        snprintf(buf, sizeof buf, "%ld", (long)(int32_t)a0);
        break;
    case MIPS_SYS_PRINT_FLOAT:
        mips_java_float_string(float_of(mips_fpr(m, MIPS_FPR_F12)), buf);
        break;
    case MIPS_SYS_PRINT_DOUBLE:
        mips_java_double_string(double_of(m, MIPS_FPR_F12), buf);
        break;
    case MIPS_SYS_PRINT_HEX:
        snprintf(buf, sizeof buf, "0x%08lx", (unsigned long)a0);
        break;
    case MIPS_SYS_PRINT_BINARY:
        for (int i = 0; i < 32; i++)
            buf[i] = (char)('0' + (a0 >> (31 - i) & 1));
        buf[32] = '\0';
        break;
    default:
        snprintf(buf, sizeof buf, "%lu", (unsigned long)a0);
        break;
    }
    return emitted(emit_text(s, buf));
}

mips_syscall_result mips_syscall(mips_syscalls *s, mips_machine *m)
{
    int32_t service = (int32_t)mips_reg(m, MIPS_REG_V0);
    switch (service) {
    case MIPS_SYS_PRINT_INT:
    case MIPS_SYS_PRINT_FLOAT:
    case MIPS_SYS_PRINT_DOUBLE:
    case MIPS_SYS_PRINT_HEX:
    case MIPS_SYS_PRINT_BINARY:
    case MIPS_SYS_PRINT_UNSIGNED:
        return print_formatted(s, m, service);
    case MIPS_SYS_PRINT_STRING:
        return print_string(s, m);
    case MIPS_SYS_READ_INT:
    case MIPS_SYS_READ_FLOAT:
    case MIPS_SYS_READ_DOUBLE:
        return read_number(s, m, service);
    case MIPS_SYS_READ_STRING:
        return read_string(s, m);
    case MIPS_SYS_SBRK:
        return sbrk(m);
    case MIPS_SYS_EXIT:
        s->exit_status = 0;
        return MIPS_SYSCALL_EXIT;
    case MIPS_SYS_EXIT2:
        s->exit_status = (int)(mips_reg(m, MIPS_REG_A0) & 0xff);
        return MIPS_SYSCALL_EXIT;
    case MIPS_SYS_PRINT_CHAR:
        return emitted(emit_latin1(s, (uint8_t)mips_reg(m, MIPS_REG_A0)));
    case MIPS_SYS_READ_CHAR:
        return read_char(s, m);
    case MIPS_SYS_OPEN:
        return mips_sys_open(s, m);
    case MIPS_SYS_READ:
        return mips_sys_read(s, m);
    case MIPS_SYS_WRITE:
        return mips_sys_write(s, m);
    case MIPS_SYS_CLOSE:
        return mips_sys_close(s, m);
    case MIPS_SYS_TIME:
        return mips_sys_time(s, m);
    case MIPS_SYS_MIDI_OUT:
    case MIPS_SYS_MIDI_OUT_SYNC:
        return MIPS_SYSCALL_CONTINUE; /* no sound here, and no error */
    case MIPS_SYS_SLEEP:
        return mips_sys_sleep(s, m);
    case MIPS_SYS_RAND_SEED:
    case MIPS_SYS_RAND_INT:
    case MIPS_SYS_RAND_INT_RANGE:
    case MIPS_SYS_RAND_FLOAT:
    case MIPS_SYS_RAND_DOUBLE:
        return mips_sys_random(s, m, service);
    default:
        /* 50-59 are MARS's dialog boxes: meaningless without a window, and
         * said so rather than called unknown (see docs/mips-syscalls.md). */
        if (service >= 50 && service <= 59)
            return raise_error(m, MIPS_ERR_DIALOG_SYSCALL, 0, service);
        return raise_error(m, MIPS_ERR_BAD_SYSCALL, 0, service);
    }
}
