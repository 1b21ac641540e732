/* Every body leaves its mark (issue 50 item 4): a body primitive (mudfield_body) on the CPU field
 * lowers the mud to the body's bottom and moves exactly that volume into its berm, rounds like the
 * body (a sphere's dent is round, a box's square, a trunk's a trough whose pieces join without a
 * hump), does nothing when stamped again in place; in the physics world a chunk, a rock and a
 * felled tree mark the mud through mud_sim's primitives, stop once at rest, and a step stamps at
 * most MUD_SIM_MAX_MARKS body primitives. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "mud/core/physics.h"

#define DT (1.0f / 60.0f)
#define SP MUDFIELD_SPACING
#define STEP_M3 (MUDFIELD_HEIGHT_STEP * SP * SP)

static terrain *flat(void)
{
    return terrain_create(&(terrain_desc){.level_size = 64, .flat = true, .flat_height = 4.0f, .flat_softness = 1.0f, .flat_mud = 1.0f});
}

/* the mud height of global texel (gx, gz) */
static float texel(const mudfield *mf, int gx, int gz) { return mudfield_mud_height(mf, (float)gx * SP, (float)gz * SP); }

/* Stamps b, checks the volume moved exactly (in whole steps) and returns the volume displaced. */
static double stamp(mudfield *mf, const mudfield_body *b)
{
    mudfield_stamp_geom g;
    assert_true(mudfield_body_layout(mf, b, &g));
    assert_true(g.gx1 - g.gx0 < MUDFIELD_STAMP_MAX && g.gz1 - g.gz0 < MUDFIELD_STAMP_MAX);
    double before = mudfield_volume(mf), moved = mudfield_stamp_geom_apply(mf, &g);
    assert_true(fabs(mudfield_volume(mf) - before) < 1e-3 * STEP_M3); /* not one step lost or made */
    return moved;
}

static void a_box_presses_its_bottom_and_heaps_a_berm(void **state)
{
    (void)state;
    terrain *t = flat();
    mudfield *mf = mudfield_create(t, NULL);
    /* a 1.2 m box turned 37 degrees, its bottom 0.2 m down */
    const float cx = 20.3f, cz = 20.2f, ax = 0.8f, az = 0.6f;
    const mudfield_body box = {.center = {cx, 4.0f - 0.2f, cz}, .axis = {ax, az}, .half = {0.6f, 0.6f}, .radius = 0.15f,
                               .penetration = 0.2f};
    double moved = stamp(mf, &box);
    assert_true(moved > 0.2 && moved < 0.6); /* about 1.2 x 1.2 x 0.2 m, its rounded edges less */
    int flat_part = 0, raised = 0, far = 0;
    for (int gz = 120; gz <= 200; gz++)
        for (int gx = 120; gx <= 200; gx++) {
            float dx = (float)gx * SP - cx, dz = (float)gz * SP - cz, u = dx * ax + dz * az, v = dx * az - dz * ax;
            float out = fmaxf(fabsf(u), fabsf(v)), h = texel(mf, gx, gz);
            if (out <= 0.6f - 0.15f) { /* the flat bottom: 0.2 m down, on the 1 mm grid */
                assert_float_equal(h, -0.2f, 0.5f * MUDFIELD_HEIGHT_STEP + 1e-4f);
                flat_part++;
            } else if (out > 0.6f + 0.07f + 0.16f) { /* past the footprint and its shoulder: never lowered */
                assert_true(h >= 0.0f);
                raised += h > 0.0f;
                if (out > 0.6f + 0.07f + 0.6f + 0.3f + 0.2f) far += h != 0.0f; /* past the berm (0.6 + half its size) */
            }
        }
    assert_true(flat_part > 40);
    assert_true(raised > flat_part); /* the berm all round it */
    assert_int_equal(far, 0);
    /* stamped again where it lies: nothing moves */
    assert_true(stamp(mf, &box) == 0.0);
    mudfield_destroy(mf);
    terrain_destroy(t);
}

