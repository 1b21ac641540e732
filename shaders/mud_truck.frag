#version 330 core
// The truck's surface: the part's colour, HDR emissive lights, and the mud it picked up. The dirt
// mask (mud/core/truck_dirt.h, R8 TRUCK_DIRT_TEX_W x TRUCK_DIRT_TEX_H: a grid per side of the body
// along z and up, the tyres in the last row) says how much mud a place took; a value noise at the
// body-space position breaks it into splashes, so the mud grows from specks into a crust.
#include "common.glsl"
in vec3 v_world;
in vec3 v_nrm;
in vec3 v_local;
uniform vec3 u_albedo;
uniform vec3 u_emissive;
uniform float u_spec;
uniform sampler2D u_dirt_mask;
uniform vec4 u_dirt_box;    // z0, 1 / (z1 - z0), y0, 1 / (y1 - y0): the grids' span in body space
uniform float u_dirt_rows;  // rows per side grid (TRUCK_DIRT_H); the texture has 2 rows + 1 more
uniform float u_dirt_wheel; // >= 0: a wheel part, this wheel's tyre dirt; < 0: a body part
uniform float u_dirt_take;  // how much of the mud the part shows (glass and lights less)
out vec4 o_color;

float hash3(vec3 p)
{
    p = fract(p * 0.3183099 + 0.1);
    p *= 17.0;
    return fract(p.x * p.y * p.z * (p.x + p.y + p.z));
}

float value_noise(vec3 x)
{
    vec3 i = floor(x), f = fract(x);
    f = f * f * (3.0 - 2.0 * f);
    return mix(mix(mix(hash3(i), hash3(i + vec3(1, 0, 0)), f.x), mix(hash3(i + vec3(0, 1, 0)), hash3(i + vec3(1, 1, 0)), f.x), f.y),
               mix(mix(hash3(i + vec3(0, 0, 1)), hash3(i + vec3(1, 0, 1)), f.x), mix(hash3(i + vec3(0, 1, 1)), hash3(i + vec3(1, 1, 1)), f.x), f.y),
               f.z);
}

float dirt_amount()
{
    if (u_dirt_wheel >= 0.0) return u_dirt_wheel;
    float rows = 2.0 * u_dirt_rows + 1.0;
    float u = (v_local.z - u_dirt_box.x) * u_dirt_box.y, h = (v_local.y - u_dirt_box.z) * u_dirt_box.w;
    float base = v_local.x < 0.0 ? 0.0 : u_dirt_rows;
    float row = base + clamp(h * u_dirt_rows, 0.5, u_dirt_rows - 0.5);
    float m = texture(u_dirt_mask, vec2(clamp(u, 0.0, 1.0), row / rows)).r;
    return h > 1.0 ? 0.0 : m;
}

void main()
{
#ifdef SHADOW_PASS
    o_color = vec4(0.0);
#else
    vec3 n = normalize(v_nrm) * (gl_FrontFacing ? 1.0 : -1.0);
    float m = dirt_amount() * u_dirt_take;
    float splash = 0.6 * value_noise(v_local * 7.0) + 0.4 * value_noise(v_local * 19.0);
    float cover = smoothstep(-0.08, 0.08, m * 1.3 - splash);
    float wet = value_noise(v_local * 3.0);
    vec3 mud = mix(vec3(0.075, 0.05, 0.032), vec3(0.16, 0.115, 0.075), wet); // wet and drying mud
    vec3 albedo = mix(u_albedo, mud, cover);
    float spec = mix(u_spec, 0.12 + 0.3 * (1.0 - wet), cover);
    vec3 c = light_surface(albedo, n, v_world, spec, 40.0, shadow_factor(v_world, n)) + u_emissive * (1.0 - 0.8 * cover);
    o_color = vec4(apply_fog(c, v_world), 1.0);
#endif
}
