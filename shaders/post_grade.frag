#version 330 core
// The colour pass of the post stack: ambient occlusion, depth of field and bloom composited,
// exposure, ACES-fitted filmic curve (Narkowicz 2015), colour grade, sRGB transfer. Every pass
// before this one works in linear light. Each stage is compiled in or out (POST_AO, POST_BLOOM,
// POST_DOF, POST_AUTO_EXPOSURE, POST_GRADE, POST_GAMMA, POST_SHARPEN, POST_FXAA): a software rasterizer
// runs both sides of a branch, so a switched-off stage must not be in the code at all. With none
// defined it is the plain tone map. With POST_DOF the DOF pass has already folded the occlusion
// and the bloom into its half-size result (pixel * a + rgb): one fetch for all three.
// POST_SHARPEN and POST_FXAA bring in the four neighbours of the HDR pixel: their luma, put
// through this pixel's composite, exposure, the tone curve and an encoding close to sRGB, is
// near enough to the final picture's to sharpen by (contrast-adaptive, after AMD CAS, on luma)
// and to mark FXAA's candidates: depth 1 where the luma range may reach FXAA's edge threshold
// (a little below it, so every real edge is marked), 0 elsewhere; the unsharpened picture with
// its luma in alpha goes to the second output, FXAA's input. With POST_QUAD_LUMA (chosen where
// derivatives are known to be per row and column: llvmpipe) two of the four neighbours come from
// the 2x2 quad's derivatives instead of fetches.
uniform sampler2D u_hdr;
uniform sampler2D u_ao;           // half size, .r
uniform sampler2D u_bloom;        // half size
uniform sampler2D u_dof_tex;      // half size composite: the sharp pixel's factor in .a, the rest in .rgb
uniform float u_bloom_strength;
uniform vec3 u_lift, u_gamma, u_gain;
uniform float u_saturation;
in vec2 v_uv;
flat in float v_exposure;         // post_grade.vert: fixed or adapted
layout(location = 0) out vec4 o_color;
#ifdef POST_FXAA
layout(location = 1) out vec4 o_fxaa;
#endif
uniform float u_sharpen; // 0..1

vec3 aces(vec3 x) { return clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0); }
// The sRGB curve: above its linear toe 1.055 c^(1/2.4) - 0.055, here fitted (least squares) as
// a sum of c, c^(1/2), c^(1/4), c^(1/8): three square roots instead of a pow (a log and an exp
// per channel), within 0.03/255 of the exact curve everywhere.
vec3 to_srgb(vec3 c)
{
    vec3 s1 = sqrt(c), s2 = sqrt(s1), s3 = sqrt(s2);
    vec3 v = -0.0188938 * c + 0.6459461 * s1 + 0.7081562 * s2 - 0.3352506 * s3;
    return mix(c * 12.92, v, step(0.0031308, c));
}

#if defined(POST_SHARPEN) || defined(POST_FXAA)
const vec3 LUMA_LINEAR = vec3(0.2126, 0.7152, 0.0722);
// luma of a neighbour, composited as this pixel (times m plus add), on the display scale
float approx_luma(vec3 hdr, float m, float add_luma)
{
    float l = max((dot(hdr, LUMA_LINEAR) * m + add_luma) * v_exposure, 0.0);
    l = clamp((l * (2.51 * l + 0.03)) / (l * (2.43 * l + 0.59) + 0.14), 0.0, 1.0);
    return 1.14 * sqrt(l) - 0.14 * l; // within 0.015 of the sRGB curve above 0.01
}
#endif

