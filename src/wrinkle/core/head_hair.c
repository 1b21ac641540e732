#include "wrinkle/core/head_hair.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "base/rng.h"
#include "wrinkle/core/head_lids.h"

/* The skin vertices facing forward (not the back of the head or the ears), sorted by x: the
 * nearest one to a point is found by sweeping out from the point's x until the x distance alone
 * exceeds the best distance (a linear search over the whole skin for every point of every brow
 * strand was most of the face's start-up under the sanitizers). */
typedef struct hair_front_vertex {
    float x;
    int v;
} hair_front_vertex;
typedef struct hair_front {
    int n;
    hair_front_vertex *e; /* by x, then by index */
} hair_front;

static int hair__by_x(const void *pa, const void *pb)
{
    const hair_front_vertex *a = pa, *b = pb;
    return a->x < b->x ? -1 : a->x > b->x ? 1 : a->v - b->v;
}

static bool hair__front_make(const head_model *h, hair_front *f)
{
    f->n = 0;
    f->e = malloc((size_t)(h->skin.vertex_count > 0 ? h->skin.vertex_count : 1) * sizeof *f->e);
    if (!f->e) {
        log_error("head hair: out of memory for the front vertices");
        return false;
    }
    for (int v = 0; v < h->skin.vertex_count; v++)
        if (h->skin.pos[v][2] > 0.0f && h->skin.nrm[v][2] >= 0.2f) f->e[f->n++] = (hair_front_vertex){h->skin.pos[v][0], v};
    qsort(f->e, (size_t)f->n, sizeof *f->e, hair__by_x);
    return true;
}

/* The front skin vertex nearest to (x, y) in the face's plane: the skin under a point of a drawn
 * feature; of equally near ones the lowest index (as a search in vertex order finds). */
static int hair__nearest_front(const head_model *h, const hair_front *f, float x, float y)
{
    int lo = 0, hi = f->n; /* the first vertex with x >= the point's */
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (f->e[mid].x < x) lo = mid + 1;
        else hi = mid;
    }
    int best = 0;
    float bd = INFINITY;
    for (int dir = 0; dir < 2; dir++)
        for (int i = dir ? lo - 1 : lo; i >= 0 && i < f->n; i += dir ? -1 : 1) {
            float dx = f->e[i].x - x;
            if (dx * dx > bd) break;
            int v = f->e[i].v;
            float dy = h->skin.pos[v][1] - y, d = dx * dx + dy * dy;
            if (d < bd || (d == bd && v < best)) bd = d, best = v;
        }
    return best;
}

/* Skin point of vertex v lifted `lift` metres along its normal. */
static void hair__on_skin(const head_model *h, int v, float lift, vec3 out)
{
    for (int k = 0; k < 3; k++) out[k] = h->skin.pos[v][k] + h->skin.nrm[v][k] * lift;
}

/* The skin under (x, y), from its nearest front vertex v: the vertex moved to (x, y) in its
 * tangent plane (front vertices face forward, n.z >= 0.2), lifted along its normal. On a coarse
 * grid (face.detail 0.5) a brow strand's root and tip would otherwise snap to the same vertex and
 * the strand vanish; v still carries it through the blendshapes. */
static void hair__on_skin_at(const head_model *h, int v, float x, float y, float lift, vec3 out)
{
    const float *q = h->skin.pos[v], *n = h->skin.nrm[v];
    float dx = x - q[0], dy = y - q[1];
    hair__on_skin(h, v, lift, out);
    out[0] += dx;
    out[1] += dy;
    out[2] -= (n[0] * dx + n[1] * dy) / n[2];
}

static void hair__vertex(head_hair *hair, mesh_data *m, int32_t **anchor, int *cap, const vec3 p, const vec3 n, float u, float v,
                         int skin_vertex)
{
    if (m->failed) return; /* out of memory earlier: head_hair_build gives up */
    mesh_add_vertex(m, p, n, (float[2]){u, v});
    if (m->failed) return;
    int total = hair->brows.vertex_count + hair->lashes.vertex_count;
    if (total > *cap) {
        int ncap = *cap ? *cap * 2 : 1024;
        int32_t *grown = realloc(*anchor, (size_t)ncap * sizeof *grown);
        if (!grown) {
            log_error("head hair: out of memory for %d anchors", ncap);
            m->failed = true; /* the anchors no longer cover the mesh: incomplete */
            return;
        }
        *anchor = grown;
        *cap = ncap;
    }
    (*anchor)[total - 1] = skin_vertex;
}

