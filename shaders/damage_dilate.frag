#version 330 core
// Dilation (and, with u_fade < 1, the fade step): island texels keep their value, gutter texels
// take the largest value of the island texels within 2 texels, so bilinear lookups at a seam
// never blend in an untouched gutter. Fade: v * u_fade - u_sub, floored at 0, so an 8-bit value
// always drops by at least one step and reaches exactly 0.
uniform sampler2D u_src;
uniform sampler2D u_island;
uniform float u_fade;
uniform float u_sub;
out vec4 o_color;
void main()
{
    ivec2 p = ivec2(gl_FragCoord.xy);
    ivec2 size = textureSize(u_src, 0);
    vec3 v = vec3(0.0);
    if (texelFetch(u_island, p, 0).r > 0.5) {
        v = texelFetch(u_src, p, 0).rgb;
    } else {
        for (int dy = -2; dy <= 2; dy++)
            for (int dx = -2; dx <= 2; dx++) {
                ivec2 q = clamp(p + ivec2(dx, dy), ivec2(0), size - 1);
                if (texelFetch(u_island, q, 0).r > 0.5) v = max(v, texelFetch(u_src, q, 0).rgb);
            }
    }
    o_color = vec4(max(v * u_fade - u_sub, 0.0), 1.0);
}
