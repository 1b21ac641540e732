/* mud_internal.h — what the files of the mud renderer share (src/mud/mud*.c: mud.c, mud_pool.c,
 * mud_stamp.c, mud_draw.c, mud_views.c); not for use outside them. */
#ifndef IMPRINT_MUD_MUD_INTERNAL_H
#define IMPRINT_MUD_MUD_INTERNAL_H

#include "mud/mud.h"
#include "gfx/mesh_gl.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RES MUDFIELD_RES
#define SEG (MUDFIELD_RES - 1)
#define BASE_SEG (TERRAIN_BLOCK_SAMPLES - 1)
#define LAYER_BYTES (RES * RES * 4)
#define HEIGHT_BYTES (RES * RES * 2)              /* a layer of the RG8 height array: the 16-bit height, hi and lo byte */
#define SAVED_BYTES (LAYER_BYTES + HEIGHT_BYTES) /* an evicted block: its RGBA8 layer, then its heights */
#define MUD_FINE_DISTANCE 8.0f /* default metres from the eye to a mud patch drawn on the fine grid (mud.fine_distance) */
/* A mud block near the eye is drawn in PATCHES x PATCHES patches of PATCH_SEG texel segments (the
 * last one 31: a block has 127), each fine or coarse by its own distance to the eye */
#define PATCHES 4
#define PATCH_SEG 32

/* What the GPU holds of a block's mud. */
enum { GPU_NONE, GPU_RESIDENT, GPU_SAVED };

/* One entry of the stamp pass's queue: a primitive, base samples whose mud mask grew, the
 * tracks' drying (dry > 0: every fresh track byte lowered by that many levels, mudfield_dry), or
 * one block's slump step (slump_block >= 0: bz * nb + bx by slump_rule, mudfield_slump.h). */
#define BASE_SNAP_MAX (24 * 24) /* samples of a step's mask growth kept as they were */
typedef struct mud_queue_item {
    bool base, snapped;
    int dry;
    int slump_block;
    mudfield_rect slump_rect; /* the texels the step changes (the rest it leaves) */
    mudfield_slump_rule slump_rule;
    int rect[4];
    mudfield_stamp_geom g;
    uint8_t px[BASE_SNAP_MAX * 4]; /* the rect's samples when queued (snapped) */
} mud_queue_item;

/* Uniform locations of the stamp programs ([0] sum pass, [1] stamp pass). */
typedef struct stamp_uniforms {
    GLint rect, block, mud_blocks, nb, spacing, edge_ramp, wheel, dir, shape, motion, max_sink, tread, row_prefix, body, slope;
} stamp_uniforms;

typedef struct slot_info {
    int block;      /* bz * nb + bx, -1 when free */
    long last_used; /* frame of the last update that wanted it (LRU) */
} slot_info;

enum { MUD_BLOCK_ROAD = 1, MUD_BLOCK_MUD = 2 };
/* metres from the eye past which the terrain draws no tyre print (the shader's MUD_TREAD_FAR) */
#define MUD_TREAD_FAR_M 8.0

/* One block a pass draws: its index and its horizontal distance from the eye, squared. */
typedef struct mud_draw_item {
    int block;
    float d2;
} mud_draw_item;

