/* The MIPS instructions the interpreter leaves to a function: multiply-
 * accumulate, partial-word loads and stores, traps, coprocessor 0 and the
 * whole floating-point unit, each with MARS 4.5's semantics (Java's float
 * and int conversions, its NaN, its register-pair checks). */
#include <math.h>
#include <string.h>

#include "mips_machine_impl.h"

/* Fields of the word (MIPS32 names). */
#define RS(w) ((w) >> 21 & 31)
#define RT(w) ((w) >> 16 & 31)
#define RD(w) ((w) >> 11 & 31)
#define FS(w) ((w) >> 11 & 31)
#define FD(w) ((w) >> 6 & 31)
#define FT(w) ((w) >> 16 & 31)
#define SIMM(w) ((uint32_t)(int32_t)(int16_t)((w) & 0xffff))
#define CC_MOV(w) ((w) >> 18 & 7) /* movf, movt, bc1f, bc1t */
#define CC_CMP(w) ((w) >> 8 & 7)  /* c.eq.s ... */
#define TF(w) ((w) >> 16 & 1)     /* movt vs movf */

/* Java's Float.floatToIntBits and Double.doubleToLongBits turn every NaN
 * into one pattern, and MARS stores results through them. */
static void set_s(mips_machine *m, unsigned f, float v)
{
    uint32_t bits = 0x7fc00000u;
    if (v == v)
        memcpy(&bits, &v, sizeof bits);
    m->state.f[f] = bits;
}

static float get_s(const mips_machine *m, unsigned f)
{
    float v;
    memcpy(&v, &m->state.f[f], sizeof v);
    return v;
}

static void set_d(mips_machine *m, unsigned f, double v)
{
    uint64_t bits = 0x7ff8000000000000u;
    if (v == v)
        memcpy(&bits, &v, sizeof bits);
    m->state.f[f] = (uint32_t)bits;
    m->state.f[f + 1] = (uint32_t)(bits >> 32);
}

static double get_d(const mips_machine *m, unsigned f)
{
    uint64_t bits = (uint64_t)m->state.f[f + 1] << 32 | m->state.f[f];
    double v;
    memcpy(&v, &bits, sizeof v);
    return v;
}

/* Java's (int) cast: NaN is 0, out of range saturates. */
static uint32_t java_int(double v)
{
    if (v != v)
        return 0;
    if (v >= 2147483647.0)
        return 0x7fffffffu;
    if (v <= -2147483648.0)
        return 0x80000000u;
    return (uint32_t)(int32_t)v;
}

/* Java's Math.round: nearest, ties toward positive infinity. */
static uint32_t java_round(double v)
{
    double low = floor(v);
    return java_int(v - low >= 0.5 ? low + 1 : low);
}

/* MARS's round.w: Math.round, except that an exact tie goes to the even
 * neighbour, found from the truncated value as MARS does (in float for .s). */
static uint32_t mars_round_s(float v)
{
    uint32_t result = java_round(v);
    int64_t t = (int32_t)java_int(v), below = v < 0.0f ? t - 1 : t, above = v < 0.0f ? t : t + 1;
    int32_t b = (int32_t)(uint32_t)below, a = (int32_t)(uint32_t)above; /* Java wraps */
    if (v - (float)b == (float)a - v)
        result = (uint32_t)(a % 2 == 0 ? a : b);
    return result;
}

static uint32_t mars_round_d(double v)
{
    uint32_t result = java_round(v);
    int64_t t = (int32_t)java_int(v), below = v < 0.0 ? t - 1 : t, above = v < 0.0 ? t : t + 1;
    int32_t b = (int32_t)(uint32_t)below, a = (int32_t)(uint32_t)above;
    if (v - (double)b == (double)a - v)
        result = (uint32_t)(a % 2 == 0 ? a : b);
    return result;
}

/* MARS's floor/ceil/round/trunc.w: NaN, infinities and values beyond the
 * int range (compared as Java compares them) give 2^31 - 1. */
static bool bad_s(float v)
{
    return isnan(v) || isinf(v) || v < -2147483648.0f || v > 2147483648.0f;
}

static bool bad_d(double v)
{
    return isnan(v) || isinf(v) || v < -2147483648.0 || v > 2147483647.0;
}

static unsigned leading_zeros(uint32_t v)
{
    unsigned n = 0;
    for (uint32_t bit = 0x80000000u; bit && !(v & bit); bit >>= 1)
        n++;
    return n;
}

