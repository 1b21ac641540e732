#include "core/mud/mudfield.h"
#include "core/base/alloc.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define RES MUDFIELD_RES
#define SEG (MUDFIELD_RES - 1)
#define TEXELS (RES * RES)

typedef struct mud_block {
    float h[TEXELS];
    float slide[TEXELS][2];
    float track[TEXELS];
    mudfield_rect dirty;
    bool is_dirty;
} mud_block;

/* One texel the current stamp touches: global coordinates and its new values. */
typedef struct stamp_texel {
    int gx, gz;
    float h, slide[2], track;
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
};

static float clampf(float v, float lo, float hi) { return v < lo ? lo : v > hi ? hi : v; }

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
    if (!mf) abort();
    mf->terr = t;
    mf->nb = terrain_blocks_per_side(t);
    mf->max_sink = d.max_sink > 0 ? d.max_sink : 0.5f;
    mf->softness_scale = 1.0f;
    mf->berm_width = d.berm_width > 0 ? d.berm_width : 0.45f;
    mf->blocks = calloc((size_t)mf->nb * mf->nb, sizeof *mf->blocks);
    if (!mf->blocks) abort();
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
    if (!b) abort();
    /* Adopt the shared border texels that allocated neighbours already changed. */
    for (int j = 0; j < RES; j++)
        for (int i = 0; i < RES; i += (j == 0 || j == SEG) ? 1 : SEG) {
            int idx;
            mud_block *src = find_texel(mf, bx * SEG + i, bz * SEG + j, &idx);
            if (!src) continue;
            int k = j * RES + i;
            b->h[k] = src->h[idx];
            b->slide[k][0] = src->slide[idx][0];
            b->slide[k][1] = src->slide[idx][1];
            b->track[k] = src->track[idx];
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
            if (blk->h[k] == t->h && blk->slide[k][0] == t->slide[0] && blk->slide[k][1] == t->slide[1] &&
                blk->track[k] == t->track)
                continue;
            blk->h[k] = t->h;
            blk->slide[k][0] = t->slide[0];
            blk->slide[k][1] = t->slide[1];
            blk->track[k] = t->track;
            mark_dirty(blk, i, j);
        }
}

static void read_texel(const mudfield *mf, stamp_texel *t)
{
    int idx;
    const mud_block *b = find_texel(mf, t->gx, t->gz, &idx);
    assert(b);
    t->h = b->h[idx];
    t->slide[0] = b->slide[idx][0];
    t->slide[1] = b->slide[idx][1];
    t->track = b->track[idx];
}

