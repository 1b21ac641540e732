#version 330 core
// Water over the mud: Schlick Fresnel (halved: silt scatters back) between the sky's warmed
// reflection and a body colour tinted by the depth of the water column; opacity grows with the
// depth (the mud and ruts show through the shallows); foam where the flow is fast, on the crests of
// a wake and at the shore. Blended over the opaque scene, no depth write.
#include "common.glsl"
in vec3 v_world;
in vec3 v_nrm;
in float v_depth;
in vec2 v_flow;
in float v_crest;
out vec4 o_color;

float hash(vec2 p) { return fract(sin(dot(p, vec2(127.1, 311.7))) * 43758.5453); }
float noise(vec2 p)
{
    vec2 i = floor(p), f = fract(p);
    f = f * f * (3.0 - 2.0 * f);
    return mix(mix(hash(i), hash(i + vec2(1, 0)), f.x), mix(hash(i + vec2(0, 1)), hash(i + vec2(1, 1)), f.x), f.y);
}

void main()
{
    if (v_depth < 0.01) discard; // dry: the corner's surface lies under the ground anyway
    float t = u_camera_pos.w;
    // small ripples carried by the flow
    vec2 p = v_world.xz - v_flow * t * 0.5;
    vec2 ripple = vec2(noise(p * 3.1 + t * 0.7) - 0.5, noise(p.yx * 2.7 - t * 0.6) - 0.5);
    vec3 n = normalize(v_nrm + vec3(ripple.x, 0.0, ripple.y) * 0.12);
    vec3 v = normalize(u_camera_pos.xyz - v_world);
    float ndv = max(dot(n, v), 0.0);
    float fresnel = 0.02 + 0.98 * pow(1.0 - ndv, 5.0);
    vec3 sky = sky_color(reflect(-v, n));
    // the water column: light mud-brown when shallow, dark green-brown deep down
    float column = 1.0 - exp(-v_depth / 0.45);
    vec3 body = mix(vec3(0.30, 0.24, 0.14), vec3(0.05, 0.08, 0.06), column);
    vec3 amb = mix(u_sky_horizon.rgb * 0.35, u_sky_zenith.rgb, 0.75) * u_light_color.w;
    vec3 lit = body * (amb + u_light_color.rgb * max(dot(n, u_light_dir.xyz), 0.0) * 0.6);
    float shadow = shadow_factor(v_world, vec3(0, 1, 0));
    // muddy water: the silt under the surface scatters back its own brown, so the sky's mirror is
    // weaker and warmer than clear water's even at grazing angles (no grey-blue sheet)
    float refl = fresnel * 0.5;
    vec3 c = mix(lit, sky * vec3(0.9, 0.82, 0.68) * mix(0.6, 1.0, shadow), refl);
    float alpha = max(0.25 + 0.7 * column, refl) * smoothstep(0.01, 0.06, v_depth);
    // foam where the flow is fast, broken up by noise that drifts with it, and a ragged band
    // along the shore where the water thins out over the bank
    float speed = length(v_flow);
    float foam = smoothstep(1.0, 2.2, speed) * smoothstep(0.35, 0.75, noise(p * 5.0 + t));
    // the wake: white water breaking along the crests a moving body pushes out (the bow's V), broken
    // by noise, and its troughs a shade darker, so the V reads from the bank (unit_water's wake)
    // (not in the shallows along a bank, where the thinning film's corners stand above dry
    // neighbours and would draw a dashed line); from 1.2 mm over the neighbours' mean, so the
    // arms stay white as they spread and flatten behind the truck (app_water_wake)
    float crest = smoothstep(0.0012, 0.006, v_crest) * smoothstep(0.15, 0.5, noise(p * 4.0 - t * 0.8)) *
                  smoothstep(0.08, 0.2, v_depth);
    foam = max(foam, 0.9 * crest);
    c *= 1.0 - 0.4 * smoothstep(0.004, 0.02, -v_crest);
    float shore = 1.0 - smoothstep(0.03, 0.12, v_depth);
    // (not on the film of a centimetre or so that the simulation spreads past the edge: lit as
    // foam, that film drew a bright dashed line along each bank, apart from the water)
    float ragged = noise(v_world.xz * 2.2 + vec2(0.2, -0.15) * t) * 0.6 + noise(v_world.xz * 6.0) * 0.4;
    float scum = 0.4 * shore * smoothstep(0.015, 0.04, v_depth) * smoothstep(0.3, 0.6, ragged);
    c = mix(c, vec3(0.82, 0.80, 0.74) * (amb + u_light_color.rgb * 0.7 * shadow), foam);
    c = mix(c, vec3(0.34, 0.28, 0.20) * (amb + u_light_color.rgb * 0.7 * shadow), scum); // the shore's foam carries the silt
    alpha = max(alpha, max(foam * 0.95, scum));
    o_color = vec4(apply_fog(c, v_world), alpha);
}
