/* Range gameplay on the CPU: a blown-off plate flies under gravity, lands and burns away; the
 * knock-back spring returns to rest without a large swing back; respawn goes out -> in -> alive
 * in the stated times and restores the robot once, at the swap; shots knock and blasts blow off;
 * shots through a plate's holes load it until it is torn off. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>

#include "base/alloc.h"
#include "damage/scene/range_play.h"

#define DT (1.0f / 60.0f)

typedef struct fixture {
    robot *r;
    blast_state *bs;
    range_play *rp;
} fixture;

static int setup(void **state)
{
    static fixture f;
    f.r = robot_create(NULL);
    f.bs = blast_create(f.r, NULL);
    f.rp = ALLOC_STRUCT(range_play);
    *state = &f;
    return f.bs && f.rp ? 0 : -1;
}

static int teardown(void **state)
{
    fixture *f = *state;
    free(f->rp);
    blast_destroy(f->bs);
    robot_destroy(f->r);
    return 0;
}

static int fresh(void **state)
{
    fixture *f = *state;
    blast_reset(f->bs);
    range_play_init(f->rp, f->r, 1);
    return 0;
}

static void plate_flies_lands_and_dissolves(void **state)
{
    fixture *f = *state;
    range_play *rp = f->rp;
    const int p = ROBOT_PLATE_SHOULDER_L;
    float start[3];
    range_play_blow_off(rp, p, (float[3]){0, 0, -1}, start);
    assert_false(rp->attached[p]);
    assert_true(rp->fly[p].active);
    const float floor_y = f->r->plates[p].radius * RANGE_PLAY_FLOOR;
    const float axis0 = hypotf(start[0], start[2]);
    float top = start[1], prev_amount = 0.0f, t = 0.0f;
    bool landed = false, rose = false, gone = false;
    while (t < RANGE_PLAY_PLATE_LIFE + 0.2f) {
        range_play_update(rp, DT);
        t += DT;
        const range_plate_flight *fl = &rp->fly[p];
        float amount = rp->plate_dissolve[p].amount;
        if (fl->active) {
            assert_true(fl->pos[1] >= floor_y - 1e-5f); /* never through the ground */
            if (fl->pos[1] > top) top = fl->pos[1];
            rose |= fl->pos[1] > start[1] + 0.1f;
            landed |= fabsf(fl->pos[1] - floor_y) < 1e-5f;
            assert_true(amount >= prev_amount); /* burns away, never back */
            if (t < 0.7f) assert_float_equal(amount, 0.0f, 0.0f);
            /* the model matrix carries the plate's centre to where it flies */
            vec3 c;
            glm_mat4_mulv3(rp->models[p], f->r->plates[p].center, 1.0f, c);
            assert_float_equal(c[1], fl->pos[1], 1e-4f);
            assert_true(rp->visible[p]);
        } else {
            gone = true;
            assert_false(rp->visible[p]);
        }
        if (t > RANGE_PLAY_PLATE_LIFE - 0.1f + DT && fl->active) assert_float_equal(amount, 1.0f, 0.0f);
        prev_amount = amount;
    }
    assert_true(rose);   /* thrown up first */
    assert_true(landed); /* then on the ground */
    assert_true(gone);
    assert_true(top > start[1] + 0.2f);
    /* thrown away from the robot's axis */
    assert_true(hypotf(rp->fly[p].pos[0], rp->fly[p].pos[2]) > axis0 + 0.5f);
    /* the other plates never moved */
    for (int q = 0; q < ROBOT_PLATE_COUNT; q++)
        if (q != p) assert_true(rp->attached[q] && rp->visible[q]);
}

