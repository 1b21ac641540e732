#include "damage/scene/viewmodel.h"

#include <math.h>
#include <stdlib.h>

#include "base/alloc.h"
#include "base/log.h"
#include "damage/scene/gun_model.h"
#include "gfx/mesh_gl.h"

/* The grip in the camera's frame (metres: right, up, back) and the recoil at kick 1. */
#define VIEWMODEL_GRIP_X 0.22f
#define VIEWMODEL_GRIP_Y -0.225f
#define VIEWMODEL_GRIP_Z -0.46f
#define VIEWMODEL_KICK_BACK 0.035f /* m towards the shoulder */
#define VIEWMODEL_KICK_RISE 0.07f  /* rad of muzzle climb */
#define VIEWMODEL_YAW -0.07f       /* rad: the muzzle turned out a little, so the gun shows its side */

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
    glm_rotate(cam, VIEWMODEL_YAW, (vec3){0, 1, 0});
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

/* A muzzle flash: a star-shaped glare and a white-hot core on the muzzle, a short plume ahead and
 * a star of petals across the bore (two sprites each, shrinking outwards), turning as it fades.
 * Kept within a few centimetres of the muzzle: the muzzle sits right-below the crosshair and the
 * flash must not reach it (tests/damage/app_gun_flash.sh). */
void viewmodel_flash(const viewmodel *vm, weapon_kind kind, mat4 gun, float k, fx_billboard out[VIEWMODEL_FLASH_SPRITES])
{
    vec3 muzzle, ahead, right, up;
    viewmodel_muzzle(vm, kind, gun, muzzle);
    glm_vec3_negate_to(gun[2], ahead); /* the gun's -z */
    glm_vec3_normalize_to(gun[0], right);
    glm_vec3_normalize_to(gun[1], up);
    glm_vec3_normalize(ahead);
    k = glm_clamp(k, 0.0f, 1.0f);
    const float scale = (kind == WEAPON_SHOTGUN ? 1.35f : kind == WEAPON_MARKSMAN ? 1.15f : 1.0f) * (0.6f + 0.4f * k);
    const unsigned char a = (unsigned char)(255.0f * k);
    const float spin = 0.6f + 2.4f * k; /* the star turns as it fades */
    int n = 0;
    /* the glare: an eight-pointed star of two spark sprites (drawn as FX_TRACER), their rays
     * kept off the diagonal that leads to the crosshair */
    out[n++] = (fx_billboard){{muzzle[0], muzzle[1], muzzle[2]}, scale * 0.34f, 0.25f * (k - 0.5f), {255, 235, 190, a}};
    out[n++] = (fx_billboard){{muzzle[0], muzzle[1], muzzle[2]}, scale * 0.20f, GLM_PI_4f + 0.25f * (k - 0.5f), {255, 220, 160, a}};
    /* core and plume */
    for (int i = 0; i < 3; i++) {
        vec3 p;
        glm_vec3_copy(muzzle, p);
        glm_vec3_muladds(ahead, scale * (0.020f + 0.045f * (float)i), p); /* clear of the barrel's end */
        const unsigned char g = i ? 200 : 245, b = i ? 120 : 200;
        out[n++] = (fx_billboard){{p[0], p[1], p[2]}, scale * (0.240f - 0.070f * (float)i), spin + (float)i, {255, g, b, a}};
    }
    /* the petals: VIEWMODEL_FLASH_PETALS directions across the bore, two sprites each */
    for (int j = 0; j < VIEWMODEL_FLASH_PETALS; j++) {
        float ang = spin + 2.0f * GLM_PIf * (float)j / VIEWMODEL_FLASH_PETALS;
        vec3 d;
        glm_vec3_scale(right, cosf(ang), d);
        glm_vec3_muladds(up, sinf(ang), d);
        glm_vec3_muladds(ahead, 0.35f, d); /* petals lean forward, as the gas cone does */
        for (int i = 0; i < 2; i++) {
            vec3 p;
            glm_vec3_copy(muzzle, p);
            glm_vec3_muladds(d, scale * (0.040f + 0.045f * (float)i), p);
            out[n++] = (fx_billboard){{p[0], p[1], p[2]}, scale * (0.110f - 0.035f * (float)i), ang, {255, 170, 80, a}};
        }
    }
}
