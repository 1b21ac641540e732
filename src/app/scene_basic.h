/* scene_basic.h — the foundation scene: ground, sky, and one lit, shadow-casting mesh.
 * Scenes whose technique is not built yet use it; technique scenes can reuse it for props.
 *
 *   void *s = scene_basic_create(ctx, &mesh, (vec3){0.7f, 0.3f, 0.2f});   takes a copy on the GPU
 *   scene_basic_draw(s, pass); scene_basic_destroy(s);
 */
#ifndef IMPRINT_APP_SCENE_BASIC_H
#define IMPRINT_APP_SCENE_BASIC_H

#include "app/scene.h"
#include "core/mesh.h"

void *scene_basic_create(scene_ctx *ctx, const mesh_data *m, const vec3 albedo, const vec3 eye, const vec3 target);
void scene_basic_destroy(void *s);
void scene_basic_update(void *s, const app_input *in, float dt);
void scene_basic_draw(void *s, scene_pass pass);

#endif
