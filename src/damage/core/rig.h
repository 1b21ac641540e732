/* rig.h — the robot's skeleton, its baked skin weights and linear-blend skinning on the CPU
 * (GL-free; shaders/gfx_skin.glsl is the GPU side of rig_skin_point).
 *
 *   rig_pose pose;  rig_pose_bind(&pose);                 // every bone at its bind transform
 *   pose.rot[RIG_SHIN_L] = ...;                           // local rotations (and offsets)
 *   mat4 pal[RIG_BONE_COUNT];  rig_palette(&pose, root, pal);   // bind space -> world, per bone
 *   rig_skin_point(pal, v.bone, v.weight, bind_pos, world_pos);
 *
 * Bind space is robot space at rest (feet at y = 0 on the origin, facing +z): the body meshes and
 * the plates' rest transforms live there. Every bone's bind frame is its joint position with no
 * rotation, so the palette entry of bone b is world(b) * T(-joint(b)).
 * Weights: rig_weights bakes at most RIG_INFLUENCES bones per vertex, summing to 1, from the
 * vertex's region (which chain it belongs to): the bone under each of a few samples along the
 * limb's bind axis (vertical), tent-weighted, so a vertex near a joint blends the two bones and a
 * vertex far from one follows its bone rigidly.
 */
#ifndef IMPRINT_CORE_DAMAGE_RIG_H
#define IMPRINT_CORE_DAMAGE_RIG_H

#include <stdbool.h>
#include <stdint.h>

#include <cglm/cglm.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    RIG_ROOT, RIG_PELVIS, RIG_SPINE, RIG_CHEST, RIG_NECK, RIG_HEAD,
    RIG_CLAVICLE_L, RIG_UPPER_ARM_L, RIG_LOWER_ARM_L, RIG_HAND_L,
    RIG_CLAVICLE_R, RIG_UPPER_ARM_R, RIG_LOWER_ARM_R, RIG_HAND_R,
    RIG_THIGH_L, RIG_SHIN_L, RIG_FOOT_L, RIG_THIGH_R, RIG_SHIN_R, RIG_FOOT_R,
    RIG_BONE_COUNT
};
#define RIG_INFLUENCES 4

/* Which chain a vertex belongs to; RIG_REGION_RIGID follows one given bone. */
typedef enum rig_region {
    RIG_REGION_TORSO,       /* pelvis .. head along y */
    RIG_REGION_TORSO_PLATE, /* pelvis, spine, chest only (chest and back plates: the neck stays free) */
    RIG_REGION_ARM_L, RIG_REGION_ARM_R,
    RIG_REGION_LEG_L, RIG_REGION_LEG_R,
    RIG_REGION_RIGID
} rig_region;

/* Per-vertex skin of one mesh: bone indices and weights, count entries. */
typedef struct rig_skin {
    uint8_t (*bone)[RIG_INFLUENCES];
    float (*weight)[RIG_INFLUENCES];
    int count;
} rig_skin;

typedef struct rig_pose {
    versor rot[RIG_BONE_COUNT]; /* local rotation about the bone's joint, in its parent's frame */
    vec3 offset[RIG_BONE_COUNT]; /* local translation added to the bind offset (root: position) */
} rig_pose;

extern const int rig_parent[RIG_BONE_COUNT];
extern const float rig_joint[RIG_BONE_COUNT][3];
const char *rig_bone_name(int bone);

/* Bakes one vertex (bind-space position p). Unused slots have weight 0 and bone 0. */
void rig_weights(const float p[3], rig_region region, int rigid_bone, uint8_t bone[RIG_INFLUENCES],
                 float weight[RIG_INFLUENCES]);
/* Grows skin to n entries and bakes entries [first, n) of pos with one region. Out of memory:
 * logs and returns false, the skin keeps its old entries (and count). */
bool rig_skin_bake(rig_skin *skin, const float (*pos)[3], int first, int n, rig_region region, int rigid_bone);
void rig_skin_free(rig_skin *skin);
/* The bone with the largest weight of a vertex. */
int rig_skin_main_bone(const rig_skin *skin, int vertex);

void rig_pose_bind(rig_pose *p);
/* out = a blended towards b by t (slerp of rotations, lerp of offsets); out may alias a or b. */
void rig_pose_blend(const rig_pose *a, const rig_pose *b, float t, rig_pose *out);
/* Bone frames in world space (root: robot -> world, e.g. the knock-back offset). */
void rig_pose_world(const rig_pose *p, mat4 root, mat4 world[RIG_BONE_COUNT]);
/* Skinning palette: bind space -> world, per bone. */
void rig_palette(const rig_pose *p, mat4 root, mat4 palette[RIG_BONE_COUNT]);
/* Linear blend of the palette matrices of one vertex (what the vertex shader forms). */
void rig_blend_matrix(const mat4 *palette, const uint8_t bone[RIG_INFLUENCES], const float weight[RIG_INFLUENCES],
                      mat4 out);
void rig_skin_point(const mat4 *palette, const uint8_t bone[RIG_INFLUENCES], const float weight[RIG_INFLUENCES],
                    const float p[3], float out[3]);

#ifdef __cplusplus
}
#endif

#endif
