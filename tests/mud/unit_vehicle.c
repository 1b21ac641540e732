/* Truck: drives on flat ground, steers, settles, is deterministic, sinks and slows in soft mud;
 * the truck mesh has its parts; spinning wheels throw clods that land. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "mud/core/clods.h"
#include "mud/core/mud_sim.h"
#include "mud/core/truck_model.h"

static mud_sim *flat_sim(float softness, float mud)
{
    return mud_sim_create(&(mud_sim_desc){.terrain = {.level_size = 128, .flat = true, .flat_height = 4.0f, .flat_softness = softness, .flat_mud = mud}});
}

/* Drives for seconds at full throttle; returns the distance travelled in xz. */
static float drive(mud_sim *s, float x, float z, float heading, float throttle, float steer, float seconds)
{
    mud_sim_place_truck(s, x, z, heading);
    vec3 p0, p;
    vehicle_position(mud_sim_vehicle(s), p0);
    for (int f = 0; f < (int)(seconds * 60); f++) mud_sim_step(s, &(vehicle_input){.throttle = throttle, .steer = steer}, 1.0f / 60.0f);
    vehicle_position(mud_sim_vehicle(s), p);
    return hypotf(p[0] - p0[0], p[2] - p0[2]);
}

static void drives_forward_on_flat_ground(void **state)
{
    (void)state;
    mud_sim *s = flat_sim(0.0f, 0.0f);
    float d = drive(s, 64, 20, 0, 1, 0, 3);
    vec3 p;
    vehicle_position(mud_sim_vehicle(s), p);
    assert_true(d > 12.0f);              /* ~ a = F/m for 3 s */
    assert_true(p[2] > 20.0f + 12.0f);   /* heading 0 is +z */
    assert_float_equal(p[0], 64.0f, 0.05);
    assert_true(vehicle_speed(mud_sim_vehicle(s)) > 5.0f);
    assert_float_equal(vehicle_sink(mud_sim_vehicle(s)), 0.0f, 1e-4);
    assert_int_equal(mudfield_blocks_allocated(mud_sim_field(s)), 0);

    /* heading 90 faces +x; reverse goes backwards */
    drive(s, 30, 64, 90, 1, 0, 2);
    vehicle_position(mud_sim_vehicle(s), p);
    assert_true(p[0] > 36.0f);
    assert_float_equal(vehicle_heading(mud_sim_vehicle(s)), 90.0f, 1.0);
    drive(s, 64, 64, 0, -1, 0, 2);
    vehicle_position(mud_sim_vehicle(s), p);
    assert_true(p[2] < 58.0f);
    mud_sim_destroy(s);
}

static void steering_turns_and_rest_is_rest(void **state)
{
    (void)state;
    mud_sim *s = flat_sim(0.0f, 0.0f);
    drive(s, 64, 30, 0, 0.6f, 1.0f, 3);
    float left = vehicle_heading(mud_sim_vehicle(s));
    assert_true(left > 30.0f); /* steer +1 turns toward +x: heading grows */
    drive(s, 64, 30, 0, 0.6f, -1.0f, 3);
    assert_true(vehicle_heading(mud_sim_vehicle(s)) < -30.0f);

    /* no input: the truck settles on its springs and stays */
    drive(s, 64, 64, 0, 0, 0, 3);
    vec3 p, q;
    vehicle_position(mud_sim_vehicle(s), p);
    for (int f = 0; f < 60; f++) mud_sim_step(s, &(vehicle_input){0}, 1.0f / 60.0f);
    vehicle_position(mud_sim_vehicle(s), q);
    assert_true(glm_vec3_distance(p, q) < 0.005f);
    for (int i = 0; i < 4; i++) {
        const vehicle_wheel *w = vehicle_wheel_at(mud_sim_vehicle(s), i);
        assert_true(w->contact);
        assert_float_equal(w->hub[1] - 0.55f, 4.0f, 0.01); /* tyres touch the ground */
        assert_float_equal(w->load, 4000 * 9.81 / 4, 4000 * 9.81 / 4 * 0.1);
    }
    mud_sim_destroy(s);
}

static void same_inputs_same_trajectory(void **state)
{
    (void)state;
    vec3 p[2];
    for (int r = 0; r < 2; r++) {
        mud_sim *s = mud_sim_create(&(mud_sim_desc){.terrain = {.level_size = 256, .seed = 4}});
        for (int f = 0; f < 240; f++)
            mud_sim_step(s, &(vehicle_input){.throttle = 1, .steer = sinf((float)f * 0.02f)}, 1.0f / 60.0f);
        vehicle_position(mud_sim_vehicle(s), p[r]);
        mud_sim_destroy(s);
    }
    assert_memory_equal(p[0], p[1], sizeof p[0]);
}

static void moves_less_and_sinks_in_deep_soft_mud(void **state)
{
    (void)state;
    mud_sim *hard = flat_sim(0.0f, 0.0f), *soft = flat_sim(0.6f, 1.0f), *deep = flat_sim(1.0f, 1.0f);
    float dh = drive(hard, 64, 20, 0, 1, 0, 4), ds = drive(soft, 64, 20, 0, 1, 0, 4), dd = drive(deep, 64, 20, 0, 1, 0, 4);
    assert_true(ds < 0.6f * dh);
    assert_true(dd < 0.1f * dh); /* stuck: it digs in instead */
    float sink_s = vehicle_sink(mud_sim_vehicle(soft)), sink_d = vehicle_sink(mud_sim_vehicle(deep));
    assert_true(sink_s > 0.15f);
    assert_true(sink_d > sink_s + 0.1f);
    /* stuck wheels spin, and the ruts are real: mud under the truck is below the base */
    const vehicle_wheel *w = vehicle_wheel_at(mud_sim_vehicle(deep), 2);
    assert_true(fabsf(w->slip) > 2.0f);
    assert_true(mudfield_mud_height(mud_sim_field(deep), w->hub[0], w->hub[2]) < -0.3f);
    assert_true(mudfield_blocks_allocated(mud_sim_field(soft)) > 0);
    mud_sim_destroy(hard);
    mud_sim_destroy(soft);
    mud_sim_destroy(deep);
}