void main()
{
    ivec2 p = ivec2(gl_FragCoord.xy);
#ifdef POST_QUAD_LUMA
    // clamped: a quad across the image's edge (odd sizes) reads the edge pixel, as min() below does
    vec3 hdr = texelFetch(u_hdr, min(p, textureSize(u_hdr, 0) - 1), 0).rgb;
#else
    vec3 hdr = texelFetch(u_hdr, p, 0).rgb; // one pixel: no filtering to pay for
#endif
    // what the half-size passes make of this pixel: hdr * m + add
    float m = 1.0;
    vec3 add = vec3(0.0);
#if defined(POST_DOF)
    vec4 comp = texture(u_dof_tex, v_uv);
    m = comp.a;
    add = comp.rgb;
#elif defined(POST_BLOOM)
    vec4 bloom = texture(u_bloom, v_uv);
#ifdef POST_AO
    m = bloom.a; // the bloom chain carries the occlusion in alpha (one half-size fetch for both)
#endif
    m *= 1.0 - u_bloom_strength;
    add = bloom.rgb * u_bloom_strength;
#elif defined(POST_AO)
    m = texture(u_ao, v_uv).r;
#endif
    vec3 c = (hdr * m + add) * v_exposure;
    c = aces(c);
#ifdef POST_GRADE
    c = max(u_gain * (c + u_lift * (1.0 - c)), 0.0);
#ifdef POST_GAMMA
    c = pow(c, 1.0 / u_gamma);
#endif
    c = clamp(mix(vec3(dot(c, vec3(0.2126, 0.7152, 0.0722))), c, u_saturation), 0.0, 1.0);
#endif
    c = to_srgb(c);
    o_color = vec4(c, 1.0);
#if defined(POST_SHARPEN) || defined(POST_FXAA)
    ivec2 last = textureSize(u_hdr, 0) - 1;
    float add_luma = dot(add, LUMA_LINEAR);
    float lm = approx_luma(hdr, m, add_luma);
#ifdef POST_QUAD_LUMA
    // The neighbour inside this pixel's 2x2 quad by the derivative of the raw luma (its value
    // minus ours, per row and column on llvmpipe), the one outside fetched: two fetches, not four.
    ivec2 odd = p & 1;
    float y = dot(hdr, LUMA_LINEAR), dx = dFdx(y), dy = dFdy(y);
    float yh = y + (odd.x == 0 ? dx : -dx), yv = y + (odd.y == 0 ? dy : -dy);
    float yoh = dot(texelFetch(u_hdr, clamp(p + ivec2(odd.x == 0 ? -1 : 1, 0), ivec2(0), last), 0).rgb, LUMA_LINEAR);
    float yov = dot(texelFetch(u_hdr, clamp(p + ivec2(0, odd.y == 0 ? -1 : 1), ivec2(0), last), 0).rgb, LUMA_LINEAR);
    // vec3(y): LUMA_LINEAR's weights sum to 1, so approx_luma sees the luma y itself
    float ln = approx_luma(vec3(odd.y == 0 ? yv : yov), m, add_luma);
    float ls = approx_luma(vec3(odd.y == 0 ? yov : yv), m, add_luma);
    float le = approx_luma(vec3(odd.x == 0 ? yh : yoh), m, add_luma);
    float lw = approx_luma(vec3(odd.x == 0 ? yoh : yh), m, add_luma);
#else
    float ln = approx_luma(texelFetch(u_hdr, min(p + ivec2(0, 1), last), 0).rgb, m, add_luma);
    float ls = approx_luma(texelFetch(u_hdr, max(p - ivec2(0, 1), 0), 0).rgb, m, add_luma);
    float le = approx_luma(texelFetch(u_hdr, min(p + ivec2(1, 0), last), 0).rgb, m, add_luma);
    float lw = approx_luma(texelFetch(u_hdr, max(p - ivec2(1, 0), 0), 0).rgb, m, add_luma);
#endif
    float lmin = min(lm, min(min(ln, ls), min(le, lw)));
    float lmax = max(lm, max(max(ln, ls), max(le, lw)));
#endif
#ifdef POST_FXAA
    o_fxaa = vec4(c, dot(c, vec3(0.299, 0.587, 0.114)));
    gl_FragDepth = lmax - lmin >= 0.7 * max(0.0833, lmax * 0.166) ? 1.0 : 0.0;
#endif
#ifdef POST_SHARPEN
    float amp = sqrt(clamp(min(lmin, 1.0 - lmax) / max(lmax, 1e-4), 0.0, 1.0));
    float blur = (ln + ls + le + lw) * 0.25;
    o_color.rgb = clamp(c + (lm - blur) * amp * u_sharpen, 0.0, 1.0);
#endif
}
