/* The LC-3 interpreter's decoder, included by lc3_exec_loop.h: a word into
 * its cached form (lc3_machine_impl.h), and the superinstructions a few
 * words make together. */
#ifndef LC3_EXEC_DECODE_H
#define LC3_EXEC_DECODE_H

#include <stdbool.h>
#include <stdint.h>

#include "lc3_isa.h"
#include "lc3_machine_impl.h"

/* Condition codes are kept lazily: the interpreter keeps the last result
 * that set them (0..xFFFF) and each BR form tests it directly. PSR[2:0]
 * can also hold no code or several (lc3_set_psr, RTI); then CC_IN_PSR says
 * the codes are still those in m->state.psr, and lc3_execute runs one step. */
enum { CC_IN_PSR = 0x10000 };

static unsigned cc_of(uint32_t result)
{
    return result == 0 ? LC3_PSR_Z : (result & 0x8000) ? LC3_PSR_N : LC3_PSR_P;
}

static lc3_decoded decode(uint16_t w, uint16_t addr)
{
    static const uint8_t br_forms[8] = {
        LC3_H_BR_NOP, LC3_H_BR_P,  LC3_H_BR_Z,  LC3_H_BR_ZP,
        LC3_H_BR_N,   LC3_H_BR_NP, LC3_H_BR_NZ, LC3_H_BR_ALWAYS,
    };
    uint16_t next = (uint16_t)(addr + 1);
    lc3_opcode op = (lc3_opcode)LC3_OPCODE(w);
    unsigned a = LC3_DR(w);
    unsigned handler = LC3_H_ILLEGAL;
    uint16_t imm = 0;
    switch (op) {
    case LC3_OP_ADD:
    case LC3_OP_AND:
        if (LC3_IMM_FLAG(w)) {
            handler = op == LC3_OP_ADD ? LC3_H_ADD_IMM : LC3_H_AND_IMM;
            imm = (uint16_t)LC3_IMM5(w);
        } else {
            handler = op == LC3_OP_ADD ? LC3_H_ADD_REG : LC3_H_AND_REG;
        }
        break;
    case LC3_OP_NOT:
        handler = LC3_H_NOT;
        break;
    case LC3_OP_BR:
        imm = (uint16_t)(next + LC3_PCOFF9(w));
        handler = br_forms[a];
        if (a != 0 && imm < LC3_SYSTEM_END)
            handler = LC3_H_BR_FAR;
        break;
    case LC3_OP_JMP:
        handler = LC3_H_JMP;
        break;
    case LC3_OP_JSR:
        if (LC3_JSR_FLAG(w)) {
            imm = (uint16_t)(next + LC3_PCOFF11(w));
            handler = imm < LC3_SYSTEM_END ? LC3_H_JSR_FAR : LC3_H_JSR;
        } else {
            handler = LC3_H_JSRR;
        }
        break;
    case LC3_OP_LD:
    case LC3_OP_LDI:
    case LC3_OP_LEA:
    case LC3_OP_ST:
    case LC3_OP_STI:
        imm = (uint16_t)(next + LC3_PCOFF9(w));
        handler = op == LC3_OP_LD    ? LC3_H_LD
                  : op == LC3_OP_LDI ? LC3_H_LDI
                  : op == LC3_OP_LEA ? LC3_H_LEA
                  : op == LC3_OP_ST  ? LC3_H_ST
                                     : LC3_H_STI;
        break;
    case LC3_OP_LDR:
    case LC3_OP_STR:
        imm = (uint16_t)LC3_OFF6(w);
        handler = op == LC3_OP_LDR ? LC3_H_LDR : LC3_H_STR;
        break;
    case LC3_OP_TRAP:
        imm = (uint16_t)LC3_TRAPVECT(w);
        handler = LC3_H_TRAP;
        break;
    case LC3_OP_RTI:
        handler = LC3_H_RTI;
        break;
    case LC3_OP_RES:
        handler = LC3_H_ILLEGAL;
        break;
    }
    return lc3_pack(handler, a, LC3_SR1(w), LC3_SR2(w), imm);
}

/* One BR while PSR[2:0] is not a single code, tested exactly. A target the
 * mode may not fetch from is left to lc3_run, as the interpreter does. */
static void branch_exact(lc3_machine *m, uint16_t w)
{
    uint16_t next = (uint16_t)(m->state.pc + 1);
    m->state.pc = (LC3_DR(w) & m->state.psr) ? (uint16_t)(next + LC3_PCOFF9(w)) : next;
}

/* Whether a BR with this nzp is taken after a result v: each nzp takes one
 * range of results, so one subtract and one compare test it. */
static const struct {
    uint16_t lo, last; /* taken when (v - lo) mod 2^16 <= last */
} br_ranges[8] = {
    {1, 0},          /* ---: never (not fused) */
    {1, 0x7FFE},     /* p: 1..x7FFF */
    {0, 0},          /* z */
    {0, 0x7FFF},     /* zp */
    {0x8000, 0x7FFF}, /* n: x8000..xFFFF */
    {1, 0xFFFE},     /* np: all but 0 */
    {0x8000, 0x8000}, /* nz: x8000..xFFFF and 0 */
    {0, 0xFFFF},     /* nzp */
};

