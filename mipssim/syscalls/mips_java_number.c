/* Java's number text formats as MARS's JVM uses them: Integer.parseInt,
 * Float/Double.parseFloat's grammar, Float/Double.toString (syscalls 2, 3,
 * 5-7). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mips_syscall_impl.h"

/* Integer.parseInt(text, 10): an optional sign, then ASCII digits, in range. */
bool mips_java_parse_int(const char *text, int32_t *out)
{
    const char *p = text;
    bool negative = *p == '-';
    if (*p == '-' || *p == '+')
        p++;
    if (*p == '\0')
        return false;
    int64_t value = 0;
    for (; *p; p++) {
        if (*p < '0' || *p > '9')
            return false;
        value = value * 10 + (*p - '0');
        if (value > (int64_t)INT32_MAX + 1)
            return false;
    }
    if (negative)
        value = -value;
    if (value > INT32_MAX || value < INT32_MIN)
        return false;
    *out = (int32_t)value;
    return true;
}

static size_t skip_digits(const char *p, bool hex)
{
    size_t n = 0;
    while ((p[n] >= '0' && p[n] <= '9') ||
           (hex && ((p[n] >= 'a' && p[n] <= 'f') || (p[n] >= 'A' && p[n] <= 'F'))))
        n++;
    return n;
}

/* Float.parseFloat / Double.parseDouble's grammar (after trim): a sign,
 * then NaN, Infinity, a decimal with optional exponent, or a hexadecimal
 * with a mandatory p exponent; an f/F/d/D suffix may follow a number.
 * Copies the text without the suffix to c_text for strtod. */
bool mips_java_float_syntax(const char *text, char *c_text)
{
    const char *p = text;
    if (*p == '+' || *p == '-')
        p++;
    if (strcmp(p, "NaN") == 0 || strcmp(p, "Infinity") == 0) {
        strcpy(c_text, text);
        return true;
    }
    bool hex = p[0] == '0' && (p[1] == 'x' || p[1] == 'X');
    if (hex)
        p += 2;
    size_t whole = skip_digits(p, hex);
    p += whole;
    size_t fraction = 0;
    if (*p == '.') {
        p++;
        fraction = skip_digits(p, hex);
        p += fraction;
    }
    if (whole + fraction == 0)
        return false;
    if (*p == (hex ? 'p' : 'e') || *p == (hex ? 'P' : 'E')) {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        size_t exp = skip_digits(p, false);
        if (exp == 0)
            return false;
        p += exp;
    } else if (hex) {
        return false;
    }
    size_t len = (size_t)(p - text);
    if (*p == 'f' || *p == 'F' || *p == 'd' || *p == 'D')
        p++;
    if (*p != '\0')
        return false;
    memcpy(c_text, text, len);
    c_text[len] = '\0';
    return true;
}

/* ------------------------------------------------------------------------
 * Java's Float.toString and Double.toString (the JDK 8 algorithm that
 * MARS's measured output shows, e.g. 1.23456792E8). */

/* Digits d (no trailing zeros) with value 0.d x 10^exp, laid out as Java does. */
static int java_layout(bool negative, const char *d, int exp, char *buf)
{
    int n = (int)strlen(d), len = 0;
    if (negative)
        buf[len++] = '-';
    if (exp > 0 && exp < 8) {
        int whole = n < exp ? n : exp;
        memcpy(buf + len, d, (size_t)whole);
        len += whole;
        for (int i = whole; i < exp; i++)
            buf[len++] = '0';
        buf[len++] = '.';
        if (whole < n) {
            memcpy(buf + len, d + whole, (size_t)(n - whole));
            len += n - whole;
        } else {
            buf[len++] = '0';
        }
    } else if (exp <= 0 && exp > -3) {
        buf[len++] = '0';
        buf[len++] = '.';
        for (int i = 0; i < -exp; i++)
            buf[len++] = '0';
        memcpy(buf + len, d, (size_t)n);
        len += n;
    } else {
        buf[len++] = d[0];
        buf[len++] = '.';
        if (n > 1) {
            memcpy(buf + len, d + 1, (size_t)(n - 1));
            len += n - 1;
        } else {
            buf[len++] = '0';
        }
        len += sprintf(buf + len, "E%d", exp - 1);
    }
    buf[len] = '\0';
    return len;
}

static void strip_zeros(char *d)
{
    size_t n = strlen(d);
    while (n > 1 && d[n - 1] == '0')
        d[--n] = '\0';
}

/* JDK 8 prints an integer below 2^63 from its exact digits, dropping only
 * the decimal digits that the binary exponent beyond the significand's
 * precision makes insignificant (floor(p2 * log10 2), rounded half up). */
static bool java_integer_digits(double magnitude, int bin_exp, int significand_bits,
                                char *d, int *exp)
{
    if (magnitude != floor(magnitude) || bin_exp < 0 || bin_exp > 62)
        return false;
    uint64_t value = (uint64_t)magnitude;
    int insignificant = 0;
    int p2 = bin_exp - significand_bits - 1;
    if (bin_exp > significand_bits && p2 > 1)
        insignificant = p2 * 30103 / 100000;
    if (insignificant > 0) {
        uint64_t pow10 = 1;
        for (int i = 0; i < insignificant; i++)
            pow10 *= 10;
        uint64_t residue = value % pow10;
        value /= pow10;
        if (residue >= pow10 / 2)
            value++;
    }
    int n = sprintf(d, "%llu", (unsigned long long)value);
    *exp = n + insignificant;
    strip_zeros(d);
    return true;
}

