/* Java's Float.toString and Double.toString as MARS's JVM (JDK 17) prints
 * them (syscalls 2 and 3, register displays): JDK 17's FloatingDecimal,
 * the JDK 8 algorithm, quirks included (docs/mips-syscalls.md). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mips_syscall.h"

/* A value as FloatingDecimal unpacks it: fract has its leading one at bit
 * 52 (subnormals shifted up), value = fract * 2^(bin_exp - 52);
 * significant_bits is 53 (24 for a float), or a subnormal's bit length. */
typedef struct java_binary {
    uint64_t fract;
    int bin_exp;
    int significant_bits;
} java_binary;

/* Decimal digits as FloatingDecimal leaves them: 0.digits x 10^dec_exp.
 * Trailing zeros stay (a rounded-up "19" is "20"), and so may a leading
 * zero that the exponent's estimate put there: Java prints them. */
typedef struct java_decimal {
    char digits[32];
    int n;
    int dec_exp;
} java_decimal;

/* Digits in 5^i, as FloatingDecimal's table counts them (5^0 as 0). */
static const int five_pow_bits[] = {0,  3,  5,  7,  10, 12, 14, 17, 19, 21, 24, 26, 28, 31,
                                    33, 35, 38, 40, 42, 45, 47, 49, 52, 54, 56, 59, 61};
enum { FIVE_POW_BITS_COUNT = (int)(sizeof five_pow_bits / sizeof five_pow_bits[0]) };

static int bits_of_five_pow(int i)
{
    return i < FIVE_POW_BITS_COUNT ? five_pow_bits[i] : i * 3;
}

static uint64_t five_pow(int i)
{
    uint64_t p = 1;
    while (i-- > 0)
        p *= 5;
    return p;
}

static int max_int(int a, int b)
{
    return a > b ? a : b;
}

/* ------------------------------------------------------------------------
 * Unsigned big integers for the general case: the extreme doubles need
 * about 1100 bits, and M grows by ten a digit. */
enum { BIG_LIMBS = 48 };
typedef struct big {
    uint32_t limb[BIG_LIMBS]; /* least significant first */
} big;

static void big_set(big *x, uint64_t v)
{
    memset(x, 0, sizeof *x);
    x->limb[0] = (uint32_t)v;
    x->limb[1] = (uint32_t)(v >> 32);
}

static void big_mul_small(big *x, uint32_t k)
{
    uint64_t carry = 0;
    for (int i = 0; i < BIG_LIMBS; i++) {
        uint64_t v = (uint64_t)x->limb[i] * k + carry;
        x->limb[i] = (uint32_t)v;
        carry = v >> 32;
    }
}

/* x = v * 5^p5 * 2^p2 */
static void big_set_pow52(big *x, uint64_t v, int p5, int p2)
{
    big_set(x, v);
    for (; p5 >= 13; p5 -= 13)
        big_mul_small(x, 1220703125u); /* 5^13 */
    for (; p5 > 0; p5--)
        big_mul_small(x, 5);
    for (; p2 >= 16; p2 -= 16)
        big_mul_small(x, 1u << 16);
    if (p2 > 0)
        big_mul_small(x, 1u << p2);
}

static int big_cmp(const big *x, const big *y)
{
    for (int i = BIG_LIMBS - 1; i >= 0; i--)
        if (x->limb[i] != y->limb[i])
            return x->limb[i] < y->limb[i] ? -1 : 1;
    return 0;
}

static void big_add(big *x, const big *y)
{
    uint64_t carry = 0;
    for (int i = 0; i < BIG_LIMBS; i++) {
        uint64_t v = (uint64_t)x->limb[i] + y->limb[i] + carry;
        x->limb[i] = (uint32_t)v;
        carry = v >> 32;
    }
}

static void big_sub(big *x, const big *y) /* x >= y */
{
    int64_t borrow = 0;
    for (int i = 0; i < BIG_LIMBS; i++) {
        int64_t v = (int64_t)x->limb[i] - y->limb[i] - borrow;
        borrow = v < 0;
        x->limb[i] = (uint32_t)(v + (borrow << 32));
    }
}

