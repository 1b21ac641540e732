/* damage_internal.h — the damage map's state, shared by the files of the GL module only:
 * damage.c (create, targets, queue), damage_passes.c (unwrap, dilate, cut, fade),
 * damage_draw.c (surface, panels, scorch dump), damage_bench.c (benches on scratch targets),
 * damage_wash.c (lowering the maps below a plane).
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

/* A queued blast in one mesh's space (core/damage_cull.h's entry; tag unused). */
typedef damage_cull_entry damage__entry;

struct damage_map {
    damage_map_desc d;               /* resolved (desc_defaults); meshes and look.detail_path not kept */
    int size;
    int mesh_count, bone_count;
    int *mesh_first, *mesh_indices;  /* per mesh: its index range in surface */
    int *vert_first, *vert_count;    /* per mesh: its vertex range in surface (CPU copies below) */
    vec3 *paint;                     /* per mesh albedo */
    bool *has_skin;                  /* per mesh */
    float (*pos)[3];                 /* every mesh's positions, mesh space (a blast's nearest vertex) */
    uint8_t (*bone)[4];              /* every vertex's skin (zero for rigid meshes); NULL when none has one */
    float (*weight)[4];
    gfx_mesh surface;
    damage_cull *cull;               /* what each entry reaches: the culled unwrap's quads */
    gfx_target positions;            /* RGBA32F: mesh-space position per texel, a = mesh + 1 */
    GLuint prog_positions, prog_unwrap_map;
    GLint positions_model, positions_plate;
    GLuint unwrap_vao, unwrap_vbo;   /* the culled unwrap's stream, refilled per pass */
    gfx_target raw, map;
    gfx_pingpong fading;
    GLuint island_tex, cut_tex;
    GLuint detail_tex;               /* the look's detail in the atlas, or a flat 1x1 */
    bool detail_owned;               /* loaded here (else the caller's) */
    GLuint layout_tex;               /* the atlas layout for the panels: charts dim, their outlines brighter */
    GLuint prog_unwrap, prog_dilate, prog_cut, prog_armor, prog_armor_shadow, prog_panel;
    gfx_mesh panel;
    GLint panel_model;
    /* uniform locations, looked up once after linking */
    GLint unwrap_model, unwrap_spheres, unwrap_count, dilate_fade, dilate_sub;
    damage__armor_uniforms armor_u[2]; /* per damage_pass */
    damage__entry *queue;            /* every queued blast's entries, oldest first */
    int *queue_blast;                /* per queued blast: how many entries it has */
    int queued, queue_entries, queue_cap, blast_cap;
    bool needs_dilate, cut_pending;
    /* the wash (damage_wash.c): per mesh its plane in mesh space, what stays below it; made on first use */
    float (*wash_planes)[4];
    float wash_keep;
    bool wash_pending;
    GLuint prog_wash;
    gfx_target wash_scratch;         /* RGBA8 size²: the washed raw map is drawn here, then swapped in */
    GLint wash_planes_u, wash_first, wash_count, wash_keep_u, wash_sub;
    damage_fade fade;
    damage_map_stats st;
};

/* The entries of a sphere (world centre, signed radius) at a pose: one per mesh it can reach, in
 * that mesh's space, written to out (mesh_count at most). Returns how many. */
int damage__entries(const damage_map *dm, const damage_pose *pose, const float center[3], float radius, damage__entry *out);
/* One culled unwrap pass of n entries into each of the targets (damage_passes.c). */
void damage__unwrap(damage_map *dm, const damage__entry *e, int n, const bool *enabled, const gfx_target *const *targets,
                    int ntargets);
/* The reference's way, kept for the bench: every mesh an entry reaches, whole, against all of its
 * entries in the fragment loop. */
void damage__unwrap_whole(damage_map *dm, const damage__entry *e, int n, const bool *enabled, const gfx_target *const *targets,
                          int ntargets);
/* The pending wash, if any (damage_wash.c): into the raw map and the fading map, dilation due. */
void damage__wash(damage_map *dm);
/* One fade step from pp's read side into its write side, then the swap. */
void damage__fade_step(const damage_map *dm, gfx_pingpong *pp);

#ifdef __cplusplus
}
#endif

#endif
