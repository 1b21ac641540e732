#include "mud/scene/mud_play.h"

#include <assert.h>
#include <math.h>
#include <string.h>
#include <time.h>

#include "base/stats.h"

static double mud_play__now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

void mud_play_drive(mud_play *p, float throttle, float steer, float seconds)
{
    p->drive_throttle = throttle;
    p->drive_steer = steer;
    p->drive_left = seconds;
}

vehicle_input mud_play_controls(mud_play *p, const vehicle_input *player, float dt)
{
    if (p->drive_left > 0.0f) {
        p->drive_left -= dt;
        return (vehicle_input){.throttle = p->drive_throttle, .steer = p->drive_steer};
    }
    return *player;
}

void mud_play_stamp(mud_play *p, mud_sim *sim)
{
    double t0 = mud_play__now();
    mud_sim_stamp(sim);
    p->stamp_ms[p->nstamp++ % MUD_PLAY_STAMP_HISTORY] = (float)((mud_play__now() - t0) * 1000.0);
}

bool mud_play_exhaust(mud_play *p, const mud_sim *sim, float throttle, float dt, vec3 pos)
{
    p->exhaust_t += dt;
    if (fabsf(throttle) <= 0.1f || p->exhaust_t < MUD_PLAY_EXHAUST_S) return false;
    const vehicle *v = mud_sim_vehicle(sim);
    const vehicle_desc *d = vehicle_get_desc(v);
    mat4 body;
    vehicle_body_matrix(v, body);
    glm_mat4_mulv3(body, (vec3){d->track_half + 0.1f, 1.45f, 0.5f * d->wheelbase + d->wheel_radius - 2.0f}, 1.0f, pos);
    p->exhaust_t = 0.0f;
    return true;
}

void mud_play_chase(mud_play *p, mud_sim *sim, float dt, vec3 eye, vec3 target)
{
    const vehicle *v = mud_sim_vehicle(sim);
    vec3 pos, want;
    vehicle_position(v, pos);
    float h = glm_rad(vehicle_heading(v));
    glm_vec3_copy((vec3){pos[0], pos[1] + 1.2f, pos[2]}, target);
    glm_vec3_copy((vec3){pos[0] - sinf(h) * 10.0f, pos[1] + 4.5f, pos[2] - cosf(h) * 10.0f}, want);
    if (!p->eye_valid) {
        glm_vec3_copy(want, p->eye);
        p->eye_valid = true;
    }
    glm_vec3_lerp(p->eye, want, 1.0f - expf(-dt * 3.0f), p->eye);
    float ground = mudfield_surface_height(mud_sim_field(sim), p->eye[0], p->eye[2]) + 1.5f;
    if (p->eye[1] < ground) p->eye[1] = ground;
    glm_vec3_copy(p->eye, eye);
}

void mud_play_cut(mud_play *p) { p->eye_valid = false; }

bool mud_play_place(mud_play *p, mud_sim *sim, float x, float z, float heading_deg)
{
    float size = (float)terrain_level_size(mud_sim_terrain(sim));
    if (x < MUD_TRUCK_MARGIN || z < MUD_TRUCK_MARGIN || x > size - MUD_TRUCK_MARGIN || z > size - MUD_TRUCK_MARGIN) return false;
    mud_sim_place_truck(sim, x, z, heading_deg);
    mud_play_cut(p);
    return true;
}

void mud_play_block_under_truck(const mud_sim *sim, int *bx, int *bz)
{
    vec3 pos;
    vehicle_position(mud_sim_vehicle(sim), pos);
    int nb = terrain_blocks_per_side(mud_sim_terrain(sim));
    *bx = glm_clamp((int)floorf(pos[0] / TERRAIN_BLOCK_SIZE), 0, nb - 1);
    *bz = glm_clamp((int)floorf(pos[2] / TERRAIN_BLOCK_SIZE), 0, nb - 1);
}

void mud_play_pack_block(mud_sim *sim, int bx, int bz, uint8_t *px)
{
    if (mudfield_block_allocated(mud_sim_field(sim), bx, bz))
        mudfield_pack(mud_sim_field(sim), bx, bz, &(mudfield_rect){0, 0, MUDFIELD_RES - 1, MUDFIELD_RES - 1}, px);
    else
        for (int i = 0; i < MUDFIELD_RES * MUDFIELD_RES; i++) mudfield_pack_texel(0, (float[2]){0, 0}, 0.0f, px + i * 4);
}

void mud_play_stamp_stats(const mud_play *p, const mud_sim *sim, json_writer *w)
{
    int n = p->nstamp < MUD_PLAY_STAMP_HISTORY ? p->nstamp : MUD_PLAY_STAMP_HISTORY;
    json_object_begin(w, "stamp_cpu_ms");
    json_int(w, "wheels", vehicle_wheel_count(mud_sim_vehicle(sim)));
    stats_write_median_p95_keys(w, p->stamp_ms, n, 0.0f);
    json_object_end(w);
}

void mud_play_stats(mud_sim *sim, json_writer *w)
{
    const vehicle *v = mud_sim_vehicle(sim);
    vec3 pos;
    vehicle_position(v, pos);
    json_int(w, "mud_blocks_allocated", mudfield_blocks_allocated(mud_sim_field(sim)));
    json_int(w, "mud_marks", mud_sim_marks_last_step(sim));
    json_int(w, "mud_marks_total", mud_sim_marks_total(sim));
    json_object_begin(w, "truck");
    json_array_begin(w, "pos");
    for (int i = 0; i < 3; i++) json_number(w, NULL, pos[i]);
    json_array_end(w);
    json_number(w, "speed", vehicle_speed(v));
    json_number(w, "sink", vehicle_sink(v));
    json_object_end(w);
}

int mud_play_long_drive(mud_sim *sim, float length_m, void (*step)(void *user, const float pos[3]), void *user,
                        json_writer *w)
{
    float x, z;
    terrain_spawn(mud_sim_terrain(sim), &x, &z);
    mud_sim_place_truck(sim, x, 24.0f, 0.0f);
    const vehicle *v = mud_sim_vehicle(sim);
    int steps = 0, unstick = 0, slow = 0;
    vec3 pos = {x, 0, 24};
    double t0 = mud_play__now();
    while (pos[2] < length_m && steps < 60 * 400) {
        mud_sim_step(sim, &(vehicle_input){.throttle = 1.0f}, 1.0f / 60.0f);
        vehicle_position(v, pos);
        if (step) step(user, pos);
        steps++;
        /* a truck stuck in a deep valley is lifted 6 m on, so the drive covers the level */
        slow = vehicle_speed(v) < 0.5f ? slow + 1 : 0;
        if (slow > 180) {
            mud_sim_place_truck(sim, x, pos[2] + 6.0f, 0.0f);
            unstick++;
            slow = 0;
        }
    }
    json_number(w, "distance_m", pos[2] - 24.0f);
    json_int(w, "steps", steps);
    json_int(w, "unstuck", unstick);
    json_number(w, "cpu_s", mud_play__now() - t0);
    json_int(w, "mud_blocks_allocated", mudfield_blocks_allocated(mud_sim_field(sim)));
    json_int(w, "cpu_mud_bytes", (long long)mudfield_memory_bytes(mud_sim_field(sim)));
    return steps;
}
