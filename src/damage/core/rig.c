#include "damage/core/rig.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"

const int rig_parent[RIG_BONE_COUNT] = {
    [RIG_ROOT] = -1, [RIG_PELVIS] = RIG_ROOT, [RIG_SPINE] = RIG_PELVIS, [RIG_CHEST] = RIG_SPINE,
    [RIG_NECK] = RIG_CHEST, [RIG_HEAD] = RIG_NECK,
    [RIG_CLAVICLE_L] = RIG_CHEST, [RIG_UPPER_ARM_L] = RIG_CLAVICLE_L, [RIG_LOWER_ARM_L] = RIG_UPPER_ARM_L,
    [RIG_HAND_L] = RIG_LOWER_ARM_L,
    [RIG_CLAVICLE_R] = RIG_CHEST, [RIG_UPPER_ARM_R] = RIG_CLAVICLE_R, [RIG_LOWER_ARM_R] = RIG_UPPER_ARM_R,
    [RIG_HAND_R] = RIG_LOWER_ARM_R,
    [RIG_THIGH_L] = RIG_PELVIS, [RIG_SHIN_L] = RIG_THIGH_L, [RIG_FOOT_L] = RIG_SHIN_L,
    [RIG_THIGH_R] = RIG_PELVIS, [RIG_SHIN_R] = RIG_THIGH_R, [RIG_FOOT_R] = RIG_SHIN_R,
};

/* Joints where the body's parts meet (damage/core/robot.c builds the parts around them); _l is +x. */
const float rig_joint[RIG_BONE_COUNT][3] = {
    [RIG_ROOT] = {0, 0, 0}, [RIG_PELVIS] = {0, 0.95f, 0}, [RIG_SPINE] = {0, 1.1f, 0}, [RIG_CHEST] = {0, 1.35f, 0},
    [RIG_NECK] = {0, 1.6f, 0}, [RIG_HEAD] = {0, 1.78f, 0},
    [RIG_CLAVICLE_L] = {0.12f, 1.53f, 0}, [RIG_UPPER_ARM_L] = {0.36f, 1.53f, 0}, [RIG_LOWER_ARM_L] = {0.38f, 1.14f, 0},
    [RIG_HAND_L] = {0.38f, 0.83f, 0},
    [RIG_CLAVICLE_R] = {-0.12f, 1.53f, 0}, [RIG_UPPER_ARM_R] = {-0.36f, 1.53f, 0}, [RIG_LOWER_ARM_R] = {-0.38f, 1.14f, 0},
    [RIG_HAND_R] = {-0.38f, 0.83f, 0},
    [RIG_THIGH_L] = {0.14f, 0.93f, 0}, [RIG_SHIN_L] = {0.14f, 0.51f, 0}, [RIG_FOOT_L] = {0.14f, 0.1f, 0},
    [RIG_THIGH_R] = {-0.14f, 0.93f, 0}, [RIG_SHIN_R] = {-0.14f, 0.51f, 0}, [RIG_FOOT_R] = {-0.14f, 0.1f, 0},
};

static const char *const rig_names[RIG_BONE_COUNT] = {
    "root", "pelvis", "spine", "chest", "neck", "head",
    "clavicle_l", "upper_arm_l", "lower_arm_l", "hand_l", "clavicle_r", "upper_arm_r", "lower_arm_r", "hand_r",
    "thigh_l", "shin_l", "foot_l", "thigh_r", "shin_r", "foot_r",
};

const char *rig_bone_name(int bone) { return bone >= 0 && bone < RIG_BONE_COUNT ? rig_names[bone] : "?"; }

/* The bone a bind-space height belongs to along one chain. */
static int classify(float y, rig_region region, int rigid_bone)
{
    switch (region) {
    case RIG_REGION_TORSO:
        return y < 1.1f ? RIG_PELVIS : y < 1.35f ? RIG_SPINE : y < 1.6f ? RIG_CHEST : y < 1.72f ? RIG_NECK : RIG_HEAD;
    case RIG_REGION_TORSO_PLATE: return y < 1.1f ? RIG_PELVIS : y < 1.35f ? RIG_SPINE : RIG_CHEST;
    case RIG_REGION_ARM_L:
    case RIG_REGION_ARM_R: {
        int o = region == RIG_REGION_ARM_L ? 0 : RIG_CLAVICLE_R - RIG_CLAVICLE_L;
        return o + (y >= 1.14f ? RIG_UPPER_ARM_L : y >= 0.83f ? RIG_LOWER_ARM_L : RIG_HAND_L);
    }
    case RIG_REGION_LEG_L:
    case RIG_REGION_LEG_R: {
        int o = region == RIG_REGION_LEG_L ? 0 : RIG_THIGH_R - RIG_THIGH_L;
        return y >= 1.0f ? RIG_PELVIS : o + (y >= 0.51f ? RIG_THIGH_L : y >= 0.1f ? RIG_SHIN_L : RIG_FOOT_L);
    }
    case RIG_REGION_RIGID: return rigid_bone;
    }
    return RIG_ROOT;
}

