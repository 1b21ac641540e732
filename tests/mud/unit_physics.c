/* The mud scene's rigid-body world (mud/core/physics.h, chunk.h, plants.h): the chunk breaking
 * rule, buoyancy's equilibrium depth, the tree's spring and its snapping threshold, the
 * heightfield under real terrain, the ODE truck keeping the mud coupling, the active set and its
 * cap, and a 10 s run that is bit-identical twice. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "mud/core/physics.h"
#include "mud/core/plants.h"
#include "mud/core/prop_models.h"

#define DT (1.0f / 60.0f)

static mud_sim *flat_sim(float softness, float mud)
{
    return mud_sim_create(&(mud_sim_desc){.terrain = {.level_size = 128, .flat = true, .flat_height = 4.0f,
                                                       .flat_softness = softness, .flat_mud = mud}});
}

static void run(mud_physics *ph, mud_sim *sim, vehicle_input in, float seconds)
{
    for (int f = 0; f < (int)lrintf(seconds * 60.0f); f++) {
        mud_physics_drive(ph, &in, DT);
        mud_sim_stamp(sim);
    }
}

static void chunk_breaking_rule(void **state)
{
    (void)state;
    chunk_piece p[CHUNK_MAX_PIECES];
    for (float size = CHUNK_MIN_SIZE; size <= CHUNK_MAX_SIZE + 1e-6f; size += 0.1f) {
        float limit = chunk_break_force(size);
        assert_int_equal(chunk_split(size, 0.99f * limit, p), 0); /* holds under the threshold */
        for (int mult = 1; mult <= 5; mult++) {
            int n = chunk_split(size, limit * ((float)mult + 0.5f), p);
            if (n == CHUNK_CRUMBLES) {
                /* only when even two pieces would be under the minimum */
                assert_true(size * cbrtf(0.5f) < CHUNK_MIN_SIZE);
                continue;
            }
            assert_in_range(n, 2, CHUNK_MAX_PIECES);
            if (size >= 2.0f * CHUNK_MIN_SIZE) assert_int_equal(n, mult >= 3 ? 4 : mult + 1); /* harder: more pieces */
            float volume = 0.0f;
            for (int i = 0; i < n; i++) {
                assert_true(p[i].size >= CHUNK_MIN_SIZE);
                assert_true(p[i].size < size);
                volume += chunk_volume(p[i].size);
                for (int j = 0; j < i; j++) /* same orientation: apart along x or z by a size */
                    assert_true(fabsf(p[i].offset[0] - p[j].offset[0]) >= p[i].size ||
                                fabsf(p[i].offset[1] - p[j].offset[1]) >= p[i].size);
            }
            assert_float_equal(volume / chunk_volume(size), 1.0f, 0.05f); /* mass conserved within 5 % */
            assert_float_equal(volume / chunk_volume(size), 1.0f, 1e-5f); /* in fact exactly */
        }
    }
    /* a small chunk makes fewer pieces rather than pieces under the minimum, then crumbles */
    assert_int_equal(chunk_split(0.3f, 10.0f * chunk_break_force(0.3f), p), 3);
    assert_int_equal(chunk_split(0.22f, 10.0f * chunk_break_force(0.22f), p), CHUNK_CRUMBLES);
    /* a bigger chunk is stronger */
    assert_true(chunk_break_force(1.0f) > chunk_break_force(0.5f));
}

/* A chunk in deep mud floats at height * density / mud density under the mud around it, and the
 * mud under it is pressed down to its bottom (its mark: as deep as it sank when it dropped in, the
 * mud does not spring back); on hard ground it lies on it. */
