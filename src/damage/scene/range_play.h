/* range_play.h — the gameplay of the range scene on the CPU (GL-free): the robot's animation and
 * pose, shots and tracers, blown-off plates in flight, the knock-back spring and the respawn state
 * machine.
 *
 *   range_play rp;
 *   range_play_init(&rp, robot, seed);             // every plate on the body, robot idle at the origin
 *   each trigger:     range_play_volley(&rp, bs, eye, aim, muzzle, shots, n, hits, hit);  // knocks back, flinches
 *                     for each hit on armor: queue the GPU blast at hits[i].pos_bind;
 *                         range_play_blasted b = range_play_blast(&rp, bs, hits[i].pos_bind, radius, dir);
 *                         b.blown: plates that left the body, b.centre[p] where; b.cut: texels cut
 *                     for every hit:  b = range_play_load(&rp, bs, &hits[i], radius);  // more blow-offs
 *   R / script:       range_play_respawn(&rp);  robot_anim_set_mode(&rp.anim, ROBOT_ANIM_WALK);
 *   each fixed step:  if (range_play_update(&rp, dt) & RANGE_PLAY_RESET) { blast_reset(bs); clear the maps; }
 *                     blast_set_pose(bs, rp.palette);              // the next shots meet this pose
 *   draw with:        rp.palette (skinning), rp.models[p], rp.visible[p], rp.plate_dissolve[p],
 *                     range_play_robot_dissolve(), range_play_tracer_sprites()
 *
 * Owns no heap memory; the robot is borrowed (read-only) and must outlive the state.
 * Plates: a blown-off plate leaves with the orientation and velocity its bone gave it, thrown outward from the
 *   robot's axis (RANGE_PLAY_THROW m/s), a little along the shot and up (RANGE_PLAY_LIFT m/s), with
 *   a random spin of up to RANGE_PLAY_SPIN rad/s per axis; gravity pulls it down and it bounces
 *   dully off the ground (its centre stays RANGE_PLAY_FLOOR * radius above y = 0). It dissolves
 *   from 0.7 s on, reaches amount 1 at RANGE_PLAY_PLATE_LIFE - 0.1 s and is gone (not visible) after
 *   RANGE_PLAY_PLATE_LIFE seconds.
 * Pose: each step advances the animation (robot_anim) and forms the skinning palette of the
 *   pose under the knock-back root; attached plates ride on their bone (models). The caller hands
 *   the palette to blast_set_pose so the next shots meet the pose that is drawn.
 * Shots: rays meet the drawn pose through the holes of the blast history (blast.h, bind space);
 *   every hit, body or armor, knocks back and flinches the struck bone. A blast on armor
 *   adds its sphere to the history, cuts loose islands and blows off every plate it touched whose
 *   intact share fell under the blast state's threshold; every hit also loads the plate it reached
 *   (range_play_load), and a plate loaded past its area blows off too. Counters (shots, hits, ...) for stats.
 * Knock-back: every hit adds RANGE_PLAY_KNOCK m/s horizontally along the shot to a damped spring
 *   (stiffness 90/s², damping 11/s: damping ratio 0.58), so one hit slides the robot ~4 mm (a burst
 *   of auto fire a few centimetres),
 *   swings back past rest by at most ~11 % of the push and settles within a second.
 * Respawn: RANGE_PLAY_RESPAWN_OUT seconds of dissolving out (robot amount 0 -> 1), then, at the
 *   step where that time is reached, every plate goes back on the body, the knock-back is zeroed
 *   and update() reports RANGE_PLAY_RESET once (the caller clears its blast history and damage
 *   maps there, while the robot is invisible); then RANGE_PLAY_RESPAWN_IN seconds of dissolving in
 *   (amount 1 -> 0) and the robot is alive again. A respawn asked for while one runs is ignored.
 *   While it runs the weapons do not fire (range_play_can_fire).
 */
#ifndef IMPRINT_CORE_DAMAGE_RANGE_PLAY_H
#define IMPRINT_CORE_DAMAGE_RANGE_PLAY_H

#include <stdbool.h>
#include <stdint.h>

#include <cglm/cglm.h>