#define HAIR_BROW_HALF_W 0.0005f /* m: a brow hair's card at its root (a hair is ~0.1 mm; a card stands for a few) */

static void hair__brows(const head_model *h, head_hair *hair, int *cap)
{
    hair_front front;
    if (!hair__front_make(h, &front)) {
        hair->brows.failed = true;
        return;
    }
    rng r;
    rng_seed(&r, 0xb40b5u);
    for (int side = 0; side < 2; side++) {
        float sx = side == 0 ? 1.0f : -1.0f; /* +x: the right-hand eye */
        for (int s = 0; s < HEAD_HAIR_BROW_STRANDS; s++) {
            /* t from the inner end (0, by the nose) to the outer tail (1); more strands inside */
            float t = powf(rng_float(&r), 1.3f);
            float x = HEAD_EYE_X - 0.015f + 0.034f * t;
            float arch = HEAD_BROW_Y - 0.001f + 0.0040f * sinf(3.14159f * fminf(t * 1.25f, 1.0f)) - 0.004f * t * t;
            float thick = 0.0070f * (1.0f - 0.6f * t);
            float y = arch + (rng_float(&r) - 0.5f) * thick;
            /* combed: up and out at the inner end, along the arch further out */
            float ang = (1.0f - t) * 1.25f + t * 0.15f + (rng_float(&r) - 0.5f) * 0.35f;
            float len = 0.006f * (1.0f - 0.35f * t) * (0.8f + 0.4f * rng_float(&r));
            float tx = x + cosf(ang) * len, ty = y + sinf(ang) * len;
            int vr = hair__nearest_front(h, &front, sx * x, y), vt = hair__nearest_front(h, &front, sx * tx, ty);
            vec3 root, tip, along, side_dir, n;
            hair__on_skin_at(h, vr, sx * x, y, 0.0004f, root);
            hair__on_skin_at(h, vt, sx * tx, ty, 0.0010f, tip);
            glm_vec3_sub(tip, root, along);
            glm_vec3_copy(h->skin.nrm[vr], n);
            glm_vec3_cross(n, along, side_dir);
            glm_vec3_normalize(side_dir);
            /* a card tapering from HAIR_BROW_HALF_W at the root to a quarter of it at the tip; the
             * side direction and the signed half width go in tan (the shader widens a strand
             * thinner than a pixel and fades it as much, head_hair.h) */
            const float hw[4] = {-HAIR_BROW_HALF_W, HAIR_BROW_HALF_W, -0.25f * HAIR_BROW_HALF_W, 0.25f * HAIR_BROW_HALF_W};
            vec3 p[4];
            for (int k = 0; k < 4; k++) {
                glm_vec3_copy(k < 2 ? root : tip, p[k]);
                glm_vec3_muladds(side_dir, hw[k], p[k]);
            }
            uint32_t base = (uint32_t)hair->brows.vertex_count;
            for (int k = 0; k < 4; k++) {
                hair__vertex(hair, &hair->brows, &hair->anchor, cap, p[k], n, t, k < 2 ? 0.0f : 1.0f, k < 2 ? vr : vt);
                if (hair->brows.failed) break;
                float *tn = hair->brows.tan[hair->brows.vertex_count - 1];
                tn[0] = side_dir[0], tn[1] = side_dir[1], tn[2] = side_dir[2], tn[3] = hw[k];
            }
            /* facing out of the skin whichever way the strand leans */
            vec3 e1, e2, fn;
            glm_vec3_sub(p[1], p[0], e1);
            glm_vec3_sub(p[2], p[0], e2);
            glm_vec3_cross(e1, e2, fn);
            if (glm_vec3_dot(fn, n) >= 0.0f) {
                mesh_add_tri(&hair->brows, base, base + 1, base + 3);
                mesh_add_tri(&hair->brows, base, base + 3, base + 2);
            } else {
                mesh_add_tri(&hair->brows, base, base + 3, base + 1);
                mesh_add_tri(&hair->brows, base, base + 2, base + 3);
            }
        }
    }
    free(front.e);
}

