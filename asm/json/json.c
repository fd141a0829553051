/* The JSON reader (json.h): recursive descent into a tree of malloc'd
 * values, bounded in depth (the recursion) and in input size. */
#include "json.h"
#include "json_impl.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"

typedef struct reader {
    const char *p, *end, *start;
    unsigned depth, max_depth;
    char *err;
    bool failed;
} reader;

static void fail(reader *r, const char *what)
{
    if (!r->failed && r->err)
        snprintf(r->err, JSON_ERROR_SIZE, "%s at byte %zu", what, (size_t)(r->p - r->start));
    r->failed = true;
}

static void skip_space(reader *r)
{
    while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
        r->p++;
}

/* A growing byte buffer for a string being decoded. */
typedef struct bytes {
    char *data;
    size_t len, size;
} bytes;

static bool bytes_put(bytes *b, const char *src, size_t n)
{
    if (b->len + n + 1 > b->size) {
        char *data = grow_array(b->data, &b->size, b->len + n + 1, 1);
        if (!data)
            return false;
        b->data = data;
    }
    memcpy(b->data + b->len, src, n);
    b->len += n;
    b->data[b->len] = '\0';
    return true;
}

static bool hex4(reader *r, uint32_t *out)
{
    if (r->end - r->p < 4) {
        fail(r, "a \\u escape needs four hex digits");
        return false;
    }
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) {
        char c = *r->p++;
        int d = c >= '0' && c <= '9' ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0) {
            fail(r, "a \\u escape needs four hex digits");
            return false;
        }
        v = v << 4 | (uint32_t)d;
    }
    *out = v;
    return true;
}

/* After a backslash: one escape, decoded into b. */
static bool escape(reader *r, bytes *b)
{
    if (r->p == r->end) {
        fail(r, "unterminated string");
        return false;
    }
    char c = *r->p++, one;
    switch (c) {
    case '"': one = '"'; break;
    case '\\': one = '\\'; break;
    case '/': one = '/'; break;
    case 'b': one = '\b'; break;
    case 'f': one = '\f'; break;
    case 'n': one = '\n'; break;
    case 'r': one = '\r'; break;
    case 't': one = '\t'; break;
    case 'u': {
        uint32_t cp, low;
        if (!hex4(r, &cp))
            return false;
        if (cp >= 0xdc00 && cp <= 0xdfff) {
            fail(r, "a low surrogate without a high one");
            return false;
        }
        if (cp >= 0xd800 && cp <= 0xdbff) {
            if (r->end - r->p < 2 || r->p[0] != '\\' || r->p[1] != 'u') {
                fail(r, "a high surrogate without a low one");
                return false;
            }
            r->p += 2;
            if (!hex4(r, &low))
                return false;
            if (low < 0xdc00 || low > 0xdfff) {
                fail(r, "a high surrogate without a low one");
                return false;
            }
            cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
        }
        char out[4];
        return bytes_put(b, out, json_utf8_encode(cp, out)) || (fail(r, "out of memory"), false);
    }
    default:
        r->p--;
        fail(r, "an unknown escape");
        return false;
    }
    return bytes_put(b, &one, 1) || (fail(r, "out of memory"), false);
}

/* At the opening quote: the decoded string. */
static bool string(reader *r, char **out, size_t *len)
{
    bytes b = {0};
    r->p++;
    if (!bytes_put(&b, "", 0)) {
        fail(r, "out of memory");
        return false;
    }
    for (;;) {
        if (r->p == r->end) {
            fail(r, "unterminated string");
            break;
        }
        unsigned char c = (unsigned char)*r->p;
        if (c == '"') {
            r->p++;
            *out = b.data;
            *len = b.len;
            return true;
        }
        if (c == '\\') {
            r->p++;
            if (!escape(r, &b))
                break;
            continue;
        }
        if (c < 0x20) {
            fail(r, "a control character in a string");
            break;
        }
        size_t n = json_utf8_length((const unsigned char *)r->p, (size_t)(r->end - r->p));
        if (n == 0) {
            fail(r, "invalid UTF-8");
            break;
        }
        if (!bytes_put(&b, r->p, n)) {
            fail(r, "out of memory");
            break;
        }
        r->p += n;
    }
    free(b.data);
    return false;
}

static bool is_digit(reader *r)
{
    return r->p < r->end && *r->p >= '0' && *r->p <= '9';
}

static bool number(reader *r, json_value *v)
{
    const char *begin = r->p;
    bool integral = true;
    if (r->p < r->end && *r->p == '-')
        r->p++;
    if (!is_digit(r)) {
        fail(r, "a number needs a digit");
        return false;
    }
    if (*r->p == '0')
        r->p++;
    else
        while (is_digit(r))
            r->p++;
    if (r->p < r->end && *r->p == '.') {
        integral = false;
        r->p++;
        if (!is_digit(r)) {
            fail(r, "a digit must follow the decimal point");
            return false;
        }
        while (is_digit(r))
            r->p++;
    }
    if (r->p < r->end && (*r->p == 'e' || *r->p == 'E')) {
        integral = false;
        r->p++;
        if (r->p < r->end && (*r->p == '+' || *r->p == '-'))
            r->p++;
        if (!is_digit(r)) {
            fail(r, "an exponent needs a digit");
            return false;
        }
        while (is_digit(r))
            r->p++;
    }
    char text[64];
    size_t n = (size_t)(r->p - begin);
    if (n >= sizeof text) {
        /* Too long to be exact anyway: read its double from a copy. */
        char *copy = malloc(n + 1);
        if (!copy) {
            fail(r, "out of memory");
            return false;
        }
        memcpy(copy, begin, n);
        copy[n] = '\0';
        v->number = strtod(copy, NULL);
        free(copy);
        integral = false;
    } else {
        memcpy(text, begin, n);
        text[n] = '\0';
        v->number = strtod(text, NULL);
        if (integral) {
            errno = 0;
            long long i = strtoll(text, NULL, 10);
            if (errno == 0) {
                v->is_int = true;
                v->integer = i;
            }
        }
    }
    v->type = JSON_NUMBER;
    return true;
}

