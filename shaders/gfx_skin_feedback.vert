#version 330 core
// The skinned position of every vertex, captured with transform feedback: the GPU side of
// rig_skin_point, checked against it (tests/damage/gl_robot.c).
#include "gfx_skin.glsl"
in vec3 a_pos;
out vec4 v_skinned;
void main()
{
    v_skinned = skin_matrix() * vec4(a_pos, 1.0);
    gl_Position = vec4(0.0);
}