static void a_sphere_leaves_a_round_dent(void **state)
{
    (void)state;
    terrain *t = flat();
    mudfield *mf = mudfield_create(t, NULL);
    const float cx = 30.05f, cz = 29.9f, r = 0.5f, p = 0.25f;
    stamp(mf, &(mudfield_body){.center = {cx, 4.0f - p, cz}, .axis = {1, 0}, .half = {r, r}, .radius = r, .penetration = p});
    const float chord = sqrtf(2.0f * r * p - p * p); /* the dent's rim: 0.43 m */
    float deepest = 0.0f;
    int corners = 0;
    for (int gz = 220; gz <= 255; gz++)
        for (int gx = 220; gx <= 255; gx++) {
            float dx = (float)gx * SP - cx, dz = (float)gz * SP - cz, d = sqrtf(dx * dx + dz * dz), h = texel(mf, gx, gz);
            deepest = fminf(deepest, h);
            if (d < chord - 0.1f) /* the sphere's bottom */
                assert_float_equal(h, -p + r - sqrtf(r * r - d * d), 0.5f * MUDFIELD_HEIGHT_STEP + 1e-4f);
            /* the footprint's square corners (a wheel's rectangle) stay out of a round body's dent */
            if (fabsf(dx) < chord && fabsf(dz) < chord && d > chord + 0.07f + 0.16f) corners += h < 0.0f;
        }
    assert_float_equal(deepest, -p, 0.02f);
    assert_int_equal(corners, 0);
    mudfield_destroy(mf);
    terrain_destroy(t);
}

/* A trunk 6 m long lying on a slope (its foot 0.15 m, its crown 0.45 m down) in two joined pieces
 * of 3 m (as physics_marks.c cuts one): the trough's floor runs on across the joint without a
 * hump, no berm falls into it, and the berm beside it hands over from one piece's to the other's
 * along a ramp, though the deeper piece pressed twice the mud away. */
static void a_trunk_in_pieces_leaves_one_trough(void **state)
{
    (void)state;
    terrain *t = flat();
    mudfield *mf = mudfield_create(t, NULL);
    const float r = 0.18f, z0 = 25.0f, x0 = 30.2f, slope = -0.05f; /* deeper along +z */
    for (int k = 0; k < 2; k++) {
        float off = 1.5f - 3.0f * (float)k, y = -0.3f + slope * off;
        stamp(mf, &(mudfield_body){.center = {x0, 4.0f + y, z0 + off}, .axis = {0, 1}, .half = {1.5f + r, r}, .radius = r,
                                   .slope = {slope, 0}, .penetration = -y + 1.5f * fabsf(slope), .joined = k == 0 ? 2u : 1u});
    }
    const int gx = (int)lrintf(x0 / SP);
    int along = 0;
    float crest_prev = -1.0f, jump = 0.0f, crest_lo = 1.0f, crest_hi = 0.0f;
    for (int gz = (int)ceilf((z0 - 2.8f) / SP); gz <= (int)floorf((z0 + 2.8f) / SP); gz++) {
        float z = (float)gz * SP, h = fminf(texel(mf, gx, gz), texel(mf, gx + 1, gz)); /* the texel nearest the axis */
        assert_float_equal(h, fmaxf(-0.3f + slope * (z - z0), -0.5f), 0.02f);       /* the trough's floor, the joint too */
        along++;
        if (fabsf(z - z0) > 2.2f) continue; /* the ends' berm rounds off */
        float crest = 0.0f;
        for (int i = 3; i < 14; i++) crest = fmaxf(crest, texel(mf, gx + i, gz)); /* the berm beside it */
        if (crest_prev >= 0.0f) jump = fmaxf(jump, fabsf(crest - crest_prev));
        crest_prev = crest;
        crest_lo = fminf(crest_lo, crest);
        crest_hi = fmaxf(crest_hi, crest);
    }
    print_message("trunk in two pieces: berm crest %.3f .. %.3f m, largest step between rows %.4f m\n", (double)crest_lo,
                  (double)crest_hi, (double)jump);
    assert_true(along > 40);
    assert_true(crest_lo > 0.01f && crest_hi > 1.5f * crest_lo); /* the deeper piece's berm is higher */
    /* and it grows along a ramp over the joint's metre (one piece's berm alone would step there) */
    assert_true(jump <= (crest_hi - crest_lo) / 6.0f);
    mudfield_destroy(mf);
    terrain_destroy(t);
}

static mud_sim *flat_sim(void)
{
    return mud_sim_create(&(mud_sim_desc){.terrain = {.level_size = 128, .flat = true, .flat_height = 4.0f, .flat_softness = 1.0f,
                                                       .flat_mud = 1.0f}});
}

