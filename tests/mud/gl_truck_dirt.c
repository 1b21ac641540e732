/* The truck's dirt map on the GPU (src/mud/truck.h over the damage map's surface API): clods
 * thrown at a known point of the cab paint there and nowhere else; a wash lowers the map below
 * the water line only; the wetness dries to nothing in a minute while the coverage stays. The
 * map is read back and every atlas texel is placed on the truck through the atlas' own triangles
 * (damage_surface_raster), at the pose the truck stands in. */
#include "testgl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "damage/core/damage_surface.h"
#include "gfx/dump.h"
#include "mud/core/clods.h"
#include "mud/core/mud_sim.h"
#include "mud/truck.h"

enum { N = MUD_TRUCK_ATLAS };

typedef struct texel {
    int mesh;      /* -1: no chart here */
    float own[3];  /* in its mesh's space (body space for the body parts) */
    float world[3];
} texel;

typedef struct rig {
    mud_sim *sim;
    mud_truck *t;
    texel *tx;
    unsigned char *a, *b;
} rig;

typedef struct raster_ctx {
    const truck_atlas *ta;
    texel *tx;
    mat4 *models;
} raster_ctx;

static void place_texel(void *user, int mesh, int chart, int tri, int x, int y, const float w[3])
{
    (void)chart;
    raster_ctx *c = user;
    const mesh_data *m = &c->ta->mesh[mesh];
    texel *t = &c->tx[y * N + x];
    t->mesh = mesh;
    for (int a = 0; a < 3; a++) {
        t->own[a] = 0.0f;
        for (int k = 0; k < 3; k++) t->own[a] += w[k] * m->pos[m->idx[tri + k]][a];
    }
    glm_mat4_mulv3(c->models[mesh], t->own, 1.0f, t->world);
}

static rig make_rig(void)
{
    rig r = {0};
    r.sim = mud_sim_create(&(mud_sim_desc){.terrain = {.level_size = 128, .flat = true, .flat_height = 4.0f}});
    assert_non_null(r.sim);
    mud_sim_place_truck(r.sim, 64.0f, 40.0f, 0.0f);
    for (int f = 0; f < 30; f++) mud_sim_step(r.sim, &(vehicle_input){0}, 1.0f / 60.0f);
    r.t = mud_truck_create(&(mud_truck_desc){.vehicle = vehicle_get_desc(mud_sim_vehicle(r.sim))});
    assert_non_null(r.t);
    r.tx = malloc(sizeof *r.tx * N * N);
    r.a = malloc(4 * N * N);
    r.b = malloc(4 * N * N);
    assert_true(r.tx && r.a && r.b);
    for (int k = 0; k < N * N; k++) r.tx[k].mesh = -1;
    const truck_atlas *ta = mud_truck_atlas(r.t);
    damage_mesh dm[TRUCK_ATLAS_MESHES];
    for (int i = 0; i < ta->mesh_count; i++)
        dm[i] = (damage_mesh){.positions = (const float(*)[3])ta->mesh[i].pos, .uvs = (const float(*)[2])ta->mesh[i].uv,
                              .charts = ta->chart[i], .indices = ta->mesh[i].idx, .vertex_count = ta->mesh[i].vertex_count,
                              .index_count = ta->mesh[i].index_count};
    mat4 models[TRUCK_ATLAS_MESHES];
    mud_truck_pose(r.t, mud_sim_vehicle(r.sim), models);
    raster_ctx rc = {ta, r.tx, models};
    damage_surface_raster(dm, ta->mesh_count, N, place_texel, &rc);
    return r;
}

static void free_rig(rig *r)
{
    mud_truck_destroy(r->t);
    mud_sim_destroy(r->sim);
    free(r->tx);
    free(r->a);
    free(r->b);
}

/* (llvmpipe: a read through a new framebuffer did not always wait for the passes before it) */
static void read_map(rig *r, unsigned char *px)
{
    glFinish();
    assert_true(gfx_texture_read_rgba8(damage_map_raw_texture(mud_truck_dirt_map(r->t)), N, N, px));
}

static float dist3(const float *a, const float *b)
{
    const float x = a[0] - b[0], y = a[1] - b[1], z = a[2] - b[2];
    return sqrtf(x * x + y * y + z * z);
}

