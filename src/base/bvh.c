#include "base/bvh.h"
#include "base/alloc.h"

#include <assert.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"

typedef struct bvh_tri {
    float p0[3], e1[3], e2[3];
    int id, tag;
} bvh_tri;

typedef struct bvh_node {
    float lo[3], hi[3];
    int start;  /* leaf: first triangle; inner: left child (right = start + 1) */
    int count;  /* 0 for inner nodes */
} bvh_node;

struct bvh {
    bvh_tri *tris;
    bvh_node *nodes;
    int tri_count, node_count, leaf_size;
};

enum { BINS = 12, STACK = 64 };

typedef struct build_ctx {
    bvh *b;
    float (*cent)[3];
    float (*lo)[3];
    float (*hi)[3];
    int *order;
} build_ctx;

static void box_grow(float lo[3], float hi[3], const float plo[3], const float phi[3])
{
    for (int k = 0; k < 3; k++) {
        lo[k] = fminf(lo[k], plo[k]);
        hi[k] = fmaxf(hi[k], phi[k]);
    }
}

static float box_area(const float lo[3], const float hi[3])
{
    float d[3] = {hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]};
    if (d[0] < 0) return 0;
    return 2.0f * (d[0] * d[1] + d[1] * d[2] + d[2] * d[0]);
}

static void build_node(build_ctx *c, int node, int first, int count, int depth)
{
    bvh *b = c->b;
    bvh_node *n = &b->nodes[node];
    float clo[3] = {FLT_MAX, FLT_MAX, FLT_MAX}, chi[3] = {-FLT_MAX, -FLT_MAX, -FLT_MAX};
    for (int k = 0; k < 3; k++) { n->lo[k] = FLT_MAX; n->hi[k] = -FLT_MAX; }
    for (int i = first; i < first + count; i++) {
        int t = c->order[i];
        box_grow(n->lo, n->hi, c->lo[t], c->hi[t]);
        box_grow(clo, chi, c->cent[t], c->cent[t]);
    }
    n->start = first;
    n->count = count;
    if (count <= b->leaf_size || depth >= STACK - 2) return;
    int axis = 0;
    for (int k = 1; k < 3; k++)
        if (chi[k] - clo[k] > chi[axis] - clo[axis]) axis = k;
    float ext = chi[axis] - clo[axis];
    if (ext <= 0.0f) return;
    /* Binned SAH: cost of each of the BINS-1 split planes, pick the cheapest. */
    int bin_n[BINS] = {0};
    float bin_lo[BINS][3], bin_hi[BINS][3];
    for (int i = 0; i < BINS; i++)
        for (int k = 0; k < 3; k++) { bin_lo[i][k] = FLT_MAX; bin_hi[i][k] = -FLT_MAX; }
    for (int i = first; i < first + count; i++) {
        int t = c->order[i];
        int bi = (int)((c->cent[t][axis] - clo[axis]) / ext * BINS);
        bi = bi >= BINS ? BINS - 1 : bi;
        bin_n[bi]++;
        box_grow(bin_lo[bi], bin_hi[bi], c->lo[t], c->hi[t]);
    }
    float best = FLT_MAX;
    int best_split = -1;
    for (int s = 1; s < BINS; s++) {
        float llo[3] = {FLT_MAX, FLT_MAX, FLT_MAX}, lhi[3] = {-FLT_MAX, -FLT_MAX, -FLT_MAX};
        float rlo[3] = {FLT_MAX, FLT_MAX, FLT_MAX}, rhi[3] = {-FLT_MAX, -FLT_MAX, -FLT_MAX};
        int ln = 0, rn = 0;
        for (int i = 0; i < s; i++) if (bin_n[i]) { box_grow(llo, lhi, bin_lo[i], bin_hi[i]); ln += bin_n[i]; }
        for (int i = s; i < BINS; i++) if (bin_n[i]) { box_grow(rlo, rhi, bin_lo[i], bin_hi[i]); rn += bin_n[i]; }
        if (!ln || !rn) continue;
        float cost = box_area(llo, lhi) * (float)ln + box_area(rlo, rhi) * (float)rn;
        if (cost < best) { best = cost; best_split = s; }
    }
    if (best_split < 0) return;
    /* leaf if splitting does not pay (traversal step costs about one triangle test) */
    if (count <= 2 * b->leaf_size && best + box_area(n->lo, n->hi) >= box_area(n->lo, n->hi) * (float)count) return;
    int mid = first;
    for (int i = first; i < first + count; i++) {
        int t = c->order[i];
        int bi = (int)((c->cent[t][axis] - clo[axis]) / ext * BINS);
        bi = bi >= BINS ? BINS - 1 : bi;
        if (bi < best_split) { c->order[i] = c->order[mid]; c->order[mid++] = t; }
    }
    int left = b->node_count;
    b->node_count += 2;
    n->start = left;
    n->count = 0;
    build_node(c, left, first, mid - first, depth + 1);
    build_node(c, left + 1, mid, first + count - mid, depth + 1);
}

