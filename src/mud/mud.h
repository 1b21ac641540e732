/* mud.h — the mud technique on the GPU: base terrain texture, a fixed pool of per-block mud render
 * targets into which the wheels' primitives are drawn, terrain block drawing (main and shadow
 * pass). The clods thrown by the wheels are billboards: the mud scene hands them to the billboard
 * module.
 *
 *   mud_renderer *mr = mud_renderer_create(&(mud_renderer_desc){ .field = mudfield });
 *   each step:   mud_sim_step(sim, ...); mud_renderer_queue_step(mr, sim);   primitives, mask growth
 *   each frame:  mud_renderer_update(mr, truck_pos);    stream: active blocks, restores  (mud.upload)
 *                mud_renderer_stamp(mr);                draw the queued primitives        (mud.stamp)
 *                mud_renderer_draw(mr, MUD_PASS_MAIN, viewproj, eye);  frustum-culled blocks near eye
 *   mud_renderer_destroy(mr);
 *
 * Owns: the base texture (every block's 25 x 25 samples in one (24 n + 1)^2 RGBA8 texture, borders
 * shared as in core/terrain.h; mud-mask growth is sent as sub-rectangles), the road texture (the
 * blocks' baked road data, mud/core/roads.h, in one (24 n + 1)^2 RG8 texture, made once), a GL_TEXTURE_2D_ARRAY of
 * `slots` 128 x 128 RGBA8 layers (default 64, 4 MiB: GPU memory never grows), a 48 x 48 RGBA8
 * scratch copy and a 1 x 1 R32F sum target for the stamp, grid meshes with a skirt (128^2 for
 * resident mud blocks; 25^2, 13^2, 7^2 for base blocks by distance), the terrain and stamp programs.
 * The GPU layers are the mud the player sees; the CPU field (mud/core/mudfield.h) is the physics'
 * own copy, stamped with the same primitives (the same arithmetic on the same bytes: equal).
 * Streaming: blocks whose centre is within active_radius (default 40 m) of the truck are active.
 * A block gets a layer the first time a primitive touches it (cleared to untouched mud, shared
 * borders copied from resident neighbours on the GPU), or when it is active again after eviction;
 * the least recently used layer of an inactive block is evicted and read back (64 KiB) so it comes
 * back exactly: that restore is the only upload of mud texels. A block without a layer draws its
 * base terrain only.
 * Drawing: blocks within draw_distance (default 220 m; fog hides the edge) whose bounds meet the frustum.
 * Failure: create returns NULL after logging (shader or texture error, out of memory). Later, a
 * block that cannot get a layer (memory to keep the evicted one runs out: logged) draws its base
 * only; a queue that cannot grow (logged) is drawn at once, so no primitive is lost.
 */
#ifndef IMPRINT_MUD_MUD_H
#define IMPRINT_MUD_MUD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cglm/cglm.h>

#include "base/json.h"
#include "mud/core/decals.h"
#include "mud/core/mud_sim.h"
#include "mud/core/mudfield.h"
#include "mud/core/mudfield_slump.h"
#include "gfx/gl.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mud_renderer_desc {
    mudfield *field;     /* required; its terrain is read too */
    int slots;           /* GPU mud layers; default 64 */
    float active_radius; /* metres; default 40 */
    float draw_distance; /* metres; default 220 */
} mud_renderer_desc;

typedef struct mud_renderer_stats {
    int blocks_active;      /* within the active radius */
    int blocks_resident;    /* holding a GPU slot */
    int blocks_drawn;       /* after culling, last draw of the main pass */
    int patches_drawn[3];   /* patches of the near blocks in that draw, on quarter-, half- and whole-texel steps */
    long long upload_bytes_frame, upload_bytes_total;
    int uploads_frame;      /* glTexSubImage3D calls this frame */
    long long uploads_total;
    long long full_uploads; /* whole-block uploads (an evicted block restored) */
    int stamp_draws_frame;  /* primitives rasterized by the last stamp pass */
    long long stamp_draws_total;
    long long dry_passes_total; /* mud.dry passes: the tracks aged (mudfield_dry) */
    long long slump_passes_total; /* mud.slump: resident layers stepped on the GPU (mudfield_slump.h) */
    long long slump_saved_total;  /* evicted layers stepped on the CPU by the same rule */
    long long readback_bytes_total; /* layers read back at eviction */
    long long base_upload_bytes_frame, base_upload_bytes_total; /* base samples whose mud mask grew */
    size_t gpu_bytes;       /* base texture + slot array + meshes */
} mud_renderer_stats;

typedef enum mud_pass { MUD_PASS_SHADOW, MUD_PASS_MAIN } mud_pass;

/* What the terrain draws (the scene's layers, mud/core/mud_layers.h); zero = nothing but the
 * base terrain. mud: the mud layers' relief and the mud material (off: grass and dirt only);
 * roads: the gravel of the baked road data; decals: the mud splats (mud_renderer_set_decals);
 * plain: the mud material without its small-scale detail (clumps, pebbles), so that a picture
 * shows the relief's own shading (gl_mud_crest measures the berm's crest in it). */
typedef struct mud_renderer_layers {
    bool mud, roads, decals, plain;
} mud_renderer_layers;

/* Terrain mud decals (mud/core/decals.h) as the terrain shader draws them: no geometry, each block
 * loops over the splats that overlap it (the newest MUD_DECALS_PER_BLOCK). */
#define MUD_DECALS_MAX 1024
#define MUD_DECALS_PER_BLOCK 16

typedef struct mud_renderer mud_renderer;

