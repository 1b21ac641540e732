/* Blast history: rough hole rule, rays passing through holes to what lies behind, the body never
 * holed, far blasts changing nothing, intact-area bookkeeping and islands cut away. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>

#include "base/log.h"
#include "damage/core/blast.h"

typedef struct fixture {
    robot *r;
    blast_state *bs;
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    f->r = robot_create(NULL);
    f->bs = blast_create(f->r, NULL);
    *state = f;
    return f->bs ? 0 : -1;
}

static int teardown(void **state)
{
    fixture *f = *state;
    blast_destroy(f->bs);
    blast_destroy(NULL);
    robot_destroy(f->r);
    free(f);
    return 0;
}

static int reset(void **state)
{
    fixture *f = *state;
    blast_reset(f->bs);
    return 0;
}

static const float fwd[3] = {0, 0, -1};

static blast_ray_hit shoot(blast_state *bs, float x, float y)
{
    blast_ray_hit h;
    assert_true(blast_raycast(bs, (float[3]){x, y, 3.0f}, fwd, 10.0f, &h));
    return h;
}

static void rough_threshold_is_noisy_and_bounded(void **state)
{
    (void)state;
    float lo = 1, hi = 0, prev = -1;
    int changes = 0;
    for (int i = 0; i < 20000; i++) {
        float uv[2] = {(float)(i % 200) / 200.0f, (float)(i / 200) / 100.0f};
        float t = blast_rough(uv);
        assert_true(t >= BLAST_ROUGH_MIN && t <= BLAST_ROUGH_MAX);
        lo = fminf(lo, t);
        hi = fmaxf(hi, t);
        if (fabsf(t - prev) > 1e-3f) changes++;
        prev = t;
    }
    /* uses most of its range, and is not constant: holes get rough edges */
    assert_true(hi - lo > 0.6f * (BLAST_ROUGH_MAX - BLAST_ROUGH_MIN));
    assert_true(changes > 10000);
    /* continuous: neighbouring uvs give close thresholds */
    float a = blast_rough((float[2]){0.5f, 0.5f}), b = blast_rough((float[2]){0.5f + 1e-5f, 0.5f});
    assert_true(fabsf(a - b) < 0.01f);
    assert_float_equal(blast_value(0, 1), 1.0, 1e-6);
    assert_float_equal(blast_value(0.5f, 1), 0.5, 1e-6);
    assert_float_equal(blast_value(2, 1), 0.0, 1e-6);
}

static void ray_passes_through_a_hole_to_the_body(void **state)
{
    fixture *f = *state;
    blast_ray_hit h = shoot(f->bs, 0, 1.4f);
    assert_int_equal(h.plate, ROBOT_PLATE_CHEST);
    assert_int_equal(h.holes_passed, 0);
    assert_true(h.normal[2] > 0.5f);
    assert_float_equal(blast_intact(f->bs, ROBOT_PLATE_CHEST), 1.0, 1e-6);
    unsigned touched = blast_add(f->bs, h.pos, 0.06f);
    assert_true(touched & (1u << ROBOT_PLATE_CHEST));
    assert_true(blast_intact(f->bs, ROBOT_PLATE_CHEST) < 1.0f);
    assert_true(blast_is_hole(f->bs, ROBOT_PLATE_CHEST, h.pos, h.uv));
    blast_ray_hit h2 = shoot(f->bs, 0, 1.4f);
    assert_int_equal(h2.plate, -1);             /* the inner body behind the plate */
    assert_true(h2.holes_passed >= 2);          /* outer and inner face of the plate */
    assert_true(h2.t > h.t + 0.015f);
    /* a ray 12 cm away still meets armor */
    blast_ray_hit h3 = shoot(f->bs, 0.12f, 1.4f);
    assert_int_equal(h3.plate, ROBOT_PLATE_CHEST);
    assert_int_equal(h3.holes_passed, 0);
}

