/* The shared line and word reader: every line once (the last without '\n' too, blank ones
 * included), lengths of over-long lines reported without copying, comments cut, words counted past
 * the stored maximum, errors as FILE:LINE: message. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <string.h>

#include "base/text.h"

static void lines_come_one_by_one(void **state)
{
    (void)state;
    const char *p = "a b\n\nlast line without newline";
    char line[64];
    size_t len;
    assert_true(text_next_line(&p, line, 63, &len));
    assert_string_equal(line, "a b");
    assert_int_equal(len, 3);
    assert_true(text_next_line(&p, line, 63, &len));
    assert_string_equal(line, "");
    assert_true(text_next_line(&p, line, 63, &len));
    assert_string_equal(line, "last line without newline");
    assert_false(text_next_line(&p, line, 63, &len));
    const char *empty = "";
    assert_false(text_next_line(&empty, line, 63, &len));
}

static void a_long_line_is_measured_not_copied(void **state)
{
    (void)state;
    const char *p = "0123456789\nok\n";
    char line[8];
    size_t len;
    assert_true(text_next_line(&p, line, 7, &len));
    assert_int_equal(len, 10);
    assert_string_equal(line, "");
    assert_true(text_next_line(&p, line, 7, &len)); /* the reader stays in step */
    assert_string_equal(line, "ok");
}

static void words_stop_at_a_comment_and_are_counted_past_max(void **state)
{
    (void)state;
    char line[] = " \t1.5  fire\r  # shoot once";
    char *tok[4];
    assert_int_equal(text_split_words(line, tok, 4), 2);
    assert_string_equal(tok[0], "1.5");
    assert_string_equal(tok[1], "fire");
    char many[] = "a b c d e f";
    assert_int_equal(text_split_words(many, tok, 4), 6);
    assert_string_equal(tok[3], "d");
    char none[] = "   # only a comment";
    assert_int_equal(text_split_words(none, tok, 4), 0);
}

static void error(char *err, size_t len, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    text_error(err, len, "a.txt", line, fmt, ap);
    va_end(ap);
}

static void errors_name_file_and_line(void **state)
{
    (void)state;
    char err[64];
    error(err, sizeof err, 7, "bad %s", "word");
    assert_string_equal(err, "a.txt:7: bad word");
    error(err, sizeof err, 0, "unreadable");
    assert_string_equal(err, "a.txt: unreadable");
    error(err, 8, 7, "bad %s", "word"); /* cut, still terminated */
    assert_string_equal(err, "a.txt:7");
    error(NULL, 0, 1, "nothing"); /* no buffer: nothing written, no crash */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lines_come_one_by_one),
        cmocka_unit_test(a_long_line_is_measured_not_copied),
        cmocka_unit_test(words_stop_at_a_comment_and_are_counted_past_max),
        cmocka_unit_test(errors_name_file_and_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
