#version 330 core
// SSAO blur and step up from quarter to half size, one pass over the 4x4 rotation tile: four
// bilinear taps on the quarter-size texel corners round this pixel, each the average of a 2x2
// block (occlusion and view distance together), so the 4x4 texels they cover weigh alike and the
// tile's pattern cancels. Each block is weighted by how close its distance is to this pixel's
// own (from the full-size depth), so occlusion neither leaks across silhouettes nor comes up
// blocky there (a block that straddles one averages two distances and is rejected).
// Input: quarter size, .r open fraction, .g view distance; output (half size): the same.
uniform sampler2D u_raw;
uniform sampler2D u_depth; // full size
uniform vec2 u_proj;       // proj[2][2], proj[3][2]
out vec2 o_ao;
void main()
{
    ivec2 h = ivec2(gl_FragCoord.xy);
    float d = texelFetch(u_depth, h * 2, 0).r;
    if (d >= 1.0) { o_ao = vec2(1.0, 1e4); return; }
    float c = u_proj.y / (d * 2.0 - 1.0 + u_proj.x);
    vec2 size = vec2(textureSize(u_raw, 0));
    vec2 corner = vec2((h + 1) / 2); // the quarter-size texel corner nearest this pixel's centre
    float sum = 0.0, wsum = 0.0;
    for (int i = 0; i < 4; i++) {
        vec2 o = vec2(i & 1, i >> 1) * 2.0 - 1.0;
        vec2 s = texture(u_raw, (corner + o) / size).rg;
        float w = max(0.0, 1.0 - abs(s.y - c) / (0.05 * c + 0.02));
        sum += s.x * w;
        wsum += w;
    }
    o_ao = vec2(wsum > 0.0 ? sum / wsum : 1.0, c);
}
