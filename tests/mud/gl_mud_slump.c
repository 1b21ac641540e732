/* Ruts that slump and refill (mud/core/mudfield_slump.h): a 20 cm rut's walls, steeper than the
 * mud's angle of repose, slump to it within 5 s with the volume unchanged; with mud.refill 1 the
 * rut is at most 70 % as deep after 60 s; the GPU's layers (pass mud.slump) and an evicted layer
 * stepped on the CPU stay equal to the CPU field byte for byte; ruts across the grid (45 and 33 deg)
 * slump to straight walls of one slope (no staircase, no scallops). Prints the slump's cost per
 * step on the CPU and on the GPU. */
#include "testgl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mud/core/mud_sim.h"
#include "mud/core/mudfield_slump.h"
#include "mud/mud.h"

#define R MUDFIELD_RES
#define SEG (MUDFIELD_RES - 1)
#define STEP_HZ 60

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

/* A straight rut 20 cm below the base level along z at x, from z0 to z1, stamped into the CPU
 * field and queued for the GPU alike. */
static void stamp_rut(mudfield *mf, mud_renderer *mr, float x, float z0, float z1)
{
    for (float z = z0; z <= z1; z += 0.1f) {
        mudfield_wheel w = {.center = {x, 4.0f + 0.55f - 0.2f, z}, .radius = 0.55f, .width = 0.42f, .forward = {0.0f, 1.0f},
                            .velocity = {0.0f, 2.0f}, .penetration = 0.2f};
        mudfield_stamp_geom g;
        assert_true(mudfield_stamp_layout(mf, &w, &g));
        mudfield_stamp_geom_apply(mf, &g);
        mud_renderer_queue(mr, &g, 1);
    }
}

/* A straight rut 20 cm below the base level centred on (x, z), heading deg degrees from +z towards
 * +x, len metres long, stamped every 10 cm into the CPU field and queued for the GPU alike. */
static void stamp_slanted_rut(mudfield *mf, mud_renderer *mr, float x, float z, float deg, float len)
{
    const float fx = sinf(deg * 0.017453293f), fz = cosf(deg * 0.017453293f);
    for (float s = -0.5f * len; s <= 0.5f * len; s += 0.1f) {
        mudfield_wheel w = {.center = {x + fx * s, 4.0f + 0.55f - 0.2f, z + fz * s}, .radius = 0.55f, .width = 0.42f, .forward = {fx, fz},
                            .velocity = {2.0f * fx, 2.0f * fz}, .penetration = 0.2f};
        mudfield_stamp_geom g;
        assert_true(mudfield_stamp_layout(mf, &w, &g));
        mudfield_stamp_geom_apply(mf, &g);
        mud_renderer_queue(mr, &g, 1);
    }
}

/* The rut's depth (metres below the base level): the mean over the rows of its middle metre of the
 * lowest height in the row. */
static double rut_depth(const uint16_t *h, int zmid)
{
    double sum = 0;
    int rows = 0;
    for (int j = zmid - 4; j <= zmid + 4; j++, rows++) {
        int lo = MUDFIELD_HEIGHT_ZERO;
        for (int i = 1; i < SEG; i++) lo = h[j * R + i] < lo ? h[j * R + i] : lo;
        sum += (double)(MUDFIELD_HEIGHT_ZERO - lo) * MUDFIELD_HEIGHT_STEP;
    }
    return sum / rows;
}

/* The steepest step between 4-neighbours inside the block (the border's texels stay put), in
 * height steps. */
static int steepest(const uint16_t *h)
{
    int m = 0;
    for (int j = 1; j < SEG; j++)
        for (int i = 1; i < SEG; i++) {
            int k = j * R + i;
            if (i + 1 < SEG) m = abs(h[k] - h[k + 1]) > m ? abs(h[k] - h[k + 1]) : m;
            if (j + 1 < SEG) m = abs(h[k] - h[k + R]) > m ? abs(h[k] - h[k + R]) : m;
        }
    return m;
}

