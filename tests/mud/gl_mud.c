/* Mud on the GPU: wheel primitives drawn into the blocks' render targets match the CPU physics
 * field that took the same primitives, conserve the volume, keep block borders identical, upload
 * nothing while driving, and an evicted block comes back exactly; the bodies' primitives (chunks,
 * a rock, a felled tree, a tilted box) too. */
#include "testgl.h"
#include "mud_drive.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mud/scene/mud_play.h"
#include "mud/core/mud_sim.h"
#include "mud/core/physics.h"
#include "gfx/renderer.h"
#include "mud/mud.h"

#define R MUDFIELD_RES
#define SEG (MUDFIELD_RES - 1)

/* Mean and max absolute height difference (metres) between GPU layer and CPU field of a block, in
 * the 16-bit heights both compute with. Both grids have the same resolution, so the box filter
 * down to the physics grid is 1 x 1. The RGBA8 layers' R (the tread print) are compared too:
 * *printed counts the texels a tyre's lug coordinate is kept in. */
/* Texels of the compared layers by their track byte: [0] dry or none, [1] drying, [2] fresh. */
static long track_ages[3];

static void layer_vs_field(mud_renderer *mr, mud_sim *sim, int bx, int bz, double *sum, float *max, long *count, long *printed)
{
    static uint8_t gpu[R * R * 4], cpu[R * R * 4];
    static uint16_t gh[R * R];
    assert_true(mud_renderer_read_block(mr, bx, bz, gpu));
    assert_true(mud_renderer_read_block_heights(mr, bx, bz, gh));
    mud_play_pack_block(sim, bx, bz, cpu); /* untouched mud where the CPU has no block */
    const uint16_t *ch = mudfield_block_heights(mud_sim_field(sim), bx, bz);
    for (int k = 0; k < R * R; k++) {
        float c = ch ? mudfield_unpack_height16(ch[k]) : 0.0f;
        float d = fabsf(mudfield_unpack_height16(gh[k]) - c);
        *sum += d;
        *max = fmaxf(*max, d);
        (*count)++;
        /* R, the tread print: on both sides or neither, its lug coordinate within one 255th
         * (around the circle: 1 and 255 are neighbours) */
        int a = gpu[4 * k], b = cpu[4 * k], dr = abs(a - b);
        assert_true((a == 0) == (b == 0));
        assert_true(dr <= 1 || dr >= 254);
        *printed += a != 0;
        /* A, the track and its age: the same byte on both sides (dried in the same steps) */
        assert_int_equal(gpu[4 * k + 3], cpu[4 * k + 3]);
        track_ages[gpu[4 * k + 3] == 255 ? 2 : gpu[4 * k + 3] > MUDFIELD_TRACK_FRESH ? 1 : 0]++;
    }
}

/* Height integral (m^3) of the GPU layers over every distinct world texel of resident blocks. */
static double gpu_volume(mud_renderer *mr, int nb)
{
    int n = nb * SEG + 1;
    uint8_t *seen = calloc((size_t)n * n, 1);
    static uint16_t h[R * R];
    double sum = 0;
    for (int bz = 0; bz < nb; bz++)
        for (int bx = 0; bx < nb; bx++) {
            if (!mud_renderer_read_block_heights(mr, bx, bz, h)) continue;
            for (int j = 0; j < R; j++)
                for (int i = 0; i < R; i++) {
                    size_t g = (size_t)(bz * SEG + j) * n + (size_t)(bx * SEG + i);
                    if (seen[g]) continue;
                    seen[g] = 1;
                    sum += mudfield_unpack_height16(h[j * R + i]);
                }
        }
    free(seen);
    return sum * MUDFIELD_SPACING * MUDFIELD_SPACING;
}


/* Every block of the first 8 x 8 with a GPU layer: its layer against the CPU field
 * (layer_vs_field's sums), and its texels over 10 cm deep counted into *deep. */