static void buoyancy_equilibrium_depth(void **state)
{
    (void)state;
    for (int mud = 1; mud >= 0; mud--) {
        mud_sim *sim = flat_sim(1.0f, (float)mud);
        mud_physics *ph = mud_physics_create(sim, &(mud_physics_desc){.seed = 3});
        assert_non_null(ph);
        mud_sim_place_truck(sim, 40, 40, 0);
        const float size = 0.6f;
        int c = mud_physics_add_chunk(ph, 56, 56, size);
        assert_true(c >= 0);
        run(ph, sim, (vehicle_input){0}, 5.0f);
        int cap;
        const mud_chunk *ch = mud_physics_chunks(ph, &cap);
        assert_true(ch[c].alive);
        float bottom = ch[c].pos[1] - 0.5f * chunk_height(size);
        const mudfield *mf = mud_sim_field(sim);
        float surface = mudfield_surface_height(mf, ch[c].pos[0] + 2.0f, ch[c].pos[2]); /* past its berm */
        if (mud) {
            float depth = surface - bottom;
            assert_true(depth > 0.05f); /* in the mud, not on the floor 0.5 m down */
            assert_float_equal(depth, chunk_equilibrium_depth(size), 0.01f);
            float dent = mudfield_surface_height(mf, ch[c].pos[0], ch[c].pos[2]);
            assert_true(dent <= bottom + 0.01f && dent >= mudfield_floor_height(mf, ch[c].pos[0], ch[c].pos[2]));
        } else {
            assert_float_equal(bottom, 4.0f, 0.02f);
        }
        assert_float_equal(ch[c].pos[0], 56.0f, 0.05f); /* nothing pushes it sideways */
        mud_physics_destroy(ph);
        mud_sim_destroy(sim);
    }
}

/* theta of the steady bend under force f at height `at`: k theta = f at cos + w sin */
static float steady_bend(float height, float f, float at)
{
    float k = plant_tree_stiffness(height), w = plant_tree_mass(height) * 9.81f * 0.5f * height, th = 0.0f;
    for (int i = 0; i < 60; i++) th = (f * at * cosf(th) + w * sinf(th)) / k;
    return th;
}

static void tree_spring_threshold(void **state)
{
    (void)state;
    mud_sim *sim = flat_sim(0.0f, 0.0f);
    mud_physics *ph = mud_physics_create(sim, &(mud_physics_desc){.seed = 5});
    mud_sim_place_truck(sim, 40, 40, 0);
    const float height = 8.0f, at = 2.0f;
    int t = mud_physics_add_plant(ph, PLANT_TREE, 56, 50, height);
    float limit = plant_tree_break_force(height, at);
    assert_true(limit > 3000.0f && limit < 50000.0f); /* a truck (24 kN of drive) can snap it */
    mud_physics_stats st;

    /* 80 % of the threshold, raised slowly (a sudden load overshoots): it bends to the steady
     * angle and stands */
    for (int f = 0; f < 300; f++) {
        mud_physics_push_plant(ph, t, (float[3]){0.8f * limit * fminf((float)f / 180.0f, 1.0f), 0, 0}, at);
        run(ph, sim, (vehicle_input){0}, DT);
    }
    float bend = mud_physics_plant_bend(ph, t);
    assert_float_equal(bend, steady_bend(height, 0.8f * limit, at), 0.02f);
    assert_true(bend < PLANT_TREE_BREAK_ANGLE);
    mud_physics_stats_get(ph, &st);
    assert_int_equal(st.plants_down, 0);
    assert_false(plants_get(mud_physics_plants(ph), t)->down);
    /* let go: the spring stands it up again, the foot stayed where it was */
    run(ph, sim, (vehicle_input){0}, 4.0f);
    assert_true(mud_physics_plant_bend(ph, t) < 0.01f);
    const plant *p = plants_get(mud_physics_plants(ph), t);
    assert_float_equal(p->pos[0], 56.0f, 0.01f);
    assert_float_equal(p->pos[1], 4.0f, 0.01f);

    /* 120 %: past the break angle it snaps and falls over */
    for (int f = 0; f < 120; f++) {
        mud_physics_push_plant(ph, t, (float[3]){1.2f * limit, 0, 0}, at);
        run(ph, sim, (vehicle_input){0}, DT);
    }
    mud_physics_stats_get(ph, &st);
    assert_int_equal(st.plants_down, 1);
    assert_true(plants_get(mud_physics_plants(ph), t)->down);
    run(ph, sim, (vehicle_input){0}, 4.0f);
    assert_true(mud_physics_plant_bend(ph, t) > 1.3f); /* lying on the ground */
    mud_physics_destroy(ph);
    mud_sim_destroy(sim);
}

