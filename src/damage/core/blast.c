#include "damage/core/blast.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/bvh.h"
#include "base/log.h"

#include <stb_connected_components.h>

#include "damage/core/damage_cc.h"

typedef struct panel_texels {
    int *outer;              /* outer-surface texel indices of this panel */
    float (*pos)[3];         /* their robot-space positions */
    float (*uv)[2];          /* their texel-centre uv */
    int outer_count, outer_cap;
    int *all;                /* every texel of the panel, any chart */
    int all_count, all_cap;
} panel_texels;

struct blast_state {
    const robot *r;
    int n;
    blast_desc d;
    blast_sphere *hist;
    int count, cap;
    int *plate_blasts[ROBOT_PLATE_COUNT];
    int plate_blast_count[ROBOT_PLATE_COUNT], plate_blast_cap[ROBOT_PLATE_COUNT];
    bool attached[ROBOT_PLATE_COUNT];
    int outer_total[ROBOT_PLATE_COUNT], intact_count[ROBOT_PLATE_COUNT];
    vec3 plate_center[ROBOT_PLATE_COUNT];
    panel_texels panels[ROBOT_MAX_PANELS];
    bool panel_dirty[ROBOT_MAX_PANELS];
    int16_t *chart;          /* n²: chart of each texel, -1 empty */
    int32_t *outer_of;       /* n²: the outer texel each texel lies under, -1 none */
    uint8_t *hole;           /* n²: outer texels that are no longer intact */
    uint8_t *cut;            /* n²: 255 where cut away (every chart) */
    unsigned cut_version;
    stbcc_grid *cc;
    uint8_t *cc_map;
    bvh *bvh;
    int *tri_plate;          /* per BVH triangle: plate or -1 */
    float (*tri_uv)[3][2];   /* per BVH triangle: corner uvs (armor) */
    /* every ray-tested vertex (body, glow, plates in that order) at bind and at the current pose */
    mesh_data all;           /* bind-space positions and the triangles */
    float (*posed)[3];
    rig_skin skin;
    mat4 palette[RIG_BONE_COUNT];
};

/* ---- the rough-edge noise; shaders/damage_common.glsl holds the same code ---- */

static uint32_t hash2(uint32_t x, uint32_t y)
{
    uint32_t h = x * 0x8da6b343u ^ y * 0xd8163841u;
    h ^= h >> 13;
    h *= 0x85ebca6bu;
    h ^= h >> 16;
    return h;
}

static float lattice(int x, int y) { return (float)(hash2((uint32_t)x, (uint32_t)y) >> 8) * (1.0f / 16777216.0f); }

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

/* ---- ray structure ---- */

static void append_skin(rig_skin *dst, int at, const rig_skin *src)
{
    memcpy(dst->bone + at, src->bone, (size_t)src->count * sizeof *src->bone);
    memcpy(dst->weight + at, src->weight, (size_t)src->count * sizeof *src->weight);
}

