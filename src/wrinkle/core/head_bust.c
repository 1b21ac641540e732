#include "wrinkle/core/head_bust.h"

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