static void set_gpr(mips_machine *m, unsigned r, uint32_t v)
{
    if (r != 0)
        m->state.r[r] = v;
}

static bool flag(const mips_machine *m, unsigned cc)
{
    return (m->state.cc >> cc) & 1;
}

static void set_flag(mips_machine *m, unsigned cc, bool on)
{
    m->state.cc = (uint8_t)(on ? m->state.cc | 1u << cc : m->state.cc & ~(1u << cc));
}

static bool cp0_exists(unsigned r)
{
    return r == MIPS_CP0_BADVADDR || r == MIPS_CP0_STATUS || r == MIPS_CP0_CAUSE ||
           r == MIPS_CP0_EPC;
}

/* Java's int %: the sign of the dividend (addresses above 2^31 are
 * negative ints in MARS, which changes lwl ... there). */
static int java_rem4(uint32_t addr)
{
    return (int32_t)addr % 4;
}

/* lwl, lwr, swl, swr a byte at a time, as MARS does: a fault stops at the
 * byte that caused it. Above 2^31 the remainder is negative, so lwr and
 * swr touch up to six bytes (rem -2: addr .. addr + 5) and Java's shift,
 * which keeps the count's low five bits, puts bytes 4 and 5 on 0 and 1:
 * `lwr $t5,-6` reads 0xffffffff, out of range (difffuzz 1400562). */
static int partial(mips_machine *m, unsigned op, uint32_t word, uint32_t *address)
{
    uint32_t addr = m->state.r[RS(word)] + SIMM(word), value = m->state.r[RT(word)], byte;
    int rem = java_rem4(addr), k;
    switch (op) {
    case MIPS_S_LWL:
        for (int i = 0; i <= rem; i++) {
            if ((k = mips_mem_load(m, addr - (uint32_t)i, 1, &byte)) >= 0)
                return *address = addr - (uint32_t)i, k;
            value = (value & ~(0xffu << 8 * (3 - i))) | byte << 8 * (3 - i);
        }
        set_gpr(m, RT(word), value);
        return MIPS_SLOW_OK;
    case MIPS_S_LWR:
        for (int i = 0; i <= 3 - rem; i++) {
            if ((k = mips_mem_load(m, addr + (uint32_t)i, 1, &byte)) >= 0)
                return *address = addr + (uint32_t)i, k;
            value = (value & ~(0xffu << 8 * (i & 3))) | byte << 8 * (i & 3);
        }
        set_gpr(m, RT(word), value);
        return MIPS_SLOW_OK;
    case MIPS_S_SWL:
        for (int i = 0; i <= rem; i++)
            if ((k = mips_mem_store(m, addr - (uint32_t)i, 1, value >> 8 * (3 - i))) >= 0)
                return *address = addr - (uint32_t)i, k;
        return MIPS_SLOW_OK;
    default: /* SWR */
        for (int i = 0; i <= 3 - rem; i++)
            if ((k = mips_mem_store(m, addr + (uint32_t)i, 1, value >> 8 * (i & 3))) >= 0)
                return *address = addr + (uint32_t)i, k;
        return MIPS_SLOW_OK;
    }
}

static int trap_if(bool cond)
{
    return cond ? MIPS_ERR_TRAP : MIPS_SLOW_OK;
}

