/* Java's number texts as MARS's JVM reads them: Integer.parseInt and
 * Float/Double.parseFloat's grammar (syscalls 5-7); the printing side is
 * mips_java_tostring.c. */
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