static void every_resident_block(mud_renderer *mr, mud_sim *sim, double *sum, float *max, long *count, long *printed,
                                 int *checked, int *deep)
{
    static uint16_t hh[R * R];
    for (int bz = 0; bz < 8; bz++)
        for (int bx = 0; bx < 8; bx++)
            if (mud_renderer_slot(mr, bx, bz) >= 0) {
                layer_vs_field(mr, sim, bx, bz, sum, max, count, printed);
                mud_renderer_read_block_heights(mr, bx, bz, hh);
                for (int k = 0; k < R * R; k++) *deep += hh[k] < MUDFIELD_HEIGHT_ZERO - 100;
                (*checked)++;
            }
}
static void gpu_targets_match_the_cpu_field(void **state)
{
    (void)state;
    mud_sim *sim = mud_sim_create(&(mud_sim_desc){.terrain = {.level_size = 128, .flat = true, .flat_height = 4.0f, .flat_softness = 0.6f, .flat_mud = 1.0f}});
    mudfield *mf = mud_sim_field(sim);
    mud_renderer *mr = mud_renderer_create(&(mud_renderer_desc){.field = mf, .slots = 16, .active_radius = 30.0f});
    assert_non_null(mr);
    mud_sim_place_truck(sim, 29.0f, 27.0f, 40.0f); /* drives diagonally over block borders */
    mud_drive d = {.throttle = 1.0f, .steer = 0.5f, .steer_from = 121, .frames = 240};
    mud_drive_run(sim, mr, &d);
    const double removed = d.removed;
    const long draws = d.draws;
    testgl_assert_no_error();
    const mud_renderer_stats *st = mud_renderer_get_stats(mr);
    assert_true(draws > 200 && st->stamp_draws_total == draws);
    assert_true(st->upload_bytes_total == 0); /* drawn, never uploaded */
    double sum = 0;
    float max = 0;
    long count = 0;
    int checked = 0, deep = 0;
    long printed = 0;
    every_resident_block(mr, sim, &sum, &max, &count, &printed, &checked, &deep);
    assert_true(checked >= 2 && deep > 100); /* real ruts (10 cm) on more than one block */
    /* 240 steps dried the tracks twice: the first second's ruts are drying, the last steps' fresh */
    print_message("track bytes: %ld dry or none, %ld drying, %ld fresh; %lld dry passes\n", track_ages[0], track_ages[1],
                  track_ages[2], st->dry_passes_total);
    assert_true(st->dry_passes_total == 2 && track_ages[1] > 100 && track_ages[2] > 100);
    /* what one drying pass costs over the resident layers (printed, not asserted: a GL test is no
     * benchmark; docs/perf.md quotes it) */
    struct timespec t0, t1;
    glFinish();
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int k = 0; k < 10; k++) {
        mud_renderer_queue_dry(mr, 1);
        mud_renderer_stamp(mr);
    }
    glFinish();
    clock_gettime(CLOCK_MONOTONIC, &t1);
    mudfield_dry(mf, 10); /* the CPU field as the GPU's layers now */
    print_message("mud.dry: %.3f ms a pass over %d resident layers (10 passes, glFinish around them)\n",
                  ((double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-6) / 10.0, st->blocks_resident);
    assert_true(printed > 100);              /* the tread's prints in them */
    double mean = sum / (double)count;
    print_message("gpu vs cpu field: %d blocks, mean %.5f m, max %.3f m\n", checked, mean, (double)max);
    assert_true(mean <= 0.002 && max <= 0.01);
    /* the GPU data conserves the volume: net change of the integral <= 2 % of what the wheels removed */
    double net = gpu_volume(mr, 8);
    print_message("volume: removed %.4f m3, net change %.6f m3\n", removed, net);
    assert_true(removed > 0.05);
    assert_true(fabs(net) <= 0.02 * removed);
    mud_renderer_destroy(mr);
    mud_sim_destroy(sim);
}

/* CPU field and GPU queue take the same primitive. */
static void stamp_both(mudfield *mf, mud_renderer *mr, float x, float z, float depth)
{
    mudfield_wheel w = {.center = {x, 4.0f + 0.55f - depth, z}, .radius = 0.55f, .width = 0.42f, .forward = {0.6f, 0.8f},
                        .velocity = {1.2f, 1.6f}, .slip = 1.0f, .penetration = depth};
    mudfield_stamp_geom g;
    assert_true(mudfield_stamp_layout(mf, &w, &g));
    mudfield_stamp(mf, &w);
    mud_renderer_queue(mr, &g, 1);
}

