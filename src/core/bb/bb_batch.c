/* bb_batch.c — classify (cull, group, depth), order, then write A, B or C. See bb_batch.h. */
#include "core/bb/bb_batch.h"

#include "core/base/names.h"
#include "core/base/alloc.h"

#include <assert.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/bb/bb_anim.h"
#include "core/bb/bb_cull.h"
#include "core/base/log.h"

#define CULLED 0xffu

/* Back to front = ascending view z (GL view space looks down -z). One counting-sort pass on
 * depth quantized to SORT_BITS over the visible range: for a 50 m deep view that is 1.2 cm
 * buckets, finer than any two overlapping billboards need, and one pass moves each record once. */
#define SORT_BITS 12
#define SORT_BUCKETS (1 << SORT_BITS)

_Static_assert(sizeof(bb_instance) == 28, "bb_instance is uploaded as is: keep it 28 bytes");
_Static_assert(sizeof(bb_quad_vertex) == BB_QUAD_VERTEX_BYTES, "bb_quad_vertex is 13 floats");
_Static_assert(sizeof(bb_cpu_vertex) == BB_QUAD_VERTEX_BYTES, "bb_cpu_vertex is 13 floats");

bb_batch *bb_batch_create(int capacity)
{
    assert(capacity > 0);
    bb_batch *b = ALLOC_STRUCT(bb_batch);
    if (!b) goto fail;
    b->capacity = capacity;
    b->key = malloc((size_t)capacity);
    b->depth = malloc((size_t)capacity * sizeof *b->depth);
    b->order = malloc((size_t)capacity * sizeof *b->order);
    b->tmp = malloc((size_t)capacity * sizeof *b->tmp);
    b->stage = malloc((size_t)capacity * sizeof *b->stage);
    b->buckets = malloc((SORT_BUCKETS + 1) * sizeof *b->buckets);
    if (!b->key || !b->depth || !b->order || !b->tmp || !b->stage || !b->buckets) goto fail;
    return b;
fail:
    log_error("bb_batch: cannot allocate scratch for %d billboards", capacity);
    bb_batch_destroy(b);
    return NULL;
}

void bb_batch_destroy(bb_batch *b)
{
    if (!b) return;
    free(b->key);
    free(b->depth);
    free(b->order);
    free(b->tmp);
    free(b->stage);
    free(b->buckets);
    free(b);
}

void bb_camera_axes(const bb_camera *cam, vec3 right, vec3 up)
{
    /* cglm is column major: view[col][row]; the rotation's rows are the camera axes */
    for (int i = 0; i < 3; i++) {
        right[i] = cam->view[i][0];
        up[i] = cam->view[i][1];
    }
}


static inline uint32_t depth_key(float z, float zmin, float scale) { return (uint32_t)((z - zmin) * scale); }

static void sort_by_depth(bb_batch *b, uint32_t *idx, int n, float zmin, float scale)
{
    int *count = b->buckets;
    memset(count, 0, (SORT_BUCKETS + 1) * sizeof *count);
    for (int i = 0; i < n; i++) count[depth_key(b->depth[idx[i]], zmin, scale) + 1]++;
    for (int k = 0; k < SORT_BUCKETS; k++) count[k + 1] += count[k];
    for (int i = 0; i < n; i++) b->tmp[count[depth_key(b->depth[idx[i]], zmin, scale)]++] = idx[i];
    memcpy(idx, b->tmp, (size_t)n * sizeof *idx);
}

/* B sorted: cull, group, then order alpha groups by depth; fills b->order[0..count) and
 * packs the groups. */
static int classify_sorted(bb_batch *b, const particles *p, const bb_frustum *fr, const bb_camera *cam)
{
    int counts[BB_BATCH_GROUPS] = {0};
    int culled = 0;
    float zmin = FLT_MAX, zmax = -FLT_MAX;
    const float vz[4] = {cam->view[0][2], cam->view[1][2], cam->view[2][2], cam->view[3][2]};
    for (int i = 0; i < p->alive; i++) {
        const particle *q = &p->items[i];
        if (!bb_frustum_sphere_visible(fr, q->pos, BB_CULL_RADIUS(q->size))) {
            b->key[i] = CULLED;
            culled++;
            continue;
        }
        const int g = bb_batch_group(q->atlas, q->blend);
        b->key[i] = (uint8_t)g;
        counts[g]++;
        const float z = vz[0] * q->pos[0] + vz[1] * q->pos[1] + vz[2] * q->pos[2] + vz[3];
        b->depth[i] = z;
        zmin = z < zmin ? z : zmin;
        zmax = z > zmax ? z : zmax;
    }
    int cursor[BB_BATCH_GROUPS], total = 0;
    for (int g = 0; g < BB_BATCH_GROUPS; g++) {
        b->groups[g].first = cursor[g] = total;
        b->groups[g].count = counts[g];
        total += counts[g];
    }
    for (int i = 0; i < p->alive; i++)
        if (b->key[i] != CULLED) b->order[cursor[b->key[i]]++] = (uint32_t)i;
    const float scale = zmax > zmin ? (SORT_BUCKETS - 1) / (zmax - zmin) : 0.0f;
    for (int a = 0; a < BB_ATLAS_COUNT; a++) {
        const bb_group *g = &b->groups[bb_batch_group(a, BB_BLEND_ALPHA)];
        if (g->count > 1) sort_by_depth(b, b->order + g->first, g->count, zmin, scale);
    }
    b->culled = culled;
    b->span = total;
    return total;
}

