/* blast_internal.h — the blast state, shared by blast.c (history, texel bookkeeping, the hole
 * rule), blast_ray.c (the skinned ray structure) and blast_islands.c (islands cut away); nothing
 * else includes it, the API is blast.h. */
#ifndef IMPRINT_DAMAGE_CORE_BLAST_INTERNAL_H
#define IMPRINT_DAMAGE_CORE_BLAST_INTERNAL_H

#include <stb_connected_components.h>

#include "base/bvh.h"
#include "damage/core/blast.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct panel_texels {
    int *outer;              /* outer-surface texel indices of this panel */
    float (*pos)[3];         /* their robot-space positions */
    float (*uv)[2];          /* their texel-centre uv */
    int outer_count, outer_cap;
    int *all;                /* every texel of the panel, any chart */
    int all_count, all_cap;
} panel_texels;

struct blast_state {
    const robot *r;
    int n;
    blast_desc d;
    blast_sphere *hist;
    int count, cap;
    int *plate_blasts[ROBOT_PLATE_COUNT];
    int plate_blast_count[ROBOT_PLATE_COUNT], plate_blast_cap[ROBOT_PLATE_COUNT];
    bool attached[ROBOT_PLATE_COUNT];
    int outer_total[ROBOT_PLATE_COUNT], intact_count[ROBOT_PLATE_COUNT];
    vec3 plate_center[ROBOT_PLATE_COUNT];
    panel_texels panels[ROBOT_MAX_PANELS];
    bool panel_dirty[ROBOT_MAX_PANELS];
    int16_t *chart;          /* n²: chart of each texel, -1 empty */
    int32_t *outer_of;       /* n²: the outer texel each texel lies under, -1 none */
    uint8_t *hole;           /* n²: outer texels that are no longer intact */
    uint8_t *cut;            /* n²: 255 where cut away (every chart) */
    unsigned cut_version;
    stbcc_grid *cc;
    uint8_t *cc_map;
    bvh *bvh;
    int *tri_plate;          /* per BVH triangle: plate or -1 */
    float (*tri_uv)[3][2];   /* per BVH triangle: corner uvs (armor) */
    /* every ray-tested vertex (body, glow, plates in that order) at bind and at the current pose */
    mesh_data all;           /* bind-space positions and the triangles */
    float (*posed)[3];
    rig_skin skin;
    mat4 palette[RIG_BONE_COUNT];
};

/* The ray structure over body, glow and plates at the bind pose (blast_ray.c); false: out of memory. */
bool blast__build_rays(blast_state *bs);
/* An intact outer texel of an attached plate is gone (a hole or cut away). */
void blast__mark_gone(blast_state *bs, int plate, int texel);

#ifdef __cplusplus
}
#endif

#endif
