/* mudfield_internal.h — what mudfield.c (the field: blocks, texels, queries) and mudfield_stamp.c
 * (the stamp: layouts, weights, targets and apply) share; not for use outside them. */
#ifndef IMPRINT_MUD_CORE_MUDFIELD_INTERNAL_H
#define IMPRINT_MUD_CORE_MUDFIELD_INTERNAL_H

#include "mud/core/mudfield.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RES MUDFIELD_RES
#define SEG (MUDFIELD_RES - 1)
#define TEXELS (RES * RES)

/* Stored as the GPU's texels: the RGBA8 layer (R the tread print, GB slide, A track and its age) and
 * the 16-bit height in 1 mm steps (the RG8 layer's hi/lo bytes): 96 KiB per block. */
typedef struct mud_block {
    uint8_t px[TEXELS][4];
    uint16_t h[TEXELS];
    mudfield_rect dirty;
    bool is_dirty;
    bool unsettled; /* a height changed since the slump last found the block settled (mudfield_slump.h) */
} mud_block;

/* One texel the current stamp touches: global coordinates and its new values. */
typedef struct stamp_texel {
    int gx, gz;
    float h, slide[2], track;
    uint8_t tread; /* the RGBA8 texel's R: the tyre's lug coordinate (mudfield_tread_byte) */
} stamp_texel;

struct mudfield {
    const terrain *terr;
    int nb;
    float max_sink, berm_width;
    float softness_scale; /* multiplies the terrain's softness where the floor is found; 1 */
    mud_block **blocks; /* nb*nb, NULL until a stamp reaches a mud block */
    int allocated;
    stamp_texel *scratch;
    int scratch_cap;
    long block_failures; /* blocks whose field could not be allocated (every texel of a stamp tries) */
    uint16_t *slump_tmp;  /* RES * RES: the heights before a slump step (mudfield_slump.c) */
};

/* The blocks holding global texel g along one axis: g / SEG, and g / SEG - 1 on a shared border. */
static inline int holders(int g, int nb, int out[2])
{
    int n = 0, b = g / SEG;
    if (b < nb) out[n++] = b;
    if (g % SEG == 0 && b > 0) out[n++] = b - 1;
    return n;
}

/* A global texel exists when some block holding it has mud (allocating its field on demand). */
bool mudfield__texel_exists(mudfield *mf, int gx, int gz);
/* The texel's values from the first allocated block holding it (it must exist). */
void mudfield__read_texel(const mudfield *mf, stamp_texel *t);
/* Into every allocated block holding it (dirty where a byte changed). */
void mudfield__write_texel(mudfield *mf, const stamp_texel *t);
/* Grows the block's dirty rectangle by texel (i, j). */
void mudfield__mark_dirty(mud_block *b, int i, int j);
/* One more texel of the stamp's scratch (NULL, logged, when it cannot grow). */
stamp_texel *mudfield__scratch_push(mudfield *mf, int *n);

#ifdef __cplusplus
}
#endif

#endif
