/* A step of the rigid-body world allocates nothing, ODE included: counted by wrapping malloc,
 * calloc and realloc of this program (the ODE library's calls reach them too). Only making bodies
 * allocates (a chunk breaking, a block waking up, a command), and those steps are told apart.
 * Under a sanitizer the allocator belongs to the sanitizer: the test is skipped there. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdlib.h>

#include "mud/core/physics.h"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define WRAP_MALLOC 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define WRAP_MALLOC 0
#endif
#endif
#ifndef WRAP_MALLOC
#define WRAP_MALLOC 1
#endif

static long counting, allocations;

#if WRAP_MALLOC
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
void *malloc(size_t n)
{
    allocations += counting;
    return __libc_malloc(n);
}
void *calloc(size_t a, size_t b)
{
    allocations += counting;
    return __libc_calloc(a, b);
}
void *realloc(void *p, size_t n)
{
    allocations += counting;
    return __libc_realloc(p, n);
}
#endif

static void steps_allocate_nothing(void **state)
{
    (void)state;
    if (!WRAP_MALLOC) skip();
    mud_sim *sim = mud_sim_create(&(mud_sim_desc){.terrain = {.level_size = 128, .flat = true, .flat_height = 4.0f,
                                                               .flat_softness = 0.6f, .flat_mud = 1.0f}});
    mud_physics *ph = mud_physics_create(sim, &(mud_physics_desc){.seed = 2});
    mud_sim_place_truck(sim, 40, 20, 0);
    /* chunks in the wheels' way, trees and rocks beside them */
    for (int i = 0; i < 20; i++) mud_physics_add_chunk(ph, 37.0f + (float)(i % 5) * 2.0f, 27.0f + (float)(i / 5) * 2.5f, 0.8f);
    for (int i = 0; i < 6; i++) mud_physics_add_plant(ph, i % 2 ? PLANT_ROCK : PLANT_TREE, 30.0f + (float)i * 4.0f, 45.0f, 0);
    mud_physics_drive(ph, &(vehicle_input){0}, 1.0f / 60.0f); /* the first step wakes the blocks */
    long quiet = 0, contacts = 0, busy = 0;
    for (int f = 0; f < 480; f++) {
        mud_physics_stats a, b;
        mud_physics_stats_get(ph, &a);
        allocations = 0;
        counting = 1;
        mud_physics_drive(ph, &(vehicle_input){.throttle = 1.0f}, 1.0f / 60.0f);
        counting = 0;
        mud_sim_stamp(sim);
        mud_physics_stats_get(ph, &b);
        bool made = b.chunks_broken != a.chunks_broken || b.bodies != a.bodies || b.plants_down != a.plants_down ||
                    b.blocks_active != a.blocks_active;
        if (made) {
            busy++;
            continue;
        }
        assert_int_equal(allocations, 0);
        quiet++;
        contacts += b.contacts;
    }
    /* the test saw real work: contacts in most steps, and chunks broken under the wheels */
    assert_true(quiet > 200);
    assert_true(contacts > 1000);
    assert_true(busy > 0);
    mud_physics_destroy(ph);
    mud_sim_destroy(sim);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(steps_allocate_nothing)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