/* The largest height difference across a diagonal of the interior (the 8-neighbour rule's T_d). */
static int steepest_diag(const uint16_t *h)
{
    int m = 0;
    for (int j = 1; j + 1 < SEG; j++)
        for (int i = 1; i + 1 < SEG; i++) {
            int k = j * R + i, a = abs(h[k] - h[k + R + 1]), b = abs(h[k + 1] - h[k + R]);
            m = a > m ? a : m;
            m = b > m ? b : m;
        }
    return m;
}

/* The block's mud volume in height steps (exact: the rule moves whole steps). */
static long long steps_volume(const uint16_t *h)
{
    long long v = 0;
    for (int k = 0; k < R * R; k++) v += (long long)h[k] - MUDFIELD_HEIGHT_ZERO;
    return v;
}

/* Every block the CPU field holds and the GPU has resident: its 16-bit heights equal. */
static int gpu_equals_cpu(mud_renderer *mr, mudfield *mf, int nb)
{
    static uint16_t gh[R * R];
    int compared = 0;
    for (int bz = 0; bz < nb; bz++)
        for (int bx = 0; bx < nb; bx++) {
            const uint16_t *ch = mudfield_block_heights(mf, bx, bz);
            if (!ch || mud_renderer_slot(mr, bx, bz) < 0) continue;
            assert_true(mud_renderer_read_block_heights(mr, bx, bz, gh));
            assert_memory_equal(gh, ch, sizeof gh);
            compared++;
        }
    return compared;
}

/* Steps of the sim (the truck parked far off) with the GPU's stamp pass every 4 (a frame), the
 * renderer centred on eye. */
static void run(mud_sim *sim, mud_renderer *mr, const float eye[3], int steps)
{
    for (int s = 0; s < steps; s++) {
        mud_sim_stamp(sim);
        mud_renderer_queue_step(mr, sim);
        if (s % 4 == 3 || s == steps - 1) {
            mud_renderer_update(mr, eye);
            mud_renderer_stamp(mr);
        }
    }
}

typedef struct rut { mud_sim *sim; mud_renderer *mr; mudfield *mf; const uint16_t *h; } rut;

/* A 64 m flat level of soft mud, the truck parked in the first block, a rut along z at x = 40 in
 * block (2, 2), drawn on both sides. */
static rut make_rut(float repose_deg, float refill)
{
    rut r;
    r.sim = mud_sim_create(&(mud_sim_desc){.terrain = {.level_size = 64, .flat = true, .flat_height = 4.0f, .flat_softness = 0.8f, .flat_mud = 1.0f}});
    assert_non_null(r.sim);
    mud_sim_place_truck(r.sim, 8.0f, 8.0f, 0.0f);
    mud_sim_set_slump(r.sim, repose_deg, refill);
    r.mf = mud_sim_field(r.sim);
    r.mr = mud_renderer_create(&(mud_renderer_desc){.field = r.mf, .slots = 8});
    assert_non_null(r.mr);
    stamp_rut(r.mf, r.mr, 40.0f, 36.0f, 44.0f);
    mud_renderer_update(r.mr, (vec3){40, 4, 40});
    mud_renderer_stamp(r.mr);
    r.h = mudfield_block_heights(r.mf, 2, 2);
    assert_non_null(r.h);
    return r;
}

#define ZMID ((int)lroundf((40.0f - 32.0f) / MUDFIELD_SPACING))

