/* Lines, words and positions (lsp_impl.h). LSP counts characters in
 * UTF-16 code units; the assemblers count bytes: each position crosses
 * over here. */
#include "lsp_impl.h"

#include <string.h>

const char *lsp_line(const char *text, size_t len, int line, size_t *line_len)
{
    size_t at = 0;
    for (int l = 0; l < line; l++) {
        while (at < len && text[at] != '\n' && text[at] != '\r')
            at++;
        if (at == len)
            return NULL;
        at += text[at] == '\r' && at + 1 < len && text[at + 1] == '\n' ? 2 : 1;
    }
    if (line < 0 || at > len)
        return NULL;
    size_t end = at;
    while (end < len && text[end] != '\n' && text[end] != '\r')
        end++;
    *line_len = end - at;
    return text + at;
}

const char *lsp_next_line(const char *text, size_t len, size_t *at, size_t *line_len)
{
    if (*at > len)
        return NULL;
    size_t from = *at, end = from;
    while (end < len && text[end] != '\n' && text[end] != '\r')
        end++;
    *line_len = end - from;
    bool crlf = end + 1 < len && text[end] == '\r' && text[end + 1] == '\n';
    *at = end == len ? len + 1 : end + (crlf ? 2 : 1);
    return text + from;
}

/* The bytes of the UTF-8 sequence starting with c, and its UTF-16 units. */
static size_t sequence(unsigned char c, int *units)
{
    *units = 1;
    if (c >= 0xF0) {
        *units = 2;
        return 4;
    }
    return c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
}

size_t lsp_byte_of_utf16(const char *line, size_t len, int64_t character)
{
    size_t at = 0;
    int64_t units = 0;
    while (at < len && units < character) {
        int u;
        size_t n = sequence((unsigned char)line[at], &u);
        at = at + n < len ? at + n : len;
        units += u;
    }
    return at;
}

int64_t lsp_utf16_of_byte(const char *line, size_t len, size_t byte)
{
    size_t at = 0;
    int64_t units = 0;
    while (at < len && at < byte) {
        int u;
        at += sequence((unsigned char)line[at], &u);
        units += u;
    }
    if (byte > len)
        units += (int64_t)(byte - len);
    return units;
}

size_t lsp_comment_start(const lsp_isa *isa, const char *line, size_t len)
{
    char quote = 0;
    for (size_t i = 0; i < len; i++) {
        char c = line[i];
        if (quote) {
            if (c == '\\')
                i++;
            else if (c == quote)
                quote = 0;
        } else if (c == '"' || c == '\'') {
            quote = c;
        } else if (c == isa->comment) {
            return i;
        }
    }
    return len;
}

bool lsp_word_at(const lsp_isa *isa, const char *line, size_t len, size_t at, size_t *start,
                 size_t *word_len)
{
    size_t code = lsp_comment_start(isa, line, len);
    if (at > code)
        return false;
    size_t from = at, to = at;
    while (from > 0 && isa->word_char(line[from - 1]))
        from--;
    while (to < code && isa->word_char(line[to]))
        to++;
    if (from == to)
        return false;
    *start = from;
    *word_len = to - from;
    return true;
}

static size_t skip_space(const char *line, size_t at, size_t end)
{
    while (at < end && (line[at] == ' ' || line[at] == '\t'))
        at++;
    return at;
}

size_t lsp_blanks_before(const char *text, size_t end)
{
    while (end > 0 && (text[end - 1] == ' ' || text[end - 1] == '\t'))
        end--;
    return end;
}

bool lsp_at_operator(const lsp_isa *isa, const char *line, size_t start)
{
    size_t at = skip_space(line, 0, start);
    if (at == start)
        return true;
    size_t word = at;
    while (at < start && isa->word_char(line[at]))
        at++;
    if (isa->label_colon) {
        if (at == word || at >= start || line[at] != ':')
            return false;
        at++;
    } else if (at == word || isa->is_operator(line + word, at - word)) {
        return false;
    } else if (at < start && line[at] == ':') {
        at++; /* LC-3 labels may have a colon too */
    }
    return skip_space(line, at, start) == start;
}

bool lsp_same_name(const lsp_isa *isa, const char *a, size_t a_len, const char *b)
{
    if (strlen(b) != a_len)
        return false;
    for (size_t i = 0; i < a_len; i++) {
        char x = a[i], y = b[i];
        if (isa->fold_case) {
            x = (char)(x >= 'a' && x <= 'z' ? x - 32 : x);
            y = (char)(y >= 'a' && y <= 'z' ? y - 32 : y);
        }
        if (x != y)
            return false;
    }
    return true;
}
