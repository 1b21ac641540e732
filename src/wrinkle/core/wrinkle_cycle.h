/* wrinkle_cycle.h — the face scene's expression player (GL-free): presets in a loop, a picked
 * preset, or single blendshapes, always reached through a smooth transition.
 *
 *   wrinkle_cycle c;
 *   wrinkle_cycle_init(&c);                       // neutral, cycling
 *   key 1-6 / `expression NAME`:  wrinkle_cycle_pick(&c, preset);      // stops the cycle
 *   `blendshape NAME W`:          wrinkle_cycle_set_shape(&c, shape, w); // stops it, expr -1
 *   Space:                        wrinkle_cycle_resume(&c);
 *   each fixed step:              if (wrinkle_cycle_update(&c, dt)) re-pose the skin with c.weight
 *
 * Cycle: preset k = floor(time / WRINKLE_CYCLE_HOLD_S) mod WRINKLE_EXPR_COUNT, in the order of
 * wrinkle_expr.h (neutral, angry, surprised, happy, squint, disgust), each held
 * WRINKLE_CYCLE_HOLD_S seconds; the cycle's clock only runs while cycling, so resuming goes on
 * where it was interrupted. Weights move toward the target with wrinkle_expr_approach
 * (WRINKLE_EXPR_TAU): no jumps, no overshoot.
 */
#ifndef IMPRINT_CORE_WRINKLE_CYCLE_H
#define IMPRINT_CORE_WRINKLE_CYCLE_H

#include <stdbool.h>

#include "wrinkle/core/wrinkle_expr.h"

#ifdef __cplusplus
extern "C" {
#endif

#define WRINKLE_CYCLE_HOLD_S 2.5f /* seconds per expression in the cycle */

typedef struct wrinkle_cycle {
    float weight[HEAD_SHAPE_COUNT], target[HEAD_SHAPE_COUNT];
    int expr;          /* preset being approached, -1 after a single blendshape */
    bool cycling;
    float time;        /* seconds of cycling so far */
} wrinkle_cycle;

void wrinkle_cycle_init(wrinkle_cycle *c);
void wrinkle_cycle_pick(wrinkle_cycle *c, int preset);
void wrinkle_cycle_resume(wrinkle_cycle *c);
/* weight is clamped to [0, 1]. */
void wrinkle_cycle_set_shape(wrinkle_cycle *c, int shape, float weight);
/* Returns true when a weight moved (the skin needs re-posing). */
bool wrinkle_cycle_update(wrinkle_cycle *c, float dt);
/* The preset's name, or "custom" after single blendshapes. */
const char *wrinkle_cycle_label(const wrinkle_cycle *c);

#ifdef __cplusplus
}
#endif

#endif
