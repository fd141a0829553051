/* JSON of the project's own (RFC 8259): a reader into a tree, with limits
 * on depth and size, and a writer into a growing buffer. Strings are UTF-8
 * with their length (they may hold NUL bytes); the reader rejects invalid
 * UTF-8 and lone surrogates; numbers keep their int64 value when they are
 * integral and fit, and always a double. */
#ifndef ASM_JSON_H
#define ASM_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum json_type {
    JSON_NULL,
    JSON_BOOL,
    JSON_NUMBER,
    JSON_STRING,
    JSON_ARRAY,
    JSON_OBJECT,
} json_type;

typedef struct json_member json_member;

typedef struct json_value {
    json_type type;
    bool boolean;
    bool is_int;          /* a number written without fraction or exponent that fits int64 */
    int64_t integer;
    double number;
    char *string;         /* NUL-terminated too; length may count NULs inside */
    size_t length;
    struct json_value *items; /* array */
    json_member *members;     /* object, in the order written */
    size_t count;
} json_value;

struct json_member {
    char *key;
    size_t key_length;
    json_value value;
};

/* The reader's bounds: a text longer than max_bytes or nested deeper than
 * max_depth is refused. */
typedef struct json_limits {
    size_t max_bytes;
    unsigned max_depth;
} json_limits;

enum { JSON_DEFAULT_DEPTH = 64, JSON_DEFAULT_BYTES = 16 << 20, JSON_ERROR_SIZE = 96 };

/* Parses the whole of text (len bytes: one value, white space around it).
 * NULL on any mistake, with the reason and byte offset in err
 * (JSON_ERROR_SIZE bytes; may be NULL). limits NULL: the defaults. */
json_value *json_parse(const char *text, size_t len, const json_limits *limits, char *err);
void json_free(json_value *v);

/* Lookups: NULL, false or the fallback when v is not an object, the key is
 * missing or the member has another type. */
const json_value *json_get(const json_value *v, const char *key);
const char *json_get_string(const json_value *v, const char *key);
bool json_get_int(const json_value *v, const char *key, int64_t *out);
bool json_get_bool(const json_value *v, const char *key, bool fallback);
const json_value *json_get_array(const json_value *v, const char *key);
const json_value *json_get_object(const json_value *v, const char *key);

/* The writer: calls in document order; commas and escapes are its job.
 * Out of memory or nesting past JSON_WRITER_DEPTH sets failed and later
 * calls do nothing. */
enum { JSON_WRITER_DEPTH = 64 };

typedef struct json_writer {
    char *buf;
    size_t len, size;
    bool failed;
    unsigned depth;
    bool after_key;
    bool has_items[JSON_WRITER_DEPTH];
} json_writer;

void json_writer_init(json_writer *w);
void json_writer_free(json_writer *w);
/* Takes the text (NUL-terminated, malloc'd; NULL when failed) and resets w. */
char *json_writer_take(json_writer *w, size_t *len);

void json_begin_object(json_writer *w);
void json_end_object(json_writer *w);
void json_begin_array(json_writer *w);
void json_end_array(json_writer *w);
void json_key(json_writer *w, const char *key);
/* Bytes that are not valid UTF-8 are written as \u00XX (read as Latin-1). */
void json_string_n(json_writer *w, const char *text, size_t len);
void json_string(json_writer *w, const char *text);
void json_int(json_writer *w, int64_t value);
void json_double(json_writer *w, double value);
void json_bool(json_writer *w, bool value);
void json_null(json_writer *w);
/* A parsed value, written again. */
void json_value_write(json_writer *w, const json_value *v);

/* key: value in one call. */
void json_key_string(json_writer *w, const char *key, const char *text);
void json_key_int(json_writer *w, const char *key, int64_t value);
void json_key_bool(json_writer *w, const char *key, bool value);

#endif