static void ray_through_a_hole_reaches_the_far_side_of_a_plate(void **state)
{
    fixture *f = *state;
    /* over the left shoulder joint, the pad is an arch: front wall, empty inside, back wall */
    float org[3] = {0.40f, 1.63f, 2.0f};
    blast_ray_hit h;
    assert_true(blast_raycast(f->bs, org, fwd, 10.0f, &h));
    assert_int_equal(h.plate, ROBOT_PLATE_SHOULDER_L);
    float first_z = h.pos[2];
    assert_true(first_z > 0);
    blast_add(f->bs, h.pos, 0.04f);
    blast_ray_hit h2;
    assert_true(blast_raycast(f->bs, org, fwd, 10.0f, &h2));
    assert_int_equal(h2.plate, ROBOT_PLATE_SHOULDER_L);
    assert_true(h2.pos[2] < 0);                  /* the far wall of the same plate */
    assert_true(h2.holes_passed >= 2);
    assert_true(h2.normal[2] > 0);               /* facing the shooter: we see its inside */
}

static void body_and_far_blasts_change_nothing(void **state)
{
    fixture *f = *state;
    /* a sphere inside the torso that reaches no plate */
    assert_int_equal(blast_add(f->bs, (float[3]){0, 1.375f, 0}, 0.08f), 0u);
    assert_int_equal(blast_add(f->bs, (float[3]){5, 1, 5}, 0.5f), 0u);
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++) assert_float_equal(blast_intact(f->bs, p), 1.0, 1e-6);
    assert_int_equal(blast_cut_islands(f->bs), 0);
    blast_ray_hit h = shoot(f->bs, 0, 1.4f);
    assert_int_equal(h.plate, ROBOT_PLATE_CHEST);
    assert_int_equal(blast_count(f->bs), 2);
}

static void intact_area_falls_with_blasts(void **state)
{
    fixture *f = *state;
    float prev = 1.0f;
    int n = 0;
    for (float y = 1.2f; y <= 1.56f; y += 0.09f)
        for (float x = -0.2f; x <= 0.2f; x += 0.09f) {
            blast_ray_hit h;
            if (!blast_raycast(f->bs, (float[3]){x, y, 3}, fwd, 10, &h) || h.plate != ROBOT_PLATE_CHEST) continue;
            blast_add(f->bs, h.pos, 0.06f);
            float now = blast_intact(f->bs, ROBOT_PLATE_CHEST);
            assert_true(now < prev);
            prev = now;
            n++;
        }
    assert_true(n >= 15);
    /* about 25 holes of ~0.8 * 6 cm over the front: well under the blow-off threshold */
    assert_true(prev < blast_blowoff_threshold(f->bs));
    assert_true(prev > 0.05f);
    /* other plates untouched */
    assert_float_equal(blast_intact(f->bs, ROBOT_PLATE_BACK), 1.0, 1e-6);
    assert_int_equal(blast_plates_attached(f->bs), ROBOT_PLATE_COUNT);
    blast_detach(f->bs, ROBOT_PLATE_CHEST);
    assert_int_equal(blast_plates_attached(f->bs), ROBOT_PLATE_COUNT - 1);
    blast_ray_hit h = shoot(f->bs, 0.1f, 1.45f);
    assert_int_equal(h.plate, -1); /* detached plates are not hit */
    blast_reset(f->bs);
    assert_int_equal(blast_plates_attached(f->bs), ROBOT_PLATE_COUNT);
    assert_float_equal(blast_intact(f->bs, ROBOT_PLATE_CHEST), 1.0, 1e-6);
    assert_int_equal(blast_count(f->bs), 0);
}

static int count_cut(const blast_state *bs, int n)
{
    const uint8_t *m = blast_cut_mask(bs);
    int c = 0;
    for (int i = 0; i < n * n; i++) c += m[i] != 0;
    return c;
}