static void walls_slump_to_the_repose_angle_volume_kept(void **state)
{
    (void)state;
    rut r = make_rut(MUD_SIM_REPOSE_DEG, 0.0f);
    mudfield_slump_rule rule = mudfield_slump_rule_of(MUD_SIM_REPOSE_DEG, false, false);
    double depth0 = rut_depth(r.h, ZMID);
    int steep0 = steepest(r.h);
    long long vol0 = steps_volume(r.h);
    double field0 = mudfield_volume(r.mf);
    print_message("a rut %.3f m deep, walls %d mm per texel (%.0f deg; repose %.0f deg = %d mm)\n", depth0, steep0,
                  atan(steep0 * MUDFIELD_HEIGHT_STEP / MUDFIELD_SPACING) * 57.29577951308232, MUD_SIM_REPOSE_DEG, rule.threshold);
    assert_true(depth0 > 0.18 && depth0 < 0.22); /* a 20 cm rut */
    assert_true(steep0 > rule.threshold + 50);   /* the stamp's walls stand steeper than the repose */
    assert_true(gpu_equals_cpu(r.mr, r.mf, 4) >= 1);

    run(r.sim, r.mr, (float[3]){40, 4, 40}, 5 * STEP_HZ);
    double depth1 = rut_depth(r.h, ZMID);
    int steep1 = steepest(r.h);
    const mud_renderer_stats *st = mud_renderer_get_stats(r.mr);
    print_message("after 5 s: %.3f m deep, walls %d mm per texel (%.1f deg), volume %lld -> %lld steps (%.6f -> %.6f m^3), "
                  "%lld mud.slump passes, %d blocks unsettled\n",
                  depth1, steep1, atan(steep1 * MUDFIELD_HEIGHT_STEP / MUDFIELD_SPACING) * 57.29577951308232, vol0,
                  steps_volume(r.h), field0, mudfield_volume(r.mf), st->slump_passes_total, mudfield_unsettled_blocks(r.mf));
    /* at most the angle of repose plus a texel's slack (one height step over a texel), side by
     * side and across the diagonals (the rut's ends and the stamp's rounding) */
    print_message("across the diagonals: %d mm (T_d %d)\n", steepest_diag(r.h), rule.threshold_diag);
    assert_true(steep1 <= rule.threshold + 1);
    assert_true(steepest_diag(r.h) <= rule.threshold_diag + 1);
    assert_true(steps_volume(r.h) == vol0); /* conserved exactly */
    assert_true(depth1 > 0.5 * depth0);     /* the defaults keep their ruts (mud.refill 0) */
    assert_true(st->slump_passes_total > 10);
    assert_true(gpu_equals_cpu(r.mr, r.mf, 4) >= 1);
    assert_true(mudfield_unsettled_blocks(r.mf) <= 1); /* settled: no more passes (the truck's block may still run) */
    long long passes = st->slump_passes_total;
    run(r.sim, r.mr, (float[3]){40, 4, 40}, STEP_HZ);
    print_message("the next second: %lld passes\n", st->slump_passes_total - passes);
    assert_true(st->slump_passes_total - passes <= STEP_HZ / MUDFIELD_SLUMP_STEPS); /* at most the truck's block */

    /* what a step costs: the CPU rule over the rut's block, and the GPU pass over a whole layer */
    static uint16_t h[R * R], tmp[R * R];
    static uint8_t px[R * R * 4];
    memcpy(px, mudfield_block_texels(r.mf, 2, 2), sizeof px);
    memcpy(h, r.h, sizeof h);
    mudfield_slump_rule refill = mudfield_slump_rule_of(MUD_SIM_REPOSE_DEG, true, true);
    double t0 = now_ms();
    for (int k = 0; k < 50; k++) mudfield_slump_heights(h, px, &refill, tmp, NULL);
    double cpu_ms = (now_ms() - t0) / 50;
    int block = 2 * 4 + 2;
    glFinish();
    t0 = now_ms();
    for (int k = 0; k < 20; k++) mud_renderer_queue_slump(r.mr, &block, NULL, 1, &rule);
    mud_renderer_stamp(r.mr);
    glFinish();
    double gpu_ms = (now_ms() - t0) / 20;
    print_message("a step of a whole block: CPU %.3f ms (mudfield_slump_heights, refill on), GPU %.3f ms (mud.slump, glFinish around 20)\n",
                  cpu_ms, gpu_ms);
    testgl_assert_no_error();
    mud_renderer_destroy(r.mr);
    mud_sim_destroy(r.sim);
}

