#version 330 core
#include "common.glsl"
in vec3 v_world;
in vec3 v_nrm;
flat in vec3 v_albedo;
out vec4 o_color;
void main()
{
#ifdef SHADOW_PASS
    o_color = vec4(0.0);
#else
    vec3 n = normalize(v_nrm);
#ifdef NO_SHADOW
    float shadow = 1.0;
#else
    float shadow = shadow_factor(v_world, n);
#endif
    vec3 c = light_surface(v_albedo, n, v_world, 0.08, 16.0, shadow);
    o_color = vec4(apply_fog(c, v_world), 1.0);
#endif
}
