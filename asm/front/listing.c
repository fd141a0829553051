/* Listing rows: address, word in hex and binary, line number, source text. */
#include "listing.h"

#include <string.h>

static void put_binary(FILE *out, uint32_t word, int bits)
{
    for (int b = bits - 1; b >= 0; b--)
        fputc((word >> b) & 1u ? '1' : '0', out);
}

static void put_source(listing *l, const source_file *file, int src_line)
{
    size_t len;
    const char *text = source_line(file, src_line, &len);
    if (!text) {
        fputc('\n', l->out);
        return;
    }
    fprintf(l->out, "%5d  %.*s\n", src_line, (int)len, text);
}

void listing_word(listing *l, uint32_t addr, uint32_t word, const source_file *file,
                  int src_line)
{
    int word_digits = l->word_bits / 4;
    fprintf(l->out, "%s%0*X  %s%0*X  ", l->hex_prefix, l->addr_digits, (unsigned)addr,
            l->hex_prefix, word_digits, (unsigned)word);
    put_binary(l->out, word, l->word_bits);
    if (src_line > 0) {
        fputs("  ", l->out);
        put_source(l, file, src_line);
    } else {
        fputc('\n', l->out);
    }
}

void listing_text(listing *l, const source_file *file, int src_line)
{
    /* Blank columns as wide as an address, a word and its binary digits. */
    int width = (int)(2 * strlen(l->hex_prefix)) + l->addr_digits + l->word_bits / 4 +
                l->word_bits + 6;
    fprintf(l->out, "%*s", width, "");
    put_source(l, file, src_line);
}