static void truck_mesh_has_parts_and_round_wheels(void **state)
{
    (void)state;
    vehicle *v = vehicle_create(NULL);
    truck_model tm;
    truck_model_build(&tm, vehicle_get_desc(v));
    for (int i = 0; i < TRUCK_BODY_PARTS; i++) assert_true(tm.body[i].mesh.index_count >= 36);
    vec3 lo, hi;
    mesh_bounds(&tm.wheel[TRUCK_TYRE].mesh, lo, hi);
    assert_true(hi[0] - lo[0] >= 0.42f && hi[0] - lo[0] <= 0.5f); /* axle along x, tyre width (sidewalls bulge) */
    assert_float_equal(hi[1], 0.55f, 0.02);                      /* tread reaches the radius */
    assert_float_equal(hi[1] + lo[1], 0.0f, 0.02);               /* centred on the hub */
    mesh_bounds(&tm.body[TRUCK_CAB].mesh, lo, hi);
    assert_true(lo[2] > 0.0f);                                   /* the cab is at the front (+z) */
    mesh_bounds(&tm.body[TRUCK_BED].mesh, lo, hi);
    assert_true(hi[2] < 0.5f);
    truck_model_free(&tm);
    vehicle_destroy(v);
    vehicle_destroy(NULL);
}

/* A tyre dug in to 0.7 of its radius throws 1 + 3 x 0.7 = 3.1 times the clods of one on the
 * surface at the same slip, and bigger ones: a stuck truck's spray (docs/img/mud_stuck.jpg). */
static void a_dug_in_wheel_throws_a_spray(void **state)
{
    (void)state;
    terrain *t = terrain_create(&(terrain_desc){.level_size = 64, .flat = true, .flat_height = 1.0f});
    int alive[2];
    float biggest[2];
    for (int k = 0; k < 2; k++) {
        clods *c = clods_create(&(clods_desc){.capacity = 1024, .seed = 5}, t);
        clod_emitter e = {{32, 1.55f, 32}, {0, 0, 1}, {0, 0, 0}, 0.55f, 4.0f, 0.42f, k ? 0.385f : 0.0f};
        for (int f = 0; f < 30; f++) clods_emit(c, &e, 1, 1.0f / 60.0f); /* 0.5 s, none stepped: all alive */
        alive[k] = clods_alive(c);
        clod_instance inst[1024];
        int n = clods_write(c, inst, 1024);
        biggest[k] = 0.0f;
        for (int i = 0; i < n; i++) biggest[k] = fmaxf(biggest[k], inst[i].size);
        clods_destroy(c);
    }
    assert_in_range(alive[0], 11, 12);                 /* 6 x 4 x 0.5 */
    assert_in_range(alive[1], 3 * alive[0], 4 * alive[0]); /* 37 */
    assert_true(biggest[1] > 0.2f && biggest[0] < 0.18f);
    terrain_destroy(t);
}

static void spinning_wheels_throw_clods_that_land(void **state)
{
    (void)state;
    terrain *t = terrain_create(&(terrain_desc){.level_size = 64, .flat = true, .flat_height = 1.0f});
    clods *c = clods_create(&(clods_desc){.capacity = 256, .seed = 3}, t);
    clod_emitter e[2] = {{{32, 1.55f, 32}, {0, 0, 1}, {0, 0, 0}, 0.55f, 6.0f}, {{30, 1.55f, 32}, {0, 0, 1}, {0, 0, 0}, 0.55f, 0.2f}};
    for (int f = 0; f < 30; f++) {
        clods_emit(c, e, 2, 1.0f / 60.0f);
        clods_step(c, 1.0f / 60.0f);
    }
    int n = clods_alive(c);
    /* 6 per second per m/s of slip: 6 * 6 * 0.5 s = 18 (one may still be a carried fraction); the slow wheel throws none */
    assert_in_range(n, 17, 18);
    clod_instance inst[256];
    assert_int_equal(clods_write(c, inst, 256), n);
    for (int i = 0; i < n; i++) {
        assert_true(inst[i].pos[2] < 32.0f); /* thrown backwards */
        assert_true(inst[i].pos[0] > 31.0f);
        assert_true(inst[i].size > 0.05f && inst[i].size < 0.2f);
    }
    for (int f = 0; f < 240; f++) clods_step(c, 1.0f / 60.0f);
    assert_int_equal(clods_alive(c), 0); /* all fell back to the ground */
    clods_destroy(c);
    clods_destroy(NULL);
    terrain_destroy(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(drives_forward_on_flat_ground),
        cmocka_unit_test(steering_turns_and_rest_is_rest),
        cmocka_unit_test(same_inputs_same_trajectory),
        cmocka_unit_test(moves_less_and_sinks_in_deep_soft_mud),
        cmocka_unit_test(truck_mesh_has_parts_and_round_wheels),
        cmocka_unit_test(spinning_wheels_throw_clods_that_land),
        cmocka_unit_test(a_dug_in_wheel_throws_a_spray),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