static bool build_bvh(blast_state *bs)
{
    const robot *r = bs->r;
    mesh_data *all = &bs->all;
    mesh_append(all, &r->body, GLM_MAT4_IDENTITY);
    mesh_append(all, &r->glow, GLM_MAT4_IDENTITY);
    int body_tris = all->index_count / 3;
    for (int p = 0; p < r->plate_count; p++) mesh_append(all, &r->plates[p].mesh, (vec4 *)r->plates[p].rest);
    int n = all->index_count / 3, nv = all->vertex_count;
    bs->tri_plate = malloc((size_t)n * sizeof *bs->tri_plate);
    bs->tri_uv = malloc((size_t)n * sizeof *bs->tri_uv);
    bs->posed = malloc((size_t)nv * sizeof *bs->posed);
    bs->skin.bone = malloc((size_t)nv * sizeof *bs->skin.bone);
    bs->skin.weight = malloc((size_t)nv * sizeof *bs->skin.weight);
    if (!bs->tri_plate || !bs->tri_uv || !bs->posed || !bs->skin.bone || !bs->skin.weight) return false;
    bs->skin.count = nv;
    int at = 0;
    append_skin(&bs->skin, at, &r->body_skin);
    at += r->body_skin.count;
    append_skin(&bs->skin, at, &r->glow_skin);
    at += r->glow_skin.count;
    for (int p = 0; p < r->plate_count; p++) {
        append_skin(&bs->skin, at, &r->plates[p].skin);
        at += r->plates[p].skin.count;
    }
    assert(at == nv);
    memcpy(bs->posed, all->pos, (size_t)nv * sizeof *bs->posed);
    for (int b = 0; b < RIG_BONE_COUNT; b++) glm_mat4_identity(bs->palette[b]);
    int t = 0;
    for (; t < body_tris; t++) bs->tri_plate[t] = -1;
    for (int p = 0; p < r->plate_count; p++) {
        const mesh_data *m = &r->plates[p].mesh;
        for (int i = 0; i < m->index_count; i += 3, t++) {
            bs->tri_plate[t] = p;
            for (int k = 0; k < 3; k++) {
                bs->tri_uv[t][k][0] = m->uv[m->idx[i + k]][0];
                bs->tri_uv[t][k][1] = m->uv[m->idx[i + k]][1];
            }
        }
    }
    bs->bvh = bvh_create(&(bvh_desc){.pos = (const float (*)[3])all->pos, .idx = all->idx, .tri_count = n, .tags = bs->tri_plate});
    return bs->bvh != NULL;
}

void blast_set_pose(blast_state *bs, const mat4 *palette)
{
    for (int b = 0; b < RIG_BONE_COUNT; b++) glm_mat4_copy((vec4 *)palette[b], bs->palette[b]);
    for (int v = 0; v < bs->all.vertex_count; v++)
        rig_skin_point(palette, bs->skin.bone[v], bs->skin.weight[v], bs->all.pos[v], bs->posed[v]);
    bvh_refit(bs->bvh, (const float (*)[3])bs->posed, bs->all.idx);
}

void blast_posed_bounds(const blast_state *bs, vec3 lo, vec3 hi)
{
    glm_vec3_copy(bs->posed[0], lo);
    glm_vec3_copy(bs->posed[0], hi);
    for (int v = 1; v < bs->all.vertex_count; v++) {
        glm_vec3_minv(lo, bs->posed[v], lo);
        glm_vec3_maxv(hi, bs->posed[v], hi);
    }
}

const float (*blast_posed_positions(const blast_state *bs, int *count))[3]
{
    *count = bs->all.vertex_count;
    return (const float (*)[3])bs->posed;
}

void blast_bind_to_world(const blast_state *bs, const float bind[3], float out[3])
{
    int best = 0;
    float bd = 1e30f;
    for (int i = 0; i < bs->all.vertex_count; i++) {
        float d = glm_vec3_distance2(bs->all.pos[i], (float *)bind);
        if (d < bd) { bd = d; best = i; }
    }
    mat4 m;
    rig_blend_matrix(bs->palette, bs->skin.bone[best], bs->skin.weight[best], m);
    glm_mat4_mulv3(m, (float *)bind, 1.0f, out);
}

