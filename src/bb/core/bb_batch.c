/* bb_batch.c — chunks, keys, counting sort, each record packed once into its slot. See bb_batch.h. */
#include "bb/core/bb_batch.h"

#include "base/names.h"
#include "base/alloc.h"

#include <assert.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "bb/core/bb_anim.h"
#include "bb/core/bb_cull.h"
#include "base/log.h"
#include "base/mathx.h"

/* Back to front = ascending view z (GL view space looks down -z). One counting-sort pass on
 * depth quantized to SORT_BITS over the visible range: for a 50 m deep view that is 1.2 cm
 * buckets, finer than any two overlapping billboards need. Keys: alpha billboards of every
 * atlas by depth, 0 .. SORT_DEPTHS - 1, then additive ones by atlas (pool order inside). */
#define SORT_BITS 12
#define SORT_DEPTHS (1 << SORT_BITS)
#define SORT_KEYS (SORT_DEPTHS + BB_ATLAS_MAX)

#define ROT_SCALE ((float)(65536.0 / (2.0 * GLM_PI)))
#define VEL_SCALE (32767.0f / BB_VEL_MAX)

_Static_assert(sizeof(bb_instance) == 32, "bb_instance is uploaded as is: keep it 32 bytes");
_Static_assert(sizeof(bb_quad_vertex) == BB_QUAD_VERTEX_BYTES, "bb_quad_vertex is 13 floats");
_Static_assert(sizeof(bb_cpu_vertex) == BB_QUAD_VERTEX_BYTES, "bb_cpu_vertex is 13 floats");

bb_batch *bb_batch_create(int capacity)
{
    assert(capacity > 0);
    bb_batch *b = ALLOC_STRUCT(bb_batch);
    if (!b) goto fail;
    b->capacity = capacity;
    b->key = malloc((size_t)capacity * sizeof *b->key);
    b->order = malloc((size_t)capacity * sizeof *b->order);
    b->chunk_state = malloc((size_t)(capacity + PARTICLES_CHUNK - 1) / PARTICLES_CHUNK);
    b->buckets = malloc((SORT_KEYS + 2) * sizeof *b->buckets);
    if (!b->key || !b->order || !b->chunk_state || !b->buckets) goto fail;
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
    free(b->order);
    free(b->chunk_state);
    free(b->buckets);
    free(b);
}

/* How a build writes records: cam.align's and-mask and or-bits of meta's alignment field, and
 * where each atlas's looped phase wraps (its cell count, cam.grid) with the reciprocal. */
typedef struct align_bits {
    uint32_t keep, set;
    float period[BB_ATLAS_MAX], inv_period[BB_ATLAS_MAX];
} align_bits;

static align_bits align_override(const bb_camera *cam)
{
    const bb_align_override a = cam->align;
    assert(a >= 0 && a < BB_ALIGN_OVERRIDE_COUNT);
    align_bits ab = {.keep = ~0u, .set = 0u};
    if (a != BB_ALIGN_AUTO) ab = (align_bits){.keep = ~(3u << 9), .set = (uint32_t)(a - 1) << 9};
    for (int k = 0; k < BB_ATLAS_MAX; k++) {
        const int n = cam->grid[k][0] ? cam->grid[k][0] * cam->grid[k][1] : BB_ANIM_FRAMES;
        assert(n > 0 && n <= BB_ANIM_FRAMES);
        ab.period[k] = (float)n;
        ab.inv_period[k] = 1.0f / (float)n;
    }
    return ab;
}

/* Columns and rows of atlas a's grid. */
static inline void atlas_grid(const bb_camera *cam, int a, int *cols, int *rows)
{
    *cols = cam->grid[a][0] ? cam->grid[a][0] : BB_ANIM_COLS;
    *rows = cam->grid[a][0] ? cam->grid[a][1] : BB_ANIM_ROWS;
}