static void corner_stamp_keeps_borders_identical(void **state)
{
    (void)state;
    mud_sim *sim = mud_sim_create(&(mud_sim_desc){.terrain = {.level_size = 64, .flat = true, .flat_height = 4.0f, .flat_softness = 0.8f, .flat_mud = 1.0f}});
    mudfield *mf = mud_sim_field(sim);
    mud_renderer *mr = mud_renderer_create(&(mud_renderer_desc){.field = mf, .slots = 8});
    for (int k = 0; k < 6; k++) stamp_both(mf, mr, 15.7f + 0.12f * (float)k, 15.6f + 0.16f * (float)k, 0.25f);
    mud_renderer_update(mr, (vec3){16, 4, 16});
    mud_renderer_stamp(mr);
    static uint8_t b[4][R * R * 4];
    /* blocks (0,0) (1,0) (0,1) (1,1) meet at texel (127,127) of the first */
    for (int q = 0; q < 4; q++) assert_true(mud_renderer_read_block(mr, q & 1, q >> 1, b[q]));
    int changed = 0;
    for (int j = 0; j < R; j++) {
        /* column 127 of the left blocks is column 0 of the right ones; row 127 below is row 0 above */
        assert_memory_equal(&b[0][(j * R + SEG) * 4], &b[1][(j * R + 0) * 4], 4);
        assert_memory_equal(&b[2][(j * R + SEG) * 4], &b[3][(j * R + 0) * 4], 4);
        assert_memory_equal(&b[0][(SEG * R + j) * 4], &b[2][(0 * R + j) * 4], 4);
        assert_memory_equal(&b[1][(SEG * R + j) * 4], &b[3][(0 * R + j) * 4], 4);
        changed += b[0][(j * R + SEG) * 4 + 3] != 0 || b[0][(SEG * R + j) * 4 + 3] != 0; /* tracked */
    }
    assert_true(changed > 4); /* the stamps really crossed both borders */
    assert_memory_equal(&b[0][(SEG * R + SEG) * 4], &b[3][0], 4);
    /* and the CPU field agrees */
    double sum = 0;
    float max = 0;
    long count = 0, printed = 0;
    for (int q = 0; q < 4; q++) layer_vs_field(mr, sim, q & 1, q >> 1, &sum, &max, &count, &printed);
    assert_true(max <= 0.01);
    testgl_assert_no_error();
    mud_renderer_destroy(mr);
    mud_sim_destroy(sim);
}

static void eviction_and_restore_lose_nothing(void **state)
{
    (void)state;
    mud_sim *sim = mud_sim_create(&(mud_sim_desc){.terrain = {.level_size = 256, .flat = true, .flat_height = 4.0f, .flat_softness = 0.4f, .flat_mud = 1.0f}});
    mudfield *mf = mud_sim_field(sim);
    mud_renderer *mr = mud_renderer_create(&(mud_renderer_desc){.field = mf, .slots = 4, .active_radius = 20.0f});
    size_t gpu0 = mud_renderer_get_stats(mr)->gpu_bytes;
    static uint8_t first[R * R * 4], back[R * R * 4];
    static uint16_t first_h[R * R], back_h[R * R];
    /* stamp a line of blocks far apart, visiting each with the truck position */
    for (int k = 0; k < 12; k++) {
        float x = 8.0f + 16.0f * (float)k, z = 100.0f;
        mud_renderer_update(mr, (vec3){x, 4, z});
        stamp_both(mf, mr, x, z, 0.25f);
        mud_renderer_stamp(mr);
        assert_true(mud_renderer_slot(mr, k, 6) >= 0);
        assert_true(mud_renderer_get_stats(mr)->blocks_resident <= 4);
        if (k == 0) assert_true(mud_renderer_read_block(mr, 0, 6, first) && mud_renderer_read_block_heights(mr, 0, 6, first_h));
    }
    const mud_renderer_stats *st = mud_renderer_get_stats(mr);
    assert_true(mud_renderer_slot(mr, 0, 6) < 0); /* evicted long ago */
    assert_true(st->upload_bytes_total == 0);      /* nothing came back yet: nothing uploaded */
    assert_true(st->readback_bytes_total >= 8LL * R * R * 6); /* both layers: RGBA8 and the 16-bit heights */
    assert_true(st->gpu_bytes == gpu0);
    /* the tracks dry while the block is away: its saved layer ages on the CPU as the GPU's would */
    mudfield_dry(mf, MUDFIELD_DRY_LEVELS);
    mud_renderer_queue_dry(mr, MUDFIELD_DRY_LEVELS);
    mud_renderer_stamp(mr);
    int drying = 0;
    for (int k = 0; k < R * R; k++) {
        first[4 * k + 3] = mudfield_dry_byte(first[4 * k + 3], MUDFIELD_DRY_LEVELS);
        drying += first[4 * k + 3] == 255 - MUDFIELD_DRY_LEVELS;
    }
    assert_true(drying > 10);
    /* coming back restores the read-back layer: byte for byte, and that restore is the only upload */
    mud_renderer_update(mr, (vec3){8, 4, 100});
    assert_true(mud_renderer_read_block(mr, 0, 6, back));
    assert_memory_equal(first, back, sizeof back);
    static uint8_t cpu[R * R * 4];
    mudfield_pack(mf, 0, 6, &(mudfield_rect){0, 0, R - 1, R - 1}, cpu);
    for (int k = 0; k < R * R; k++) assert_int_equal(back[4 * k + 3], cpu[4 * k + 3]); /* and as the CPU field has it */
    assert_true(mud_renderer_read_block_heights(mr, 0, 6, back_h));
    assert_memory_equal(first_h, back_h, sizeof back_h); /* all 16 bits */
    int fine = 0; /* heights off the 1 cm grid: what the 16 bits keep */
    for (int k = 0; k < R * R; k++) fine += (back_h[k] - MUDFIELD_HEIGHT_ZERO) % 10 != 0;
    assert_true(fine > 10);
    int ruts = 0;
    for (int k = 0; k < R * R; k++) ruts += back_h[k] < MUDFIELD_HEIGHT_ZERO - 180;
    assert_true(ruts > 10);
    assert_true(st->full_uploads >= 1 && st->upload_bytes_total == st->full_uploads * R * R * 6);
    testgl_assert_no_error();
    mud_renderer_destroy(mr);
    mud_renderer_destroy(NULL);
    mud_sim_destroy(sim);
}