static void refill_fills_the_rut_within_a_minute(void **state)
{
    (void)state;
    rut r = make_rut(MUD_SIM_REPOSE_DEG, 1.0f);
    double depth0 = rut_depth(r.h, ZMID);
    long long vol0 = steps_volume(r.h);
    double at[4];
    for (int q = 0; q < 4; q++) {
        run(r.sim, r.mr, (float[3]){40, 4, 40}, 15 * STEP_HZ);
        at[q] = rut_depth(r.h, ZMID);
    }
    print_message("mud.refill 1: a %.3f m rut is %.3f, %.3f, %.3f, %.3f m deep after 15, 30, 45, 60 s (%.0f %% at 60 s), "
                  "volume %lld -> %lld steps\n",
                  depth0, at[0], at[1], at[2], at[3], 100.0 * at[3] / depth0, vol0, steps_volume(r.h));
    assert_true(at[3] <= 0.7 * depth0);
    assert_true(at[0] > 0.7 * depth0 && at[3] < at[2] && at[2] < at[1]); /* over the minute, not at once */
    assert_true(steps_volume(r.h) == vol0);
    assert_true(gpu_equals_cpu(r.mr, r.mf, 4) >= 1);
    testgl_assert_no_error();
    mud_renderer_destroy(r.mr);
    mud_sim_destroy(r.sim);
}

/* A rut's block evicted from a pool of 4 slots right after its stamp slumps on the CPU over its
 * saved bytes and comes back equal to the CPU field, byte for byte. */
static void an_evicted_layer_slumps_on_the_cpu(void **state)
{
    (void)state;
    mud_sim *sim = mud_sim_create(&(mud_sim_desc){.terrain = {.level_size = 256, .flat = true, .flat_height = 4.0f, .flat_softness = 0.8f, .flat_mud = 1.0f}});
    mud_sim_place_truck(sim, 200.0f, 200.0f, 0.0f);
    mud_sim_set_slump(sim, MUD_SIM_REPOSE_DEG, 1.0f);
    mudfield *mf = mud_sim_field(sim);
    mud_renderer *mr = mud_renderer_create(&(mud_renderer_desc){.field = mf, .slots = 4, .active_radius = 20.0f});
    stamp_rut(mf, mr, 24.0f, 100.0f, 108.0f);
    mud_renderer_update(mr, (vec3){24, 4, 104});
    mud_renderer_stamp(mr);
    static uint16_t before[R * R], back[R * R];
    assert_true(mud_renderer_read_block_heights(mr, 1, 6, before));
    /* away: four far blocks take the slots */
    for (int k = 0; k < 4; k++) {
        float x = 88.0f + 16.0f * (float)k;
        mud_renderer_update(mr, (vec3){x, 4, 100});
        stamp_rut(mf, mr, x, 100.0f, 100.5f);
        mud_renderer_stamp(mr);
    }
    assert_true(mud_renderer_slot(mr, 1, 6) < 0);
    run(sim, mr, (float[3]){136, 4, 100}, 20 * STEP_HZ);
    const mud_renderer_stats *st = mud_renderer_get_stats(mr);
    assert_true(mud_renderer_slot(mr, 1, 6) < 0); /* still away */
    mud_renderer_update(mr, (vec3){24, 4, 104});
    assert_true(mud_renderer_read_block_heights(mr, 1, 6, back));
    int moved = 0;
    for (int k = 0; k < R * R; k++) moved += back[k] != before[k];
    print_message("evicted: %lld slump steps on the CPU's saved layers, %d texels moved while away, %lld GPU passes\n",
                  st->slump_saved_total, moved, st->slump_passes_total);
    assert_true(st->slump_saved_total > 20 && moved > 100);
    assert_memory_equal(back, mudfield_block_heights(mf, 1, 6), sizeof back);
    assert_true(gpu_equals_cpu(mr, mf, 16) >= 2);
    testgl_assert_no_error();
    mud_renderer_destroy(mr);
    mud_sim_destroy(sim);
}