/* Branch-free: selects and min/max only, so the packing loop has no jumps but its own. */
static inline void pack(const particles *restrict p, int i, const align_bits *ab, bb_instance *restrict o)
{
    o->pos[0] = p->x[i];
    o->pos[1] = p->y[i];
    o->pos[2] = p->z[i];
    o->size = p->size[i];
    o->color = p->color[i];
    /* the integer wraps modulo a turn by itself (conversion to uint16 is modular); the step
     * keeps rot within a turn or two, so the product fits an int32 */
    o->rot = (uint16_t)(int32_t)(p->rot[i] * ROT_SCALE);
    const uint32_t m = (p->meta[i] & ab->keep) | ab->set;
    const float ph = p->phase[i];
    const int a = particles_meta_atlas(m);
    const float wrapped = ph - ab->period[a] * (float)(int32_t)(ph * ab->inv_period[a]);
    const float shown = (m & (BB_ANIM_LOOP << 8)) ? wrapped : (ph < 255.0f ? ph : 255.0f);
    o->phase = (uint16_t)(shown * 256.0f);
    o->vel[0] = (int16_t)clampf(p->vx[i] * VEL_SCALE, -32768.0f, 32767.0f);
    o->vel[1] = (int16_t)clampf(p->vy[i] * VEL_SCALE, -32768.0f, 32767.0f);
    o->vel[2] = (int16_t)clampf(p->vz[i] * VEL_SCALE, -32768.0f, 32767.0f);
    o->frame0 = (uint8_t)(m & 0xffu);
    o->flags = (uint8_t)((m >> 8) & 0xffu);
}

void bb_batch_pack(const particles *p, int i, bb_instance *out)
{
    assert(p && i >= 0 && i < p->alive && out);
    const align_bits ab = align_override(&(bb_camera){.align = BB_ALIGN_AUTO});
    pack(p, i, &ab, out);
}

typedef struct sort_params {
    float vz[4];    /* view z row */
    float zmin, scale;
} sort_params;

/* Key of billboard i: alpha ones their depth bucket, additive ones after them by atlas. */
static inline uint32_t sort_key(const particles *restrict p, int i, const sort_params *s)
{
    const float z = s->vz[0] * p->x[i] + s->vz[1] * p->y[i] + s->vz[2] * p->z[i] + s->vz[3];
    const uint32_t m = p->meta[i];
    const uint32_t d = (uint32_t)clampf((z - s->zmin) * s->scale, 0.0f, (float)(SORT_DEPTHS - 1));
    return particles_meta_blend(m) == BB_BLEND_ALPHA ? d : SORT_DEPTHS + (uint32_t)particles_meta_atlas(m);
}

#if defined(__SSE2__)
/* sort_key() of four billboards at once. */
static inline __m128i sort_key4(const particles *restrict p, int i, const sort_params *s)
{
    const __m128 x = _mm_loadu_ps(p->x + i), y = _mm_loadu_ps(p->y + i), z = _mm_loadu_ps(p->z + i);
    const __m128i meta = _mm_loadu_si128((const __m128i *)(const void *)(p->meta + i));
    const __m128 vz = _mm_add_ps(_mm_add_ps(_mm_mul_ps(_mm_set1_ps(s->vz[0]), x), _mm_mul_ps(_mm_set1_ps(s->vz[1]), y)),
                                 _mm_add_ps(_mm_mul_ps(_mm_set1_ps(s->vz[2]), z), _mm_set1_ps(s->vz[3])));
    __m128 dq = _mm_mul_ps(_mm_sub_ps(vz, _mm_set1_ps(s->zmin)), _mm_set1_ps(s->scale));
    dq = _mm_min_ps(_mm_max_ps(dq, _mm_setzero_ps()), _mm_set1_ps((float)(SORT_DEPTHS - 1)));
    const __m128i blend = _mm_and_si128(_mm_srli_epi32(meta, 16), _mm_set1_epi32(0xff));
    const __m128i atlas = _mm_and_si128(_mm_srli_epi32(meta, 11), _mm_set1_epi32(7));
    const __m128i alpha = _mm_cmpeq_epi32(blend, _mm_set1_epi32(BB_BLEND_ALPHA));
    return _mm_or_si128(_mm_and_si128(alpha, _mm_cvttps_epi32(dq)),
                        _mm_andnot_si128(alpha, _mm_add_epi32(atlas, _mm_set1_epi32(SORT_DEPTHS))));
}

