#version 330 core
// The colour pass of the post stack: ambient occlusion, depth of field and bloom composited,
// exposure, ACES-fitted filmic curve (Narkowicz 2015), colour grade, sRGB transfer. Every pass
// before this one works in linear light. With u_flags 0 it is the plain tone map.
uniform sampler2D u_hdr;
uniform sampler2D u_ao;           // half size, .r
uniform sampler2D u_bloom;        // half size
uniform sampler2D u_dof_tex;      // half size, .a blur radius in half pixels
uniform sampler2D u_exposure_tex; // 1x1
uniform int u_flags;              // 1 ao, 2 bloom, 4 dof, 8 auto exposure, 16 grade, 32 luma in alpha
uniform float u_exposure;         // fixed exposure (without flag 8)
uniform float u_bloom_strength;
uniform vec3 u_lift, u_gamma, u_gain;
uniform bool u_use_gamma;         // gamma is not 1 (pow skipped otherwise: it costs)
uniform float u_saturation;
in vec2 v_uv;
out vec4 o_color;

vec3 aces(vec3 x) { return clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0); }
vec3 to_srgb(vec3 c) { return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(0.0031308, c)); }

void main()
{
    vec3 c = texture(u_hdr, v_uv).rgb;
    vec4 bloom = (u_flags & 2) != 0 ? texture(u_bloom, v_uv) : vec4(0.0, 0.0, 0.0, 1.0);
    // the bloom chain carries the occlusion in alpha (one half-size fetch for both)
    if ((u_flags & 1) != 0) c *= (u_flags & 2) != 0 ? bloom.a : texture(u_ao, v_uv).r;
    if ((u_flags & 4) != 0) {
        vec4 blur = texture(u_dof_tex, v_uv);
        c = mix(c, blur.rgb, smoothstep(0.5, 1.5, blur.a));
    }
    if ((u_flags & 2) != 0) c = mix(c, bloom.rgb, u_bloom_strength);
    c *= (u_flags & 8) != 0 ? texelFetch(u_exposure_tex, ivec2(0), 0).r : u_exposure;
    c = aces(c);
    if ((u_flags & 16) != 0) {
        c = max(u_gain * (c + u_lift * (1.0 - c)), 0.0);
        if (u_use_gamma) c = pow(c, 1.0 / u_gamma);
        c = clamp(mix(vec3(dot(c, vec3(0.2126, 0.7152, 0.0722))), c, u_saturation), 0.0, 1.0);
    }
    c = to_srgb(c);
    float a = (u_flags & 32) != 0 ? dot(c, vec3(0.299, 0.587, 0.114)) : 1.0;
    o_color = vec4(c, a);
}