/* A felled tree lies propped on its crown (physics_plants.c's crown capsule), not sunk into the
 * ground with its trunk flat: pushed over (the push stops once it snaps), 8 s later (its foot on
 * the ground again) the crown's widest ring (prop_models.c: 0.21 of the height out at
 * PROP_TREE_CROWN of it) is at most a tenth of the height under the ground (its lowest branches
 * pressed flat: 0.67 m of 8 m measured; 1.51 m on the trunk's capsule alone), the bare trunk's
 * middle two trunk radii clear of the ground (0.53 m; 0.17 m alone: the trunk hidden in the
 * grass), and the tree lies where it fell (its foot within 2 m). */
static void felled_tree_lies_on_trunk_and_crown(void **state)
{
    (void)state;
    mud_sim *sim = flat_sim(0.0f, 0.0f);
    mud_physics *ph = mud_physics_create(sim, &(mud_physics_desc){.seed = 5});
    mud_sim_place_truck(sim, 40, 40, 0);
    const float height = 8.0f, at = 2.0f, ground = 4.0f;
    int t = mud_physics_add_plant(ph, PLANT_TREE, 56, 50, height);
    for (int f = 0; f < 120 && !plants_get(mud_physics_plants(ph), t)->down; f++) {
        mud_physics_push_plant(ph, t, (float[3]){1.2f * plant_tree_break_force(height, at), 0, 0}, at);
        run(ph, sim, (vehicle_input){0}, DT);
    }
    assert_true(plants_get(mud_physics_plants(ph), t)->down);
    run(ph, sim, (vehicle_input){0}, 8.0f); /* it lands on its crown, then its foot tips down (4 s: 0.41 m up) */
    const plant *p = plants_get(mud_physics_plants(ph), t);
    vec3 axis;
    glm_quat_rotatev((versor){p->rot[0], p->rot[1], p->rot[2], p->rot[3]}, (vec3){0, 1, 0}, axis);
    const float ring_y = p->pos[1] + PROP_TREE_CROWN * height * axis[1];
    const float ring_low = ring_y - 0.21f * height * sqrtf(fmaxf(1.0f - axis[1] * axis[1], 0.0f));
    const float mid_y = p->pos[1] + 0.5f * PROP_TREE_CROWN * height * axis[1];
    print_message("felled tree: bend %.2f rad; foot %.2f m, bare trunk's middle %.2f m, the crown's widest ring's lowest point "
                  "%.2f m over the ground; foot moved %.2f m\n",
                  (double)mud_physics_plant_bend(ph, t), (double)(p->pos[1] - ground), (double)(mid_y - ground),
                  (double)(ring_low - ground), (double)hypotf(p->pos[0] - 56.0f, p->pos[2] - 50.0f));
    assert_true(mud_physics_plant_bend(ph, t) > 1.2f); /* lying */
    assert_true(ring_low > ground - 0.1f * height);              /* -0.67 m (-1.51 m on the trunk alone) */
    assert_true(mid_y > ground + 2.0f * plant_tree_radius(height)); /* 0.53 m (0.17 m) */
    assert_true(hypotf(p->pos[0] - 56.0f, p->pos[2] - 50.0f) < 2.0f);
    mud_physics_destroy(ph);
    mud_sim_destroy(sim);
}

/* On real hills, a rock comes to rest on the heightfield where the terrain is: ODE's field is laid
 * over the level the right way round. */
