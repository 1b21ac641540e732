/* The clod worker sleeps instead of polling: while it has nothing to do (idle, or parked because
 * its scene is hidden) it looks for work at most once per wake-up post, however long it waits; a
 * submit wakes it without a lost wake-up (deterministic hand-over keeps working across park and
 * resume); and park/resume/submit/frame from one thread against the worker are race-free
 * (this test also runs under ThreadSanitizer). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <sched.h>
#include <time.h>

#include "mud/core/mud_clod_worker.h"

static terrain *flat_terrain(void)
{
    return terrain_create(&(terrain_desc){.level_size = 64, .flat = true, .flat_height = 1.0f, .flat_mud = 1.0f});
}

static void pause_ms(int ms) { nanosleep(&(struct timespec){0, ms * 1000000L}, NULL); }

static const mud_clod_frame *step(mud_clod_worker *w, int s)
{
    clod_emitter e = {{32, 1.55f, 20.0f + 0.05f * (float)s}, {0, 0, 1}, {0, 0, 3}, 0.55f, 5.0f};
    mud_clod_worker_submit(w, &e, 1, 1.0f / 60.0f);
    return mud_clod_worker_frame(w);
}

static void idle_and_parked_worker_does_not_poll(void **state)
{
    (void)state;
    terrain *t = flat_terrain();
    mud_clod_worker *w = mud_clod_worker_create(&(mud_clod_worker_desc){.terrain = t, .clods = {.capacity = 256, .seed = 3}});
    assert_non_null(w);
    uint64_t posts = 0;
    for (int s = 1; s <= 20; s++, posts++) step(w, s);
    /* the real-time frame never waits: wait here until the worker has caught up */
    while (mud_clod_worker_frame(w)->step < 20) sched_yield();
    /* a polling worker would look thousands of times in these pauses; a sleeping one at most once
     * per post (plus its first look at start) */
    pause_ms(40);
    assert_true(mud_clod_worker_idle_looks(w) <= posts + 1);
    mud_clod_worker_park(w);
    pause_ms(80);
    assert_true(mud_clod_worker_idle_looks(w) <= posts + 1); /* parked: asleep, however long */
    mud_clod_worker_resume(w);
    posts++;
    for (int s = 21; s <= 40; s++, posts++) step(w, s);
    while (mud_clod_worker_frame(w)->step < 40) sched_yield();
    pause_ms(20);
    assert_true(mud_clod_worker_idle_looks(w) <= posts + 1);
    mud_clod_worker_destroy(w);
    terrain_destroy(t);
}

static void deterministic_hand_over_survives_park_and_resume(void **state)
{
    (void)state;
    terrain *t = flat_terrain();
    mud_clod_worker *w = mud_clod_worker_create(
        &(mud_clod_worker_desc){.terrain = t, .clods = {.capacity = 256, .seed = 3}, .deterministic = true});
    int alive = 0;
    for (int s = 1; s <= 600; s++) {
        /* the scene hidden and shown every few steps: each submit must still wake the worker */
        if (s % 7 == 0) mud_clod_worker_park(w);
        if (s % 7 == 0 && s % 2) sched_yield();
        if (s % 7 == 0) mud_clod_worker_resume(w);
        const mud_clod_frame *f = step(w, s);
        assert_int_equal(f->step, (uint64_t)s); /* exactly the step just submitted */
        if (f->alive > alive) alive = f->alive;
    }
    assert_true(alive > 0); /* clods really flew */
    /* destroying a parked worker wakes and joins it */
    mud_clod_worker_park(w);
    mud_clod_worker_destroy(w);
    terrain_destroy(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(idle_and_parked_worker_does_not_poll),
        cmocka_unit_test(deterministic_hand_over_survives_park_and_resume),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
