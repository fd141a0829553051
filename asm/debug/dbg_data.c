/* The debugger's views of data: print, x, info and the value formats. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "dbg_impl.h"
#include "dbg_expr.h"

void dbg_format_value(dbg_session *s, char format, uint32_t value, char *buf, size_t size)
{
    const char *hex = s->t->hex_prefix;
    int digits = dbg_value_digits(s);
    if (s->t->word_bytes == 2)
        value &= 0xffff;
    switch (format) {
    case 'x':
        snprintf(buf, size, "%s%0*x", hex, digits, value);
        break;
    case 'd':
        snprintf(buf, size, "%lld", dbg_signed_value(s, value));
        break;
    case 'u':
        snprintf(buf, size, "%lu", (unsigned long)value);
        break;
    case 'c': {
        unsigned c = value & 0xff;
        if (isprint((int)c))
            snprintf(buf, size, "%u '%c'", c, (char)c);
        else
            snprintf(buf, size, "%u '\\x%02x'", c, c);
        break;
    }
    default:
        snprintf(buf, size, "%lld (%s%0*x)", dbg_signed_value(s, value), hex, digits, value);
        break;
    }
}

/* The NUL-terminated string at addr, quoted, at most 200 characters. On
 * the LC-3 each word holds one character. */
static void print_string(dbg_session *s, uint32_t addr)
{
    dbg_printf(s, "\"");
    unsigned size = s->t->byte_addressed ? 1 : s->t->word_bytes;
    for (int i = 0; i < 200; i++, addr++) {
        uint32_t c;
        if (!s->t->read(s->t->ctx, addr, size, &c) || (c &= 0xff) == 0) {
            dbg_printf(s, "\"");
            return;
        }
        if (c == '\n')
            dbg_printf(s, "\\n");
        else if (c == '"' || c == '\\')
            dbg_printf(s, "\\%c", (char)c);
        else if (isprint((int)c))
            dbg_printf(s, "%c", (char)c);
        else
            dbg_printf(s, "\\x%02x", c);
    }
    dbg_printf(s, "\"...");
}

void dbg_cmd_print(dbg_session *s, char format, const char *args)
{
    dbg_target *t = s->t;
    uint32_t value;
    char err[DBG_ERROR_SIZE], text[64];
    if (!*args) {
        dbg_printf(s, "Usage: print[/x|/d|/c|/s] EXPR\n");
        return;
    }
    if (!dbg_eval(t, args, &value, err)) {
        dbg_printf(s, "%s\n", err);
        return;
    }
    if (format == 's') {
        dbg_printf(s, "%s = ", args);
        dbg_print_hex(s, value);
        dbg_printf(s, " ");
        print_string(s, value);
        dbg_printf(s, "\n");
        return;
    }
    /* A bare label: its address and the word stored there. */
    uint32_t addr, word;
    if (t->reg_lookup(t->ctx, args) < 0 && t->symbol_value(t->ctx, args, &addr)) {
        dbg_printf(s, "%s = ", args);
        dbg_print_hex(s, addr);
        if (t->read(t->ctx, addr, t->word_bytes, &word)) {
            dbg_format_value(s, format, word, text, sizeof text);
            dbg_printf(s, ", value %s", text);
        }
        dbg_printf(s, "\n");
        return;
    }
    dbg_format_value(s, format, value, text, sizeof text);
    dbg_printf(s, "%s = %s\n", args, text);
}