/* A ring of holes frees a disc of armor: it is cut away on the outer face and the inner face. */
static void islands_cut_loose_are_cut_away(void **state)
{
    fixture *f = *state;
    const int n = f->r->atlas_size;
    blast_ray_hit c = shoot(f->bs, 0.05f, 1.38f);
    assert_int_equal(c.plate, ROBOT_PLATE_CHEST);
    assert_int_equal(count_cut(f->bs, n), 0);
    unsigned v0 = blast_cut_version(f->bs);
    for (int i = 0; i < 28; i++) {
        float a = 2.0f * GLM_PIf * (float)i / 28.0f;
        blast_ray_hit h = shoot(f->bs, 0.05f + 0.1f * cosf(a), 1.38f + 0.1f * sinf(a));
        /* neighbouring holes overlap, so some rays pass through to the body */
        if (h.plate == ROBOT_PLATE_CHEST) blast_add(f->bs, h.pos, 0.05f);
    }
    /* the centre is outside every sphere */
    assert_float_equal(blast_value_at(f->bs, ROBOT_PLATE_CHEST, c.pos), 0.0, 1e-6);
    assert_false(blast_is_hole(f->bs, ROBOT_PLATE_CHEST, c.pos, c.uv));
    float before = blast_intact(f->bs, ROBOT_PLATE_CHEST);
    int cut = blast_cut_islands(f->bs);
    assert_true(cut > 500);                       /* a disc of ~5 cm radius at ~390 texels/m */
    assert_true(blast_cut_version(f->bs) != v0);
    assert_true(blast_intact(f->bs, ROBOT_PLATE_CHEST) < before);
    assert_true(blast_is_hole(f->bs, ROBOT_PLATE_CHEST, c.pos, c.uv));
    /* the shell follows: inner face texels are cut too */
    assert_true(count_cut(f->bs, n) > cut + cut / 2);
    blast_ray_hit h = shoot(f->bs, 0.05f, 1.38f);
    assert_int_equal(h.plate, -1);
    /* the rest of the plate stays: far from the ring it is solid */
    blast_ray_hit far = shoot(f->bs, -0.15f, 1.25f);
    assert_int_equal(far.plate, ROBOT_PLATE_CHEST);
    /* nothing new to cut */
    assert_int_equal(blast_cut_islands(f->bs), 0);
}

/* A band of holes all around a tube (thigh) splits it: the smaller part is cut; the seam of the
 * unwrapped tube does not count as a split. */
static void tube_seam_is_not_a_cut(void **state)
{
    fixture *f = *state;
    /* one hole on the seam line at the back of the thigh (angle 0 is +z, seam at pu = 0 = +z) */
    const robot_plate *th = &f->r->plates[ROBOT_PLATE_THIGH_L];
    float x = th->rest[3][0], y = th->rest[3][1];
    blast_ray_hit h;
    assert_true(blast_raycast(f->bs, (float[3]){x, y, 3}, fwd, 10, &h));
    assert_int_equal(h.plate, ROBOT_PLATE_THIGH_L);
    blast_add(f->bs, h.pos, 0.05f);
    assert_int_equal(blast_cut_islands(f->bs), 0);
    /* a full ring of holes around the thigh, 8 cm above its middle, cuts off the top band */
    const float radius = 0.095f * (1.0f + 0.1f * (0.08f + 0.17f) / 0.34f);
    for (int i = 0; i < 24; i++) {
        float a = 2.0f * GLM_PIf * (float)i / 24.0f;
        blast_add(f->bs, (float[3]){x + radius * sinf(a), y + 0.08f, radius * cosf(a)}, 0.045f);
    }
    float before = blast_intact(f->bs, ROBOT_PLATE_THIGH_L);
    assert_true(blast_cut_islands(f->bs) > 200);
    float after = blast_intact(f->bs, ROBOT_PLATE_THIGH_L);
    /* the top band (less than half of what was left) went, the bottom stayed */
    assert_true(after < before && after > 0.3f);
    assert_true(blast_raycast(f->bs, (float[3]){x, y + 0.15f, 3}, fwd, 10, &h));
    assert_int_not_equal(h.plate, ROBOT_PLATE_THIGH_L);
    assert_true(blast_raycast(f->bs, (float[3]){x + 0.03f, y - 0.05f, 3}, fwd, 10, &h));
    assert_int_equal(h.plate, ROBOT_PLATE_THIGH_L);
}

/* Single holes on the seam of a closed band, at several heights: the rough edge leaves specks of
 * armor inside some of them, and none of that is a cut. Then a ring of holes all around the band,
 * 8 cm above its middle, cuts off the top. rx, rz: the tube's outer radii at its bottom row. */
