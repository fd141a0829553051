/* The checker (mips_check.h): the check records of the code, the frames of
 * the active calls, the written-bytes shadow, and every finding. The hook
 * that calls into here is in mips_check_impl.h. */
#include <stdlib.h>
#include <string.h>

#include "mips_check_impl.h"
#include "mips_isa.h"
#include "grow.h"

enum { NO_REG = 32 }; /* a finding about no register */

/* A call may change these ($t0-$t9, $a0-$a3; $v0 and $v1 unless it wrote them,
 * as its results). */
#define CALLER_SAVED (0x0300ff00u | 0xf0u)
#define RESULTS (1u << MIPS_REG_V0 | 1u << MIPS_REG_V1)
static const uint8_t saved_regs[MIPS_SAVED_COUNT] = {16, 17, 18, 19, 20, 21, 22, 23,
                                                     MIPS_REG_GP, MIPS_REG_SP, MIPS_REG_FP};
/* Frames kept at most (64 bytes each: 16 MiB): deeper calls go unchecked. */
enum { MAX_FRAMES = 1 << 18 };

const check_name mips_check_names[MIPS_CHECK_NAME_COUNT] = {
#define MIPS_CHECK_NAME(id, name, help) {name, help},
    MIPS_CHECKS(MIPS_CHECK_NAME)
#undef MIPS_CHECK_NAME
    {"poison", "fill $t0-$t9, $a0-$a3 and the $v registers a call did not set with "
               "0xdeadbeef at each return"},
    {"error", "stop the run at the first finding (mipssim: exit status 8)"},
};

static bool on(const mips_checker *ck, mips_check_kind kind)
{
    return ck->set >> kind & 1u;
}

mips_checker *mips_checker_new(unsigned set, mips_finding_fn report, void *ctx)
{
    mips_checker *ck = calloc(1, sizeof *ck);
    if (!ck)
        return NULL;
    ck->set = set;
    ck->report = report;
    ck->ctx = ctx;
    ck->fallback = calloc(MIPS_PAGE_WORDS, sizeof *ck->fallback);
    ck->fallback_base = 1;
    if (!ck->fallback) {
        free(ck);
        return NULL;
    }
    return ck;
}

void mips_checker_free(mips_checker *ck)
{
    if (!ck)
        return;
    for (unsigned p = 0; p < MIPS_SHADOW_PAGES; p++) {
        free(ck->data_shadow[p]);
        free(ck->stack_shadow[p]);
    }
    for (unsigned s = 0; s < 2; s++)
        for (unsigned p = 0; p < MIPS_TEXT_PAGES; p++)
            free(ck->ops[s][p]);
    free(ck->frames);
    free(ck->fallback);
    free(ck);
}

void mips_check_set(mips_checker *ck, unsigned set)
{
    ck->set = set;
}

unsigned mips_check_get(const mips_checker *ck)
{
    return ck->set;
}

bool mips_check_stopped(mips_checker *ck)
{
    bool stopped = ck->stopped;
    ck->stopped = false;
    return stopped;
}

uint64_t mips_check_found(const mips_checker *ck)
{
    return ck->found;
}

uint64_t mips_check_dropped(const mips_checker *ck)
{
    return ck->seen.dropped;
}

/* The shadow byte holding addr's bit, or NULL when addr is not checked
 * memory (create: allocate its page; NULL also when out of memory). */
static uint8_t *shadow_of(mips_checker *ck, uint32_t addr, bool create)
{
    uint8_t **pages;
    uint32_t off;
    if (addr >= MIPS_EXTERN_BASE && addr < MIPS_DATA_END) {
        pages = ck->data_shadow;
        off = addr - MIPS_EXTERN_BASE;
    } else if (addr - MIPS_SHADOW_STACK_BASE < ck->stack_span) {
        pages = ck->stack_shadow;
        off = addr - MIPS_SHADOW_STACK_BASE;
    } else {
        return NULL;
    }
    uint8_t **page = &pages[off >> 12];
    if (!*page && create)
        *page = calloc(MIPS_SHADOW_PAGE_BYTES, 1);
    return *page ? &(*page)[(off & 0xfffu) >> 3] : NULL;
}

static void mark_written(mips_checker *ck, uint32_t addr, uint32_t n)
{
    for (uint32_t k = 0; k < n; k++) {
        uint8_t *s = shadow_of(ck, addr + k, true);
        if (s)
            *s |= (uint8_t)(1u << ((addr + k) & 7));
    }
}

