/* damage.h — the damage-map technique on the GPU: blasts unwrapped into a surface's UV atlas, seams
 * dilated, a hot map that fades, the surface drawn with holes and glowing rims. Any mesh with an
 * atlas: the robot of the range is one client (damage/robot_damage.h), examples/damage_map.c
 * another.
 *
 *   damage_map *dm = damage_map_create(&(damage_map_desc){
 *       .meshes = meshes, .mesh_count = 2, .atlas_size = 512, .chart_count = 6});  // NULL: logged
 *   damage_blast(dm, centre, 0.06f, &(damage_pose){.models = models});  // queue (CPU only, any time)
 *   damage_map_update(dm, dt);                 // fixed step: schedules fade steps at 10 Hz
 *   damage_map_prepare(dm, NULL);              // once per frame: the GPU passes that are due
 *   damage_draw(dm, &(damage_draw_desc){.pose = {.models = models}}, DAMAGE_PASS_MAIN);
 *   damage_map_destroy(dm);
 *
 * Surface (damage_mesh, core/damage_surface.h): one or more meshes sharing ONE atlas of
 * atlas_size² texels: positions, normals, atlas uvs, a chart id per vertex, triangles; optional
 * tangents, smooth normals, a skin (bone_count <= DAMAGE_MAX_BONES) and a paint per mesh. Zero
 * fields mean default (resolved in one place, damage.c's desc_defaults): atlas 1024, charts
 * DAMAGE_MAX_CHARTS, 64 spheres a pass, fades at 10 Hz by 0.86, paint DAMAGE_DEFAULT_PAINT, no
 * detail (flat). The look: desc.look.detail_path, an atlas-sized RGBA PNG found like every asset
 * (RG tangent-space normal, B cavity, A bare metal: tools/bake_armor's format) or
 * desc.look.detail_texture, the caller's own (not owned).
 *
 * Poses (damage_pose): per mesh a model (mesh -> world; NULL: identity); a skinned mesh is drawn
 * through the bone matrices (bind -> world), its model then taking it into bind space. A blast is
 * carried into each mesh's own space through the pose given with it, at that moment: the hole
 * stays where it was shot however the mesh moves afterwards (a wheel turns on with its hole). A
 * skinned mesh takes the blast through the skinning of its vertex nearest the centre (a caller
 * that knows the bind-space point, as the robot does, passes it with no bones). Models are rigid
 * with at most a uniform scale (it divides the radius).
 *
 * Owns: the surface as one GPU mesh (meshes as index ranges, skin attributes), the position map
 * (RGBA32F: every texel's mesh-space position, a = mesh + 1), the damage map (an RGBA8 target
 * never cleared during play, max-blended) and its dilated copy that shaders sample, the fading map
 * (a ping-pong pair), the island mask and the layout (from the atlas), the cut mask, the detail
 * texture (when loaded from a path) and the programs of shaders/damage_*.
 *
 * Passes (timed as damage.unwrap, damage.dilate, damage.fade, damage.cut, damage.wash):
 *   unwrap  ONE pass per frame for the queued blasts, oldest first, up to desc.max_spheres; a
 *           burst beyond that stays queued for the next frames' passes (no blast is dropped).
 *           Each blast is one entry per mesh it can reach, the sphere in that mesh's space; the CPU
 *           finds the triangles each entry reaches (mesh, cluster, triangle bounds) and their
 *           footprint's UV scissor per chart (core/damage_cull.h); one draw of those quads per
 *           target, each fragment reading its mesh-space position from the position map baked at
 *           create, writes R, G, B = saturate(1 - d / (k r)) for k = 1, 1.1, 1.2 and A (scorch) =
 *           saturate(1 - d / (DAMAGE_SCORCH_REACH r)) (heat-only spheres: A alone), max-blended
 *           (GFX_BLEND_MAX), into the damage map and the current fading map.
 *   dilate  gutter texels copy the nearest island texel within 2 texels (precomputed from the
 *           atlas), so bilinear lookups at a UV seam never read an untouched gutter.
 *   fade    at desc.fade_hz while the fading map holds anything: v' = max(v * f - 1/255, 0)
 *           (+ dilation) into the other half of the pair. The CPU knows how many 8-bit steps
 *           take 255 to 0 (damage_fade_steps_to_zero) and stops after that many steps since the
 *           last hit; at rest there is no fade pass at all (the schedule: core/damage_fade.h).
 *   cut     texels a caller cuts away (damage_map_set_cut) are max-blended into the damage map.
 *   wash    (damage_map_wash, mud's truck in a river) texels below a plane in mesh space lowered,
 *           in the raw map (into a scratch target that becomes the raw map) and the fading map.
 *
 * Shading (damage_armor.frag): alpha test R > rough(uv) (core blast_rough mirrors it), two-sided
 * with dark inside faces, scorched glowing ring from B, tempered, darkened paint from A, hot rim
 * from the fading map (white-yellow -> red -> nothing), lit and shadowed through the frame
 * uniforms of gfx/renderer.h (shaders/common.glsl); the SHADOW pass discards the same holes.
 * Meshes can dissolve (shaders/dissolve.glsl, the dissolve service) with per-mesh parameters.
 *
 * GL state: every pass and draw sets its state through gfx_state_set and restores the render
 * target and viewport it found (gfx_target_begin/_end). A draw binds texture units 0 (damage map),
 * 1 (fading map) and 2 (detail), reads the renderer's shadow unit (GFX_UNIT_SHADOW) and the
 * dissolve's noise unit; it leaves its program bound and unit 0 active. Prepare binds units 0 and
 * 1 and leaves its program, blend-max state and unit 0 active.
 *
 * Failure: a bad description — no meshes, an atlas size that is not a power of two in 64..4096, a
 * chart id outside 0..chart_count - 1, a bone index not below bone_count, a missing array or an
 * index past vertex_count — makes create log one line naming the field and return NULL; so does
 * a shader or framebuffer error or running out of memory. destroy(NULL) is a no-op.
 */
