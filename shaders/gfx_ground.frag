#version 330 core
// The ground of every scene: a lit, shadowed plane with a 1 m grid so scale and motion read well.
#include "common.glsl"
in vec3 v_world;
in vec3 v_nrm;
in vec2 v_uv;
uniform vec3 u_albedo;
out vec4 o_color;
float grid(vec2 p, float width)
{
    vec2 g = abs(fract(p - 0.5) - 0.5) / fwidth(p);
    return 1.0 - clamp(min(g.x, g.y) - width, 0.0, 1.0);
}
void main()
{
    vec3 n = vec3(0.0, 1.0, 0.0);
    float line = max(grid(v_world.xz, 0.5) * 0.5, grid(v_world.xz / 10.0, 1.0));
    vec3 albedo = mix(u_albedo, u_albedo * 0.55, line);
    vec3 c = light_surface(albedo, n, v_world, 0.05, 16.0, shadow_factor(v_world, n));
    o_color = vec4(apply_fog(c, v_world), 1.0);
}