/* From the track onto the grass on the real level: the mask grows (base samples sent between the
 * primitives of their steps), blocks without mud get targets, and GPU and CPU still agree. */
static void off_the_track_the_mask_grows_and_both_agree(void **state)
{
    (void)state;
    mud_sim *sim = mud_sim_create(&(mud_sim_desc){.terrain = {.level_size = 512, .seed = 1}});
    mudfield *mf = mud_sim_field(sim);
    mud_renderer *mr = mud_renderer_create(&(mud_renderer_desc){.field = mf});
    assert_non_null(mr);
    mud_drive_run(sim, mr, &(mud_drive){.throttle = 1.0f, .steer = 0.6f, .steer_from = 91, .frames = 240});
    testgl_assert_no_error();
    const mud_renderer_stats *st = mud_renderer_get_stats(mr);
    assert_true(st->upload_bytes_total == 0 && st->base_upload_bytes_total > 1000);
    double sum = 0;
    float max = 0;
    long count = 0, printed = 0;
    int checked = 0;
    int nb = terrain_blocks_per_side(mud_sim_terrain(sim));
    for (int bz = 0; bz < nb; bz++)
        for (int bx = 0; bx < nb; bx++)
            if (mud_renderer_slot(mr, bx, bz) >= 0) {
                layer_vs_field(mr, sim, bx, bz, &sum, &max, &count, &printed);
                checked++;
            }
    print_message("off the track: %d blocks, mean %.5f m, max %.3f m, base samples sent %lld bytes\n", checked,
                  sum / (double)count, (double)max, st->base_upload_bytes_total);
    assert_true(checked >= 2);
    assert_true(sum / (double)count <= 0.002 && max <= 0.01);
    mud_renderer_destroy(mr);
    mud_sim_destroy(sim);
}

/* The bodies' marks (issue 50 item 4) through the same queue: chunks sinking and settling, a rock, a
 * tree pushed over (mud/core/physics.h over mud_sim: mud_renderer_queue_step takes the wheels' and
 * the bodies' primitives), and a tilted box and a sphere laid out directly across a block corner:
 * the GPU layers hold the CPU field's heights (as the wheels': mean <= 2 mm, max <= 1 cm; on Mesa's
 * llvmpipe to the step) and its track bytes exactly, and the volume is unchanged (2 % of what was
 * pressed away, as the wheels'; llvmpipe: 0). */
