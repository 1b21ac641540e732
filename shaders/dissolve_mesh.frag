#version 330 core
#include "common.glsl"
#include "dissolve.glsl"
in vec3 v_world;
in vec3 v_nrm;
in vec3 v_rest_os;
in vec3 v_dir_os;
uniform mat4 u_model;
uniform vec3 u_albedo;
uniform vec3 u_emissive;
out vec4 o_color;
void main()
{
    float d = dissolve_fragment_d(v_rest_os, v_dir_os, u_model);
    DISSOLVE_DISCARD(d);
#ifdef SHADOW_PASS
    o_color = vec4(0.0);
#else
    // Through a hole we see the inside of the shell: charred, unlit, still glowing at the edge.
    vec3 n = normalize(v_nrm);
    vec3 c;
    if (gl_FrontFacing)
        c = light_surface(u_albedo, n, v_world, 0.3, 32.0, shadow_factor(v_world, n));
    else
        c = u_albedo * 0.04;
    c += u_emissive + dissolve_emission(d);
    o_color = vec4(apply_fog(c, v_world), 1.0);
#endif
}
