#include "mud/scene/mud_water.h"

#include <math.h>
#include <stdlib.h>

#include "base/log.h"
#include "mud/scene/mud_play.h"
#include "gfx/dump.h"
#include "gfx/timer.h"
#include "mud/water.h"

/* the chassis pushes the water as three discs along its length, body space */
#define CHASSIS_DISCS 3
static const float DISC_Z[CHASSIS_DISCS] = {-1.8f, 0.0f, 1.8f};
#define DISC_RADIUS 0.9f
#define CHASSIS_BOTTOM -0.45f /* body space y of the chassis' underside */

struct mud_water {
    mud_sim *sim;
    mud_physics *ph;
    mud_clod_worker *worker;
    floaters_flow flow; /* around the truck, for the floating pieces */
    water *w;
    water_renderer *wr;
};

static float ground(void *user, float x, float z) { return terrain_height(mud_sim_terrain(user), x, z); }
/* the ground as the wheels left it: where it sank near a water area, water stands in the ruts */
static float rutted(void *user, float x, float z) { return ground(user, x, z) + mudfield_mud_height(mud_sim_field(user), x, z); }

mud_water *mud_water_create(mud_sim *sim, mud_physics *ph, mud_clod_worker *worker, const mud_level *lv)
{
    mud_water *mw = calloc(1, sizeof *mw);
    if (!mw) {
        log_error("mud scene: out of memory for the water");
        return NULL;
    }
    mw->sim = sim;
    mw->ph = ph;
    mw->worker = worker;
    mw->w = water_create(&(water_desc){.level_size = terrain_level_size(mud_sim_terrain(sim)), .areas = lv ? lv->water : NULL,
                                       .nareas = lv ? lv->nwater : 0, .ground = ground, .rutted = rutted, .user = sim});
    if (mw->w) mw->wr = water_renderer_create(&(water_renderer_desc){.water = mw->w});
    if (!mw->w || !mw->wr) {
        log_error("mud scene: the water cannot start");
        mud_water_destroy(mw);
        return NULL;
    }
    return mw;
}

void mud_water_destroy(mud_water *mw)
{
    if (!mw) return;
    if (mw->ph) mud_physics_set_water(mw->ph, NULL);
    water_renderer_destroy(mw->wr);
    water_destroy(mw->w);
    free(mw);
}

/* The wheels and the chassis as pushers (water.h): each disc's velocity and lowest point. */
static int pushers(const vehicle *v, water_pusher *out)
{
    const vehicle_desc *d = vehicle_get_desc(v);
    int n = 0;
    for (int i = 0; i < vehicle_wheel_count(v); i++) {
        const vehicle_wheel *w = vehicle_wheel_at(v, i);
        out[n++] = (water_pusher){{w->hub[0], w->hub[1], w->hub[2]}, {w->velocity[0], w->velocity[1], w->velocity[2]},
                                  d->wheel_radius, w->hub[1] - d->wheel_radius};
    }
    mat4 m;
    vec3 vel;
    vehicle_body_matrix(v, m);
    vehicle_velocity(v, vel);
    for (int k = 0; k < CHASSIS_DISCS; k++) {
        vec3 c, b;
        glm_mat4_mulv3(m, (vec3){0, 0, DISC_Z[k]}, 1.0f, c);
        glm_mat4_mulv3(m, (vec3){0, CHASSIS_BOTTOM, DISC_Z[k]}, 1.0f, b);
        out[n++] = (water_pusher){{c[0], c[1], c[2]}, {vel[0], vel[1], vel[2]}, DISC_RADIUS, b[1]};
    }
    return n;
}

/* The flow in the FLOATERS_FLOW_N m square around the truck, 1 m cells, for the floating pieces. */
static void feed_floaters(mud_water *mw, const float pos[3])
{
    floaters_flow *fl = &mw->flow;
    fl->cell = 1.0f;
    fl->x0 = floorf(pos[0]) - 0.5f * FLOATERS_FLOW_N;
    fl->z0 = floorf(pos[2]) - 0.5f * FLOATERS_FLOW_N;
    for (int j = 0; j < FLOATERS_FLOW_N; j++)
        for (int i = 0; i < FLOATERS_FLOW_N; i++) {
            water_sample_out s;
            float *v = fl->vel[j * FLOATERS_FLOW_N + i];
            bool wet = water_sample(mw->w, fl->x0 + (float)i + 0.5f, fl->z0 + (float)j + 0.5f, &s);
            v[0] = wet ? s.vel[0] : 0.0f;
            v[1] = wet ? s.vel[1] : 0.0f;
        }
    mud_clod_worker_flow(mw->worker, fl);
}

void mud_water_step(mud_water *mw, float dt, bool on)
{
    mud_physics_set_water(mw->ph, on ? mw->w : NULL); /* felt from the next drive */
    if (!on) {
        if (mw->worker) mud_clod_worker_flow(mw->worker, NULL);
        return;
    }
    const vehicle *v = mud_sim_vehicle(mw->sim);
    vec3 pos;
    vehicle_position(v, pos);
    water_pusher p[VEHICLE_MAX_WHEELS + CHASSIS_DISCS];
    int n = pushers(v, p);
    gfx_pass_begin("water.step");
    water_set_active(mw->w, pos[0], pos[2]);
    water_step(mw->w, dt, p, n);
    if (mw->worker) feed_floaters(mw, pos);
    gfx_pass_end();
}

void mud_water_prepare(mud_water *mw, bool on)
{
    if (on) water_renderer_update(mw->wr);
}

void mud_water_draw(mud_water *mw, const renderer_frame *f, bool on)
{
    if (!on) return;
    gfx_pass_begin("water.draw");
    water_renderer_draw(mw->wr, (const float *)f->viewproj, (const float *)f->camera_pos);
    gfx_pass_end();
}

float mud_water_float_height(const mud_water *mw, float x, float z, float y)
{
    water_sample_out s;
    return water_sample(mw->w, x, z, &s) && s.surface > y ? s.surface : y;
}

bool mud_water_view(mud_water *mw, scene_view *out)
{
    int bx, bz;
    mud_play_block_under_truck(mw->sim, &bx, &bz);
    GLuint tex = water_renderer_view(mw->wr, bx, bz);
    *out = (scene_view){tex, GFX_PANEL_RGB, tex ? "water block under the truck: R depth (2 m), G speed (2 m/s), B wet"
                                                : "no water in the block under the truck"};
    return true;
}

bool mud_water_dump(const mud_water *mw, const char *path)
{
    int bx, bz;
    mud_play_block_under_truck(mw->sim, &bx, &bz);
    static uint8_t px[WATER_RES * WATER_RES];
    water_block_dump(mw->w, bx, bz, px);
    return gfx_write_png(path, WATER_RES, WATER_RES, 1, px, false);
}

void mud_water_stats(const mud_water *mw, json_writer *w)
{
    json_int(w, "water_cells_active", water_cells_active(mw->w));
    json_int(w, "water_blocks", water_blocks(mw->w));
    json_int(w, "water_blocks_drawn", water_renderer_blocks_drawn(mw->wr));
    json_number(w, "water_volume_m3", water_volume(mw->w));
    json_int(w, "water_substeps", water_substeps_last(mw->w));
}