/* A lid's margin at horizontal offset dx from eye e's centre: the skin vertex that lies on the
 * eyeball (within 3 mm of its surface), in front, 1 mm or more above the centre and lowest (the
 * upper lid, up = 1) or 1 mm or more below it and highest (the lower lid, up = -1); -1 where none. */
static int hair__margin(const head_model *h, int e, float dx, float up)
{
    const float *c = h->eye_center[e];
    int best = -1;
    float by = INFINITY; /* the margin's height times -up: the least is nearest the eye's middle */
    for (int v = 0; v < h->skin.vertex_count; v++) {
        const float *p = h->skin.pos[v];
        if (fabsf(p[0] - c[0] - dx) > 0.0012f || up * (p[1] - c[1]) < 0.001f || p[2] < c[2]) continue;
        vec3 d;
        glm_vec3_sub((float *)p, (float *)c, d);
        float r = glm_vec3_norm(d);
        if (r < HEAD_EYE_RADIUS - 0.0005f || r > HEAD_EYE_RADIUS + 0.003f) continue;
        if (up * p[1] < by) by = up * p[1], best = v;
    }
    return best;
}

/* A lid's margin line on eye e (up: 1 the upper lid, -1 the lower): the margin's vertices mv at
 * HEAD_HAIR_LASH_SEGMENTS + 1 columns over +-reach x the eye's radius (-1 where a column has none)
 * and their points lifted `lift` along the normal, smoothed along the lid ([1 2 1] twice, within
 * runs of found columns): the margin's vertex climbs or drops a grid row between columns here and
 * there, which left steps in a strip drawn through the vertices themselves. */
enum { HAIR_COLUMNS = HEAD_HAIR_LASH_SEGMENTS + 1 };
static void hair__margin_line(const head_model *h, int e, float up, float reach, float lift, int mv[HAIR_COLUMNS],
                              vec3 line[HAIR_COLUMNS])
{
    vec3 tmp[HAIR_COLUMNS];
    for (int k = 0; k < HAIR_COLUMNS; k++) {
        mv[k] = hair__margin(h, e, ((float)k / HEAD_HAIR_LASH_SEGMENTS * 2.0f - 1.0f) * HEAD_EYE_RADIUS * reach, up);
        if (mv[k] >= 0) hair__on_skin(h, mv[k], lift, line[k]);
    }
    for (int pass = 0; pass < 2; pass++) {
        memcpy(tmp, line, sizeof tmp);
        for (int k = 0; k < HAIR_COLUMNS; k++) {
            if (mv[k] < 0) continue;
            int a = k > 0 && mv[k - 1] >= 0 ? k - 1 : k, b = k + 1 < HAIR_COLUMNS && mv[k + 1] >= 0 ? k + 1 : k;
            for (int c = 0; c < 3; c++) line[k][c] = 0.25f * tmp[a][c] + 0.5f * tmp[k][c] + 0.25f * tmp[b][c];
        }
    }
}

/* The lashes: HEAD_HAIR_LASHES cards per upper lid, each a thin card of two segments (root, a
 * bend, tip) curling out of the margin forward and then up, rooted along the margin's line (each
 * lash between two columns, anchored on the nearer column's vertex: it rides the lid's shapes);
 * longest mid-lid, fanned a little, lengths varied. */