static stamp_texel *scratch_push(mudfield *mf, int *n)
{
    if (*n == mf->scratch_cap) {
        /* grows to the largest stamp once, then never again */
        mf->scratch_cap = mf->scratch_cap ? mf->scratch_cap * 2 : 1024;
        mf->scratch = realloc(mf->scratch, (size_t)mf->scratch_cap * sizeof *mf->scratch);
        if (!mf->scratch) abort();
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

float mudfield_stamp(mudfield *mf, const mudfield_wheel *w)
{
    assert(w->radius > 0 && w->width > 0);
    if (!(w->penetration > 0)) return 0.0f;
    float fl = sqrtf(w->forward[0] * w->forward[0] + w->forward[1] * w->forward[1]);
    assert(fl > 0);
    float fx = w->forward[0] / fl, fz = w->forward[1] / fl, sx = fz, sz = -fx; /* side = forward x up */
    float p = fminf(w->penetration, w->radius);
    float half_len = sqrtf(fmaxf(2.0f * w->radius * p - p * p, 0.0f)) + 0.5f * MUDFIELD_SPACING;
    float half_w = 0.5f * w->width, bw = mf->berm_width;
    float reach = sqrtf(half_len * half_len + half_w * half_w) + bw;
    int gmax = mf->nb * SEG;
    int gx0 = (int)floorf((w->center[0] - reach) / MUDFIELD_SPACING), gx1 = (int)ceilf((w->center[0] + reach) / MUDFIELD_SPACING);
    int gz0 = (int)floorf((w->center[2] - reach) / MUDFIELD_SPACING), gz1 = (int)ceilf((w->center[2] + reach) / MUDFIELD_SPACING);
    gx0 = gx0 < 0 ? 0 : gx0; gz0 = gz0 < 0 ? 0 : gz0;
    gx1 = gx1 > gmax ? gmax : gx1; gz1 = gz1 > gmax ? gmax : gz1;

    /* Pass 1: texels under the wheel go down to the tyre (or the hard floor), volume collected.
     * The edge is anti-aliased: texels up to EDGE_RAMP outside the contact patch go down to a
     * shoulder that rises with the distance, so the rut wall is a slope over ~2 texels instead of
     * a one-texel cliff whose position jumps a whole texel as the wheel drifts (the saw-tooth
     * along the ruts). */
    int n = 0;
    double volume = 0.0;
    for (int gz = gz0; gz <= gz1; gz++)
        for (int gx = gx0; gx <= gx1; gx++) {
            float x = (float)gx * MUDFIELD_SPACING, z = (float)gz * MUDFIELD_SPACING;
            float dx = x - w->center[0], dz = z - w->center[2];
            float u = dx * fx + dz * fz, v = dx * sx + dz * sz;
            float cover = edge_coverage(fmaxf(fabsf(u) - half_len, 0.0f), fmaxf(fabsf(v) - half_w, 0.0f));
            if (cover <= 0.0f || !texel_exists(mf, gx, gz)) continue;
            stamp_texel *t = scratch_push(mf, &n);
            t->gx = gx;
            t->gz = gz;
            read_texel(mf, t);
            float base = terrain_height(mf->terr, x, z);
            float tyre = w->center[1] - sqrtf(fmaxf(w->radius * w->radius - u * u, 0.0f));
            /* outside the patch the target rises with the tyre's rounded shoulder to the untouched
             * level (at least the base, also for a wheel following a rut): a fixed shape, so repeated
             * stamps do not dig the edge deeper */
            float target = fmaxf(tyre, mudfield_floor_height(mf, x, z)) - base;
            target += (1.0f - cover) * (fmaxf(target + p, 0.0f) - target);
            if (t->h > target) {
                volume += t->h - target;
                t->h = target;
            }
            t->track = fmaxf(t->track, cover);
            /* A spinning tyre drags the surface backwards against its slip, most under the middle of
             * the patch: a texel's drag summed over consecutive stamps then barely depends on where
             * the stamps fell, so neighbouring rows do not slide apart (jagged rut floor). */
            float mid = 1.0f - fminf(fabsf(u) / (half_len + EDGE_RAMP), 1.0f);
            float drag = w->slip * 0.02f * cover * 2.0f * mid;
            t->slide[0] = clampf(t->slide[0] - fx * drag, -MUDFIELD_SLIDE_MAX, MUDFIELD_SLIDE_MAX);
            t->slide[1] = clampf(t->slide[1] - fz * drag, -MUDFIELD_SLIDE_MAX, MUDFIELD_SLIDE_MAX);
        }
    int footprint = n;

    /* Pass 2: berms around the footprint, weighted to the sides and the direction of travel. */
    double wsum = 0.0;
    float speed = sqrtf(w->velocity[0] * w->velocity[0] + w->velocity[1] * w->velocity[1]);
    for (int gz = gz0; gz <= gz1; gz++)
        for (int gx = gx0; gx <= gx1; gx++) {
            float x = (float)gx * MUDFIELD_SPACING, z = (float)gz * MUDFIELD_SPACING;
            float dx = x - w->center[0], dz = z - w->center[2];
            float u = dx * fx + dz * fz, v = dx * sx + dz * sz;
            float du = fmaxf(fabsf(u) - half_len, 0.0f), dv = fmaxf(fabsf(v) - half_w, 0.0f);
            if (du == 0.0f && dv == 0.0f) continue; /* footprint */
            float d = sqrtf(du * du + dv * dv);
            if (d >= bw || !texel_exists(mf, gx, gz)) continue;
            float side = dv / (du + dv);
            float ahead = speed > 0.1f && (dx * w->velocity[0] + dz * w->velocity[1]) > 0 ? 0.6f : 0.25f;
            /* Beside the rut a rounded berm: it rises over the rut's shoulder, crests about halfway
             * out and falls to 0 at berm_width, its top two texels wide instead of a one-texel ridge
             * next to a cliff. Ahead and behind, the mud stays heaped against the tyre (the next
             * stamps bulldoze it on; a crest further out would sit where the truck measures the
             * mud it has to push, and stop it). */
            float r = d / bw, rise = 1.0f - edge_coverage(d, 0.0f);
            float wt = side * rise * 4.0f * r * (1.0f - r) + (1.0f - side) * ahead * (1.0f - r) * (1.0f - r);
            stamp_texel *t = scratch_push(mf, &n);
            t->gx = gx;
            t->gz = gz;
            read_texel(mf, t);
            t->slide[0] = wt; /* weight parked here until the sum is known */
            wsum += wt;
        }
    if (volume <= 0.0 || wsum <= 0.0) {
        /* nothing displaced (or nowhere to put it): only the track and slide of the footprint change */
        for (int k = 0; k < footprint; k++) {
            stamp_texel cur = mf->scratch[k];
            read_texel(mf, &cur);
            mf->scratch[k].h = cur.h;
            write_texel(mf, &mf->scratch[k]);
        }
        return 0.0f;
    }
    for (int k = 0; k < footprint; k++) write_texel(mf, &mf->scratch[k]);
    for (int k = footprint; k < n; k++) {
        stamp_texel *t = &mf->scratch[k];
        float wt = t->slide[0];
        read_texel(mf, t);
        float add = (float)(volume * wt / wsum);
        float x = (float)t->gx * MUDFIELD_SPACING - w->center[0], z = (float)t->gz * MUDFIELD_SPACING - w->center[2];
        float len = sqrtf(x * x + z * z);
        t->h += add;
        if (len > 1e-6f) {
            /* the pushed mud slides outward, away from the tyre */
            t->slide[0] = clampf(t->slide[0] + x / len * add * 0.8f, -MUDFIELD_SLIDE_MAX, MUDFIELD_SLIDE_MAX);
            t->slide[1] = clampf(t->slide[1] + z / len * add * 0.8f, -MUDFIELD_SLIDE_MAX, MUDFIELD_SLIDE_MAX);
        }
        t->track = fmaxf(t->track, clampf(add * 20.0f, 0.0f, 0.6f));
        write_texel(mf, t);
    }
    return (float)(volume * MUDFIELD_SPACING * MUDFIELD_SPACING);
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
        h[k] = b ? b->h[idx] : 0.0f;
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

const float *mudfield_block_heights(const mudfield *mf, int bx, int bz)
{
    const mud_block *b = block_at(mf, bx, bz);
    return b ? b->h : NULL;
}

const float *mudfield_block_slide(const mudfield *mf, int bx, int bz)
{
    const mud_block *b = block_at(mf, bx, bz);
    return b ? &b->slide[0][0] : NULL;
}

const float *mudfield_block_track(const mudfield *mf, int bx, int bz)
{
    const mud_block *b = block_at(mf, bx, bz);
    return b ? b->track : NULL;
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
                    sum += b->h[j * RES + i];
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

void mudfield_pack_texel(float height, const float slide[2], float track, uint8_t out[4])
{
    long r = 128 + lrintf(height / MUDFIELD_HEIGHT_STEP);
    out[0] = (uint8_t)(r < 0 ? 0 : r > 255 ? 255 : r);
    for (int c = 0; c < 2; c++)
        out[1 + c] = (uint8_t)(128 + lrintf(clampf(slide[c] / MUDFIELD_SLIDE_MAX, -1.0f, 1.0f) * 127.0f));
    out[3] = (uint8_t)lrintf(clampf(track, 0.0f, 1.0f) * 255.0f);
}

void mudfield_pack(const mudfield *mf, int bx, int bz, const mudfield_rect *r, uint8_t *out)
{
    const mud_block *b = block_at(mf, bx, bz);
    assert(b && r->x0 >= 0 && r->y0 >= 0 && r->x1 < RES && r->y1 < RES && r->x0 <= r->x1 && r->y0 <= r->y1);
    for (int j = r->y0; j <= r->y1; j++)
        for (int i = r->x0; i <= r->x1; i++) {
            int k = j * RES + i;
            mudfield_pack_texel(b->h[k], b->slide[k], b->track[k], out);
            out += 4;
        }
}

float mudfield_unpack_height(uint8_t r) { return ((float)r - 128.0f) * MUDFIELD_HEIGHT_STEP; }
float mudfield_unpack_slide(uint8_t g) { return ((float)g - 128.0f) / 127.0f * MUDFIELD_SLIDE_MAX; }
