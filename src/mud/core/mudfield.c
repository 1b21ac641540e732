#include "mud/core/mudfield.h"
#include "base/alloc.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "base/mathx.h"

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
};

/* Width of the anti-aliased rut edge outside the contact patch (metres, 1.25 texels). */
#define EDGE_RAMP (1.25f * MUDFIELD_SPACING)

/* How much of a texel at distances (du, dv) outside the contact patch the tyre covers: 1 inside,
 * falling smoothly (smoothstep) to 0 at EDGE_RAMP. */
static float edge_coverage(float du, float dv)
{
    float t = 1.0f - clampf(sqrtf(du * du + dv * dv) / EDGE_RAMP, 0.0f, 1.0f);
    return t * t * (3.0f - 2.0f * t);
}

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
    free(mf);
}

const terrain *mudfield_terrain(const mudfield *mf) { return mf->terr; }

static mud_block *block_at(const mudfield *mf, int bx, int bz)
{
    if (bx < 0 || bz < 0 || bx >= mf->nb || bz >= mf->nb) return NULL;
    return mf->blocks[bz * mf->nb + bx];
}

/* The blocks holding global texel g along one axis: g / SEG, and g / SEG - 1 on a shared border. */
static int holders(int g, int nb, int out[2])
{
    int n = 0, b = g / SEG;
    if (b < nb) out[n++] = b;
    if (g % SEG == 0 && b > 0) out[n++] = b - 1;
    return n;
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

static void mark_dirty(mud_block *b, int i, int j)
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

/* A global texel exists when some block holding it has mud (allocating its field on demand). */
static bool texel_exists(mudfield *mf, int gx, int gz)
{
    int xs[2], zs[2], nx = holders(gx, mf->nb, xs), nz = holders(gz, mf->nb, zs);
    bool any = false;
    for (int a = 0; a < nz; a++)
        for (int b = 0; b < nx; b++) any |= ensure_block(mf, xs[b], zs[a]) != NULL;
    return any;
}

static void write_texel(mudfield *mf, const stamp_texel *t)
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
            memcpy(blk->px[k], q, 4);
            blk->h[k] = h16;
            mark_dirty(blk, i, j);
        }
}

static void read_texel(const mudfield *mf, stamp_texel *t)
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

static stamp_texel *scratch_push(mudfield *mf, int *n)
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

/* The grid every stored value lies on (16-bit height, RGBA8 slide and track); the GPU's
 * shaders/mud_stamp.frag rounds the same way (floor(x + 0.5), not lrintf's ties-to-even). */
static float snap_height(float h)
{
    return clampf(floorf(h * (1.0f / MUDFIELD_HEIGHT_STEP) + 0.5f), -32768.0f, 32767.0f) * MUDFIELD_HEIGHT_STEP;
}
static float snap_slide(float s)
{
    return floorf(clampf(s / MUDFIELD_SLIDE_MAX, -1.0f, 1.0f) * 127.0f + 0.5f) / 127.0f * MUDFIELD_SLIDE_MAX;
}
static float snap_track(float t) { return floorf(clampf(t, 0.0f, 1.0f) * 255.0f + 0.5f) / 255.0f; }
/* A dry track's blend b (0..1) as the track byte / 255 (0..127), and what a tyre's cover leaves:
 * fresh (255) where it bears, else a dry blend. */
static float dry_blend(float b) { return floorf(clampf(b, 0.0f, 1.0f) * 127.0f + 0.5f) / 255.0f; }
static float stamp_track(float cover) { return cover >= 0.5f ? 1.0f : dry_blend(cover); }

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
            mark_dirty(b, i % RES, i / RES);
        }
    }
}

bool mudfield_texel_has_mud(const mudfield *mf, int gx, int gz)
{
    int xs[2], zs[2], nx = holders(gx, mf->nb, xs), nz = holders(gz, mf->nb, zs);
    for (int a = 0; a < nz; a++)
        for (int b = 0; b < nx; b++)
            if (terrain_block_has_mud(mf->terr, xs[b], zs[a])) return true;
    return false;
}

/* Where texel (gx, gz) lies against the contact patch: u along, v across the wheel. */
static void geom_uv(const mudfield_stamp_geom *g, int gx, int gz, float *dx, float *dz, float *u, float *v)
{
    *dx = (float)gx * MUDFIELD_SPACING - g->w.center[0];
    *dz = (float)gz * MUDFIELD_SPACING - g->w.center[2];
    *u = *dx * g->fwd[0] + *dz * g->fwd[1];
    *v = *dx * g->side[0] + *dz * g->side[1];
}