/* pack() of four billboards at once, each record stored to its own slot: the same bytes, from
 * four lanes of each array transposed into four records. */
static inline void pack4_to(const particles *restrict p, int i, const align_bits *ab, bb_instance *o0, bb_instance *o1,
                            bb_instance *o2, bb_instance *o3)
{
    __m128 x = _mm_loadu_ps(p->x + i), y = _mm_loadu_ps(p->y + i), z = _mm_loadu_ps(p->z + i);
    __m128 size = _mm_loadu_ps(p->size + i);
    const __m128i meta = _mm_or_si128(_mm_and_si128(_mm_loadu_si128((const __m128i *)(const void *)(p->meta + i)),
                                                    _mm_set1_epi32((int)ab->keep)),
                                      _mm_set1_epi32((int)ab->set));
    /* rotation and phase, 16 bits each */
    const __m128i rot = _mm_and_si128(_mm_cvttps_epi32(_mm_mul_ps(_mm_loadu_ps(p->rot + i), _mm_set1_ps(ROT_SCALE))),
                                      _mm_set1_epi32(0xffff));
    const __m128 ph = _mm_loadu_ps(p->phase + i);
    /* each lane's atlas's period (the atlas bits are never overridden) */
    const int a0 = particles_meta_atlas(p->meta[i]), a1 = particles_meta_atlas(p->meta[i + 1]);
    const int a2 = particles_meta_atlas(p->meta[i + 2]), a3 = particles_meta_atlas(p->meta[i + 3]);
    const __m128 per = _mm_setr_ps(ab->period[a0], ab->period[a1], ab->period[a2], ab->period[a3]);
    const __m128 inv = _mm_setr_ps(ab->inv_period[a0], ab->inv_period[a1], ab->inv_period[a2], ab->inv_period[a3]);
    const __m128 turns = _mm_cvtepi32_ps(_mm_cvttps_epi32(_mm_mul_ps(ph, inv)));
    const __m128 wrapped = _mm_sub_ps(ph, _mm_mul_ps(per, turns));
    const __m128 held = _mm_min_ps(ph, _mm_set1_ps(255.0f));
    const __m128 loop = _mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(meta, _mm_set1_epi32(BB_ANIM_LOOP << 8)),
                                                          _mm_set1_epi32(BB_ANIM_LOOP << 8)));
    const __m128 shown = _mm_or_ps(_mm_and_ps(loop, wrapped), _mm_andnot_ps(loop, held));
    const __m128i phase = _mm_cvttps_epi32(_mm_mul_ps(shown, _mm_set1_ps(256.0f)));
    const __m128i rotph = _mm_or_si128(rot, _mm_slli_epi32(phase, 16));
    /* velocity: clamped to int16, interleaved (x | y << 16), (z | low half of meta << 16) */
    const __m128 vs = _mm_set1_ps(VEL_SCALE);
    const __m128 lo = _mm_set1_ps(-32768.0f), hi = _mm_set1_ps(32767.0f);
    const __m128i v0 = _mm_cvttps_epi32(_mm_min_ps(_mm_max_ps(_mm_mul_ps(_mm_loadu_ps(p->vx + i), vs), lo), hi));
    const __m128i v1 = _mm_cvttps_epi32(_mm_min_ps(_mm_max_ps(_mm_mul_ps(_mm_loadu_ps(p->vy + i), vs), lo), hi));
    const __m128i v2 = _mm_cvttps_epi32(_mm_min_ps(_mm_max_ps(_mm_mul_ps(_mm_loadu_ps(p->vz + i), vs), lo), hi));
    const __m128i p01 = _mm_packs_epi32(v0, v1);
    const __m128i v01 = _mm_unpacklo_epi16(p01, _mm_srli_si128(p01, 8));
    const __m128i v2m = _mm_or_si128(_mm_unpacklo_epi16(_mm_packs_epi32(v2, v2), _mm_setzero_si128()), _mm_slli_epi32(meta, 16));
    __m128 c = _mm_castsi128_ps(_mm_loadu_si128((const __m128i *)(const void *)(p->color + i)));
    __m128 rp = _mm_castsi128_ps(rotph), a = _mm_castsi128_ps(v01), b = _mm_castsi128_ps(v2m);
    _MM_TRANSPOSE4_PS(x, y, z, size);
    _MM_TRANSPOSE4_PS(c, rp, a, b);
    _mm_storeu_ps((float *)(void *)o0, x);
    _mm_storeu_ps((float *)(void *)o0 + 4, c);
    _mm_storeu_ps((float *)(void *)o1, y);
    _mm_storeu_ps((float *)(void *)o1 + 4, rp);
    _mm_storeu_ps((float *)(void *)o2, z);
    _mm_storeu_ps((float *)(void *)o2 + 4, a);
    _mm_storeu_ps((float *)(void *)o3, size);
    _mm_storeu_ps((float *)(void *)o3 + 4, b);
}
#endif

