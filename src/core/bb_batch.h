/* bb_batch.h — CPU side of the two billboard batchers: what the GL module uploads each frame.
 *
 *   bb_batch *b = bb_batch_create(pool->capacity);
 *   bb_camera cam = { .sort = true };  glm_mat4_copy(view, cam.view);  glm_mat4_copy(vp, cam.view_proj);
 *   int n = bb_batch_build_instances(b, pool, &cam, mapped);     // A: n records of bb_instance
 *   int n = bb_batch_build_quads(b, pool, &cam, mapped_floats);   // B: n * 4 vertices of 13 floats
 *   for (int g = 0; g < BB_BATCH_GROUPS; g++) draw b->groups[g].first .. + count  (atlas, blend)
 *   bb_batch_destroy(b);
 *
 * Both builders cull with the sphere-frustum test, emit the same billboards in the same order,
 * grouped by (atlas, blend) so one draw covers a group, groups packed back to back in
 * BB_BATCH_GROUPS order (group = atlas * BB_BLEND_COUNT + blend). With cam.sort, alpha-blended
 * groups are ordered back to front by view depth (LSD radix sort on the float bits, O(n));
 * additive groups never need it. Output buffers must hold pool->alive records (A) or
 * pool->alive * 4 vertices (B); the return value is how many billboards were written.
 *
 * A — bb_instance, 24 bytes: centre, size, RGBA8 tint, rotation as unorm16 of a turn, atlas
 *     frame and unorm8 blend to the next frame; the vertex shader builds the quad.
 * B — the reference's way: 4 vertices x 13 floats (208 bytes) with the camera-facing corners
 *     computed here: position, uv of this frame, uv of the next frame, blend, RGBA, size.
 * Scratch memory is allocated once at creation for `capacity` billboards; building never allocates.
 * Creation failure logs and returns NULL. Frames and uvs follow core/bb_anim.h.
 */
#ifndef IMPRINT_CORE_BB_BATCH_H
#define IMPRINT_CORE_BB_BATCH_H

#include <stdbool.h>
#include <stdint.h>
#include <cglm/cglm.h>

#include "core/particles.h"

#define BB_BATCH_GROUPS (BB_ATLAS_COUNT * BB_BLEND_COUNT)
#define BB_QUAD_FLOATS 13
#define BB_QUAD_VERTEX_BYTES (BB_QUAD_FLOATS * 4)

typedef struct bb_instance {
    float pos[3];
    float size;
    uint32_t color;  /* RGBA8, red in the low byte */
    uint16_t rot;    /* angle / 2pi as unorm16 */
    uint8_t frame;   /* atlas cell 0..63 */
    uint8_t blend;   /* weight of the next cell, unorm8 */
} bb_instance;

/* One vertex of batcher B: 13 floats. */
typedef struct bb_quad_vertex {
    float pos[3];      /* world-space corner */
    float uv[2];       /* atlas uv in this frame's cell */
    float uv_next[2];  /* same corner in the next frame's cell */
    float blend;
    float color[4];
    float size;        /* soft-edge depth range scales with it */
} bb_quad_vertex;

typedef struct bb_camera {
    mat4 view;       /* world -> view */
    mat4 view_proj;  /* world -> clip, for culling */
    bool sort;       /* back-to-front order inside alpha groups */
} bb_camera;

typedef struct bb_group {
    int first, count; /* in billboards (instances, or quads of 4 vertices) */
} bb_group;

typedef struct bb_batch {
    bb_group groups[BB_BATCH_GROUPS];
    int count;     /* billboards written by the last build */
    int culled;    /* live billboards outside the frustum in the last build */
    int capacity;
    uint8_t *key;           /* per live particle: group, or 0xff when culled */
    float *depth;           /* per live particle: view z (sort only) */
    uint32_t *order, *tmp;  /* particle indices in emission order; radix scratch */
} bb_batch;

bb_batch *bb_batch_create(int capacity);
void bb_batch_destroy(bb_batch *b);

static inline int bb_batch_group(int atlas, int blend) { return atlas * BB_BLEND_COUNT + blend; }

int bb_batch_build_instances(bb_batch *b, const particles *p, const bb_camera *cam, bb_instance *out);
int bb_batch_build_quads(bb_batch *b, const particles *p, const bb_camera *cam, float *out);

/* Camera right and up axes in world space (rows of the view rotation). */
void bb_camera_axes(const bb_camera *cam, vec3 right, vec3 up);

#endif