/* Berm weight: beside the rut a rounded ridge that rises over the rut's shoulder, crests about
 * halfway out and falls to 0 at berm_width (its top two texels wide); ahead and behind the mud
 * stays heaped against the tyre (the next stamps bulldoze it on; a crest further out would sit
 * where the truck measures the mud it has to push, and stop it). 0 in the patch, past the berm
 * and where no block has mud. */
static float berm_weight(const mudfield *mf, const mudfield_stamp_geom *g, int gx, int gz)
{
    float dx, dz, u, v;
    geom_uv(g, gx, gz, &dx, &dz, &u, &v);
    float du = fmaxf(fabsf(u) - g->half_len, 0.0f), dv = fmaxf(fabsf(v) - g->half_w, 0.0f);
    if ((du == 0.0f && dv == 0.0f) || du >= g->berm_width || dv >= g->berm_width) return 0.0f; /* d >= either */
    float d = sqrtf(du * du + dv * dv);
    if (d >= g->berm_width || !mudfield_texel_has_mud(mf, gx, gz)) return 0.0f;
    float side = dv / (du + dv);
    float ahead = g->speed > 0.1f && (dx * g->w.velocity[0] + dz * g->w.velocity[1]) > 0.0f ? 0.6f : 0.25f;
    float r = d / g->berm_width, t = clampf((d - EDGE_RAMP) / (g->berm_width - EDGE_RAMP), 0.0f, 1.0f);
    return side * 16.0f * t * t * (1.0f - t) * (1.0f - t) + (1.0f - side) * ahead * (1.0f - r) * (1.0f - r);
}

bool mudfield_stamp_layout(const mudfield *mf, const mudfield_wheel *w, mudfield_stamp_geom *g)
{
    assert(w->radius > 0 && w->width > 0);
    if (!(w->penetration > 0)) return false;
    float fl = sqrtf(w->forward[0] * w->forward[0] + w->forward[1] * w->forward[1]);
    assert(fl > 0);
    memset(g, 0, sizeof *g);
    g->w = *w;
    g->fwd[0] = w->forward[0] / fl;
    g->fwd[1] = w->forward[1] / fl;
    g->side[0] = g->fwd[1]; /* forward x up */
    g->side[1] = -g->fwd[0];
    float p = fminf(w->penetration, w->radius);
    g->pen = p;
    g->half_len = sqrtf(fmaxf(2.0f * w->radius * p - p * p, 0.0f)) + 0.5f * MUDFIELD_SPACING;
    g->half_w = 0.5f * w->width;
    g->berm_width = mf->berm_width;
    g->max_sink = mf->max_sink * mf->softness_scale; /* the hard floor's depth, as mudfield_floor finds it */
    g->speed = sqrtf(w->velocity[0] * w->velocity[0] + w->velocity[1] * w->velocity[1]);
    g->tread_inv = w->tread_spacing > 0.0f && w->tread_depth > 0.0f ? 1.0f / w->tread_spacing : 0.0f;
    /* the bounds of the turned contact patch grown by the berm: every texel within berm_width of it */
    float rx = fabsf(g->fwd[0]) * g->half_len + fabsf(g->side[0]) * g->half_w + g->berm_width;
    float rz = fabsf(g->fwd[1]) * g->half_len + fabsf(g->side[1]) * g->half_w + g->berm_width;
    int gmax = mf->nb * SEG;
    g->gx0 = (int)floorf((w->center[0] - rx) / MUDFIELD_SPACING);
    g->gx1 = (int)ceilf((w->center[0] + rx) / MUDFIELD_SPACING);
    g->gz0 = (int)floorf((w->center[2] - rz) / MUDFIELD_SPACING);
    g->gz1 = (int)ceilf((w->center[2] + rz) / MUDFIELD_SPACING);
    g->gx0 = g->gx0 < 0 ? 0 : g->gx0;
    g->gz0 = g->gz0 < 0 ? 0 : g->gz0;
    g->gx1 = g->gx1 > gmax ? gmax : g->gx1;
    g->gz1 = g->gz1 > gmax ? gmax : g->gz1;
    /* a wheel wider than any truck's is cut to the largest rectangle the GPU scratch holds */
    if (g->gx1 - g->gx0 >= MUDFIELD_STAMP_MAX) g->gx1 = g->gx0 + MUDFIELD_STAMP_MAX - 1;
    if (g->gz1 - g->gz0 >= MUDFIELD_STAMP_MAX) g->gz1 = g->gz0 + MUDFIELD_STAMP_MAX - 1;
    if (g->gx1 < g->gx0 || g->gz1 < g->gz0) return false;
    /* the blocks holding the rectangle's texels start one block before the first's, on a border */
    g->mud_bx = g->gx0 > 0 ? (g->gx0 - 1) / SEG : 0;
    g->mud_bz = g->gz0 > 0 ? (g->gz0 - 1) / SEG : 0;
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < 3; i++) g->mud_mask |= terrain_block_has_mud(mf->terr, g->mud_bx + i, g->mud_bz + j) << (j * 3 + i);
    float acc = 0.0f;
    for (int gz = g->gz0; gz <= g->gz1; gz++) {
        g->row_prefix[gz - g->gz0] = acc;
        float row = 0.0f;
        for (int gx = g->gx0; gx <= g->gx1; gx++) row += berm_weight(mf, g, gx, gz);
        acc = g->row_prefix[gz - g->gz0] + row;
    }
    g->row_prefix[g->gz1 - g->gz0 + 1] = acc;
    return true;
}

