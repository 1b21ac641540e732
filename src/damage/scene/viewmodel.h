/* viewmodel.h — the first-person weapon of the range: the gun model of the weapon in hand
 * (damage/scene/gun_model.h), held in front of the camera, lit by the scene's sun and sky in the
 * main pass, kicking back when it fires.
 *
 *   viewmodel *vm = viewmodel_create();
 *   mat4 gun; viewmodel_pose(view, kick, gun);            // kick 0..1, 1 = the instant of a shot
 *   vec3 muzzle; viewmodel_muzzle(vm, kind, gun, muzzle); // where shots and the flash leave
 *   viewmodel_draw(vm, renderer, kind, gun);              // main pass, after the scene
 *   fx_billboard f[VIEWMODEL_FLASH_SPRITES];
 *   viewmodel_flash(vm, kind, gun, k, f);                  // the muzzle flash at k (1 .. 0) of its life
 *   viewmodel_destroy(vm);
 *
 * The gun is placed in the camera's frame (right, down and ahead of the eye), so it looks the same
 * at every resolution and aspect; parts behind the near plane are clipped, as the stock of a gun
 * at the cheek is. Failure: create logs and returns NULL.
 */
#ifndef IMPRINT_APP_VIEWMODEL_H
#define IMPRINT_APP_VIEWMODEL_H

#include <cglm/cglm.h>

#include "damage/scene/weapon.h"
#include "scene/scene.h"
#include "gfx/renderer.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct viewmodel viewmodel;

viewmodel *viewmodel_create(void);
void viewmodel_destroy(viewmodel *vm);
void viewmodel_pose(mat4 view, float kick, mat4 out);
void viewmodel_muzzle(const viewmodel *vm, weapon_kind kind, mat4 gun, vec3 out);
void viewmodel_draw(const viewmodel *vm, renderer *r, weapon_kind kind, mat4 gun);
/* Additive sprites at the muzzle, shrinking and fading with k: the first VIEWMODEL_FLASH_GLARE
 * are a star-shaped glare (draw them as FX_TRACER: the spark sprite), the rest fire (FX_FLASH): a
 * hot core, a short plume and a star of petals across the bore. The shotgun's is the widest; all
 * stay within a few centimetres of the muzzle, so the flash never reaches the crosshair. */
#define VIEWMODEL_FLASH_GLARE 2
#define VIEWMODEL_FLASH_PETALS 4
#define VIEWMODEL_FLASH_SPRITES (VIEWMODEL_FLASH_GLARE + 3 + 2 * VIEWMODEL_FLASH_PETALS)
void viewmodel_flash(const viewmodel *vm, weapon_kind kind, mat4 gun, float k, fx_billboard out[VIEWMODEL_FLASH_SPRITES]);

#ifdef __cplusplus
}
#endif

#endif
