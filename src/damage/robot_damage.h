/* robot_damage.h — the range's robot as a client of the damage map (damage.h): its plates become
 * the surface description, its rig the skin, its baked armor detail and plate paint the look.
 *
 *   robot_damage rd;
 *   damage_map *dm = robot_damage_create(&rd, robot, NULL);   // NULL when the map cannot be made
 *   damage_blast(dm, centre_bind, r, &rd.blast_pose);       // spheres in bind space
 *   damage_map_prepare(dm, attached);                       // plates in flight take no holes
 *   robot_damage_draw_models(&rd, attached, flight, models); // rest transforms for the skinned plates
 *   damage_draw(dm, &(damage_draw_desc){.pose = {models, palette, attached}, ...}, pass);
 *
 * One mesh per plate (index = ROBOT_PLATE_*), in plate-local space with its tangents and smooth
 * normals as the robot built them; chart ids are the robot's; every plate is skinned (the rig's
 * RIG_BONE_COUNT bones). The blast pose holds each plate's rest transform (plate -> bind space) and
 * no bones: the range stores a shot at the hit's point on the bind triangle, so a sphere meets the
 * plate where it was when it was shot, whatever pose the robot has when the pass runs. The look:
 * assets/damage/armor_detail.png (tools/bake_armor) and dark gunmetal, steel blue on the helmet and
 * shoulders, each plate a shade apart. rd points into the robot, which must outlive it.
 */
#ifndef IMPRINT_DAMAGE_ROBOT_DAMAGE_H
#define IMPRINT_DAMAGE_ROBOT_DAMAGE_H

#include <stdbool.h>

#include "damage/core/robot.h"
#include "damage/damage.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ROBOT_DAMAGE_DETAIL "assets/damage/armor_detail.png"

typedef struct robot_damage {
    damage_mesh meshes[ROBOT_PLATE_COUNT];
    mat4 rest[ROBOT_PLATE_COUNT];    /* plate -> bind space */
    damage_pose blast_pose;          /* models = rest, no bones */
} robot_damage;

/* The description of r's armor (rd keeps the meshes it points to); base: the map's other fields
 * (NULL: defaults). */
damage_map_desc robot_damage_desc(robot_damage *rd, const robot *r, const damage_map_desc *base);
damage_map *robot_damage_create(robot_damage *rd, const robot *r, const damage_map_desc *base);
/* The paint of plate p (linear albedo). */
void robot_damage_paint(int plate, float out[3]);
/* Per plate, the model a draw takes: the rest transform of an attached (skinned) plate, else its
 * flight matrix (attached NULL: every plate attached). */
void robot_damage_draw_models(const robot_damage *rd, const bool *attached, mat4 *flight, mat4 *out);

#ifdef __cplusplus
}
#endif

#endif
