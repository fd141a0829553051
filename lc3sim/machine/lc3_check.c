/* lc3sim --check (lc3_check.h). */
#include "lc3_check.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lc3_isa.h"
#include "source.h"

const check_name lc3_check_names[LC3_CHECK_NAME_COUNT] = {
    {"saved", "a register of --check-saved changed across JSR ... RET"},
    {"return", "RET with R7 not the address the matching JSR/JSRR left"},
    {"uninit-mem", "a load of user memory that nothing has written"},
    {"stack", "R6 outside the user stack once the program uses it as one"},
    {"error", "modifier: the first finding stops the run (exit status 8)"},
};

enum {
    USER_LO = 0x3000, /* user space, x3000-xFDFF */
    USER_END = 0xFE00,
    FRAMES_MAX = 1 << 16, /* deeper calls go unchecked */
    WORD_RET = 0xC1C0,    /* JMP R7 */
};

struct lc3_checker {
    unsigned set, saved;
    FILE *out;
    void (*flush)(void *ctx);
    void *flush_ctx;
    const lc3_loaded *loaded;
    int line[65536];           /* source line of each address (0: none) */
    lc3_checked_record record;          /* memory written, register writers, the calls, the stack */
    uint16_t trap_pc;
    bool stack_set;            /* the program has put a value in R6 */
    uint16_t stack_top_pc;
    /* What lc3_check_before saw, for lc3_check_after. */
    bool user;
    uint16_t pc, word;
    int store_addr;            /* -1: none */
    size_t depth_after;        /* the calls still active once it ran */
    check_seen seen;
};

static bool user_space(uint32_t a)
{
    return a >= USER_LO && a < USER_END;
}

static bool is_written(const lc3_checker *c, uint16_t a)
{
    return c->record.written[a >> 3] & 1u << (a & 7);
}

static void mark_written(lc3_checker *c, uint16_t a)
{
    c->record.written[a >> 3] |= (uint8_t)(1u << (a & 7));
}

bool lc3_check_parse_saved(const char *spec, unsigned *mask, char *why, size_t why_size)
{
    *mask = 0;
    if (strcmp(spec, "none") == 0)
        return true;
    for (const char *p = spec; ; ) {
        int lo, hi;
        if (toupper((unsigned char)p[0]) != 'R' || p[1] < '0' || p[1] > '7')
            goto bad;
        lo = hi = p[1] - '0';
        p += 2;
        if (*p == '-') {
            if (toupper((unsigned char)p[1]) != 'R' || p[2] < '0' || p[2] > '7')
                goto bad;
            hi = p[2] - '0';
            p += 3;
            if (hi < lo)
                goto bad;
        }
        for (int r = lo; r <= hi; r++)
            *mask |= 1u << r;
        if (*p == '\0')
            return true;
        if (*p++ != ',')
            goto bad;
    }
bad:
    snprintf(why, why_size,
             "--check-saved needs registers like R1-R5 or R1,R2,R6 (or none), not '%s'", spec);
    return false;
}

/* True when the source line is ".BLKW n" with no fill value: words that
 * reserve memory without writing it (.BLKW n, v writes v). */
static bool reserves_only(const source_file *src, int line)
{
    size_t len;
    const char *text = src && line > 0 ? source_line(src, line, &len) : NULL;
    if (!text)
        return false;
    int after = -1; /* tokens after .BLKW */
    for (size_t i = 0; i < len && text[i] != ';';) {
        if (isspace((unsigned char)text[i]) || text[i] == ',') {
            i++;
            continue;
        }
        size_t start = i;
        while (i < len && text[i] != ';' && text[i] != ',' && !isspace((unsigned char)text[i]))
            i++;
        if (after >= 0)
            after++;
        else if (i - start == 5 && strncasecmp(text + start, ".BLKW", 5) == 0)
            after = 0;
    }
    return after == 1;
}

lc3_checker *lc3_checker_new(const lc3_loaded *loaded, unsigned set, unsigned saved, FILE *out,
                             void (*flush)(void *ctx), void *flush_ctx)
{
    lc3_checker *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->record.frames = malloc(FRAMES_MAX * sizeof *c->record.frames);
    if (!c->record.frames) {
        free(c);
        return NULL;
    }
    c->record.frame_limit = FRAMES_MAX;
    c->saved = saved;
    lc3_check_set(c, set);
    c->out = out;
    c->flush = flush;
    c->flush_ctx = flush_ctx;
    c->loaded = loaded;
    for (size_t b = 0; b < loaded->program.block_count; b++) {
        const lc3_block *blk = &loaded->program.blocks[b];
        for (size_t k = 0; k < blk->count; k++) {
            uint16_t a = (uint16_t)(blk->origin + k);
            c->line[a] = blk->lines ? blk->lines[k] : 0;
            if (!reserves_only(loaded->source, c->line[a]))
                mark_written(c, a);
        }
    }
    return c;
}

