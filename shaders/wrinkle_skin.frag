#version 330 core
// Skin of the face: the tangent-space normal and occlusion come from the composed wrinkle buffer,
// read at this very pixel (the compositing pass drew the same geometry), z rebuilt from x and y.
// Wrap lighting lets light bleed past the terminator with a warm tint, as scattering in skin does.
#include "common.glsl"
in vec3 v_world;
in vec3 v_nrm;
in vec4 v_tan;
in vec2 v_uv;
uniform sampler2D u_composed;
uniform vec3 u_albedo;
out vec4 o_color;

const float WRAP = 0.45;
const vec3 SCATTER = vec3(0.22, 0.07, 0.04);

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
    float shadow = shadow_factor(v_world, ng);
    float wrap = max((ndl + WRAP) / (1.0 + WRAP), 0.0);
    float lit = max(ndl, 0.0);
    // the band that only wrap lighting reaches glows red, like light scattered under the skin
    vec3 diffuse = u_albedo * lit * shadow + SCATTER * (wrap - lit) * mix(0.35, 1.0, shadow);
    vec3 h = normalize(l + v);
    float fres = 0.04 + 0.96 * pow(1.0 - max(dot(h, v), 0.0), 5.0);
    float spec = pow(max(dot(n, h), 0.0), 48.0) * fres * 3.0 * lit * shadow * occ;
    vec3 amb = mix(u_sky_horizon.rgb * 0.35, u_sky_zenith.rgb, n.y * 0.5 + 0.5) * u_light_color.w;
    // occlusion darkens the ambient fully and the sun partly: a crease still catches some sun
    vec3 col = u_light_color.rgb * (diffuse + vec3(spec)) * mix(1.0, occ, 0.75) + u_albedo * amb * occ;
    o_color = vec4(apply_fog(col, v_world), 1.0);
}
