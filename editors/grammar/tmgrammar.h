/* tmgrammar.h: what the TextMate grammar generator's dialects share: word
 * lists taken from the instruction tables, turned into regular expressions,
 * and a small JSON writer for the grammar file. */
#ifndef TMGRAMMAR_H
#define TMGRAMMAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* A set of words (mnemonics, directives, register names), unique without
 * regard to case, as the assemblers compare them. */
typedef struct tm_words {
    char **items;
    size_t count, cap;
} tm_words;

/* Adds the first LEN characters of TEXT unless the set holds them already. */
void tm_words_add(tm_words *w, const char *text, size_t len);
bool tm_words_has(const tm_words *w, const char *text);
void tm_words_free(tm_words *w);

/* "(?:word|word...)" with regex metacharacters escaped, longest words first
 * so that no word hides a longer one that starts like it. The result is
 * malloc'd. */
char *tm_alternation(const tm_words *w);

/* The JSON writer: indented output, strings escaped. Each value after the
 * first in an object or array is preceded by a comma automatically. */
typedef struct tm_json {
    FILE *out;
    int depth;
    bool first; /* no value written yet at this depth */
} tm_json;

void tm_open(tm_json *j, const char *key, char bracket);  /* key NULL in arrays */
/* Opens a grammar's object with the fields every grammar starts with. */
void tm_begin(tm_json *j, const char *name, const char *scope);
void tm_close(tm_json *j, char bracket);
void tm_string(tm_json *j, const char *key, const char *value);

/* Common rule shapes: {"name": NAME, "match": REGEX}; an include. */
void tm_match_rule(tm_json *j, const char *name, const char *regex);
void tm_include(tm_json *j, const char *reference);

/* Writes the grammar of one dialect; false when writing failed. */
bool tm_write_mips(FILE *out);
bool tm_write_lc3(FILE *out);

#endif