/* Whether addr is checked memory that was never written. */
static bool never_written(mips_checker *ck, uint32_t addr)
{
    bool checked = (addr >= MIPS_EXTERN_BASE && addr < MIPS_DATA_END) ||
                   addr - MIPS_SHADOW_STACK_BASE < ck->stack_span;
    const uint8_t *s = shadow_of(ck, addr, false);
    return checked && !(s && (*s >> (addr & 7) & 1));
}

bool mips_check_attach(mips_machine *m, mips_checker *ck, const mips_program *prog)
{
    m->checker = ck;
    if (!ck)
        return true;
    /* $a0 and $a1 are argc and argv, 0 without program arguments: a main
     * may read them either way. */
    ck->readable = on(ck, MIPS_CHECK_UNINIT_REG)
                       ? 1u | 1u << MIPS_REG_A0 | 1u << MIPS_REG_A1 | 1u << MIPS_REG_GP |
                             1u << MIPS_REG_SP
                       : ~0u;
    for (unsigned r = 1; r < 32; r++)
        if (m->state.r[r] != 0)
            ck->readable |= 1u << r;
    ck->entry_sp = m->state.r[MIPS_REG_SP];
    ck->stack_span = ck->entry_sp > MIPS_SHADOW_STACK_BASE && ck->entry_sp <= 0x80000000u
                         ? ck->entry_sp - MIPS_SHADOW_STACK_BASE
                         : 0;
    const mips_segment_id data[] = {MIPS_SEG_DATA, MIPS_SEG_EXTERN};
    for (size_t i = 0; prog && i < sizeof data / sizeof data[0]; i++) {
        const mips_segment *seg = &prog->segments[data[i]];
        for (uint32_t k = 0; seg->placed && k < seg->size; k++)
            if (seg->placed[k])
                mark_written(ck, seg->base + k, 1);
    }
    return true;
}

/* Reports f once; true when the report asks to stop. */
static bool found(mips_checker *ck, const mips_finding *f, uint64_t place)
{
    uint64_t key = (uint64_t)f->kind << 56 | (uint64_t)f->reg << 48 | (uint64_t)f->misaligned << 40 | place;
    if (!check_seen_add(&ck->seen, key))
        return false;
    ck->found++;
    if (ck->report && ck->report(ck->ctx, f)) {
        ck->stopped = true;
        return true;
    }
    return false;
}

static void make_op(mips_check_op *op, uint32_t word)
{
    mips_roles ro = mips_roles_of(word);
    memset(op, 0, sizeof *op);
    op->word = word;
    op->kind = MIPS_OP_PLAIN;
    if (!ro.basic)
        return;
    unsigned roles = ro.roles;
    op->reads = ro.reads & ~1u;
    op->writes = (uint8_t)ro.writes;
    if (roles & (MIPS_LOAD | MIPS_STORE)) {
        op->kind = roles & MIPS_LOAD ? MIPS_OP_LOAD : MIPS_OP_STORE;
        op->size = roles & MIPS_PARTIAL ? 0 : (uint8_t)MIPS_ROLE_BYTES(roles);
        op->base = (uint8_t)ro.base;
        op->offset = ro.offset;
        if ((roles & MIPS_STORE) && !(roles & MIPS_COP1) && ro.data != ro.base)
            op->reads &= ~(1u << ro.data);
    } else if (roles & MIPS_RETURN) {
        op->kind = MIPS_OP_RETURN;
    } else if (roles & MIPS_CALL) {
        op->kind = MIPS_OP_CALL;
        op->base = (uint8_t)((roles & MIPS_VIA_REG) ? ro.target : 0);
    } else if ((roles & MIPS_LINKS) && (roles & MIPS_BRANCH)) {
        /* bgezal, bltzal: a call only when taken, and $ra written only then */
        op->kind = strcmp(ro.basic->mnemonic, "bgezal") == 0 ? MIPS_OP_CALL_GEZ
                                                             : MIPS_OP_CALL_LTZ;
        for (unsigned r = 0; r < 32; r++) /* its one source register, $zero for bal */
            if (ro.reads >> r & 1) {
                op->base = (uint8_t)r;
                break;
            }
        op->writes = 0;
    } else if (roles & MIPS_SYSCALL) {
        op->kind = MIPS_OP_SYSCALL;
        op->reads |= 1u << MIPS_REG_V0;
    }
}

