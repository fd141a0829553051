/* The spec's warnings to the TA (a reference overruled by `expect wins`,
 * a dropped case) and the wrapping every long report line shares: such a
 * warning quotes whole arguments and outputs, so it is kept whole and
 * wrapped at spaces, never cut at a fixed length. */
#include "grade_spec_report.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "grade_escape.h"
#include "grow.h"

void grade_spec_put_wrapped(FILE *out, const char *text, const char *indent)
{
    enum { WIDTH = 92 };
    size_t len = strlen(text), at = 0;
    while (len - at > WIDTH) {
        size_t cut = at + WIDTH;
        while (cut > at && text[cut] != ' ')
            cut--;
        if (cut == at) /* one long word: cut it where it must be */
            cut = at + WIDTH;
        fprintf(out, "%.*s\n%s       ", (int)(cut - at), text + at, indent);
        at = text[cut] == ' ' ? cut + 1 : cut;
    }
    fprintf(out, "%s\n", text + at);
}

void grade_spec_report_warn(grade_spec_report *r, const char *fmt, ...)
{
    if (r->spec_warning_count == r->spec_warning_capacity) {
        char **grown = grow_array(r->spec_warnings, &r->spec_warning_capacity,
                                  r->spec_warning_count + 1, sizeof *grown);
        if (!grown)
            return;
        r->spec_warnings = grown;
    }
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (len < 0 || len > GRADE_SPEC_WARNING_MAX)
        len = len < 0 ? 0 : GRADE_SPEC_WARNING_MAX;
    char *raw = malloc((size_t)len + 1);
    /* An escape is at most 4 bytes a byte (\xNN). */
    char *text = malloc(4 * (size_t)len + 1);
    if (raw && text) {
        va_start(ap, fmt);
        vsnprintf(raw, (size_t)len + 1, fmt, ap);
        va_end(ap);
        grade_escape_text_buf(text, 4 * (size_t)len + 1, raw, (size_t)len, false);
        r->spec_warnings[r->spec_warning_count++] = text;
        text = NULL;
    }
    free(raw);
    free(text);
}

void grade_spec_report_print_warnings(FILE *out, const grade_spec_report *r)
{
    if (r->warnings.count == 0 && r->spec_warning_count == 0)
        return;
    fputs("\nWarnings:\n", out);
    grade_findings_print(out, r->submission, &r->warnings, "");
    for (size_t i = 0; i < r->spec_warning_count && i < GRADE_FINDINGS_SHOWN; i++)
        grade_spec_put_wrapped(out, r->spec_warnings[i], "");
    if (r->spec_warning_count > GRADE_FINDINGS_SHOWN)
        fprintf(out, "... and %zu more spec warnings like these\n",
                r->spec_warning_count - GRADE_FINDINGS_SHOWN);
}

void grade_spec_report_free_warnings(grade_spec_report *r)
{
    for (size_t i = 0; i < r->spec_warning_count; i++)
        free(r->spec_warnings[i]);
    free(r->spec_warnings);
    r->spec_warnings = NULL;
    r->spec_warning_count = r->spec_warning_capacity = 0;
}
