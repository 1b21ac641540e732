/* bb_batch.h — CPU side of the three billboard batchers: what the GL module uploads each frame.
 *
 *   bb_batch *b = bb_batch_create(pool->capacity);
 *   bb_camera cam = { .sort = true };  glm_mat4_copy(view, cam.view);  glm_mat4_copy(vp, cam.view_proj);
 *   int n = bb_batch_build_instances(b, pool, &cam, mapped);     // A: n records of bb_instance
 *   int n = bb_batch_build_quads(b, pool, &cam, mapped_floats);   // B: n * 4 vertices of 13 floats
 *   int n = bb_batch_build_cpu(b, pool, &cam, mapped_floats);     // C: n * 4 vertices of 13 floats
 *   for (int g = 0; g < BB_BATCH_GROUPS; g++) draw b->groups[g].first .. + count  (atlas, blend)
 *   bb_batch_destroy(b);
 *
 * All builders cull with the sphere-frustum test, emit the same billboards in the same order,
 * grouped by (atlas, blend) so one draw covers a group, groups in BB_BATCH_GROUPS order
 * (group = atlas * BB_BLEND_COUNT + blend). Sorted builds pack the groups back to back; unsorted
 * builds cull in the same pass that writes, so each group owns room for all its live
 * billboards and draws only the first `count` (span = alive then). With cam.sort, alpha-blended
 * groups are ordered back to front by view depth (one counting-sort pass on depth quantized
 * to 12 bits over the visible range: O(n); billboards closer in depth than range/4096 keep
 * pool order); additive groups never need it. A sorts its compact records themselves; B and C sort
 * particle indices and then visit the particles in that order, as a CPU quad builder must.
 * Output buffers must hold pool->alive records (A) or pool->alive * 4 vertices (B, C); the
 * return value is how many billboards were written.
 *
 * A — bb_instance, 28 bytes: centre, size, RGBA8 tint, rotation as unorm16 of a turn, start
 *     frame, loop flag and animation phase; the vertex shader picks the cells
 *     (bb_anim_frame_phase is its CPU mirror) and builds the quad. The CPU only copies.
 * B — the reference's way: 4 vertices x 13 floats (208 bytes), every vertex carries the centre,
 *     its corner's uv in [0, 1]^2, size, sin and cos of the rotation, the frame value
 *     (cell + blend weight of the next cell as its fraction) and the RGBA tint; the vertex
 *     shader expands the corner in view space and picks the cells.
 * C — world corners on the CPU (as OGRE's BillboardSet does): 4 vertices x 13 floats with the
 *     camera-facing corners computed here: position, uv of this frame, uv of the next frame,
 *     blend, RGBA, size.
 * Scratch memory is allocated once at creation for `capacity` billboards; building never allocates.
 * Creation failure logs and returns NULL. Frames and uvs follow core/bb_anim.h.
 */
#ifndef IMPRINT_CORE_BB_BATCH_H
#define IMPRINT_CORE_BB_BATCH_H

#include <stdbool.h>
#include <stdint.h>
#include <cglm/cglm.h>

#include "core/bb/particles.h"

/* The three batchers (`--batcher`), and the one table of their names, NULL-terminated
 * (core/base/names.h). */
typedef enum bb_batcher { BB_BATCHER_INSTANCED = 0, BB_BATCHER_QUADS, BB_BATCHER_CPU, BB_BATCHER_COUNT } bb_batcher;
extern const char *const bb_batcher_names[BB_BATCHER_COUNT + 1];
/* false for a name not in the table */
bool bb_batcher_parse(const char *name, bb_batcher *out);
const char *bb_batcher_name(bb_batcher b);

#define BB_BATCH_GROUPS (BB_ATLAS_COUNT * BB_BLEND_COUNT)
#define BB_QUAD_FLOATS 13
#define BB_QUAD_VERTEX_BYTES (BB_QUAD_FLOATS * 4)

typedef struct bb_instance {
    float pos[3];
    float size;
    uint32_t color;  /* RGBA8, red in the low byte */
    uint16_t rot;    /* angle / 2pi as unorm16 */
    uint8_t frame0;  /* start cell 0..63 */
    uint8_t flags;   /* BB_ANIM_LOOP */
    float phase;     /* frames elapsed since frame0 */
} bb_instance;

/* One vertex of batcher B (the reference's layout): 13 floats. */
typedef struct bb_quad_vertex {
    float centre[3];   /* world-space centre of the billboard (the same in all four) */
    float corner[2];   /* this corner in [0, 1]^2: (0, 0) bottom-left */
    float size;        /* edge length */
    float sin, cos;    /* of the rotation in the view plane */
    float frame;       /* atlas cell + weight of the next cell */
    float color[4];
} bb_quad_vertex;

/* One vertex of batcher C: 13 floats. */
typedef struct bb_cpu_vertex {
    float pos[3];      /* world-space corner */
    float uv[2];       /* atlas uv in this frame's cell */
    float uv_next[2];  /* same corner in the next frame's cell */
    float blend;
    float color[4];
    float size;        /* soft-edge depth range scales with it */
} bb_cpu_vertex;

typedef struct bb_camera {
    mat4 view;       /* world -> view */
    mat4 view_proj;  /* world -> clip, for culling */
    bool sort;       /* back-to-front order inside alpha groups */
} bb_camera;

typedef struct bb_group {
    int first, count; /* in billboards (instances, or quads of 4 vertices) */
} bb_group;

/* Sorted batcher A carries each record through the sort with its depth. */
typedef struct bb_sort_record {
    float z;
    bb_instance rec;
} bb_sort_record;

typedef struct bb_batch {
    bb_group groups[BB_BATCH_GROUPS];
    int count;     /* billboards written by the last build */
    int span;      /* records from the start of the output that hold them (upload this many) */
    int culled;    /* live billboards outside the frustum in the last build */
    int capacity;
    uint8_t *key;           /* B, C sorted: per live particle, group or 0xff when culled */
    float *depth;           /* B, C sorted: per live particle, view z */
    uint32_t *order, *tmp;  /* B, C sorted: particle indices in emission order; sort scratch */
    bb_sort_record *stage;  /* A sorted: records grouped, then counting-sorted into the output */
    int *buckets;           /* counting sort histogram */
} bb_batch;

bb_batch *bb_batch_create(int capacity);
void bb_batch_destroy(bb_batch *b);

static inline int bb_batch_group(int atlas, int blend) { return atlas * BB_BLEND_COUNT + blend; }

int bb_batch_build_instances(bb_batch *b, const particles *p, const bb_camera *cam, bb_instance *out);
int bb_batch_build_quads(bb_batch *b, const particles *p, const bb_camera *cam, float *out);
int bb_batch_build_cpu(bb_batch *b, const particles *p, const bb_camera *cam, float *out);

/* Camera right and up axes in world space (rows of the view rotation). */
void bb_camera_axes(const bb_camera *cam, vec3 right, vec3 up);

#endif
