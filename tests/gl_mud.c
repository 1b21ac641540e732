/* Mud on the GPU: after dirty-rect uploads the slot layer equals the CPU field texel for texel,
 * uploads are a fraction of a block, and the slot pool stays fixed while far blocks are evicted. */
#include "testgl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/mud/mud_sim.h"
#include "gfx/renderer.h"
#include "mud/mud.h"

#define R MUDFIELD_RES

static void expect_layer_equals_field(mud_renderer *mr, mudfield *mf, int bx, int bz)
{
    static uint8_t gpu[R * R * 4], cpu[R * R * 4];
    assert_true(mud_renderer_read_block(mr, bx, bz, gpu));
    mudfield_pack(mf, bx, bz, &(mudfield_rect){0, 0, R - 1, R - 1}, cpu);
    assert_memory_equal(gpu, cpu, sizeof gpu);
}

static void uploaded_texels_equal_the_cpu_field(void **state)
{
    (void)state;
    mud_sim *sim = mud_sim_create(&(mud_sim_desc){.terrain = {.level_size = 128, .flat = true, .flat_height = 4.0f, .flat_softness = 0.6f, .flat_mud = 1.0f}});
    mudfield *mf = mud_sim_field(sim);
    mud_renderer *mr = mud_renderer_create(&(mud_renderer_desc){.field = mf, .slots = 8, .active_radius = 30.0f});
    assert_non_null(mr);
    mud_sim_place_truck(sim, 29.0f, 27.0f, 40.0f); /* drives diagonally over block borders */
    long long bytes = 0;
    int frames = 0;
    for (int f = 0; f < 240; f++) {
        mud_sim_step(sim, &(vehicle_input){.throttle = 1.0f, .steer = f > 120 ? 0.5f : 0.0f}, 1.0f / 60.0f);
        vec3 p;
        vehicle_position(mud_sim_vehicle(sim), p);
        mud_renderer_update(mr, p);
        bytes += mud_renderer_get_stats(mr)->upload_bytes_frame;
        frames++;
        if (f % 40 == 39) {
            int checked = 0;
            for (int bz = 0; bz < 8; bz++)
                for (int bx = 0; bx < 8; bx++)
                    if (mud_renderer_slot(mr, bx, bz) >= 0) {
                        expect_layer_equals_field(mr, mf, bx, bz);
                        checked++;
                    }
            assert_true(checked >= 1);
        }
    }
    testgl_assert_no_error();
    const mud_renderer_stats *st = mud_renderer_get_stats(mr);
    assert_true(st->uploads_frame >= 0 && st->upload_bytes_total == bytes);
    assert_true(mudfield_blocks_allocated(mf) >= 2);
    /* a dirty rect per frame, not whole blocks: well under one block (64 KiB) per frame on average */
    long long whole = (long long)R * R * 4;
    assert_true(bytes - st->full_uploads * whole < (long long)frames * whole / 4);
    assert_true(st->full_uploads >= 2 && st->full_uploads <= 8 + mudfield_blocks_allocated(mf));
    mud_renderer_destroy(mr);
    mud_sim_destroy(sim);
}

static void pool_is_fixed_and_evicts_far_blocks(void **state)
{
    (void)state;
    mud_sim *sim = mud_sim_create(&(mud_sim_desc){.terrain = {.level_size = 256, .flat = true, .flat_height = 4.0f, .flat_softness = 0.4f, .flat_mud = 1.0f}});
    mudfield *mf = mud_sim_field(sim);
    mud_renderer *mr = mud_renderer_create(&(mud_renderer_desc){.field = mf, .slots = 4, .active_radius = 20.0f});
    size_t gpu0 = mud_renderer_get_stats(mr)->gpu_bytes;
    /* stamp a line of blocks far apart, visiting each with the truck position */
    for (int k = 0; k < 12; k++) {
        float x = 8.0f + 16.0f * (float)k, z = 100.0f;
        mudfield_stamp(mf, &(mudfield_wheel){.center = {x, 4.3f, z}, .radius = 0.55f, .width = 0.42f, .forward = {0, 1}, .penetration = 0.25f});
        mud_renderer_update(mr, (vec3){x, 4, z});
        assert_true(mud_renderer_slot(mr, k, 6) >= 0);
        assert_true(mud_renderer_get_stats(mr)->blocks_resident <= 4);
        expect_layer_equals_field(mr, mf, k, 6);
    }
    assert_true(mud_renderer_slot(mr, 0, 6) < 0); /* evicted long ago */
    assert_true(mud_renderer_get_stats(mr)->gpu_bytes == gpu0);
    /* coming back re-uploads the whole block from the CPU field: the tracks are still there */
    mud_renderer_update(mr, (vec3){8, 4, 100});
    expect_layer_equals_field(mr, mf, 0, 6);
    mud_renderer_destroy(mr);
    mud_renderer_destroy(NULL);
    mud_sim_destroy(sim);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(uploaded_texels_equal_the_cpu_field),
        cmocka_unit_test(pool_is_fixed_and_evicts_far_blocks),
    };
    return cmocka_run_group_tests(tests, testgl_setup, testgl_teardown);
}