#include "base/json.h"
#include "base/rng.h"
#include "damage/core/blast.h"
#include "damage/core/robot.h"
#include "damage/core/robot_anim.h"
#include "damage/scene/weapon.h"
#include "dissolve/core/dissolve_math.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RANGE_PLAY_PLATE_LIFE 2.6f /* seconds a blown-off plate lives: tumble, then dissolve */
#define RANGE_PLAY_RESPAWN_OUT 0.5f
#define RANGE_PLAY_RESPAWN_IN 0.9f
#define RANGE_PLAY_THROW 2.6f
#define RANGE_PLAY_LIFT 2.2f
#define RANGE_PLAY_SPIN 9.0f
#define RANGE_PLAY_FLOOR 0.35f
#define RANGE_PLAY_KNOCK 0.05f
#define RANGE_PLAY_SHELL 15
/* A plate blows off once the pellets and bullets that reached it — on its armor, or through its
 * holes into the mounts behind — add up to this share of its own area (sum of pi r^2 / area): a
 * hole-riddled plate is torn off its mounts even while most of it is still intact. */
#define RANGE_PLAY_BLOWOFF_LOAD 0.7f
#define RANGE_PLAY_TRACERS 48       /* shots whose tracer can be in flight at once */
#define RANGE_PLAY_TRACER_LIFE 0.09f /* s a tracer's streak takes from the muzzle to the hit */
#define RANGE_PLAY_TRACER_STEP 0.02f /* m between the sprites of a streak */

typedef enum range_play_phase { RANGE_PLAY_ALIVE, RANGE_PLAY_OUT, RANGE_PLAY_IN } range_play_phase;

enum { RANGE_PLAY_RESET = 1u }; /* update() flag: the robot was restored in this step */

typedef struct range_plate_flight {
    bool active;
    float age;
    vec3 pos;       /* world position of the plate's centre */
    versor rot;
    vec3 vel, spin; /* m/s, rad/s (world axis * rate) */
    vec3 bone_vel;  /* m/s: the velocity of its bone's point at the plate centre when it left */
} range_plate_flight;

/* A shot's visible path: the streak runs from the muzzle to where the shot ended. */
typedef struct range_tracer {
    vec3 from, to;
    float age;       /* s; < 0: free */
} range_tracer;

typedef struct range_play {
    mat4 models[ROBOT_PLATE_COUNT]; /* plate-local -> world (attached: as its bone carries it) */
    mat4 root;                      /* robot -> world: the knock-back offset */
    mat4 palette[RIG_BONE_COUNT];   /* skinning palette of the pose, bind -> world */
    mat4 palette_prev[RIG_BONE_COUNT]; /* the step before (bone velocities) */
    robot_anim anim;                /* idle, walk, flinch, stagger (damage/core/robot_anim.h) */
    float last_dt;
    dissolve_params plate_dissolve[ROBOT_PLATE_COUNT];
    range_plate_flight fly[ROBOT_PLATE_COUNT];
    vec3 knock, knock_vel;          /* robot root offset from the origin, and its rate */
    bool attached[ROBOT_PLATE_COUNT], visible[ROBOT_PLATE_COUNT];
    range_play_phase phase;
    float phase_t;                  /* seconds into the phase */
    float robot_amount;             /* dissolve amount of the body and attached plates */
    const robot *rb;
    rng rng;
    range_tracer tracers[RANGE_PLAY_TRACERS];
    float last_hole[3];             /* bind space: the latest shot that holed the armor */
    bool has_hole;
    int last_hole_texels;           /* outer texels the latest blast turned into hole */
    float load[ROBOT_PLATE_COUNT];  /* m² of shots that reached each plate (RANGE_PLAY_BLOWOFF_LOAD) */
    long long shots, hits_armor, hits_body, holes_passed, blown_off, cut_texels;
} range_play;

typedef struct range_play_hit {
    float pos[3], normal[3]; /* world */
    float pos_bind[3];       /* the hit point in bind space, where its blast is stored */
    float t;                 /* distance along the ray (unit dir: metres) */
    float dir[3];            /* the ray's direction (unit) */
    int plate;               /* -1: the body */
    int passed_plate;        /* the last plate whose hole the shot went through, -1 none */
    int bone;
} range_play_hit;

typedef struct range_play_blasted {
    unsigned blown;                       /* bit p: plate p left the body in this blast */
    float centre[ROBOT_PLATE_COUNT][3];   /* world, where each blown plate starts */
    int cut;                              /* texels of islands cut loose */
} range_play_blasted;

void range_play_init(range_play *rp, const robot *rb, uint64_t seed);
/* Seconds of simulation: spring, plates in flight, respawn; then models, visibility and dissolve
 * parameters. Returns RANGE_PLAY_RESET in the step the robot is restored, else 0. */
unsigned range_play_update(range_play *rp, float dt);
/* A ray from org along dir (unit, world) against the pose of the last blast_set_pose (the drawn
 * one). False on a miss; a hit knocks the robot back and flinches the bone it struck. */
bool range_play_shoot(range_play *rp, const blast_state *bs, const float org[3], const float dir[3], range_play_hit *out);
/* A blast sphere at a bind-space point (a hit's pos_bind, or blast_world_to_bind): history,
 * islands, blow-offs (dir: the shot, for the throw); a blow-off staggers the robot. */
