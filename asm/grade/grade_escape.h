/* The one escaping layer per output format. Every byte a report shows
 * that came from a submission, an upload's name or a program's output
 * passes through here: a text report gets no control byte but its line
 * ends and tabs (no ESC, no CR that could redraw a line in a TA's
 * terminal), results.json gets valid UTF-8 with every control character
 * escaped. Bytes that are not UTF-8 show as \xNN in both, so a reader sees
 * what was there; a report page gets that text with HTML's entities.
 * (CSV fields have their own writer, grade_csv.) */
#ifndef GRADE_ESCAPE_H
#define GRADE_ESCAPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Text: printable UTF-8 as it is; CR, and tab and line feed unless
 * keep_newlines (a block of lines: tabs align the assembler's carets), as
 * \r \t \n; other control bytes and bytes that are not UTF-8 as
 * \xNN; C1 controls, line separators and bidirectional overrides (which
 * reorder what a terminal shows) as \uXXXX. Backslashes stay, so text
 * escaped once passes again unchanged. */
void grade_escape_text(FILE *out, const char *s, size_t len, bool keep_newlines);

/* HTML text or a quoted attribute's value: the text escaping above
 * (newlines too), then & < > " ' as entities; U+FFFE and U+FFFF, which XML
 * refuses, as \uXXXX. The report page is well-formed XML as well as HTML. */
void grade_escape_html(FILE *out, const char *s, size_t len);

/* The same into dst (size > 0, NUL-ended), cut before the escape that
 * would not fit whole; returns the bytes written. */
size_t grade_escape_text_buf(char *dst, size_t size, const char *s, size_t len,
                             bool keep_newlines);

/* A JSON string with its quotes: valid UTF-8 kept, quotes, backslashes and
 * every control character escaped (\n \t \r, \u00XX, and \uXXXX for the
 * code points text escapes), a byte that is not UTF-8 as the six visible
 * characters \\xNN. Always valid JSON and valid UTF-8. */
void grade_escape_json(FILE *out, const char *s, size_t len);

/* Whether s is what grade_escape_text writes: valid UTF-8 with no control
 * character but line feeds and tabs (when newlines_allowed) and none of
 * the code points it escapes. The fuzz target and the tests check outputs with it. */
bool grade_escape_text_is_clean(const char *s, size_t len, bool newlines_allowed);

#endif