const mips_check_op *mips_check_page_ops(mips_checker *ck, uint32_t pc,
                                         const mips_text_page *page)
{
    unsigned seg = pc >= MIPS_KTEXT_BASE;
    uint32_t index = (pc - (seg ? MIPS_KTEXT_BASE : MIPS_TEXT_BASE)) >> 12;
    mips_check_op **ops = &ck->ops[seg][index];
    if (*ops)
        return *ops;
    mips_check_op *made = calloc(MIPS_PAGE_WORDS, sizeof *made);
    if (made)
        *ops = made;
    else { /* out of memory: made again each time the page is entered */
        made = ck->fallback;
        ck->fallback_base = pc & ~0xfffu;
    }
    for (unsigned i = 0; i < MIPS_PAGE_WORDS; i++)
        make_op(&made[i], page->word[i]);
    return made;
}

const mips_check_op *mips_check_op_slow(mips_checker *ck, const mips_machine *m, uint32_t pc)
{
    uint32_t word = 0; /* no code: as a nop, since the run ends there */
    mips_peek(m, pc, &word);
    make_op(&ck->scratch, word);
    return &ck->scratch;
}

void mips_check_code_placed(mips_checker *ck, uint32_t addr, uint32_t word)
{
    unsigned seg = addr >= MIPS_KTEXT_BASE;
    uint32_t off = addr - (seg ? MIPS_KTEXT_BASE : MIPS_TEXT_BASE);
    unsigned i = (off >> 2) & (MIPS_PAGE_WORDS - 1);
    if (off < MIPS_SEG_SPAN && ck->ops[seg][off >> 12])
        make_op(&ck->ops[seg][off >> 12][i], word);
    if ((addr & ~0xfffu) == ck->fallback_base)
        make_op(&ck->fallback[i], word);
}

/* The function the run is in: the innermost active call, if any. */
static void in_function(const mips_checker *ck, mips_finding *f)
{
    if (ck->depth == 0)
        return;
    const mips_frame *top = &ck->frames[ck->depth - 1];
    f->in_call = true;
    f->call_pc = top->call_pc;
    f->callee = top->callee;
}

static void writer_of(const mips_checker *ck, mips_finding *f)
{
    f->has_writer = f->reg < 32 && ck->last_writer[f->reg] != 0;
    f->writer_pc = f->has_writer ? ck->last_writer[f->reg] : 0;
}

/* $sp above its value at the start, looked for at each call, return and
 * syscall (a stack popped too far is then used), named at its last write. */
static bool sp_above(mips_checker *ck, const mips_machine *m)
{
    if (!on(ck, MIPS_CHECK_STACK) || m->state.r[MIPS_REG_SP] <= ck->entry_sp)
        return false;
    mips_finding f = {.kind = MIPS_CHECK_STACK, .pc = ck->last_writer[MIPS_REG_SP],
                      .reg = MIPS_REG_SP, .old_value = ck->entry_sp,
                      .new_value = m->state.r[MIPS_REG_SP]};
    if (f.pc == 0)
        return false; /* $sp as the run started (set from outside) */
    in_function(ck, &f);
    return found(ck, &f, f.pc);
}

bool mips_check_reads(mips_checker *ck, const mips_machine *m, const mips_check_op *op,
                      uint32_t pc)
{
    uint32_t bad = op->reads & ~ck->readable;
    for (unsigned r = 1; r < 32; r++) {
        if (!(bad >> r & 1))
            continue;
        bool clobbered = ck->clobbered >> r & 1;
        mips_finding f = {.kind = clobbered ? MIPS_CHECK_CALLER : MIPS_CHECK_UNINIT_REG,
                          .pc = pc, .reg = r, .new_value = m->state.r[r]};
        if (clobbered) {
            f.in_call = true;
            f.call_pc = ck->clobber_call;
            f.callee = ck->clobber_callee;
            writer_of(ck, &f);
        } else {
            in_function(ck, &f);
        }
        if (on(ck, f.kind) && found(ck, &f, pc))
            return true;
    }
    /* Said once: the register reads as written from here on. */
    ck->readable |= bad;
    return false;
}