static float geom_cover(const mudfield_stamp_geom *g, int gx, int gz, float *u_out, float *v_out)
{
    float dx, dz, u, v;
    geom_uv(g, gx, gz, &dx, &dz, &u, &v);
    *u_out = u;
    *v_out = v;
    float du = fmaxf(fabsf(u) - g->half_len, 0.0f), dv = fmaxf(fabsf(v) - g->half_w, 0.0f);
    if (du >= EDGE_RAMP || dv >= EDGE_RAMP) return 0.0f; /* what edge_coverage gives there, without the sqrt */
    return edge_coverage(du, dv);
}

uint8_t mudfield_tread_byte(const mudfield_stamp_geom *g, float u, float v)
{
    float x = (u + g->w.tread_phase + MUDFIELD_TREAD_CHEVRON * fabsf(v)) * g->tread_inv;
    float q = floorf((x - floorf(x)) * 255.0f);
    return (uint8_t)(1 + (int)clampf(q, 0.0f, 254.0f));
}

/* The height a footprint texel goes down to (metres over the base, on the 1 mm grid). Texels
 * under the tyre go to its cylinder, never below the hard floor. The edge is anti-aliased: up to
 * EDGE_RAMP outside the patch the target rises along a shoulder to the untouched level (at least
 * the base, also for a wheel following a rut), a fixed shape, so repeated stamps do not dig the
 * edge deeper and the rut wall is a slope over ~2 texels instead of a one-texel cliff whose
 * position jumps a whole texel as the wheel drifts (the saw-tooth along the ruts). */
static float footprint_target(const mudfield *mf, const mudfield_stamp_geom *g, int gx, int gz, float u, float v, float cover)
{
    (void)v; /* the tyre is a cylinder: its height varies along u only */
    float x = (float)gx * MUDFIELD_SPACING, z = (float)gz * MUDFIELD_SPACING;
    terrain_sample s;
    terrain_sample_at(mf->terr, x, z, &s);
    float floor_rel = -(g->max_sink * s.softness * s.mud);
    float tyre = g->w.center[1] - sqrtf(fmaxf(g->w.radius * g->w.radius - u * u, 0.0f)) - s.height;
    float target = fmaxf(tyre, floor_rel);
    target += (1.0f - cover) * (fmaxf(target + g->pen, 0.0f) - target);
    return snap_height(target);
}

float mudfield_stamp(mudfield *mf, const mudfield_wheel *w)
{
    mudfield_stamp_geom g;
    return mudfield_stamp_layout(mf, w, &g) ? mudfield_stamp_geom_apply(mf, &g) : 0.0f;
}

