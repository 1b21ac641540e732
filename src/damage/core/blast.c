/* The blast history and the texel bookkeeping of the damage map's CPU side: the hole rule
 * (shared with the armor shader), which outer texels are still intact, plate by plate. The rays
 * are blast_ray.c, the islands cut away blast_islands.c. */
#include "damage/core/blast_internal.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "base/mathx.h"
#include "damage/core/damage_cc.h"

/* ---- the rough-edge noise; shaders/damage_common.glsl holds the same code ---- */

/* A lattice hash of two coordinates, not base/mathx.h's hash_u32 (other arithmetic): the armor
 * shader's damage_hash2 computes exactly this, and the hole rule depends on both agreeing. */
static uint32_t hash2(uint32_t x, uint32_t y)
{
    uint32_t h = x * 0x8da6b343u ^ y * 0xd8163841u;
    h ^= h >> 13;
    h *= 0x85ebca6bu;
    h ^= h >> 16;
    return h;
}

static float lattice(int x, int y) { return hash_unit(hash2((uint32_t)x, (uint32_t)y)); }

static float value_noise(float x, float y)
{
    float fx = floorf(x), fy = floorf(y);
    int ix = (int)fx, iy = (int)fy;
    float tx = x - fx, ty = y - fy;
    tx = tx * tx * (3.0f - 2.0f * tx);
    ty = ty * ty * (3.0f - 2.0f * ty);
    float a = lattice(ix, iy), b = lattice(ix + 1, iy), c = lattice(ix, iy + 1), d = lattice(ix + 1, iy + 1);
    return (a + (b - a) * tx) + ((c + (d - c) * tx) - (a + (b - a) * tx)) * ty;
}

float blast_rough(const float uv[2])
{
    float s = BLAST_NOISE_SCALE;
    float n = 0.65f * value_noise(uv[0] * s, uv[1] * s) + 0.35f * value_noise(uv[0] * s * 2.63f + 17.0f, uv[1] * s * 2.63f + 17.0f);
    return BLAST_ROUGH_MIN + (BLAST_ROUGH_MAX - BLAST_ROUGH_MIN) * n;
}

float blast_value(float dist, float radius)
{
    float v = 1.0f - dist / radius;
    return v < 0 ? 0 : v > 1 ? 1 : v;
}

/* ---- growth helpers ---- */

static bool grow(void **p, int need, int *cap, size_t elem)
{
    if (need <= *cap) return true;
    int nc = *cap ? *cap * 2 : 64;
    while (nc < need) nc *= 2;
    void *q = realloc(*p, (size_t)nc * elem);
    if (!q) return false;
    *p = q;
    *cap = nc;
    return true;
}

/* ---- texel tables ---- */

typedef struct raster_ctx {
    blast_state *bs;
    bool oom;
} raster_ctx;

static void on_texel(void *user, int plate, int chart, int tri, int x, int y, const float w[3])
{
    raster_ctx *rc = user;
    blast_state *bs = rc->bs;
    const robot *r = bs->r;
    int n = bs->n, t = y * n + x;
    if (bs->chart[t] >= 0) return; /* shared edge: the first triangle owns the texel */
    bs->chart[t] = (int16_t)chart;
    const robot_plate *pl = &r->plates[plate];
    const mesh_data *m = &pl->mesh;
    uint32_t i0 = m->idx[tri], i1 = m->idx[tri + 1], i2 = m->idx[tri + 2];
    int panel = r->charts[chart].panel;
    panel_texels *pt = &bs->panels[panel];
    if (!grow((void **)&pt->all, pt->all_count + 1, &pt->all_cap, sizeof *pt->all)) { rc->oom = true; return; }
    pt->all[pt->all_count++] = t;
    if (r->charts[chart].kind == ROBOT_CHART_OUTER) {
        int cap = pt->outer_cap;
        if (!grow((void **)&pt->outer, pt->outer_count + 1, &cap, sizeof *pt->outer)) { rc->oom = true; return; }
        cap = pt->outer_cap;
        if (!grow((void **)&pt->pos, pt->outer_count + 1, &cap, sizeof *pt->pos)) { rc->oom = true; return; }
        cap = pt->outer_cap;
        if (!grow((void **)&pt->uv, pt->outer_count + 1, &cap, sizeof *pt->uv)) { rc->oom = true; return; }
        pt->outer_cap = cap;
        vec3 lp, wp;
        for (int k = 0; k < 3; k++) lp[k] = w[0] * m->pos[i0][k] + w[1] * m->pos[i1][k] + w[2] * m->pos[i2][k];
        glm_mat4_mulv3((vec4 *)pl->rest, lp, 1.0f, wp);
        int o = pt->outer_count++;
        pt->outer[o] = t;
        glm_vec3_copy(wp, pt->pos[o]);
        pt->uv[o][0] = ((float)x + 0.5f) / (float)n;
        pt->uv[o][1] = ((float)y + 0.5f) / (float)n;
        bs->outer_of[t] = t;
        bs->outer_total[plate]++;
    } else {
        float pu = w[0] * pl->param[i0][0] + w[1] * pl->param[i1][0] + w[2] * pl->param[i2][0];
        float pv = w[0] * pl->param[i0][1] + w[1] * pl->param[i1][1] + w[2] * pl->param[i2][1];
        float tx[2];
        robot_panel_texel(r, panel, pu, pv, tx);
        const robot_chart *oc = &r->charts[r->panels[panel].outer_chart];
        int ox = (int)floorf(tx[0]), oy = (int)floorf(tx[1]);
        int xmax = oc->x0 + (int)ceilf(oc->w) - 1, ymax = oc->y0 + (int)ceilf(oc->h) - 1;
        ox = ox < oc->x0 ? oc->x0 : ox > xmax ? xmax : ox;
        oy = oy < oc->y0 ? oc->y0 : oy > ymax ? ymax : oy;
        bs->outer_of[t] = oy * n + ox;
    }
}