/* Chunks between the one packed and the one whose output lines are asked for. */
#define AHEAD 1

/* Culled billboards of straddling chunks take this key: after every group, never drawn. */
#define KEY_CULLED ((uint32_t)SORT_KEYS)

/* Chunk range of chunk c. */
static inline void chunk_range(const particles *p, int c, int *first, int *end)
{
    *first = c * PARTICLES_CHUNK;
    *end = *first + PARTICLES_CHUNK < p->alive ? *first + PARTICLES_CHUNK : p->alive;
}

/* Steps 1 and 2: classify the chunks and bound the visible depth; a key per billboard of every
 * chunk not outside, counted in the histogram. */
static void key_visible(bb_batch *b, const particles *p, const bb_camera *cam)
{
    bb_frustum fr;
    bb_frustum_from_matrix((vec4 *)cam->view_proj, &fr);
    sort_params s = {.vz = {cam->view[0][2], cam->view[1][2], cam->view[2][2], cam->view[3][2]}};
    const int nchunks = (p->alive + PARTICLES_CHUNK - 1) / PARTICLES_CHUNK;
    float zmin = FLT_MAX, zmax = -FLT_MAX;
    b->chunks_in = b->chunks_out = b->chunks_straddle = 0;
    for (int c = 0; c < nchunks; c++) {
        const particles_chunk *ch = &p->chunks[c];
        const bb_cull st = bb_frustum_box(&fr, ch->lo, ch->hi, BB_CULL_RADIUS(ch->extent));
        b->chunk_state[c] = (uint8_t)st;
        if (st == BB_CULL_OUT) {
            b->chunks_out++;
            continue;
        }
        if (st == BB_CULL_IN) b->chunks_in++;
        else b->chunks_straddle++;
        float zc = s.vz[3], ez = 0.0f;
        for (int k = 0; k < 3; k++) {
            zc += s.vz[k] * 0.5f * (ch->lo[k] + ch->hi[k]);
            ez += fabsf(s.vz[k]) * 0.5f * (ch->hi[k] - ch->lo[k]);
        }
        zmin = zc - ez < zmin ? zc - ez : zmin;
        zmax = zc + ez > zmax ? zc + ez : zmax;
    }
    s.zmin = zmin;
    s.scale = cam->sort && zmax > zmin ? (float)(SORT_DEPTHS - 1) / (zmax - zmin) : 0.0f;

    int *restrict hist = b->buckets;
    memset(hist, 0, (SORT_KEYS + 2) * sizeof *hist);
    uint32_t *restrict key = b->key;
    for (int c = 0; c < nchunks; c++) {
        int first, end;
        chunk_range(p, c, &first, &end);
        if (b->chunk_state[c] == BB_CULL_IN) {
            int i = first;
#if defined(__SSE2__)
            for (; i + 4 <= end; i += 4) _mm_storeu_si128((__m128i *)(void *)(key + i), sort_key4(p, i, &s));
#endif
            for (; i < end; i++) key[i] = sort_key(p, i, &s);
        } else if (b->chunk_state[c] == BB_CULL_STRADDLE) {
            for (int i = first; i < end; i++) {
                const float r = BB_CULL_RADIUS(particles_extent(p->size[i], p->vx[i], p->vy[i], p->vz[i]));
                const uint32_t vis = bb_frustum_sphere_visible(&fr, (float[3]){p->x[i], p->y[i], p->z[i]}, r);
                const uint32_t k = sort_key(p, i, &s);
                key[i] = vis ? k : KEY_CULLED;
            }
        } else {
            continue;
        }
        for (int i = first; i < end; i++) hist[key[i] + 1]++;
    }
}

