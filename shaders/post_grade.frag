#version 330 core
// The colour pass of the post stack: ambient occlusion, depth of field and bloom composited,
// exposure, ACES-fitted filmic curve (Narkowicz 2015), colour grade, sRGB transfer. Every pass
// before this one works in linear light. Each stage is compiled in or out (POST_AO, POST_BLOOM,
// POST_DOF, POST_AUTO_EXPOSURE, POST_GRADE, POST_GAMMA, POST_LUMA_ALPHA): a software rasterizer
// runs both sides of a branch, so a switched-off stage must not be in the code at all. With none
// defined it is the plain tone map.
uniform sampler2D u_hdr;
uniform sampler2D u_ao;           // half size, .r
uniform sampler2D u_bloom;        // half size
uniform sampler2D u_dof_tex;      // half size, .a blur radius in half pixels
uniform sampler2D u_exposure_tex; // 1x1
uniform float u_exposure;         // fixed exposure (without POST_AUTO_EXPOSURE)
uniform float u_bloom_strength;
uniform vec3 u_lift, u_gamma, u_gain;
uniform float u_saturation;
in vec2 v_uv;
out vec4 o_color;

vec3 aces(vec3 x) { return clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0); }
vec3 to_srgb(vec3 c) { return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(0.0031308, c)); }

void main()
{
    vec3 c = texelFetch(u_hdr, ivec2(gl_FragCoord.xy), 0).rgb; // one pixel: no filtering to pay for
#ifdef POST_BLOOM
    vec4 bloom = texture(u_bloom, v_uv);
#endif
#if defined(POST_AO) && defined(POST_BLOOM)
    c *= bloom.a; // the bloom chain carries the occlusion in alpha (one half-size fetch for both)
#elif defined(POST_AO)
    c *= texture(u_ao, v_uv).r;
#endif
#ifdef POST_DOF
    vec4 blur = texture(u_dof_tex, v_uv);
    c = mix(c, blur.rgb, smoothstep(0.5, 1.5, blur.a));
#endif
#ifdef POST_BLOOM
    c = mix(c, bloom.rgb, u_bloom_strength);
#endif
#ifdef POST_AUTO_EXPOSURE
    c *= texelFetch(u_exposure_tex, ivec2(0), 0).r;
#else
    c *= u_exposure;
#endif
    c = aces(c);
#ifdef POST_GRADE
    c = max(u_gain * (c + u_lift * (1.0 - c)), 0.0);
#ifdef POST_GAMMA
    c = pow(c, 1.0 / u_gamma);
#endif
    c = clamp(mix(vec3(dot(c, vec3(0.2126, 0.7152, 0.0722))), c, u_saturation), 0.0, 1.0);
#endif
    c = to_srgb(c);
#ifdef POST_LUMA_ALPHA
    o_color = vec4(c, dot(c, vec3(0.299, 0.587, 0.114)));
#else
    o_color = vec4(c, 1.0);
#endif
}