float mudfield_stamp_geom_apply(mudfield *mf, const mudfield_stamp_geom *gp)
{
    const mudfield_stamp_geom g = *gp;
    /* Pass 1 (the GPU's sum pass): whole height steps the tyre removes. */
    float targets[MUDFIELD_STAMP_MAX * MUDFIELD_STAMP_MAX]; /* footprint targets, kept for pass 2 */
    const int tw = g.gx1 - g.gx0 + 1;
    int removed = 0;
    for (int gz = g.gz0; gz <= g.gz1; gz++)
        for (int gx = g.gx0; gx <= g.gx1; gx++) {
            float u, v, cover = geom_cover(&g, gx, gz, &u, &v);
            if (cover <= 0.0f || !texel_exists(mf, gx, gz)) continue;
            stamp_texel t = {.gx = gx, .gz = gz};
            read_texel(mf, &t);
            float target = footprint_target(mf, &g, gx, gz, u, v, cover);
            targets[(gz - g.gz0) * tw + gx - g.gx0] = target;
            if (t.h > target) removed += (int)lrintf((t.h - target) * (1.0f / MUDFIELD_HEIGHT_STEP));
        }
    /* Pass 2 (the GPU's stamp pass): every texel from its own old value, the removed steps and
     * the berm weights before it; nothing depends on a texel written in this pass. */
    float wsum = g.row_prefix[g.gz1 - g.gz0 + 1];
    bool lower = removed > 0 && wsum > 0.0f; /* nowhere to put the mud: only track and slide */
    int n = 0;
    for (int gz = g.gz0; gz <= g.gz1; gz++) {
        float pex = g.row_prefix[gz - g.gz0];
        for (int gx = g.gx0; gx <= g.gx1; gx++) {
            float u, v, cover = geom_cover(&g, gx, gz, &u, &v), wt = berm_weight(mf, &g, gx, gz);
            float pin = pex + wt;
            if ((cover > 0.0f || wt > 0.0f) && texel_exists(mf, gx, gz)) {
                stamp_texel *t = scratch_push(mf, &n);
                if (!t) return 0.0f; /* logged; nothing written: the field stays as it was */
                t->gx = gx;
                t->gz = gz;
                read_texel(mf, t);
                if (cover > 0.0f) {
                    if (lower) t->h = fminf(t->h, targets[(gz - g.gz0) * tw + gx - g.gx0]);
                    t->track = fmaxf(t->track, stamp_track(cover));
                    /* the tread is not in the heights: where the tyre bears, the texel keeps its lug
                     * coordinate and the mud's shader draws the print from it between the texels */
                    if (g.tread_inv > 0.0f && cover >= 0.5f) t->tread = mudfield_tread_byte(&g, u, v);
                    /* A spinning tyre drags the surface backwards against its slip, most under the
                     * middle of the patch: a texel's drag summed over consecutive stamps then barely
                     * depends on where the stamps fell, so neighbouring rows do not slide apart. */
                    float mid = 1.0f - fminf(fabsf(u) / (g.half_len + EDGE_RAMP), 1.0f);
                    float drag = g.w.slip * 0.02f * cover * 2.0f * mid;
                    t->slide[0] = clampf(t->slide[0] - g.fwd[0] * drag, -MUDFIELD_SLIDE_MAX, MUDFIELD_SLIDE_MAX);
                    t->slide[1] = clampf(t->slide[1] - g.fwd[1] * drag, -MUDFIELD_SLIDE_MAX, MUDFIELD_SLIDE_MAX);
                }
                if (wt > 0.0f && lower) {
                    /* this texel's share: the whole steps between the rounded shares before and
                     * after it, so the shares sum to exactly the removed steps */
                    float steps = floorf((float)removed * pin / wsum + 0.5f) - floorf((float)removed * pex / wsum + 0.5f);
                    float add = steps * MUDFIELD_HEIGHT_STEP;
                    float dx = (float)gx * MUDFIELD_SPACING - g.w.center[0], dz = (float)gz * MUDFIELD_SPACING - g.w.center[2];
                    float len = sqrtf(dx * dx + dz * dz);
                    t->h += add;
                    if (len > 1e-6f) {
                        /* the pushed mud slides outward, away from the tyre */
                        t->slide[0] = clampf(t->slide[0] + dx / len * add * 0.8f, -MUDFIELD_SLIDE_MAX, MUDFIELD_SLIDE_MAX);
                        t->slide[1] = clampf(t->slide[1] + dz / len * add * 0.8f, -MUDFIELD_SLIDE_MAX, MUDFIELD_SLIDE_MAX);
                    }
                    t->track = fmaxf(t->track, dry_blend(fminf(add * 20.0f, 0.6f))); /* a berm: dry */
                }
                t->h = snap_height(t->h);
                t->slide[0] = snap_slide(t->slide[0]);
                t->slide[1] = snap_slide(t->slide[1]);
                t->track = snap_track(t->track);
            }
            pex = pin;
        }
    }
    for (int k = 0; k < n; k++) write_texel(mf, &mf->scratch[k]);
    return lower ? (float)removed * MUDFIELD_HEIGHT_STEP * MUDFIELD_SPACING * MUDFIELD_SPACING : 0.0f;
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
