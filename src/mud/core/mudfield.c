/* mudfield.c — the CPU mud field: its blocks and their shared borders, texel access, the world
 * queries, drying, dirty rectangles and packing (the stamp itself is mudfield_stamp.c). */
#include "mud/core/mudfield_internal.h"
#include "base/alloc.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "base/mathx.h"

mudfield *mudfield_create(const terrain *t, const mudfield_desc *desc)
{
    assert(t);
    mudfield_desc d = desc ? *desc : (mudfield_desc){0};
    mudfield *mf = ALLOC_STRUCT(mudfield);
    if (!mf) {
        log_error("mud field: out of memory");
        return NULL;
    }
    mf->terr = t;
    mf->nb = terrain_blocks_per_side(t);
    mf->max_sink = d.max_sink > 0 ? d.max_sink : 0.5f;
    mf->softness_scale = 1.0f;
    mf->berm_width = d.berm_width > 0 ? d.berm_width : 0.6f;
    mf->blocks = calloc((size_t)mf->nb * mf->nb, sizeof *mf->blocks);
    if (!mf->blocks) {
        log_error("mud field: out of memory for %d x %d blocks", mf->nb, mf->nb);
        free(mf);
        return NULL;
    }
    return mf;
}

void mudfield_destroy(mudfield *mf)
{
    if (!mf) return;
    for (int i = 0; i < mf->nb * mf->nb; i++) free(mf->blocks[i]);
    free(mf->blocks);
    free(mf->scratch);
    free(mf->slump_tmp);
    free(mf);
}

const terrain *mudfield_terrain(const mudfield *mf) { return mf->terr; }

static mud_block *block_at(const mudfield *mf, int bx, int bz)
{
    if (bx < 0 || bz < 0 || bx >= mf->nb || bz >= mf->nb) return NULL;
    return mf->blocks[bz * mf->nb + bx];
}

/* First allocated block holding the texel, or NULL; *idx receives the texel index inside it. */
static mud_block *find_texel(const mudfield *mf, int gx, int gz, int *idx)
{
    int xs[2], zs[2], nx = holders(gx, mf->nb, xs), nz = holders(gz, mf->nb, zs);
    for (int a = 0; a < nz; a++)
        for (int b = 0; b < nx; b++) {
            mud_block *blk = block_at(mf, xs[b], zs[a]);
            if (blk) {
                *idx = (gz - zs[a] * SEG) * RES + (gx - xs[b] * SEG);
                return blk;
            }
        }
    return NULL;
}

void mudfield__mark_dirty(mud_block *b, int i, int j)
{
    if (!b->is_dirty) {
        b->dirty = (mudfield_rect){i, j, i, j};
        b->is_dirty = true;
        return;
    }
    if (i < b->dirty.x0) b->dirty.x0 = i;
    if (i > b->dirty.x1) b->dirty.x1 = i;
    if (j < b->dirty.y0) b->dirty.y0 = j;
    if (j > b->dirty.y1) b->dirty.y1 = j;
}

static mud_block *ensure_block(mudfield *mf, int bx, int bz)
{
    mud_block *b = block_at(mf, bx, bz);
    if (b || !terrain_block_has_mud(mf->terr, bx, bz)) return b;
    b = calloc(1, sizeof *b);
    if (!b) { /* the block stays untouched mud: stamps pass over it */
        long n = ++mf->block_failures;
        if (!(n & (n - 1))) log_error("mud field: out of memory for block %d %d (failure %ld)", bx, bz, n);
        return NULL;
    }
    for (int k = 0; k < TEXELS; k++) { /* untouched */
        memcpy(b->px[k], (uint8_t[4]){0, 128, 128, 0}, 4);
        b->h[k] = MUDFIELD_HEIGHT_ZERO;
    }
    /* Adopt the shared border texels that allocated neighbours already changed. */
    for (int j = 0; j < RES; j++)
        for (int i = 0; i < RES; i += (j == 0 || j == SEG) ? 1 : SEG) {
            int idx;
            mud_block *src = find_texel(mf, bx * SEG + i, bz * SEG + j, &idx);
            if (!src) continue;
            memcpy(b->px[j * RES + i], src->px[idx], 4);
            b->h[j * RES + i] = src->h[idx];
        }
    mf->blocks[bz * mf->nb + bx] = b;
    mf->allocated++;
    return b;
}

bool mudfield__texel_exists(mudfield *mf, int gx, int gz)
{
    int xs[2], zs[2], nx = holders(gx, mf->nb, xs), nz = holders(gz, mf->nb, zs);
    bool any = false;
    for (int a = 0; a < nz; a++)
        for (int b = 0; b < nx; b++) any |= ensure_block(mf, xs[b], zs[a]) != NULL;
    return any;
}