/* x/NFU ADDRESS: N units of U (b, h, w) in format F (x, d, u, c, s, i). */
void dbg_cmd_x(dbg_session *s, const char *spec, const char *args)
{
    dbg_target *t = s->t;
    unsigned count = 1, size = t->word_bytes;
    char format = 'x';
    const char *p = spec;
    if (isdigit((unsigned char)*p) || *p == '-' || *p == '+') {
        /* Digits only, 1..DBG_MAX_UNITS: no sign, no wrap-around. */
        size_t digits = strspn(p, "0123456789");
        unsigned long n = 0;
        for (size_t i = 0; i < digits && n <= DBG_MAX_UNITS; i++)
            n = n * 10 + (unsigned long)(p[i] - '0');
        if (digits == 0 || n == 0 || n > DBG_MAX_UNITS) {
            dbg_printf(s, "Invalid number of units in \"/%s\": give 1 to %d.\n", spec,
                       DBG_MAX_UNITS);
            return;
        }
        count = (unsigned)n;
        p += digits;
    }
    for (; *p; p++) {
        if (strchr("xducsi", *p))
            format = *p;
        else if (*p == 'b' && t->byte_addressed)
            size = 1;
        else if (*p == 'h' && t->byte_addressed)
            size = 2;
        else if (*p == 'w')
            size = t->word_bytes;
        else {
            dbg_printf(s, "Invalid letter '%c' in \"/%s\": formats x d u c s i, units %s.\n",
                       *p, spec, t->byte_addressed ? "b h w" : "w");
            return;
        }
    }
    if (format == 'c' && t->byte_addressed && !strchr(spec, 'w') && !strchr(spec, 'h'))
        size = 1;
    uint32_t addr;
    char err[DBG_ERROR_SIZE];
    if (!*args) {
        dbg_printf(s, "Usage: x/NFU ADDRESS\n");
        return;
    }
    if (!dbg_location(t, args, &addr, err)) {
        dbg_printf(s, "%s\n", err);
        return;
    }
    unsigned stride = t->byte_addressed ? size : 1;
    unsigned per_line = format == 'c' || size == 1 ? 8 : 4;
    for (unsigned i = 0; i < count; i++) {
        if (format == 's' || format == 'i') {
            dbg_print_addr(s, addr);
            dbg_printf(s, ":\t");
            if (format == 's') {
                print_string(s, addr);
                uint32_t c;
                do {
                    if (!t->read(t->ctx, addr, t->byte_addressed ? 1 : t->word_bytes, &c))
                        break;
                    addr += 1;
                } while ((c & 0xff) != 0);
            } else {
                char insn[96];
                t->disasm(t->ctx, addr, insn, sizeof insn);
                dbg_printf(s, "%s", insn);
                addr = t->next_addr(t->ctx, addr);
            }
            dbg_printf(s, "\n");
            continue;
        }
        if (i % per_line == 0) {
            if (i)
                dbg_printf(s, "\n");
            dbg_print_addr(s, addr);
            dbg_printf(s, ":");
        }
        uint32_t v;
        if (!t->read(t->ctx, addr, size, &v)) {
            dbg_printf(s, "\tCannot access memory at ");
            dbg_print_hex(s, addr);
            break;
        }
        char text[64];
        if (format == 'x')
            snprintf(text, sizeof text, "%s%0*x", t->hex_prefix, (int)size * 2, v);
        else if (format == 'd')
            snprintf(text, sizeof text, "%ld", size == 1 ? (long)(int8_t)v : size == 2 ? (long)(int16_t)v : (long)(int32_t)v);
        else if (format == 'c')
            snprintf(text, sizeof text, isprint((int)(v & 0xff)) ? "'%c'" : "'\\x%02x'", (int)(v & 0xff));
        else
            snprintf(text, sizeof text, "%lu", (unsigned long)v);
        dbg_printf(s, "\t%s", text);
        addr += stride;
    }
    if (format != 's' && format != 'i')
        dbg_printf(s, "\n");
}

/* Four registers a line, each changed since the last stop marked '*'. */
static void info_registers(dbg_session *s, unsigned from, unsigned to)
{
    dbg_target *t = s->t;
    char line[160];
    size_t len = 0;
    for (unsigned r = from, shown = 0; r < to; r++, shown++) {
        uint32_t v = t->get_reg(t->ctx, r);
        bool changed = r < DBG_MAX_REGS && v != s->last_regs[r];
        len += (size_t)snprintf(line + len, sizeof line - len, "%s%-8s%s%0*x%c",
                                shown % 4 ? "  " : "", t->reg_name(t->ctx, r), t->hex_prefix,
                                dbg_value_digits(s), v, changed ? '*' : ' ');
        if (shown % 4 == 3 || r + 1 == to) {
            while (len > 0 && line[len - 1] == ' ')
                len--;
            dbg_printf(s, "%.*s\n", (int)len, line);
            len = 0;
        }
    }
}

void dbg_cmd_info(dbg_session *s, const char *args)
{
    dbg_target *t = s->t;
    char what[32] = "";
    sscanf(args, "%31s", what);
    const char *rest = dbg_skip_space(args + strlen(what));
    size_t len = strlen(what);
    if (len && strncmp(what, "registers", len) == 0 && *rest) {
        /* info registers $t0 $t1: just those, with their values. */
        char name[32];
        int used;
        while (sscanf(rest, "%31s%n", name, &used) == 1) {
            int r = dbg_register(t, name);
            if (r < 0) {
                dbg_printf(s, "Invalid register '%s'\n", name);
            } else {
                char text[64];
                dbg_format_value(s, 0, t->get_reg(t->ctx, (unsigned)r), text, sizeof text);
                dbg_printf(s, "%-6s%s\n", t->reg_name(t->ctx, (unsigned)r), text);
            }
            rest += used;
        }
    } else if (len && strncmp(what, "registers", len) == 0) {
        info_registers(s, 0, t->general_count);
    } else if (len > 1 && strncmp(what, "all-registers", len) == 0) {
        info_registers(s, 0, t->reg_count);
    } else if (len && (strncmp(what, "breakpoints", len) == 0 || strncmp(what, "watchpoints", len) == 0)) {
        dbg_info_breakpoints(s);
    } else if (len && strncmp(what, "frame", len) == 0) {
        dbg_cmd_frame(s);
    } else if (len > 1 && strncmp(what, "symbols", len) == 0) {
        const char *name;
        uint32_t addr;
        for (size_t i = 0; t->symbol_nth(t->ctx, i, &name, &addr); i++) {
            dbg_print_hex(s, addr);
            dbg_printf(s, "  %s\n", name);
        }
    } else if (len > 1 && strncmp(what, "display", len) == 0) {
        if (s->display_count == 0)
            dbg_printf(s, "There are no auto-display expressions now.\n");
        for (size_t i = 0; i < s->display_count; i++)
            dbg_printf(s, "%d: /%c %s\n", s->displays[i].id,
                       s->displays[i].format ? s->displays[i].format : 'd', s->displays[i].expr);
    } else if (len && strncmp(what, "line", len) == 0) {
        dbg_print_location(s, t->pc(t->ctx));
    } else {
        dbg_printf(s, "info registers [REG...], all-registers, breakpoints, watchpoints, frame, "
                      "symbols, display, line\n");
    }
}

