/* The mud scene's gameplay on the CPU: scripted driving overrides the player for its seconds,
 * exhaust puffs at their rate from the truck, the chase camera jumps then follows and stays off
 * the ground, the block under the truck, the CPU dump of an untouched block, the long drive. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "mud/scene/mud_play.h"

#define DT (1.0f / 60.0f)

static mud_sim *flat_sim(void)
{
    return mud_sim_create(&(mud_sim_desc){.terrain = {.level_size = 128, .flat = true, .flat_height = 4.0f,
                                                       .flat_softness = 0.5f, .flat_mud = 1.0f}});
}

static void script_drive_overrides_player(void **state)
{
    (void)state;
    mud_play *p = ALLOC_STRUCT(mud_play);
    vehicle_input player = {.throttle = -1.0f, .steer = 0.5f, .brake = 1.0f};
    vehicle_input vi = mud_play_controls(p, &player, DT);
    assert_memory_equal(&vi, &player, sizeof vi);
    mud_play_drive(p, 0.8f, -0.3f, 0.5f);
    int scripted = 0;
    for (int i = 0; i < 60; i++) {
        vi = mud_play_controls(p, &player, DT);
        if (vi.throttle == 0.8f) {
            assert_float_equal(vi.steer, -0.3f, 0.0f);
            assert_float_equal(vi.brake, 0.0f, 0.0f);
            scripted++;
        } else {
            assert_memory_equal(&vi, &player, sizeof vi);
        }
    }
    assert_in_range(scripted, 30, 31); /* half a second of 1/60 s steps */
    free(p);
}

static void exhaust_and_chase(void **state)
{
    (void)state;
    mud_sim *sim = flat_sim();
    assert_non_null(sim);
    mud_play *p = ALLOC_STRUCT(mud_play);
    mud_sim_place_truck(sim, 64.0f, 40.0f, 0.0f);
    vec3 truck, puff, eye, target;
    int puffs = 0;
    for (int i = 0; i < 120; i++) {
        mud_sim_step(sim, &(vehicle_input){.throttle = 1.0f}, DT);
        vehicle_position(mud_sim_vehicle(sim), truck);
        if (mud_play_exhaust(p, sim, 1.0f, DT, puff)) {
            puffs++;
            assert_true(glm_vec3_distance(puff, truck) < 4.0f);
            assert_true(puff[1] > truck[1]); /* the stack stands above the chassis */
        }
        mud_play_chase(p, sim, DT, eye, target);
        float ground = mudfield_surface_height(mud_sim_field(sim), eye[0], eye[2]);
        assert_true(eye[1] >= ground + 1.5f - 1e-4f);
        assert_float_equal(target[1], truck[1] + 1.2f, 1e-5f);
        if (i == 0) assert_float_equal(glm_vec3_distance(eye, (vec3){truck[0], truck[1] + 4.5f, truck[2] - 10.0f}), 0.0f, 1e-3f);
    }
    assert_in_range(puffs, 7, 8); /* every 0.25 s over 2 s */
    for (int i = 0; i < 60; i++) assert_false(mud_play_exhaust(p, sim, 0.0f, DT, puff)); /* idle: no smoke */
    /* the truck jumps: the camera follows smoothly until a cut */
    mud_sim_place_truck(sim, 64.0f, 90.0f, 0.0f);
    mud_sim_step(sim, &(vehicle_input){0}, DT);
    vehicle_position(mud_sim_vehicle(sim), truck);
    mud_play_chase(p, sim, DT, eye, target);
    float behind = truck[2] - eye[2];
    assert_true(behind > 30.0f); /* still far back: one step of a smooth follow */
    mud_play_cut(p);
    mud_play_chase(p, sim, DT, eye, target);
    assert_float_equal(truck[2] - eye[2], 10.0f, 0.05f);
    /* the script's `truck`: inside the level it moves the truck and cuts, outside it does nothing */
    assert_false(mud_play_place(p, sim, 2.0f, 60.0f, 0.0f));
    assert_false(mud_play_place(p, sim, 60.0f, 126.0f, 0.0f));
    vec3 still;
    vehicle_position(mud_sim_vehicle(sim), still);
    assert_float_equal(still[2], truck[2], 1e-5f);
    assert_true(mud_play_place(p, sim, 60.0f, 30.0f, 0.0f));
    vehicle_position(mud_sim_vehicle(sim), truck);
    assert_float_equal(truck[0], 60.0f, 1e-3f);
    assert_float_equal(truck[2], 30.0f, 1e-3f);
    assert_false(p->eye_valid);
    int bx, bz;
    mud_play_block_under_truck(sim, &bx, &bz);
    assert_int_equal(bx, (int)floorf(truck[0] / TERRAIN_BLOCK_SIZE));
    assert_int_equal(bz, (int)floorf(truck[2] / TERRAIN_BLOCK_SIZE));
    free(p);
    mud_sim_destroy(sim);
}

static void untouched_block_packs_as_flat_mud(void **state)
{
    (void)state;
    mud_sim *sim = flat_sim();
    uint8_t *px = malloc(MUDFIELD_RES * MUDFIELD_RES * 4), flat[4];
    memset(px, 0xAB, MUDFIELD_RES * MUDFIELD_RES * 4);
    mudfield_pack_texel(0, (float[2]){0, 0}, 0.0f, flat);
    assert_false(mudfield_block_allocated(mud_sim_field(sim), 7, 7));
    mud_play_pack_block(sim, 7, 7, px);
    for (int i = 0; i < MUDFIELD_RES * MUDFIELD_RES; i++) assert_memory_equal(px + i * 4, flat, 4);
    free(px);
    mud_sim_destroy(sim);
}

static void long_drive_covers_the_distance(void **state)
{
    (void)state;
    mud_sim *sim = mud_sim_create(&(mud_sim_desc){.terrain = {.level_size = 128, .seed = 3}});
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    json_writer w;
    json_begin(&w, f);
    json_object_begin(&w, NULL);
    int steps = mud_play_long_drive(sim, 80.0f, NULL, NULL, &w);
    json_object_end(&w);
    assert_true(json_end(&w));
    fclose(f);
    vec3 pos;
    vehicle_position(mud_sim_vehicle(sim), pos);
    assert_true(steps > 0 && steps < 60 * 400);
    assert_true(pos[2] >= 80.0f);
    assert_non_null(strstr(buf, "\"distance_m\""));
    assert_non_null(strstr(buf, "\"unstuck\""));
    free(buf);
    mud_sim_destroy(sim);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(script_drive_overrides_player),
        cmocka_unit_test(exhaust_and_chase),
        cmocka_unit_test(untouched_block_packs_as_flat_mud),
        cmocka_unit_test(long_drive_covers_the_distance),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