void mudfield__write_texel(mudfield *mf, const stamp_texel *t)
{
    int xs[2], zs[2], nx = holders(t->gx, mf->nb, xs), nz = holders(t->gz, mf->nb, zs);
    for (int a = 0; a < nz; a++)
        for (int b = 0; b < nx; b++) {
            mud_block *blk = block_at(mf, xs[b], zs[a]);
            if (!blk) continue;
            int i = t->gx - xs[b] * SEG, j = t->gz - zs[a] * SEG, k = j * RES + i;
            uint8_t q[4];
            mudfield_pack_texel(t->tread, t->slide, t->track, q);
            uint16_t h16 = mudfield_pack_height16(t->h);
            if (!memcmp(blk->px[k], q, 4) && blk->h[k] == h16) continue;
            if (blk->h[k] != h16) blk->unsettled = true;
            memcpy(blk->px[k], q, 4);
            blk->h[k] = h16;
            mudfield__mark_dirty(blk, i, j);
        }
}

void mudfield__read_texel(const mudfield *mf, stamp_texel *t)
{
    int idx;
    const mud_block *b = find_texel(mf, t->gx, t->gz, &idx);
    assert(b);
    const uint8_t *q = b->px[idx];
    t->h = mudfield_unpack_height16(b->h[idx]);
    t->slide[0] = mudfield_unpack_slide(q[1]);
    t->slide[1] = mudfield_unpack_slide(q[2]);
    t->track = (float)q[3] / 255.0f;
    t->tread = q[0];
}

stamp_texel *mudfield__scratch_push(mudfield *mf, int *n)
{
    if (*n == mf->scratch_cap) {
        /* grows to the largest stamp once, then never again */
        int cap = mf->scratch_cap ? mf->scratch_cap * 2 : 1024;
        stamp_texel *grown = realloc(mf->scratch, (size_t)cap * sizeof *mf->scratch);
        if (!grown) {
            log_error("mud field: out of memory for a stamp of %d texels", cap);
            return NULL;
        }
        mf->scratch = grown;
        mf->scratch_cap = cap;
    }
    return &mf->scratch[(*n)++];
}

float mudfield_floor_height(const mudfield *mf, float x, float z)
{
    terrain_sample s;
    terrain_sample_at(mf->terr, x, z, &s);
    return s.height - mf->max_sink * s.softness * mf->softness_scale * s.mud;
}

void mudfield_set_depth(mudfield *mf, float max_sink, float softness_scale)
{
    assert(max_sink > 0.0f && softness_scale >= 0.0f);
    mf->max_sink = max_sink;
    mf->softness_scale = softness_scale;
}

void mudfield_dry(mudfield *mf, int levels)
{
    if (levels <= 0) return;
    for (int k = 0; k < mf->nb * mf->nb; k++) {
        mud_block *b = mf->blocks[k];
        if (!b) continue;
        for (int i = 0; i < TEXELS; i++) {
            uint8_t a = b->px[i][3], d = mudfield_dry_byte(a, levels);
            if (d == a) continue;
            b->px[i][3] = d;
            mudfield__mark_dirty(b, i % RES, i / RES);
        }
    }
}

float mudfield_mud_height(const mudfield *mf, float x, float z)
{
    int gmax = mf->nb * SEG;
    float fx = clampf(x / MUDFIELD_SPACING, 0.0f, (float)gmax), fz = clampf(z / MUDFIELD_SPACING, 0.0f, (float)gmax);
    int i0 = (int)fx, j0 = (int)fz;
    if (i0 > gmax - 1) i0 = gmax - 1;
    if (j0 > gmax - 1) j0 = gmax - 1;
    float u = fx - (float)i0, v = fz - (float)j0, h[4];
    for (int k = 0; k < 4; k++) {
        int idx;
        const mud_block *b = find_texel(mf, i0 + (k & 1), j0 + (k >> 1), &idx);
        h[k] = b ? mudfield_unpack_height16(b->h[idx]) : 0.0f;
    }
    return (h[0] + (h[1] - h[0]) * u) * (1.0f - v) + (h[2] + (h[3] - h[2]) * u) * v;
}

float mudfield_surface_height(const mudfield *mf, float x, float z)
{
    return terrain_height(mf->terr, x, z) + mudfield_mud_height(mf, x, z);
}

void mudfield_surface_normal(const mudfield *mf, float x, float z, float out[3])
{
    const float e = MUDFIELD_SPACING;
    float hx = mudfield_surface_height(mf, x + e, z) - mudfield_surface_height(mf, x - e, z);
    float hz = mudfield_surface_height(mf, x, z + e) - mudfield_surface_height(mf, x, z - e);
    float nx = -hx, ny = 2.0f * e, nz = -hz, len = sqrtf(nx * nx + ny * ny + nz * nz);
    out[0] = nx / len;
    out[1] = ny / len;
    out[2] = nz / len;
}

const uint8_t *mudfield_block_texels(const mudfield *mf, int bx, int bz)
{
    const mud_block *b = block_at(mf, bx, bz);
    return b ? &b->px[0][0] : NULL;
}