static void clods_paint_where_they_hit_the_cab(void **state)
{
    (void)state;
    rig r = make_rig();
    const vehicle *v = mud_sim_vehicle(r.sim);
    const vehicle_desc *d = vehicle_get_desc(v);
    truck_dirt td;
    truck_dirt_init(&td, d, 1);
    /* the cab's right door (truck_model.c: half width track + 0.12, the cab from front - 2.35 to
     * front - 1.15), 0.3 m above the body origin; thrown from 3 m beside it, 0.5 s of flight */
    const float bw = d->track_half + 0.12f, front = 0.5f * d->wheelbase + d->wheel_radius + 0.35f;
    const float target_body[3] = {bw, 0.3f, front - 1.75f};
    mat4 body;
    vehicle_body_matrix(v, body);
    vec3 target, from;
    glm_mat4_mulv3(body, (float *)target_body, 1.0f, target);
    glm_mat4_mulv3(body, (vec3){bw + 3.0f, 0.8f, front - 1.75f}, 1.0f, from);
    clods *c = clods_create(&(clods_desc){.capacity = 64, .seed = 3}, mud_sim_terrain(r.sim));
    assert_non_null(c);
    clods_box box;
    truck_dirt_box(&td, v, box.world_to_box, box.half);
    clods_set_box(c, &box);
    const float T = 0.5f, g = 9.81f;
    for (int i = 0; i < 12; i++) {
        /* a little spread: within 6 cm of the point */
        const float dz = 0.06f * cosf((float)i), dy = 0.06f * sinf((float)i);
        vec3 vel;
        for (int a = 0; a < 3; a++) vel[a] = (target[a] + (a == 1 ? dy : a == 2 ? dz : 0.0f) - from[a]) / T;
        vel[1] += 0.5f * g * T;
        clods_throw(c, from, vel, 0.1f);
    }
    for (int f = 0; f < 60; f++) clods_step(c, 1.0f / 60.0f);
    clod_landing hits[CLODS_HITS_MAX];
    const int nh = clods_take_hits(c, hits, CLODS_HITS_MAX);
    clods_destroy(c);
    print_message("%d of 12 clods hit the truck, the first at %.2f m from the door point\n", nh, nh ? (double)dist3(hits[0].pos, target) : -1.0);
    assert_int_equal(nh, 12);
    for (int i = 0; i < nh; i++) truck_dirt_hit(&td, hits[i].pos, fmaxf(0.1f, 1.5f * hits[i].size));
    mud_truck_paint(r.t, v, td.splat, td.splats);
    mud_truck_prepare(r.t);
    read_map(&r, r.a);
    int near = 0, painted = 0, far_painted = 0;
    float farthest = 0.0f;
    for (int k = 0; k < N * N; k++) {
        if (r.tx[k].mesh < 0) continue;
        const float dd = dist3(r.tx[k].world, target);
        if (r.a[4 * k] > 0) {
            painted++;
            farthest = fmaxf(farthest, dd);
            far_painted += dd > 0.45f;
        }
        near += dd < 0.08f && r.a[4 * k] > 128;
    }
    print_message("painted texels %d, %d of them within 8 cm of the point at over half, the farthest %.2f m away\n", painted, near, (double)farthest);
    assert_true(near >= 4);
    assert_int_equal(far_painted, 0);
    const mud_truck_dirt m = mud_truck_measure(r.t);
    assert_true(m.max > 0.9f);
    free_rig(&r);
}

static void wash_lowers_the_map_below_the_water_line_only(void **state)
{
    (void)state;
    rig r = make_rig();
    const vehicle *v = mud_sim_vehicle(r.sim);
    /* mud everywhere: spheres of 1.2 m on a 0.8 m grid over the whole truck */
    vec3 at;
    vehicle_position(v, at);
    truck_splat s[TRUCK_DIRT_MAX_SPLATS];
    int n = 0;
    for (float x = -1.6f; x <= 1.6f; x += 0.8f)
        for (float y = -1.2f; y <= 2.0f; y += 0.8f)
            for (float z = -3.6f; z <= 3.6f; z += 0.8f) {
                s[n++] = (truck_splat){{at[0] + x, at[1] + y, at[2] + z}, 1.2f};
                if (n == TRUCK_DIRT_MAX_SPLATS) mud_truck_paint(r.t, v, s, n), mud_truck_prepare(r.t), n = 0;
            }
    mud_truck_paint(r.t, v, s, n);
    for (int i = 0; i < 8; i++) mud_truck_prepare(r.t);
    read_map(&r, r.a);
    const float water = at[1] - 0.3f;
    mud_truck_wash(r.t, v, water, 0.5f);
    mud_truck_prepare(r.t);
    testgl_assert_no_error();
    assert_int_equal(damage_map_get_stats(mud_truck_dirt_map(r.t)).wash_passes, 1);
    read_map(&r, r.b);
    int below = 0, lowered = 0, above = 0, changed_above = 0;
    for (int k = 0; k < N * N; k++) {
        if (r.tx[k].mesh < 0 || r.a[4 * k] < 40) continue;
        const float y = r.tx[k].world[1];
        if (y < water - 0.02f) below++, lowered += r.b[4 * k] <= r.a[4 * k] / 2 + 1;
        if (y > water + 0.02f) above++, changed_above += r.b[4 * k] != r.a[4 * k];
    }
    print_message("wash at y %.2f: %d of %d texels below lowered to half, %d of %d above changed\n", (double)water, lowered, below, changed_above, above);
    assert_true(below > 500 && above > 500);
    assert_int_equal(lowered, below);
    assert_int_equal(changed_above, 0);
    /* and dried: a minute and more later the wetness is gone, the coverage is not */
    for (int i = 0; i < 70; i++) {
        mud_truck_update(r.t, 1.0f);
        mud_truck_prepare(r.t);
    }
    read_map(&r, r.a);
    glFinish();
    assert_true(gfx_texture_read_rgba8(damage_map_fading_texture(mud_truck_dirt_map(r.t)), N, N, r.b));
    int wet = 0, covered = 0;
    for (int k = 0; k < N * N; k++) wet += r.b[4 * k] > 0, covered += r.a[4 * k] > 0;
    print_message("after 70 s: %d texels wet, %d covered\n", wet, covered);
    assert_int_equal(wet, 0);
    assert_true(covered > 1000);
    free_rig(&r);
}

int main(void)
{
    log_set_quiet(true);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(clods_paint_where_they_hit_the_cab),
        cmocka_unit_test(wash_lowers_the_map_below_the_water_line_only),
    };
    return cmocka_run_group_tests(tests, testgl_setup, testgl_teardown);
}