static bool check_load(mips_checker *ck, const mips_machine *m, const mips_check_op *op,
                       uint32_t pc)
{
    uint32_t ea = m->state.r[op->base] + (uint32_t)op->offset;
    if (!on(ck, MIPS_CHECK_UNINIT_MEM) || op->size == 0 || ea % op->size != 0)
        return false; /* partial loads read what they merge; a misaligned one faults */
    for (uint32_t k = 0; k < op->size; k++) {
        if (!never_written(ck, ea + k))
            continue;
        mips_finding f = {.kind = MIPS_CHECK_UNINIT_MEM, .pc = pc, .reg = NO_REG,
                          .address = ea + k};
        mips_peek(m, ea & ~3u, &f.new_value);
        in_function(ck, &f);
        if (found(ck, &f, pc))
            return true;
        mark_written(ck, ea, op->size); /* said once */
        break;
    }
    return false;
}

static void store(mips_checker *ck, const mips_machine *m, const mips_check_op *op)
{
    uint32_t ea = m->state.r[op->base] + (uint32_t)op->offset;
    if (op->size == 0)
        mark_written(ck, ea & ~3u, 4); /* swl, swr: a part of the word */
    else if (ea % op->size == 0)
        mark_written(ck, ea, op->size);
}

static bool call(mips_checker *ck, mips_machine *m, const mips_check_op *op, uint32_t pc)
{
    const uint32_t *r = m->state.r;
    uint32_t link = pc + (m->options.delayed_branching ? 8 : 4);
    uint32_t target;
    if (op->kind == MIPS_OP_CALL_GEZ || op->kind == MIPS_OP_CALL_LTZ) {
        bool taken = op->kind == MIPS_OP_CALL_GEZ ? (int32_t)r[op->base] >= 0
                                                  : (int32_t)r[op->base] < 0;
        if (!taken)
            return false;
        target = mips_branch_target(pc, op->word);
    } else if (op->base) {
        target = r[op->base]; /* jalr (MARS links first: jalr $ra,$ra goes to the link) */
        if (op->writes == op->base)
            target = link;
    } else {
        target = mips_jump_target(pc, op->word);
    }
    if (on(ck, MIPS_CHECK_STACK) && r[MIPS_REG_SP] % 4 != 0) {
        mips_finding f = {.kind = MIPS_CHECK_STACK, .pc = pc, .reg = MIPS_REG_SP,
                          .old_value = ck->entry_sp, .new_value = r[MIPS_REG_SP],
                          .misaligned = true};
        writer_of(ck, &f);
        in_function(ck, &f);
        if (found(ck, &f, pc))
            return true;
    }
    if (op->kind != MIPS_OP_CALL) { /* the link a taken bgezal/bltzal writes */
        ck->readable |= 1u << MIPS_REG_RA;
        ck->last_writer[MIPS_REG_RA] = pc;
    }
    if (ck->depth == ck->frame_capacity) {
        if (ck->depth >= MAX_FRAMES) {
            ck->lost++;
            return false;
        }
        mips_frame *grown = grow_array(ck->frames, &ck->frame_capacity, ck->depth + 1,
                                       sizeof *grown);
        if (!grown) {
            ck->lost++;
            return false;
        }
        ck->frames = grown;
    }
    mips_frame *fr = &ck->frames[ck->depth++];
    fr->ret = link;
    fr->call_pc = pc;
    fr->callee = target;
    /* Whether the callee writes $v0 and $v1 shows in their last writer,
     * cleared here and given back at the return if the callee left it. */
    fr->result_writer[0] = ck->last_writer[MIPS_REG_V0];
    fr->result_writer[1] = ck->last_writer[MIPS_REG_V1];
    ck->last_writer[MIPS_REG_V0] = ck->last_writer[MIPS_REG_V1] = 0;
    memcpy(fr->saved, &r[MIPS_REG_S0], 8 * sizeof *r); /* the order of saved_regs */
    memcpy(fr->saved + 8, &r[MIPS_REG_GP], 3 * sizeof *r);
    return false;
}

