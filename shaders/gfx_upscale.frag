#version 330 core
// The internal-resolution image to the output size: the four texels of the bilinear footprint
// (plain fetches: cheaper than filtered taps on a software rasterizer), blended bilinearly, then
// sharpened against their mean. The sharpening falls where the footprint's range already nears
// black or white (edges that are sharp stay as they are), and the result is clamped to the
// footprint's range, so no halo or ringing appears.
uniform sampler2D u_src;
uniform float u_sharpen; // 0..1
in vec2 v_uv;
out vec4 o_color;

void main()
{
    ivec2 size = textureSize(u_src, 0), last = size - 1;
    vec2 p = v_uv * vec2(size) - 0.5;
    ivec2 i = ivec2(floor(p));
    vec2 f = p - vec2(i);
    ivec2 i0 = clamp(i, ivec2(0), last), i1 = clamp(i + 1, ivec2(0), last);
    vec3 a = texelFetch(u_src, i0, 0).rgb, b = texelFetch(u_src, ivec2(i1.x, i0.y), 0).rgb;
    vec3 c = texelFetch(u_src, ivec2(i0.x, i1.y), 0).rgb, d = texelFetch(u_src, i1, 0).rgb;
    vec3 bl = mix(mix(a, b, f.x), mix(c, d, f.x), f.y);
    vec3 lo = min(min(a, b), min(c, d)), hi = max(max(a, b), max(c, d));
    vec3 amp = sqrt(clamp(min(lo, 1.0 - hi) / max(hi, vec3(1e-4)), 0.0, 1.0));
    vec3 r = bl + (bl - 0.25 * (a + b + c + d)) * amp * (0.5 * u_sharpen);
    o_color = vec4(clamp(r, lo, hi), 1.0);
}