static void spring_returns_to_rest(void **state)
{
    fixture *f = *state;
    range_play *rp = f->rp;
    range_play_knock(rp, (float[3]){1, 0, 0});
    range_play_knock(rp, (float[3]){1, 0, 0});
    float peak = 0.0f, back = 0.0f;
    for (int i = 0; i < 120; i++) {
        range_play_update(rp, DT);
        peak = fmaxf(peak, rp->knock[0]);
        back = fminf(back, rp->knock[0]);
        assert_float_equal(rp->knock[1], 0.0f, 0.0f); /* horizontal only */
        assert_float_equal(rp->knock[2], 0.0f, 0.0f);
        assert_float_equal(rp->root[3][0], rp->knock[0], 0.0f);
    }
    assert_true(peak > 0.002f && peak < 0.02f); /* millimetres per hit, not decimetres */
    assert_true(-back < 0.15f * peak);          /* damping ratio 0.58: ~11 % swing back */
    assert_true(fabsf(rp->knock[0]) < 1e-4f && fabsf(rp->knock_vel[0]) < 1e-3f); /* settled in 2 s */
}

static void respawn_out_in_alive(void **state)
{
    fixture *f = *state;
    range_play *rp = f->rp;
    float c[3];
    range_play_blow_off(rp, ROBOT_PLATE_CHEST, (float[3]){0, 0, -1}, c);
    range_play_knock(rp, (float[3]){0, 0, -1});
    range_play_update(rp, DT);
    assert_true(range_play_can_fire(rp));
    range_play_respawn(rp);
    int resets = 0, steps = 0;
    float t = 0.0f, t_reset = -1.0f, prev = 0.0f;
    while (rp->phase != RANGE_PLAY_ALIVE || steps == 0) {
        unsigned ev = range_play_update(rp, DT);
        t += DT;
        steps++;
        if (steps == 10) range_play_respawn(rp); /* ignored: one is running */
        assert_false(range_play_can_fire(rp) && rp->phase != RANGE_PLAY_ALIVE);
        if (ev & RANGE_PLAY_RESET) {
            resets++;
            t_reset = t;
            assert_float_equal(rp->robot_amount, 1.0f, 0.0f); /* fully out when restored */
            for (int p = 0; p < ROBOT_PLATE_COUNT; p++) assert_true(rp->attached[p] && !rp->fly[p].active);
            assert_float_equal(glm_vec3_norm(rp->knock), 0.0f, 0.0f);
        } else if (t_reset < 0.0f) {
            assert_true(rp->robot_amount >= prev); /* dissolving out */
            assert_false(rp->attached[ROBOT_PLATE_CHEST]);
        } else if (rp->phase == RANGE_PLAY_IN) {
            assert_true(rp->robot_amount <= prev); /* coming back */
        }
        prev = rp->robot_amount;
        assert_true(steps < 200);
    }
    assert_int_equal(resets, 1);
    assert_true(t_reset >= RANGE_PLAY_RESPAWN_OUT - 1e-4f && t_reset < RANGE_PLAY_RESPAWN_OUT + DT);
    assert_true(t - t_reset >= RANGE_PLAY_RESPAWN_IN - 1e-4f && t - t_reset < RANGE_PLAY_RESPAWN_IN + DT);
    assert_float_equal(rp->robot_amount, 0.0f, 0.0f);
    assert_true(range_play_can_fire(rp));
    /* the body's dissolve follows the robot amount and burns from the head down */
    dissolve_params d;
    range_play_robot_dissolve(rp, &d);
    assert_int_equal(d.shape, DISSOLVE_SHAPE_DIRECTION);
    assert_true(d.from[1] > 2.0f && d.to[1] < 0.0f);
}

