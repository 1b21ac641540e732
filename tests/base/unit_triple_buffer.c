/* triple_buffer_create out of memory: NULL and a logged error, never an abort. The size asked for
 * cannot be allocated on any machine, so the allocator really says no. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "base/log.h"
#include "base/triple_buffer.h"

/* under AddressSanitizer an impossible allocation is a report and an exit unless it may fail */
const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "allocator_may_return_null=1"; }

static void out_of_memory_returns_null(void **state)
{
    (void)state;
    int errors = log_error_count();
    triple_buffer *tb = triple_buffer_create(SIZE_MAX / 4);
    assert_null(tb);
    assert_true(log_error_count() > errors);
    triple_buffer_destroy(NULL);
    /* and an ordinary one still works */
    tb = triple_buffer_create(64);
    assert_non_null(tb);
    assert_int_equal(triple_buffer_size(tb), 64);
    triple_buffer_destroy(tb);
}

int main(void)
{
    log_set_quiet(true);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(out_of_memory_returns_null),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
