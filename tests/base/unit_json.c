/* JSON writer: exact text for scalars, escapes, nesting, empty containers and non-finite numbers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"

/* Runs fn on a writer over a memory stream and returns the text (caller frees). */
static char *write_json(void (*fn)(json_writer *))
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    json_writer w;
    json_begin(&w, f);
    fn(&w);
    assert_true(json_end(&w));
    fclose(f);
    return text;
}

static void scalars(json_writer *w)
{
    json_object_begin(w, NULL);
    json_int(w, "frames", 600);
    json_int(w, "big", -9007199254740993LL);
    json_number(w, "ms", 16.6666666);
    json_number(w, "whole", 1234567.0);
    json_number(w, "small", 0.000125);
    json_number(w, "neg_zero", -0.0);
    json_number(w, "nan", NAN);
    json_number(w, "inf", -INFINITY);
    json_bool(w, "yes", true);
    json_bool(w, "no", false);
    json_null(w, "none");
    json_string(w, "scene", "range");
    json_string(w, "missing", NULL);
    json_object_end(w);
}

static void scalars_exact_text(void **state)
{
    (void)state;
    char *t = write_json(scalars);
    assert_string_equal(t, "{\n"
                           "  \"frames\": 600,\n"
                           "  \"big\": -9007199254740993,\n"
                           "  \"ms\": 16.6667,\n"
                           "  \"whole\": 1234567,\n"
                           "  \"small\": 0.000125,\n"
                           "  \"neg_zero\": 0,\n"
                           "  \"nan\": null,\n"
                           "  \"inf\": null,\n"
                           "  \"yes\": true,\n"
                           "  \"no\": false,\n"
                           "  \"none\": null,\n"
                           "  \"scene\": \"range\",\n"
                           "  \"missing\": null\n"
                           "}\n");
    free(t);
}

static void escapes(json_writer *w)
{
    json_array_begin(w, NULL);
    json_string(w, NULL, "say \"hi\"\\ path\\to");
    json_string(w, NULL, "tab\tnl\ncr\rbs\bff\f bell\x07 esc\x1b");
    json_string(w, NULL, "caf\xc3\xa9");
    json_string(w, NULL, "");
    json_array_end(w);
}

static void strings_are_escaped(void **state)
{
    (void)state;
    char *t = write_json(escapes);
    assert_string_equal(t, "[\n"
                           "  \"say \\\"hi\\\"\\\\ path\\\\to\",\n"
                           "  \"tab\\tnl\\ncr\\rbs\\bff\\f bell\\u0007 esc\\u001b\",\n"
                           "  \"caf\xc3\xa9\",\n"
                           "  \"\"\n"
                           "]\n");
    free(t);
}

static void nested(json_writer *w)
{
    json_object_begin(w, NULL);
    json_int(w, "frame", 42);
    json_object_begin(w, "truck");
    json_array_begin(w, "pos");
    json_number(w, NULL, 1.5);
    json_number(w, NULL, 0);
    json_number(w, NULL, -2.25);
    json_array_end(w);
    json_number(w, "speed", 3.5);
    json_object_end(w);
    json_array_begin(w, "passes");
    json_object_begin(w, NULL);
    json_string(w, "name", "unwrap");
    json_number(w, "gpu_ms", 0.25);
    json_object_end(w);
    json_object_begin(w, NULL);
    json_object_end(w);
    json_array_begin(w, NULL);
    json_array_end(w);
    json_array_end(w);
    json_object_begin(w, "empty");
    json_object_end(w);
    json_array_begin(w, "none");
    json_array_end(w);
    json_object_end(w);
}

static void nesting_commas_and_empty_containers(void **state)
{
    (void)state;
    char *t = write_json(nested);
    assert_string_equal(t, "{\n"
                           "  \"frame\": 42,\n"
                           "  \"truck\": {\n"
                           "    \"pos\": [\n"
                           "      1.5,\n"
                           "      0,\n"
                           "      -2.25\n"
                           "    ],\n"
                           "    \"speed\": 3.5\n"
                           "  },\n"
                           "  \"passes\": [\n"
                           "    {\n"
                           "      \"name\": \"unwrap\",\n"
                           "      \"gpu_ms\": 0.25\n"
                           "    },\n"
                           "    {},\n"
                           "    []\n"
                           "  ],\n"
                           "  \"empty\": {},\n"
                           "  \"none\": []\n"
                           "}\n");
    free(t);
}

static void top_level_scalar(json_writer *w) { json_number(w, NULL, 2.5); }

static void a_bare_value_is_valid_json(void **state)
{
    (void)state;
    char *t = write_json(top_level_scalar);
    assert_string_equal(t, "2.5\n");
    free(t);
}

static void keys_are_escaped_too(void **state)
{
    (void)state;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    json_writer w;
    json_begin(&w, f);
    json_object_begin(&w, NULL);
    json_int(&w, "a\"b", 1);
    json_object_end(&w);
    assert_true(json_end(&w));
    fclose(f);
    assert_string_equal(text, "{\n  \"a\\\"b\": 1\n}\n");
    free(text);
}

static void write_failure_is_reported(void **state)
{
    (void)state;
    /* a read-only stream fails every write; json_end must say so */
    FILE *f = fopen("/dev/null", "r");
    assert_non_null(f);
    json_writer w;
    json_begin(&w, f);
    json_object_begin(&w, NULL);
    json_int(&w, "x", 1);
    json_object_end(&w);
    assert_false(json_end(&w));
    fclose(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(scalars_exact_text),
        cmocka_unit_test(strings_are_escaped),
        cmocka_unit_test(nesting_commas_and_empty_containers),
        cmocka_unit_test(a_bare_value_is_valid_json),
        cmocka_unit_test(keys_are_escaped_too),
        cmocka_unit_test(write_failure_is_reported),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