static void shots_knock_and_blasts_blow_off(void **state)
{
    fixture *f = *state;
    range_play *rp = f->rp;
    range_play_hit h;
    /* at the chest from the front: armor, in front of the robot */
    assert_true(range_play_shoot(rp, f->bs, (float[3]){0, 1.35f, 3}, (float[3]){0, 0, -1}, &h));
    assert_int_equal(h.plate, ROBOT_PLATE_CHEST);
    assert_true(h.pos[2] > 0.0f && h.normal[2] > 0.0f);
    assert_true(rp->knock_vel[2] < 0.0f);
    /* over its head: a miss, counted as a shot */
    assert_false(range_play_shoot(rp, f->bs, (float[3]){0, 3.5f, 3}, (float[3]){0, 0, -1}, &h));
    assert_int_equal(rp->shots, 2);
    assert_int_equal(rp->hits_armor, 1);
    /* blasting the chest until it goes */
    range_play_blasted b = {0};
    int n = 0;
    while (!(b.blown >> ROBOT_PLATE_CHEST & 1u) && n < 60) {
        float w[3] = {-0.15f + 0.1f * (float)(n % 4), 1.2f + 0.1f * (float)(n / 4 % 5), 0.3f};
        assert_true(range_play_shoot(rp, f->bs, (float[3]){w[0], w[1], 3}, (float[3]){0, 0, -1}, &h));
        if (h.plate >= 0) b = range_play_blast(rp, f->bs, h.pos_bind, 0.12f, (float[3]){0, 0, -1});
        n++;
    }
    assert_true(b.blown >> ROBOT_PLATE_CHEST & 1u);
    assert_false(rp->attached[ROBOT_PLATE_CHEST]);
    assert_int_equal(blast_plates_attached(f->bs), ROBOT_PLATE_COUNT - 1);
    assert_int_equal(rp->blown_off, 1);
    assert_true(b.centre[ROBOT_PLATE_CHEST][1] > 1.0f); /* it starts where it was: on the chest */
    /* a shell on the chest for the bench: most of 15 rays now pass through the hole */
    float sp[RANGE_PLAY_SHELL][4];
    int hits = range_play_shell_spheres(rp, f->bs, sp);
    assert_true(hits > 0 && hits <= RANGE_PLAY_SHELL);
}

/* Pellets through a hole load the plate they passed: a hole-riddled chest is torn off its mounts
 * while most of it is still intact, and not before its load reaches the stated share of its area. */
static void shots_through_holes_load_the_plate(void **state)
{
    fixture *f = *state;
    range_play *rp = f->rp;
    range_play_hit h;
    const float org[3] = {0, 1.35f, 3}, dir[3] = {0, 0, -1};
    assert_true(range_play_shoot(rp, f->bs, org, dir, &h));
    assert_int_equal(h.plate, ROBOT_PLATE_CHEST);
    assert_int_equal(h.passed_plate, -1);
    range_play_blast(rp, f->bs, h.pos_bind, 0.06f, dir);
    range_play_blasted b = range_play_load(rp, f->bs, &h, 0.06f);
    assert_int_equal(b.blown, 0);
    /* the same line again: through the hole, into the body behind the chest */
    const float r = 0.05f, area = f->r->plates[ROBOT_PLATE_CHEST].area;
    const int need = (int)ceilf((RANGE_PLAY_BLOWOFF_LOAD * area - (float)GLM_PI * 0.06f * 0.06f) / ((float)GLM_PI * r * r));
    int n = 0;
    while (!(b.blown >> ROBOT_PLATE_CHEST & 1u) && n < 500) {
        assert_true(range_play_shoot(rp, f->bs, org, dir, &h));
        assert_int_equal(h.plate, -1);
        assert_int_equal(h.passed_plate, ROBOT_PLATE_CHEST);
        b = range_play_load(rp, f->bs, &h, r);
        n++;
    }
    assert_true(b.blown >> ROBOT_PLATE_CHEST & 1u);
    assert_true(abs(n - need) <= 1);
    assert_true(blast_intact(f->bs, ROBOT_PLATE_CHEST) > 0.9f);
    assert_false(rp->attached[ROBOT_PLATE_CHEST]);
    assert_int_equal(rp->blown_off, 1);
    /* a load on a plate that is gone does nothing */
    b = range_play_load(rp, f->bs, &h, r);
    assert_int_equal(b.blown, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(plate_flies_lands_and_dissolves, fresh),
        cmocka_unit_test_setup(spring_returns_to_rest, fresh),
        cmocka_unit_test_setup(respawn_out_in_alive, fresh),
        cmocka_unit_test_setup(shots_knock_and_blasts_blow_off, fresh),
        cmocka_unit_test_setup(shots_through_holes_load_the_plate, fresh),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