static bool literal(reader *r, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(r->end - r->p) < n || memcmp(r->p, word, n) != 0) {
        fail(r, "an unexpected character");
        return false;
    }
    r->p += n;
    return true;
}

static void value_free(json_value *v);
static bool value(reader *r, json_value *v);

/* items (count of them, room for *size, elem bytes each) with room for
 * one more; NULL when out of memory (items is then still the caller's). */
static void *grow(reader *r, void *items, size_t *size, size_t count, size_t elem)
{
    if (count < *size)
        return items;
    void *grown = grow_array(items, size, count + 1, elem);
    if (!grown)
        fail(r, "out of memory");
    return grown;
}

/* After an item of an array or object: 1 at a comma (another item comes),
 * 0 at close (the end), -1 at anything else. */
static int after_item(reader *r, char close)
{
    skip_space(r);
    if (r->p < r->end && (*r->p == ',' || *r->p == close))
        return *r->p++ == ',';
    fail(r, close == ']' ? "expected ',' or ']'" : "expected ',' or '}'");
    return -1;
}

/* At an array's or object's opening: true (and past it) when close follows. */
static bool empty(reader *r, char close)
{
    r->p++;
    skip_space(r);
    if (r->p < r->end && *r->p == close) {
        r->p++;
        return true;
    }
    return false;
}

static bool array(reader *r, json_value *v)
{
    size_t size = 0;
    v->type = JSON_ARRAY;
    if (empty(r, ']'))
        return true;
    for (;;) {
        json_value *items = grow(r, v->items, &size, v->count, sizeof *v->items);
        if (!items)
            return false;
        v->items = items;
        json_value *item = &v->items[v->count];
        *item = (json_value){0};
        if (!value(r, item)) {
            value_free(item);
            return false;
        }
        v->count++;
        int more = after_item(r, ']');
        if (more <= 0)
            return more == 0;
    }
}

static bool object(reader *r, json_value *v)
{
    size_t size = 0;
    v->type = JSON_OBJECT;
    if (empty(r, '}'))
        return true;
    for (;;) {
        skip_space(r);
        if (r->p == r->end || *r->p != '"') {
            fail(r, "expected a key in quotes");
            return false;
        }
        json_member *members = grow(r, v->members, &size, v->count, sizeof *v->members);
        if (!members)
            return false;
        v->members = members;
        json_member *m = &v->members[v->count];
        *m = (json_member){0};
        if (!string(r, &m->key, &m->key_length))
            return false;
        skip_space(r);
        if (r->p == r->end || *r->p != ':') {
            free(m->key);
            fail(r, "expected ':'");
            return false;
        }
        r->p++;
        if (!value(r, &m->value)) {
            free(m->key);
            value_free(&m->value);
            return false;
        }
        v->count++;
        int more = after_item(r, '}');
        if (more <= 0)
            return more == 0;
    }
}

static bool value(reader *r, json_value *v)
{
    skip_space(r);
    if (r->p == r->end) {
        fail(r, "unexpected end of text");
        return false;
    }
    switch (*r->p) {
    case '{':
    case '[': {
        if (r->depth == r->max_depth) {
            fail(r, "nested too deep");
            return false;
        }
        r->depth++;
        bool ok = *r->p == '{' ? object(r, v) : array(r, v);
        r->depth--;
        return ok;
    }
    case '"':
        v->type = JSON_STRING;
        return string(r, &v->string, &v->length);
    case 't':
        v->type = JSON_BOOL;
        v->boolean = true;
        return literal(r, "true");
    case 'f':
        v->type = JSON_BOOL;
        return literal(r, "false");
    case 'n':
        v->type = JSON_NULL;
        return literal(r, "null");
    default:
        return number(r, v);
    }
}

static void value_free(json_value *v)
{
    if (v->type == JSON_ARRAY) {
        for (size_t i = 0; i < v->count; i++)
            value_free(&v->items[i]);
        free(v->items);
    } else if (v->type == JSON_OBJECT) {
        for (size_t i = 0; i < v->count; i++) {
            free(v->members[i].key);
            value_free(&v->members[i].value);
        }
        free(v->members);
    } else if (v->type == JSON_STRING) {
        free(v->string);
    }
}

json_value *json_parse(const char *text, size_t len, const json_limits *limits, char *err)
{
    json_limits defaults = {JSON_DEFAULT_BYTES, JSON_DEFAULT_DEPTH};
    if (!limits)
        limits = &defaults;
    reader r = {text, text + len, text, 0, limits->max_depth, err, false};
    if (len > limits->max_bytes) {
        fail(&r, "the text is too long");
        return NULL;
    }
    json_value *v = calloc(1, sizeof *v);
    if (!v) {
        fail(&r, "out of memory");
        return NULL;
    }
    if (value(&r, v)) {
        skip_space(&r);
        if (r.p == r.end)
            return v;
        fail(&r, "text after the value");
    }
    value_free(v);
    free(v);
    return NULL;
}

void json_free(json_value *v)
{
    if (!v)
        return;
    value_free(v);
    free(v);
}