/* Step 3: prefix sums over the histogram: where each key's first record goes; the runs from
 * their key ranges. Returns how many billboards are visible (keys before KEY_CULLED). */
static int prefix(bb_batch *b)
{
    int *restrict at = b->buckets;
    for (int k = 0; k <= SORT_KEYS; k++) at[k + 1] += at[k];
    b->runs[BB_BLEND_ALPHA] = (bb_group){.first = 0, .count = at[SORT_DEPTHS]};
    b->runs[BB_BLEND_ADDITIVE] = (bb_group){.first = at[SORT_DEPTHS], .count = at[KEY_CULLED] - at[SORT_DEPTHS]};
    return at[KEY_CULLED];
}

/* Step 4, A: every keyed billboard packed once, straight into its sorted slot (culled ones
 * land after the last visible one, never drawn). */
static void emit_instances(bb_batch *b, const particles *p, const align_bits *ab, bb_instance *restrict out)
{
    const uint32_t *restrict key = b->key;
    int *restrict at = b->buckets;
    const int nchunks = (p->alive + PARTICLES_CHUNK - 1) / PARTICLES_CHUNK;
    for (int c = 0; c < nchunks; c++) {
        if (b->chunk_state[c] == BB_CULL_OUT) continue;
        int i, end;
        chunk_range(p, c, &i, &end);
#if defined(__SSE2__)
        /* the writes land all over the output: ask for a later chunk's lines while this one is
         * packed (their slots are known up to billboards of equal key), or the stores wait on
         * memory one line at a time */
        if (c + AHEAD < nchunks && b->chunk_state[c + AHEAD] != BB_CULL_OUT) {
            int j, jend;
            chunk_range(p, c + AHEAD, &j, &jend);
            for (; j < jend; j++) _mm_prefetch((const char *)&out[at[key[j]]], _MM_HINT_T0);
        }
        for (; i + 4 <= end; i += 4) {
            bb_instance *o0 = &out[at[key[i]]++];
            bb_instance *o1 = &out[at[key[i + 1]]++];
            bb_instance *o2 = &out[at[key[i + 2]]++];
            bb_instance *o3 = &out[at[key[i + 3]]++];
            pack4_to(p, i, ab, o0, o1, o2, o3);
        }
#endif
        for (; i < end; i++) pack(p, i, ab, &out[at[key[i]]++]);
    }
}

/* Step 4, B and C: pool indices in output order. */
static void order_keys(bb_batch *b, const particles *p)
{
    const uint32_t *restrict key = b->key;
    int *restrict at = b->buckets;
    const int nchunks = (p->alive + PARTICLES_CHUNK - 1) / PARTICLES_CHUNK;
    for (int c = 0; c < nchunks; c++) {
        if (b->chunk_state[c] == BB_CULL_OUT) continue;
        int i, end;
        chunk_range(p, c, &i, &end);
        for (; i < end; i++) b->order[at[key[i]]++] = (uint32_t)i;
    }
}

static inline void unpack_color(uint32_t c, float out[4])
{
    for (int k = 0; k < 4; k++) out[k] = (float)((c >> (8 * k)) & 0xffu) / 255.0f;
}

static inline int record_align(const bb_instance *q) { return (q->flags >> 1) & 3; }
static inline int record_layer(const bb_instance *q) { return (q->flags >> 3) & 7; }

static inline void view_point(const bb_camera *cam, const float w[3], float out[3])
{
    for (int k = 0; k < 3; k++) out[k] = cam->view[0][k] * w[0] + cam->view[1][k] * w[1] + cam->view[2][k] * w[2] + cam->view[3][k];
}