#ifndef IMPRINT_DAMAGE_DAMAGE_H
#define IMPRINT_DAMAGE_DAMAGE_H

#include <stdbool.h>

#include <cglm/cglm.h>

#include "base/json.h"
#include "damage/core/damage_cull.h"   /* DAMAGE_SCORCH_REACH */
#include "damage/core/damage_fade.h"   /* damage_fade_steps_to_zero */
#include "damage/core/damage_surface.h" /* damage_mesh */
#include "dissolve/dissolve.h"
#include "gfx/bench.h"
#include "gfx/gl.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct damage_map damage_map;

typedef struct damage_look {
    const char *detail_path;  /* atlas-sized RGBA PNG, found like every asset; NULL: no detail */
    GLuint detail_texture;    /* or the caller's own texture in the atlas (not owned); wins over the path */
} damage_look;

typedef struct damage_map_desc {
    const damage_mesh *meshes;  /* the surface (core/damage_surface.h); copied, not kept */
    int mesh_count;             /* at least 1 */
    int atlas_size;             /* power of two in 64..4096, default 1024 */
    int chart_count;            /* chart ids are 0 .. chart_count - 1; default DAMAGE_MAX_CHARTS */
    int bone_count;             /* skinned meshes' bones, 1..DAMAGE_MAX_BONES; 0: no skin */
    damage_look look;
    int max_spheres;            /* per unwrap pass, default 64 */
    float fade_hz;              /* default 10 */
    float fade_factor;          /* per step, default 0.86 */
} damage_map_desc;

typedef struct damage_map_stats {
    long long blasts;          /* spheres queued since creation */
    long long scorches;        /* heat-only spheres queued since creation */
    long long unwrap_passes;
    long long fade_passes;
    long long dilate_passes;
    long long wash_passes;     /* damage_map_wash's passes run (one per prepare with a wash due) */
    int fade_steps_left;       /* 0: at rest */
    int queued;                /* blasts waiting for the next unwrap pass */
} damage_map_stats;

typedef enum damage_pass { DAMAGE_PASS_MAIN, DAMAGE_PASS_SHADOW } damage_pass;

/* Where the meshes are, at a blast or a draw. NULL pose or fields: identity models, no skin. */
typedef struct damage_pose {
    const mat4 *models;   /* per mesh: mesh -> world; a skinned mesh: mesh -> bind space. NULL: identity */
    const mat4 *bones;    /* desc.bone_count matrices, bind -> world; NULL: nothing skinned */
    const bool *skinned;  /* per mesh: through the bones; NULL: every mesh with a skin (when bones are given) */
} damage_pose;

typedef struct damage_draw_desc {
    damage_pose pose;
    const bool *visible;             /* per mesh; NULL: all */
    const dissolve *dv;              /* may be NULL: no dissolve */
    const dissolve_params *dissolve; /* per mesh, or NULL: whole */
} damage_draw_desc;

damage_map *damage_map_create(const damage_map_desc *desc);
void damage_map_destroy(damage_map *dm);
int damage_map_mesh_count(const damage_map *dm);

/* A sphere (centre in world space, radius > 0) at the pose of this moment (NULL: identity). */
void damage_blast(damage_map *dm, const float center[3], float radius, const damage_pose *pose);
/* Heat without penetration: only the A channel (scorch), inside DAMAGE_SCORCH_REACH * radius. */
void damage_scorch(damage_map *dm, const float center[3], float radius, const damage_pose *pose);
/* Fade passes per second from now on (the panel's damage.fade_rate); > 0. */
void damage_map_set_fade_hz(damage_map *dm, float hz);
void damage_map_update(damage_map *dm, float dt);
/* Runs the due GPU passes; enabled: per mesh, whether it takes the blasts of this pass (NULL: all;
 * the robot's plates in flight take none). Each pass restores the render target and viewport
 * bound before it (gfx_target_begin/_end). */