/* Integer instructions (everything before the FPU's). */
static int exec_int(mips_machine *m, unsigned op, uint32_t word, uint32_t pc, uint32_t *target,
                    uint32_t *address, int32_t *code)
{
    uint32_t s = m->state.r[RS(word)], t = m->state.r[RT(word)], imm = SIMM(word);
    uint64_t acc = (uint64_t)m->state.hi << 32 | m->state.lo;
    int k;
    switch ((mips_slow_op)op) {
    case MIPS_S_MADD:
        acc += (uint64_t)((int64_t)(int32_t)s * (int32_t)t);
        break;
    case MIPS_S_MADDU:
        acc += (uint64_t)s * t;
        break;
    case MIPS_S_MSUB:
        acc -= (uint64_t)((int64_t)(int32_t)s * (int32_t)t);
        break;
    case MIPS_S_MSUBU:
        acc -= (uint64_t)s * t;
        break;
    case MIPS_S_CLO:
        set_gpr(m, RD(word), leading_zeros(~s));
        return MIPS_SLOW_OK;
    case MIPS_S_CLZ:
        set_gpr(m, RD(word), leading_zeros(s));
        return MIPS_SLOW_OK;
    case MIPS_S_MOVN:
        if (t != 0)
            set_gpr(m, RD(word), s);
        return MIPS_SLOW_OK;
    case MIPS_S_MOVZ:
        if (t == 0)
            set_gpr(m, RD(word), s);
        return MIPS_SLOW_OK;
    case MIPS_S_MOVF:
    case MIPS_S_MOVT:
        if (flag(m, CC_MOV(word)) == (op == MIPS_S_MOVT))
            set_gpr(m, RD(word), s);
        return MIPS_SLOW_OK;
    case MIPS_S_LL:
        if ((k = mips_mem_load(m, s + imm, 4, &t)) >= 0)
            return *address = s + imm, k;
        set_gpr(m, RT(word), t);
        return MIPS_SLOW_OK;
    case MIPS_S_SC: /* MARS simulates one processor: sc always succeeds */
        if ((k = mips_mem_store(m, s + imm, 4, t)) >= 0)
            return *address = s + imm, k;
        set_gpr(m, RT(word), 1);
        return MIPS_SLOW_OK;
    case MIPS_S_LWL: case MIPS_S_LWR: case MIPS_S_SWL: case MIPS_S_SWR:
        return partial(m, op, word, address);
    case MIPS_S_BREAK:
        return MIPS_ERR_BREAK;
    case MIPS_S_BREAK_CODE:
        *code = (int32_t)(word >> 6 & 0xfffff);
        return MIPS_ERR_BREAK_CODE;
    case MIPS_S_ERET:
        m->state.cp0[MIPS_CP0_STATUS] &= ~(uint32_t)MIPS_STATUS_EXL;
        *target = m->state.cp0[MIPS_CP0_EPC];
        return MIPS_SLOW_JUMP;
    case MIPS_S_MFC0:
        set_gpr(m, RT(word), cp0_exists(RD(word)) ? m->state.cp0[RD(word)] : 0);
        return MIPS_SLOW_OK;
    case MIPS_S_MTC0:
        if (cp0_exists(RD(word)))
            m->state.cp0[RD(word)] = t;
        return MIPS_SLOW_OK;
    case MIPS_S_TEQ: return trap_if(s == t);
    case MIPS_S_TNE: return trap_if(s != t);
    case MIPS_S_TGE: return trap_if((int32_t)s >= (int32_t)t);
    case MIPS_S_TGEU: return trap_if(s >= t);
    case MIPS_S_TLT: return trap_if((int32_t)s < (int32_t)t);
    case MIPS_S_TLTU: return trap_if(s < t);
    case MIPS_S_TEQI: return trap_if(s == imm);
    case MIPS_S_TNEI: return trap_if(s != imm);
    case MIPS_S_TGEI: return trap_if((int32_t)s >= (int32_t)imm);
    case MIPS_S_TGEIU: return trap_if(s >= imm);
    case MIPS_S_TLTI: return trap_if((int32_t)s < (int32_t)imm);
    case MIPS_S_TLTIU: return trap_if(s < imm);
    case MIPS_S_BC1T:
    case MIPS_S_BC1F:
        if (flag(m, CC_MOV(word)) != (op == MIPS_S_BC1T))
            return MIPS_SLOW_OK;
        *target = mips_branch_target(pc, word);
        return MIPS_SLOW_BRANCH;
    case MIPS_S_MFC1:
        set_gpr(m, RT(word), m->state.f[FS(word)]);
        return MIPS_SLOW_OK;
    case MIPS_S_MTC1:
        m->state.f[FS(word)] = t;
        return MIPS_SLOW_OK;
    case MIPS_S_LWC1:
        if ((k = mips_mem_load(m, s + imm, 4, &m->state.f[FT(word)])) >= 0)
            return *address = s + imm, k;
        return MIPS_SLOW_OK;
    case MIPS_S_SWC1:
        if ((k = mips_mem_store(m, s + imm, 4, m->state.f[FT(word)])) >= 0)
            return *address = s + imm, k;
        return MIPS_SLOW_OK;
    case MIPS_S_LDC1:
    case MIPS_S_SDC1: {
        bool load = op == MIPS_S_LDC1;
        uint32_t ea = s + imm, lo, hi;
        if (FT(word) % 2)
            return MIPS_ERR_FP_FIRST_EVEN;
        *address = ea;
        if (ea % 8)
            return load ? MIPS_ERR_LOAD_DOUBLE_ALIGN : MIPS_ERR_STORE_DOUBLE_ALIGN;
        if (load) {
            if ((k = mips_mem_load(m, ea, 4, &lo)) >= 0)
                return k;
            if ((k = mips_mem_load(m, ea + 4, 4, &hi)) >= 0)
                return *address = ea + 4, k;
            m->state.f[FT(word)] = lo;
            m->state.f[FT(word) + 1] = hi;
        } else {
            if ((k = mips_mem_store(m, ea, 4, m->state.f[FT(word)])) >= 0)
                return k;
            if ((k = mips_mem_store(m, ea + 4, 4, m->state.f[FT(word) + 1])) >= 0)
                return *address = ea + 4, k;
        }
        return MIPS_SLOW_OK;
    }
    default:
        return MIPS_ERR_RESERVED; /* not reached: FPU ops go to exec_fpu */
    }
    m->state.hi = (uint32_t)(acc >> 32);
    m->state.lo = (uint32_t)acc;
    return MIPS_SLOW_OK;
}

