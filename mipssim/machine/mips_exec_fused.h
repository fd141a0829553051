/* The fused pairs' handlers (mips_decode.h, MIPS_FUSED_HANDLERS), part of
 * the loop in mips_exec_loop.h, which includes this among its handlers. A
 * pair runs as one: the first, then the second with the first's result in
 * a host register, counted as two steps, with the hook before each, exact
 * at any fault (pc and the count are those of the instruction that raised
 * it). With one step left, or a data page not the remembered one, the
 * first runs alone through its own handler, which then fetches the second
 * as usual. */
/* From the first of a pair to the second: FETCH without its tests (the
 * pair's handler made sure of the budget, and a pair is within a page). */
#define FUSED_NEXT(second)                                                               \
    do {                                                                                 \
        left--;                                                                          \
        ip++;                                                                            \
        pc += 4;                                                                         \
        MIPS_EXEC_HOOK(second);                                                          \
    } while (0)
/* s = x + the immediate of d into d's destination, with addi's trap. */
#define ADD_IMM(trap, x, s)                                                              \
    do {                                                                                 \
        uint32_t x_ = (x);                                                               \
        s = x_ + MIPS_D_IMM(*d);                                                         \
        if ((trap) && UNLIKELY(((x_ ^ s) & (MIPS_D_IMM(*d) ^ s)) >> 31))                 \
            FAULT(MIPS_ERR_OVERFLOW, 0, 0);                                              \
        r[MIPS_D_A(*d)] = s;                                                             \
    } while (0)
#define LW_ADD(trap)                                                                     \
    do {                                                                                 \
        if (UNLIKELY(left <= 0))                                                         \
            goto body_LW;                                                                \
        ea = r[MIPS_D_B(*d)] + MIPS_D_IMM(*d);                                           \
        if (!DATA_HIT(4, ea))                                                            \
            goto body_LW;                                                                \
        uint32_t w_ = *WORD_AT(data_page, ea), s_;                                       \
        r[MIPS_D_A(*d)] = w_;                                                            \
        FUSED_NEXT((trap) ? MIPS_H_ADDI : MIPS_H_ADDIU);                                 \
        ADD_IMM(trap, w_, s_);                                                           \
        NEXT();                                                                          \
    } while (0)
/* The addi(u) that begins a pair, its sum in s_, then on to second; with
 * one step left, body (the addi's own handler) runs it alone. */
#define ADD_FIRST(trap, body, second)                                                    \
    if (UNLIKELY(left <= 0))                                                             \
        goto body;                                                                       \
    uint32_t s_;                                                                         \
    ADD_IMM(trap, r[MIPS_D_B(*d)], s_);                                                  \
    FUSED_NEXT(second)
#define ADD_SW(trap, body)                                                               \
    do {                                                                                 \
        ADD_FIRST(trap, body, MIPS_H_SW);                                                \
        ea = r[MIPS_D_B(*d)] + MIPS_D_IMM(*d);                                           \
        if (DATA_HIT(4, ea)) {                                                           \
            *WORD_AT(data_page, ea) = s_;                                                \
            NEXT();                                                                      \
        }                                                                                \
        STORE(4);                                                                        \
    } while (0)
#define ADD_BRANCH(trap, body, op, second)                                               \
    do {                                                                                 \
        ADD_FIRST(trap, body, second);                                                   \
        BRANCH(s_ op r[MIPS_D_B(*d)]);                                                   \
    } while (0)
    CASE(LW_ADDI)
    {
        LW_ADD(true);
    }
    CASE(LW_ADDIU)
    {
        LW_ADD(false);
    }
    CASE(ADDI_SW)
    {
        ADD_SW(true, body_ADDI);
    }
    CASE(ADDIU_SW)
    {
        ADD_SW(false, body_ADDIU);
    }
    CASE(ADDI_BNE)
    {
        ADD_BRANCH(true, body_ADDI, !=, MIPS_H_BNE);
    }
    CASE(ADDIU_BNE)
    {
        ADD_BRANCH(false, body_ADDIU, !=, MIPS_H_BNE);
    }
    CASE(ADDI_BEQ)
    {
        ADD_BRANCH(true, body_ADDI, ==, MIPS_H_BEQ);
    }
    CASE(ADDIU_BEQ)
    {
        ADD_BRANCH(false, body_ADDIU, ==, MIPS_H_BEQ);
    }
#undef FUSED_NEXT
#undef ADD_IMM
#undef ADD_FIRST
#undef LW_ADD
#undef ADD_SW
#undef ADD_BRANCH
