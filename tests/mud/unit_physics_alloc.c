/* Allocation, watched by wrapping malloc, calloc, realloc and aligned_alloc of this program (the
 * ODE library's calls reach them too).
 * A step of the rigid-body world allocates nothing, ODE included: only making bodies allocates (a
 * chunk breaking, a block waking up, a command), and those steps are told apart.
 * Allocation failure: each allocation the project's own code makes in a create, failed in turn,
 * makes that create return NULL (logged) without crashing; a failed growth later (a plant added,
 * the plant index, a mud block, a stamp's scratch) is refused and the object goes on working.
 * Calls from the shared libraries (ODE, libc) are never failed: ODE does not survive it.
 * Under a sanitizer the allocator belongs to the sanitizer: the tests are skipped there. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdlib.h>

#include "mud/core/clods.h"
#include "mud/core/decals.h"
#include "mud/core/floaters.h"
#include "mud/core/physics.h"
#include "mud/core/water.h"

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
/* fail_after: allocations of the project's code still to succeed; from then on every one fails
 * (-1: none does). failed: how many were failed. */
static long fail_after = -1, failed;

#if WRAP_MALLOC
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
/* the program's own code (the project is linked in statically; ODE and libc are shared) */
extern const char __executable_start[], etext[];

static bool fail_now(const void *caller)
{
    const char *c = caller;
    if (fail_after < 0 || c < __executable_start || c >= etext) return false;
    if (fail_after > 0) {
        fail_after--;
        return false;
    }
    failed++;
    return true;
}