/* The register-pair check of a double operation, with MARS's message. */
static int pairs(mips_slow_op op, uint32_t word)
{
    unsigned fd = FD(word), fs = FS(word), ft = FT(word);
    switch (op) {
    case MIPS_S_ADD_D: case MIPS_S_SUB_D: case MIPS_S_MUL_D: case MIPS_S_DIV_D:
        return (fd | fs | ft) & 1 ? MIPS_ERR_FP_ALL_EVEN : MIPS_SLOW_OK;
    case MIPS_S_C_EQ_D: case MIPS_S_C_LE_D: case MIPS_S_C_LT_D:
        return (fs | ft) & 1 ? MIPS_ERR_FP_BOTH_EVEN : MIPS_SLOW_OK;
    case MIPS_S_SQRT_D: case MIPS_S_ABS_D: case MIPS_S_NEG_D: case MIPS_S_MOV_D:
    case MIPS_S_MOVF_D: case MIPS_S_MOVT_D: case MIPS_S_MOVN_D: case MIPS_S_MOVZ_D:
        return (fd | fs) & 1 ? MIPS_ERR_FP_BOTH_EVEN : MIPS_SLOW_OK;
    case MIPS_S_FLOOR_W_D: case MIPS_S_CEIL_W_D: case MIPS_S_ROUND_W_D: case MIPS_S_TRUNC_W_D:
    case MIPS_S_CVT_W_D: case MIPS_S_CVT_S_D:
        return fs & 1 ? MIPS_ERR_FP_SECOND_EVEN : MIPS_SLOW_OK;
    case MIPS_S_CVT_D_S: case MIPS_S_CVT_D_W:
        return fd & 1 ? MIPS_ERR_FP_FIRST_EVEN : MIPS_SLOW_OK;
    default:
        return MIPS_SLOW_OK;
    }
}

