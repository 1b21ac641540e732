/* mudfield.h — the deformable mud: a 128 × 128 heightfield per mud block, stamped by wheels and
 * bodies (GL-free).
 * It is the physics' copy of the mud; the GPU draws the same primitives into its own (src/mud).
 *
 *   mudfield *mf = mudfield_create(terr, NULL);
 *   mudfield_stamp(mf, &(mudfield_wheel){ .center = {x, y, z}, .radius = 0.55f, .width = 0.4f,
 *                                         .forward = {0, 1}, .velocity = {0, 3}, .penetration = 0.2f });
 *   or, laid out once for the CPU and the GPU:
 *   mudfield_stamp_geom g; if (mudfield_stamp_layout(mf, &w, &g)) mudfield_stamp_geom_apply(mf, &g);
 *   mudfield_rect r;
 *   if (mudfield_take_dirty(mf, bx, bz, &r)) mudfield_pack(mf, bx, bz, &r, bytes);   what changed
 *   mudfield_destroy(mf);
 *
 * Owns one field per block whose terrain has mud (terrain_block_has_mud), allocated the first time
 * a stamp reaches it; other blocks have no mud field and read as mud height 0.
 *
 * Texel grid: MUDFIELD_RES texels per side span the whole block INCLUDING both borders, spacing
 * 16/127 m, so texel (127, j) of block bx and texel (0, j) of block bx + 1 are the same world
 * point. Every write goes to all allocated blocks holding that point (up to four at a corner),
 * and a newly allocated block copies its shared borders from allocated neighbours: borders stay
 * bit-identical and never crack.
 *
 * Per texel: mud height relative to the base terrain (metres, starts at 0), slide offset (xz
 * metres: where the surface moved as the mud was pushed), track blend 0..1, stored as the GPU's
 * two texels (96 KiB per block): the 16-bit height H = 32768 + height / MUDFIELD_HEIGHT_STEP
 * (1 mm steps; the GPU's RG8 layer holds it as R = H >> 8, G = H & 255), and the RGBA8 texel
 * (the GPU mirrors the unpack): R the tread print (0: none; else 1 + 255ths of the lug
 * coordinate of the tyre that last bore on the texel, mudfield_tread_byte: the mud's shader draws
 * the lugs from it between the texels; the reference's height byte is no longer stored, `dump
 * mud` rebuilds it from H with mudfield_height_byte), G/B slide x/z = (G - 128) / 127 *
 * MUDFIELD_SLIDE_MAX, A the track and its age (mudfield_track_blend, mudfield_track_fresh): below
 * 128 a dry track's blend A / 127 (a tyre's soft edge, a berm), 128..255 a whole track whose
 * wetness is (A - 128) / 127: 255 where a tyre bore just now, drying toward 128 (mudfield_dry).
 *
 * A stamp lowers the mud under the wheel to the wheel's cylinder (never below the hard floor:
 * base - max_sink * softness * mud mask); within 1.25 texels outside the contact patch a rounded
 * shoulder rises back to the untouched level (anti-aliased rut edge, no one-texel cliff). The
 * displaced volume goes into berms within berm_width of the footprint: rounded ridges to the
 * sides, heaped against the tyre ahead and behind. Volume is conserved exactly up to float
 * rounding. The berm texels slide outward, the footprint slides against the wheel's slip (most
 * under the middle of the patch).
 * Every stored value lies on the texels' grid (height in 1 mm steps, slide in 1/127 of its range,
 * track in 1/255) and the removed volume is spread in whole height steps, so the field and the
 * GPU's render targets, which run the same arithmetic on bytes, stay equal and both conserve the
 * volume exactly.
 * Dirty rectangles (per block, inclusive texel bounds) grow by exactly the texels whose value
 * changed.
 */