/* Inner and rim texels were mapped to the outer chart by parameter; at the chart's border that
 * texel may be just outside the rasterized coverage: take the nearest covered one instead. */
static void resolve_outer(blast_state *bs)
{
    const int n = bs->n;
    for (int q = 0; q < bs->r->panel_count; q++) {
        const panel_texels *pt = &bs->panels[q];
        int oc = bs->r->panels[q].outer_chart;
        for (int i = 0; i < pt->all_count; i++) {
            int t = pt->all[i], o = bs->outer_of[t];
            if (o < 0 || bs->chart[o] == oc) continue;
            int x = o % n, y = o / n, best = -1, bd = 1 << 30;
            for (int dy = -3; dy <= 3; dy++)
                for (int dx = -3; dx <= 3; dx++) {
                    int xx = x + dx, yy = y + dy;
                    if (xx < 0 || yy < 0 || xx >= n || yy >= n || bs->chart[yy * n + xx] != oc) continue;
                    if (dx * dx + dy * dy < bd) { bd = dx * dx + dy * dy; best = yy * n + xx; }
                }
            bs->outer_of[t] = best;
        }
    }
}

static void reset_texels(blast_state *bs)
{
    const int n = bs->n;
    memset(bs->hole, 0, (size_t)n * n);
    memset(bs->cut, 0, (size_t)n * n);
    memset(bs->cc_map, 1, (size_t)n * n);
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++) bs->intact_count[p] = bs->outer_total[p];
    for (int q = 0; q < bs->r->panel_count; q++) {
        const panel_texels *pt = &bs->panels[q];
        for (int i = 0; i < pt->outer_count; i++) bs->cc_map[pt->outer[i]] = 0;
        bs->panel_dirty[q] = false;
    }
    stbcc_init_grid(bs->cc, bs->cc_map, n, n);
    bs->cut_version++;
}

blast_state *blast_create(const robot *r, const blast_desc *desc)
{
    assert(r);
    blast_state *bs = aligned_alloc(32, (sizeof(blast_state) + 31) & ~(size_t)31);
    if (!bs) goto oom;
    memset(bs, 0, sizeof *bs);
    bs->r = r;
    bs->n = r->atlas_size;
    if (bs->n > DAMAGE_CC_MAX_SIZE) {
        /* connected components run on a fixed grid; the atlas size is the robot desc's choice */
        log_error("blast: a %dx%d atlas is larger than the %dx%d the island cutter supports", bs->n, bs->n,
                  DAMAGE_CC_MAX_SIZE, DAMAGE_CC_MAX_SIZE);
        free(bs);
        return NULL;
    }
    bs->d = desc ? *desc : (blast_desc){0};
    if (bs->d.blowoff_intact <= 0) bs->d.blowoff_intact = 0.72f;
    const size_t nn = (size_t)bs->n * (size_t)bs->n;
    bs->chart = malloc(nn * sizeof *bs->chart);
    bs->outer_of = malloc(nn * sizeof *bs->outer_of);
    bs->hole = malloc(nn);
    bs->cut = malloc(nn);
    bs->cc_map = malloc(nn);
    bs->cc = malloc(stbcc_grid_sizeof());
    if (!bs->chart || !bs->outer_of || !bs->hole || !bs->cut || !bs->cc_map || !bs->cc) goto oom;
    for (size_t i = 0; i < nn; i++) { bs->chart[i] = -1; bs->outer_of[i] = -1; }
    raster_ctx rc = {bs, false};
    robot_atlas_raster(r, on_texel, &rc);
    if (rc.oom || !blast__build_rays(bs)) goto oom;
    resolve_outer(bs);
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++) {
        bs->attached[p] = true;
        glm_mat4_mulv3((vec4 *)r->plates[p].rest, (float *)r->plates[p].center, 1.0f, bs->plate_center[p]);
    }
    reset_texels(bs);
    return bs;