static void heightfield_matches_terrain(void **state)
{
    (void)state;
    mud_sim *sim = mud_sim_create(&(mud_sim_desc){.terrain = {.level_size = 256, .seed = 7}});
    mud_physics *ph = mud_physics_create(sim, &(mud_physics_desc){.seed = 7, .active_radius = 60});
    mud_sim_place_truck(sim, 128, 128, 0);
    const float spots[][2] = {{100, 110}, {150, 140}, {120, 165}, {160, 100}};
    int rock[4];
    for (int i = 0; i < 4; i++) rock[i] = mud_physics_add_plant(ph, PLANT_ROCK, spots[i][0], spots[i][1], 0.5f);
    run(ph, sim, (vehicle_input){0}, 3.0f);
    for (int i = 0; i < 4; i++) {
        const plant *p = plants_get(mud_physics_plants(ph), rock[i]);
        assert_true(p->body >= 0);
        float floor = mudfield_floor_height(mud_sim_field(sim), p->pos[0], p->pos[2]);
        vec3 n;
        terrain_normal(mud_sim_terrain(sim), p->pos[0], p->pos[2], n);
        /* a sphere on a slope touches it off-centre: the centre is r / n.y above the ground */
        assert_float_equal(p->pos[1] - floor, 0.5f / n[1], 0.06f);
    }
    mud_physics_destroy(ph);
    mud_sim_destroy(sim);
}

/* The chassis is an ODE body now; the wheels' mud coupling is the same and holds unit_vehicle's
 * numbers: it settles on its springs, drives, goes less than 60 % as far at softness 0.6 and digs
 * in at softness 1 (under 10 %, wheels spinning), sinking deeper the softer the ground. */
static void ode_truck_keeps_the_mud_coupling(void **state)
{
    (void)state;
    static const float soft[3][2] = {{0, 0}, {0.6f, 1}, {1, 1}}; /* softness, mud */
    float dist[3], sink[3], slip = 0.0f;
    for (int k = 0; k < 3; k++) {
        mud_sim *sim = flat_sim(soft[k][0], soft[k][1]);
        mud_physics *ph = mud_physics_create(sim, &(mud_physics_desc){.seed = 1});
        mud_sim_place_truck(sim, 64, 20, 0);
        const vehicle *v = mud_sim_vehicle(sim);
        if (k == 0) {
            run(ph, sim, (vehicle_input){0}, 1.0f);
            for (int i = 0; i < 4; i++) {
                const vehicle_wheel *w = vehicle_wheel_at(v, i);
                assert_true(w->contact);
                assert_float_equal(w->load, 4000 * 9.81 / 4, 4000 * 9.81 / 4 * 0.1);
                assert_float_equal(w->hub[1] - 0.55f, 4.0f, 0.01); /* tyres on the ground */
            }
            mud_sim_place_truck(sim, 64, 20, 0);
        }
        vec3 p0, p;
        vehicle_position(v, p0);
        run(ph, sim, (vehicle_input){.throttle = 1}, 4.0f);
        vehicle_position(v, p);
        dist[k] = hypotf(p[0] - p0[0], p[2] - p0[2]);
        sink[k] = vehicle_sink(v);
        if (k == 2) slip = fabsf(vehicle_wheel_at(v, 2)->slip);
        assert_float_equal(p[0], 64.0f, 0.1f); /* straight on */
        mud_physics_destroy(ph);
        mud_sim_destroy(sim);
    }
    assert_true(dist[0] > 20.0f);
    assert_float_equal(sink[0], 0.0f, 0.01f);
    assert_true(dist[1] < 0.6f * dist[0]);
    assert_true(dist[2] < 0.1f * dist[0]); /* stuck: it digs in instead */
    assert_true(sink[1] > 0.15f);
    assert_true(sink[2] > sink[1] + 0.1f);
    assert_true(slip > 2.0f);
}

