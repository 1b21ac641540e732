#version 330 core
// Skin of the face: the tangent-space normal and occlusion come from the composed wrinkle buffer,
// read at this very pixel (the compositing pass drew the same geometry), z rebuilt from x and y.
// Subsurface scattering, approximated three ways (no extra pass):
//  - wrap lighting per channel: red light travels furthest under the skin, so red wraps furthest
//    past the terminator and the shadow side of a form turns warm, not grey;
//  - a scatter colour in the band only the wrap reaches (the terminator);
//  - shadows filtered twice at the skin's scale (wrinkle_skin_shadow.glsl): red takes the wide
//    penumbra, blue the narrow one, so a cast shadow's edge (under the nose, under the lip) bleeds
//    red instead of ending in a hard dark wedge.
// Two specular lobes (an oily sheen and a broad one) with Fresnel, both held back by occlusion.
#include "common.glsl"
#include "wrinkle_skin_shadow.glsl"
in vec3 v_world;
in vec3 v_nrm;
in vec4 v_tan;
in vec2 v_uv;
in vec3 v_obj;
uniform sampler2D u_composed;
uniform vec3 u_albedo;
out vec4 o_color;

const vec3 WRAP = vec3(0.42, 0.20, 0.15); // WRINKLE_SKIN_WRAP_R, _G, _B (wrinkle_math.h)
const vec3 SCATTER = vec3(0.16, 0.045, 0.03);
const float BOUNCE = 0.12; // ground albedo x the part of its hemisphere a downward face sees

// Albedo variation painted on the neutral head frame (metres, +y up, face toward +z; head.h's
// landmarks): short-cropped hair above a hairline that dips at the temples and runs down to the
// nape, red vermilion on the lips, flushed cheeks and nose tip, a faint beard shadow on the jaw
// and upper lip, darker skin around the eyes. Returns the albedo; hair = how much of it is hair.
float region(vec2 p, vec2 c, vec2 r)
{
    vec2 d = (p - c) / r;
    return exp(-dot(d, d));
}
vec3 skin_albedo(vec3 base, vec3 o, out float hair)
{
    float ax = abs(o.x), phi = abs(atan(o.x, o.z)); // 0 at the face's middle, pi at the back
    float line = mix(0.064, 0.034, smoothstep(0.25, 0.85, phi));  // forehead to temples
    line = mix(line, 0.046, smoothstep(1.05, 1.35, phi));         // over the ears
    line = mix(line, -0.075, smoothstep(1.7, 2.4, phi));          // down to the nape
    hair = smoothstep(line - 0.002, line + 0.004, o.y);
    float fine = sin(o.x * 900.0 + sin(o.z * 400.0) * 3.0) * sin(o.y * 1100.0 + o.x * 300.0);
    vec3 hair_col = vec3(0.055, 0.036, 0.024) * (0.85 + 0.15 * fine);
    vec3 c = base;
    // lips: the vermilion, the upper lip from the slit to its border, the fuller lower one below,
    // both narrowing into the corners
    float dy = o.y + 0.073, half_w = 0.0245 * sqrt(max(1.0 - pow(dy / 0.012, 2.0), 0.0));
    float lips = smoothstep(half_w + 0.001, half_w - 0.003, ax) * smoothstep(0.0075, 0.0055, dy) * smoothstep(-0.0105, -0.0085, dy)
               * smoothstep(0.03, 0.06, o.z);
    c = mix(c, base * vec3(0.92, 0.60, 0.58), lips);
    c *= mix(vec3(1.0), vec3(1.02, 0.95, 0.94), region(vec2(ax, o.y), vec2(0.045, -0.030), vec2(0.02, 0.016))); // cheeks
    c *= mix(vec3(1.0), vec3(1.02, 0.94, 0.93), region(vec2(o.x, o.y), vec2(0.0, -0.045), vec2(0.012, 0.01)));  // nose tip
    float beard = smoothstep(-0.052, -0.07, o.y) * smoothstep(0.0, 0.03, o.z) * (1.0 - lips);
    c *= mix(vec3(1.0), vec3(0.90, 0.90, 0.95), beard * 0.6);
    c *= mix(vec3(1.0), vec3(0.88, 0.84, 0.86), region(vec2(ax, o.y), vec2(0.032, 0.003), vec2(0.018, 0.012))); // around the eyes
    return mix(c, hair_col, hair);
}

void main()
{
    vec4 c = texelFetch(u_composed, ivec2(gl_FragCoord.xy), 0);
    // alpha 0: the buffer has no face here (an MSAA edge sample): flat and unoccluded
    vec2 xy = c.a > 0.0 ? c.gb * 2.0 - 1.0 : vec2(0.0);
    float occ = c.a > 0.0 ? c.r : 1.0;
    vec3 nt = vec3(xy, sqrt(clamp(1.0 - dot(xy, xy), 0.0, 1.0)));

    vec3 ng = normalize(v_nrm);
    vec3 t = normalize(v_tan.xyz - ng * dot(ng, v_tan.xyz));
    vec3 bt = cross(ng, t) * v_tan.w;
    vec3 n = normalize(t * nt.x + bt * nt.y + ng * nt.z);

    vec3 l = u_light_dir.xyz;
    vec3 v = normalize(u_camera_pos.xyz - v_world);
    float ndl = dot(n, l);
    vec3 shadow = skin_shadow(v_world, ng);
    float hair;
    vec3 albedo = skin_albedo(u_albedo, v_obj, hair);
    // wrap per channel, (n.l + w) / (1 + w) (wrinkle_skin_wrap): 1 in every channel at n.l = 1, so
    // the lit side keeps the albedo's hue; past the terminator red > green > blue. (The old
    // (n.l + w) / (1 + w)^2 divided red most and turned the lit side cyan.)
    vec3 wrap = clamp((vec3(ndl) + WRAP) / (1.0 + WRAP), 0.0, 1.0);
    float lit = max(ndl, 0.0);
    float band = clamp((ndl + WRAP.r) / (1.0 + WRAP.r), 0.0, 1.0) - lit; // only wrap reaches here
    vec3 diffuse = albedo * wrap * shadow + SCATTER * band * shadow.r * (1.0 - hair);
    vec3 h = normalize(l + v);
    float fres = 0.028 + 0.972 * pow(1.0 - max(dot(h, v), 0.0), 5.0);
    float nh = max(dot(n, h), 0.0);
    float spec = (pow(nh, 64.0) * 2.2 + pow(nh, 12.0) * 0.25) * fres * lit * shadow.b * occ * (1.0 - 0.85 * hair);
    vec3 amb = mix(u_sky_horizon.rgb * 0.35, u_sky_zenith.rgb, n.y * 0.5 + 0.5) * u_light_color.w;
    // sunlight bounced off the ground and the chest reaches what faces down (under the nose, lip
    // and chin) far brighter than the sky's horizon does: the hemisphere alone leaves it near black
    amb += u_light_color.rgb * (BOUNCE * max(l.y, 0.0) * (0.5 - 0.5 * n.y));
    // the sky seen at a grazing angle: a faint sheen along the silhouette
    float rim = pow(1.0 - max(dot(n, v), 0.0), 4.0) * 0.12;
    // occlusion darkens the ambient fully and the sun partly: a crease still catches some sun
    vec3 col = u_light_color.rgb * (diffuse + vec3(spec)) * mix(1.0, occ, 0.75) + (albedo * amb + amb * rim) * occ;
    o_color = vec4(apply_fog(col, v_world), 1.0);
}