#ifndef IMPRINT_CORE_MUDFIELD_H
#define IMPRINT_CORE_MUDFIELD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mud/core/terrain.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MUDFIELD_RES 128
#define MUDFIELD_SPACING (TERRAIN_BLOCK_SIZE / (MUDFIELD_RES - 1))
#ifndef MUDFIELD_HEIGHT_STEP /* set only by tools/crest_bound.c's variants, to weigh the step */
#define MUDFIELD_HEIGHT_STEP 0.001f /* metres per step of the 16-bit height: -32.768 .. +32.767 m */
#endif
#define MUDFIELD_HEIGHT_ZERO 32768 /* the 16-bit height of the base terrain's level */
#define MUDFIELD_HEIGHT_BITS 16
#define MUDFIELD_R_STEP 0.01f      /* metres per step of the RGBA8 texel's R: -1.28 .. +1.27 m */
#define MUDFIELD_SLIDE_MAX 0.5f    /* metres at G/B = 0 or 255 */

typedef struct mudfield_desc {
    float max_sink;   /* metres of mud over the hard floor where softness and mask are 1; default 0.5 */
    float berm_width; /* metres; default 0.6 */
} mudfield_desc;

typedef struct mudfield_wheel {
    float center[3];   /* wheel hub, world */
    float radius, width;
    float forward[2];  /* rolling direction in xz, unit */
    float velocity[2]; /* contact point velocity in xz, m/s */
    float slip;        /* spin slip, m/s (wheel surface speed minus ground speed) */
    float penetration; /* metres below the undisturbed mud surface; <= 0 means no stamp */
    /* The tyre's tread (0 spacing or depth <= 0: a smooth tyre): lugs every tread_spacing metres
     * around the tyre. tread_phase (metres) is where the tread stands: radius x spin angle, so the
     * print stays put in the mud while the tyre rolls and smears while it spins. The stamp keeps
     * the lug coordinate per texel (mudfield_tread_byte); the heights stay the smooth cylinder. */
    float tread_spacing, tread_depth, tread_phase;
} mudfield_wheel;

typedef struct mudfield_rect { int x0, y0, x1, y1; } mudfield_rect; /* inclusive texel bounds */

typedef struct mudfield mudfield;

/* NULL when memory runs out (logged). A block whose field cannot be allocated later (logged) stays
 * untouched mud: stamps pass over it. */
mudfield *mudfield_create(const terrain *t, const mudfield_desc *desc);
void mudfield_destroy(mudfield *mf);
const terrain *mudfield_terrain(const mudfield *mf);

/* Returns the displaced volume in cubic metres (0 when nothing changed). */
float mudfield_stamp(mudfield *mf, const mudfield_wheel *w);

/* From now on: max_sink (> 0, as in the desc) and a factor on the terrain's softness (>= 0,
 * default 1) where the hard floor is found; the panel's mud.stamp_depth and mud.softness_scale. */
void mudfield_set_depth(mudfield *mf, float max_sink, float softness_scale);

/* A body's primitive (a mud chunk, a rock, a felled trunk, the truck's chassis bottoming out): the
 * bottom of a rounded box pressed into the mud, stamped by the wheel's rules (lowered to the bottom,
 * the removed volume into a berm all round it, in whole height steps: conserved exactly) through
 * the same layout, CPU apply and GPU stamp pass. The bottom is a plane over the flat part (half
 * minus radius along axis and across it) whose edges and corners round off with `radius`: a sphere
 * is half = {r, r}, radius r; a trunk lying along axis half = {length / 2, r}, radius r; a box
 * lying flat its half sizes and a small rounding. The rectangle holds the footprint and its berm in
 * MUDFIELD_STAMP_MAX texels: the berm narrows to fit (a body longer than about 4.5 m is stamped in
 * pieces by its caller). */
