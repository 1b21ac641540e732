#version 330 core
// SSAO blur at half size: 4x4 taps (the rotation tile), each weighted by how close its view
// distance is to this pixel's, so occlusion does not leak across silhouettes.
uniform sampler2D u_raw; // .r open fraction, .g view distance
out float o_ao;
void main()
{
    ivec2 p = ivec2(gl_FragCoord.xy);
    ivec2 size = textureSize(u_raw, 0);
    float z = texelFetch(u_raw, p, 0).g;
    float sum = 0.0, wsum = 0.0;
    for (int y = -2; y < 2; y++)
        for (int x = -2; x < 2; x++) {
            vec2 s = texelFetch(u_raw, clamp(p + ivec2(x, y), ivec2(0), size - 1), 0).rg;
            float w = max(0.0, 1.0 - abs(s.y - z) / (0.05 * z + 0.02));
            sum += s.x * w;
            wsum += w;
        }
    o_ao = wsum > 0.0 ? sum / wsum : 1.0;
}