void lc3_checker_free(lc3_checker *c)
{
    if (!c)
        return;
    free(c->record.frames);
    free(c);
}

void lc3_check_set(lc3_checker *c, unsigned set)
{
    c->set = set;
    c->record.saved = set & 1u << LC3_CHECK_SAVED ? c->saved : 0;
}

lc3_checked_record *lc3_check_record(lc3_checker *c)
{
    return &c->record;
}

uint64_t lc3_check_dropped(const lc3_checker *c)
{
    return c->seen.dropped;
}

static check_line line_at(const lc3_checker *c, uint16_t pc)
{
    check_line at = {0};
    const source_file *src = c->loaded->source;
    if (!src || c->line[pc] <= 0)
        return at;
    at.path = src->path;
    at.line = c->line[pc];
    at.text = source_line(src, at.line, &at.text_len);
    if (!at.text)
        at.text = "", at.text_len = 0;
    return at;
}

/* The subroutine at addr: the nearest label at or before it. */
static void function_name(const lc3_checker *c, uint16_t addr, char *buf, size_t size)
{
    const symtab *t = &c->loaded->program.symbols;
    const symbol *best = NULL;
    for (size_t i = 0; i < t->capacity; i++) {
        const symbol *s = symtab_slot_symbol(t, i);
        if (s && s->value <= addr && s->value >= 0 && (!best || s->value > best->value))
            best = s;
    }
    if (best && best->value == addr)
        snprintf(buf, size, "%s", best->name);
    else if (best && addr - best->value < 0x100)
        snprintf(buf, size, "%s+%u", best->name, (unsigned)(addr - best->value));
    else
        snprintf(buf, size, "x%04X", addr);
}

/* True when the finding (check, pc, detail) is new: each is said once. */
static bool fresh(lc3_checker *c, unsigned check, uint16_t pc, unsigned detail)
{
    return check_seen_add(&c->seen, (uint64_t)check << 40 | (uint64_t)pc << 16 | detail);
}

static void say(const lc3_checker *c, unsigned check, uint16_t pc, const char *message)
{
    if (c->flush)
        c->flush(c->flush_ctx);
    check_line at = line_at(c, pc);
    if (at.path) /* else an address, as the LC-3 writes them */
        check_print(c->out, lc3_check_names[check].name, &at, pc, message);
    else
        fprintf(c->out, "x%04X: check [%s]: %s\n", pc, lc3_check_names[check].name, message);
}

static void note(const lc3_checker *c, uint16_t pc, const char *message)
{
    check_line at = line_at(c, pc);
    check_print_note(c->out, &at, message);
}

/* The value the instruction w at pc leaves in its DR, when that can be
 * told without running it (no device read). */
static bool result_of(const lc3_machine *m, uint16_t w, uint16_t pc, uint16_t *value)
{
    uint16_t next = (uint16_t)(pc + 1), a;
    uint16_t s1 = lc3_reg(m, LC3_SR1(w));
    uint16_t s2 = LC3_IMM_FLAG(w) ? (uint16_t)LC3_IMM5(w) : lc3_reg(m, LC3_SR2(w));
    switch (LC3_OPCODE(w)) {
    case LC3_OP_ADD: *value = (uint16_t)(s1 + s2); return true;
    case LC3_OP_AND: *value = s1 & s2; return true;
    case LC3_OP_NOT: *value = (uint16_t)~s1; return true;
    case LC3_OP_LEA: *value = (uint16_t)(next + LC3_PCOFF9(w)); return true;
    case LC3_OP_LD: a = (uint16_t)(next + LC3_PCOFF9(w)); break;
    case LC3_OP_LDR: a = (uint16_t)(s1 + LC3_OFF6(w)); break;
    case LC3_OP_LDI:
        a = (uint16_t)(next + LC3_PCOFF9(w));
        if (a >= USER_END)
            return false;
        a = lc3_peek(m, a);
        break;
    default: return false;
    }
    if (a >= USER_END)
        return false;
    *value = lc3_peek(m, a);
    return true;
}

