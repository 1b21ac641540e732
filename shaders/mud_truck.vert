#version 330 core
// The truck (src/mud/truck.c): a part in body space (wheels in wheel space) with its model
// matrix; v_local carries the body-space position to the dirt mask. With SHADOW_PASS defined it
// is the caster program of the same mesh.
#include "common.glsl"
in vec3 a_pos;
in vec3 a_nrm;
uniform mat4 u_model;
out vec3 v_world;
out vec3 v_nrm;
out vec3 v_local;
void main()
{
    vec4 w = u_model * vec4(a_pos, 1.0);
    v_world = w.xyz;
    v_nrm = mat3(u_model) * a_nrm;
    v_local = a_pos;
#ifdef SHADOW_PASS
    gl_Position = u_light_viewproj * w;
#else
    gl_Position = u_viewproj * w;
#endif
}