#define HAIR_LASH_HALF_W 0.0001f /* m: a lash card's half width at the root (a lash is ~0.1 mm; a card stands for two) */
static void hair__lashes(const head_model *h, head_hair *hair, int *cap)
{
    enum { S = HEAD_HAIR_LASH_SEGMENTS };
    rng r;
    rng_seed(&r, 0x1a54e5u);
    for (int e = 0; e < 2; e++) {
        int mv[HAIR_COLUMNS];
        vec3 line[HAIR_COLUMNS];
        hair__margin_line(h, e, 1.0f, 0.85f, 0.0003f, mv, line);
        for (int i = 0; i < HEAD_HAIR_LASHES; i++) {
            float t = ((float)i + 0.1f + 0.8f * rng_float(&r)) / HEAD_HAIR_LASHES, f = t * S;
            int k0 = (int)f < S ? (int)f : S - 1, k1 = k0 + 1;
            float jl = rng_float(&r), ja = rng_float(&r) - 0.5f, jc = rng_float(&r) - 0.5f, jd = rng_float(&r) - 0.5f,
                  jb = rng_float(&r);
            if (mv[k0] < 0 || mv[k1] < 0) continue;
            float a = f - (float)k0;
            int v = a < 0.5f ? mv[k0] : mv[k1];
            vec3 root, out, d0, d1, mid, tip;
            glm_vec3_lerp(line[k0], line[k1], a, root);
            root[1] -= 0.0004f * rng_float(&r); /* a few rows deep at the margin's front edge */
            glm_vec3_sub(root, (float *)h->eye_center[e], out);
            float rr = glm_vec3_norm(out);
            glm_vec3_normalize(out);
            /* in front of the ball: a root inside it was cut off by the ball along a hard line
             * (the depth test), not by its soft root end */
            if (rr < HEAD_EYE_RADIUS + 0.0004f) glm_vec3_muladds(out, HEAD_EYE_RADIUS + 0.0004f - rr, root);
            /* out of the eye and forward at the root, up toward the tip */
            glm_vec3_add(out, (vec3){0.15f * ja, 0.3f * jd, 1.0f}, d0);
            glm_vec3_add(out, (vec3){0.25f * ja, 1.0f + 0.4f * jc, 0.55f}, d1);
            glm_vec3_normalize(d0);
            glm_vec3_normalize(d1);
            float len = (0.0025f + 0.0050f * sinf(3.14159f * t)) * (0.85f + 0.3f * jl);
            glm_vec3_copy(root, mid);
            float bend = 0.3f + 0.3f * jb; /* where it turns up: varied, so the bends do not line up */
            glm_vec3_muladds(d0, bend * len, mid);
            glm_vec3_copy(mid, tip);
            glm_vec3_muladds(d1, (1.0f - bend) * len, tip);
            /* by the inner corner the lid is thick: a tip that ends inside it turns forward */
            for (int it = 0; it < 6 && head_inside(h, tip); it++) {
                glm_vec3_add(d1, d0, d1);
                glm_vec3_normalize(d1);
                glm_vec3_copy(mid, tip);
                glm_vec3_muladds(d1, (1.0f - bend) * len, tip);
            }
            /* a card: its side across the lash along the lid (x), facing forward */
            vec3 along, side, n;
            glm_vec3_sub(tip, root, along);
            glm_vec3_cross(along, (vec3){0.0f, 0.0f, 1.0f}, side);
            glm_vec3_cross(side, along, n);
            glm_vec3_normalize(side);
            glm_vec3_normalize(n);
            if (n[2] < 0.0f) glm_vec3_negate(n);
            const float *row[3] = {root, mid, tip};
            const float w[3] = {1.0f, 0.7f, 0.3f};
            uint32_t base = (uint32_t)hair->lashes.vertex_count;
            for (int k = 0; k < 6 && !hair->lashes.failed; k++) {
                float hw = (k & 1 ? 1.0f : -1.0f) * HAIR_LASH_HALF_W * w[k / 2];
                vec3 p;
                glm_vec3_copy((float *)row[k / 2], p);
                glm_vec3_muladds(side, hw, p);
                hair__vertex(hair, &hair->lashes, &hair->anchor, cap, p, n, t, k < 2 ? 0.0f : k < 4 ? bend : 1.0f, v);
                if (hair->lashes.failed) break;
                float *tn = hair->lashes.tan[hair->lashes.vertex_count - 1];
                tn[0] = side[0], tn[1] = side[1], tn[2] = side[2], tn[3] = hw;
            }
            for (uint32_t q = 0; q < 2; q++) {
                mesh_add_tri(&hair->lashes, base + 2 * q, base + 2 * q + 1, base + 2 * q + 3);
                mesh_add_tri(&hair->lashes, base + 2 * q, base + 2 * q + 3, base + 2 * q + 2);
            }
        }
    }
}