/* Bilinear height of block heights h at texel coordinates (x, y), in height steps. */
static double height_bilinear(const uint16_t *h, double x, double y)
{
    int i = (int)floor(x), j = (int)floor(y);
    double fx = x - i, fy = y - j;
    const uint16_t *p = &h[j * R + i];
    return (1 - fy) * ((1 - fx) * p[0] + fx * p[1]) + fy * ((1 - fx) * p[R] + fx * p[R + 1]);
}

/* The residual of v[0..n) from its centred moving average over 2 hw + 1 samples (where the window
 * fits): the largest magnitude, and the root mean square added to *ss (*k the count). */
static double moving_residual(const double *v, int n, int hw, double *ss, int *k)
{
    double mx = 0.0;
    for (int i = hw; i < n - hw; i++, (*k)++) {
        double m = 0.0;
        for (int j = i - hw; j <= i + hw; j++) m += v[j];
        double res = v[i] - m / (2 * hw + 1);
        mx = fmax(mx, fabs(res));
        *ss += res * res;
    }
    return mx;
}

typedef struct wall_ripple {
    double pos, pos_rms;     /* texels: where the walls cross half the rut's depth */
    double slope, slope_rms; /* their slope there, relative to its mean */
    double slope_mean;       /* height steps per texel */
} wall_ripple;

/* The walls of a straight rut through texel (c, c) of block heights h, heading deg degrees from
 * +y towards +x: every eighth of a texel along its axis over +-len texels, where each wall crosses
 * half the rut's depth going out from the axis (bilinear heights, the crossing interpolated) and
 * its slope across there; both as residuals from their centred moving averages over `win`
 * texels along the axis (a meander the churn may make; what changes with the texel's period is
 * what reads as a staircase or as scallops in the light). */
static wall_ripple slanted_wall_ripple(const uint16_t *h, double c, double deg, double len, double win)
{
    enum { MAXS = 1024 };
    static double pos[2][MAXS], slope[2][MAXS];
    const double fx = sin(deg * 0.017453292519943295), fy = cos(deg * 0.017453292519943295), ds = 0.125, dt = 0.0625;
    int n = 0;
    double sum = 0.0;
    for (double s = -len; s <= len && n < MAXS; s += ds, n++) {
        double ax = c + fx * s, ay = c + fy * s; /* on the axis */
        double floor_h = height_bilinear(h, ax, ay), half = 0.5 * (floor_h + MUDFIELD_HEIGHT_ZERO);
        for (int side = 0; side < 2; side++) {
            double nx = side ? fy : -fy, ny = side ? -fx : fx, prev = floor_h, r = NAN, g = NAN;
            for (double t = dt; t < 8.0; t += dt) {
                double v = height_bilinear(h, ax + nx * t, ay + ny * t);
                if (v >= half) {
                    r = t - dt * (v - half) / (v - prev);
                    /* the slope across the wall: the height over the texel centred on the crossing */
                    g = height_bilinear(h, ax + nx * (r + 0.5), ay + ny * (r + 0.5)) - height_bilinear(h, ax + nx * (r - 0.5), ay + ny * (r - 0.5));
                    break;
                }
                prev = v;
            }
            assert_false(isnan(r));
            pos[side][n] = r;
            slope[side][n] = g;
            sum += g;
        }
    }
    wall_ripple w = {.slope_mean = sum / (2 * n)};
    int hw = (int)lround(0.5 * win / ds), k = 0, kg = 0;
    double ss = 0.0, ssg = 0.0;
    for (int side = 0; side < 2; side++) {
        w.pos = fmax(w.pos, moving_residual(pos[side], n, hw, &ss, &k));
        w.slope = fmax(w.slope, moving_residual(slope[side], n, hw, &ssg, &kg) / w.slope_mean);
    }
    w.pos_rms = sqrt(ss / k);
    w.slope_rms = sqrt(ssg / kg) / w.slope_mean;
    return w;
}

