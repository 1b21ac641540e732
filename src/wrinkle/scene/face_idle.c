#include "wrinkle/scene/face_idle.h"

#include <math.h>
#include <string.h>

#define FACE_IDLE_PI 3.14159265f
#define FACE_IDLE_SACCADE_S 0.04f

void face_idle_init(face_idle *fi, unsigned seed)
{
    memset(fi, 0, sizeof *fi);
    rng_seed(&fi->r, (uint64_t)seed ^ FACE_IDLE_STREAM);
    fi->blink_start = -1.0f;
    /* the first blink comes sooner than the rest: a picture a second in may already show one */
    fi->blink_at = rng_range(&fi->r, 0.5f, FACE_IDLE_BLINK_MAX_S);
    fi->gaze_at = rng_range(&fi->r, FACE_IDLE_HOLD_MIN_S, FACE_IDLE_HOLD_MAX_S);
    for (int k = 0; k < 6; k++) fi->phase[k] = rng_range(&fi->r, 0.0f, 2.0f * FACE_IDLE_PI);
}

static float face_idle__smooth(float x) { return x <= 0.0f ? 0.0f : x >= 1.0f ? 1.0f : x * x * (3.0f - 2.0f * x); }

void face_idle_update(face_idle *fi, float dt)
{
    fi->time += dt;
    const float t = fi->time;
    while (t >= fi->blink_at) { /* a long step may skip a blink's picture, never its count */
        fi->blink_start = fi->blink_at;
        fi->blinks++;
        fi->blink_at += rng_range(&fi->r, FACE_IDLE_BLINK_MIN_S, FACE_IDLE_BLINK_MAX_S);
    }
    float u = fi->blink_start >= 0.0f ? (t - fi->blink_start) / FACE_IDLE_BLINK_S : 1.0f;
    float s = u > 0.0f && u < 1.0f ? sinf(FACE_IDLE_PI * u) : 0.0f;
    fi->blink = s * s;

    while (t >= fi->gaze_at) {
        for (int k = 0; k < 2; k++) fi->gaze_from[k] = fi->gaze[k];
        /* mostly sideways, as eyes scan a scene; a looser hold on the vertical */
        fi->gaze_to[0] = rng_range(&fi->r, -FACE_IDLE_GAZE_RAD, FACE_IDLE_GAZE_RAD);
        fi->gaze_to[1] = rng_range(&fi->r, -0.5f * FACE_IDLE_GAZE_RAD, 0.5f * FACE_IDLE_GAZE_RAD);
        fi->gaze_start = fi->gaze_at;
        fi->gaze_at += rng_range(&fi->r, FACE_IDLE_HOLD_MIN_S, FACE_IDLE_HOLD_MAX_S);
    }
    float g = face_idle__smooth((t - fi->gaze_start) / FACE_IDLE_SACCADE_S);
    for (int k = 0; k < 2; k++) fi->gaze[k] = fi->gaze_from[k] + (fi->gaze_to[k] - fi->gaze_from[k]) * g;

    static const float period[3][2] = {{7.3f, 11.9f}, {5.9f, 9.7f}, {8.3f, 13.1f}};
    for (int a = 0; a < 3; a++) {
        float w = 0.6f * sinf(2.0f * FACE_IDLE_PI * t / period[a][0] + fi->phase[a]) +
                  0.4f * sinf(2.0f * FACE_IDLE_PI * t / period[a][1] + fi->phase[3 + a]);
        fi->head[a] = FACE_IDLE_HEAD_RAD * (a == 2 ? 0.5f : 1.0f) * w;
    }
    float b = sinf(FACE_IDLE_PI * t / FACE_IDLE_BREATH_S);
    fi->rise = FACE_IDLE_RISE_M * b * b; /* sin^2 of half the angle: one breath per period, from rest */
}

void face_gaze_at(mat4 model, const vec3 eye_center, const vec3 target, const float offset[2], mat4 rot)
{
    vec3 eye, d, dh;
    glm_mat4_mulv3(model, (float *)eye_center, 1.0f, eye);
    glm_vec3_sub((float *)target, eye, d);
    mat3 m3, inv;
    glm_mat4_pick3(model, m3);
    glm_mat3_inv(m3, inv);
    glm_mat3_mulv(inv, d, dh); /* toward the target in the head frame */
    float yaw = atan2f(dh[0], dh[2]), pitch = atan2f(dh[1], sqrtf(dh[0] * dh[0] + dh[2] * dh[2]));
    if (offset) yaw += offset[0], pitch += offset[1];
    yaw = glm_clamp(yaw, -FACE_GAZE_YAW_MAX, FACE_GAZE_YAW_MAX);
    pitch = glm_clamp(pitch, -FACE_GAZE_PITCH_MAX, FACE_GAZE_PITCH_MAX);
    /* +z turned up by pitch, then round y by yaw: (cos p sin y, sin p, cos p cos y) */
    glm_mat4_identity(rot);
    glm_rotate_y(rot, yaw, rot);
    glm_rotate_x(rot, -pitch, rot);
}

float face_gaze_miss(mat4 model, const vec3 eye_center, mat4 rot, const vec3 target)
{
    vec3 eye, dir, d;
    glm_mat4_mulv3(model, (float *)eye_center, 1.0f, eye);
    glm_mat4_mulv3(rot, (vec3){0.0f, 0.0f, 1.0f}, 0.0f, dir);
    glm_mat4_mulv3(model, dir, 0.0f, dir);
    glm_vec3_normalize(dir);
    glm_vec3_sub((float *)target, eye, d);
    float along = glm_vec3_dot(d, dir);
    if (along <= 0.0f) return glm_vec3_norm(d);
    glm_vec3_muladds(dir, -along, d);
    return glm_vec3_norm(d);
}
