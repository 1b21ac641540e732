#version 330 core
// Face geometry for both wrinkle passes: the compositing pass and the skin pass run this same
// shader with the same Frame block, so the composed buffer lines up with the skin pixel for pixel.
#include "common.glsl"
in vec3 a_pos;
in vec3 a_nrm;
in vec2 a_uv;
in vec4 a_tan;
uniform mat4 u_model;
out vec3 v_world;
out vec3 v_nrm;
out vec4 v_tan;
out vec2 v_uv;
invariant gl_Position;
void main()
{
    vec4 w = u_model * vec4(a_pos, 1.0);
    v_world = w.xyz;
    v_nrm = mat3(u_model) * a_nrm;
    v_tan = vec4(mat3(u_model) * a_tan.xyz, a_tan.w);
    v_uv = a_uv;
    gl_Position = u_viewproj * w;
}