/* q = b / s, b = 10 (b mod s): one digit of the loop. */
static int big_digit(big *b, const big *s)
{
    int q = 0;
    while (big_cmp(b, s) >= 0 && q < 10) {
        big_sub(b, s);
        q++;
    }
    big_mul_small(b, 10);
    return q;
}

/* ------------------------------------------------------------------------
 * The digit loop. B/S is the value scaled to [1, 10) (by the estimated
 * exponent, so maybe [0.1, 1)), M half an ulp on B's scale; digits come
 * until the remainder is within M of either end ("low", "high"). */

typedef struct digit_scale {
    int b2, b5, s2, s5, m2, m5;
    int fract_bits; /* bits from the leading one to the last one */
} digit_scale;

/* Stops the loop at the first digit unless Java's E form needs another. */
static bool needs_second_digit(int dec_exp)
{
    return dec_exp < -3 || dec_exp >= 8;
}

/* The int and long cases wrap in 32- or 64-bit two's complement, as
 * Java's int and long do (M overflows in long loops; Java takes a
 * wrapped, negative M as "both ends near"). */
static int64_t wrap(uint64_t v, int width)
{
    if (width == 32)
        return (int64_t)(int32_t)(uint32_t)v;
    return (int64_t)v;
}

/* B, S, M and 10 S in one of FloatingDecimal's three arithmetics: int,
 * long (width 32 or 64) or big integers (width 0). */
typedef struct digit_state {
    int width;
    int64_t b, s, m, tens;
    big big_b, big_s, big_m, big_tens;
} digit_state;

static void digit_state_init(digit_state *st, uint64_t fract, const digit_scale *k, int width)
{
    st->width = width;
    if (width) {
        st->b = wrap((fract * five_pow(k->b5)) << k->b2, width);
        st->s = wrap(five_pow(k->s5) << k->s2, width);
        st->m = wrap(five_pow(k->m5) << k->m2, width);
        st->tens = wrap((uint64_t)st->s * 10, width);
    } else {
        big_set_pow52(&st->big_s, 1, k->s5, k->s2);
        big_set_pow52(&st->big_b, fract, k->b5, k->b2);
        big_set_pow52(&st->big_m, 1, k->m5, k->m2);
        big_set_pow52(&st->big_tens, 1, k->s5 + 1, k->s2 + 1);
    }
}

/* One digit: q = B / S, B = 10 (B mod S), M = 10 M, and whether the
 * remainder is within M of either end. The general case's "high" is
 * B + M >= 10 S where int and long test > (JDK 17 differs between its own
 * paths; so do the bytes); only after the first digit does a long loop's
 * wrapped M count as both ends near. */
static int next_digit(digit_state *st, bool first, bool *low, bool *high)
{
    int q;
    if (st->width) {
        int width = st->width;
        q = (int)(st->b / st->s);
        st->b = wrap((uint64_t)(st->b % st->s) * 10, width);
        st->m = wrap((uint64_t)st->m * 10, width);
        if (first || st->m > 0) {
            *low = st->b < st->m;
            *high = wrap((uint64_t)st->b + (uint64_t)st->m, width) > st->tens;
        } else {
            *low = *high = true;
        }
    } else {
        q = big_digit(&st->big_b, &st->big_s);
        big_mul_small(&st->big_m, 10);
        *low = big_cmp(&st->big_b, &st->big_m) < 0;
        big sum = st->big_b;
        big_add(&sum, &st->big_m);
        *high = big_cmp(&sum, &st->big_tens) >= 0;
    }
    return q;
}

/* 2 B against 10 S, the tie-break when both ends are near. */
static int64_t low_difference(const digit_state *st, bool low, bool high)
{
    if (st->width)
        return wrap(((uint64_t)st->b << 1) - (uint64_t)st->tens, st->width);
    if (!(low && high))
        return 0;
    big twice = st->big_b;
    big_mul_small(&twice, 2);
    return big_cmp(&twice, &st->big_tens);
}

