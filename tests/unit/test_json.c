/* Tests of the project's JSON (json.h): values and nesting, escapes and
 * \u surrogates, numbers, malformed text, the depth and size limits, and
 * the writer's commas and escapes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "json.h"

static json_value *parse(const char *text)
{
    char err[JSON_ERROR_SIZE];
    return json_parse(text, strlen(text), NULL, err);
}

static void test_nesting_and_lookups(void **state)
{
    (void)state;
    json_value *v = parse(" {\"a\": [1, 2, {\"b\": null}], \"c\": true, \"d\": \"x\", \"e\": {}} ");
    assert_non_null(v);
    assert_int_equal(v->type, JSON_OBJECT);
    assert_int_equal(v->count, 4);
    const json_value *a = json_get_array(v, "a");
    assert_non_null(a);
    assert_int_equal(a->count, 3);
    assert_int_equal(a->items[1].integer, 2);
    assert_int_equal(a->items[2].type, JSON_OBJECT);
    assert_int_equal(json_get(&a->items[2], "b")->type, JSON_NULL);
    assert_true(json_get_bool(v, "c", false));
    assert_string_equal(json_get_string(v, "d"), "x");
    assert_null(json_get_string(v, "c")); /* another type */
    assert_null(json_get(v, "zz"));
    assert_int_equal(json_get_object(v, "e")->count, 0);
    json_free(v);
}

static void test_escapes_and_surrogates(void **state)
{
    (void)state;
    json_value *v = parse("\"a\\\"\\\\\\/\\b\\f\\n\\r\\t\\u0041\\u00e9\\u20ac\\ud83d\\ude00\\u0000z\"");
    assert_non_null(v);
    const char want[] = "a\"\\/\b\f\n\r\tA\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\0z";
    assert_int_equal(v->length, sizeof want - 1);
    assert_memory_equal(v->string, want, sizeof want - 1);
    json_free(v);
    /* Raw UTF-8 passes through. */
    v = parse("\"\xc3\xa9\xf0\x9f\x98\x80\"");
    assert_non_null(v);
    assert_string_equal(v->string, "\xc3\xa9\xf0\x9f\x98\x80");
    json_free(v);
}

static void test_bad_strings(void **state)
{
    (void)state;
    const char *bad[] = {
        "\"\\ud83d\"", "\"\\ude00\"", "\"\\ud83d\\u0041\"", "\"\\u12\"", "\"\\uzzzz\"",
        "\"\\x\"", "\"abc", "\"a\nb\"", "\"\xc3\"", "\"\xc0\xaf\"", "\"\xed\xa0\x80\"",
        "\"\xf4\x90\x80\x80\"", "\"\xff\"",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[JSON_ERROR_SIZE] = "";
        assert_null(json_parse(bad[i], strlen(bad[i]), NULL, err));
        assert_true(err[0] != '\0');
    }
}

static void test_numbers(void **state)
{
    (void)state;
    json_value *v = parse("[0, -5, 9223372036854775807, 9223372036854775808, 1.5, -2e3, 1E+2]");
    assert_non_null(v);
    assert_true(v->items[0].is_int);
    assert_int_equal(v->items[1].integer, -5);
    assert_true(v->items[2].is_int);
    assert_true(v->items[2].integer == INT64_MAX);
    assert_false(v->items[3].is_int); /* too big for int64: only the double */
    assert_true(v->items[3].number > 9.2e18);
    assert_false(v->items[4].is_int);
    assert_true(v->items[4].number == 1.5);
    assert_true(v->items[5].number == -2000.0);
    assert_true(v->items[6].number == 100.0);
    json_free(v);
    const char *bad[] = {"01", "-", "1.", ".5", "1e", "+1", "0x10", "1.e3", "--1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_null(parse(bad[i]));
}

static void test_malformed(void **state)
{
    (void)state;
    const char *bad[] = {
        "", " ", "{", "[", "[1,]", "[1 2]", "{\"a\"}", "{\"a\":}", "{\"a\":1,}", "{a:1}",
        "tru", "nul", "falsey", "[1]]", "{} {}", "{\"a\":1 \"b\":2}", "[\"a\",", "\x01",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[JSON_ERROR_SIZE] = "";
        assert_null(json_parse(bad[i], strlen(bad[i]), NULL, err));
        assert_true(strstr(err, "at byte") != NULL);
    }
}

static void test_limits(void **state)
{
    (void)state;
    char deep[200];
    for (int i = 0; i < 100; i++) {
        deep[i] = '[';
        deep[199 - i] = ']';
    }
    json_limits limits = {1000, 100};
    json_value *v = json_parse(deep, sizeof deep, &limits, NULL);
    assert_non_null(v);
    json_free(v);
    limits.max_depth = 99;
    char err[JSON_ERROR_SIZE];
    assert_null(json_parse(deep, sizeof deep, &limits, err));
    assert_non_null(strstr(err, "nested too deep"));
    limits = (json_limits){199, 100};
    assert_null(json_parse(deep, sizeof deep, &limits, err));
    assert_non_null(strstr(err, "too long"));
    /* A length that stops short of a NUL: the NUL is never read past. */
    assert_null(json_parse("[1]", 2, NULL, NULL));
}

static void test_writer(void **state)
{
    (void)state;
    json_writer w;
    json_writer_init(&w);
    json_begin_object(&w);
    json_key_string(&w, "s", "q\"\\\n\x01\xc3\xa9\xff");
    json_key_int(&w, "i", -42);
    json_key_bool(&w, "b", true);
    json_key(&w, "a");
    json_begin_array(&w);
    json_int(&w, 1);
    json_null(&w);
    json_begin_object(&w);
    json_end_object(&w);
    json_double(&w, 0.5);
    json_end_array(&w);
    json_end_object(&w);
    size_t len;
    char *text = json_writer_take(&w, &len);
    assert_string_equal(text, "{\"s\":\"q\\\"\\\\\\n\\u0001\xc3\xa9\\u00ff\",\"i\":-42,\"b\":true,"
                              "\"a\":[1,null,{},0.5]}");
    assert_int_equal(len, strlen(text));
    /* What it writes reads back; written again, \u00ff is the UTF-8 of U+00FF. */
    json_value *v = json_parse(text, len, NULL, NULL);
    assert_non_null(v);
    json_writer_init(&w);
    json_value_write(&w, v);
    char *again = json_writer_take(&w, NULL);
    assert_string_equal(again, "{\"s\":\"q\\\"\\\\\\n\\u0001\xc3\xa9\xc3\xbf\",\"i\":-42,\"b\":true,"
                               "\"a\":[1,null,{},0.5]}");
    free(again);
    free(text);
    json_free(v);
}

static void test_writer_bounds(void **state)
{
    (void)state;
    json_writer w;
    json_writer_init(&w);
    for (int i = 0; i < JSON_WRITER_DEPTH + 1; i++)
        json_begin_array(&w);
    assert_true(w.failed);
    assert_null(json_writer_take(&w, NULL));
    json_writer_init(&w);
    json_end_array(&w); /* nothing open */
    assert_true(w.failed);
    json_writer_free(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nesting_and_lookups), cmocka_unit_test(test_escapes_and_surrogates),
        cmocka_unit_test(test_bad_strings),         cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_malformed),           cmocka_unit_test(test_limits),
        cmocka_unit_test(test_writer),              cmocka_unit_test(test_writer_bounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