static void body_marks_match_the_cpu_field(void **state)
{
    (void)state;
    mud_sim *sim = mud_sim_create(&(mud_sim_desc){.terrain = {.level_size = 128, .flat = true, .flat_height = 4.0f,
                                                               .flat_softness = 0.8f, .flat_mud = 1.0f}});
    mud_physics *ph = mud_physics_create(sim, &(mud_physics_desc){.seed = 7});
    mudfield *mf = mud_sim_field(sim);
    mud_renderer *mr = mud_renderer_create(&(mud_renderer_desc){.field = mf, .slots = 16, .active_radius = 40.0f});
    assert_non_null(ph);
    assert_non_null(mr);
    mud_sim_place_truck(sim, 40.0f, 40.0f, 0.0f);
    double removed = 0;
    for (int k = 0; k < 6; k++) mud_physics_add_chunk(ph, 30.5f + 1.7f * (float)k, 47.7f + 0.3f * (float)k, 0.6f + 0.2f * (float)k);
    mud_physics_add_plant(ph, PLANT_ROCK, 47.5f, 32.3f, 0.5f);
    int tree = mud_physics_add_plant(ph, PLANT_TREE, 50.0f, 44.0f, 8.0f);
    for (int f = 0; f < 300; f++) {
        if (f < 60 && !plants_get(mud_physics_plants(ph), tree)->down)
            mud_physics_push_plant(ph, tree, (float[3]){0, 0, 1.5f * plant_tree_break_force(8.0f, 2.0f)}, 2.0f);
        mud_physics_drive(ph, &(vehicle_input){0}, 1.0f / 60.0f);
        mud_sim_stamp(sim);
        removed += mud_sim_volume_last_step(sim);
        mud_renderer_queue_step(mr, sim);
        if (f % 2 == 0) continue;
        mud_renderer_update(mr, (vec3){40, 4, 40});
        mud_renderer_stamp(mr);
    }
    assert_true(plants_get(mud_physics_plants(ph), tree)->down);
    assert_true(mud_sim_marks_total(sim) > 20);
    /* a box tilted both ways and a sphere, over the corner of four blocks */
    const mudfield_body direct[2] = {
        {.center = {47.9f, 4.0f - 0.15f, 48.2f}, .axis = {0.6f, 0.8f}, .half = {0.9f, 0.5f}, .radius = 0.12f,
         .slope = {0.1f, -0.06f}, .penetration = 0.25f},
        {.center = {32.1f, 4.0f - 0.3f, 31.8f}, .axis = {1, 0}, .half = {0.6f, 0.6f}, .radius = 0.6f, .penetration = 0.3f}};
    for (int k = 0; k < 2; k++) {
        mudfield_stamp_geom g;
        assert_true(mudfield_body_layout(mf, &direct[k], &g));
        removed += mudfield_stamp_geom_apply(mf, &g);
        mud_renderer_queue(mr, &g, 1);
    }
    mud_renderer_update(mr, (vec3){40, 4, 40});
    mud_renderer_stamp(mr);
    testgl_assert_no_error();
    double sum = 0;
    float max = 0;
    long count = 0, printed = 0;
    int checked = 0, deep = 0;
    every_resident_block(mr, sim, &sum, &max, &count, &printed, &checked, &deep);
    double net = gpu_volume(mr, 8);
    print_message("bodies: %lld marks, %d blocks, %d texels over 10 cm down, gpu vs cpu mean %.5f m, max %.4f m; "
                  "removed %.4f m3, net volume %.6f m3\n",
                  mud_sim_marks_total(sim), checked, deep, sum / (double)count, (double)max, removed, net);
    assert_true(checked >= 4 && deep > 200 && removed > 1.0);
    assert_true(sum / (double)count <= 0.002 && max <= 0.01);
    assert_true(fabs(net) <= 0.02 * removed);
    mud_renderer_destroy(mr);
    mud_physics_destroy(ph);
    mud_sim_destroy(sim);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(gpu_targets_match_the_cpu_field),
        cmocka_unit_test(corner_stamp_keeps_borders_identical),
        cmocka_unit_test(eviction_and_restore_lose_nothing),
        cmocka_unit_test(off_the_track_the_mask_grows_and_both_agree),
        cmocka_unit_test(body_marks_match_the_cpu_field),
    };
    return cmocka_run_group_tests(tests, testgl_setup, testgl_teardown);
}