bvh *bvh_create(const bvh_desc *desc)
{
    assert(desc && desc->pos && desc->idx && desc->tri_count > 0);
    const int n = desc->tri_count;
    bvh *b = ALLOC_STRUCT(bvh);
    build_ctx c = {b, malloc((size_t)n * sizeof *c.cent), malloc((size_t)n * sizeof *c.lo),
                   malloc((size_t)n * sizeof *c.hi), malloc((size_t)n * sizeof *c.order)};
    if (b) {
        b->tris = malloc((size_t)n * sizeof *b->tris);
        b->nodes = malloc((size_t)(2 * n) * sizeof *b->nodes);
    }
    if (!b || !b->tris || !b->nodes || !c.cent || !c.lo || !c.hi || !c.order) {
        log_error("bvh: out of memory for %d triangles", n);
        free(c.cent); free(c.lo); free(c.hi); free(c.order);
        bvh_destroy(b);
        return NULL;
    }
    b->leaf_size = desc->leaf_size > 0 ? desc->leaf_size : 4;
    b->tri_count = n;
    for (int t = 0; t < n; t++) {
        const float *p[3];
        for (int k = 0; k < 3; k++) p[k] = desc->pos[desc->idx[3 * t + k]];
        for (int k = 0; k < 3; k++) {
            c.lo[t][k] = fminf(p[0][k], fminf(p[1][k], p[2][k]));
            c.hi[t][k] = fmaxf(p[0][k], fmaxf(p[1][k], p[2][k]));
            c.cent[t][k] = (p[0][k] + p[1][k] + p[2][k]) / 3.0f;
        }
        c.order[t] = t;
    }
    b->node_count = 1;
    build_node(&c, 0, 0, n, 0);
    for (int i = 0; i < n; i++) {
        int t = c.order[i];
        bvh_tri *bt = &b->tris[i];
        const float *p0 = desc->pos[desc->idx[3 * t]], *p1 = desc->pos[desc->idx[3 * t + 1]],
                    *p2 = desc->pos[desc->idx[3 * t + 2]];
        for (int k = 0; k < 3; k++) {
            bt->p0[k] = p0[k];
            bt->e1[k] = p1[k] - p0[k];
            bt->e2[k] = p2[k] - p0[k];
        }
        bt->id = t;
        bt->tag = desc->tags ? desc->tags[t] : 0;
    }
    free(c.cent); free(c.lo); free(c.hi); free(c.order);
    return b;
}

void bvh_destroy(bvh *b)
{
    if (!b) return;
    free(b->tris);
    free(b->nodes);
    free(b);
}

int bvh_node_count(const bvh *b) { return b->node_count; }

void bvh_refit(bvh *b, const float (*pos)[3], const uint32_t *idx)
{
    for (int i = 0; i < b->tri_count; i++) {
        bvh_tri *bt = &b->tris[i];
        const float *p0 = pos[idx[3 * bt->id]], *p1 = pos[idx[3 * bt->id + 1]], *p2 = pos[idx[3 * bt->id + 2]];
        for (int k = 0; k < 3; k++) {
            bt->p0[k] = p0[k];
            bt->e1[k] = p1[k] - p0[k];
            bt->e2[k] = p2[k] - p0[k];
        }
    }
    /* children are always allocated after their parent: a reverse walk sees them first */
    for (int ni = b->node_count - 1; ni >= 0; ni--) {
        bvh_node *n = &b->nodes[ni];
        for (int k = 0; k < 3; k++) { n->lo[k] = FLT_MAX; n->hi[k] = -FLT_MAX; }
        if (n->count) {
            for (int i = n->start; i < n->start + n->count; i++) {
                const bvh_tri *t = &b->tris[i];
                for (int k = 0; k < 3; k++) {
                    float a = t->p0[k], e = a + t->e1[k], f = a + t->e2[k];
                    n->lo[k] = fminf(n->lo[k], fminf(a, fminf(e, f)));
                    n->hi[k] = fmaxf(n->hi[k], fmaxf(a, fmaxf(e, f)));
                }
            }
        } else {
            box_grow(n->lo, n->hi, b->nodes[n->start].lo, b->nodes[n->start].hi);
            box_grow(n->lo, n->hi, b->nodes[n->start + 1].lo, b->nodes[n->start + 1].hi);
        }
    }
}

/* Möller–Trumbore, both faces. */
static bool tri_hit(const bvh_tri *t, const float o[3], const float d[3], float *tt, float *uu, float *vv)
{
    float p[3] = {d[1] * t->e2[2] - d[2] * t->e2[1], d[2] * t->e2[0] - d[0] * t->e2[2], d[0] * t->e2[1] - d[1] * t->e2[0]};
    float det = t->e1[0] * p[0] + t->e1[1] * p[1] + t->e1[2] * p[2];
    if (fabsf(det) < 1e-12f) return false;
    float inv = 1.0f / det;
    float s[3] = {o[0] - t->p0[0], o[1] - t->p0[1], o[2] - t->p0[2]};
    float u = (s[0] * p[0] + s[1] * p[1] + s[2] * p[2]) * inv;
    if (u < 0.0f || u > 1.0f) return false;
    float q[3] = {s[1] * t->e1[2] - s[2] * t->e1[1], s[2] * t->e1[0] - s[0] * t->e1[2], s[0] * t->e1[1] - s[1] * t->e1[0]};
    float v = (d[0] * q[0] + d[1] * q[1] + d[2] * q[2]) * inv;
    if (v < 0.0f || u + v > 1.0f) return false;
    *tt = (t->e2[0] * q[0] + t->e2[1] * q[1] + t->e2[2] * q[2]) * inv;
    *uu = u;
    *vv = v;
    return true;
}

