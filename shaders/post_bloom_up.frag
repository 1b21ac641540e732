#version 330 core
// Bloom up step: the 3x3 tent over the blurrier level below (four bilinear taps half a texel
// off diagonally are exactly the [1 2 1] x [1 2 1] / 16 kernel), mixed with this level's own
// down result. Weights keep, keep*(1-keep), ... add up to 1 over the chain, so the result is an
// average of blurs: energy is spread, never added.
uniform sampler2D u_low;   // the up result one level smaller
uniform sampler2D u_high;  // this level's down result
uniform vec2 u_texel;      // 1 / size of u_low
uniform float u_keep;
uniform sampler2D u_ao;    // half size occlusion, carried in alpha of the last step (else 1)
uniform bool u_use_ao;
in vec2 v_uv;
out vec4 o_color;
void main()
{
    vec2 h = u_texel * 0.5;
    vec3 s = texture(u_low, v_uv + vec2(-h.x, -h.y)).rgb + texture(u_low, v_uv + vec2(h.x, -h.y)).rgb +
             texture(u_low, v_uv + vec2(-h.x, h.y)).rgb + texture(u_low, v_uv + vec2(h.x, h.y)).rgb;
    ivec2 p = ivec2(gl_FragCoord.xy); // this level and the occlusion have this pass's size
    o_color = vec4(mix(s * 0.25, texelFetch(u_high, p, 0).rgb, u_keep), u_use_ao ? texelFetch(u_ao, p, 0).r : 1.0);
}