struct mud_renderer {
    mudfield *field;
    const terrain *terr;
    int nb, slots;
    float active_radius, draw_distance;
    float fine_distance; /* mud_renderer_set_fine_distance */
    int mud_step;        /* mud_renderer_set_mud_step: 1, or 2 = mud blocks past fine_distance on grid_mud_half */
    GLuint base_tex, road_tex, mud_array, view_tex, view_base_tex, read_fbo;
    GLuint height_array; /* RG8, one layer per slot beside mud_array's: the 16-bit height (mudfield.h) */
    GLuint prog[2]; /* [MUD_PASS_SHADOW], [MUD_PASS_MAIN] */
    GLint u_origin[2], u_step[2], u_layer[2], u_sub[2]; /* per program, looked up once */
    GLint u_patch[2], u_last[2], u_seam, u_patch_n, u_tread_near;
    GLint u_show[2], u_decals, u_ndecals;
    mud_renderer_layers layers;
    /* this frame's decals, binned per block: decal_head[block] -> entries linked by decal_next */
    decal_draw decals[MUD_DECALS_MAX];
    int *decal_head;
    int decal_next[MUD_DECALS_MAX * 4], decal_ref[MUD_DECALS_MAX * 4], decal_touched[MUD_DECALS_MAX * 4];
    int ndecal_entries, ntouched;
    gfx_mesh grid_mud, grid_base[3]; /* a whole mud block: 127 segments; base LODs: 24, 12, 6 */
    gfx_mesh grid_mud_half;          /* a whole mud block at half density: 63 segments (mud_step 2) */
    gfx_mesh patch_coarse, patch_fine, patch_quarter; /* one patch: PATCH_SEG segments, 2 and 4 times as many near the camera */
    int *block_slot;     /* nb*nb, -1 = none */
    mud_draw_item *draw_order; /* nb*nb: the blocks a pass draws, sorted near to far (mud_draw.c) */
    /* nb*nb, MUD_BLOCK_*: what the terrain shader may find over a block (it, or a neighbour whose
     * samples its pixels read, holds some): where a flag is clear the shader skips that work by a
     * branch on a uniform, which a software rasterizer skips (a branch that differs between pixels
     * it runs on every pixel, masked) */
    uint8_t *block_flags;
    float *block_hmin, *block_hmax;
    slot_info *slot;
    uint8_t *scratch;    /* LAYER_BYTES: large mask growth goes through it in bands (upload_base) */
    uint8_t *gpu_state;  /* nb*nb, GPU_* */
    uint8_t **saved;     /* nb*nb, SAVED_BYTES: the layers read back at eviction (NULL until evicted once) */
    int saved_blocks;
    GLuint stamp_prog[2], scratch_tex, scratch_h_tex, sums_tex, draw_fbo, sums_fbo;
    GLuint dry_prog, dry_tex, dry_fbo; /* mud.dry: a whole layer's copy, drawn back with its tracks aged */
    GLint u_dry_levels;
    GLuint slump_prog, slump_tex, slump_fbo; /* mud.slump: a height layer's copy, drawn back slumped */
    GLint u_slump_layer, u_slump_threshold, u_slump_threshold_diag, u_slump_refill;
    uint16_t *slump_h, *slump_tmp; /* RES * RES: an evicted layer's heights, stepped on the CPU */
    stamp_uniforms su[2];
    mud_queue_item *queue; /* primitives and mask growth of the steps since the last stamp pass */
    int nqueue, queue_cap;
    long frame;
    mud_renderer_stats stats;
};
/* The base samples rect (global, inclusive: x0, z0, x1, z1) gained mud: MUD_BLOCK_MUD on the
 * blocks holding them and around (mud.c). */
void mud__mark_mud(mud_renderer *mr, const int rect[4]);
/* The block pool (mud_pool.c). */
/* Layer `layer` of the slot array `array` (mud_array or height_array) as colour 0 of read_fbo,
 * which must be the read framebuffer (gfx_read_begin(mr->read_fbo)); false when incomplete. */
bool mud__attach_read_layer(mud_renderer *mr, GLuint array, int layer);
/* The 16-bit heights of a slot's height layer (RES * RES), read through mr->scratch. */
bool mud__read_heights(mud_renderer *mr, int layer, uint16_t *out);
bool mud__make_resident(mud_renderer *mr, int bx, int bz);
/* The slump pass (mud_slump.c): its program, scratch and framebuffer (false: logged), freed; one
 * queued block's step, on its GPU layers or, evicted, on its saved bytes. */
bool mud__slump_create(mud_renderer *mr);
void mud__slump_destroy(mud_renderer *mr);
void mud__slump_block(mud_renderer *mr, int block, const mudfield_rect *rect, const mudfield_slump_rule *rule);

#ifdef __cplusplus
}
#endif

#endif
