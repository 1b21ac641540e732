#version 330 core
// A dissolvable lit mesh; with SHADOW_PASS defined, its shadow caster. Both displace through
// dissolve.glsl, so the shadow bulges and stretches with the mesh.
#include "common.glsl"
#include "dissolve.glsl"
#include "gfx_skin.glsl"
in vec3 a_pos;
in vec3 a_nrm;
in vec3 a_snrm;
uniform mat4 u_model;
out vec3 v_world;
out vec3 v_nrm;
out vec3 v_rest_os;
out vec3 v_dir_os;
out vec3 v_rest_ws;
out float v_weight;
out float v_pull; // the pull's lerp factor w² (dissolve_strand)
uniform int u_view_mode; // 0 lit, 1 signed distance d, 2 vertex weight w
void main()
{
    // a skinned mesh (the robot's body) moves with its bones: the skinned matrix is its model
    mat4 model = skin_matrix() * u_model;
    // only the w view pays for the weight: the position below computes it again
    v_weight = u_view_mode == 2 ? dissolve_vertex_weight(a_pos, a_nrm, a_snrm, model) : 0.0;
    vec3 w = dissolve_vertex_ws_k(a_pos, a_nrm, a_snrm, model, v_pull);
    v_world = w;
    v_nrm = transpose(inverse(mat3(model))) * a_nrm;
    v_rest_ws = (model * vec4(a_pos, 1.0)).xyz;
    v_rest_os = a_pos;
    v_dir_os = dissolve_direction(a_nrm, a_snrm);
#ifdef SHADOW_PASS
    gl_Position = u_light_viewproj * vec4(w, 1.0);
#else
    gl_Position = u_viewproj * vec4(w, 1.0);
#endif
}