/* Unsigned big integers, just enough for the digit loop below: the
 * extreme doubles need about 1100 bits. */
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

static void big_shift(big *x, int bits)
{
    for (; bits >= 16; bits -= 16)
        big_mul_small(x, 1u << 16);
    if (bits > 0)
        big_mul_small(x, 1u << bits);
}

static void big_pow5(big *x, int n)
{
    for (; n >= 13; n -= 13)
        big_mul_small(x, 1220703125u); /* 5^13 */
    for (; n > 0; n--)
        big_mul_small(x, 5);
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

/* One step of the loop: q = b / s (a digit), b = 10 (b mod s), m = 10 m;
 * then whether stopping here (low: truncate) or after rounding the digit
 * up (high) stays within m of the exact value. */
static int digit_step(big *b, const big *s, big *m, const big *ten_s, bool *low, bool *high)
{
    int q = 0;
    while (big_cmp(b, s) >= 0) {
        big_sub(b, s);
        q++;
    }
    big_mul_small(b, 10);
    big_mul_small(m, 10);
    *low = big_cmp(b, m) < 0;
    big sum = *b;
    big_add(&sum, m);
    *high = big_cmp(&sum, ten_s) > 0;
    return q;
}

/* Other values: JDK 8's digit generation (Steele and White's free-format
 * method): digits of the exact value until truncating or rounding up
 * stays within half an ulp (a quarter at a power of two, below which the
 * gap halves); at least two digits when the result takes the E form; the
 * last digit rounded half-even on a tie. */
static void free_format_digits(double magnitude, int bin_exp, int precision, int min_exp,
                               char *d, int *exp)
{
    int e2;
    uint64_t f = (uint64_t)ldexp(frexp(magnitude, &e2), 64 - 11); /* 53 bits */
    e2 -= 64 - 11;
    int zeros = 0;
    while (!(f & 1)) {
        f >>= 1;
        e2++;
        zeros++;
    }
    int fract_bits = 53 - zeros;
    int h2 = (bin_exp > min_exp ? bin_exp : min_exp) - (precision - 1) - 1; /* half ulp */
    if (fract_bits == 1)
        h2--;
    int z = e2 < h2 ? e2 : h2;
    big b, s, m, ten_s;
    big_set(&b, f);
    big_set(&m, 1);
    big_set(&s, 1);
    if (z >= 0) {
        big_shift(&b, e2);
        big_shift(&m, h2);
    } else {
        big_shift(&b, e2 - z);
        big_shift(&m, h2 - z);
        big_shift(&s, -z);
    }
    int dec = (int)floor(log10(magnitude));
    if (dec >= 0) {
        big_pow5(&s, dec);
        big_shift(&s, dec);
    } else {
        big_pow5(&b, -dec);
        big_shift(&b, -dec);
        big_pow5(&m, -dec);
        big_shift(&m, -dec);
    }
    /* log10 may be one off near a power of ten: make 1 <= b/s < 10. */
    ten_s = s;
    big_mul_small(&ten_s, 10);
    if (big_cmp(&b, &ten_s) >= 0) {
        dec++;
        s = ten_s;
        big_mul_small(&ten_s, 10);
    } else if (big_cmp(&b, &s) < 0) {
        dec--;
        big_mul_small(&b, 10);
        big_mul_small(&m, 10);
    }
    bool low, high;
    int n = 0;
    d[n++] = (char)('0' + digit_step(&b, &s, &m, &ten_s, &low, &high));
    if (dec < -3 || dec >= 8)
        low = high = false; /* Java's E form always has a digit after the point */
    while (!low && !high && n < 30)
        d[n++] = (char)('0' + digit_step(&b, &s, &m, &ten_s, &low, &high));
    d[n] = '\0';
    big twice = b;
    big_mul_small(&twice, 2);
    int diff = big_cmp(&twice, &ten_s);
    bool up = high && (!low || diff > 0 || (diff == 0 && (d[n - 1] - '0') % 2 == 1));
    if (up) {
        int i = n - 1;
        while (i >= 0 && d[i] == '9')
            d[i--] = '0';
        if (i < 0) {
            d[0] = '1';
            dec++;
        } else {
            d[i]++;
        }
    }
    *exp = dec + 1;
    strip_zeros(d);
}

static int java_number(double value, bool is_float, char *buf)
{
    if (isnan(value))
        return sprintf(buf, "NaN");
    bool negative = signbit(value);
    if (isinf(value))
        return sprintf(buf, negative ? "-Infinity" : "Infinity");
    if (value == 0)
        return sprintf(buf, negative ? "-0.0" : "0.0");
    double magnitude = fabs(value);
    int bin_exp;
    frexp(magnitude, &bin_exp);
    bin_exp--; /* frexp gives [0.5, 1) */
    char d[40];
    int exp;
    int precision = is_float ? 24 : 53;
    if (!java_integer_digits(magnitude, bin_exp, precision, d, &exp))
        free_format_digits(magnitude, bin_exp, precision, is_float ? -126 : -1022, d, &exp);
    return java_layout(negative, d, exp, buf);
}

int mips_java_float_string(float value, char *buf)
{
    return java_number(value, true, buf);
}

int mips_java_double_string(double value, char *buf)
{
    return java_number(value, false, buf);
}

