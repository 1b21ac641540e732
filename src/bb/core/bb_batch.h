/* bb_batch.h — CPU side of the three billboard batchers: what the GL module uploads each frame.
 *
 *   bb_batch *b = bb_batch_create(pool->capacity);
 *   bb_camera cam = { .sort = true };  glm_mat4_copy(view, cam.view);  glm_mat4_copy(vp, cam.view_proj);
 *   int n = bb_batch_build_instances(b, pool, &cam, mapped);     // A: n records of bb_instance
 *   int n = bb_batch_build_quads(b, pool, &cam, mapped_floats);   // B: n * 4 vertices of 13 floats
 *   int n = bb_batch_build_cpu(b, pool, &cam, mapped_floats);     // C: n * 4 vertices of 13 floats
 *   for (int m = 0; m < BB_BLEND_COUNT; m++) draw b->runs[m].first .. + count  (one draw per blend mode)
 *   bb_batch_destroy(b);
 *
 * One pipeline for all three, so they cull, group and order identically:
 *   1. chunks (bb/core/particles.h): each chunk's box is tested against the frustum; a chunk
 *      outside is skipped whole, one inside takes all its billboards untested, and only
 *      billboards of straddling chunks meet the sphere test. The boxes also bound the depth
 *      range of everything visible, before any billboard is read.
 *   2. one pass over the visible chunks packs each billboard into its 32-byte record (stage,
 *      cached memory) with a sort key, branch-free: a culled billboard is written and then
 *      overwritten by the next (the write cursor advances by the visibility bit).
 *   3. one counting sort on the key: alpha billboards of every atlas together by view depth
 *      quantized to 12 bits over the visible range, back to front (billboards closer in depth
 *      than range/4096 keep pool order), then additive ones by atlas in pool order (no order
 *      needed). Unsorted builds keep pool order for alpha too.
 *   4. A: each record is packed once, straight into its sorted slot of the output (the lines of
 *      the slots a chunk ahead are prefetched); B and C visit the billboards in sorted order and
 *      write their four vertices.
 * The alpha run comes first, then the additive run (b->runs); atlases are layers of one texture
 * array, so each run is one draw. The output must hold pool->alive records (A) or
 * pool->alive * 4 vertices (B, C); the return value is how many billboards are drawn.
 *
 * A — bb_instance, 32 bytes: centre, size, RGBA8 tint, rotation (unorm16 of a turn), phase
 *     (frames elapsed, 8.8 fixed point: looped animations wrap at their atlas's cell count,
 *     cam.grid, 64 by default; held ones stop at 255),
 *     velocity (snorm16 of BB_VEL_MAX), start frame and flags (loop, alignment, atlas layer:
 *     cam.align, when not auto, replaces every billboard's alignment here);
 *     the vertex shader picks the cells (bb_anim_frame_phase is its CPU mirror) and builds
 *     the quad. The CPU only copies.
 * B — the reference's way: 4 vertices x 13 floats (208 bytes), every vertex carries the centre,
 *     its corner's uv in [0, 1]^2, size, sin and cos of the rotation, the frame value
 *     (alignment * 512 + atlas layer * 64 + cell + blend weight of the next cell as its
 *     fraction) and the RGBA
 *     tint; the vertex shader expands the corner in view space and picks the cells. Velocity
 *     alignment needs no more floats: (cos, sin) is then the projected direction of motion
 *     times the stretch (size + |v| * BB_VELOCITY_STRETCH) / size, computed here.
 * C — world corners on the CPU (as OGRE's BillboardSet does): 4 vertices x 13 floats with the
 *     camera-facing corners computed here (bb_corners, every alignment): position, uv of this
 *     frame, uv of the next frame, atlas layer + blend weight, RGBA, size.
 * Scratch memory is allocated once at creation for `capacity` billboards; building never allocates.
 * Creation failure logs and returns NULL. Frames and uvs follow core/bb_anim.h.
 */
#ifndef IMPRINT_CORE_BB_BATCH_H
#define IMPRINT_CORE_BB_BATCH_H

#include <stdbool.h>
#include <stdint.h>
#include <cglm/cglm.h>

#include "bb/core/particles.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The three batchers (`--batcher`), and the one table of their names, NULL-terminated
 * (base/names.h). */
typedef enum bb_batcher { BB_BATCHER_INSTANCED = 0, BB_BATCHER_QUADS, BB_BATCHER_CPU, BB_BATCHER_COUNT } bb_batcher;
extern const char *const bb_batcher_names[BB_BATCHER_COUNT + 1];
/* false for a name not in the table */
bool bb_batcher_parse(const char *name, bb_batcher *out);
const char *bb_batcher_name(bb_batcher b);

