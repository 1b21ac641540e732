/* The face scene's script commands, views and dump, and its showpiece. See face_vocab.h. */
#include "wrinkle/scene/face_vocab.h"

#include "wrinkle/core/head.h"
#include "wrinkle/core/wrinkle_expr.h"

const char *const face_views[] = {"wrinkle-normal", "wrinkle-occlusion", "wrinkle-mask", "wrinkle-influence", NULL};
const char *const face_dumps[] = {"wrinkle", "wrinkle-view", NULL};

static const script_command face__commands[FACE_CMD_COUNT + 1] = {
    [FACE_CMD_BLENDSHAPE] = {"blendshape", "en", "NAME WEIGHT", head_shape_names, "blendshape", {SCRIPT_UNIT}},
    [FACE_CMD_EXPRESSION] = {"expression", "e", "NAME", wrinkle_expr_names, "expression", {0}, SCRIPT_BUTTONS},
    [FACE_CMD_WRINKLES] = {"wrinkles", "b", "ON|OFF", NULL, NULL, {0}},
};

const script_vocab face_vocab = {"face", face__commands, face_views, face_dumps};

#define FACE__WRINKLE_ROWS(id, name, def)                                                                    \
    {"wrinkle." name ".normal_strength", PARAM_FLOAT, def, 0.0f, 2.0f, NULL, "face",                          \
     "how strongly the " name " wrinkle layer tilts the normals"},                                            \
    {"wrinkle." name ".occlusion_strength", PARAM_FLOAT, def, 0.0f, 2.0f, NULL, "face",                       \
     "how strongly the " name " wrinkle layer darkens its folds"},
const param_def face_param_rows[FACE_P_COUNT] = {FACE_WRINKLE_SHAPES(FACE__WRINKLE_ROWS) FACE_PARAMS(PARAMS_ROW)};

const quality_field face_quality_rows[FACE_QUALITY_COUNT] = {{"face.detail", {0.5f, 0.75f, 1.0f}}};

bool face_showpiece_build(mesh_data *out, float *bottom_y, float detail)
{
    head_model hd;
    head_desc d = {0};
    if (detail > 0.0f && detail < 1.0f) d = (head_desc){.slices = (int)(224.0f * detail + 0.5f), .stacks = (int)(144.0f * detail + 0.5f)};
    if (!head_build(&hd, &d)) return false;
    mat4 id = GLM_MAT4_IDENTITY_INIT;
    mesh_append(out, &hd.skin, id);
    mesh_append(out, &hd.eyes, id);
    mesh_compute_smooth_normals(out, 1e-5f);
    head_free(&hd);
    *bottom_y = HEAD_NECK_BOTTOM_Y;
    return true;
}
