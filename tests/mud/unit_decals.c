/* Terrain mud decals: a fixed pool that replaces its oldest splat when full, fades, expires. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "mud/core/decals.h"

static void full_pool_replaces_the_oldest(void **state)
{
    (void)state;
    decal_pool *p = decal_pool_create(&(decal_pool_desc){.capacity = 8, .life = 10, .fade = 4});
    assert_int_equal(decal_pool_capacity(p), 8);
    for (int i = 0; i < 20; i++) decal_pool_add(p, (float)i, 0.0f, 0.3f, 0.1f * (float)i);
    assert_int_equal(decal_pool_count(p), 8); /* never more than the capacity */
    assert_int_equal(decal_pool_added(p), 20);
    for (int i = 0; i < 8; i++) assert_float_equal(decal_pool_get(p, i)->x, (float)(12 + i), 0.0f); /* the newest eight, oldest first */
    decal_pool_destroy(p);
    decal_pool_destroy(NULL);
}

static void splats_fade_then_expire(void **state)
{
    (void)state;
    decal_pool *p = decal_pool_create(&(decal_pool_desc){.capacity = 4, .life = 10, .fade = 4});
    decal_pool_add(p, 1, 2, 0.3f, 0.0f);
    decal_pool_add(p, 3, 4, 0.3f, 5.0f);
    assert_float_equal(decal_pool_alpha(p, 0, 0.0f), 1.0f, 0.0f);
    assert_float_equal(decal_pool_alpha(p, 0, 6.0f), 1.0f, 1e-6f); /* opaque until life - fade */
    assert_float_equal(decal_pool_alpha(p, 0, 8.0f), 0.5f, 1e-6f);
    decal_pool_expire(p, 9.99f);
    assert_int_equal(decal_pool_count(p), 2);
    decal_pool_expire(p, 10.0f);
    assert_int_equal(decal_pool_count(p), 1); /* the first is gone, the second stays */
    assert_float_equal(decal_pool_get(p, 0)->x, 3.0f, 0.0f);
    assert_float_equal(decal_pool_alpha(p, 0, 13.0f), 0.5f, 1e-6f);
    decal_pool_expire(p, 100.0f);
    assert_int_equal(decal_pool_count(p), 0);
    /* after emptying, the ring goes on from where it is */
    decal_pool_add(p, 7, 7, 0.2f, 100.0f);
    assert_int_equal(decal_pool_count(p), 1);
    assert_float_equal(decal_pool_get(p, 0)->z, 7.0f, 0.0f);
    decal_pool_destroy(p);
}

static void defaults(void **state)
{
    (void)state;
    decal_pool *p = decal_pool_create(NULL);
    assert_int_equal(decal_pool_capacity(p), 1024);
    decal_pool_add(p, 0, 0, 0.3f, 0.0f);
    assert_float_equal(decal_pool_alpha(p, 0, 15.0f), 1.0f, 0.0f);
    assert_float_equal(decal_pool_alpha(p, 0, 30.0f), 0.5f, 1e-6f);
    decal_pool_destroy(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(full_pool_replaces_the_oldest),
        cmocka_unit_test(splats_fade_then_expire),
        cmocka_unit_test(defaults),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
