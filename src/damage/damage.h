/* damage.h — the damage-map technique on the GPU: unwrap blasts into UV space, dilate seams,
 * fade the hot map, draw the holed armor.
 *
 *   damage_map *dm = damage_map_create(&(damage_map_desc){0}, robot);  // 1024², 64 spheres/pass
 *   damage_blast(dm, center_bind, 0.06f);      // queue (CPU only, any time); damage_scorch: heat only
 *   damage_map_update(dm, dt);                 // fixed step: schedules fade steps at 10 Hz
 *   damage_map_prepare(dm, rest, attached);    // once per frame: the GPU passes that are due
 *   damage_draw_armor(dm, &(damage_armor_draw){ .models = flight, .palette = pal, .skinned = attached, ... }, pass);
 *   damage_map_destroy(dm);
 *
 * Owns: the armor of a core robot as one GPU mesh (plates as index ranges, skin attributes), the
 * position map (RGBA32F: every armor texel's bind-space position), the damage map
 * (an RGBA8 target never cleared during play, max-blended) and its dilated copy that shaders
 * sample, the fading map (a ping-pong pair), the island mask (from the atlas), the cut mask, the
 * baked armor detail (assets/damage/armor_detail.png, made by tools/bake_armor), the atlas layout
 * the debug panels show dimly under the maps, and the programs of shaders/damage_*.
 *
 * Passes (timed as damage.unwrap, damage.dilate, damage.fade, damage.cut):
 *   unwrap  ONE pass per frame for the queued spheres, oldest first, up to desc.max_spheres; a
 *           burst beyond that stays queued for the next frames' passes (the queue grows, no blast
 *           is dropped). Spheres are in bind space (the scene stores a shot's sphere at the hit's
 *           point on the bind triangle), so a sphere meets the plate where it was at the moment of
 *           the shot, whatever pose the robot has when the pass runs; the models handed to
 *           prepare are the plates' rest transforms. Per sphere the CPU finds the triangles it
 *           reaches (plate, cluster, triangle bounds) and their footprint's UV scissor per chart
 *           (core/damage_cull.h); one draw of those quads per target, each fragment reading its
 *           bind position from the position map baked at create, writes R, G, B = saturate(1 - d / (k r)) for
 *           k = 1, 1.1, 1.2 and A (scorch) = saturate(1 - d / (DAMAGE_SCORCH_REACH r)) (heat-only
 *           spheres: A alone), max-blended (GFX_BLEND_MAX), into the damage map and the current
 *           fading map.
 *   dilate  gutter texels copy the nearest island texel within 2 texels (precomputed from the
 *           atlas), so bilinear lookups at a UV seam never read an untouched gutter.
 *   fade    at desc.fade_hz while the fading map holds anything: v' = max(v * f - 1/255, 0)
 *           (+ dilation) into the other half of the pair. The CPU knows how many 8-bit steps
 *           take 255 to 0 (damage_fade_steps_to_zero) and stops after that many steps since the
 *           last hit; at rest there is no fade pass at all (the schedule: core/damage_fade.h).
 *   cut     islands cut away on the CPU (core/blast.h) are max-blended into the damage map.
 *
 * Armor shading (damage_armor.frag): alpha test R > rough(uv) (core blast_rough mirrors it),
 * two-sided with dark inside faces, scorched glowing ring from B, tempered, darkened steel from A,
 * hot rim from the fading map (white-yellow -> red -> nothing), lit and shadowed; the SHADOW pass
 * discards the same holes. Attached plates are skinned (shaders/gfx_skin.glsl) in both passes.
 * Plates can dissolve (shaders/dissolve.glsl) with per-plate parameters.
 *
 * Failure: create logs and returns NULL (shader or framebuffer error, out of memory); destroy(NULL)
 * is a no-op.
 */
#ifndef IMPRINT_DAMAGE_DAMAGE_H
#define IMPRINT_DAMAGE_DAMAGE_H