const uint16_t *mudfield_block_heights(const mudfield *mf, int bx, int bz)
{
    const mud_block *b = block_at(mf, bx, bz);
    return b ? b->h : NULL;
}

bool mudfield_block_allocated(const mudfield *mf, int bx, int bz) { return block_at(mf, bx, bz) != NULL; }
int mudfield_blocks_allocated(const mudfield *mf) { return mf->allocated; }

size_t mudfield_memory_bytes(const mudfield *mf)
{
    return sizeof *mf + (size_t)mf->nb * mf->nb * sizeof *mf->blocks + (size_t)mf->allocated * sizeof(mud_block) +
           (size_t)mf->scratch_cap * sizeof(stamp_texel);
}

double mudfield_volume(const mudfield *mf)
{
    double sum = 0.0;
    for (int bz = 0; bz < mf->nb; bz++)
        for (int bx = 0; bx < mf->nb; bx++) {
            const mud_block *b = block_at(mf, bx, bz);
            if (!b) continue;
            for (int j = 0; j < RES; j++)
                for (int i = 0; i < RES; i++) {
                    int idx;
                    /* count a shared texel only in the block find_texel would pick */
                    if (find_texel(mf, bx * SEG + i, bz * SEG + j, &idx) != b) continue;
                    sum += mudfield_unpack_height16(b->h[j * RES + i]);
                }
        }
    return sum * MUDFIELD_SPACING * MUDFIELD_SPACING;
}

bool mudfield_peek_dirty(const mudfield *mf, int bx, int bz, mudfield_rect *out)
{
    const mud_block *b = block_at(mf, bx, bz);
    if (!b || !b->is_dirty) return false;
    *out = b->dirty;
    return true;
}

bool mudfield_take_dirty(mudfield *mf, int bx, int bz, mudfield_rect *out)
{
    mud_block *b = block_at(mf, bx, bz);
    if (!b || !b->is_dirty) return false;
    *out = b->dirty;
    b->is_dirty = false;
    return true;
}

void mudfield_pack_texel(uint8_t tread, const float slide[2], float track, uint8_t out[4])
{
    out[0] = tread;
    for (int c = 0; c < 2; c++)
        out[1 + c] = (uint8_t)(128 + (int)floorf(clampf(slide[c] / MUDFIELD_SLIDE_MAX, -1.0f, 1.0f) * 127.0f + 0.5f));
    out[3] = (uint8_t)floorf(clampf(track, 0.0f, 1.0f) * 255.0f + 0.5f);
}

uint8_t mudfield_height_byte(uint16_t h16)
{
    /* rounded to 1 cm, ties up, in integers */
    int hc = (int)h16 - MUDFIELD_HEIGHT_ZERO + 5, r = hc >= 0 ? hc / 10 : -((9 - hc) / 10);
    return (uint8_t)(128 + (r < -128 ? -128 : r > 127 ? 127 : r));
}

void mudfield_pack(const mudfield *mf, int bx, int bz, const mudfield_rect *r, uint8_t *out)
{
    const mud_block *b = block_at(mf, bx, bz);
    assert(b && r->x0 >= 0 && r->y0 >= 0 && r->x1 < RES && r->y1 < RES && r->x0 <= r->x1 && r->y0 <= r->y1);
    for (int j = r->y0; j <= r->y1; j++) {
        size_t n = (size_t)(r->x1 - r->x0 + 1) * 4;
        memcpy(out, b->px[j * RES + r->x0], n);
        out += n;
    }
}

void mudfield_pack_heights(const mudfield *mf, int bx, int bz, const mudfield_rect *r, uint8_t *out)
{
    const mud_block *b = block_at(mf, bx, bz);
    assert(b && r->x0 >= 0 && r->y0 >= 0 && r->x1 < RES && r->y1 < RES && r->x0 <= r->x1 && r->y0 <= r->y1);
    for (int j = r->y0; j <= r->y1; j++)
        for (int i = r->x0; i <= r->x1; i++) {
            *out++ = (uint8_t)(b->h[j * RES + i] >> 8);
            *out++ = (uint8_t)(b->h[j * RES + i] & 255);
        }
}

uint16_t mudfield_pack_height16(float height)
{
    return (uint16_t)(MUDFIELD_HEIGHT_ZERO + (int)clampf(floorf(height * (1.0f / MUDFIELD_HEIGHT_STEP) + 0.5f), -32768.0f, 32767.0f));
}

float mudfield_unpack_height16(uint16_t h) { return ((float)h - (float)MUDFIELD_HEIGHT_ZERO) * MUDFIELD_HEIGHT_STEP; }
float mudfield_unpack_height(uint8_t r) { return ((float)r - 128.0f) * MUDFIELD_R_STEP; }
float mudfield_unpack_slide(uint8_t g) { return ((float)g - 128.0f) / 127.0f * MUDFIELD_SLIDE_MAX; }