/* Driving into a tree snaps it; driving over chunks breaks them into more chunks. */
static void truck_snaps_trees_and_breaks_chunks(void **state)
{
    (void)state;
    mud_sim *sim = flat_sim(0.6f, 1.0f);
    mud_physics *ph = mud_physics_create(sim, &(mud_physics_desc){.seed = 2});
    mud_sim_place_truck(sim, 40, 20, 0);
    mud_physics_add_plant(ph, PLANT_TREE, 40, 34, 7.0f);
    mud_physics_add_chunk(ph, 41.0f, 28, 0.8f);
    mud_physics_add_chunk(ph, 39.0f, 29, 1.0f);
    mud_physics_stats st;
    mud_physics_stats_get(ph, &st);
    int chunks0 = st.chunks;
    run(ph, sim, (vehicle_input){.throttle = 1}, 6.0f);
    mud_physics_stats_get(ph, &st);
    assert_int_equal(st.plants_down, 1);
    assert_true(st.chunks_broken >= 1);
    assert_true(st.chunks > chunks0);
    assert_true(st.bodies == 1 + st.plants_active + st.chunks);
    mud_physics_destroy(ph);
    mud_sim_destroy(sim);
}

/* Bodies only near the truck; leaving keeps the plants' state; the cap holds on a long drive. */
static void active_set_and_cap(void **state)
{
    (void)state;
    mud_sim *sim = mud_sim_create(&(mud_sim_desc){.terrain = {.level_size = 1024, .seed = 4}});
    mud_physics *ph = mud_physics_create(sim, &(mud_physics_desc){.seed = 4});
    /* 150 trees, 100 rocks and 100 bushes a hectare over the whole 1 km level: ~36 700 plants */
    static const float per_hectare[PLANT_KINDS] = {150, 100, 100};
    for (int k = 0; k < PLANT_KINDS; k++)
        mud_physics_scatter(ph, &(plants_scatter_desc){.kind = (plant_kind)k, .per_hectare = per_hectare[k], .rect = {0, 0, 1024, 1024}, .seed = 4 + (uint64_t)k});
    int total = plants_count(mud_physics_plants(ph));
    assert_in_range(total, 35800, 37600);
    assert_in_range(plants_count_kind(mud_physics_plants(ph), PLANT_TREE), 15300, 16150); /* 150 x 104.9 ha */
    for (int i = 0; i < 300; i++) mud_physics_add_chunk(ph, 20.0f + (float)(i % 20) * 3.0f, 20.0f + (float)(i / 20) * 3.0f, 0.5f);

    mud_sim_place_truck(sim, 40, 40, 0);
    run(ph, sim, (vehicle_input){0}, 0.5f);
    mud_physics_stats st;
    mud_physics_stats_get(ph, &st);
    assert_int_equal(st.bodies, MUD_PHYSICS_MAX_BODIES); /* more than the cap wanted bodies */
    assert_true(st.plants_active > 0);

    /* snap a tree near the spawn, drive the level through (bodies under the cap all along) */
    int tree = mud_physics_add_plant(ph, PLANT_TREE, 200, 200, 8.0f);
    mud_sim_place_truck(sim, 205, 190, 0);
    for (int f = 0; f < 120 && !plants_get(mud_physics_plants(ph), tree)->down; f++) {
        mud_physics_push_plant(ph, tree, (float[3]){0, 0, 60000.0f}, 2.0f);
        run(ph, sim, (vehicle_input){0}, DT);
    }
    run(ph, sim, (vehicle_input){0}, 3.0f);
    assert_true(plants_get(mud_physics_plants(ph), tree)->down);
    float fallen[3];
    memcpy(fallen, plants_get(mud_physics_plants(ph), tree)->pos, sizeof fallen);
    for (float z = 20; z < 1010; z += 8) { /* the 1 km drive */
        mud_sim_place_truck(sim, 300, z, 0);
        run(ph, sim, (vehicle_input){.throttle = 1}, 0.25f);
        mud_physics_stats_get(ph, &st);
        assert_true(st.bodies <= MUD_PHYSICS_MAX_BODIES);
        assert_true(st.blocks_active <= 16);
        for (int i = 0; i < plants_count(mud_physics_plants(ph)); i++) {
            const plant *p = plants_get(mud_physics_plants(ph), i);
            if (p->body < 0) continue;
            /* only plants of blocks near the truck have bodies */
            assert_true(fabsf(p->pos[0] - 300.0f) < 28.0f + 12.0f && fabsf(p->pos[2] - z) < 28.0f + 12.0f);
        }
    }
    /* far away: the tree has no body, and kept its fallen pose */
    const plant *p = plants_get(mud_physics_plants(ph), tree);
    assert_int_equal(p->body, -1);
    assert_true(p->down);
    assert_memory_equal(p->pos, fallen, sizeof fallen);
    /* back: it is down where it fell */
    mud_sim_place_truck(sim, 205, 190, 0);
    run(ph, sim, (vehicle_input){0}, 0.5f);
    p = plants_get(mud_physics_plants(ph), tree);
    assert_true(p->body >= 0);
    assert_true(p->down);
    assert_true(mud_physics_plant_bend(ph, tree) > 1.3f);
    mud_physics_destroy(ph);
    mud_sim_destroy(sim);
}