static bool ret(mips_checker *ck, mips_machine *m, uint32_t pc)
{
    uint32_t *r = m->state.r;
    if (ck->lost) {
        ck->lost--;
        return false;
    }
    if (ck->depth == 0)
        return false; /* a return from where the run started: no call to match */
    uint32_t k = ck->depth;
    while (k > 0 && ck->frames[k - 1].ret != r[MIPS_REG_RA])
        k--;
    if (k == 0) {
        const mips_frame *top = &ck->frames[ck->depth - 1];
        mips_finding f = {.kind = MIPS_CHECK_RETURN, .pc = pc, .reg = MIPS_REG_RA,
                          .new_value = r[MIPS_REG_RA], .address = top->ret, .in_call = true,
                          .call_pc = top->call_pc, .callee = top->callee};
        writer_of(ck, &f);
        return on(ck, MIPS_CHECK_RETURN) && found(ck, &f, pc);
    }
    const mips_frame *fr = &ck->frames[k - 1];
    bool same = memcmp(fr->saved, &r[MIPS_REG_S0], 8 * sizeof *r) == 0 &&
                memcmp(fr->saved + 8, &r[MIPS_REG_GP], 3 * sizeof *r) == 0;
    for (unsigned i = 0; !same && on(ck, MIPS_CHECK_SAVED) && i < MIPS_SAVED_COUNT; i++) {
        unsigned reg = saved_regs[i];
        if (r[reg] == fr->saved[i])
            continue;
        mips_finding f = {.kind = MIPS_CHECK_SAVED, .pc = pc, .reg = reg,
                          .old_value = fr->saved[i], .new_value = r[reg], .in_call = true,
                          .call_pc = fr->call_pc, .callee = fr->callee};
        writer_of(ck, &f);
        if (found(ck, &f, pc))
            return true;
    }
    uint32_t callee_wrote = 0;
    for (unsigned i = 0; i < 2; i++) {
        if (ck->last_writer[MIPS_REG_V0 + i])
            callee_wrote |= 1u << (MIPS_REG_V0 + i);
        else
            ck->last_writer[MIPS_REG_V0 + i] = fr->result_writer[i];
    }
    ck->depth = k - 1;
    bool poison = ck->set >> MIPS_CHECK_POISON & 1u;
    if (!on(ck, MIPS_CHECK_CALLER) && !poison)
        return false;
    uint32_t changed = CALLER_SAVED | (RESULTS & ~callee_wrote);
    if (poison)
        for (unsigned reg = 1; reg < 32; reg++)
            if (changed >> reg & 1)
                r[reg] = MIPS_POISON;
    if (on(ck, MIPS_CHECK_CALLER)) {
        /* Every register clobbered now was clobbered by this return: a later
         * return clobbers it again unless the callee wrote it, which clears it. */
        ck->clobber_call = fr->call_pc;
        ck->clobber_callee = fr->callee;
        ck->clobbered = (ck->clobbered & ~ck->readable) | changed;
        ck->readable &= ~changed;
    }
    return false;
}

/* A syscall writes what the interpreter does not see: results in $v0, $a0
 * and $a1 (counted as written for every service, so none is reported), and
 * the buffers of read string (8) and read from a file (14). */
static void syscall_wrote(mips_checker *ck, const mips_machine *m, uint32_t pc)
{
    const uint32_t *r = m->state.r;
    uint32_t limit = MIPS_DATA_END - MIPS_EXTERN_BASE; /* no buffer is larger */
    if (r[MIPS_REG_V0] == 8)
        mark_written(ck, r[MIPS_REG_A0], r[MIPS_REG_A1] < limit ? r[MIPS_REG_A1] : limit);
    if (r[MIPS_REG_V0] == 14)
        mark_written(ck, r[MIPS_REG_A1], r[MIPS_REG_A2] < limit ? r[MIPS_REG_A2] : limit);
    uint32_t results = 1u << MIPS_REG_V0 | 1u << MIPS_REG_A0 | 1u << MIPS_REG_A1;
    ck->readable |= results;
    ck->last_writer[MIPS_REG_V0] = ck->last_writer[MIPS_REG_A0] = ck->last_writer[MIPS_REG_A1] = pc;
}

bool mips_check_memory(mips_checker *ck, mips_machine *m, const mips_check_op *op, uint32_t pc)
{
    if (op->kind == MIPS_OP_LOAD)
        return check_load(ck, m, op, pc);
    store(ck, m, op);
    return false;
}

bool mips_check_special(mips_checker *ck, mips_machine *m, const mips_check_op *op, uint32_t pc)
{
    if (UNLIKELY(m->state.r[MIPS_REG_SP] > ck->entry_sp) && sp_above(ck, m))
        return true;
    switch ((mips_check_op_kind)op->kind) {
    case MIPS_OP_LOAD:
    case MIPS_OP_STORE:
        return mips_check_memory(ck, m, op, pc);
    case MIPS_OP_CALL:
    case MIPS_OP_CALL_GEZ:
    case MIPS_OP_CALL_LTZ:
        return call(ck, m, op, pc);
    case MIPS_OP_RETURN:
        return ret(ck, m, pc);
    case MIPS_OP_SYSCALL:
        syscall_wrote(ck, m, pc);
        return false;
    case MIPS_OP_PLAIN:
        break;
    }
    return false;
}