/* The tear line: per lower lid a strip HAIR_TEAR_M high along the margin's line over +-0.7 x the
 * eye's radius (a hair off the skin), up toward the ball; both windings (seen from below and from
 * above); a column without a margin breaks the strip. */
#define HAIR_TEAR_M 0.0007f
static void hair__tear_lines(const head_model *h, head_hair *hair, int *cap)
{
    for (int e = 0; e < 2; e++) {
        int mv[HAIR_COLUMNS];
        vec3 line[HAIR_COLUMNS];
        hair__margin_line(h, e, -1.0f, 0.7f, 0.00015f, mv, line);
        uint32_t prev = UINT32_MAX;
        for (int k = 0; k < HAIR_COLUMNS; k++) {
            if (mv[k] < 0) { prev = UINT32_MAX; continue; }
            int v = mv[k]; /* anchored on the margin's vertex nearest the smoothed point */
            for (int j = k - 1; j <= k + 1; j += 2)
                if (j >= 0 && j < HAIR_COLUMNS && mv[j] >= 0 &&
                    glm_vec3_distance2(h->skin.pos[mv[j]], line[k]) < glm_vec3_distance2(h->skin.pos[v], line[k]))
                    v = mv[j];
            float t = (float)k / HEAD_HAIR_LASH_SEGMENTS;
            vec3 in, p1;
            glm_vec3_sub((float *)h->eye_center[e], line[k], in);
            glm_vec3_normalize(in);
            glm_vec3_copy(line[k], p1);
            p1[1] += HAIR_TEAR_M;
            glm_vec3_muladds(in, 0.3f * HAIR_TEAR_M, p1);
            uint32_t base = (uint32_t)hair->lashes.vertex_count;
            hair__vertex(hair, &hair->lashes, &hair->anchor, cap, line[k], h->skin.nrm[v], t, 0.0f, v);
            hair__vertex(hair, &hair->lashes, &hair->anchor, cap, p1, h->skin.nrm[v], t, 1.0f, v);
            if (prev != UINT32_MAX) {
                mesh_add_tri(&hair->lashes, prev, base, prev + 1);
                mesh_add_tri(&hair->lashes, prev + 1, base, base + 1);
                mesh_add_tri(&hair->lashes, prev, prev + 1, base);
                mesh_add_tri(&hair->lashes, prev + 1, base + 1, base);
            }
            prev = base;
        }
    }
}

bool head_hair_build(const head_model *h, head_hair *out)
{
    int cap = 0;
    hair__brows(h, out, &cap);
    hair__lashes(h, out, &cap);
    out->lash_index_count = out->lashes.index_count;
    out->lash_vertex_count = out->lashes.vertex_count;
    /* the tear line after the lashes in the same mesh (indices from lash_index_count on) */
    hair__tear_lines(h, out, &cap);
    if (!out->brows.failed && !out->lashes.failed) return true;
    log_error("head hair: out of memory: no brows or lashes");
    head_hair_free(out);
    return false;
}

void head_hair_free(head_hair *hair)
{
    if (!hair) return;
    mesh_data_free(&hair->brows);
    mesh_data_free(&hair->lashes);
    free(hair->anchor);
    hair->anchor = NULL;
}

/* A lash vertex p's blink delta (dp, and dn for its normal n) from its anchor a: the anchor's own
 * turn about the eye's x axis and its change of distance from the eye's centre, applied to the whole
 * card, so the lash turns down with the shutting lid (the anchor's delta alone carried it down
 * upright, across the shut lid: dark streaks over the shell); the root kept
 * HAIR_LASH_OVER_SHELL outside the lid shell (HEAD_LIDS_SHELL_OUT), so it is not cut by it. */
