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
uniform sampler2D u_composed;
uniform vec3 u_albedo;
out vec4 o_color;

const vec3 WRAP = vec3(0.42, 0.20, 0.15);
const vec3 SCATTER = vec3(0.16, 0.045, 0.03);
const float BOUNCE = 0.12; // ground albedo x the part of its hemisphere a downward face sees

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
    // energy-conserving wrap: (n.l + w) / (1 + w)^2 keeps the lit side from over-brightening
    vec3 wrap = clamp((vec3(ndl) + WRAP) / ((1.0 + WRAP) * (1.0 + WRAP)), 0.0, 1.0);
    float lit = max(ndl, 0.0);
    float band = clamp((ndl + WRAP.r) / (1.0 + WRAP.r), 0.0, 1.0) - lit; // only wrap reaches here
    vec3 diffuse = u_albedo * wrap * shadow + SCATTER * band * shadow.r;
    vec3 h = normalize(l + v);
    float fres = 0.028 + 0.972 * pow(1.0 - max(dot(h, v), 0.0), 5.0);
    float nh = max(dot(n, h), 0.0);
    float spec = (pow(nh, 64.0) * 2.2 + pow(nh, 12.0) * 0.25) * fres * lit * shadow.b * occ;
    vec3 amb = mix(u_sky_horizon.rgb * 0.35, u_sky_zenith.rgb, n.y * 0.5 + 0.5) * u_light_color.w;
    // sunlight bounced off the ground and the chest reaches what faces down (under the nose, lip
    // and chin) far brighter than the sky's horizon does: the hemisphere alone leaves it near black
    amb += u_light_color.rgb * (BOUNCE * max(l.y, 0.0) * (0.5 - 0.5 * n.y));
    // the sky seen at a grazing angle: a faint sheen along the silhouette
    float rim = pow(1.0 - max(dot(n, v), 0.0), 4.0) * 0.12;
    // occlusion darkens the ambient fully and the sun partly: a crease still catches some sun
    vec3 col = u_light_color.rgb * (diffuse + vec3(spec)) * mix(1.0, occ, 0.75) + (u_albedo * amb + amb * rim) * occ;
    o_color = vec4(apply_fog(col, v_world), 1.0);
}
