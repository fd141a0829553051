/* The JSON writer (json.h): text into a growing buffer, commas placed by a
 * stack of "has items" flags, strings escaped so any bytes come out as
 * valid JSON. */
#include "json.h"
#include "json_impl.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"


void json_writer_init(json_writer *w)
{
    *w = (json_writer){0};
}

void json_writer_free(json_writer *w)
{
    free(w->buf);
    *w = (json_writer){0};
}

char *json_writer_take(json_writer *w, size_t *len)
{
    char *text = w->failed ? NULL : w->buf;
    if (len)
        *len = w->len;
    if (!text)
        free(w->buf);
    else if (!w->buf) /* nothing written: still a string */
        text = calloc(1, 1);
    *w = (json_writer){0};
    return text;
}

static void put(json_writer *w, const char *bytes, size_t n)
{
    if (w->failed)
        return;
    if (w->len + n + 1 > w->size) {
        char *buf = grow_array(w->buf, &w->size, w->len + n + 1, 1);
        if (!buf) {
            w->failed = true;
            return;
        }
        w->buf = buf;
    }
    memcpy(w->buf + w->len, bytes, n);
    w->len += n;
    w->buf[w->len] = '\0';
}

/* Before any value or key: the comma after a previous item. */
static void separate(json_writer *w)
{
    if (w->after_key) {
        w->after_key = false;
        return;
    }
    if (w->depth > 0) {
        if (w->has_items[w->depth - 1])
            put(w, ",", 1);
        w->has_items[w->depth - 1] = true;
    }
}

static void open(json_writer *w, char c)
{
    separate(w);
    if (w->depth == JSON_WRITER_DEPTH) {
        w->failed = true;
        return;
    }
    put(w, &c, 1);
    w->has_items[w->depth++] = false;
}

static void close_(json_writer *w, char c)
{
    if (w->depth == 0) {
        w->failed = true;
        return;
    }
    w->depth--;
    put(w, &c, 1);
}

void json_begin_object(json_writer *w) { open(w, '{'); }
void json_end_object(json_writer *w) { close_(w, '}'); }
void json_begin_array(json_writer *w) { open(w, '['); }
void json_end_array(json_writer *w) { close_(w, ']'); }

static void quoted(json_writer *w, const char *text, size_t len)
{
    put(w, "\"", 1);
    const unsigned char *p = (const unsigned char *)text;
    size_t i = 0;
    while (i < len) {
        unsigned char c = p[i];
        const char *esc = NULL;
        switch (c) {
        case '"': esc = "\\\""; break;
        case '\\': esc = "\\\\"; break;
        case '\n': esc = "\\n"; break;
        case '\r': esc = "\\r"; break;
        case '\t': esc = "\\t"; break;
        case '\b': esc = "\\b"; break;
        case '\f': esc = "\\f"; break;
        default: break;
        }
        if (esc) {
            put(w, esc, strlen(esc));
            i++;
            continue;
        }
        size_t n = c < 0x20 ? 0 : json_utf8_length(p + i, len - i);
        if (n == 0) { /* a control character, or a byte that is not UTF-8 */
            char u[8];
            snprintf(u, sizeof u, "\\u%04x", c);
            put(w, u, 6);
            i++;
            continue;
        }
        put(w, text + i, n);
        i += n;
    }
    put(w, "\"", 1);
}

void json_key(json_writer *w, const char *key)
{
    separate(w);
    quoted(w, key, strlen(key));
    put(w, ":", 1);
    w->after_key = true;
}

void json_string_n(json_writer *w, const char *text, size_t len)
{
    separate(w);
    quoted(w, text, len);
}

void json_string(json_writer *w, const char *text)
{
    json_string_n(w, text, strlen(text));
}

void json_int(json_writer *w, int64_t value)
{
    char text[32];
    separate(w);
    put(w, text, (size_t)snprintf(text, sizeof text, "%" PRId64, value));
}

void json_double(json_writer *w, double value)
{
    char text[40];
    separate(w);
    if (!isfinite(value)) { /* JSON has no infinities or NaN */
        put(w, "null", 4);
        return;
    }
    put(w, text, (size_t)snprintf(text, sizeof text, "%.17g", value));
}

void json_bool(json_writer *w, bool value)
{
    separate(w);
    put(w, value ? "true" : "false", value ? 4 : 5);
}

void json_null(json_writer *w)
{
    separate(w);
    put(w, "null", 4);
}

void json_value_write(json_writer *w, const json_value *v)
{
    switch (v->type) {
    case JSON_NULL: json_null(w); break;
    case JSON_BOOL: json_bool(w, v->boolean); break;
    case JSON_NUMBER:
        if (v->is_int)
            json_int(w, v->integer);
        else
            json_double(w, v->number);
        break;
    case JSON_STRING: json_string_n(w, v->string, v->length); break;
    case JSON_ARRAY:
        json_begin_array(w);
        for (size_t i = 0; i < v->count; i++)
            json_value_write(w, &v->items[i]);
        json_end_array(w);
        break;
    case JSON_OBJECT:
        json_begin_object(w);
        for (size_t i = 0; i < v->count; i++) {
            separate(w);
            quoted(w, v->members[i].key, v->members[i].key_length);
            put(w, ":", 1);
            w->after_key = true;
            json_value_write(w, &v->members[i].value);
        }
        json_end_object(w);
        break;
    }
}

void json_key_string(json_writer *w, const char *key, const char *text)
{
    json_key(w, key);
    json_string(w, text);
}

void json_key_int(json_writer *w, const char *key, int64_t value)
{
    json_key(w, key);
    json_int(w, value);
}

void json_key_bool(json_writer *w, const char *key, bool value)
{
    json_key(w, key);
    json_bool(w, value);
}