oom:
    log_error("blast: out of memory for the damage bookkeeping (%d² texels)", r->atlas_size);
    blast_destroy(bs);
    return NULL;
}

void blast_destroy(blast_state *bs)
{
    if (!bs) return;
    free(bs->hist);
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++) free(bs->plate_blasts[p]);
    for (int q = 0; q < ROBOT_MAX_PANELS; q++) {
        free(bs->panels[q].outer); free(bs->panels[q].pos); free(bs->panels[q].uv); free(bs->panels[q].all);
    }
    free(bs->chart); free(bs->outer_of); free(bs->hole); free(bs->cut); free(bs->cc_map); free(bs->cc);
    bvh_destroy(bs->bvh);
    free(bs->tri_plate); free(bs->tri_uv); free(bs->posed);
    mesh_data_free(&bs->all);
    rig_skin_free(&bs->skin);
    free(bs);
}

void blast_reset(blast_state *bs)
{
    bs->count = 0;
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++) {
        bs->plate_blast_count[p] = 0;
        bs->attached[p] = true;
    }
    reset_texels(bs);
}

int blast_count(const blast_state *bs) { return bs->count; }
const blast_sphere *blast_history(const blast_state *bs) { return bs->hist; }
float blast_intact(const blast_state *bs, int plate) { return bs->outer_total[plate] ? (float)bs->intact_count[plate] / (float)bs->outer_total[plate] : 0.0f; }
int blast_intact_texels(const blast_state *bs, int plate) { return bs->intact_count[plate]; }
float blast_blowoff_threshold(const blast_state *bs) { return bs->d.blowoff_intact; }
bool blast_attached(const blast_state *bs, int plate) { return bs->attached[plate]; }
void blast_detach(blast_state *bs, int plate) { bs->attached[plate] = false; }
const uint8_t *blast_cut_mask(const blast_state *bs) { return bs->cut; }
unsigned blast_cut_version(const blast_state *bs) { return bs->cut_version; }

int blast_plates_attached(const blast_state *bs)
{
    int n = 0;
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++) n += bs->attached[p];
    return n;
}

void blast__mark_gone(blast_state *bs, int plate, int texel)
{
    bs->hole[texel] = 1;
    bs->intact_count[plate]--;
    stbcc_update_grid(bs->cc, texel % bs->n, texel / bs->n, 1);
}

unsigned blast_add(blast_state *bs, const float center[3], float radius)
{
    assert(radius > 0);
    if (!grow((void **)&bs->hist, bs->count + 1, &bs->cap, sizeof *bs->hist)) {
        log_error("blast: out of memory recording blast %d", bs->count);
        return 0;
    }
    int id = bs->count++;
    bs->hist[id] = (blast_sphere){{center[0], center[1], center[2]}, radius};
    unsigned touched = 0;
    const robot *r = bs->r;
    stbcc_update_batch_begin(bs->cc);
    for (int p = 0; p < r->plate_count; p++) {
        if (!bs->attached[p]) continue;
        if (glm_vec3_distance(bs->plate_center[p], (float *)center) > radius + r->plates[p].radius) continue;
        if (!grow((void **)&bs->plate_blasts[p], bs->plate_blast_count[p] + 1, &bs->plate_blast_cap[p], sizeof(int))) continue;
        bs->plate_blasts[p][bs->plate_blast_count[p]++] = id;
        for (int q = 0; q < r->panel_count; q++) {
            if (r->panels[q].plate != p) continue;
            panel_texels *pt = &bs->panels[q];
            for (int i = 0; i < pt->outer_count; i++) {
                int t = pt->outer[i];
                if (bs->hole[t]) continue;
                float d = glm_vec3_distance(pt->pos[i], (float *)center);
                if (d >= radius) continue;
                touched |= 1u << p;
                if (blast_value(d, radius) > blast_rough(pt->uv[i])) {
                    blast__mark_gone(bs, p, t);
                    bs->panel_dirty[q] = true;
                }
            }
        }
    }
    stbcc_update_batch_end(bs->cc);
    return touched;
}

float blast_value_at(const blast_state *bs, int plate, const float pos[3])
{
    float v = 0;
    for (int i = 0; i < bs->plate_blast_count[plate]; i++) {
        const blast_sphere *s = &bs->hist[bs->plate_blasts[plate][i]];
        float x = blast_value(glm_vec3_distance((float *)pos, (float *)s->center), s->radius);
        v = x > v ? x : v;
    }
    return v;
}

bool blast_is_hole(const blast_state *bs, int plate, const float pos[3], const float uv[2])
{
    int x = (int)floorf(uv[0] * (float)bs->n), y = (int)floorf(uv[1] * (float)bs->n);
    if (x >= 0 && y >= 0 && x < bs->n && y < bs->n && bs->cut[y * bs->n + x]) return true;
    return blast_value_at(bs, plate, pos) > blast_rough(uv);
}
