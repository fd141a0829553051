/* CSV fields (grade_csv.h). The apostrophe goes inside the quotes: the
 * field's text then starts with it, which is what a spreadsheet looks at. */
#include "grade_csv.h"

#include <string.h>

static bool formula_start(char c)
{
    return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r';
}

static bool control(unsigned char c)
{
    return (c < 0x20 && c != '\t' && c != '\r' && c != '\n') || c == 0x7f;
}

void grade_csv_field(FILE *out, const char *s, bool quote)
{
    quote = quote || strpbrk(s, ",\"\r\n") != NULL;
    if (quote)
        fputc('"', out);
    if (formula_start(s[0]))
        fputc('\'', out);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(control((unsigned char)*s) ? '?' : *s, out);
    }
    if (quote)
        fputc('"', out);
}
