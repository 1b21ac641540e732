/* damage_internal.h — the damage map's state, shared by the files of the GL module only:
 * damage.c (create, targets, queue), damage_passes.c (unwrap, dilate, cut, fade),
 * damage_draw.c (armor, panels, scorch dump), damage_bench.c (benches on scratch targets).
 * Nothing outside src/damage/damage*.c includes it; the API is damage.h.
 */
#ifndef IMPRINT_DAMAGE_DAMAGE_INTERNAL_H
#define IMPRINT_DAMAGE_DAMAGE_INTERNAL_H

#include "damage/damage.h"
#include "damage/core/damage_cull.h"
#include "damage/core/damage_fade.h"
#include "gfx/mesh_gl.h"
#include "gfx/target.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct damage__armor_uniforms {
    GLint model, albedo, skin, skin_on;
    dissolve_uniforms dissolve;
} damage__armor_uniforms;

struct damage_map {
    damage_map_desc d;
    int size;
    int plate_count;
    int plate_first[ROBOT_PLATE_COUNT], plate_indices[ROBOT_PLATE_COUNT];
    vec3 plate_albedo[ROBOT_PLATE_COUNT];
    mat4 rest[ROBOT_PLATE_COUNT];      /* plate -> bind space: the model of a skinned plate */
    gfx_mesh armor;
    damage_cull *cull;               /* what each sphere reaches: the culled unwrap's quads */
    gfx_target positions;            /* RGBA32F: bind-space position per armor texel, a = plate + 1 */
    GLuint prog_positions, prog_unwrap_map;
    GLint positions_model, positions_plate;
    GLint map_spheres, map_count, map_attached;
    GLuint unwrap_vao, unwrap_vbo;   /* the culled unwrap's stream, refilled per pass */
    gfx_target raw, map;
    gfx_pingpong fading;
    GLuint island_tex, cut_tex;
    GLuint detail_tex;               /* baked panel detail in the atlas (assets/damage/armor_detail.png) */
    GLuint layout_tex;               /* the atlas layout for the panels: charts dim, their outlines brighter */
    GLuint prog_unwrap, prog_dilate, prog_cut, prog_armor, prog_armor_shadow, prog_panel;
    gfx_mesh panel;
    GLint panel_model;
    /* uniform locations, looked up once after linking */
    GLint unwrap_model, unwrap_spheres, unwrap_count, dilate_fade, dilate_sub;
    damage__armor_uniforms armor_u[2]; /* per damage_pass */
    float (*queue)[4];           /* grows; the unwrap takes up to max_spheres of it per frame */
    int queued, queue_cap;
    bool needs_dilate, cut_pending;
    damage_fade fade;
    damage_map_stats st;
};

/* One culled unwrap pass of n spheres into each of the targets (damage_passes.c). */
void damage__unwrap(damage_map *dm, const float (*spheres)[4], int n, mat4 *models, const bool *on,
                    const gfx_target *const *targets, int ntargets);
/* The reference's way, kept for the bench: every plate a sphere reaches, whole, against all n
 * spheres in the fragment loop. */
void damage__unwrap_whole(damage_map *dm, const float (*spheres)[4], int n, mat4 *models, const bool *on,
                          const gfx_target *const *targets, int ntargets);
/* One fade step from pp's read side into its write side, then the swap. */
void damage__fade_step(const damage_map *dm, gfx_pingpong *pp);

#ifdef __cplusplus
}
#endif

#endif
