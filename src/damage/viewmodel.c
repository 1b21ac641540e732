#include "damage/viewmodel.h"

#include <stdlib.h>

#include "base/alloc.h"
#include "base/log.h"
#include "damage/core/gun_model.h"
#include "gfx/mesh_gl.h"

/* The grip in the camera's frame (metres: right, up, back) and the recoil at kick 1. */
#define VIEWMODEL_GRIP_X 0.20f
#define VIEWMODEL_GRIP_Y -0.20f
#define VIEWMODEL_GRIP_Z -0.48f
#define VIEWMODEL_KICK_BACK 0.035f /* m towards the shoulder */
#define VIEWMODEL_KICK_RISE 0.07f  /* rad of muzzle climb */

struct viewmodel {
    gfx_mesh part[WEAPON_KIND_COUNT][GUN_PART_COUNT];
    float muzzle[WEAPON_KIND_COUNT][3];
};

viewmodel *viewmodel_create(void)
{
    viewmodel *vm = ALLOC_STRUCT(viewmodel);
    if (!vm) {
        log_error("viewmodel: out of memory");
        return NULL;
    }
    for (int k = 0; k < WEAPON_KIND_COUNT; k++) {
        gun_model g;
        gun_model_build((weapon_kind)k, &g);
        for (int p = 0; p < GUN_PART_COUNT; p++) vm->part[k][p] = gfx_mesh_create(&g.part[p], "viewmodel.gun");
        glm_vec3_copy(g.muzzle, vm->muzzle[k]);
        gun_model_free(&g);
    }
    return vm;
}

void viewmodel_destroy(viewmodel *vm)
{
    if (!vm) return;
    for (int k = 0; k < WEAPON_KIND_COUNT; k++)
        for (int p = 0; p < GUN_PART_COUNT; p++) gfx_mesh_destroy(&vm->part[k][p]);
    free(vm);
}

void viewmodel_pose(mat4 view, float kick, mat4 out)
{
    /* camera -> world, then the grip's place in front of the eye; the kick pushes the gun back
     * and turns its muzzle up about the grip */
    mat4 cam;
    glm_mat4_inv(view, cam);
    glm_translate(cam, (vec3){VIEWMODEL_GRIP_X, VIEWMODEL_GRIP_Y, VIEWMODEL_GRIP_Z + VIEWMODEL_KICK_BACK * kick});
    glm_rotate(cam, VIEWMODEL_KICK_RISE * kick, (vec3){1, 0, 0});
    glm_mat4_copy(cam, out);
}

void viewmodel_muzzle(const viewmodel *vm, weapon_kind kind, mat4 gun, vec3 out)
{
    const float *m = vm->muzzle[kind];
    glm_mat4_mulv3(gun, (vec3){m[0], m[1], m[2]}, 1.0f, out);
}

void viewmodel_draw(const viewmodel *vm, renderer *r, weapon_kind kind, mat4 gun)
{
    for (int p = 0; p < GUN_PART_COUNT; p++) {
        vec3 albedo, emissive;
        gun_part_albedo(kind, (gun_part)p, albedo);
        gun_part_emissive(kind, (gun_part)p, emissive);
        renderer_draw_lit(r, &vm->part[kind][p], gun, albedo, emissive);
    }
}

void viewmodel_flash(const viewmodel *vm, weapon_kind kind, mat4 gun, float k, fx_billboard out[VIEWMODEL_FLASH_SPRITES])
{
    vec3 muzzle, ahead;
    viewmodel_muzzle(vm, kind, gun, muzzle);
    glm_vec3_negate_to(gun[2], ahead); /* the gun's -z */
    glm_vec3_normalize(ahead);
    const float size = kind == WEAPON_SHOTGUN ? 0.30f : 0.22f;
    const unsigned char a = (unsigned char)(255.0f * glm_clamp(k, 0.0f, 1.0f));
    for (int i = 0; i < VIEWMODEL_FLASH_SPRITES; i++) {
        vec3 p;
        glm_vec3_copy(muzzle, p);
        glm_vec3_muladds(ahead, 0.035f * (float)i, p);
        out[i] = (fx_billboard){{p[0], p[1], p[2]}, size * (1.0f - 0.25f * (float)i), 0.9f * (float)i + 7.0f * k, {255, 210, 140, a}};
    }
}