typedef struct mudfield_body {
    float center[3];   /* world: the middle of the bottom (its height y there) */
    float axis[2];     /* xz, unit: the direction of half[0] */
    float half[2];     /* half sizes of the bottom along axis and across it, metres, >= radius */
    float radius;      /* > 0: the rounding of the bottom's edges and corners */
    float slope[2];    /* the bottom plane's rise per metre along axis and across it (a tilted body) */
    float velocity[2]; /* xz, m/s */
    float penetration; /* metres its lowest point lies below the mud around it; <= 0 means no stamp */
    /* A piece of a longer body: bit 0 another piece goes on past +axis, bit 1 past -axis. No berm
     * is heaped there (it would fill the next piece's footprint): the pieces' berms run on beside
     * them as one, handing over within MUDFIELD_JOIN_BLEND of the joint. */
    unsigned joined;
} mudfield_body;
/* The wheel's bottom is a cylinder across its rolling direction: flat[1] = MUDFIELD_FLAT_LONG. */
/* Metres either side of a joint between two pieces over which their berms hand over. */
#define MUDFIELD_JOIN_BLEND 0.5f
#define MUDFIELD_FLAT_LONG 1.0e9f

/* A stamp's layout, the part of a primitive that depends only on the wheel and the level (not on
 * the mud): what the GPU needs to draw the same stamp into its render targets. The berm weights
 * of the rectangle's texels, summed row by row (row-major, z outer), let every texel find its
 * share of the removed volume from the texels before it alone, so the integer berm adds sum to
 * exactly the removed volume on either side. */
#define MUDFIELD_STAMP_MAX 48 /* texels per side of a stamp's rectangle, at most */
typedef struct mudfield_stamp_geom {
    mudfield_wheel w;
    float fwd[2], side[2]; /* unit rolling direction and forward x up, xz */
    float pen, half_len, half_w, berm_width, max_sink, speed; /* max_sink: times the softness scale */
    float tread_inv; /* 1 / w.tread_spacing, 0 for a smooth tyre (the GPU multiplies by the same float) */
    /* The bottom, w.center[1] the height of its rounding's centre: w.center[1] + slope . clamp(uv,
     * -flat, flat) - sqrt(radius^2 - |uv outside flat|^2) (a wheel: flat {0, MUDFIELD_FLAT_LONG},
     * slope 0: the tyre's cylinder). The footprint is the rectangle half_len x half_w with its
     * corners rounded by `corner` (a wheel: 0); ring: a body's berm, a hump all round (a wheel's
     * heaps ahead and behind, 0). */
    float flat[2], slope[2], corner, ring;
    int gx0, gz0, gx1, gz1;                    /* global texel rectangle, inclusive */
    float row_prefix[MUDFIELD_STAMP_MAX + 1]; /* berm weight of the rows before; [rows] = sum */
    int mud_bx, mud_bz, mud_mask; /* blocks (mud_bx + i, mud_bz + j), i, j < 3, with mud: bit j * 3 + i
                                   * (as the layout saw them: the mask grows while driving) */
} mudfield_stamp_geom;
/* False (nothing to stamp) when the wheel does not penetrate or the rectangle is empty. */
bool mudfield_stamp_layout(const mudfield *mf, const mudfield_wheel *w, mudfield_stamp_geom *g);
/* The same for a body; false when it does not press into the mud (penetration <= 0). */
bool mudfield_body_layout(const mudfield *mf, const mudfield_body *b, mudfield_stamp_geom *g);
/* The stamp of a laid-out primitive (mudfield_stamp = layout + apply); returns the displaced volume.
 * Out of memory for its scratch (logged): nothing is stamped and 0 is returned. */
float mudfield_stamp_geom_apply(mudfield *mf, const mudfield_stamp_geom *g);
/* Chevron lugs: their ends MUDFIELD_TREAD_CHEVRON x |v| behind the middle. */
#define MUDFIELD_TREAD_CHEVRON 0.3f
/* The texel's R where the tyre bears (cover >= 1/2): 1 + floor(255 x fract of the lug coordinate
 * (u + phase + MUDFIELD_TREAD_CHEVRON |v|) / spacing); lugs lie at whole coordinates. The heights
 * carry no lugs: the print is drawn in the shading (shaders/mud_terrain.frag). */
uint8_t mudfield_tread_byte(const mudfield_stamp_geom *g, float u, float v);
/* Global texel (gx, gz) belongs to a block whose terrain has mud. */
bool mudfield_texel_has_mud(const mudfield *mf, int gx, int gz);

