/* mud_play.h — the mud scene's gameplay on the CPU (GL-free): scripted driving, the chase camera,
 * exhaust puffs, stamp timing, the block under the truck and the long-drive benchmark loop.
 *
 *   mud_play p = {0};
 *   `drive T S SECONDS`:  mud_play_drive(&p, T, S, SECONDS);
 *   each fixed step:      vehicle_input vi = mud_play_controls(&p, &from_keys, dt);
 *                         mud_sim_drive(sim, &vi, dt); mud_play_stamp(&p, sim);
 *                         if (mud_play_exhaust(&p, sim, vi.throttle, dt, pos)) puff smoke at pos;
 *                         mud_play_chase(&p, sim, dt, eye, target); camera_look_at(cam, eye, target);
 *   `truck X Z H`:        if (!mud_play_place(&p, sim, X, Z, H)) report "outside the level";
 *
 * Scripted driving holds throttle and steer (no brake) for its seconds and overrides the player.
 * Chase camera: 10 m behind and 4.5 m above the truck looking at 1.2 m over it, reached
 * exponentially (rate 3/s), never closer than 1.5 m to the mud surface; the first call (or the
 * first after mud_play_cut) jumps there. Exhaust: a puff every MUD_PLAY_EXHAUST_S while
 * |throttle| > 0.1, from the stack behind the cab. Stamp timing: the last MUD_PLAY_STAMP_HISTORY
 * steps' wall time of mud_sim_stamp, for the bench's median and p95.
 */
#ifndef IMPRINT_CORE_MUD_PLAY_H
#define IMPRINT_CORE_MUD_PLAY_H

#include <stdbool.h>
#include <stdint.h>

#include <cglm/cglm.h>

#include "base/json.h"
#include "mud/core/mud_sim.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MUD_PLAY_STAMP_HISTORY 4096
#define MUD_PLAY_EXHAUST_S 0.25f

typedef struct mud_play {
    vec3 eye;
    bool eye_valid;
    float drive_throttle, drive_steer, drive_left; /* script `drive` */
    float exhaust_t;                                /* seconds since the last exhaust puff */
    float stamp_ms[MUD_PLAY_STAMP_HISTORY];
    int nstamp;
} mud_play;

void mud_play_drive(mud_play *p, float throttle, float steer, float seconds);
/* The controls of this step: the script's while it drives, else the player's. */
vehicle_input mud_play_controls(mud_play *p, const vehicle_input *player, float dt);
/* mud_sim_stamp, timed. */
void mud_play_stamp(mud_play *p, mud_sim *sim);
/* True when a puff is due; pos receives the stack's top (world). */
bool mud_play_exhaust(mud_play *p, const mud_sim *sim, float throttle, float dt, vec3 pos);
void mud_play_chase(mud_play *p, mud_sim *sim, float dt, vec3 eye, vec3 target);
void mud_play_cut(mud_play *p);
/* The truck at (x, z) with heading_deg (script `truck`), the camera cut there. False, and nothing
 * moved, when the point is closer than MUD_TRUCK_MARGIN metres to the level's edge. */
bool mud_play_place(mud_play *p, mud_sim *sim, float x, float z, float heading_deg);
/* The terrain block (16 m) under the truck, clamped to the level. */
void mud_play_block_under_truck(const mud_sim *sim, int *bx, int *bz);
/* Block (bx, bz) of the CPU mud field as RGBA8 texels (mudfield_pack); untouched mud (height 0,
 * no slide, no track) where the field has no block. px holds MUDFIELD_RES² * 4 bytes. */
void mud_play_pack_block(mud_sim *sim, int bx, int bz, uint8_t *px);
/* "stamp_cpu_ms": {"wheels", "median", "p95"} into the open object w. */
void mud_play_stamp_stats(const mud_play *p, const mud_sim *sim, json_writer *w);
/* The truck and the CPU field into the open object w: mud_blocks_allocated, truck {pos, speed, sink}. */
void mud_play_stats(mud_sim *sim, json_writer *w);

/* Full throttle along +z from (spawn x, 24) until z reaches length_m (or 400 s): a truck stuck
 * for 3 s in a valley is lifted 6 m on. step(user, pos) runs after every step (the renderer's
 * streaming). Writes distance_m, steps, unstuck, cpu_s, mud_blocks_allocated, cpu_mud_bytes into
 * the open object w; returns the steps. */
int mud_play_long_drive(mud_sim *sim, float length_m, void (*step)(void *user, const float pos[3]), void *user,
                        json_writer *w);

#ifdef __cplusplus
}
#endif

#endif