void damage_map_prepare(damage_map *dm, const bool *enabled);
/* Uploads a new cut mask (atlas_size² bytes, 255 = cut) and blends it in at the next prepare. */
void damage_map_set_cut(damage_map *dm, const unsigned char *mask);
/* Lowers every map below a plane: texels whose surface point lies under the plane (world space,
 * n . x + d < 0 below, n pointing up out of the water; carried into each mesh's space through the
 * pose of this moment, as a blast is) keep v * (1 - amount) - 1/255 of each channel (floored at
 * 0, so repeated washes reach exactly 0), in the damage map and the fading map; texels above it
 * keep theirs. amount in (0, 1]; queued (CPU only) and run at the next prepare as ONE fullscreen
 * pass over the atlas per map (timed as damage.wash) reading the position map, then the dilation.
 * A second wash before that prepare replaces the plane and compounds the amounts. */
void damage_map_wash(damage_map *dm, const float plane[4], float amount, const damage_pose *pose);
/* Clears both maps and the queue (respawn). */
void damage_map_clear(damage_map *dm);

/* The surface with its holes, in the main or the shadow pass of the renderer's frame. */
void damage_draw(damage_map *dm, const damage_draw_desc *d, damage_pass pass);
/* The two maps (dilated damage map left, fading map right) on panels behind the robot, as in the
 * reference sample; in the main pass. */
void damage_draw_panels(damage_map *dm);
/* Panel i's model matrix (0 left, 1 right): a unit quad in its xz plane (mesh_build_plane) stood
 * up, 1.4 m square, centre (-1.45 or 1.45, 1.5, -1.6). */
void damage_panel_model(int i, mat4 out);
/* The damage map (or the fading one) as its panel shows it: opaque false colour, the atlas
 * outlined (damage/core/damage_panel.h), an RGB PNG of the map's size, row 0 at the bottom as
 * the raw dumps. False (logged) when it cannot be written. */
bool damage_map_dump_view(const damage_map *dm, bool fading, const char *path);

GLuint damage_map_texture(const damage_map *dm);        /* dilated damage map (sampled) */
GLuint damage_map_raw_texture(const damage_map *dm);    /* as unwrapped, before dilation */
GLuint damage_map_fading_texture(const damage_map *dm);
/* R8 dilation sources: 0 none, else 1 + (dy + 2) * 5 + (dx + 2) (13 = an island texel). */
GLuint damage_map_island_texture(const damage_map *dm);
/* R8, mipmapped: the atlas layout the panels show dimly under a map (0 empty, 90 inside a chart,
 * 255 on the two-texel outline ring around each chart); same rows as the maps. */
GLuint damage_map_layout_texture(const damage_map *dm);
int damage_map_size(const damage_map *dm);
/* The scorch (A of the dilated map) as an 8-bit grey PNG, rows as in the other dumps. */
bool damage_map_dump_scorch(const damage_map *dm, const char *path);
damage_map_stats damage_map_get_stats(const damage_map *dm);
/* blasts, unwrap_passes, fade_passes, fade_steps_left, dilate_passes into the open JSON object w. */
void damage_map_write_stats(const damage_map *dm, json_writer *w);

/* Bench results per repetition (gfx/bench.h): GPU time (timer query) and wall time up to
 * glFinish (the honest number on a software rasterizer, whose timer queries measure little).
 * Benches draw into scratch targets only: the live maps are bit-identical before and after. */
typedef gfx_bench_ms damage_bench_ms;
/* Unwrapping n spheres (xyz world, w radius) at a pose into a scratch target, averaged over reps;
 * `separate` draws them as n passes of one sphere over whole meshes (the reference's way). */
damage_bench_ms damage_bench_unwrap(damage_map *dm, const damage_pose *pose, const float (*spheres)[4], int n, bool separate,
                                    int reps);
/* One fade pass (1024², dilation included), from a scratch copy of the fading map. */
damage_bench_ms damage_bench_fade(damage_map *dm, int reps);
/* The whole bench of the range into the open JSON object w: unwrap of 1 and n spheres (one pass
 * and n passes), one fade pass, and what 600 steps at rest cost (no pass at all when nothing
 * is fading). */
void damage_bench_write(damage_map *dm, const damage_pose *pose, const bool *enabled, const float (*spheres)[4], int n,
                        json_writer *w);

#ifdef __cplusplus
}
#endif

#endif
