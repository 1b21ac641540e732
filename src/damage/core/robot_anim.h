/* robot_anim.h — the robot's animation, made here (GL-free): idle (breathing, weight shift), a
 * patrol walk across the range, a flinch of the struck part and a stagger when a plate blows off,
 * crossfaded into one pose of the rig (damage/core/rig.h).
 *
 *   robot_anim a;  robot_anim_init(&a);                // idle at the origin, facing +z
 *   robot_anim_set_mode(&a, ROBOT_ANIM_WALK);          // script `robot anim walk`, key T
 *   robot_anim_flinch(&a, RIG_LOWER_ARM_L, shot_dir);  // a hit
 *   robot_anim_stagger(&a, shot_dir);                  // a plate blew off
 *   robot_anim_update(&a, dt);  ... a.pose ...         // each fixed step
 *
 * Idle: breathing lifts the chest and shoulders (0.25 Hz, under half a degree), the weight shifts
 * from foot to foot every 5 s (6 mm of pelvis sway), the head looks about slowly; at time 0 the
 * pose is the bind pose, and no point of the armor moves more than 1.5 cm, so shots and cameras
 * aimed at the robot at rest still hit what they aimed at.
 * Walk: a 1.1 s stride at ROBOT_ANIM_SPEED m/s between x = -ROBOT_ANIM_PATROL and +PATROL on
 * z = 0, turning in place at each end; idle and walk crossfade over ROBOT_ANIM_FADE seconds (the
 * pace slows with the fade, so the robot starts and stops walking smoothly).
 * Flinch: the struck bone (and half as much its parent) swings away from the shot for 0.45 s.
 * Stagger: 0.9 s of the pelvis pushed back along the shot, the torso thrown back, knees giving.
 * Both are additive layers with their own smooth envelopes. Stop freezes everything: the pose,
 * the position, flinches and staggers (a hit then changes nothing).
 * Deterministic: the pose is a function of the mode changes, hits and steps only.
 */
#ifndef IMPRINT_CORE_DAMAGE_ROBOT_ANIM_H
#define IMPRINT_CORE_DAMAGE_ROBOT_ANIM_H

#include <stdbool.h>

#include "damage/core/rig.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ROBOT_ANIM_SPEED 0.55f   /* m/s walking */
#define ROBOT_ANIM_PATROL 1.1f   /* m either side of the origin */
#define ROBOT_ANIM_FADE 0.4f     /* s, idle <-> walk crossfade */
#define ROBOT_ANIM_FLINCH_S 0.45f
#define ROBOT_ANIM_STAGGER_S 0.9f

typedef enum robot_anim_mode { ROBOT_ANIM_IDLE, ROBOT_ANIM_WALK, ROBOT_ANIM_STOP, ROBOT_ANIM_MODE_COUNT } robot_anim_mode;
extern const char *const robot_anim_mode_names[ROBOT_ANIM_MODE_COUNT + 1];

typedef struct robot_anim {
    rig_pose pose;           /* the current pose; pose.offset[RIG_ROOT] is the position on the range */
    robot_anim_mode mode;
    float time;              /* s of animation (idle clock) */
    float walk_w;            /* 0 idle .. 1 walking */
    float phase;             /* stride phase, radians */
    float heading;           /* radians about +y, 0 faces +z */
    vec3 pos;                /* on the ground */
    int leg;                 /* patrol target: 0 towards +x, 1 towards -x */
    int flinch_bone;
    float flinch_t;          /* s since the flinch, < 0: none */
    vec3 flinch_axis;        /* rotation axis, robot frame (heading removed) */
    float stagger_t;         /* s since the stagger, < 0: none */
    vec3 stagger_dir;        /* horizontal, robot frame */
} robot_anim;

void robot_anim_init(robot_anim *a);
void robot_anim_set_mode(robot_anim *a, robot_anim_mode m);
/* dir: the shot, unit, world. Ignored while stopped. */
void robot_anim_flinch(robot_anim *a, int bone, const float dir[3]);
void robot_anim_stagger(robot_anim *a, const float dir[3]);
void robot_anim_update(robot_anim *a, float dt);
/* What the robot is doing: idle, walk, stop, flinch or stagger (the stats' robot_anim). */
const char *robot_anim_state(const robot_anim *a);

#ifdef __cplusplus
}
#endif

#endif
