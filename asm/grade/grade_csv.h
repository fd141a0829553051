/* CSV fields that any spreadsheet reads as text: RFC 4180 quoting, and a
 * field a spreadsheet would take for a formula (its first byte = + - @,
 * tab or CR, OWASP's list) neutralized by a leading apostrophe. */
#ifndef GRADE_CSV_H
#define GRADE_CSV_H

#include <stdbool.h>
#include <stdio.h>

/* Writes s as one field. quote: always in double quotes; else only when
 * it needs them (a comma, a quote, CR or LF). Quotes are doubled; control
 * bytes other than tab, CR and LF, and DEL, become '?', so no terminal
 * escape reaches a TA who views the file. */
void grade_csv_field(FILE *out, const char *s, bool quote);

#endif
