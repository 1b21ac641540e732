#version 330 core
// Armor: holes where the damage map's R passes the rough threshold (shadow pass too), two-sided
// with dark inside faces, a scorched ember ring from B, a hot rim from the fading map. The outer
// faces carry the baked detail (assets/damage/armor_detail.png, same atlas uv: RG tangent-space
// normal, B cavity, A bare metal); holes are cut before it is read, so a hole cuts through it.
#include "common.glsl"
#include "dissolve.glsl"
#include "damage_common.glsl"
uniform sampler2D u_damage;
uniform sampler2D u_fading;
uniform sampler2D u_detail;
uniform mat4 u_model;
uniform vec3 u_albedo;
in vec3 v_world;
in vec3 v_nrm;
in vec4 v_tan;
in vec2 v_uv;
in vec3 v_rest_os;
in vec3 v_dir_os;
in vec3 v_rest_ws;
out vec4 o_color;
void main()
{
    vec4 dmg = texture(u_damage, v_uv);
    float rough = damage_rough(v_uv);
    // the dissolve's noise read takes implicit derivatives: before any discard
    float dd = dissolve_fragment_d_ws(v_rest_os, v_dir_os, v_rest_ws, u_model);
    if (dmg.r > rough) discard;
    DISSOLVE_DISCARD(dd);
#ifdef SHADOW_PASS
    o_color = vec4(0.0);
#else
    bool front = gl_FrontFacing;
    vec3 n = normalize(v_nrm) * (front ? 1.0 : -1.0);
    // panel seams, bolts, vents: the baked detail, on the painted outside only
    vec4 det = texture(u_detail, v_uv); // outside any branch: mipmapped, it needs derivatives
    if (!front) det = vec4(0.5, 0.5, 1.0, 0.0);
    if (front) {
        vec2 txy = det.rg * 2.0 - 1.0;
        vec3 t = normalize(v_tan.xyz - n * dot(n, v_tan.xyz));
        vec3 b = cross(n, t) * (v_tan.w < 0.0 ? -1.0 : 1.0);
        n = normalize(t * txy.x + b * txy.y + n * sqrt(max(0.0, 1.0 - dot(txy, txy))));
    }
    // Soot and temper, ordered by the peak heat A recorded (1 - d / 1.6 r: 0.375 at a hole's edge,
    // 0 at 1.6 r). Nearest the hole (and wherever B, 1.2 r, reaches) the paint is burnt to soot:
    // near-black, matte, rough. Beyond the soot a thin fringe shows steel's temper colours as the
    // peak heat falls: blue, purple, bronze, straw; then the paint is untouched. Every tint is darker
    // than the paint, so scorched armor reads darker than intact armor in the same light.
    float a = dmg.a;
    float soot = max(smoothstep(0.0, 0.3, dmg.b), smoothstep(0.16, 0.28, a));
    float band = smoothstep(0.03, 0.07, a) * (1.0 - smoothstep(0.2, 0.28, a));
    float tt = clamp((a - 0.05) / 0.17, 0.0, 1.0); // 0 coolest .. 1 hottest of the fringe
    vec3 temper = mix(vec3(0.30, 0.22, 0.09), vec3(0.22, 0.12, 0.05), smoothstep(0.0, 0.35, tt));
    temper = mix(temper, vec3(0.13, 0.06, 0.14), smoothstep(0.35, 0.7, tt));
    temper = mix(temper, vec3(0.05, 0.08, 0.2), smoothstep(0.7, 1.0, tt));
    // worn paint: a faint low-frequency mottling so a plate is not one flat colour
    float wear = 0.88 + 0.24 * damage_value_noise(v_uv * 48.0 + 5.0);
    vec3 albedo = front ? u_albedo * wear : vec3(0.03, 0.028, 0.026);
    // worn edges and bolt heads show bare steel; seams and vent slots are dark
    albedo = mix(albedo, vec3(0.3, 0.31, 0.33), det.a * 0.75) * mix(0.35, 1.0, det.b);
    if (front) {
        albedo = mix(albedo, min(temper, albedo), band * 0.85);
        // soot is blotchy: a fine noise breaks its edge and lets a little paint through
        float blot = damage_value_noise(v_uv * 160.0 + 3.0);
        albedo = mix(albedo, vec3(0.022, 0.02, 0.018) * (0.7 + 0.6 * blot), soot * (0.8 + 0.2 * blot));
    }
    float spec = front ? mix(0.6 + 0.9 * det.a, 0.04, soot) : 0.1;
    vec3 c = light_surface(albedo, n, v_world, spec, mix(40.0, 6.0, soot), shadow_factor(v_world, n)) * mix(0.6, 1.0, det.b);
    // a faint permanent ember line right at the edge (outer channel), and the cooling hot rim
    float ember = smoothstep(0.25, 0.45, dmg.b);
    c += vec3(0.12, 0.02, 0.004) * ember * ember;
    // the hot rim (B, to 1.2 r) cools white-yellow -> orange -> red; the steel around it (A, to
    // 1.6 r) glows a dull red while fresh, so a new hole reads as hot from across the range
    vec4 fade = texture(u_fading, v_uv);
    float heat = max(fade.b / 0.42, fade.a * 1.5);
    c += damage_heat_color(heat) * (front ? 1.0 : 0.5);
    c += dissolve_emission(dd);
    o_color = vec4(apply_fog(c, v_world), 1.0);
#endif
}