static inline bool br_taken(unsigned nzp, uint16_t v)
{
    return (uint16_t)(v - br_ranges[nzp].lo) <= br_ranges[nzp].last;
}

#if defined(__GNUC__)
#define LC3_NOINLINE __attribute__((noinline))
#else
#define LC3_NOINLINE
#endif

/* The word after at, decoded, if a loop may take it in: below the devices
 * (never cached) and not the stop address, which DECODE must reach. */
static bool decode_next(const lc3_machine *m, uint16_t at, lc3_decoded *next)
{
    uint16_t addr = (uint16_t)(at + 1);
    if (addr >= LC3_DEVICE_BASE || (m->stop_armed && addr == m->stop_pc))
        return false;
    *next = decode(m->mem[addr], addr);
    return true;
}

/* ADD Rn, Rn, #imm, n not 6: R6's writes the checker looks at one by one. */
static bool counting_add(lc3_decoded d)
{
    return LC3_D_HANDLER(d) == LC3_H_ADD_IMM && LC3_D_A(d) == LC3_D_B(d) && LC3_D_A(d) != 6;
}

/* A BR to loop_start that needs no test of the mode (not BR_FAR). */
static bool branch_back(lc3_decoded d, uint16_t loop_start)
{
    return LC3_D_HANDLER(d) >= LC3_H_BR_N && LC3_D_HANDLER(d) <= LC3_H_BR_ALWAYS &&
           LC3_D_IMM(d) == loop_start;
}

/* The counting loop that starts with first (decoded at at), or first:
 * ADD R1, R1, #-1; BRp back, or ADD R1, R1, #1; ADD R2, R2, #-1; BRp back,
 * run by one handler whose registers stay in the host's while it turns. */
static lc3_decoded fuse(const lc3_machine *m, lc3_decoded first, uint16_t at)
{
    lc3_decoded second, third;
    if (!counting_add(first) || !decode_next(m, at, &second))
        return first;
    lc3_decoded words = (lc3_decoded)m->mem[at] << 16 |
                        (lc3_decoded)m->mem[(uint16_t)(at + 1)] << 32;
    if (branch_back(second, at))
        return LC3_H_COUNT_LOOP | words;
    if (!counting_add(second) || LC3_D_A(second) == LC3_D_A(first) ||
        !decode_next(m, (uint16_t)(at + 1), &third) || !branch_back(third, at))
        return first;
    return LC3_H_COUNT_LOOP | words | (lc3_decoded)m->mem[(uint16_t)(at + 2)] << 48;
}

/* Words in the counting loop d: a BR is never 0, so word 2 tells. */
static inline unsigned loop_words(lc3_decoded d)
{
    return LC3_D_WORD(d, 2) != 0 ? 3 : 2;
}

/* Runs the counting loop cached as d at at: whole turns (each adds the
 * ADDs' imm5s; one ADD's loop adds nothing to a dummy), while the BR is
 * taken and budget holds one more. Returns the instructions run << 16 |
 * the next pc, or 0 if memory no longer holds the loop or a stop address
 * was armed inside it since. Out of line: its locals would crowd the
 * interpreter's registers. */
static LC3_NOINLINE uint64_t count_loop_run(lc3_machine *m, lc3_decoded d, uint16_t at,
                                            uint64_t budget)
{
    unsigned words = loop_words(d);
    if (m->stop_armed && (uint16_t)(m->stop_pc - at - 1) < words - 1)
        return 0;
    for (unsigned i = 1; i < words; i++)
        if (m->mem[(uint16_t)(at + i)] != LC3_D_WORD(d, i))
            return 0;
    uint16_t add1 = LC3_D_WORD(d, 0), add2 = words == 3 ? LC3_D_WORD(d, 1) : add1;
    unsigned nzp = LC3_DR(LC3_D_WORD(d, words - 1));
    uint16_t none = 0;
    uint16_t *first = words == 3 ? &m->state.reg[LC3_DR(add1)] : &none;
    uint16_t imm1 = words == 3 ? (uint16_t)LC3_IMM5(add1) : 0, imm2 = (uint16_t)LC3_IMM5(add2);
    uint16_t v1 = *first, v2 = m->state.reg[LC3_DR(add2)];
    uint16_t lo = br_ranges[nzp].lo, last = br_ranges[nzp].last;
    uint64_t turns = budget / words, turn = 0;
    bool taken;
    do {
        v1 = (uint16_t)(v1 + imm1);
        v2 = (uint16_t)(v2 + imm2);
        turn++;
        taken = (uint16_t)(v2 - lo) <= last;
    } while (taken && turn < turns);
    *first = v1;
    m->state.reg[LC3_DR(add2)] = v2;
    return turn * words << 16 | (taken ? at : (uint16_t)(at + words));
}

#endif
