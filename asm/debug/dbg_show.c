/* What the debugger prints: stops, source lines, disassembly, the call
 * trace, displays, help (values and memory: dbg_data.c). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "dbg_impl.h"
#include "dbg_expr.h"

void dbg_printf(dbg_session *s, const char *fmt, ...)
{
    /* The program's output so far comes first, so the two stay in order. */
    if (s->t->con)
        console_flush(s->t->con);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(s->out, fmt, ap);
    va_end(ap);
    /* ... and ours goes out before the program writes again. */
    fflush(s->out);
}

void dbg_print_hex(dbg_session *s, uint32_t addr)
{
    dbg_printf(s, "%s%0*x", s->t->hex_prefix, (int)s->t->addr_digits, addr);
}

void dbg_print_addr(dbg_session *s, uint32_t addr)
{
    dbg_print_hex(s, addr);
    uint32_t offset;
    const char *label = s->t->symbol_at(s->t->ctx, addr, &offset);
    if (label && offset)
        dbg_printf(s, " <%s+%u>", label, offset);
    else if (label)
        dbg_printf(s, " <%s>", label);
}

/* The text of a source line without its leading blanks. */
static const char *source_text(dbg_session *s, size_t file, int line, size_t *len)
{
    const char *text = file < s->t->file_count ? source_line(s->t->files[file], line, len) : NULL;
    if (!text) {
        *len = 0;
        return "";
    }
    while (*len > 0 && (*text == ' ' || *text == '\t')) {
        text++;
        (*len)--;
    }
    return text;
}

static const char *file_name(dbg_session *s, size_t file)
{
    return s->t->files[file]->path;
}

void dbg_print_location(dbg_session *s, uint32_t addr)
{
    dbg_target *t = s->t;
    dbg_print_addr(s, addr);
    char insn[96];
    t->disasm(t->ctx, addr, insn, sizeof insn);
    dbg_source src;
    if (!t->source_of(t->ctx, addr, &src)) {
        dbg_printf(s, "  %s  (no source)\n", insn);
        return;
    }
    size_t len;
    const char *text = source_text(s, src.file, src.line, &len);
    dbg_printf(s, "  %s:%d  %.*s", file_name(s, src.file), src.line, (int)len, text);
    if (src.parts > 1)
        dbg_printf(s, "  [%d/%d: %s]", src.part + 1, src.parts, insn);
    dbg_printf(s, "\n");
}

void dbg_remember_regs(dbg_session *s)
{
    for (unsigned r = 0; r < s->t->reg_count && r < DBG_MAX_REGS; r++)
        s->last_regs[r] = s->t->get_reg(s->t->ctx, r);
}

int dbg_value_digits(const dbg_session *s)
{
    return (int)s->t->word_bytes * 2;
}

/* A value as a signed number of the machine's word width. */
long long dbg_signed_value(const dbg_session *s, uint32_t v)
{
    if (s->t->word_bytes == 2)
        return (int16_t)(uint16_t)v;
    return (int32_t)v;
}

void dbg_show_stop(dbg_session *s)
{
    dbg_target *t = s->t;
    uint32_t pc = t->pc(t->ctx);
    /* The registers the program changed since the last stop (the pc
     * always changes: the location line shows it). */
    for (unsigned r = 0; r < t->general_count && r < DBG_MAX_REGS; r++) {
        uint32_t v = t->get_reg(t->ctx, r);
        if (v != s->last_regs[r] && (int)r != t->pc_reg)
            dbg_printf(s, "  %s: %s%0*x -> %s%0*x (%lld)\n", t->reg_name(t->ctx, r),
                       t->hex_prefix, dbg_value_digits(s), s->last_regs[r], t->hex_prefix,
                       dbg_value_digits(s), v, dbg_signed_value(s, v));
    }
    dbg_remember_regs(s);
    if (!s->running)
        return;
    dbg_printf(s, "=> ");
    dbg_print_location(s, pc);
    dbg_show_displays(s);
}

