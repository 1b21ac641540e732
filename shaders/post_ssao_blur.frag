#version 330 core
// SSAO blur at half size, one pass over the 4x4 rotation tile: four bilinear taps, each the
// average of a 2x2 block (occlusion and view distance together), weighted by how close the
// block's distance is to this pixel's, so occlusion does not leak across silhouettes (a block
// that straddles one averages two distances and is rejected). Input and output: .r open
// fraction, .g view distance.
uniform sampler2D u_raw;
out vec2 o_ao;
void main()
{
    vec2 size = vec2(textureSize(u_raw, 0));
    vec2 p = gl_FragCoord.xy - 0.5; // this pixel's texel; the blocks span p-2..p+1 on each axis
    float c = texelFetch(u_raw, ivec2(p), 0).g;
    float sum = 0.0, wsum = 0.0;
    for (int i = 0; i < 4; i++) {
        vec2 o = vec2(i & 1, i >> 1) * 2.0 - 1.0;
        vec2 s = texture(u_raw, (p + o) / size).rg;
        float w = max(0.0, 1.0 - abs(s.y - c) / (0.05 * c + 0.02));
        sum += s.x * w;
        wsum += w;
    }
    o_ao = vec2(wsum > 0.0 ? sum / wsum : 1.0, c);
}
