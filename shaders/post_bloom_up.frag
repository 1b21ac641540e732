#version 330 core
// Bloom up step: the 3x3 tent over the blurrier level below (four bilinear taps half a texel
// off diagonally are exactly the [1 2 1] x [1 2 1] / 16 kernel), mixed with this level's own
// down result. Weights keep, keep*(1-keep), ... add up to 1 over the chain, so the result is an
// average of blurs: energy is spread, never added.
// BLOOM_LAST, the last step (to level 0, half size): the level below is already smooth, so one
// bilinear tap steps it up (a quarter of the taps at the largest level; DOF's gather does the
// same when DOF runs), and the occlusion goes into alpha.
uniform sampler2D u_low;   // the up result one level smaller
uniform sampler2D u_high;  // this level's down result
uniform float u_keep;
in vec2 v_uv;
out vec4 o_color;
#ifdef BLOOM_LAST
uniform sampler2D u_ao;    // half size occlusion, carried in alpha (else 1)
uniform bool u_use_ao;
void main()
{
    ivec2 p = ivec2(gl_FragCoord.xy); // this level and the occlusion have this pass's size
    o_color = vec4(mix(texture(u_low, v_uv).rgb, texelFetch(u_high, p, 0).rgb, u_keep),
                   u_use_ao ? texelFetch(u_ao, p, 0).r : 1.0);
}
#else
uniform vec2 u_texel;      // 1 / size of u_low
void main()
{
    vec2 h = u_texel * 0.5;
    vec3 s = texture(u_low, v_uv + vec2(-h.x, -h.y)).rgb + texture(u_low, v_uv + vec2(h.x, -h.y)).rgb +
             texture(u_low, v_uv + vec2(-h.x, h.y)).rgb + texture(u_low, v_uv + vec2(h.x, h.y)).rgb;
    o_color = vec4(mix(s * 0.25, texelFetch(u_high, ivec2(gl_FragCoord.xy), 0).rgb, u_keep), 1.0);
}
#endif