/* Digits until the remainder is within M of an end (or 30 of them). */
static void digit_loop(digit_state *st, java_decimal *d, bool *low, bool *high,
                       int64_t *low_diff)
{
    int q = next_digit(st, true, low, high);
    if (q == 0 && !*high)
        d->dec_exp--;
    else
        d->digits[d->n++] = (char)('0' + q);
    if (needs_second_digit(d->dec_exp))
        *low = *high = false;
    while (!*low && !*high && d->n < 30) {
        q = next_digit(st, false, low, high);
        d->digits[d->n++] = (char)('0' + q);
    }
    *low_diff = low_difference(st, *low, *high);
}

/* Adds one to the last digit; a carry out of the first makes it "1" with
 * the exponent one larger, the other digits left as zeros. */
static void round_up(java_decimal *d)
{
    int i = d->n - 1;
    while (i > 0 && d->digits[i] == '9')
        d->digits[i--] = '0';
    if (d->digits[i] == '9') {
        d->digits[0] = '1';
        d->dec_exp++;
    } else {
        d->digits[i]++;
    }
}

/* floor(log10(value)) as FloatingDecimal estimates it, in doubles: it can
 * be one too high, and then the first digit is 0. */
static int estimate_dec_exp(uint64_t fract, int bin_exp)
{
    uint64_t one_bits = 0x3ff0000000000000u | (fract & 0x000fffffffffffffu);
    double d2;
    memcpy(&d2, &one_bits, sizeof d2);
    /* Each product rounded on its own, as in Java: volatile keeps a
     * compiler from fusing a multiply and an add. */
    volatile double mantissa_part = (d2 - 1.5) * 0.289529654;
    double estimate = mantissa_part + 0.176091259;
    volatile double exponent_part = (double)bin_exp * 0.301029995663981;
    estimate = estimate + exponent_part;
    return (int)floor(estimate);
}

/* Integers below 2^63: their exact digits, less those the binary exponent
 * beyond the significand makes insignificant (rounded half up). */
static void integer_digits(uint64_t value, int insignificant, java_decimal *d)
{
    if (insignificant > 0) {
        uint64_t pow10 = 1;
        for (int i = 0; i < insignificant; i++)
            pow10 *= 10;
        uint64_t residue = value % pow10;
        value /= pow10;
        if (residue >= pow10 / 2)
            value++;
    }
    d->n = sprintf(d->digits, "%llu", (unsigned long long)value);
    d->dec_exp = d->n + insignificant;
    while (d->n > 1 && d->digits[d->n - 1] == '0')
        d->digits[--d->n] = '\0';
}

static void java_dtoa(const java_binary *v, java_decimal *d)
{
    int tail_zeros = 0;
    while (!((v->fract >> tail_zeros) & 1))
        tail_zeros++;
    int fract_bits = 53 - tail_zeros;
    int tiny_bits = max_int(0, fract_bits - v->bin_exp - 1);
    d->n = 0;
    if (tiny_bits == 0 && v->bin_exp >= -21 && v->bin_exp <= 62) {
        uint64_t value = v->bin_exp >= 52 ? v->fract << (v->bin_exp - 52)
                                          : v->fract >> (52 - v->bin_exp);
        int p2 = v->bin_exp - v->significant_bits - 1;
        int insignificant = v->bin_exp > v->significant_bits && p2 > 1 ? p2 * 30103 / 100000 : 0;
        integer_digits(value, insignificant, d);
        return;
    }
    d->dec_exp = estimate_dec_exp(v->fract, v->bin_exp);
    digit_scale k;
    k.fract_bits = fract_bits;
    k.b5 = max_int(0, -d->dec_exp);
    k.b2 = k.b5 + tiny_bits + v->bin_exp - (fract_bits - 1);
    k.s5 = max_int(0, d->dec_exp);
    k.s2 = k.s5 + tiny_bits;
    k.m5 = k.b5;
    k.m2 = k.b5 + tiny_bits + v->bin_exp - v->significant_bits;
    int common = k.b2 < k.s2 ? k.b2 : k.s2;
    k.b2 -= common;
    k.s2 -= common;
    k.m2 -= common;
    if (fract_bits == 1)
        k.m2--; /* a power of two: the gap below is taken as half */
    if (k.m2 < 0) {
        k.b2 -= k.m2;
        k.s2 -= k.m2;
        k.m2 = 0;
    }
    uint64_t fract = v->fract >> tail_zeros;
    int b_bits = fract_bits + k.b2 + bits_of_five_pow(k.b5);
    int ten_s_bits = k.s2 + 1 + bits_of_five_pow(k.s5 + 1);
    digit_state st;
    digit_state_init(&st, fract, &k,
                     b_bits < 64 && ten_s_bits < 64 ? (b_bits < 32 && ten_s_bits < 32 ? 32 : 64) : 0);
    bool low, high;
    int64_t low_diff;
    digit_loop(&st, d, &low, &high, &low_diff);
    d->dec_exp++;
    d->digits[d->n] = '\0';
    bool odd_last = (d->digits[d->n - 1] - '0') % 2 != 0;
    if (high && (!low || low_diff > 0 || (low_diff == 0 && odd_last)))
        round_up(d);
}

