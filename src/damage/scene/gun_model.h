/* gun_model.h — the first-person weapons of the range (GL-free): a bolt-action marksman rifle, a
 * carbine and a pump shotgun, built of swept profiles (16-sided rounds, tapered where a scope's
 * bell flares; chamfered boxes; a fluted barrel) and cylinders across them.
 *
 *   gun_model g;
 *   gun_model_build(WEAPON_SHOTGUN, &g);   // g.part[GUN_PART_METAL] ... and g.muzzle
 *   ... upload each part, draw it with gun_part_albedo / gun_part_emissive ...
 *   gun_model_free(&g);
 *
 * The gun's own frame, metres: x right, y up, the barrel along -z; the origin is where the hand
 * holds the grip (the viewmodel places that point in front of the camera). One mesh per material
 * (the gun's steel or aluminium; the furniture: tan polymer, black polymer, walnut; the glowing
 * sights: the reticle switch, the red dot, the bead), so a model draws in three calls. muzzle is
 * the barrel's open end: shots, tracers and the flash leave from there. Every part has outward
 * normals; muzzle lies on the model's -z extreme.
 */
#ifndef IMPRINT_CORE_DAMAGE_GUN_MODEL_H
#define IMPRINT_CORE_DAMAGE_GUN_MODEL_H

#include "base/mesh.h"
#include "damage/scene/weapon.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum gun_part { GUN_PART_METAL, GUN_PART_FURNITURE, GUN_PART_SIGHT, GUN_PART_COUNT } gun_part;

typedef struct gun_model {
    mesh_data part[GUN_PART_COUNT];
    float muzzle[3];
} gun_model;

void gun_model_build(weapon_kind kind, gun_model *out); /* out is overwritten: free it before a rebuild */
void gun_model_free(gun_model *g);
/* Linear albedo and HDR emissive of a part on a weapon (the sights glow, nothing else does). */
void gun_part_albedo(weapon_kind kind, gun_part part, float out[3]);
void gun_part_emissive(weapon_kind kind, gun_part part, float out[3]);

#ifdef __cplusplus
}
#endif

#endif