/* Unsorted path, one culling pass: each group gets room for all its live billboards (culled
 * ones included, the pool keeps the counts), so records go straight to their slot with no
 * index list and no counting pass; the unused tail of a group is never drawn. */
static void layout_unsorted(bb_batch *b, const particles *p, int cursor[BB_BATCH_GROUPS])
{
    int total = 0;
    for (int g = 0; g < BB_BATCH_GROUPS; g++) {
        b->groups[g].first = cursor[g] = total;
        total += p->group_alive[g];
    }
    b->span = total;
}

static inline void write_instance(bb_instance *o, const particle *q)
{
    o->pos[0] = q->pos[0];
    o->pos[1] = q->pos[1];
    o->pos[2] = q->pos[2];
    o->size = q->size;
    o->color = q->color;
    /* a turn in [0, 1) without floorf (a libm call on baseline x86-64) */
    float turns = q->rot * (float)(0.5 / GLM_PI);
    turns -= (float)(int)turns;
    if (turns < 0.0f) turns += 1.0f;
    o->rot = (uint16_t)(turns * 65535.0f + 0.5f);
    o->frame0 = q->frame0;
    o->flags = q->flags;
    o->phase = q->phase;
}

static inline void unpack_color(uint32_t c, float out[4])
{
    for (int k = 0; k < 4; k++) out[k] = (float)((c >> (8 * k)) & 0xffu) / 255.0f;
}