bool bb_velocity_axis(const bb_camera *cam, const float centre[3], const bb_instance *q, float axis[2], float *speed)
{
    const float vw[3] = {bb_instance_vel(q, 0), bb_instance_vel(q, 1), bb_instance_vel(q, 2)};
    float v[3];
    for (int k = 0; k < 3; k++) v[k] = cam->view[0][k] * vw[0] + cam->view[1][k] * vw[1] + cam->view[2][k] * vw[2];
    const float px = v[0] - centre[0] * (v[2] / centre[2]), py = v[1] - centre[1] * (v[2] / centre[2]);
    const float l = sqrtf(px * px + py * py);
    *speed = l;
    if (!(l > 1e-4f)) return false;
    axis[0] = px / l;
    axis[1] = py / l;
    return true;
}

void bb_corners(const bb_camera *cam, const bb_instance *q, float centre[3], float offset[4][3])
{
    static const float corner[4][2] = {{-0.5f, -0.5f}, {0.5f, -0.5f}, {0.5f, 0.5f}, {-0.5f, 0.5f}};
    view_point(cam, q->pos, centre);
    const int align = record_align(q);
    const float a = bb_instance_angle(q);
    float axis[2] = {cosf(a), sinf(a)}, along = q->size, speed;
    if (align == BB_ALIGN_VELOCITY && bb_velocity_axis(cam, centre, q, axis, &speed)) along = q->size + speed * BB_VELOCITY_STRETCH;
    /* the plane's axes in view space: the view plane, or facing the camera, upright */
    float right[3] = {1, 0, 0}, up[3] = {0, 1, 0};
    if (align == BB_ALIGN_VIEWPOINT) {
        vec3 n = {-centre[0], -centre[1], -centre[2]}, wu = {cam->view[1][0], cam->view[1][1], cam->view[1][2]};
        glm_vec3_normalize(n);
        glm_vec3_cross(wu, n, right);
        const float l = glm_vec3_norm(right);
        if (l > 1e-5f) glm_vec3_scale(right, 1.0f / l, right);
        else glm_vec3_copy((vec3){1, 0, 0}, right);
        glm_vec3_cross(n, right, up);
    }
    for (int v = 0; v < 4; v++) {
        const float ox = axis[0] * corner[v][0] * along - axis[1] * corner[v][1] * q->size;
        const float oy = axis[1] * corner[v][0] * along + axis[0] * corner[v][1] * q->size;
        for (int k = 0; k < 3; k++) offset[v][k] = right[k] * ox + up[k] * oy;
    }
}