void blast_world_to_bind(const blast_state *bs, const float w[3], float out[3])
{
    /* the nearest surface vertex of the drawn pose (body or attached armor) carries the point */
    const robot *r = bs->r;
    int best = -1, v = r->body.vertex_count + r->glow.vertex_count;
    float bd = 1e30f;
    for (int i = 0; i < v; i++) {
        float d = glm_vec3_distance2(bs->posed[i], (float *)w);
        if (d < bd) { bd = d; best = i; }
    }
    for (int p = 0; p < r->plate_count; p++) {
        int n = r->plates[p].mesh.vertex_count;
        for (int i = v; bs->attached[p] && i < v + n; i++) {
            float d = glm_vec3_distance2(bs->posed[i], (float *)w);
            if (d < bd) { bd = d; best = i; }
        }
        v += n;
    }
    mat4 m, inv;
    rig_blend_matrix(bs->palette, bs->skin.bone[best], bs->skin.weight[best], m);
    glm_mat4_inv(m, inv);
    glm_mat4_mulv3(inv, (float *)w, 1.0f, out);
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
    if (rc.oom || !build_bvh(bs)) goto oom;
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

static void mark_gone(blast_state *bs, int plate, int texel)
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
                    mark_gone(bs, p, t);
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

bool blast_raycast(const blast_state *bs, const float org[3], const float dir[3], float t_max, blast_ray_hit *hit)
{
    float t_min = 0;
    int passed = 0;
    for (int guard = 0; guard < BLAST_MAX_HITS; guard++) {
        bvh_hit h;
        if (!bvh_raycast(bs->bvh, org, dir, t_min, t_max, &h)) return false;
        t_min = h.t;
        int p = h.tag;
        if (p >= 0 && !bs->attached[p]) continue;
        blast_ray_hit out = {.t = h.t, .plate = p};
        const uint32_t *tri = &bs->all.idx[3 * h.tri];
        float w0 = 1.0f - h.u - h.v;
        for (int k = 0; k < 3; k++) {
            out.pos[k] = org[k] + h.t * dir[k];
            out.pos_bind[k] = w0 * bs->all.pos[tri[0]][k] + h.u * bs->all.pos[tri[1]][k] + h.v * bs->all.pos[tri[2]][k];
        }
        out.bone = rig_skin_main_bone(&bs->skin, (int)tri[0]);
        if (p >= 0) {
            const float (*uv)[2] = bs->tri_uv[h.tri];
            out.uv[0] = w0 * uv[0][0] + h.u * uv[1][0] + h.v * uv[2][0];
            out.uv[1] = w0 * uv[0][1] + h.u * uv[1][1] + h.v * uv[2][1];
            if (blast_is_hole(bs, p, out.pos_bind, out.uv)) { passed++; continue; }
        }
        out.holes_passed = passed;
        /* geometric normal of the hit triangle as drawn, turned towards the shooter */
        vec3 e1, e2;
        glm_vec3_sub(bs->posed[tri[1]], bs->posed[tri[0]], e1);
        glm_vec3_sub(bs->posed[tri[2]], bs->posed[tri[0]], e2);
        glm_vec3_cross(e1, e2, out.normal);
        glm_vec3_normalize(out.normal);
        if (glm_vec3_dot(out.normal, (float *)dir) > 0) glm_vec3_negate(out.normal);
        *hit = out;
        return true;
    }
    return false;
}

/* ---- connected components ---- */

/* stbcc ids are large and sparse: a small open-addressing map turns them into 0, 1, 2, ... */
typedef struct id_map {
    unsigned *key;
    int *value;
    unsigned mask;
} id_map;

static int id_map_get(id_map *m, unsigned key, int *count)
{
    unsigned h = (key * 2654435761u) & m->mask;
    while (m->value[h] >= 0 && m->key[h] != key) h = (h + 1) & m->mask;
    if (m->value[h] < 0) { m->key[h] = key; m->value[h] = (*count)++; }
    return m->value[h];
}

static int uf_find(int *parent, int i)
{
    while (parent[i] != i) { parent[i] = parent[parent[i]]; i = parent[i]; }
    return i;
}

static int cut_panel(blast_state *bs, int q)
{
    const robot *r = bs->r;
    panel_texels *pt = &bs->panels[q];
    const int n = bs->n;
    int comps = 0;
    unsigned cap = 64;
    while (cap < 2u * (unsigned)pt->outer_count + 2u) cap *= 2;
    id_map ids = {malloc(cap * sizeof(unsigned)), malloc(cap * sizeof(int)), cap - 1};
    int *comp_of = malloc((size_t)(pt->outer_count + 1) * sizeof *comp_of);
    int *parent = malloc((size_t)(pt->outer_count + 1) * sizeof *parent);
    int *size = calloc((size_t)(pt->outer_count + 1), sizeof *size);
    if (!ids.key || !ids.value || !comp_of || !parent || !size) {
        log_error("blast: out of memory finding islands");
        free(ids.key); free(ids.value); free(comp_of); free(parent); free(size);
        return 0;
    }
    for (unsigned i = 0; i < cap; i++) ids.value[i] = -1;
    for (int i = 0; i < pt->outer_count; i++) {
        int t = pt->outer[i];
        comp_of[i] = -1;
        if (bs->hole[t]) continue;
        int c = id_map_get(&ids, stbcc_get_unique_id(bs->cc, t % n, t / n), &comps);
        if (c == comps - 1 && size[c] == 0) parent[c] = c;
        comp_of[i] = c;
        size[c]++;
    }
    if (r->panels[q].closed && comps > 1) {
        /* a tube's chart is cut open along its seam: the first and last texel of each row touch */
        const robot_chart *oc = &r->charts[r->panels[q].outer_chart];
        int rows = (int)ceilf(oc->h) + 1;
        int *lo = malloc(sizeof(int) * 2 * (size_t)rows);
        if (lo) {
            int *hi = lo + rows;
            for (int y = 0; y < rows; y++) lo[y] = hi[y] = -1;
            for (int i = 0; i < pt->outer_count; i++) {
                int y = pt->outer[i] / n - oc->y0, x = pt->outer[i] % n;
                if (y < 0 || y >= rows) continue;
                if (lo[y] < 0 || x < pt->outer[lo[y]] % n) lo[y] = i;
                if (hi[y] < 0 || x > pt->outer[hi[y]] % n) hi[y] = i;
            }
            for (int y = 0; y < rows; y++) {
                if (lo[y] < 0 || comp_of[lo[y]] < 0 || comp_of[hi[y]] < 0) continue;
                int a = uf_find(parent, comp_of[lo[y]]), b = uf_find(parent, comp_of[hi[y]]);
                if (a != b) { parent[b] = a; size[a] += size[b]; }
            }
            free(lo);
        }
    }
    int best = -1;
    for (int c = 0; c < comps; c++)
        if (uf_find(parent, c) == c && (best < 0 || size[c] > size[best])) best = c;
    /* The rough edge leaves specks of armor inside a hole, on any plate, seam or not (the noise
     * threshold peaks where the blast value is still low): they are the edge, not a piece cut
     * loose, and stay as the shader draws them. A noise bump is about a cell wide: pieces under
     * two by two cells are specks. */
    const float two_cells = 2.0f * (float)n / BLAST_NOISE_SCALE;
    const int min_island = (int)ceilf(two_cells * two_cells);
    int cut = 0;
    if (comps > 1) {
        int plate = r->panels[q].plate;
        /* no queries inside a batch: the components were all read above */
        stbcc_update_batch_begin(bs->cc);
        for (int i = 0; i < pt->outer_count; i++) {
            if (comp_of[i] < 0) continue;
            int root = uf_find(parent, comp_of[i]);
            if (root == best || size[root] < min_island) continue;
            int t = pt->outer[i];
            mark_gone(bs, plate, t);
            bs->cut[t] = 255;
            cut++;
        }
        stbcc_update_batch_end(bs->cc);
        if (cut) {
            for (int i = 0; i < pt->all_count; i++) {
                int t = pt->all[i], o = bs->outer_of[t];
                if (o >= 0 && bs->cut[o]) bs->cut[t] = 255;
            }
            /* into the gutter too, as the GL dilation does: a lookup at a chart's very edge
             * may land on the texel just outside it */
            for (int i = 0; i < pt->all_count; i++) {
                int t = pt->all[i];
                if (!bs->cut[t]) continue;
                int x = t % n, y = t / n;
                for (int dy = -2; dy <= 2; dy++)
                    for (int dx = -2; dx <= 2; dx++) {
                        int xx = x + dx, yy = y + dy;
                        if (xx >= 0 && yy >= 0 && xx < n && yy < n && bs->chart[yy * n + xx] < 0) bs->cut[yy * n + xx] = 255;
                    }
            }
        }
    }
    free(ids.key); free(ids.value); free(comp_of); free(parent); free(size);
    return cut;
}

int blast_cut_islands(blast_state *bs)
{
    int total = 0;
    for (int q = 0; q < bs->r->panel_count; q++) {
        if (!bs->panel_dirty[q]) continue;
        bs->panel_dirty[q] = false;
        if (!bs->attached[bs->r->panels[q].plate]) continue;
        total += cut_panel(bs, q);
    }
    if (total) bs->cut_version++;
    return total;
}