/* B: what the reference sends; the vertex shader does the rest. */
static void write_ref(float *out, const particle *q)
{
    static const float corner[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    float w;
    const int f = bb_anim_frame_phase(q->phase, q->frame0, (q->flags & BB_ANIM_LOOP) != 0, &w);
    bb_quad_vertex v = {.centre = {q->pos[0], q->pos[1], q->pos[2]}, .size = q->size, .sin = sinf(q->rot),
                        .cos = cosf(q->rot), .frame = (float)f + w};
    unpack_color(q->color, v.color);
    for (int k = 0; k < 4; k++) {
        v.corner[0] = corner[k][0];
        v.corner[1] = corner[k][1];
        memcpy(out + k * BB_QUAD_FLOATS, &v, sizeof v);
    }
}

/* C: camera-facing world corners built here. */
static void write_cpu(float *out, const particle *q, const vec3 right, const vec3 up)
{
    static const float corner[4][2] = {{-0.5f, -0.5f}, {0.5f, -0.5f}, {0.5f, 0.5f}, {-0.5f, 0.5f}};
    float w;
    const int f = bb_anim_frame_phase(q->phase, q->frame0, (q->flags & BB_ANIM_LOOP) != 0, &w);
    float uv[4], uvn[4];
    bb_anim_cell_uv(f, uv);
    bb_anim_cell_uv(bb_anim_next(f), uvn);
    const float s = sinf(q->rot), c = cosf(q->rot);
    float col[4];
    unpack_color(q->color, col);
    for (int v = 0; v < 4; v++) {
        float *o = out + v * BB_QUAD_FLOATS;
        const float cx = corner[v][0] * q->size, cy = corner[v][1] * q->size;
        const float x = c * cx - s * cy, y = s * cx + c * cy;
        const float u = corner[v][0] + 0.5f, t = corner[v][1] + 0.5f; /* see bb_anim.h */
        o[0] = q->pos[0] + right[0] * x + up[0] * y;
        o[1] = q->pos[1] + right[1] * x + up[1] * y;
        o[2] = q->pos[2] + right[2] * x + up[2] * y;
        o[3] = uv[0] + u * (uv[2] - uv[0]);
        o[4] = uv[1] + t * (uv[3] - uv[1]);
        o[5] = uvn[0] + u * (uvn[2] - uvn[0]);
        o[6] = uvn[1] + t * (uvn[3] - uvn[1]);
        o[7] = w;
        o[8] = col[0];
        o[9] = col[1];
        o[10] = col[2];
        o[11] = col[3];
        o[12] = q->size;
    }
}

/* A sorted: one sequential pass culls and writes (depth, record) into per-group regions of the
 * stage; additive groups are copied out as they are, alpha groups are counting-sorted on the
 * depth key straight into the output. */
static int build_instances_sorted(bb_batch *b, const particles *p, const bb_frustum *fr, const bb_camera *cam, bb_instance *out)
{
    int first[BB_BATCH_GROUPS], cursor[BB_BATCH_GROUPS], total = 0;
    for (int g = 0; g < BB_BATCH_GROUPS; g++) {
        first[g] = cursor[g] = total;
        total += p->group_alive[g];
    }
    float zmin = FLT_MAX, zmax = -FLT_MAX;
    const float vz[4] = {cam->view[0][2], cam->view[1][2], cam->view[2][2], cam->view[3][2]};
    for (int i = 0; i < p->alive; i++) {
        const particle *q = &p->items[i];
        if (!bb_frustum_sphere_visible(fr, q->pos, BB_CULL_RADIUS(q->size))) continue;
        bb_sort_record *r = &b->stage[cursor[bb_batch_group(q->atlas, q->blend)]++];
        r->z = vz[0] * q->pos[0] + vz[1] * q->pos[1] + vz[2] * q->pos[2] + vz[3];
        zmin = r->z < zmin ? r->z : zmin;
        zmax = r->z > zmax ? r->z : zmax;
        write_instance(&r->rec, q);
    }
    const float scale = zmax > zmin ? (SORT_BUCKETS - 1) / (zmax - zmin) : 0.0f;
    int n = 0;
    for (int g = 0; g < BB_BATCH_GROUPS; g++) {
        const int count = cursor[g] - first[g];
        const bb_sort_record *src = b->stage + first[g];
        bb_instance *dst = out + n;
        b->groups[g].first = n;
        b->groups[g].count = count;
        n += count;
        if (g % BB_BLEND_COUNT != BB_BLEND_ALPHA || count < 2) {
            for (int k = 0; k < count; k++) dst[k] = src[k].rec;
            continue;
        }
        int *at = b->buckets;
        memset(at, 0, (SORT_BUCKETS + 1) * sizeof *at);
        for (int k = 0; k < count; k++) at[depth_key(src[k].z, zmin, scale) + 1]++;
        for (int d = 0; d < SORT_BUCKETS; d++) at[d + 1] += at[d];
        for (int k = 0; k < count; k++) dst[at[depth_key(src[k].z, zmin, scale)]++] = src[k].rec;
    }
    b->culled = p->alive - n;
    b->count = b->span = n;
    return n;
}

enum kind { INSTANCES, QUADS, CPU };

static inline void write_quad(enum kind kind, float *out, const particle *q, const vec3 right, const vec3 up)
{
    if (kind == QUADS) write_ref(out, q);
    else write_cpu(out, q, right, up);
}

/* The loop all batchers share, so they cull and group identically; only the record differs. */
static inline int build(bb_batch *b, const particles *p, const bb_camera *cam, enum kind kind, void *out)
{
    assert(b && p && cam && out && p->alive <= b->capacity);
    bb_frustum fr;
    bb_frustum_from_matrix((vec4 *)cam->view_proj, &fr);
    vec3 right, up;
    bb_camera_axes(cam, right, up);
    bb_instance *inst = out;
    float *quads = out;
    if (cam->sort) {
        if (kind == INSTANCES) return build_instances_sorted(b, p, &fr, cam, inst);
        const int n = classify_sorted(b, p, &fr, cam);
        for (int k = 0; k < n; k++) write_quad(kind, quads + (size_t)k * 4 * BB_QUAD_FLOATS, &p->items[b->order[k]], right, up);
        b->count = n;
        return n;
    }
    int cursor[BB_BATCH_GROUPS];
    layout_unsorted(b, p, cursor);
    int n = 0;
    for (int i = 0; i < p->alive; i++) {
        const particle *q = &p->items[i];
        if (!bb_frustum_sphere_visible(&fr, q->pos, BB_CULL_RADIUS(q->size))) continue;
        const int slot = cursor[bb_batch_group(q->atlas, q->blend)]++;
        if (kind == INSTANCES) write_instance(&inst[slot], q);
        else write_quad(kind, quads + (size_t)slot * 4 * BB_QUAD_FLOATS, q, right, up);
        n++;
    }
    for (int g = 0; g < BB_BATCH_GROUPS; g++) b->groups[g].count = cursor[g] - b->groups[g].first;
    b->culled = p->alive - n;
    b->count = n;
    return n;
}

int bb_batch_build_instances(bb_batch *b, const particles *p, const bb_camera *cam, bb_instance *out)
{
    return build(b, p, cam, INSTANCES, out);
}

int bb_batch_build_quads(bb_batch *b, const particles *p, const bb_camera *cam, float *out)
{
    return build(b, p, cam, QUADS, out);
}

int bb_batch_build_cpu(bb_batch *b, const particles *p, const bb_camera *cam, float *out)
{
    return build(b, p, cam, CPU, out);
}

const char *const bb_batcher_names[BB_BATCHER_COUNT + 1] = {"instanced", "quads", "cpu", NULL};

bool bb_batcher_parse(const char *name, bb_batcher *out)
{
    int i = names_find(bb_batcher_names, name);
    if (i >= 0) *out = (bb_batcher)i;
    return i >= 0;
}

const char *bb_batcher_name(bb_batcher b) { return b >= 0 && b < BB_BATCHER_COUNT ? bb_batcher_names[b] : "?"; }
