#version 330 core
// A debug panel standing in the world (the damage maps behind the robot, as in the reference).
#include "common.glsl"
in vec3 a_pos;
in vec2 a_uv;
uniform mat4 u_model;
out vec2 v_uv;
void main()
{
    v_uv = a_uv;
    gl_Position = u_viewproj * u_model * vec4(a_pos, 1.0);
}
