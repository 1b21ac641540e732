// Linear-blend skinning: up to four bones per vertex (damage/core/rig.h bakes them, summing to 1).
// u_skin[b] maps bind space to world (rig_palette); a skinned mesh is drawn with
// model = skin_matrix() * u_model, u_model taking the mesh into bind space (a plate's rest
// transform, identity for the body). u_skin_on = 0: rigid, skin_matrix() is the identity and the
// skin attributes are not read.
#ifndef SKIN_BONES
#define SKIN_BONES 20 // the robot's rig; a program may pass its own count (the damage map: desc.bone_count)
#endif
uniform mat4 u_skin[SKIN_BONES];
uniform int u_skin_on;
in uvec4 a_bones;
in vec4 a_weights;
mat4 skin_matrix()
{
    if (u_skin_on == 0) return mat4(1.0);
    return u_skin[a_bones.x] * a_weights.x + u_skin[a_bones.y] * a_weights.y + u_skin[a_bones.z] * a_weights.z +
           u_skin[a_bones.w] * a_weights.w;
}
