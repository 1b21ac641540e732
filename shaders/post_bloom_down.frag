#version 330 core
// Bloom down step: a 4x4 box from four bilinear taps one source texel off this pixel's centre
// (which sits on a source texel corner). At stride 2 each source texel lands in exactly four
// outputs with weight 1/16, so the level keeps the source's energy per area.
uniform sampler2D u_src;
uniform sampler2D u_ao;  // half-size ambient occlusion (first level only)
uniform vec2 u_texel;    // 1 / source size
uniform bool u_use_ao;
in vec2 v_uv;
out vec4 o_color;
void main()
{
    vec3 c = texture(u_src, v_uv + vec2(-u_texel.x, -u_texel.y)).rgb;
    c += texture(u_src, v_uv + vec2(u_texel.x, -u_texel.y)).rgb;
    c += texture(u_src, v_uv + vec2(-u_texel.x, u_texel.y)).rgb;
    c += texture(u_src, v_uv + vec2(u_texel.x, u_texel.y)).rgb;
    c *= 0.25;
    if (u_use_ao) c *= texture(u_ao, v_uv).r;
    o_color = vec4(c, 1.0);
}
