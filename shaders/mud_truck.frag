#version 330 core
// The truck's surface: the part's colour, HDR emissive lights, and the mud it picked up. The dirt
// map (src/mud/truck.h: a damage map of the truck's atlas) says how much mud a place took (R, the
// splats' coverage) and how wet it still is (the fading map's R, a minute from wet to dry); a
// value noise at the part's own-space position breaks the splats' edges, so the mud grows from
// specks into a crust. On the sides (the atlas' v runs up the body there) mud runs down: a texel
// takes the mud a few centimetres above it in thin streaks (drips below the splats). Wet mud is
// dark and glossy, dried mud lighter, browner and rough; both dull the paint under them.
#include "common.glsl"
in vec3 v_world;
in vec3 v_nrm;
in vec3 v_local;
in vec3 v_lnrm;
in vec2 v_uv;
uniform vec3 u_albedo;
uniform vec3 u_emissive;
uniform float u_spec;
uniform sampler2D u_dirt;   // the dirt map (dilated): R coverage
uniform sampler2D u_wet;    // its fading map: R wetness
uniform float u_dirt_on;    // truck.dirt
uniform float u_drip_step;  // atlas v of 4 cm
uniform float u_wheel;      // 1 on the wheels (no drips: they turn)
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

// Mud running down from the splats above: 5 taps 4 cm apart, in streaks a few texels wide whose
// length varies by column.
float drips(float here)
{
    if (u_wheel > 0.5 || abs(v_lnrm.y) > 0.6) return here;
    float col = hash3(vec3(floor(v_local.x * 40.0 + v_local.z * 40.0), 3.0, 7.0));
    if (col < 0.55) return here;
    float len = 1.0 + 4.0 * fract(col * 13.0), d = here;
    for (int i = 1; i <= 5; i++) {
        float k = float(i);
        if (k > len) break;
        d = max(d, texture(u_dirt, v_uv + vec2(0.0, k * u_drip_step)).r * (1.0 - k / (len + 1.0)));
    }
    return d;
}

void main()
{
#ifdef SHADOW_PASS
    o_color = vec4(0.0);
#else
    vec3 n = normalize(v_nrm) * (gl_FrontFacing ? 1.0 : -1.0);
    float here = texture(u_dirt, v_uv).r;
    float m = drips(here) * u_dirt_take * u_dirt_on;
    float splash = 0.6 * value_noise(v_local * 9.0) + 0.4 * value_noise(v_local * 23.0);
    float cover = smoothstep(-0.06, 0.06, m * 1.25 - splash * 0.9);
    float wet = clamp(texture(u_wet, v_uv).r * 1.3, 0.0, 1.0) * u_dirt_on;
    float tone = value_noise(v_local * 4.0);
    vec3 dry = mix(vec3(0.22, 0.17, 0.115), vec3(0.30, 0.24, 0.17), tone);  // dried: light, brown
    vec3 fresh = mix(vec3(0.05, 0.036, 0.024), vec3(0.09, 0.065, 0.042), tone); // wet: dark
    vec3 mud = mix(dry, fresh, wet);
    vec3 albedo = mix(u_albedo, mud, cover);
    float spec = mix(u_spec, mix(0.03, 0.22, wet), cover);
    float shine = mix(40.0, mix(6.0, 28.0, wet), cover);
    vec3 c = light_surface(albedo, n, v_world, spec, shine, shadow_factor(v_world, n)) + u_emissive * (1.0 - 0.8 * cover);
    o_color = vec4(apply_fog(c, v_world), 1.0);
#endif
}
