/* robot.h — the procedural armored robot of the range scene and its shared armor UV atlas (GL-free).
 *
 *   robot *r = robot_create(&(robot_desc){0});          // 1024² atlas, 4-texel gutters
 *   for (int p = 0; p < r->plate_count; p++) ... r->plates[p].mesh (plate-local), r->plates[p].rest ...
 *   robot_atlas_grid(r, grid);                            // per texel: owning chart or -1
 *   robot_destroy(r);
 *
 * Owns: the inner body (dark metal, robot space) and its emissive details (`glow`, a separate
 * mesh), and ROBOT_PLATE_COUNT armor plates. Robot space: about 2.2 m tall, feet at y = 0 on the
 * origin, facing +z, chest plate spanning 1.15–1.6 m. Each plate is its own mesh in plate-local
 * space with a rest transform (plate -> robot), so it can leave the body as a rigid body.
 *
 * Plates are shells with thickness: outer face, inner face and rims. Every plate is made of
 * one or two panels (a bent sheet around an axis, or a flat slab); each panel owns an outer
 * chart, an inner chart and rim charts. Every vertex carries the panel index and the panel
 * parameter (pu, pv) in [0,1]² of the outer surface, so any texel can be mapped back to the
 * outer-chart texel it lies over (used to cut islands through the whole shell).
 *
 * Atlas: all charts of all plates share ONE atlas of desc.atlas_size² texels, packed with
 * stb_rect_pack. Charts are isometric unwraps, all at one scale (texels_per_m, the largest
 * that fits), so texel density is balanced by surface area; every chart keeps desc.gutter
 * empty texels on each side. Out of memory, or an atlas too small for the charts (never at the
 * defaults): logged, and robot_create returns NULL; robot_destroy(NULL) is a no-op.
 *
 * Skeleton: robot space at rest is the bind space of the rig (damage/core/rig.h, RIG_BONE_COUNT
 * bones). Every body part, glow detail and plate vertex carries baked skin weights (at most four
 * bones, summing to 1; rigid away from joints, blended across them); each plate names the bone it
 * rides on.
 */
#ifndef IMPRINT_CORE_ROBOT_H
#define IMPRINT_CORE_ROBOT_H

#include <stdint.h>
#include <cglm/cglm.h>

#include "base/mesh.h"
#include "damage/core/rig.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    ROBOT_PLATE_HELMET, ROBOT_PLATE_CHEST, ROBOT_PLATE_BACK,
    ROBOT_PLATE_SHOULDER_L, ROBOT_PLATE_SHOULDER_R,
    ROBOT_PLATE_UPPER_ARM_L, ROBOT_PLATE_UPPER_ARM_R,
    ROBOT_PLATE_LOWER_ARM_L, ROBOT_PLATE_LOWER_ARM_R,
    ROBOT_PLATE_THIGH_L, ROBOT_PLATE_THIGH_R,
    ROBOT_PLATE_SHIN_L, ROBOT_PLATE_SHIN_R,
    ROBOT_PLATE_COUNT
};
#define ROBOT_MAX_PANELS 24
#define ROBOT_MAX_CHARTS 128

typedef enum robot_chart_kind { ROBOT_CHART_OUTER, ROBOT_CHART_INNER, ROBOT_CHART_RIM } robot_chart_kind;

/* One island of the atlas. The outer chart of a panel maps its parameter to texels:
 * x = x0 + (w - L(pv)) / 2 + pu * L(pv), y = y0 + pv * h, L(pv) = lerp(len0, len1, pv). */
typedef struct robot_chart {
    int plate, panel;
    robot_chart_kind kind;
    int x0, y0;           /* content origin in texels (the gutter lies around the content) */
    float w, h;           /* content size in texels */
    float len0, len1;     /* outer charts: row length in texels at pv = 0 and pv = 1 */
} robot_chart;

typedef struct robot_panel {
    int plate;
    int outer_chart;
    int closed;           /* 1: pu wraps around (a tube), its pu = 0 and pu = 1 columns touch */
} robot_panel;

typedef struct robot_plate {
    char name[16];
    mat4 rest;            /* plate-local -> robot space */
    mesh_data mesh;       /* plate-local; uv in the shared atlas, [0,1] */
    float (*param)[2];    /* per vertex: (pu, pv) on its panel's outer surface */
    int *panel;           /* per vertex: panel index into robot.panels */
    int *chart;           /* per vertex: chart index into robot.charts */
    vec3 center;          /* bounding sphere, plate-local */
    float radius;
    float area;           /* all faces, m² */
    int bone;             /* the bone it rides on (damage/core/rig.h); it leaves the body from there */
    rig_skin skin;        /* per vertex, baked at the rest (bind) position */
} robot_plate;

typedef struct robot {
    mesh_data body;       /* robot space, dark metal */
    mesh_data glow;       /* robot space, emissive details */
    rig_skin body_skin, glow_skin; /* per vertex of body and glow */
    robot_plate plates[ROBOT_PLATE_COUNT];
    int plate_count;
    robot_panel panels[ROBOT_MAX_PANELS];
    int panel_count;
    robot_chart charts[ROBOT_MAX_CHARTS];
    int chart_count;
    int atlas_size, gutter;
    float texels_per_m;
    float height;         /* top of the helmet, m */
} robot;

typedef struct robot_desc {
    int atlas_size;       /* default 1024 */
    int gutter;           /* empty texels around each chart, default 4 */
} robot_desc;

robot *robot_create(const robot_desc *desc);
void robot_destroy(robot *r);

/* Plate name ("chest", "shin_l", ...) for stats and logs. */
const char *robot_plate_name(int plate);

/* Rasterize every armor triangle at texel centers (edges inclusive) into an atlas_size² grid:
 * grid[y * size + x] = chart index, or -1 for gutter/empty texels. Returns the number of texels
 * claimed by two different charts (0 for a valid atlas; the later one wins). */
int robot_atlas_grid(const robot *r, int16_t *grid);

/* Visit every texel whose centre lies in an armor triangle (edges inclusive): plate, chart, the
 * triangle's first index in the plate mesh and the barycentric weights of its three corners. */
typedef void (*robot_texel_fn)(void *user, int plate, int chart, int tri, int x, int y, const float w[3]);
void robot_atlas_raster(const robot *r, robot_texel_fn fn, void *user);

/* Texel (x, y), floats in texels, of a panel's outer chart at parameter (pu, pv). */
void robot_panel_texel(const robot *r, int panel, float pu, float pv, float out[2]);

#ifdef __cplusplus
}
#endif

#endif