#define HAIR_LASH_OVER_SHELL 0.0003f
static void hair__lash_blink(const head_model *h, const float *p, const float *n, int a, float dp[3], float dn[3])
{
    const float *c = h->eye_center[p[0] < 0.0f], *q = h->skin.pos[a], *d = h->shape_dpos[HEAD_BLINK][a];
    float y0 = q[1] - c[1], z0 = q[2] - c[2], y1 = y0 + d[1], z1 = z0 + d[2];
    float turn = atan2f(y1, z1) - atan2f(y0, z0), cs = cosf(turn), sn = sinf(turn);
    float r0 = sqrtf(y0 * y0 + z0 * z0 + (q[0] - c[0]) * (q[0] - c[0]));
    float r1 = sqrtf(y1 * y1 + z1 * z1 + (q[0] + d[0] - c[0]) * (q[0] + d[0] - c[0]));
    /* only where the blink moves the anchor: elsewhere its own delta */
    if (fabsf(turn) < 1e-4f) {
        memcpy(dp, d, 3 * sizeof *dp);
        memcpy(dn, h->shape_dnrm[HEAD_BLINK][a], 3 * sizeof *dn);
        return;
    }
    float v[3] = {p[0] - c[0], p[1] - c[1], p[2] - c[2]}, w[3] = {v[0] + d[0], v[1] * cs + v[2] * sn, v[2] * cs - v[1] * sn};
    /* in or out along the turned direction in the column's plane, as the anchor moved */
    float len = sqrtf(w[1] * w[1] + w[2] * w[2]) + 1e-9f, grow = r1 - r0;
    w[1] += grow * w[1] / len, w[2] += grow * w[2] / len;
    /* and a root under the shell out over it where the lid shuts (turned down past ~0.05 rad, eased in) */
    float t = fminf(fmaxf((-turn - 0.05f) / 0.2f, 0.0f), 1.0f), over = HEAD_EYE_RADIUS + HEAD_LIDS_SHELL_OUT + HAIR_LASH_OVER_SHELL;
    float rho = sqrtf(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]) + 1e-9f, to = rho + fmaxf(over - rho, 0.0f) * t * t * (3.0f - 2.0f * t);
    for (int k = 0; k < 3; k++) w[k] *= to / rho;
    for (int k = 0; k < 3; k++) dp[k] = w[k] - v[k];
    dn[0] = 0.0f, dn[1] = n[1] * cs + n[2] * sn - n[1], dn[2] = n[2] * cs - n[1] * sn - n[2];
}

int head_hair_delta_count(const head_model *h, const head_hair *hair)
{
    return h->shape_vertex_count + hair->brows.vertex_count + hair->lashes.vertex_count;
}

bool head_hair_deltas(const head_model *h, const head_hair *hair, float (*dpos[HEAD_MORPH_COUNT])[3],
                      float (*dnrm[HEAD_MORPH_COUNT])[3])
{
    int n = head_hair_delta_count(h, hair), nh = n - h->shape_vertex_count;
    bool ok = true;
    for (int s = 0; s < HEAD_MORPH_COUNT; s++) {
        dpos[s] = ok ? malloc((size_t)n * sizeof *dpos[s]) : NULL;
        dnrm[s] = ok ? malloc((size_t)n * sizeof *dnrm[s]) : NULL;
        if (!dpos[s] || !dnrm[s]) {
            ok = false;
            continue;
        }
        memcpy(dpos[s], h->shape_dpos[s], (size_t)h->shape_vertex_count * sizeof *dpos[s]);
        memcpy(dnrm[s], h->shape_dnrm[s], (size_t)h->shape_vertex_count * sizeof *dnrm[s]);
        for (int v = 0; v < nh; v++) {
            memcpy(dpos[s][h->shape_vertex_count + v], h->shape_dpos[s][hair->anchor[v]], sizeof dpos[s][0]);
            memcpy(dnrm[s][h->shape_vertex_count + v], h->shape_dnrm[s][hair->anchor[v]], sizeof dnrm[s][0]);
            int l = v - hair->brows.vertex_count;
            if (s == HEAD_BLINK && l >= 0 && l < hair->lash_vertex_count)
                hair__lash_blink(h, hair->lashes.pos[l], hair->lashes.nrm[l], hair->anchor[v], dpos[s][h->shape_vertex_count + v],
                                 dnrm[s][h->shape_vertex_count + v]);
        }
    }
    if (!ok)
        for (int s = 0; s < HEAD_MORPH_COUNT; s++) {
            free(dpos[s]);
            free(dnrm[s]);
            dpos[s] = NULL;
            dnrm[s] = NULL;
        }
    return ok;
}