#include <stdbool.h>

#include <cglm/cglm.h>

#include "base/json.h"
#include "damage/core/damage_cull.h"   /* DAMAGE_SCORCH_REACH */
#include "damage/core/damage_fade.h"   /* damage_fade_steps_to_zero */
#include "damage/core/robot.h"
#include "dissolve/dissolve.h"
#include "gfx/bench.h"
#include "gfx/gl.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct damage_map damage_map;

typedef struct damage_map_desc {
    int max_spheres;    /* per unwrap pass, default 64 */
    float fade_hz;      /* default 10 */
    float fade_factor;  /* per step, default 0.86 */
} damage_map_desc;

typedef struct damage_map_stats {
    long long blasts;          /* spheres queued since creation */
    long long scorches;        /* heat-only spheres queued since creation */
    long long unwrap_passes;
    long long fade_passes;
    long long dilate_passes;
    int fade_steps_left;       /* 0: at rest */
    int queued;                /* waiting for the next unwrap pass */
} damage_map_stats;

typedef enum damage_pass { DAMAGE_PASS_MAIN, DAMAGE_PASS_SHADOW } damage_pass;

typedef struct damage_armor_draw {
    mat4 *models;                    /* per plate, world (the plates not skinned) */
    const mat4 *palette;             /* RIG_BONE_COUNT matrices bind -> world, or NULL: nothing skinned */
    const bool *skinned;             /* per plate: on the body, drawn from bind space through the palette */
    const bool *visible;             /* per plate; NULL: all */
    const dissolve *dv;              /* may be NULL: no dissolve */
    const dissolve_params *dissolve; /* per plate, or NULL: whole */
} damage_armor_draw;

damage_map *damage_map_create(const damage_map_desc *desc, const robot *r);
void damage_map_destroy(damage_map *dm);

/* center: in the space the unwrap's models put the plates in (the scene: bind space). */
void damage_blast(damage_map *dm, const float center_ws[3], float radius);
/* Heat without penetration: only the A channel (scorch), inside DAMAGE_SCORCH_REACH * radius. */
void damage_scorch(damage_map *dm, const float center[3], float radius);
/* Fade passes per second from now on (the panel's damage.fade_rate); > 0. */
void damage_map_set_fade_hz(damage_map *dm, float hz);
void damage_map_update(damage_map *dm, float dt);
/* Runs the due GPU passes; models: each plate's rest transform (plate -> bind space, where the
 * spheres are and the position map was baked); attached: which plates the unwrap writes (NULL:
 * all). Each pass restores the render target and viewport bound before it (gfx_target_begin/_end). */
void damage_map_prepare(damage_map *dm, mat4 *models, const bool *attached);
/* Uploads a new cut mask (atlas_size² bytes, 255 = cut) and blends it in at the next prepare. */
void damage_map_set_cut(damage_map *dm, const unsigned char *mask);
/* Clears both maps and the queue (respawn). */
void damage_map_clear(damage_map *dm);

void damage_draw_armor(damage_map *dm, const damage_armor_draw *d, damage_pass pass);
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
/* Unwrapping n spheres (xyz world, w radius) into a scratch target, averaged over reps;
 * `separate` draws them as n passes of one sphere (the reference's way). */
damage_bench_ms damage_bench_unwrap(damage_map *dm, mat4 *models, const float (*spheres)[4], int n, bool separate, int reps);
/* One fade pass (1024², dilation included), from a scratch copy of the fading map. */
damage_bench_ms damage_bench_fade(damage_map *dm, int reps);
/* The whole bench of the range into the open JSON object w: unwrap of 1 and n spheres (one pass
 * and n passes), one fade pass, and what 600 steps at rest cost (no pass at all when nothing
 * is fading). */
void damage_bench_write(damage_map *dm, mat4 *models, const bool *attached, const float (*spheres)[4], int n,
                        json_writer *w);

#ifdef __cplusplus
}
#endif

#endif
