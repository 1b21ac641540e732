/* Mud chunks on water (mud/core/physics.h with mud/core/water.h, chunk.h): a chunk dropped on still
 * deep water floats with its top above the surface, at its water draft, without drifting, until it
 * has soaked and crumbles into floating mud; on flowing water it drifts downstream with the flow
 * and still floats; the pore model keeps the mud's density of a chunk as it was. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>

#include "mud/core/physics.h"

#define DT (1.0f / 60.0f)
#define GROUND 4.0f  /* the flat sim's hard ground, no mud */
#define SURFACE 6.0f /* the water's surface: 2 m deep */
#define SIZE 0.6f

static float ground_fn(void *user, float x, float z)
{
    (void)user, (void)x, (void)z;
    return GROUND;
}

typedef struct world {
    mud_sim *sim;
    mud_physics *ph;
    water *w;
} world;

/* a 32 m wide channel along x over z 64..96 of a flat level; the truck parked dry at (40, 40) */
static world make(int level_size)
{
    world o;
    o.sim = mud_sim_create(&(mud_sim_desc){.terrain = {.level_size = level_size, .flat = true, .flat_height = GROUND}});
    assert_non_null(o.sim);
    o.ph = mud_physics_create(o.sim, &(mud_physics_desc){.seed = 7, .active_radius = 400});
    assert_non_null(o.ph);
    mud_sim_place_truck(o.sim, 40, 40, 0);
    static level_water area;
    area = (level_water){{0, 64, (float)level_size, 96}, SURFACE};
    o.w = water_create(&(water_desc){.level_size = level_size, .areas = &area, .nareas = 1, .ground = ground_fn});
    assert_non_null(o.w);
    water_activate_all(o.w);
    mud_physics_set_water(o.ph, o.w);
    return o;
}

static void destroy(world *o)
{
    mud_physics_set_water(o->ph, NULL);
    mud_physics_destroy(o->ph);
    water_destroy(o->w);
    mud_sim_destroy(o->sim);
}

static void step(world *o)
{
    mud_physics_drive(o->ph, &(vehicle_input){0}, DT);
    mud_sim_stamp(o->sim);
    water_step(o->w, DT, NULL, 0);
}

/* the world height of the chunk's highest corner minus the water surface over its centre */
static float freeboard(const world *o, const mud_chunk *c)
{
    const float *q = c->rot; /* x y z w */
    float top = -1e9f;
    for (int k = 0; k < 8; k++) {
        float v[3] = {(k & 1 ? 0.5f : -0.5f) * c->size, (k & 2 ? 0.5f : -0.5f) * chunk_height(c->size),
                      (k & 4 ? 0.5f : -0.5f) * c->size};
        /* y of q v q^-1 */
        float tx = 2.0f * (q[1] * v[2] - q[2] * v[1]), ty = 2.0f * (q[2] * v[0] - q[0] * v[2]),
              tz = 2.0f * (q[0] * v[1] - q[1] * v[0]);
        float y = v[1] + q[3] * ty + (q[2] * tx - q[0] * tz);
        top = fmaxf(top, c->pos[1] + y);
    }
    water_sample_out s;
    assert_true(water_sample(o->w, c->pos[0], c->pos[2], &s));
    return top - s.surface;
}

static void the_pores_keep_the_mud_density(void **state)
{
    (void)state;
    assert_float_equal(chunk_density(CHUNK_MUD_DENSITY), CHUNK_DENSITY, 1e-3f);
    assert_float_equal(chunk_mass_with_pores(SIZE, CHUNK_MUD_DENSITY), chunk_mass(SIZE), 1e-4f);
    assert_true(chunk_density(CHUNK_WATER_DENSITY) < CHUNK_WATER_DENSITY);
    assert_true(chunk_water_draft(SIZE) < chunk_height(SIZE));
}

