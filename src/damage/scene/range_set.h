/* range_set.h — the firing range around the robot (GL-free): walls, an overhead beam, target
 * stands, the stands of the two damage-map panels, and lamps, as one mesh per material.
 *
 *   range_set set;  range_set_build(&set);   ... set.part[RANGE_SET_STEEL] ...   range_set_free(&set);
 *
 * World space of the range scene: the robot stands at the origin facing +z, the player looks
 * from about (0.6, 1.55, 3.6); lanes run along -z, 3 m wide (the robot's lane is x in
 * [-1.5, 1.5]), the firing line is at z = RANGE_SET_FIRING_LINE. The set leaves the space between
 * the player and the robot empty (unit_range_set holds it), so it never hides the robot nor stops
 * a script's camera; shots are tested against the robot only. The floor is no mesh here: the
 * scene draws a plane of RANGE_SET_FLOOR_HALF metres half-size with the concrete shader, which
 * paints the markings from the same constants.
 */
#ifndef IMPRINT_CORE_RANGE_SET_H
#define IMPRINT_CORE_RANGE_SET_H

#include "base/mesh.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum range_set_part {
    RANGE_SET_CONCRETE, /* walls: the concrete shader's block pattern */
    RANGE_SET_STEEL,    /* beam, posts, frames: dark painted steel */
    RANGE_SET_TARGETS,  /* target boards: pale card */
    RANGE_SET_LAMPS,    /* emissive faces of the lamps */
    RANGE_SET_PART_COUNT
} range_set_part;

#define RANGE_SET_FLOOR_HALF 40.0f
#define RANGE_SET_LANE_WIDTH 3.0f
#define RANGE_SET_FIRING_LINE 2.2f
#define RANGE_SET_BACK_WALL (-7.0f) /* z of the back wall's face */
#define RANGE_SET_SIDE_WALL 9.6f    /* |x| of the side walls' faces */

typedef struct range_set {
    mesh_data part[RANGE_SET_PART_COUNT];
} range_set;

void range_set_build(range_set *s);
void range_set_free(range_set *s);

#ifdef __cplusplus
}
#endif

#endif
