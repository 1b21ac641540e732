#include "app/scene_basic.h"

#include <stdlib.h>

typedef struct scene_basic {
    mat4 model;
    scene_ctx *ctx;
    gfx_mesh mesh;
    vec3 albedo;
    float angle;
} scene_basic;

void *scene_basic_create(scene_ctx *ctx, const mesh_data *m, const vec3 albedo, const vec3 eye, const vec3 target)
{
    scene_basic *s = aligned_alloc(16, (sizeof *s + 15) & ~(size_t)15);
    if (!s) return NULL;
    *s = (scene_basic){.ctx = ctx};
    glm_mat4_identity(s->model);
    glm_vec3_copy((float *)albedo, s->albedo);
    s->mesh = gfx_mesh_create(m, "scene_basic");
    if (!ctx->camera_from_script) camera_look_at(ctx->cam, eye, target);
    vec3 lo, hi, c;
    mesh_bounds(m, lo, hi);
    glm_vec3_center(lo, hi, c);
    renderer_set_shadow_focus(ctx->r, c, glm_vec3_distance(lo, hi) * 0.5f + 3.0f);
    return s;
}

void scene_basic_destroy(void *p)
{
    scene_basic *s = p;
    if (!s) return;
    gfx_mesh_destroy(&s->mesh);
    free(s);
}

void scene_basic_update(void *p, const app_input *in, float dt)
{
    (void)in;
    scene_basic *s = p;
    s->angle += dt * 0.4f;
    glm_rotate_make(s->model, s->angle, (vec3){0, 1, 0});
}

void scene_basic_draw(void *p, scene_pass pass)
{
    scene_basic *s = p;
    if (pass == SCENE_PASS_SHADOW) {
        renderer_draw_caster(s->ctx->r, &s->mesh, s->model);
        return;
    }
    renderer_draw_ground(s->ctx->r);
    renderer_draw_lit(s->ctx->r, &s->mesh, s->model, s->albedo, NULL);
}
