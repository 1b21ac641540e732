/* face_idle.h — the face at rest is alive (GL-free): blinks, eye saccades, breathing and a small
 * head motion, all drawn from one rng stream, so the same seed gives the same blinks.
 *
 *   face_idle fi;
 *   face_idle_init(&fi, seed);                 // seed: --seed (the scene xors its stream in)
 *   each fixed step: face_idle_update(&fi, dt);
 *   fi.blink          the blink blendshape's weight, 0..1 (0 between blinks)
 *   fi.gaze[2]        eye yaw, pitch (radians): held between saccades
 *   fi.head[3]        head yaw, pitch, roll (radians): slow sway
 *   fi.rise           metres the chest and head rise with the breath (>= 0)
 *   fi.blinks         blinks started so far
 *
 * Blinks: the next one 2..6 s after the last began (uniform), a close-open of FACE_IDLE_BLINK_S
 * (sin^2 profile: no jump at either end). Saccades: the gaze jumps to a new target within
 * FACE_IDLE_GAZE_RAD (about where the eyes look: face_gaze_at), held 0.3..2 s, the jump itself
 * eased over ~40 ms. Breath: 4 s period.
 * Head: two incommensurate sines per axis, phases from the seed, under FACE_IDLE_HEAD_RAD.
 * Same seed and the same sequence of dt: the same output, bit for bit.
 */
#ifndef IMPRINT_WRINKLE_FACE_IDLE_H
#define IMPRINT_WRINKLE_FACE_IDLE_H

#include <cglm/cglm.h>

#include "base/rng.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FACE_IDLE_BLINK_S 0.15f
#define FACE_IDLE_BLINK_MIN_S 2.0f
#define FACE_IDLE_BLINK_MAX_S 6.0f
#define FACE_IDLE_HOLD_MIN_S 0.3f
#define FACE_IDLE_HOLD_MAX_S 2.0f
#define FACE_IDLE_GAZE_RAD 0.05f   /* ~3 degrees: between the eyes and the mouth of the one looked at */
#define FACE_IDLE_HEAD_RAD 0.035f  /* ~2 degrees */
#define FACE_IDLE_BREATH_S 4.0f
#define FACE_IDLE_RISE_M 0.0025f
#define FACE_IDLE_STREAM 0x6661636569646c65ull /* "faceidle" */

typedef struct face_idle {
    rng r;
    float time;
    float blink_at;        /* time the next blink begins */
    float blink_start;     /* time the current (or last) blink began; < 0: none yet */
    float gaze_at;         /* time of the next saccade */
    float gaze_from[2], gaze_to[2], gaze_start;
    float phase[6];        /* head sway and breath phases */
    float blink, gaze[2], head[3], rise;
    int blinks;
} face_idle;

void face_idle_init(face_idle *fi, unsigned seed);
void face_idle_update(face_idle *fi, float dt);

/* An eye's turn toward a point: for the eye centred at eye_center (head frame) of a head placed by
 * model (rotation and translation), the rotation in the head frame that turns the eye's +z (its
 * gaze) toward target (world), then further by offset (yaw, pitch in radians: the saccades about
 * that target; NULL: none). Yaw is held within FACE_GAZE_YAW_MAX and pitch within
 * FACE_GAZE_PITCH_MAX of straight ahead, as far as eyes turn: a target behind the head is not
 * followed round. */
#define FACE_GAZE_YAW_MAX 0.70f   /* ~40 degrees */
#define FACE_GAZE_PITCH_MAX 0.45f /* ~26 degrees */
void face_gaze_at(mat4 model, const vec3 eye_center, const vec3 target, const float offset[2], mat4 rot);
/* How far target (world) passes from the eye's gaze ray (metres): the ray from the eye's centre
 * along rot's +z in the head placed by model; the distance to the ray's start where target lies
 * behind it. */
float face_gaze_miss(mat4 model, const vec3 eye_center, mat4 rot, const vec3 target);

#ifdef __cplusplus
}
#endif

#endif