/* World queries, bilinear. surface = base + mud; floor = base - max_sink * softness * softness_scale * mask. */
float mudfield_mud_height(const mudfield *mf, float x, float z);
float mudfield_surface_height(const mudfield *mf, float x, float z);
float mudfield_floor_height(const mudfield *mf, float x, float z);
void mudfield_surface_normal(const mudfield *mf, float x, float z, float out[3]);

/* Direct texel access (NULL when the block has no field yet): RGBA8 as packed below, 4 bytes per
 * texel at index j * MUDFIELD_RES + i; the 16-bit heights, one per texel at the same index. */
const uint8_t *mudfield_block_texels(const mudfield *mf, int bx, int bz);
const uint16_t *mudfield_block_heights(const mudfield *mf, int bx, int bz);
bool mudfield_block_allocated(const mudfield *mf, int bx, int bz);
int mudfield_blocks_allocated(const mudfield *mf);
size_t mudfield_memory_bytes(const mudfield *mf);

/* Sum of mud height × texel area over every distinct world texel (shared borders once). */
double mudfield_volume(const mudfield *mf);

/* Dirty rectangle since the last take; clears it. False when the block is clean. */
bool mudfield_peek_dirty(const mudfield *mf, int bx, int bz, mudfield_rect *out);
bool mudfield_take_dirty(mudfield *mf, int bx, int bz, mudfield_rect *out);
/* Writes (x1-x0+1)*(y1-y0+1)*4 bytes, rows along z, tightly packed. Block must be allocated. */
void mudfield_pack(const mudfield *mf, int bx, int bz, const mudfield_rect *r, uint8_t *out);
/* The 16-bit heights of the rectangle as the GPU's RG8 layer holds them: (x1-x0+1)*(y1-y0+1)*2
 * bytes, R = H >> 8, G = H & 255. */
void mudfield_pack_heights(const mudfield *mf, int bx, int bz, const mudfield_rect *r, uint8_t *out);
void mudfield_pack_texel(uint8_t tread, const float slide[2], float track, uint8_t out[4]);
/* The reference's height byte of `dump mud`: 128 + the 16-bit height rounded to 1 cm (ties up),
 * clamped to -1.28 .. +1.27 m. */
uint8_t mudfield_height_byte(uint16_t h16);

/* The track's age. A stamp sets A = 255 where its tyre bears (cover >= 0.5) and raises A to at most
 * 127 elsewhere (the edge's cover, a berm's height); every MUDFIELD_DRY_STEPS stamp steps the
 * simulation (mud_sim: 2 s at 60 Hz) lowers every A above 128 by MUDFIELD_DRY_LEVELS, on the CPU
 * field and the GPU's layers alike (pass mud.dry): a freshly churned track dries to matte in about
 * a minute and keeps its churned colour. */
#define MUDFIELD_TRACK_FRESH 128
#define MUDFIELD_DRY_STEPS 120
#define MUDFIELD_DRY_LEVELS 4
static inline uint8_t mudfield_dry_byte(uint8_t a, int levels)
{
    return a > MUDFIELD_TRACK_FRESH ? (uint8_t)(a - levels > MUDFIELD_TRACK_FRESH ? a - levels : MUDFIELD_TRACK_FRESH) : a;
}
static inline float mudfield_track_blend(uint8_t a) { return a >= 127 ? 1.0f : (float)a / 127.0f; }
static inline float mudfield_track_fresh(uint8_t a) { return a > 128 ? (float)(a - 128) / 127.0f : 0.0f; }
/* Every allocated block's A bytes through mudfield_dry_byte (dirty where they change). */
void mudfield_dry(mudfield *mf, int levels);
uint16_t mudfield_pack_height16(float height); /* rounded to the step, clamped */
float mudfield_unpack_height16(uint16_t h);
float mudfield_unpack_height(uint8_t r); /* mudfield_height_byte's, 1 cm steps */
float mudfield_unpack_slide(uint8_t g);

#ifdef __cplusplus
}
#endif

#endif
