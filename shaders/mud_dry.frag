#version 330 core
// The track's age (src/mud/mud_stamp.c, pass mud.dry): every fresh track byte A (above 128) of a
// mud block's RGBA8 layer lowered by u_levels toward 128, the other channels kept; the same
// arithmetic as mudfield_dry_byte in mud/core/mudfield.h, so the GPU's layers and the CPU field
// stay equal. The previous contents come from u_scratch, a copy of the whole layer.
uniform sampler2D u_scratch; // RGBA8, RES x RES
uniform int u_levels;

out vec4 o_color;

void main()
{
    ivec4 q = ivec4(texelFetch(u_scratch, ivec2(gl_FragCoord.xy), 0) * 255.0 + 0.5);
    if (q.a > 128) q.a = max(128, q.a - u_levels);
    o_color = vec4(q) / 255.0;
}
