/* range_stage.h — draws the firing range around the robot: the concrete floor with its lane and
 * firing-line markings (shaders/damage_range_concrete.frag), the walls, beam, target and panel stands and
 * the lamps of damage/scene/range_set.h.
 *
 *   range_stage *st = range_stage_create(renderer);   // NULL (logged) when a shader fails
 *   range_stage_draw(st, SCENE_PASS_MAIN);            // in the scene's main and shadow passes
 *   range_stage_destroy(st);
 *
 * The lamps are emissive at HDR strength (several times 1.0) so the post stack's bloom picks them
 * up; the floor receives shadows, the stands and walls also cast them. Everything is procedural.
 */
#ifndef IMPRINT_APP_RANGE_STAGE_H
#define IMPRINT_APP_RANGE_STAGE_H

#include "scene/scene.h"
#include "gfx/renderer.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct range_stage range_stage;

range_stage *range_stage_create(renderer *r);
void range_stage_destroy(range_stage *st);
void range_stage_draw(range_stage *st, scene_pass pass);

#ifdef __cplusplus
}
#endif

#endif
