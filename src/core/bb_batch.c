/* bb_batch.c — classify (cull, group, depth), order, then write A or B. See bb_batch.h. */
#include "core/bb_batch.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/bb_anim.h"
#include "core/bb_cull.h"
#include "core/log.h"

#define CULLED 0xffu

_Static_assert(sizeof(bb_instance) == 24, "bb_instance is uploaded as is: keep it 24 bytes");
_Static_assert(sizeof(bb_quad_vertex) == BB_QUAD_VERTEX_BYTES, "bb_quad_vertex is 13 floats");

bb_batch *bb_batch_create(int capacity)
{
    assert(capacity > 0);
    bb_batch *b = calloc(1, sizeof *b);
    if (!b) goto fail;
    b->capacity = capacity;
    b->key = malloc((size_t)capacity);
    b->depth = malloc((size_t)capacity * sizeof *b->depth);
    b->order = malloc((size_t)capacity * sizeof *b->order);
    b->tmp = malloc((size_t)capacity * sizeof *b->tmp);
    if (!b->key || !b->depth || !b->order || !b->tmp) goto fail;
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

/* Float bits that sort like the floats they encode (as unsigned integers). */
static inline uint32_t sortable(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return (u & 0x80000000u) ? ~u : (u | 0x80000000u);
}

/* Ascending view z = farthest first (GL view space looks down -z): back to front. */
static void radix_sort_by_depth(uint32_t *idx, uint32_t *tmp, int n, const float *depth)
{
    uint32_t *src = idx, *dst = tmp;
    for (int shift = 0; shift < 32; shift += 8) {
        int count[257] = {0};
        for (int i = 0; i < n; i++) count[((sortable(depth[src[i]]) >> shift) & 0xffu) + 1]++;
        for (int k = 0; k < 256; k++) count[k + 1] += count[k];
        for (int i = 0; i < n; i++) dst[count[(sortable(depth[src[i]]) >> shift) & 0xffu]++] = src[i];
        uint32_t *t = src; src = dst; dst = t;
    }
    /* four passes: the result is back in idx */
}

/* Cull, group and (optionally) sort; fills b->order[0..count) and b->groups. */
static int classify(bb_batch *b, const particles *p, const bb_camera *cam)
{
    assert(p->alive <= b->capacity);
    bb_frustum fr;
    bb_frustum_from_matrix((vec4 *)cam->view_proj, &fr);
    int counts[BB_BATCH_GROUPS] = {0};
    int culled = 0;
    const float vz[4] = {cam->view[0][2], cam->view[1][2], cam->view[2][2], cam->view[3][2]};
    for (int i = 0; i < p->alive; i++) {
        const particle *q = &p->items[i];
        if (bb_frustum_sphere(&fr, q->pos, BB_CULL_RADIUS(q->size)) == BB_CULL_OUT) {
            b->key[i] = CULLED;
            culled++;
            continue;
        }
        const int g = bb_batch_group(q->atlas, q->blend);
        b->key[i] = (uint8_t)g;
        counts[g]++;
        if (cam->sort) b->depth[i] = vz[0] * q->pos[0] + vz[1] * q->pos[1] + vz[2] * q->pos[2] + vz[3];
    }
    int cursor[BB_BATCH_GROUPS], total = 0;
    for (int g = 0; g < BB_BATCH_GROUPS; g++) {
        b->groups[g].first = cursor[g] = total;
        b->groups[g].count = counts[g];
        total += counts[g];
    }
    for (int i = 0; i < p->alive; i++)
        if (b->key[i] != CULLED) b->order[cursor[b->key[i]]++] = (uint32_t)i;
    if (cam->sort)
        for (int a = 0; a < BB_ATLAS_COUNT; a++) {
            const bb_group *g = &b->groups[bb_batch_group(a, BB_BLEND_ALPHA)];
            if (g->count > 1) radix_sort_by_depth(b->order + g->first, b->tmp, g->count, b->depth);
        }
    b->count = total;
    b->culled = culled;
    return total;
}

static inline int particle_frame(const particle *q, float *blend)
{
    return bb_anim_frame(q->age, q->frame_time, q->frame0, (q->flags & BB_ANIM_LOOP) != 0, blend);
}

int bb_batch_build_instances(bb_batch *b, const particles *p, const bb_camera *cam, bb_instance *out)
{
    const int n = classify(b, p, cam);
    for (int k = 0; k < n; k++) {
        const particle *q = &p->items[b->order[k]];
        bb_instance *o = &out[k];
        float w;
        o->frame = (uint8_t)particle_frame(q, &w);
        o->blend = (uint8_t)(w * 255.0f + 0.5f);
        float turns = q->rot * (float)(0.5 / GLM_PI);
        turns -= floorf(turns);
        o->rot = (uint16_t)(turns * 65535.0f + 0.5f);
        o->pos[0] = q->pos[0];
        o->pos[1] = q->pos[1];
        o->pos[2] = q->pos[2];
        o->size = q->size;
        o->color = q->color;
    }
    return n;
}

int bb_batch_build_quads(bb_batch *b, const particles *p, const bb_camera *cam, float *out)
{
    static const float corner[4][2] = {{-0.5f, -0.5f}, {0.5f, -0.5f}, {0.5f, 0.5f}, {-0.5f, 0.5f}};
    const int n = classify(b, p, cam);
    vec3 right, up;
    bb_camera_axes(cam, right, up);
    for (int k = 0; k < n; k++) {
        const particle *q = &p->items[b->order[k]];
        float w;
        const int f = particle_frame(q, &w);
        float uv[4], uvn[4];
        bb_anim_cell_uv(f, uv);
        bb_anim_cell_uv(bb_anim_next(f), uvn);
        const float s = sinf(q->rot), c = cosf(q->rot);
        const float col[4] = {(float)(q->color & 0xffu) / 255.0f, (float)((q->color >> 8) & 0xffu) / 255.0f,
                              (float)((q->color >> 16) & 0xffu) / 255.0f, (float)(q->color >> 24) / 255.0f};
        for (int v = 0; v < 4; v++) {
            float *o = out + ((size_t)k * 4 + (size_t)v) * BB_QUAD_FLOATS;
            const float cx = corner[v][0] * q->size, cy = corner[v][1] * q->size;
            const float x = c * cx - s * cy, y = s * cx + c * cy;
            /* corner u grows to the right, v grows downwards in the atlas (top row first) */
            const float u = corner[v][0] + 0.5f, t = 0.5f - corner[v][1];
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
    return n;
}
