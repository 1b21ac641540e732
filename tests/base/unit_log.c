/* The host's log callback (issue 49 item 2): every message reaches it with its level and the
 * caller's pointer, quiet still silences info, NULL restores stdout/stderr with the "imprint: "
 * prefixes, and a message longer than LOG_MESSAGE_MAX is cut safely (NUL-terminated, never in the
 * middle of a UTF-8 character), for the callback and for log_last_error() alike. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/log.h"

typedef struct seen {
    int calls;
    log_level level;
    char text[2 * LOG_MESSAGE_MAX];
    size_t len;
} seen;

static void record(log_level level, const char *text, void *user)
{
    seen *s = user;
    s->calls++;
    s->level = level;
    s->len = strlen(text);
    snprintf(s->text, sizeof s->text, "%s", text);
}

static int restore(void **state)
{
    (void)state;
    log_set_callback(NULL, NULL);
    log_set_quiet(false);
    return 0;
}

static void every_level_reaches_the_host(void **state)
{
    (void)state;
    seen s = {0};
    log_set_callback(record, &s);
    log_info("loaded %d files", 3);
    assert_int_equal(s.calls, 1);
    assert_int_equal(s.level, LOG_LEVEL_INFO);
    assert_string_equal(s.text, "loaded 3 files"); /* the message alone: no prefix, no newline */
    log_warn("slow frame %.1f ms", 20.5);
    assert_int_equal(s.calls, 2);
    assert_int_equal(s.level, LOG_LEVEL_WARN);
    assert_string_equal(s.text, "slow frame 20.5 ms");
    int errors = log_error_count();
    log_error("%s:%d: missing", "a.png", 7);
    assert_int_equal(s.calls, 3);
    assert_int_equal(s.level, LOG_LEVEL_ERROR);
    assert_string_equal(s.text, "a.png:7: missing");
    assert_int_equal(log_error_count(), errors + 1); /* counted and kept as without a callback */
    assert_string_equal(log_last_error(), "a.png:7: missing");

    log_set_quiet(true); /* quiet silences info for the host too, never warnings or errors */
    log_info("hidden");
    assert_int_equal(s.calls, 3);
    log_warn("shown");
    assert_int_equal(s.calls, 4);
    assert_string_equal(s.text, "shown");
    log_set_quiet(false);

    seen other = {0}; /* a second callback replaces the first */
    log_set_callback(record, &other);
    log_info("to the other");
    assert_int_equal(s.calls, 4);
    assert_int_equal(other.calls, 1);
    assert_string_equal(other.text, "to the other");
}

/* Runs fn with file descriptor fd (1 or 2) sent to a temporary file; returns what was written. */
static char *capture(int fd, void (*fn)(void))
{
    char path[] = "/tmp/unit_log_XXXXXX";
    int tmp = mkstemp(path);
    assert_true(tmp >= 0);
    fflush(stdout);
    fflush(stderr);
    int saved = dup(fd);
    assert_true(saved >= 0);
    assert_true(dup2(tmp, fd) >= 0);
    fn();
    fflush(stdout);
    fflush(stderr);
    assert_true(dup2(saved, fd) >= 0);
    close(saved);
    static char buf[4 * LOG_MESSAGE_MAX];
    ssize_t n = pread(tmp, buf, sizeof buf - 1, 0);
    close(tmp);
    unlink(path);
    buf[n > 0 ? n : 0] = 0;
    return buf;
}

static void say_info(void) { log_info("hello %s", "world"); }
static void say_warn_error(void)
{
    log_warn("careful");
    log_error("broken %d", 42);
}

static void null_restores_stdout_and_stderr(void **state)
{
    (void)state;
    seen s = {0};
    log_set_callback(record, &s);
    log_set_callback(NULL, &s); /* NULL restores the default; the pointer is dropped */
    assert_string_equal(capture(1, say_info), "imprint: hello world\n");
    assert_string_equal(capture(2, say_warn_error), "imprint: warning: careful\nimprint: error: broken 42\n");
    assert_int_equal(s.calls, 0);
    assert_string_equal(log_last_error(), "broken 42");
}

static void a_long_message_is_cut_safely(void **state)
{
    (void)state;
    seen s = {0};
    log_set_callback(record, &s);
    char *big = malloc(3 * LOG_MESSAGE_MAX);
    assert_non_null(big);
    memset(big, 'x', 3 * LOG_MESSAGE_MAX - 1);
    big[3 * LOG_MESSAGE_MAX - 1] = 0;
    log_info("%s", big);
    assert_int_equal(s.len, LOG_MESSAGE_MAX - 1);
    assert_int_equal(s.text[0], 'x');
    log_warn("%s", big);
    assert_int_equal(s.len, LOG_MESSAGE_MAX - 1);
    log_error("%s", big);
    assert_int_equal(s.len, LOG_MESSAGE_MAX - 1);
    assert_int_equal(strlen(log_last_error()), LOG_MESSAGE_MAX - 1);

    /* a 3-byte character (U+20AC, the euro sign) across the cut: dropped whole, not split */
    memset(big, 'a', LOG_MESSAGE_MAX + 8);
    memcpy(big + LOG_MESSAGE_MAX - 2, "\xE2\x82\xAC", 3);
    big[LOG_MESSAGE_MAX + 1] = 0;
    log_warn("%s", big);
    assert_int_equal(s.len, LOG_MESSAGE_MAX - 2);
    assert_int_equal(s.text[s.len - 1], 'a');
    /* one that ends exactly at the cut stays */
    memset(big, 'a', LOG_MESSAGE_MAX + 8);
    memcpy(big + LOG_MESSAGE_MAX - 4, "\xE2\x82\xAC", 3);
    big[LOG_MESSAGE_MAX + 5] = 0;
    log_error("%s", big);
    assert_int_equal(s.len, LOG_MESSAGE_MAX - 1);
    assert_memory_equal(s.text + LOG_MESSAGE_MAX - 4, "\xE2\x82\xAC", 3);
    assert_string_equal(log_last_error(), s.text);
    free(big);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(every_level_reaches_the_host, restore),
        cmocka_unit_test_teardown(null_restores_stdout_and_stderr, restore),
        cmocka_unit_test_teardown(a_long_message_is_cut_safely, restore),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