/* Lines first..last of a file, the current one marked. */
static void list_lines(dbg_session *s, size_t file, int first, int last, int current)
{
    const source_file *f = s->t->files[file];
    if (first < 1)
        first = 1;
    if (last > f->line_count)
        last = f->line_count;
    for (int line = first; line <= last; line++) {
        size_t len;
        const char *text = source_line(f, line, &len);
        dbg_printf(s, "%s%4d  %.*s\n", line == current ? "=>" : "  ", line, (int)len,
                   text ? text : "");
    }
    s->list_file = (int)file;
    s->list_line = last + 1;
}

void dbg_cmd_list(dbg_session *s, const char *args)
{
    dbg_target *t = s->t;
    dbg_source here = {0}, src;
    bool have_here = t->source_of(t->ctx, t->pc(t->ctx), &here);
    int current = have_here ? here.line : -1;
    if (!*args && s->list_file >= 0) {
        size_t file = (size_t)s->list_file;
        if (s->list_line > t->files[file]->line_count) {
            dbg_printf(s, "Line number %d out of range; \"%s\" has %d lines.\n", s->list_line,
                       t->files[file]->path, t->files[file]->line_count);
            return;
        }
        list_lines(s, file, s->list_line, s->list_line + 9,
                   have_here && here.file == file ? current : -1);
        return;
    }
    size_t file = here.file;
    int center;
    char *end;
    long number = strtol(args, &end, 10);
    const char *colon = strrchr(args, ':');
    uint32_t addr;
    char err[DBG_ERROR_SIZE];
    if (*args && !*dbg_skip_space(end) && number > 0) {
        center = (int)number; /* a line of the current file */
    } else if (*args && colon && isdigit((unsigned char)colon[1])) {
        if (!dbg_location(t, args, &addr, err) || !t->source_of(t->ctx, addr, &src)) {
            dbg_printf(s, "%s\n", err);
            return;
        }
        file = src.file;
        center = atoi(colon + 1);
    } else if (*args) {
        if (!dbg_location(t, args, &addr, err)) {
            dbg_printf(s, "%s\n", err);
            return;
        }
        if (!t->source_of(t->ctx, addr, &src)) {
            dbg_printf(s, "No source for ");
            dbg_print_addr(s, addr);
            dbg_printf(s, "\n");
            return;
        }
        file = src.file;
        center = src.line;
    } else if (have_here) {
        center = here.line;
    } else {
        dbg_printf(s, "No source here.\n");
        return;
    }
    if (file >= t->file_count)
        return;
    list_lines(s, file, center - 4 < 1 ? 1 : center - 4, (center - 4 < 1 ? 1 : center - 4) + 9,
               have_here && here.file == file ? current : -1);
}

/* disassemble [LOCATION]: from the label at or before LOCATION (the pc)
 * to the end of its subroutine: a return followed by another label or by
 * no more code, at most 64 instructions. */