/* Ruts along the grid's diagonal and at the truck's heading in gl_mud_crest (33 deg) slump to
 * straight walls of one slope: no staircase of the texel grid, no scallops in the light. The
 * flow between side neighbours only (the 4-neighbour rule) left a diagonal wall 44 deg steep,
 * its slope rippling with the texel's period (+-6.2 %). */
static void slanted_ruts_slump_without_stairs(void **state)
{
    (void)state;
    const float heading[2] = {45.0f, 33.0f};
    for (int q = 0; q < 2; q++) {
        mud_sim *sim = mud_sim_create(&(mud_sim_desc){.terrain = {.level_size = 64, .flat = true, .flat_height = 4.0f, .flat_softness = 0.8f, .flat_mud = 1.0f}});
        assert_non_null(sim);
        mud_sim_place_truck(sim, 8.0f, 8.0f, 0.0f);
        mud_sim_set_slump(sim, MUD_SIM_REPOSE_DEG, 0.0f);
        mudfield *mf = mud_sim_field(sim);
        mud_renderer *mr = mud_renderer_create(&(mud_renderer_desc){.field = mf, .slots = 8});
        assert_non_null(mr);
        stamp_slanted_rut(mf, mr, 40.0f, 40.0f, heading[q], 12.0f); /* through the middle of block (2, 2) */
        mud_renderer_update(mr, (vec3){40, 4, 40});
        mud_renderer_stamp(mr);
        const uint16_t *h = mudfield_block_heights(mf, 2, 2);
        assert_non_null(h);
        /* 8 m of the rut's middle, against a 1 m moving average */
        const double c = 8.0 / MUDFIELD_SPACING, len = 4.0 / MUDFIELD_SPACING, win = 1.0 / MUDFIELD_SPACING;
        wall_ripple w0 = slanted_wall_ripple(h, c, heading[q], len, win);
        run(sim, mr, (float[3]){40, 4, 40}, 5 * STEP_HZ);
        wall_ripple w1 = slanted_wall_ripple(h, c, heading[q], len, win);
        mudfield_slump_rule rule = mudfield_slump_rule_of(MUD_SIM_REPOSE_DEG, false, false);
        print_message("a rut at %.0f deg, its walls at half depth, from their 1 m moving average: stamped %.3f texel (rms %.3f), "
                      "slope %.0f mm a texel +-%.1f %% (rms %.1f %%); slumped 5 s %.3f texel (rms %.3f), slope %.0f mm +-%.1f %% "
                      "(rms %.1f %%)\n",
                      (double)heading[q], w0.pos, w0.pos_rms, w0.slope_mean, 100 * w0.slope, 100 * w0.slope_rms, w1.pos, w1.pos_rms,
                      w1.slope_mean, 100 * w1.slope, 100 * w1.slope_rms);
        assert_true(w1.pos <= 0.1);                            /* straight: a tenth of a texel */
        assert_true(w1.slope_mean <= 1.05 * rule.threshold);   /* the repose whichever way the wall runs (4-neighbour: 117 mm at 45 deg) */
        assert_true(w1.slope <= (q == 0 ? 0.03 : 0.05));        /* one slope along it (4-neighbour: 6.2 % at both) */
        assert_true(gpu_equals_cpu(mr, mf, 4) >= 1);
        testgl_assert_no_error();
        mud_renderer_destroy(mr);
        mud_sim_destroy(sim);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(walls_slump_to_the_repose_angle_volume_kept),
        cmocka_unit_test(refill_fills_the_rut_within_a_minute),
        cmocka_unit_test(an_evicted_layer_slumps_on_the_cpu),
        cmocka_unit_test(slanted_ruts_slump_without_stairs),
    };
    return cmocka_run_group_tests(tests, testgl_setup, testgl_teardown);
}
