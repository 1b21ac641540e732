#version 330 core
// Armor plates (plate-local mesh, world matrix per plate); SHADOW_PASS: the caster of the same.
#include "common.glsl"
#include "dissolve.glsl"
in vec3 a_pos;
in vec3 a_nrm;
in vec2 a_uv;
in vec3 a_snrm;
uniform mat4 u_model;
out vec3 v_world;
out vec3 v_nrm;
out vec2 v_uv;
out vec3 v_rest_os;
out vec3 v_dir_os;
void main()
{
    vec3 w = dissolve_vertex_ws(a_pos, a_nrm, a_snrm, u_model);
    v_world = w;
    v_nrm = mat3(u_model) * a_nrm;
    v_uv = a_uv;
    v_rest_os = a_pos;
    v_dir_os = dissolve_direction(a_nrm, a_snrm);
#ifdef SHADOW_PASS
    gl_Position = u_light_viewproj * vec4(w, 1.0);
#else
    gl_Position = u_viewproj * vec4(w, 1.0);
#endif
}
