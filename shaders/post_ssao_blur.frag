#version 330 core
// SSAO blur at half size, one axis per pass (run twice: x, then y): 4 taps covering the 4x4
// rotation tile, each weighted by how close its view distance is to this pixel's, so occlusion
// does not leak across silhouettes. Input and output: .r open fraction, .g view distance.
uniform sampler2D u_raw;
uniform ivec2 u_axis; // (1, 0) or (0, 1)
out vec2 o_ao;
void main()
{
    ivec2 p = ivec2(gl_FragCoord.xy);
    ivec2 last = textureSize(u_raw, 0) - 1;
    vec2 c = texelFetch(u_raw, p, 0).rg;
    float sum = 0.0, wsum = 0.0;
    for (int i = -2; i < 2; i++) {
        vec2 s = texelFetch(u_raw, clamp(p + u_axis * i, ivec2(0), last), 0).rg;
        float w = max(0.0, 1.0 - abs(s.y - c.y) / (0.05 * c.y + 0.02));
        sum += s.x * w;
        wsum += w;
    }
    o_ao = vec2(wsum > 0.0 ? sum / wsum : 1.0, c.y);
}