static void a_chunk_floats_on_still_deep_water_until_it_soaks(void **state)
{
    (void)state;
    world o = make(128);
    int c = mud_physics_add_chunk(o.ph, 64, 80, SIZE);
    assert_true(c >= 0);
    int cap;
    const mud_chunk *ch = mud_physics_chunks(o.ph, &cap);
    assert_float_equal(ch[c].pos[1], SURFACE + 0.5f * chunk_height(SIZE) + 0.05f, 1e-4f); /* onto the water */
    float low = 1e9f, high = -1e9f, draft = 0.0f;
    int f = 0;
    for (; f < (int)(CHUNK_SOAK_TIME * 60.0f) - 60; f++) { /* up to a second before it has soaked */
        step(&o);
        assert_true(ch[c].alive);
        if (f < 120) continue; /* two seconds to settle */
        float fb = freeboard(&o, &ch[c]);
        low = fminf(low, fb), high = fmaxf(high, fb);
        if (f == 600) draft = SURFACE - (ch[c].pos[1] - 0.5f * chunk_height(SIZE));
    }
    float drift = hypotf(ch[c].pos[0] - 64.0f, ch[c].pos[2] - 80.0f);
    printf("still water: top %.3f..%.3f m over the surface from 2 to %.0f s, draft at 10 s %.3f m (model %.3f), drift %.3f m\n",
           (double)low, (double)high, (double)f / 60.0, (double)draft, (double)chunk_water_draft(SIZE), (double)drift);
    assert_true(low > 0.03f);                                   /* afloat, its top out of the water */
    assert_float_equal(draft, chunk_water_draft(SIZE), 0.015f); /* where Archimedes puts it */
    assert_true(drift < 0.1f);                                  /* still water carries it nowhere */
    mud_physics_stats st;
    mud_physics_stats_get(o.ph, &st);
    assert_int_equal(st.chunks_crumbled, 0);
    /* soaked through: it crumbles into floating mud where it floated */
    bool crumbed = false;
    for (int k = 0; k < 180 && ch[c].alive; k++) {
        step(&o);
        int n;
        const mud_crumb *cr = mud_physics_crumbs(o.ph, &n);
        if (n == 1) {
            crumbed = true;
            assert_float_equal(cr[0].pos[0], 64.0f, 0.1f);
            assert_float_equal(cr[0].size, SIZE, 1e-6f);
        }
    }
    assert_false(ch[c].alive);
    assert_true(crumbed);
    mud_physics_stats_get(o.ph, &st);
    assert_int_equal(st.chunks_crumbled, 1);
    destroy(&o);
}

/* A dam break: the west half of a 256 m channel 0.5 m higher; the flow at the gate runs east
 * (+x) for tens of seconds before the reflections come back. */
static void a_chunk_drifts_downstream_on_flowing_water(void **state)
{
    (void)state;
    world o = make(256);
    for (float x = 0.25f; x < 128.0f; x += 0.5f)
        for (float z = 64.25f; z < 96.0f; z += 0.5f) water_set_depth_at(o.w, x, z, water_depth_at(o.w, x, z) + 0.5f);
    int c = mud_physics_add_chunk(o.ph, 132, 80, SIZE);
    assert_true(c >= 0);
    int cap;
    const mud_chunk *ch = mud_physics_chunks(o.ph, &cap);
    float low = 1e9f, flow = 0.0f;
    const int frames = 20 * 60;
    for (int f = 0; f < frames; f++) {
        step(&o);
        assert_true(ch[c].alive);
        if (f >= 120) low = fminf(low, freeboard(&o, &ch[c]));
        water_sample_out s;
        water_sample(o.w, ch[c].pos[0], ch[c].pos[2], &s);
        flow += s.vel[0] / (float)frames;
    }
    float dx = ch[c].pos[0] - 132.0f, dz = ch[c].pos[2] - 80.0f;
    printf("flowing water: drift %.2f m east, %.2f m across in 20 s (%.2f m/s; mean flow under it %.2f m/s), top at least %.3f m over the surface\n",
           (double)dx, (double)dz, (double)dx / 20.0, (double)flow, (double)low);
    assert_true(flow > 0.1f);           /* the water does flow east */
    assert_true(dx > 0.5f * flow * 20); /* and carries the chunk at no less than half its speed */
    assert_true(dx < 1.5f * flow * 20); /* no faster than it (give or take) */
    assert_true(fabsf(dz) < 0.5f);
    assert_true(low > 0.02f);           /* afloat all the way */
    destroy(&o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_pores_keep_the_mud_density),
        cmocka_unit_test(a_chunk_floats_on_still_deep_water_until_it_soaks),
        cmocka_unit_test(a_chunk_drifts_downstream_on_flowing_water),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