/* `--bb-align`: auto keeps each billboard's own alignment (particle.align), the others override
 * every billboard's; the table of names follows the enum (base/names.h). */
typedef enum bb_align_override {
    BB_ALIGN_AUTO = 0, BB_ALIGN_ALL_SCREEN, BB_ALIGN_ALL_VIEWPOINT, BB_ALIGN_ALL_VELOCITY, BB_ALIGN_OVERRIDE_COUNT
} bb_align_override;
extern const char *const bb_align_names[BB_ALIGN_OVERRIDE_COUNT + 1];
bool bb_align_parse(const char *name, bb_align_override *out);

#define BB_QUAD_FLOATS 13
#define BB_QUAD_VERTEX_BYTES (BB_QUAD_FLOATS * 4)
#define BB_VEL_MAX 64.0f /* m/s at full scale of bb_instance.vel */

typedef struct bb_instance {
    float pos[3];
    float size;
    uint32_t color;  /* RGBA8, red in the low byte */
    uint16_t rot;    /* angle / 2pi as unorm16 (wraps) */
    uint16_t phase;  /* frames elapsed since frame0, 8.8 fixed point */
    int16_t vel[3];  /* snorm16 * BB_VEL_MAX */
    uint8_t frame0;  /* start cell 0..63 */
    uint8_t flags;   /* bit 0 BB_ANIM_LOOP, bits 1-2 bb_align, bits 3-5 atlas */
} bb_instance;

/* What a record stands for, decoded (the mirror of the vertex shader's inputs). */
static inline float bb_instance_phase(const bb_instance *r) { return (float)r->phase * (1.0f / 256.0f); }
static inline float bb_instance_angle(const bb_instance *r) { return (float)r->rot * (6.28318530718f / 65536.0f); }
static inline float bb_instance_vel(const bb_instance *r, int k) { return (float)r->vel[k] * (BB_VEL_MAX / 32767.0f); }

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
    float layer_blend; /* atlas layer + weight of the next frame */
    float color[4];
    float size;        /* soft-edge depth range scales with it */
} bb_cpu_vertex;

typedef struct bb_camera {
    mat4 view;       /* world -> view */
    mat4 view_proj;  /* world -> clip, for culling */
    bool sort;       /* back-to-front order inside alpha groups */
    bb_align_override align; /* written into every record's flags (auto: each billboard's own) */
    uint8_t grid[BB_ATLAS_MAX][2]; /* columns, rows of frames of each atlas; {0, 0} = 8 x 8: a looped
                                    * phase wraps at its cell count, C's uvs follow its cells */
} bb_camera;

typedef struct bb_group {
    int first, count; /* in billboards (instances, or quads of 4 vertices) */
} bb_group;

typedef struct bb_batch {
    bb_group runs[BB_BLEND_COUNT]; /* alpha (sorted), then additive */
    int count;     /* billboards written by the last build */
    int span;      /* records from the start of the output that hold them (upload this many) */
    int culled;    /* live billboards outside the frustum in the last build */
    int chunks_in, chunks_out, chunks_straddle; /* chunk culling of the last build */
    int capacity;
    uint32_t *key;          /* per pool index: sort key (chunks not outside) */
    uint32_t *order;        /* B, C: pool indices in output order */
    uint8_t *chunk_state;   /* per chunk: bb_cull */
    int *buckets;           /* counting sort histogram */
} bb_batch;

bb_batch *bb_batch_create(int capacity);
void bb_batch_destroy(bb_batch *b);

int bb_batch_build_instances(bb_batch *b, const particles *p, const bb_camera *cam, bb_instance *out);
int bb_batch_build_quads(bb_batch *b, const particles *p, const bb_camera *cam, float *out);
int bb_batch_build_cpu(bb_batch *b, const particles *p, const bb_camera *cam, float *out);

/* Billboard i of the pool packed as batcher A sends it. */
void bb_batch_pack(const particles *p, int i, bb_instance *out);


/* The CPU mirror of the vertex shaders' expansion (shaders/bb_common.glsl): view-space centre
 * of record q and the view-space offsets of its corners (-,-) (+,-) (+,+) (-,+), for its
 * alignment: screen (rotated in the view plane), view-point (facing the camera's position,
 * upright) or velocity (along the projected velocity, size + |v| * BB_VELOCITY_STRETCH long;
 * screen-aligned when it does not move on the screen). */
void bb_corners(const bb_camera *cam, const bb_instance *q, float centre[3], float offset[4][3]);
/* Velocity alignment's axis: the unit direction of the projected velocity of q and its speed in
 * m/s at q's depth; false when q does not move on the screen. */
bool bb_velocity_axis(const bb_camera *cam, const float centre[3], const bb_instance *q, float axis[2], float *speed);

#ifdef __cplusplus
}
#endif

#endif
