/* A spec's logical lines (docs/grader-spec.md, "Long lines"): a line that
 * ends in `\` (outside quotes, before any comment), or that leaves a `[`
 * open, goes on with the next one, so a long literal spans several lines.
 * Each piece remembers its line, so an error still names its own line and
 * column (spec_error maps them back). */
#include "grade_spec_impl.h"

#include <stdlib.h>
#include <string.h>

#include "grow.h"

/* Where a physical line's text ends (its comment cut off) and how many
 * brackets it leaves open; *backslash when its last word is a lone `\`. */
static size_t scan(const char *text, size_t len, int *depth, bool *backslash)
{
    char quote = 0;
    size_t end = len;
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if (quote) {
            if (c == '\\')
                i++;
            else if (c == quote)
                quote = 0;
        } else if (c == '"' || c == '\'') {
            quote = c;
        } else if (c == '#') {
            end = i;
            break;
        } else if (c == '[') {
            (*depth)++;
        } else if (c == ']') {
            (*depth)--;
        }
    }
    while (end > 0 && (text[end - 1] == ' ' || text[end - 1] == '\t' || text[end - 1] == '\r'))
        end--;
    *backslash = !quote && end > 0 && text[end - 1] == '\\';
    return *backslash ? end - 1 : end;
}

/* Within the room spec_join_lines reserves: its checks keep joined_len
 * within SPEC_LOGICAL_BYTES. */
static void append(spec_parser *p, const char *text, size_t len)
{
    memcpy(p->joined + p->joined_len, text, len);
    p->joined_len += len;
    p->joined[p->joined_len] = '\0';
}

bool spec_join_lines(spec_parser *p, int *line)
{
    const source_file *file = p->file;
    char *joined = grow_array(p->joined, &p->joined_cap, SPEC_LOGICAL_BYTES + 2, 1);
    if (!joined) {
        src_loc at = {.file = file, .line = *line, .col = 1, .len = 1};
        diag_error(p->sink, at, "out of memory");
        p->failed = true;
        return false;
    }
    p->joined = joined;
    p->joined_len = 0;
    p->piece_count = 0;
    append(p, "", 0);
    int depth = 0;
    bool more = true, ok = true;
    while (more && *line <= file->line_count) {
        size_t len;
        const char *text = source_line(file, *line, &len);
        if (!text)
            break;
        src_loc at = {.file = file, .line = *line, .col = 1, .len = 1};
        bool backslash = false;
        size_t end = scan(text, len, &depth, &backslash);
        if (len > SPEC_LINE_BYTES) {
            diag_error(p->sink, at, "the line is longer than %d bytes", SPEC_LINE_BYTES);
            ok = false;
        } else if (p->piece_count == SPEC_PIECES_MAX ||
                   p->joined_len + end + 1 > SPEC_LOGICAL_BYTES) {
            diag_error(p->sink, at, "the statement goes on over more than %d lines or %d "
                       "bytes", SPEC_PIECES_MAX, SPEC_LOGICAL_BYTES);
            ok = false;
        } else {
            if (p->piece_count > 0)
                append(p, " ", 1); /* the line break between two words */
            p->pieces[p->piece_count++] = (spec_piece){(int)p->joined_len, *line};
            append(p, text, end);
        }
        (*line)++;
        more = backslash || depth > 0;
    }
    if (!ok)
        p->failed = true;
    return ok;
}

void spec_piece_of(const spec_parser *p, int col, int *line, int *piece_col)
{
    *line = p->line, *piece_col = col;
    for (int i = 0; i < p->piece_count; i++)
        if (p->pieces[i].at < col || i == 0)
            *line = p->pieces[i].line, *piece_col = col - p->pieces[i].at;
}
