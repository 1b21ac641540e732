#version 330 core
// Dilation (and, with u_fade < 1, the fade step): every texel copies the texel u_island names:
// itself on an island, the nearest island texel within 2 texels in a gutter (so bilinear lookups
// at a seam never blend in an untouched gutter), none far from every island. Fade:
// v * u_fade - u_sub, floored at 0, so an 8-bit value always drops by at least one step and
// reaches exactly 0.
uniform sampler2D u_src;
uniform sampler2D u_island; // R8: 0 none, else 1 + (dy + 2) * 5 + (dx + 2)
uniform float u_fade;
uniform float u_sub;
out vec4 o_color;
void main()
{
    ivec2 p = ivec2(gl_FragCoord.xy);
    int code = int(texelFetch(u_island, p, 0).r * 255.0 + 0.5);
    vec4 v = vec4(0.0);
    if (code > 0) {
        code -= 1;
        v = texelFetch(u_src, p + ivec2(code % 5 - 2, code / 5 - 2), 0);
    }
    // all four channels: A is the scorch
    o_color = max(v * u_fade - u_sub, 0.0);
}