void rig_weights(const float p[3], rig_region region, int rigid_bone, uint8_t bone[RIG_INFLUENCES],
                 float weight[RIG_INFLUENCES])
{
    /* tent-weighted samples within BLEND metres along the (vertical) bind axis of the chain */
    enum { K = 4 };
    const float blend = 0.07f;
    float acc[RIG_BONE_COUNT] = {0};
    for (int k = -K; k <= K; k++) acc[classify(p[1] + blend * (float)k / (float)K, region, rigid_bone)] += (float)(K + 1 - abs(k));
    float sum = 0;
    for (int i = 0; i < RIG_INFLUENCES; i++) {
        int best = 0;
        for (int b = 1; b < RIG_BONE_COUNT; b++)
            if (acc[b] > acc[best]) best = b;
        bone[i] = (uint8_t)(acc[best] > 0 ? best : 0);
        weight[i] = acc[best];
        sum += acc[best];
        acc[best] = 0;
    }
    for (int i = 0; i < RIG_INFLUENCES; i++) weight[i] /= sum;
}

bool rig_skin_bake(rig_skin *skin, const float (*pos)[3], int first, int n, rig_region region, int rigid_bone)
{
    assert(first >= 0 && first <= n);
    if (n > skin->count) {
        /* each array keeps whatever realloc handed back, so a failure leaves nothing dangling */
        void *b = realloc(skin->bone, (size_t)n * sizeof *skin->bone);
        if (b) skin->bone = b;
        void *w = b ? realloc(skin->weight, (size_t)n * sizeof *skin->weight) : NULL;
        if (w) skin->weight = w;
        if (!b || !w) {
            log_error("rig: out of memory baking %d skin weights", n);
            return false;
        }
        skin->count = n;
    }
    for (int v = first; v < n; v++) rig_weights(pos[v], region, rigid_bone, skin->bone[v], skin->weight[v]);
    return true;
}

void rig_skin_free(rig_skin *skin)
{
    free(skin->bone);
    free(skin->weight);
    memset(skin, 0, sizeof *skin);
}

int rig_skin_main_bone(const rig_skin *skin, int v)
{
    int best = 0;
    for (int i = 1; i < RIG_INFLUENCES; i++)
        if (skin->weight[v][i] > skin->weight[v][best]) best = i;
    return skin->bone[v][best];
}

void rig_pose_bind(rig_pose *p)
{
    for (int b = 0; b < RIG_BONE_COUNT; b++) {
        glm_quat_identity(p->rot[b]);
        glm_vec3_zero(p->offset[b]);
    }
}

void rig_pose_blend(const rig_pose *a, const rig_pose *b, float t, rig_pose *out)
{
    for (int i = 0; i < RIG_BONE_COUNT; i++) {
        versor q;
        glm_quat_slerp((float *)a->rot[i], (float *)b->rot[i], t, q);
        glm_quat_copy(q, out->rot[i]);
        glm_vec3_lerp((float *)a->offset[i], (float *)b->offset[i], t, out->offset[i]);
    }
}

void rig_pose_world(const rig_pose *p, mat4 root, mat4 world[RIG_BONE_COUNT])
{
    for (int b = 0; b < RIG_BONE_COUNT; b++) {
        int par = rig_parent[b];
        vec3 t;
        for (int k = 0; k < 3; k++) t[k] = rig_joint[b][k] - (par >= 0 ? rig_joint[par][k] : 0.0f) + p->offset[b][k];
        mat4 local, r;
        glm_translate_make(local, t);
        glm_quat_mat4((float *)p->rot[b], r);
        glm_mat4_mul(local, r, local);
        glm_mat4_mul(par >= 0 ? world[par] : root, local, world[b]);
    }
}

void rig_palette(const rig_pose *p, mat4 root, mat4 palette[RIG_BONE_COUNT])
{
    rig_pose_world(p, root, palette);
    for (int b = 0; b < RIG_BONE_COUNT; b++)
        glm_translate(palette[b], (vec3){-rig_joint[b][0], -rig_joint[b][1], -rig_joint[b][2]});
}

void rig_blend_matrix(const mat4 *palette, const uint8_t bone[RIG_INFLUENCES], const float weight[RIG_INFLUENCES], mat4 out)
{
    glm_mat4_zero(out);
    for (int i = 0; i < RIG_INFLUENCES; i++) {
        if (weight[i] == 0.0f) continue;
        const float *m = (const float *)palette[bone[i]];
        float *o = (float *)out;
        for (int k = 0; k < 16; k++) o[k] += weight[i] * m[k];
    }
}

void rig_skin_point(const mat4 *palette, const uint8_t bone[RIG_INFLUENCES], const float weight[RIG_INFLUENCES],
                    const float p[3], float out[3])
{
    float r[3] = {0, 0, 0};
    for (int i = 0; i < RIG_INFLUENCES; i++) {
        if (weight[i] == 0.0f) continue;
        const float (*m)[4] = (const float (*)[4])palette[bone[i]];
        for (int k = 0; k < 3; k++) r[k] += weight[i] * (m[0][k] * p[0] + m[1][k] * p[1] + m[2][k] * p[2] + m[3][k]);
    }
    out[0] = r[0];
    out[1] = r[1];
    out[2] = r[2];
}
