#version 330 core
// Armor plates (plate-local mesh): attached plates are skinned (u_model = rest transform into bind
// space, then the palette), blown-off ones rigid (u_model = their world matrix);
// SHADOW_PASS: the caster of the same.
#include "common.glsl"
#include "dissolve.glsl"
#include "gfx_skin.glsl"
in vec3 a_pos;
in vec3 a_nrm;
in vec2 a_uv;
in vec4 a_tan;
in vec3 a_snrm;
uniform mat4 u_model;
out vec3 v_world;
out vec3 v_nrm;
out vec4 v_tan;
out vec2 v_uv;
out vec3 v_rest_os;
out vec3 v_dir_os;
out vec3 v_rest_ws;
void main()
{
    mat4 model = skin_matrix() * u_model;
    vec3 w = dissolve_vertex_ws(a_pos, a_nrm, a_snrm, model);
    v_world = w;
    v_nrm = mat3(model) * a_nrm;
    v_tan = vec4(mat3(model) * a_tan.xyz, a_tan.w); // the detail map's +u (atlas texel x)
    v_rest_ws = (model * vec4(a_pos, 1.0)).xyz;
    v_uv = a_uv;
    v_rest_os = a_pos;
    v_dir_os = dissolve_direction(a_nrm, a_snrm);
#ifdef SHADOW_PASS
    gl_Position = u_light_viewproj * vec4(w, 1.0);
#else
    gl_Position = u_viewproj * vec4(w, 1.0);
#endif
}