/* B: what the reference sends; the vertex shader does the rest. */
static void write_ref(float *out, const bb_instance *q, const bb_camera *cam)
{
    static const float corner[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    float w;
    int cols, rows;
    atlas_grid(cam, record_layer(q), &cols, &rows);
    const int f = bb_anim_frame_grid(bb_instance_phase(q), q->frame0, (q->flags & BB_ANIM_LOOP) != 0, cols, rows, &w);
    const int align = record_align(q);
    const float a = bb_instance_angle(q);
    float sn = sinf(a), cs = cosf(a);
    if (align == BB_ALIGN_VELOCITY) {
        float centre[3], axis[2], speed;
        view_point(cam, q->pos, centre);
        if (bb_velocity_axis(cam, centre, q, axis, &speed) && q->size > 0.0f) {
            const float m = (q->size + speed * BB_VELOCITY_STRETCH) / q->size;
            cs = axis[0] * m;
            sn = axis[1] * m;
        }
    }
    bb_quad_vertex v = {.centre = {q->pos[0], q->pos[1], q->pos[2]}, .size = q->size, .sin = sn, .cos = cs,
                        .frame = (float)(align * 512 + record_layer(q) * BB_ANIM_FRAMES + f) + w};
    unpack_color(q->color, v.color);
    for (int k = 0; k < 4; k++) {
        v.corner[0] = corner[k][0];
        v.corner[1] = corner[k][1];
        memcpy(out + k * BB_QUAD_FLOATS, &v, sizeof v);
    }
}

/* C: world corners built here: the view-space offsets turned back into the world. */
static void write_cpu(float *out, const bb_instance *q, const bb_camera *cam)
{
    static const float corner[4][2] = {{-0.5f, -0.5f}, {0.5f, -0.5f}, {0.5f, 0.5f}, {-0.5f, 0.5f}};
    float w;
    int cols, rows;
    atlas_grid(cam, record_layer(q), &cols, &rows);
    const int f = bb_anim_frame_grid(bb_instance_phase(q), q->frame0, (q->flags & BB_ANIM_LOOP) != 0, cols, rows, &w);
    float uv[4], uvn[4];
    bb_anim_cell_uv_grid(f, cols, rows, uv);
    bb_anim_cell_uv_grid((f + 1) % (cols * rows), cols, rows, uvn);
    float centre[3], off[4][3];
    bb_corners(cam, q, centre, off);
    float col[4];
    unpack_color(q->color, col);
    for (int v = 0; v < 4; v++) {
        float *o = out + v * BB_QUAD_FLOATS;
        const float u = corner[v][0] + 0.5f, t = corner[v][1] + 0.5f; /* see bb_anim.h */
        /* the view rotation's inverse is its transpose: row k of view is world axis k */
        for (int k = 0; k < 3; k++)
            o[k] = q->pos[k] + cam->view[k][0] * off[v][0] + cam->view[k][1] * off[v][1] + cam->view[k][2] * off[v][2];
        o[3] = uv[0] + u * (uv[2] - uv[0]);
        o[4] = uv[1] + t * (uv[3] - uv[1]);
        o[5] = uvn[0] + u * (uvn[2] - uvn[0]);
        o[6] = uvn[1] + t * (uvn[3] - uvn[1]);
        o[7] = (float)record_layer(q) + w;
        o[8] = col[0];
        o[9] = col[1];
        o[10] = col[2];
        o[11] = col[3];
        o[12] = q->size;
    }
}

static int build(bb_batch *b, const particles *p, const bb_camera *cam, bb_batcher kind, void *out)
{
    assert(b && p && cam && out && p->alive <= b->capacity);
    key_visible(b, p, cam);
    const int n = prefix(b);
    const align_bits ab = align_override(cam);
    if (kind == BB_BATCHER_INSTANCED) {
        emit_instances(b, p, &ab, out);
    } else {
        order_keys(b, p);
        float *f = out;
        for (int k = 0; k < n; k++) {
            bb_instance q;
            pack(p, (int)b->order[k], &ab, &q);
            if (kind == BB_BATCHER_QUADS) write_ref(f + (size_t)k * 4 * BB_QUAD_FLOATS, &q, cam);
            else write_cpu(f + (size_t)k * 4 * BB_QUAD_FLOATS, &q, cam);
        }
    }
    b->culled = p->alive - n;
    b->count = b->span = n;
    return n;
}

int bb_batch_build_instances(bb_batch *b, const particles *p, const bb_camera *cam, bb_instance *out)
{
    return build(b, p, cam, BB_BATCHER_INSTANCED, out);
}

int bb_batch_build_quads(bb_batch *b, const particles *p, const bb_camera *cam, float *out)
{
    return build(b, p, cam, BB_BATCHER_QUADS, out);
}

int bb_batch_build_cpu(bb_batch *b, const particles *p, const bb_camera *cam, float *out)
{
    return build(b, p, cam, BB_BATCHER_CPU, out);
}

const char *const bb_batcher_names[BB_BATCHER_COUNT + 1] = {"instanced", "quads", "cpu", NULL};

bool bb_batcher_parse(const char *name, bb_batcher *out)
{
    int i = names_find(bb_batcher_names, name);
    if (i >= 0) *out = (bb_batcher)i;
    return i >= 0;
}

const char *const bb_align_names[BB_ALIGN_OVERRIDE_COUNT + 1] = {"auto", "screen", "viewpoint", "velocity", NULL};

bool bb_align_parse(const char *name, bb_align_override *out)
{
    int i = names_find(bb_align_names, name);
    if (i >= 0) *out = (bb_align_override)i;
    return i >= 0;
}

const char *bb_batcher_name(bb_batcher b) { return b >= 0 && b < BB_BATCHER_COUNT ? bb_batcher_names[b] : "?"; }