static bool writes_dr(uint16_t w)
{
    switch (LC3_OPCODE(w)) {
    case LC3_OP_ADD: case LC3_OP_AND: case LC3_OP_NOT: case LC3_OP_LEA:
    case LC3_OP_LD: case LC3_OP_LDR: case LC3_OP_LDI:
        return true;
    default:
        return false;
    }
}

static unsigned check_return(lc3_checker *c, const lc3_machine *m, uint16_t pc)
{
    const lc3_checked_frame *top = &c->record.frames[c->record.depth - 1];
    uint16_t r7 = lc3_reg(m, 7);
    unsigned found = 0;
    char fn[64], msg[400];
    if (r7 != top->ret) {
        if ((c->set & 1u << LC3_CHECK_RETURN) && fresh(c, LC3_CHECK_RETURN, pc, 0)) {
            function_name(c, top->callee, fn, sizeof fn);
            snprintf(msg, sizeof msg,
                     "%s returns to x%04X, not to x%04X after its call: R7 changed since the "
                     "JSR (save R7 before a nested JSR, restore it before RET)",
                     fn, r7, top->ret);
            say(c, LC3_CHECK_RETURN, pc, msg);
            found++;
            if (c->record.wrote[7])
                note(c, c->record.writer[7], "R7 was last written here");
            note(c, top->call_pc, "the call");
        }
        /* A RET to an outer call's return pops down to it; to anywhere else
         * leaves the calls as they were. */
        for (size_t d = c->record.depth; d-- > 0;)
            if (c->record.frames[d].ret == r7) {
                c->depth_after = d;
                break;
            }
        return found;
    }
    if ((c->set & 1u << LC3_CHECK_RETURN) && c->record.r7_before_trap &&
        fresh(c, LC3_CHECK_RETURN, pc, 1)) {
        function_name(c, top->callee, fn, sizeof fn);
        snprintf(msg, sizeof msg,
                 "%s returns with R7 from before a TRAP: lc3tools' TRAP keeps R7 (the book's "
                 "3rd edition), the 2nd edition's and PennSim's set it, and there this RET "
                 "goes back to the TRAP (save R7 before a TRAP, restore it after)",
                 fn);
        say(c, LC3_CHECK_RETURN, pc, msg);
        found++;
        note(c, c->trap_pc, "the TRAP");
    }
    for (unsigned r = 0; r < 8 && (c->set & 1u << LC3_CHECK_SAVED); r++) {
        uint16_t now = lc3_reg(m, r);
        if (!(c->saved & 1u << r) || now == top->regs[r] || !fresh(c, LC3_CHECK_SAVED, pc, r))
            continue;
        function_name(c, top->callee, fn, sizeof fn);
        snprintf(msg, sizeof msg, "%s returned with R%u changed: x%04X at the call, x%04X now",
                 fn, r, top->regs[r], now);
        say(c, LC3_CHECK_SAVED, pc, msg);
        found++;
        if (c->record.wrote[r]) {
            snprintf(msg, sizeof msg, "R%u was last written here", r);
            note(c, c->record.writer[r], msg);
        }
        note(c, top->call_pc, "the call");
    }
    c->depth_after = c->record.depth - 1;
    return found;
}

static unsigned check_load(lc3_checker *c, uint16_t pc, uint16_t addr)
{
    char msg[200], name[64];
    if (!(c->set & 1u << LC3_CHECK_UNINIT_MEM) || !user_space(addr) || is_written(c, addr) ||
        !fresh(c, LC3_CHECK_UNINIT_MEM, pc, 0))
        return 0;
    function_name(c, addr, name, sizeof name);
    snprintf(msg, sizeof msg,
             "a load from x%04X (%s), which nothing has written (.BLKW leaves memory "
             "unwritten)",
             addr, name);
    say(c, LC3_CHECK_UNINIT_MEM, pc, msg);
    return 1;
}

static unsigned check_stack(lc3_checker *c, uint16_t pc, uint16_t r6)
{
    char msg[200];
    if (!(c->set & 1u << LC3_CHECK_STACK) || (r6 >= USER_LO && r6 <= c->record.stack_top) ||
        !fresh(c, LC3_CHECK_STACK, pc, 0))
        return 0;
    if (r6 > c->record.stack_top)
        snprintf(msg, sizeof msg,
                 "R6 = x%04X is above the stack's start x%04X: more popped than pushed", r6,
                 c->record.stack_top);
    else
        snprintf(msg, sizeof msg,
                 "R6 = x%04X is below user space (x3000): the stack ran out of room", r6);
    say(c, LC3_CHECK_STACK, pc, msg);
    note(c, c->stack_top_pc, "the stack starts where R6 was set here");
    return 1;
}