void dbg_cmd_disassemble(dbg_session *s, const char *args)
{
    dbg_target *t = s->t;
    uint32_t pc = t->pc(t->ctx), start = pc, offset, ret;
    char err[DBG_ERROR_SIZE];
    if (*args && !dbg_location(t, args, &start, err)) {
        dbg_printf(s, "%s\n", err);
        return;
    }
    if (t->symbol_at(t->ctx, start, &offset))
        start -= offset;
    dbg_printf(s, "Dump of code from ");
    dbg_print_addr(s, start);
    dbg_printf(s, ":\n");
    size_t last_file = (size_t)-1;
    int last_line = -1;
    uint32_t addr = start;
    for (int n = 0; n < 64; n++) {
        dbg_source src;
        char insn[96];
        bool has_source = t->source_of(t->ctx, addr, &src);
        if (t->disasm(t->ctx, addr, insn, sizeof insn) < 0 || (n > 0 && !has_source && t->file_count))
            break;
        if (has_source && (src.file != last_file || src.line != last_line)) {
            size_t len;
            const char *text = source_text(s, src.file, src.line, &len);
            dbg_printf(s, "%s:%d  %.*s\n", file_name(s, src.file), src.line, (int)len, text);
            last_file = src.file;
            last_line = src.line;
        }
        dbg_printf(s, "%s", addr == pc ? "=> " : "   ");
        dbg_print_addr(s, addr);
        dbg_printf(s, ":  %s\n", insn);
        uint32_t next = t->next_addr(t->ctx, addr);
        if (t->classify(t->ctx, addr, &ret) == DBG_INSN_RETURN) {
            uint32_t next_offset;
            dbg_source next_src;
            if (!t->source_of(t->ctx, next, &next_src) ||
                (t->symbol_at(t->ctx, next, &next_offset) && next_offset == 0))
                break;
        }
        addr = next;
    }
    dbg_printf(s, "End of dump.\n");
}

/* "fact ($a0=3, $a1=0 ...)" for a frame's function and arguments. */
static void print_function(dbg_session *s, uint32_t entry, const dbg_frame *f)
{
    uint32_t offset;
    const char *label = s->t->symbol_at(s->t->ctx, entry, &offset);
    if (label && offset == 0)
        dbg_printf(s, "%s", label);
    else
        dbg_print_hex(s, entry);
    if (!f || s->t->arg_regs[0] < 0)
        return;
    dbg_printf(s, " (");
    for (int i = 0; i < 4 && s->t->arg_regs[i] >= 0; i++)
        dbg_printf(s, "%s%s=%lld", i ? ", " : "", s->t->reg_name(s->t->ctx, (unsigned)s->t->arg_regs[i]),
                   dbg_signed_value(s, f->args[i]));
    dbg_printf(s, ")");
}

static void print_source_of(dbg_session *s, uint32_t addr)
{
    dbg_source src;
    if (s->t->source_of(s->t->ctx, addr, &src))
        dbg_printf(s, " at %s:%d", file_name(s, src.file), src.line);
}

void dbg_cmd_backtrace(dbg_session *s)
{
    size_t n = s->frame_count;
    uint32_t pc = s->t->pc(s->t->ctx);
    for (size_t level = 0; level <= n; level++) {
        /* Level 0 is where the program is; level k is the call that made
         * level k-1's frame. */
        uint32_t where = level == 0 ? pc : s->frames[n - level].call_pc;
        dbg_printf(s, "#%zu  ", level);
        dbg_print_hex(s, where);
        dbg_printf(s, " in ");
        if (level < n) {
            const dbg_frame *f = &s->frames[n - 1 - level];
            print_function(s, f->callee, f);
        } else {
            uint32_t offset;
            const char *label = s->t->symbol_at(s->t->ctx, where, &offset);
            dbg_printf(s, "%s", label ? label : "??");
        }
        print_source_of(s, where);
        dbg_printf(s, "\n");
    }
}

void dbg_cmd_frame(dbg_session *s)
{
    dbg_target *t = s->t;
    uint32_t pc = t->pc(t->ctx);
    dbg_printf(s, "Stack level 0, pc = ");
    dbg_print_addr(s, pc);
    print_source_of(s, pc);
    dbg_printf(s, "\n");
    if (s->frame_count == 0) {
        dbg_printf(s, " outermost frame (no call recorded)\n");
        return;
    }
    const dbg_frame *f = &s->frames[s->frame_count - 1];
    dbg_printf(s, " in ");
    print_function(s, f->callee, f);
    dbg_printf(s, "\n called from ");
    dbg_print_addr(s, f->call_pc);
    print_source_of(s, f->call_pc);
    dbg_printf(s, "\n returns to ");
    dbg_print_addr(s, f->return_addr);
    if (t->sp_reg >= 0) {
        dbg_printf(s, "\n %s at the call ", t->reg_name(t->ctx, (unsigned)t->sp_reg));
        dbg_print_hex(s, f->sp);
        dbg_printf(s, ", now ");
        dbg_print_hex(s, t->get_reg(t->ctx, (unsigned)t->sp_reg));
    }
    dbg_printf(s, "\n caller frames: %zu\n", s->frame_count - 1);
}

