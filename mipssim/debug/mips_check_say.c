/* Findings in words (mips_check_say.h). */
#include <stdint.h>
#include <string.h>

#include "mips_check_say.h"
#include "mips_isa.h"

/* The line of the code at pc, or one with no path (code placed at run time). */
static check_line line_of(const mips_program *prog, uint32_t pc)
{
    check_line at = {0};
    const mips_origin *o = mips_program_origin(prog, pc);
    if (!o || o->file >= prog->file_count)
        return at;
    const source_file *file = prog->files[o->file];
    at.path = file->path;
    at.line = (int)o->line;
    at.text = source_line(file, (int)o->line, &at.text_len);
    if (!at.text)
        at.text = "", at.text_len = 0;
    return at;
}

static void nearest_in(const symtab *table, uint32_t addr, const symbol **best)
{
    for (size_t i = 0; i < table->capacity; i++) {
        const symbol *s = symtab_slot_symbol(table, i);
        if (!s || !(s->flags & MIPS_SYM_TEXT) || s->value > addr)
            continue;
        if (!*best || s->value > (*best)->value)
            *best = s;
    }
}

/* The function a call went to: the nearest label at or before its target. */
static void function_name(const mips_program *prog, uint32_t callee, char *buf, size_t size)
{
    const symbol *best = NULL;
    nearest_in(&prog->globals, callee, &best);
    for (size_t f = 0; prog->locals && f < prog->file_count; f++)
        nearest_in(&prog->locals[f], callee, &best);
    if (best && (uint32_t)best->value == callee)
        snprintf(buf, size, "%s", best->name);
    else if (best)
        snprintf(buf, size, "%s+%u", best->name, (unsigned)(callee - (uint32_t)best->value));
    else
        snprintf(buf, size, "0x%08x", (unsigned)callee);
}

static const char *memory_kind(uint32_t addr)
{
    if (addr >= MIPS_HEAP_BASE && addr < MIPS_DATA_END)
        return "heap memory (sbrk's memory starts unwritten)";
    if (addr >= 0x7f000000u)
        return "the stack below $sp at the start";
    return "data memory (.space and .extern leave it unwritten)";
}

void mips_check_say_finding(FILE *out, const mips_program *prog, const mips_finding *f)
{
    char fn[160] = "", msg[512];
    const char *reg = f->reg < 32 ? mips_register_name(f->reg) : "";
    if (f->in_call)
        function_name(prog, f->callee, fn, sizeof fn);
    switch (f->kind) {
    case MIPS_CHECK_SAVED:
        snprintf(msg, sizeof msg,
                 "%s returned with $%s changed: 0x%08x at the call, 0x%08x now (a function "
                 "must restore $s0-$s7, $fp, $gp and $sp)",
                 fn, reg, (unsigned)f->old_value, (unsigned)f->new_value);
        break;
    case MIPS_CHECK_RETURN:
        snprintf(msg, sizeof msg,
                 "jr $ra goes to 0x%08x, which no active call left: the call to %s returns "
                 "to 0x%08x ($ra was changed, e.g. by a nested jal, and not restored)",
                 (unsigned)f->new_value, fn, (unsigned)f->address);
        break;
    case MIPS_CHECK_CALLER:
        snprintf(msg, sizeof msg,
                 "$%s read after the call to %s, not written since: a call may change "
                 "$t0-$t9, $a0-$a3 and $v0-$v1 (now 0x%08x)",
                 reg, fn, (unsigned)f->new_value);
        break;
    case MIPS_CHECK_UNINIT_REG:
        snprintf(msg, sizeof msg,
                 "$%s read, but nothing has written it since the start (it holds 0x%08x)", reg,
                 (unsigned)f->new_value);
        break;
    case MIPS_CHECK_UNINIT_MEM:
        snprintf(msg, sizeof msg,
                 "a load from 0x%08x, which nothing has written: %s; the word there is "
                 "0x%08x",
                 (unsigned)f->address, memory_kind(f->address), (unsigned)f->new_value);
        break;
    case MIPS_CHECK_STACK:
        if (f->misaligned)
            snprintf(msg, sizeof msg, "$sp is 0x%08x at this call, not a multiple of 4",
                     (unsigned)f->new_value);
        else
            snprintf(msg, sizeof msg,
                     "$sp is 0x%08x, above its value at the start (0x%08x): the stack was "
                     "popped more than it was pushed",
                     (unsigned)f->new_value, (unsigned)f->old_value);
        break;
    default:
        snprintf(msg, sizeof msg, "finding");
        break;
    }
    /* Where no call is the subject, the function the run is in. */
    bool about_call = f->kind == MIPS_CHECK_SAVED || f->kind == MIPS_CHECK_RETURN ||
                      f->kind == MIPS_CHECK_CALLER;
    char in[sizeof fn + sizeof msg + 8];
    if (f->in_call && !about_call)
        snprintf(in, sizeof in, "in %s: %s", fn, msg);
    else
        snprintf(in, sizeof in, "%s", msg);
    check_line at = line_of(prog, f->pc);
    check_print(out, mips_check_names[f->kind].name, &at, f->pc, in);
    char note[200];
    if (f->has_writer && f->writer_pc != f->pc) {
        check_line w = line_of(prog, f->writer_pc);
        snprintf(note, sizeof note, "$%s was last written here", reg);
        check_print_note(out, &w, note);
    }
    if (about_call && f->call_pc != f->pc && !(f->has_writer && f->writer_pc == f->call_pc)) {
        check_line c = line_of(prog, f->call_pc);
        snprintf(note, sizeof note, "the call to %s", fn);
        check_print_note(out, &c, note);
    }
}

bool mips_check_say(void *ctx, const mips_finding *f)
{
    const mips_check_sayer *s = ctx;
    if (s->con)
        console_flush(s->con);
    mips_check_say_finding(s->out, s->prog, f);
    fflush(s->out);
    return s->stop;
}
