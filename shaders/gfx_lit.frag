#version 330 core
#include "common.glsl"
in vec3 v_world;
in vec3 v_nrm;
in vec2 v_uv;
uniform vec3 u_albedo;
uniform vec3 u_emissive;
uniform vec2 u_spec; // strength, shininess
out vec4 o_color;
void main()
{
#ifdef SHADOW_PASS
    o_color = vec4(0.0);
#else
    vec3 n = normalize(v_nrm) * (gl_FrontFacing ? 1.0 : -1.0);
    vec3 c = light_surface(u_albedo, n, v_world, u_spec.x, u_spec.y, shadow_factor(v_world, n)) + u_emissive;
    o_color = vec4(apply_fog(c, v_world), 1.0);
#endif
}