/* Java's layout of 0.digits x 10^dec_exp. */
static int java_layout(bool negative, const java_decimal *d, char *buf)
{
    int n = d->n, exp = d->dec_exp, len = 0;
    const char *digits = d->digits;
    if (negative)
        buf[len++] = '-';
    if (exp > 0 && exp < 8) {
        int whole = n < exp ? n : exp;
        memcpy(buf + len, digits, (size_t)whole);
        len += whole;
        for (int i = whole; i < exp; i++)
            buf[len++] = '0';
        buf[len++] = '.';
        if (whole < n) {
            memcpy(buf + len, digits + whole, (size_t)(n - whole));
            len += n - whole;
        } else {
            buf[len++] = '0';
        }
    } else if (exp <= 0 && exp > -3) {
        buf[len++] = '0';
        buf[len++] = '.';
        for (int i = 0; i < -exp; i++)
            buf[len++] = '0';
        memcpy(buf + len, digits, (size_t)n);
        len += n;
    } else {
        buf[len++] = digits[0];
        buf[len++] = '.';
        if (n > 1) {
            memcpy(buf + len, digits + 1, (size_t)(n - 1));
            len += n - 1;
        } else {
            buf[len++] = '0';
        }
        len += sprintf(buf + len, "E%d", exp - 1);
    }
    buf[len] = '\0';
    return len;
}

/* raw: the IEEE bits; exp_bits, fraction_bits: the format's field widths. */
static int java_number(uint64_t raw, int exp_bits, int fraction_bits, char *buf)
{
    bool negative = (raw >> (exp_bits + fraction_bits)) & 1;
    uint64_t fraction = raw & ((UINT64_C(1) << fraction_bits) - 1);
    int biased = (int)((raw >> fraction_bits) & ((1u << exp_bits) - 1));
    int bias = (1 << (exp_bits - 1)) - 1;
    if (biased == (1 << exp_bits) - 1)
        return sprintf(buf, fraction ? "NaN" : negative ? "-Infinity" : "Infinity");
    if (biased == 0 && fraction == 0)
        return sprintf(buf, negative ? "-0.0" : "0.0");
    java_binary v;
    if (biased == 0) {
        int length = 0;
        while (fraction >> length)
            length++;
        v.fract = fraction << (fraction_bits + 1 - length);
        v.bin_exp = 1 - (fraction_bits + 1 - length) - bias;
        v.significant_bits = length;
    } else {
        v.fract = fraction | (UINT64_C(1) << fraction_bits);
        v.bin_exp = biased - bias;
        v.significant_bits = fraction_bits + 1;
    }
    v.fract <<= 52 - fraction_bits;
    java_decimal d;
    java_dtoa(&v, &d);
    return java_layout(negative, &d, buf);
}

int mips_java_float_string(float value, char *buf)
{
    uint32_t raw;
    memcpy(&raw, &value, sizeof raw);
    return java_number(raw, 8, 23, buf);
}

int mips_java_double_string(double value, char *buf)
{
    uint64_t raw;
    memcpy(&raw, &value, sizeof raw);
    return java_number(raw, 11, 52, buf);
}