void *malloc(size_t n)
{
    allocations += counting;
    return fail_now(__builtin_return_address(0)) ? NULL : __libc_malloc(n);
}
void *calloc(size_t a, size_t b)
{
    allocations += counting;
    return fail_now(__builtin_return_address(0)) ? NULL : __libc_calloc(a, b);
}
void *realloc(void *p, size_t n)
{
    allocations += counting;
    return fail_now(__builtin_return_address(0)) ? NULL : __libc_realloc(p, n);
}
void *aligned_alloc(size_t align, size_t n)
{
    allocations += counting;
    return fail_now(__builtin_return_address(0)) ? NULL : __libc_memalign(align, n);
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

/* Runs `make` with the project's allocations failing from the 1st on, then from the 2nd on, ...
 * until a run has none failed; every run that had one failed must return NULL (its cleanup runs
 * with memory still short). Sets `runs` to the number of failed runs: the create's own
 * allocations, so a test can say which it covers. */
#define EACH_FAILURE(made, make, destroy)                                                                              \
    for (long n_ = 0;; n_++) {                                                                                       \
        fail_after = n_;                                                                                             \
        failed = 0;                                                                                                  \
        made = make;                                                                                                 \
        fail_after = -1;                                                                                             \
        if (!failed) {                                                                                               \
            assert_non_null(made);                                                                                   \
            destroy(made);                                                                                           \
            runs = n_;                                                                                               \
            break;                                                                                                   \
        }                                                                                                            \
        assert_null(made);                                                                                           \
    }

static const mud_sim_desc SMALL = {.terrain = {.level_size = 128, .flat = true, .flat_height = 4.0f, .flat_softness = 0.6f,
                                               .flat_mud = 1.0f}};

static float ground(void *user, float x, float z)
{
    (void)user;
    return 0.2f + 0.01f * x + 0.005f * z;
}

static void creates_fail_cleanly(void **state)
{
    (void)state;
    if (!WRAP_MALLOC) skip();
    long runs = 0;
    /* terrain (struct, samples, mud flags, road table), mud field (struct, blocks), vehicle, sim */
    mud_sim *sim;
    EACH_FAILURE(sim, mud_sim_create(&SMALL), mud_sim_destroy);
    assert_int_equal(runs, 8);
    mud_sim *world = mud_sim_create(&SMALL);
    mud_physics *ph;
    /* the world, its active set, the plant set and its index (ODE's own are never failed) */
    EACH_FAILURE(ph, mud_physics_create(world, &(mud_physics_desc){.seed = 1}), mud_physics_destroy);
    assert_int_equal(runs, 4);
    const terrain *t = mud_sim_terrain(world);
    clods *c;
    EACH_FAILURE(c, clods_create(&(clods_desc){.capacity = 64}, t), clods_destroy);
    assert_int_equal(runs, 2);
    floaters *f;
    EACH_FAILURE(f, floaters_create(&(floaters_desc){.capacity = 64}, t), floaters_destroy);
    assert_int_equal(runs, 2);
    decal_pool *d;
    EACH_FAILURE(d, decal_pool_create(&(decal_pool_desc){.capacity = 64}), decal_pool_destroy);
    assert_int_equal(runs, 2);
    static const level_water pond = {.rect = {10, 10, 40, 30}, .surface_y = 1.0f};
    water *w;
    EACH_FAILURE(w, water_create(&(water_desc){.level_size = 64, .areas = &pond, .nareas = 1, .ground = ground}), water_destroy);
    assert_int_equal(runs, 3);
    mud_sim_destroy(world);
}

/* Growth that fails after create is refused (logged) and the object stays whole: the plant is not
 * added, the plant index is empty until it can be built, an unallocated mud block stays untouched
 * mud, a stamp without room for its scratch changes nothing. */
static void growth_fails_cleanly(void **state)
{
    (void)state;
    if (!WRAP_MALLOC) skip();
    mud_sim *sim = mud_sim_create(&SMALL);
    mud_physics *ph = mud_physics_create(sim, &(mud_physics_desc){.seed = 1});
    fail_after = 0;
    assert_int_equal(mud_physics_add_plant(ph, PLANT_TREE, 40, 40, 0), -1);
    fail_after = -1;
    plant_set *ps = mud_physics_plants(ph);
    assert_int_equal(plants_count(ps), 0);
    int tree = mud_physics_add_plant(ph, PLANT_TREE, 40, 40, 0);
    assert_int_equal(tree, 0);
    int n = -1;
    fail_after = 0;
    assert_null(plants_in_block(ps, 2, 2, &n));
    assert_int_equal(n, 0);
    fail_after = -1;
    assert_non_null(plants_in_block(ps, 2, 2, &n));
    assert_int_equal(n, 1);

    /* a wheel in the middle of block (4, 4): the stamp allocates that block's field, then its scratch */
    const mudfield_wheel wheel = {.center = {72.0f, 4.25f, 72.0f}, .radius = 0.55f, .width = 0.42f, .forward = {0, 1},
                                  .velocity = {0, 2}, .slip = 1.0f, .penetration = 0.3f};
    const terrain *t = mud_sim_terrain(sim);
    mudfield *mf = mudfield_create(t, NULL);
    allocations = 0;
    counting = 1;
    float v = mudfield_stamp(mf, &wheel);
    counting = 0;
    assert_true(v > 0.0f);
    assert_int_equal(allocations, 2);
    mudfield_destroy(mf);
    for (long k = 0; k < 2; k++) {
        mf = mudfield_create(t, NULL);
        fail_after = k;
        failed = 0;
        assert_true(mudfield_stamp(mf, &wheel) == 0.0f);
        fail_after = -1;
        assert_true(failed >= 1);
        assert_int_equal(mudfield_blocks_allocated(mf), k);
        assert_true(mudfield_volume(mf) == 0.0);
        assert_true(mudfield_stamp(mf, &wheel) == v); /* with memory again, the same stamp */
        mudfield_destroy(mf);
    }
    mud_physics_destroy(ph);
    mud_sim_destroy(sim);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(steps_allocate_nothing), cmocka_unit_test(creates_fail_cleanly),
                                       cmocka_unit_test(growth_fails_cleanly)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
