#version 330 core
#include "common.glsl"
#include "dissolve.glsl"
in vec3 v_world;
in vec3 v_nrm;
in vec3 v_rest_os;
in vec3 v_dir_os;
in float v_weight;
in float v_pull;
in vec3 v_rest_ws;
uniform mat4 u_model;
uniform int u_skin_on;
uniform int u_view_mode; // 0 lit, 1 signed distance d, 2 vertex weight w
uniform float u_fringe;  // > 0: draw only the blended fringe -u_fringe <= d < 0 (dissolve-edge fade)
uniform vec3 u_albedo;
uniform vec3 u_emissive;
out vec4 o_color;
void main()
{
    // skinned: the guiding shape sees the skinned rest position; rigid meshes as they always did
    float d = u_skin_on != 0 ? dissolve_fragment_d_ws(v_rest_os, v_dir_os, v_rest_ws, u_model)
                             : dissolve_fragment_d(v_rest_os, v_dir_os, u_model);
#ifndef SHADOW_PASS
    if (u_view_mode == 1) {
        // Nothing is discarded: burnt (d < 0) red, intact blue, both fading out over one vertex
        // band; the edge itself (|d| under a quarter of the glow width) a white line.
        float k = dissolve_saturate(abs(d) / max(u_dissolve_band, 1e-4));
        vec3 c = d < 0.0 ? vec3(1.0, 0.15, 0.1) : vec3(0.1, 0.35, 1.0);
        c = mix(c, c * 0.15, k);
        if (abs(d) < 0.25 * u_dissolve_edge_width) c = vec3(1.0);
        o_color = vec4(c, 1.0);
        return;
    }
    if (u_view_mode == 2) {
        // 0 dark blue, through green and yellow, to white at full motion
        float w = dissolve_saturate(v_weight);
        vec3 c = w < 0.5 ? mix(vec3(0.02, 0.05, 0.3), vec3(0.1, 0.8, 0.2), w * 2.0)
                         : mix(vec3(1.0, 0.85, 0.1), vec3(1.0), (w - 0.5) * 2.0);
        o_color = vec4(c, 1.0);
        return;
    }
#endif
    float alpha = 1.0;
#ifndef SHADOW_PASS
    if (u_fringe > 0.0) {
        // the burnt side's first stretch, fading out: what the opaque draw discarded
        if (d >= 0.0 || d < -u_fringe) discard;
        alpha = 1.0 + d / u_fringe;
        d = 0.0; // glows like the edge itself
    }
#endif
    // Pulled: the stretched sheets become glowing filaments (dissolve_strand); the shadow keeps
    // the surface and its holes, a filament is light and casts none.
    float strand = -1.0;
    if (u_dissolve_on != 0 && u_dissolve_mode == 2 && u_fringe <= 0.0) {
        strand = dissolve_strand(d, v_pull, dissolve_strand_noise(v_rest_os, v_dir_os, u_model));
        if (strand < 0.0) discard;
#ifdef SHADOW_PASS
        if (dissolve_strand_taper(v_pull) > 0.5) discard; // light, not a caster
#endif
        d = max(d, 0.0); // a burnt strand glows like the edge
    }
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
    if (strand >= 0.0) {
        // along the strand the surface gives way to the edge's glow, hotter toward the target
        // and brightest in the middle of the filament
        vec3 glow = u_dissolve_edge_color * (0.25 + 0.75 * v_pull) * (0.35 + 0.65 * strand);
        c = mix(c, glow, dissolve_strand_taper(v_pull));
    }
    o_color = vec4(apply_fog(c, v_world), alpha);
#endif
}
