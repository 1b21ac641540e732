/* wrinkle_expr.h — expression presets of the face scene and the smooth blend between them (GL-free).
 *
 *   float w[HEAD_SHAPE_COUNT] = {0};
 *   int angry = wrinkle_expr_find("angry");                     // -1 if unknown
 *   wrinkle_expr_approach(w, wrinkle_expr_weights(angry), dt, WRINKLE_EXPR_TAU, w);  // every step
 *
 * Presets (exact names, the script contract): neutral, angry, surprised, happy, squint, disgust;
 * each is a full set of blendshape weights in [0, 1].
 * Transition: every weight moves toward its target exponentially with time constant tau, so the
 * result does not depend on how the time is cut into steps (two steps of dt/2 = one step of dt),
 * never overshoots, and is within 1 % of the target after 4.6 tau; a weight closer than
 * WRINKLE_EXPR_SNAP to its target lands on it exactly (so a released layer really becomes zero).
 */
#ifndef IMPRINT_CORE_WRINKLE_EXPR_H
#define IMPRINT_CORE_WRINKLE_EXPR_H

#include "wrinkle/core/head.h"

#ifdef __cplusplus
extern "C" {
#endif

#define WRINKLE_EXPR_TAU 0.12f   /* seconds */
#define WRINKLE_EXPR_SNAP 0.002f /* closer than this to the target: arrived */

enum { WRINKLE_EXPR_NEUTRAL, WRINKLE_EXPR_ANGRY, WRINKLE_EXPR_SURPRISED, WRINKLE_EXPR_HAPPY, WRINKLE_EXPR_SQUINT,
       WRINKLE_EXPR_DISGUST, WRINKLE_EXPR_COUNT };

/* The one table of preset names, indexed by preset, NULL-terminated (base/names.h). */
extern const char *const wrinkle_expr_names[WRINKLE_EXPR_COUNT + 1];
const char *wrinkle_expr_name(int preset);
int wrinkle_expr_find(const char *name);
const float *wrinkle_expr_weights(int preset); /* HEAD_SHAPE_COUNT weights */

/* out = target + (cur - target) * exp(-dt / tau); out may alias cur. tau <= 0 jumps. */
void wrinkle_expr_approach(const float cur[HEAD_SHAPE_COUNT], const float target[HEAD_SHAPE_COUNT], float dt, float tau,
                           float out[HEAD_SHAPE_COUNT]);

#ifdef __cplusplus
}
#endif

#endif