unsigned lc3_check_before(lc3_checker *c, const lc3_machine *m)
{
    uint16_t pc = lc3_pc(m), w = lc3_peek(m, pc);
    uint16_t next = (uint16_t)(pc + 1);
    unsigned op = LC3_OPCODE(w), found = 0;
    c->user = (lc3_psr(m) & LC3_PSR_USER) != 0;
    c->pc = pc;
    c->word = w;
    c->store_addr = -1;
    c->depth_after = c->record.depth;
    if (op == LC3_OP_ST || op == LC3_OP_STI || op == LC3_OP_STR) {
        uint16_t a = op == LC3_OP_STR ? (uint16_t)(lc3_reg(m, LC3_SR1(w)) + LC3_OFF6(w))
                                      : (uint16_t)(next + LC3_PCOFF9(w));
        if (op == LC3_OP_STI)
            a = a < USER_END ? lc3_peek(m, a) : 0;
        c->store_addr = a;
    }
    if (!c->user)
        return 0;

    if (w == WORD_RET && c->record.depth > 0 && c->record.depth <= FRAMES_MAX)
        found += check_return(c, m, pc);
    else if (w == WORD_RET && c->record.depth > FRAMES_MAX)
        c->depth_after = c->record.depth - 1;

    if (op == LC3_OP_LD || op == LC3_OP_LDI) {
        uint16_t a = (uint16_t)(next + LC3_PCOFF9(w));
        found += check_load(c, pc, a);
        if (op == LC3_OP_LDI && a < USER_END)
            found += check_load(c, pc, lc3_peek(m, a));
    } else if (op == LC3_OP_LDR) {
        found += check_load(c, pc, (uint16_t)(lc3_reg(m, LC3_SR1(w)) + LC3_OFF6(w)));
    }

    /* The stack is in use from the first LDR/STR through an R6 the program set. */
    if ((op == LC3_OP_LDR || op == LC3_OP_STR) && LC3_SR1(w) == 6 && c->stack_set)
        c->record.stack_used = true;
    /* Its start: the value last put in R6 before that use other than by
     * ADD R6, R6, #n (a push or a pop). */
    uint16_t r6;
    bool moves = op == LC3_OP_ADD && LC3_SR1(w) == 6 && LC3_IMM_FLAG(w);
    if (writes_dr(w) && LC3_DR(w) == 6 && result_of(m, w, pc, &r6)) {
        if (c->record.stack_used) {
            found += check_stack(c, pc, r6);
        } else if (!moves || !c->stack_set) {
            c->stack_set = true;
            c->record.stack_top = r6;
            c->stack_top_pc = pc;
        }
    }
    return found;
}

void lc3_check_after(lc3_checker *c, const lc3_machine *m)
{
    uint16_t w = c->word;
    unsigned op = LC3_OPCODE(w);
    if (c->store_addr >= 0)
        mark_written(c, (uint16_t)c->store_addr);
    if (!c->user)
        return;
    c->record.depth = c->depth_after;
    unsigned dr = op == LC3_OP_JSR ? 7 : writes_dr(w) ? LC3_DR(w) : 8;
    if (dr < 8) {
        c->record.writer[dr] = c->pc;
        c->record.wrote[dr] = true;
        if (dr == 7)
            c->record.r7_before_trap = false;
    }
    if (op == LC3_OP_TRAP) { /* TRAP leaves R7 alone here, as lc3tools */
        c->record.r7_before_trap = true;
        c->trap_pc = c->pc;
    }
    /* A call that happened: R7 holds its return and the pc moved. */
    uint16_t ret = (uint16_t)(c->pc + 1);
    if (op == LC3_OP_JSR && lc3_reg(m, 7) == ret && lc3_pc(m) != ret) {
        if (c->record.depth < FRAMES_MAX) {
            lc3_checked_frame *f = &c->record.frames[c->record.depth];
            f->ret = ret;
            f->callee = lc3_pc(m);
            f->call_pc = c->pc;
            for (unsigned r = 0; r < 8; r++)
                f->regs[r] = lc3_reg(m, r);
        }
        c->record.depth++;
    }
}