range_play_blasted range_play_blast(range_play *rp, blast_state *bs, const float bind[3], float radius, const float dir[3]);
/* The load a hit of this radius puts on its plate (the one it struck, or the one whose hole it
 * went through): a plate whose load reaches RANGE_PLAY_BLOWOFF_LOAD times its area blows off
 * (detached from bs too; b.blown, b.centre as range_play_blast). Call after the hit's blast. */
range_play_blasted range_play_load(range_play *rp, blast_state *bs, const range_play_hit *h, float radius);
/* A hit along dir (unit, world) pushes the robot. */
void range_play_knock(range_play *rp, const float dir[3]);
/* Plate p (attached) leaves the body; centre_ws receives where it starts, for effects. The
 * caller detaches it from the blast history (range_play_blast does both). */
void range_play_blow_off(range_play *rp, int p, const float dir[3], float centre_ws[3]);
void range_play_respawn(range_play *rp);
/* Shots leave the muzzle towards the point under the crosshair: a pellet's direction (spread
 * around the camera's aim cam_dir) re-based on the muzzle's aim at aim_point. out: unit. */
void range_play_aim(const float muzzle[3], const float aim_point[3], const float cam_dir[3], const float shot_dir[3],
                    float out[3]);
/* A volley (one shot, or a shell's pellets) from the muzzle towards the point under the crosshair:
 * the crosshair ray (eye, aim_dir: unit) meets the drawn robot or the ground (60 m at most), each
 * shot keeps its spread around that aim (range_play_aim) and is cast from the muzzle; all meet the
 * armor as it was before any of them (the caller applies the impacts after). Each draws a tracer
 * to where it ended. hit[i] tells whether hits[i] holds a hit. */
void range_play_volley(range_play *rp, const blast_state *bs, const float eye[3], const float aim_dir[3],
                       const float muzzle[3], const weapon_shot *shots, int n, range_play_hit *hits, bool *hit);
/* Whether a hit holes the armor (then it is the latest hole, for stats) or only heats it: a shot
 * into the inner body scorches the plate edges around it, a shot the gun cannot drive through at
 * that distance (weapon_penetrates: far shotgun pellets) heats the armor it meets. */
bool range_play_holes(range_play *rp, const range_play_hit *h, weapon_kind kind);
/* "last_hole": {"world": [x, y, z], "screen": [x, y]} into the open object w: where the latest
 * hole is drawn now (its bind point through the current pose; pixels from the top left of a
 * width x height view with viewproj vp). Nothing before the first hole. */
void range_play_stats_hole(const range_play *rp, const blast_state *bs, mat4 vp, int width, int height, json_writer *w);
/* A tracer from the muzzle to where the shot ended (the oldest is replaced when all are busy). */
void range_play_tracer(range_play *rp, const float from[3], const float to[3]);
/* The sprites of every tracer in flight: xyz and a brightness in (0, 1] (head 1, tail fading);
 * each streak is the last third of its path behind a head that runs muzzle -> end over
 * RANGE_PLAY_TRACER_LIFE. Returns how many (at most max). */
int range_play_tracer_sprites(const range_play *rp, float (*out)[4], int max);
bool range_play_can_fire(const range_play *rp);
/* Gameplay counters into the open JSON object w: shots, hits_armor, hits_body, holes_passed,
 * plates_blown_off, cut_texels, plate_intact {name: share}, plate_load {name: share of area}, robot_anim, robot_bones, robot_pos,
 * knock [x, y, z]. */
void range_play_stats(const range_play *rp, const blast_state *bs, json_writer *w);
/* Up to RANGE_PLAY_SHELL blast spheres (bind-space xyz, radius) on the chest, where one shotgun shell
 * would put them (rays along -z through a 5 x 3 grid); returns how many hit. For benchmarks. */
int range_play_shell_spheres(const range_play *rp, const blast_state *bs, float out[RANGE_PLAY_SHELL][4]);
/* Dissolve of the body (the whole robot burns from the head down while respawning). */
void range_play_robot_dissolve(const range_play *rp, dissolve_params *out);
/* Whether the robot as drawn meets the frustum planes: the box of its drawn pose
 * (blast_posed_bounds) grown by what its dissolve moves (dissolve_bounds). The rest box would
 * cull a robot that walked, staggered or bulged out of it (the dissolve's bounds pitfall). */
bool range_play_robot_in_view(const blast_state *bs, const dissolve_params *d, vec4 planes[6]);

#ifdef __cplusplus
}
#endif

#endif