void dbg_show_displays(dbg_session *s)
{
    for (size_t i = 0; i < s->display_count; i++) {
        const dbg_display *d = &s->displays[i];
        dbg_printf(s, "%d: ", d->id);
        if (d->format)
            dbg_printf(s, "/%c ", d->format);
        dbg_cmd_print(s, d->format, d->expr);
    }
}

static const struct {
    const char *name, *text;
} help_topics[] = {
    {"run", "run              start the program again from the beginning and continue"},
    {"restart", "restart          back to the first instruction, stopped there"},
    {"continue", "continue [N]     run until a breakpoint (N: ignore N-1 of them) (c)"},
    {"step", "step [N]         one instruction, into calls (s, stepi, si)"},
    {"next", "next [N]         one instruction, over calls and TRAP/syscall (n, nexti, ni)"},
    {"finish", "finish           run until the current subroutine returns"},
    {"until", "until LOCATION   run until LOCATION or the current subroutine returns (u)"},
    {"backstep", "backstep [N]     undo N instructions (bs, reverse-step, rs)"},
    {"reverse-next", "reverse-next [N]  undo N instructions, a call as one (rn)"},
    {"break", "break LOCATION [if COND]  stop there; COND: EXPR, or EXPR == < <= > >= != EXPR (b)"},
    {"tbreak", "tbreak LOCATION  a breakpoint deleted when hit"},
    {"delete", "delete [N...]    delete breakpoints/watchpoints (all without N) (d)"},
    {"disable", "disable [N...]   disable breakpoints/watchpoints"},
    {"enable", "enable [N...]    enable breakpoints/watchpoints"},
    {"watch", "watch ADDRESS|LABEL [SIZE]  stop when the value there changes"},
    {"print", "print[/x|d|u|c|s] EXPR  registers, labels, arithmetic (p)"},
    {"x", "x/NFU ADDRESS    memory: F x d u c s i, U b h w"},
    {"info", "info registers|all-registers|breakpoints|frame|symbols|display|line (i)"},
    {"backtrace", "backtrace        the chain of calls (bt, where)"},
    {"list", "list [LOCATION]  source lines around the pc or LOCATION (l)"},
    {"disassemble", "disassemble [LOCATION]  instructions with their source"},
    {"display", "display[/F] EXPR  show EXPR at every stop"},
    {"undisplay", "undisplay [N]    stop showing displays"},
    {"set", "set REG = VALUE, set *ADDRESS = VALUE"},
    {"check", "check [LIST]     show or set the --check checks; a finding stops the program"},
    {"screenshot", "screenshot FILE  write the display (--bitmap, --video) as a PNG"},
    {"help", "help [COMMAND]   this list, or one command (h)"},
    {"quit", "quit             leave the debugger (q)"},
};

void dbg_cmd_help(dbg_session *s, const char *args)
{
    size_t n = sizeof help_topics / sizeof help_topics[0];
    if (*args) {
        for (size_t i = 0; i < n; i++)
            if (strcmp(help_topics[i].name, args) == 0) {
                dbg_printf(s, "%s\n", help_topics[i].text);
                return;
            }
        dbg_printf(s, "No command \"%s\".  Try \"help\".\n", args);
        return;
    }
    dbg_printf(s, "Commands (an empty line repeats the last; LOCATION is a label, label+N,\n"
                  "an address or FILE:LINE):\n");
    for (size_t i = 0; i < n; i++)
        dbg_printf(s, "  %s\n", help_topics[i].text);
}