static void check_tube_seam(blast_state *bs, const robot *r, int plate, float rx, float rz)
{
    const float x = r->plates[plate].rest[3][0], y = r->plates[plate].rest[3][1];
    /* the thigh band: y from -0.17 to 0.17 around its rest point, radii growing to 1.14 at the top */
    const float half = 0.17f, taper = 1.14f;
    for (int k = 0; k < 11; k++) {
        float dy = -0.1f + 0.02f * (float)k, g = 1.0f + (taper - 1.0f) * (dy + half) / (2.0f * half);
        blast_reset(bs);
        /* angle 0 is +z, the seam (pu = 0) */
        blast_add(bs, (float[3]){x, y + dy, g * rz}, 0.05f);
        assert_true(blast_intact(bs, plate) < 1.0f);
        assert_int_equal(blast_cut_islands(bs), 0);
    }
    blast_reset(bs);
    const float g = 1.0f + (taper - 1.0f) * (0.08f + half) / (2.0f * half);
    for (int i = 0; i < 24; i++) {
        float a = 2.0f * GLM_PIf * (float)i / 24.0f;
        blast_add(bs, (float[3]){x + g * rx * sinf(a), y + 0.08f, g * rz * cosf(a)}, 0.045f);
    }
    float before = blast_intact(bs, plate);
    assert_true(blast_cut_islands(bs) > 200);
    float after = blast_intact(bs, plate);
    assert_true(after < before && after > 0.3f);
    blast_ray_hit h;
    assert_true(blast_raycast(bs, (float[3]){x, y + 0.15f, 3}, fwd, 10, &h));
    assert_int_not_equal(h.plate, plate);
    assert_true(blast_raycast(bs, (float[3]){x, y - 0.05f, 3}, fwd, 10, &h));
    assert_int_equal(h.plate, plate);
    assert_int_equal(blast_cut_islands(bs), 0);
}

static void round_tube_seam_holes_are_not_cuts(void **state)
{
    fixture *f = *state;
    check_tube_seam(f->bs, f->r, ROBOT_PLATE_THIGH_L, 0.095f, 0.095f);
}

/* The same on an oval tube: the right thigh squeezed to rx 0.09 / rz 0.095 (its atlas unchanged,
 * so the seam still joins pu = 0 to pu = 1 row by row). */
static void oval_tube_seam_holes_are_not_cuts(void **state)
{
    (void)state;
    robot *r = robot_create(NULL);
    assert_non_null(r);
    mesh_data *m = &r->plates[ROBOT_PLATE_THIGH_R].mesh;
    for (int i = 0; i < m->vertex_count; i++) m->pos[i][0] *= 0.09f / 0.095f;
    blast_state *bs = blast_create(r, NULL);
    assert_non_null(bs);
    check_tube_seam(bs, r, ROBOT_PLATE_THIGH_R, 0.09f, 0.095f);
    blast_destroy(bs);
    robot_destroy(r);
}

/* Connected components run on a fixed 1024² grid: a larger atlas is refused with a message. */
static void atlas_beyond_the_island_grid_is_an_error(void **state)
{
    (void)state;
    robot *r = robot_create(&(robot_desc){.atlas_size = 2048});
    assert_non_null(r);
    int errors = log_error_count();
    assert_null(blast_create(r, NULL));
    assert_int_equal(log_error_count(), errors + 1);
    robot_destroy(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rough_threshold_is_noisy_and_bounded),
        cmocka_unit_test(atlas_beyond_the_island_grid_is_an_error),
        cmocka_unit_test_setup(ray_passes_through_a_hole_to_the_body, reset),
        cmocka_unit_test_setup(ray_through_a_hole_reaches_the_far_side_of_a_plate, reset),
        cmocka_unit_test_setup(body_and_far_blasts_change_nothing, reset),
        cmocka_unit_test_setup(intact_area_falls_with_blasts, reset),
        cmocka_unit_test_setup(islands_cut_loose_are_cut_away, reset),
        cmocka_unit_test_setup(tube_seam_is_not_a_cut, reset),
        cmocka_unit_test_setup(round_tube_seam_holes_are_not_cuts, reset),
        cmocka_unit_test(oval_tube_seam_holes_are_not_cuts),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