static long long run(mud_physics *ph, mud_sim *sim, float seconds, int *most)
{
    long long before = mud_sim_marks_total(sim);
    for (int f = 0; f < (int)lrintf(seconds * 60.0f); f++) {
        mud_physics_drive(ph, &(vehicle_input){0}, DT);
        mud_sim_stamp(sim);
        int n;
        mud_sim_prims(sim, &n);
        assert_int_equal(n, mud_sim_stamps_last_step(sim) + mud_sim_marks_last_step(sim)); /* the GPU gets them all */
        assert_true(mud_sim_marks_last_step(sim) <= MUD_SIM_MAX_MARKS);
        if (most && mud_sim_marks_last_step(sim) > *most) *most = mud_sim_marks_last_step(sim);
    }
    return mud_sim_marks_total(sim) - before;
}

/* A chunk, a rock and a felled tree mark the mud while they sink and settle, then no more; many
 * chunks at once wait their turn within the per-step bound. */
static void bodies_mark_the_mud_and_stop_at_rest(void **state)
{
    (void)state;
    mud_sim *sim = flat_sim();
    mud_physics *ph = mud_physics_create(sim, &(mud_physics_desc){.seed = 4});
    mudfield *mf = mud_sim_field(sim);
    mud_sim_place_truck(sim, 40, 40, 0);
    int c = mud_physics_add_chunk(ph, 56, 50, 1.2f);
    mud_physics_add_plant(ph, PLANT_ROCK, 50, 60, 0.6f);
    int tree = mud_physics_add_plant(ph, PLANT_TREE, 62, 60, 8.0f);
    const float at = 2.0f, f = 1.5f * plant_tree_break_force(8.0f, at);
    for (int k = 0; k < 60 && !plants_get(mud_physics_plants(ph), tree)->down; k++) {
        mud_physics_push_plant(ph, tree, (float[3]){f, 0, 0}, at); /* over towards +x */
        run(ph, sim, DT, NULL);
    }
    assert_true(plants_get(mud_physics_plants(ph), tree)->down);
    long long settling = run(ph, sim, 6.0f, NULL);
    assert_true(settling > 3);
    assert_int_equal(run(ph, sim, 2.0f, NULL), 0); /* at rest: nothing more */
    int cap;
    const mud_chunk *ch = mud_physics_chunks(ph, &cap);
    float bottom = ch[c].pos[1] - 0.5f * chunk_height(1.2f);
    assert_true(mudfield_surface_height(mf, ch[c].pos[0], ch[c].pos[2]) <= bottom + 0.01f); /* its dent */
    assert_true(mudfield_mud_height(mf, ch[c].pos[0], ch[c].pos[2]) < -0.1f);
    assert_true(mudfield_mud_height(mf, 50, 60) < -0.2f); /* the rock sank to the floor 0.5 m down */
    /* the trunk lies along +x from its foot: a trough the length of it */
    const plant *p = plants_get(mud_physics_plants(ph), tree);
    int trough = 0;
    for (float x = 62.5f; x < 69.5f; x += 0.25f) trough += mudfield_mud_height(mf, x, p->pos[2]) < -0.1f;
    print_message("chunk dent %.3f m, rock %.3f m, trough %d of 28 samples\n", (double)mudfield_mud_height(mf, ch[c].pos[0], ch[c].pos[2]),
                  (double)mudfield_mud_height(mf, 50, 60), trough);
    assert_true(trough >= 24);
    /* the bodies' marks (and the wheels') moved the mud, made none: 0 steps, up to the float sum's rounding */
    assert_true(fabs(mudfield_volume(mf)) < 0.01 * STEP_M3);
    /* 30 chunks dropped at once: at most MUD_SIM_MAX_MARKS primitives a step, every one marked */
    int first = -1, most = 0;
    for (int k = 0; k < 30; k++) {
        int i = mud_physics_add_chunk(ph, 44.0f + 1.6f * (float)(k % 10), 30.0f + 1.6f * (float)(k / 10), 0.8f);
        first = first < 0 ? i : first;
    }
    run(ph, sim, 4.0f, &most);
    assert_int_equal(most, MUD_SIM_MAX_MARKS);
    for (int k = 0; k < 30; k++)
        assert_true(mudfield_mud_height(mf, ch[first + k].pos[0], ch[first + k].pos[2]) < -0.05f);
    mud_physics_destroy(ph);
    mud_sim_destroy(sim);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_box_presses_its_bottom_and_heaps_a_berm),
        cmocka_unit_test(a_sphere_leaves_a_round_dent),
        cmocka_unit_test(a_trunk_in_pieces_leaves_one_trough),
        cmocka_unit_test(bodies_mark_the_mud_and_stop_at_rest),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
