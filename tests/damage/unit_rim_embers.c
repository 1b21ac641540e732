/* Embers from the hot rims of fresh holes (damage/core/rim_embers.h): the points lie on the rim
 * circle of the hole (distance from its centre = rim radius, in the surface's tangent plane), at
 * the hole's place on the current pose, only while the modelled heat is above ember_heat; heat
 * fades with the fading map's rule at its cadence; a respawn (blast_reset) forgets every hole; a
 * blast in the air makes none. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>

#include "base/log.h"
#include "damage/core/blast.h"
#include "damage/core/damage_fade.h"
#include "damage/core/rim_embers.h"

#define MAXP 64

typedef struct fixture {
    robot *r;
    blast_state *bs;
} fixture;

static int setup(void **state)
{
    log_set_quiet(true);
    fixture *f = calloc(1, sizeof *f);
    f->r = robot_create(NULL);
    f->bs = f->r ? blast_create(f->r, NULL) : NULL;
    if (!f->bs) return -1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    blast_destroy(f->bs);
    robot_destroy(f->r);
    free(f);
    return 0;
}

/* A hit on the chest plate, straight on from the front (the bind pose). */
static blast_ray_hit chest(const blast_state *bs)
{
    blast_ray_hit h;
    assert_true(blast_raycast(bs, (float[3]){0.0f, 1.4f, 3.0f}, (float[3]){0, 0, -1}, 10.0f, &h));
    assert_int_equal(h.plate, ROBOT_PLATE_CHEST);
    return h;
}

static void rims_emit_while_hot(void **state)
{
    fixture *f = *state;
    const float radius = 0.06f, heat = 0.5f, hz = 10.0f;
    blast_ray_hit h = chest(f->bs);
    rim_embers e;
    rim_embers_init(&e);
    rim_embers_sync(&e, f->bs);
    assert_int_equal(e.count, 0);
    blast_add(f->bs, h.pos_bind, radius);
    rim_embers_sync(&e, f->bs);
    assert_int_equal(e.count, 1);
    assert_float_equal(e.holes[0].heat, 1.0, 1e-6);
    const float rim = rim_embers_radius(radius);
    assert_true(rim > 0.6f * radius && rim < radius);
    /* the shot came straight on: the surface's normal is about the z axis */
    assert_true(fabsf(e.holes[0].normal[2]) > 0.8f);

    rng r;
    rng_seed(&r, 1);
    float at[MAXP][3];
    int hole[MAXP];
    float expect_heat = 1.0f;
    int hot_steps = 0, passes = 0;
    for (int step = 0; step < 120; step++) { /* 2 s at 60 Hz */
        const int n = rim_embers_points(&e, f->bs, heat, &r, 4, at, MAXP, hole);
        const bool hot = expect_heat > heat;
        assert_int_equal(n, hot ? 4 : 0);
        hot_steps += hot;
        for (int i = 0; i < n; i++) {
            assert_int_equal(hole[i], 0);
            /* bind pose: world = bind; on the rim circle, in the tangent plane */
            vec3 rel;
            glm_vec3_sub(at[i], (float *)h.pos_bind, rel);
            assert_float_equal(glm_vec3_norm(rel), rim, 1e-4);
            assert_true(fabsf(glm_vec3_dot(rel, e.holes[0].normal)) < 1e-4f);
        }
        const int before = passes;
        rim_embers_update(&e, 1.0f / 60.0f, hz);
        passes = (int)floorf((float)(step + 1) / 60.0f * hz + 1e-4f);
        for (int k = before; k < passes && expect_heat > 0.0f; k++)
            expect_heat = fmaxf(expect_heat * DAMAGE_FADE_FACTOR - 1.0f / 255.0f, 0.0f);
        if (e.count) assert_float_equal(e.holes[0].heat, expect_heat, 1e-5);
    }
    /* 1 -> 0.86 - 1/255 -> ... under 0.5 after the 4th pass: 0.4 s, 24 steps */
    assert_in_range(hot_steps, 20, 30);
    /* 2 s: 20 passes, still warm (the map takes longer to reach 0) but no embers */
    assert_int_equal(rim_embers_points(&e, f->bs, heat, &r, 4, at, MAXP, NULL), 0);
    assert_true(rim_embers_points(&e, f->bs, 0.0f, &r, 4, at, MAXP, NULL) == 4 || e.count == 0);
    blast_reset(f->bs);
}

static void rims_follow_the_pose(void **state)
{
    fixture *f = *state;
    blast_ray_hit h = chest(f->bs);
    blast_add(f->bs, h.pos_bind, 0.05f);
    rim_embers e;
    rim_embers_init(&e);
    rim_embers_sync(&e, f->bs);
    /* every bone moved 1 m up and 0.5 m aside: the rim goes with the plate */
    mat4 pal[RIG_BONE_COUNT];
    for (int b = 0; b < RIG_BONE_COUNT; b++) glm_translate_make(pal[b], (vec3){0.5f, 1.0f, 0.0f});
    blast_set_pose(f->bs, (const mat4 *)pal);
    rng r;
    rng_seed(&r, 2);
    float at[8][3];
    assert_int_equal(rim_embers_points(&e, f->bs, 0.5f, &r, 8, at, 8, NULL), 8);
    const vec3 c = {h.pos_bind[0] + 0.5f, h.pos_bind[1] + 1.0f, h.pos_bind[2]};
    for (int i = 0; i < 8; i++) assert_float_equal(glm_vec3_distance(at[i], (float *)c), rim_embers_radius(0.05f), 1e-4);
    for (int b = 0; b < RIG_BONE_COUNT; b++) glm_mat4_identity(pal[b]);
    blast_set_pose(f->bs, (const mat4 *)pal);
    /* a respawn forgets every hole */
    blast_reset(f->bs);
    rim_embers_sync(&e, f->bs);
    assert_int_equal(e.count, 0);
    assert_int_equal(rim_embers_points(&e, f->bs, 0.0f, &r, 8, at, 8, NULL), 0);
}

static void a_blast_in_the_air_is_no_hole(void **state)
{
    fixture *f = *state;
    rim_embers e;
    rim_embers_init(&e);
    blast_add(f->bs, (float[3]){6.0f, 1.0f, 6.0f}, 0.5f);
    rim_embers_sync(&e, f->bs);
    assert_int_equal(e.count, 0);
    assert_int_equal(e.seen, 1);
    blast_reset(f->bs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rims_emit_while_hot),
        cmocka_unit_test(rims_follow_the_pose),
        cmocka_unit_test(a_blast_in_the_air_is_no_hole),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
