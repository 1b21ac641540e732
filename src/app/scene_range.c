/* The range scene before its technique lands: ground, sky and one lit, shadowed mesh. */
#include "app/scene_basic.h"

static void *range_create(scene_ctx *ctx)
{
    mesh_data m = {0};
    mesh_build_cylinder(&m, 0.35f, 2.2f, 24, 1);
    void *s = scene_basic_create(ctx, &m, (vec3){0.55f, 0.57f, 0.6f}, (vec3){0, 1.4f, 4}, (vec3){0, 1.1f, 0});
    mesh_data_free(&m);
    return s;
}

const scene_vtable scene_range = {
    .name = "range",
    .free_camera = true,
    .create = range_create,
    .destroy = scene_basic_destroy,
    .update = scene_basic_update,
    .draw = scene_basic_draw,
};
