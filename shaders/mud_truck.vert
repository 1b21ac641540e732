#version 330 core
// The truck (src/mud/truck.c): a part in body space (wheels in wheel space) with its model
// matrix; v_uv is the part's place in the truck's dirt atlas (mud/core/truck_atlas.h), v_local
// and v_lnrm its own-space position and normal (the dirt's noise and its drips). With SHADOW_PASS
// defined it is the caster program of the same mesh.
#include "common.glsl"
in vec3 a_pos;
in vec3 a_nrm;
in vec2 a_uv;
uniform mat4 u_model;
out vec3 v_world;
out vec3 v_nrm;
out vec3 v_local;
out vec3 v_lnrm;
out vec2 v_uv;
void main()
{
    vec4 w = u_model * vec4(a_pos, 1.0);
    v_world = w.xyz;
    v_nrm = mat3(u_model) * a_nrm;
    v_local = a_pos;
    v_lnrm = a_nrm;
    v_uv = a_uv;
#ifdef SHADOW_PASS
    gl_Position = u_light_viewproj * w;
#else
    gl_Position = u_viewproj * w;
#endif
}