static bool box_hit(const bvh_node *n, const float o[3], const float inv[3], float t_min, float t_max)
{
    for (int k = 0; k < 3; k++) {
        float t0 = (n->lo[k] - o[k]) * inv[k], t1 = (n->hi[k] - o[k]) * inv[k];
        if (t0 > t1) { float x = t0; t0 = t1; t1 = x; }
        /* The slab distances carry a few ulps of rounding that the triangle test does not share:
         * widen the interval so a hit on a box face is never culled (a ray resumed from a
         * previous hit's t, just before a neighbouring triangle, lost it). */
        t0 -= fabsf(t0) * 4.0f * FLT_EPSILON;
        t1 += fabsf(t1) * 4.0f * FLT_EPSILON;
        t_min = t0 > t_min ? t0 : t_min;
        t_max = t1 < t_max ? t1 : t_max;
        if (t_min > t_max) return false;
    }
    return true;
}

typedef bool (*hit_fn)(void *user, const bvh_tri *t, float tt, float u, float v, float *t_max);

/* Walks every leaf the ray may touch before *t_max; the callback may shrink *t_max. */
static void traverse(const bvh *b, const float o[3], const float d[3], float t_min, float t_max, hit_fn fn, void *user)
{
    float inv[3];
    for (int k = 0; k < 3; k++) inv[k] = d[k] != 0.0f ? 1.0f / d[k] : copysignf(FLT_MAX, d[k]);
    int stack[STACK], sp = 0;
    stack[sp++] = 0;
    while (sp) {
        const bvh_node *n = &b->nodes[stack[--sp]];
        if (!box_hit(n, o, inv, t_min, t_max)) continue;
        if (n->count) {
            for (int i = n->start; i < n->start + n->count; i++) {
                float tt, u, v;
                if (tri_hit(&b->tris[i], o, d, &tt, &u, &v) && tt > t_min && tt <= t_max) fn(user, &b->tris[i], tt, u, v, &t_max);
            }
        } else {
            assert(sp + 2 <= STACK);
            stack[sp++] = n->start + 1;
            stack[sp++] = n->start;
        }
    }
}

static bool nearest_fn(void *user, const bvh_tri *t, float tt, float u, float v, float *t_max)
{
    bvh_hit *h = user;
    if (h->tri >= 0 && (tt > h->t || (tt == h->t && t->id > h->tri))) return false;
    *h = (bvh_hit){tt, u, v, t->id, t->tag};
    *t_max = tt;
    return true;
}

bool bvh_raycast(const bvh *b, const float org[3], const float dir[3], float t_min, float t_max, bvh_hit *hit)
{
    bvh_hit h = {.tri = -1};
    traverse(b, org, dir, t_min, t_max, nearest_fn, &h);
    if (h.tri < 0) return false;
    *hit = h;
    return true;
}

typedef struct all_ctx {
    bvh_hit *hits;
    int max, total;
} all_ctx;

static bool all_fn(void *user, const bvh_tri *t, float tt, float u, float v, float *t_max)
{
    (void)t_max; /* every hit: the ray is never shortened */
    all_ctx *c = user;
    bvh_hit h = {tt, u, v, t->id, t->tag};
    c->total++;
    /* insertion into the sorted prefix; the farthest falls off when full */
    int len = c->total - 1 < c->max ? c->total - 1 : c->max;
    int i = len;
    while (i > 0 && c->hits[i - 1].t > tt) i--;
    if (i >= c->max) return false;
    int keep = len < c->max ? len : c->max - 1;
    memmove(&c->hits[i + 1], &c->hits[i], (size_t)(keep - i) * sizeof *c->hits);
    c->hits[i] = h;
    return true;
}

int bvh_raycast_all(const bvh *b, const float org[3], const float dir[3], float t_max, bvh_hit *hits, int max_hits)
{
    all_ctx c = {hits, max_hits, 0};
    if (max_hits <= 0) return 0;
    traverse(b, org, dir, 0.0f, t_max, all_fn, &c);
    return c.total;
}

bool bvh_raycast_brute(const bvh *b, const float org[3], const float dir[3], float t_min, float t_max, bvh_hit *hit)
{
    bvh_hit h = {.tri = -1};
    for (int i = 0; i < b->tri_count; i++) {
        float tt, u, v, tm = t_max;
        if (tri_hit(&b->tris[i], org, dir, &tt, &u, &v) && tt > t_min && tt <= t_max) nearest_fn(&h, &b->tris[i], tt, u, v, &tm);
    }
    if (h.tri < 0) return false;
    *hit = h;
    return true;
}