mud_renderer *mud_renderer_create(const mud_renderer_desc *desc);
void mud_renderer_destroy(mud_renderer *mr);
void mud_renderer_update(mud_renderer *mr, const vec3 truck_pos);
/* Primitives (mud_sim_prims) to draw at the next stamp pass, in order. */
void mud_renderer_queue(mud_renderer *mr, const mudfield_stamp_geom *prims, int count);
/* Base samples (global, inclusive; mud_sim_base_changed) to send at the next stamp pass, in order
 * with the primitives, so each primitive is drawn over the mask its step saw. */
void mud_renderer_queue_base(mud_renderer *mr, const int rect[4]);
/* The tracks' drying (mud_sim_dried_last_step, mudfield_dry) at the next stamp pass, in order. */
void mud_renderer_queue_dry(mud_renderer *mr, int levels);
/* The ruts' slump (mud_sim_slumped_last_step, mudfield_slump) of these blocks (bz * nb + bx) at
 * the next stamp pass, in order: a resident layer stepped on the GPU (pass mud.slump) over the
 * texels of rects (NULL: the whole block) where the CPU's step changed them, an evicted one on the
 * CPU over its saved bytes, by the same rule. */
void mud_renderer_queue_slump(mud_renderer *mr, const int *blocks, const mudfield_rect *rects, int count,
                              const mudfield_slump_rule *rule);
/* All four for the last step of sim: its drying, its slump, its primitives, then the mask growth. */
void mud_renderer_queue_step(mud_renderer *mr, const mud_sim *sim);
/* The stamp pass: every queued primitive into every mud block it overlaps (a block without a
 * layer gets one: restored, or untouched mud with its neighbours' borders). */
void mud_renderer_stamp(mud_renderer *mr);
/* Blocks within draw_distance of eye (shadow pass: of the shadow focus) that meet viewproj's frustum. */
void mud_renderer_draw(mud_renderer *mr, mud_pass pass, mat4 viewproj, const vec3 eye);
/* This frame's splats (up to MUD_DECALS_MAX, oldest first), sorted into the blocks they touch. */
void mud_renderer_set_decals(mud_renderer *mr, const decal_draw *d, int n);
/* The layers the following draws show (default: all on). */
void mud_renderer_set_layers(mud_renderer *mr, const mud_renderer_layers *layers);
/* Metres from the eye within which mud patches are drawn on the fine grid (half-texel steps, and
 * quarter-texel steps within 0.65 of it, the eye's height included; default 8; the parameter
 * mud.fine_distance, a quality preset field). */
void mud_renderer_set_fine_distance(mud_renderer *mr, float metres);
/* Texels per grid step of a mud block past the fine distance: 1 (default), or 2 (a grid of half the
 * density; the fragments still take their normals from the mud target per pixel). mud.grid_step,
 * a quality preset field. */
void mud_renderer_set_mud_step(mud_renderer *mr, int texels);
/* Metres from the eye within which blocks are drawn (mud.draw_distance, a quality preset field). */
void mud_renderer_set_draw_distance(mud_renderer *mr, float metres);
const mud_renderer_stats *mud_renderer_get_stats(const mud_renderer *mr);
/* CPU memory for mud: the physics field plus the layers read back at eviction. */
size_t mud_renderer_cpu_bytes(const mud_renderer *mr);
/* Into the open JSON object w. stats: blocks_active, blocks_drawn, blocks_resident,
 * mud_upload_bytes {frame, total}. upload: "upload" {bytes_per_frame, whole_block_bytes_per_frame
 * (what sending every changed block whole would cost), whole_block_bytes, full_block_uploads} over
 * `frames` frames. stream: gpu_bytes, gpu_slots_resident, upload_bytes_total, and per step. */
void mud_renderer_write_stats(const mud_renderer *mr, json_writer *w);
void mud_renderer_write_upload(const mud_renderer *mr, long long frames, json_writer *w);
void mud_renderer_write_stream(const mud_renderer *mr, int steps, json_writer *w);

/* GPU slot of a block, -1 when it has none. */
int mud_renderer_slot(const mud_renderer *mr, int bx, int bz);
/* Reads the block's 128 x 128 RGBA8 layer back from the GPU (rows along z). False when the block
 * has no slot. */
bool mud_renderer_read_block(mud_renderer *mr, int bx, int bz, uint8_t *rgba);
/* Reads the block's 16-bit heights back (128 x 128, mudfield.h's H). False when it has no slot. */
bool mud_renderer_read_block_heights(mud_renderer *mr, int bx, int bz, uint16_t *h16);
/* Copies the block's layer into a 2D texture for debug panels (0 when the block has no slot). */
GLuint mud_renderer_block_texture(mud_renderer *mr, int bx, int bz);
GLuint mud_renderer_base_texture(const mud_renderer *mr);
/* The base samples of the 3 x 3 blocks around (bx, bz) copied into a 73 x 73 texture for debug
 * panels (0 on failure). */
GLuint mud_renderer_base_view_texture(mud_renderer *mr, int bx, int bz);
/* The block's 25 x 25 RGBA8 base samples as the GPU has them (rows along z). */
bool mud_renderer_read_base_block(mud_renderer *mr, int bx, int bz, uint8_t *rgba);
/* The base samples of block (bx, bz) as the GPU has them (A: the mud mask) as an 8-bit RGBA PNG. */
bool mud_renderer_dump_base_block(mud_renderer *mr, int bx, int bz, const char *path);

#ifdef __cplusplus
}
#endif

#endif