static int exec_fpu(mips_machine *m, mips_slow_op op, uint32_t word)
{
    unsigned fd = FD(word), fs = FS(word), ft = FT(word);
    int k = pairs(op, word);
    if (k != MIPS_SLOW_OK)
        return k;
    float xs = get_s(m, fs), ys = get_s(m, ft);
    double xd = fs % 2 ? 0 : get_d(m, fs), yd = ft % 2 ? 0 : get_d(m, ft);
    bool move = false;
    switch (op) {
    case MIPS_S_ADD_S: set_s(m, fd, xs + ys); break;
    case MIPS_S_SUB_S: set_s(m, fd, xs - ys); break;
    case MIPS_S_MUL_S: set_s(m, fd, xs * ys); break;
    case MIPS_S_DIV_S: set_s(m, fd, xs / ys); break;
    case MIPS_S_SQRT_S: set_s(m, fd, xs < 0.0f ? NAN : sqrtf(xs)); break;
    case MIPS_S_ABS_S: m->state.f[fd] = m->state.f[fs] & 0x7fffffffu; break;
    case MIPS_S_NEG_S: m->state.f[fd] = m->state.f[fs] ^ 0x80000000u; break;
    case MIPS_S_MOV_S: m->state.f[fd] = m->state.f[fs]; break;
    case MIPS_S_ADD_D: set_d(m, fd, xd + yd); break;
    case MIPS_S_SUB_D: set_d(m, fd, xd - yd); break;
    case MIPS_S_MUL_D: set_d(m, fd, xd * yd); break;
    case MIPS_S_DIV_D: set_d(m, fd, xd / yd); break;
    case MIPS_S_SQRT_D: set_d(m, fd, xd < 0.0 ? NAN : sqrt(xd)); break;
    case MIPS_S_ABS_D:
        m->state.f[fd] = m->state.f[fs];
        m->state.f[fd + 1] = m->state.f[fs + 1] & 0x7fffffffu;
        break;
    case MIPS_S_NEG_D:
        m->state.f[fd] = m->state.f[fs];
        m->state.f[fd + 1] = m->state.f[fs + 1] ^ 0x80000000u;
        break;
    case MIPS_S_MOV_D: move = true; break;
    case MIPS_S_FLOOR_W_S: m->state.f[fd] = bad_s(xs) ? 0x7fffffffu : java_int(floor(xs)); break;
    case MIPS_S_CEIL_W_S: m->state.f[fd] = bad_s(xs) ? 0x7fffffffu : java_int(ceil(xs)); break;
    case MIPS_S_ROUND_W_S: m->state.f[fd] = bad_s(xs) ? 0x7fffffffu : mars_round_s(xs); break;
    case MIPS_S_TRUNC_W_S: m->state.f[fd] = bad_s(xs) ? 0x7fffffffu : java_int(xs); break;
    case MIPS_S_CVT_W_S: m->state.f[fd] = java_int(xs); break;
    case MIPS_S_FLOOR_W_D: m->state.f[fd] = bad_d(xd) ? 0x7fffffffu : java_int(floor(xd)); break;
    case MIPS_S_CEIL_W_D: m->state.f[fd] = bad_d(xd) ? 0x7fffffffu : java_int(ceil(xd)); break;
    case MIPS_S_ROUND_W_D: m->state.f[fd] = bad_d(xd) ? 0x7fffffffu : mars_round_d(xd); break;
    case MIPS_S_TRUNC_W_D: m->state.f[fd] = bad_d(xd) ? 0x7fffffffu : java_int(xd); break;
    case MIPS_S_CVT_W_D: m->state.f[fd] = java_int(xd); break;
    case MIPS_S_CVT_D_S: set_d(m, fd, (double)xs); break;
    case MIPS_S_CVT_D_W: set_d(m, fd, (double)(int32_t)m->state.f[fs]); break;
    case MIPS_S_CVT_S_D: set_s(m, fd, (float)xd); break;
    case MIPS_S_CVT_S_W: set_s(m, fd, (float)(int32_t)m->state.f[fs]); break;
    case MIPS_S_C_EQ_S: set_flag(m, CC_CMP(word), xs == ys); break;
    case MIPS_S_C_LE_S: set_flag(m, CC_CMP(word), xs <= ys); break;
    case MIPS_S_C_LT_S: set_flag(m, CC_CMP(word), xs < ys); break;
    case MIPS_S_C_EQ_D: set_flag(m, CC_CMP(word), xd == yd); break;
    case MIPS_S_C_LE_D: set_flag(m, CC_CMP(word), xd <= yd); break;
    case MIPS_S_C_LT_D: set_flag(m, CC_CMP(word), xd < yd); break;
    case MIPS_S_MOVF_S: case MIPS_S_MOVT_S:
        if (flag(m, CC_MOV(word)) == (TF(word) == 1))
            m->state.f[fd] = m->state.f[fs];
        break;
    case MIPS_S_MOVN_S: case MIPS_S_MOVZ_S:
        if ((m->state.r[RT(word)] != 0) == (op == MIPS_S_MOVN_S))
            m->state.f[fd] = m->state.f[fs];
        break;
    case MIPS_S_MOVF_D: case MIPS_S_MOVT_D:
        move = flag(m, CC_MOV(word)) == (TF(word) == 1);
        break;
    case MIPS_S_MOVN_D: case MIPS_S_MOVZ_D:
        move = (m->state.r[RT(word)] != 0) == (op == MIPS_S_MOVN_D);
        break;
    default:
        return MIPS_ERR_RESERVED;
    }
    if (move) { /* raw bits: a move never touches a NaN's pattern */
        m->state.f[fd] = m->state.f[fs];
        m->state.f[fd + 1] = m->state.f[fs + 1];
    }
    return MIPS_SLOW_OK;
}

int mips_exec_slow(mips_machine *m, unsigned op, uint32_t word, uint32_t pc, uint32_t *target,
                   uint32_t *address, int32_t *code)
{
    *address = 0;
    *code = 0;
    if (op >= MIPS_S_ADD_S)
        return exec_fpu(m, (mips_slow_op)op, word);
    return exec_int(m, op, word, pc, target, address, code);
}
