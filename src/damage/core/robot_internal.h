/* robot_internal.h — what robot.c (packing, skin, body, create) and robot_plates.c (the armor
 * shapes) share while a robot is built; nothing else includes it, the API is robot.h. */
#ifndef IMPRINT_DAMAGE_CORE_ROBOT_INTERNAL_H
#define IMPRINT_DAMAGE_CORE_ROBOT_INTERNAL_H

#include <stdbool.h>

#include "damage/core/robot.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Per-vertex build data that mesh_data has no room for: chart and chart-local position in
 * metres, turned into atlas uv once the packer has placed the chart. */
typedef struct robot__vextra {
    int chart;
    float local[2];
} robot__vextra;

typedef struct robot__builder {
    robot *r;
    int plate;
    robot__vextra *ex[ROBOT_PLATE_COUNT];
    int ex_cap[ROBOT_PLATE_COUNT];
    float chart_m[ROBOT_MAX_CHARTS][2]; /* chart content size in metres */
    float chart_len_m[ROBOT_MAX_CHARTS][2];
    bool oom;                           /* a per-vertex array could not grow: the build fails */
} robot__builder;

/* Every plate's mesh, panels and charts (sizes in metres; robot.c packs them). Sets b->oom when
 * memory runs out. */
void robot__build_plates(robot__builder *b);

#ifdef __cplusplus
}
#endif

#endif
