#version 330 core
// Auto exposure, step 1: the mean log2 luminance of one of 16x16 screen cells, from 4x4
// bilinear taps spread over the cell (each tap averages 2x2 pixels).
uniform sampler2D u_hdr;
in vec2 v_uv;
out float o_loglum;
void main()
{
    vec2 cell = vec2(1.0 / 16.0);
    vec2 base = floor(v_uv * 16.0) * cell;
    float sum = 0.0;
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++) {
            vec3 c = texture(u_hdr, base + (vec2(x, y) + 0.5) * cell * 0.25).rgb;
            sum += log2(dot(c, vec3(0.2126, 0.7152, 0.0722)) + 1e-4);
        }
    o_loglum = sum / 16.0;
}