/* 10 s through trees, rocks and chunks: every pose of every step, twice, bit for bit. */
static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 1099511628211ull;
    return h;
}

static uint64_t ten_seconds(mud_physics_stats *st)
{
    mud_sim *sim = flat_sim(0.6f, 1.0f);
    mud_physics *ph = mud_physics_create(sim, &(mud_physics_desc){.seed = 9});
    mud_sim_place_truck(sim, 60, 12, 0);
    for (int i = 0; i < 8; i++) {
        mud_physics_add_plant(ph, i % 3 == 2 ? PLANT_ROCK : PLANT_TREE, 56.0f + (float)(i % 4) * 2.5f, 30.0f + (float)(i / 4) * 12.0f, 0);
        mud_physics_add_chunk(ph, 58.0f + (float)(i % 3) * 1.5f, 24.0f + (float)i * 4.0f, 0.5f + 0.15f * (float)i);
    }
    uint64_t h = 1469598103934665603ull;
    for (int f = 0; f < 600; f++) {
        vehicle_input in = {.throttle = 1, .steer = f > 300 ? 0.4f : 0.0f};
        mud_physics_drive(ph, &in, DT);
        mud_sim_stamp(sim);
        vec3 pos, vel, w;
        versor rot;
        vehicle_state(mud_sim_vehicle(sim), pos, rot, vel, w);
        h = fnv(h, pos, sizeof pos);
        h = fnv(h, rot, sizeof rot);
        int cap;
        const mud_chunk *c = mud_physics_chunks(ph, &cap);
        for (int i = 0; i < cap; i++)
            if (c[i].alive) h = fnv(fnv(h, c[i].pos, sizeof c[i].pos), c[i].rot, sizeof c[i].rot);
        for (int i = 0; i < plants_count(mud_physics_plants(ph)); i++) {
            const plant *p = plants_get(mud_physics_plants(ph), i);
            h = fnv(fnv(h, p->pos, sizeof p->pos), p->rot, sizeof p->rot);
        }
    }
    mud_physics_stats_get(ph, st);
    mud_physics_destroy(ph);
    mud_sim_destroy(sim);
    return h;
}

static void ten_second_run_is_bit_identical(void **state)
{
    (void)state;
    mud_physics_stats a, b;
    uint64_t ha = ten_seconds(&a), hb = ten_seconds(&b);
    assert_true(ha == hb);
    assert_memory_equal(&a.plants_down, &b.plants_down, sizeof a.plants_down);
    assert_int_equal(a.chunks_broken, b.chunks_broken);
    assert_int_equal(a.chunks, b.chunks);
    /* and something happened in it */
    assert_true(a.plants_down + a.chunks_broken > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(chunk_breaking_rule),
        cmocka_unit_test(buoyancy_equilibrium_depth),
        cmocka_unit_test(tree_spring_threshold),
        cmocka_unit_test(felled_tree_lies_on_trunk_and_crown),
        cmocka_unit_test(heightfield_matches_terrain),
        cmocka_unit_test(ode_truck_keeps_the_mud_coupling),
        cmocka_unit_test(truck_snaps_trees_and_breaks_chunks),
        cmocka_unit_test(active_set_and_cap),
        cmocka_unit_test(ten_second_run_is_bit_identical),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
