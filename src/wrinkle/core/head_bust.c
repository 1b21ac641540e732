#include "wrinkle/core/head_bust.h"

#include <math.h>

float head_bust_head_y(void) { return HEAD_BUST_COLUMN_TOP + HEAD_BUST_NECK_CUT - HEAD_NECK_BOTTOM_Y; }

void head_bust_build_stand(mesh_data *shoulders, mesh_data *column)
{
    /* unit shapes stretched into place (mesh_append fixes the normals of the non-uniform scale) */
    mesh_data unit = {0};
    mat4 xf;
    mesh_build_cylinder(&unit, 1.0f, 1.0f, 64, 1);
    glm_scale_make(xf, (vec3){HEAD_BUST_SHOULDER_RX, HEAD_BUST_COLUMN_TOP, HEAD_BUST_SHOULDER_RZ});
    mesh_append(column, &unit, xf);
    mesh_data_free(&unit);
    mesh_build_sphere(&unit, 1.0f, 64, 32);
    glm_translate_make(xf, (vec3){0.0f, HEAD_BUST_COLUMN_TOP, 0.0f});
    glm_scale(xf, (vec3){HEAD_BUST_SHOULDER_RX, HEAD_BUST_SHOULDER_RY, HEAD_BUST_SHOULDER_RZ});
    mesh_append(shoulders, &unit, xf);
    mesh_data_free(&unit);
}

float head_bust_neck_radius(const head_model *h, float y, float a)
{
    float lo = 0.0f, hi = 0.12f;
    for (int it = 0; it < 24; it++) {
        float t = 0.5f * (lo + hi);
        vec3 p = {t * cosf(a), y, head_neck_axis_z(y) + t * sinf(a)};
        if (head_inside(h, p)) lo = t;
        else hi = t;
    }
    return lo;
}

void head_bust_build_collar(const head_model *h, float tube, mesh_data *out)
{
    enum { SEG = 96, RING = 12 };
    const float hy = head_bust_head_y();
    const uint32_t first = (uint32_t)out->vertex_count;
    for (int i = 0; i < SEG; i++) {
        float a = 2.0f * GLM_PIf * (float)i / SEG, ca = cosf(a), sa = sinf(a);
        /* where the neck meets the dome: the dome's height over the neck's point, a few
         * fixed-point steps from the dome's crown */
        float y = HEAD_BUST_COLUMN_TOP + HEAD_BUST_SHOULDER_RY, r = 0.0f, az = 0.0f;
        for (int it = 0; it < 6; it++) {
            r = head_bust_neck_radius(h, y - hy, a);
            az = head_neck_axis_z(y - hy);
            float x = r * ca, z = az + r * sa;
            float q = 1.0f - x * x / (HEAD_BUST_SHOULDER_RX * HEAD_BUST_SHOULDER_RX) -
                      z * z / (HEAD_BUST_SHOULDER_RZ * HEAD_BUST_SHOULDER_RZ);
            y = HEAD_BUST_COLUMN_TOP + HEAD_BUST_SHOULDER_RY * sqrtf(fmaxf(q, 0.0f));
        }
        /* the tube's centre a little outside the neck, so its inner side lies on the skin */
        vec3 c = {(r + 0.6f * tube) * ca, y + 0.3f * tube, az + (r + 0.6f * tube) * sa};
        for (int k = 0; k < RING; k++) {
            float b = 2.0f * GLM_PIf * (float)k / RING;
            vec3 n = {cosf(b) * ca, sinf(b), cosf(b) * sa}, p;
            glm_vec3_scale(n, tube, p);
            glm_vec3_add(p, c, p);
            mesh_add_vertex(out, p, n, NULL);
        }
    }
    for (int i = 0; i < SEG; i++)
        for (int k = 0; k < RING; k++) {
            uint32_t a0 = first + (uint32_t)(i * RING + k), a1 = first + (uint32_t)(i * RING + (k + 1) % RING);
            uint32_t b0 = first + (uint32_t)((i + 1) % SEG * RING + k), b1 = first + (uint32_t)((i + 1) % SEG * RING + (k + 1) % RING);
            mesh_add_tri(out, a0, a1, b1);
            mesh_add_tri(out, a0, b1, b0);
        }
}

void head_bust_build_eye_discs(const head_model *h, float radius, float lift, mesh_data *out)
{
    mesh_data disc = {0};
    mesh_build_sphere(&disc, radius, 24, 12);
    for (int e = 0; e < 2; e++) {
        mat4 xf;
        glm_translate_make(xf, (vec3){h->eye_center[e][0], h->eye_center[e][1], h->eye_center[e][2] + HEAD_EYE_RADIUS + lift});
        glm_scale(xf, (vec3){1.0f, 1.0f, 0.3f});
        mesh_append(out, &disc, xf);
    }
    mesh_data_free(&disc);
}
