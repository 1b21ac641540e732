#version 330 core
// FXAA (after FXAA 3.11's console variant) and contrast-adaptive sharpening in one pass over
// the tone-mapped image, whose alpha holds luma. Both read the pixel and its four neighbours
// (plain fetches, no filtering: the cheapest taps a software rasterizer has). Where their luma
// range says edge, two or four bilinear taps along the edge (across the luma gradient) replace
// the pixel; elsewhere the pixel moves away from its neighbours' mean by an amount that falls
// as local contrast nears black or white (no ringing, after AMD CAS).
uniform sampler2D u_src;
uniform int u_flags;     // 1 fxaa, 2 sharpen
uniform float u_sharpen; // 0..1
in vec2 v_uv;
out vec4 o_color;

void main()
{
    ivec2 p = ivec2(gl_FragCoord.xy), last = textureSize(u_src, 0) - 1;
    vec2 t = 1.0 / vec2(last + 1);
    vec4 m = texelFetch(u_src, p, 0);
    vec4 n = texelFetch(u_src, min(p + ivec2(0, 1), last), 0), s = texelFetch(u_src, max(p - ivec2(0, 1), 0), 0);
    vec4 e = texelFetch(u_src, min(p + ivec2(1, 0), last), 0), w = texelFetch(u_src, max(p - ivec2(1, 0), 0), 0);
    float lmin = min(m.a, min(min(n.a, s.a), min(e.a, w.a)));
    float lmax = max(m.a, max(max(n.a, s.a), max(e.a, w.a)));
    if ((u_flags & 1) != 0 && lmax - lmin >= max(0.05, lmax * 0.125)) {
        // along the edge = across the luma gradient
        vec2 dir1 = normalize(vec2(s.a - n.a, e.a - w.a) + 1e-6);
        vec4 n1 = texture(u_src, v_uv - dir1 * t * 0.5), p1 = texture(u_src, v_uv + dir1 * t * 0.5);
        vec2 dir2 = clamp(dir1 / (min(abs(dir1.x), abs(dir1.y)) * 8.0), -2.0, 2.0);
        vec4 n2 = texture(u_src, v_uv - dir2 * t * 2.0), p2 = texture(u_src, v_uv + dir2 * t * 2.0);
        vec4 a = (n1 + p1) * 0.5;
        vec4 b = (n2 + p2) * 0.25 + a * 0.5;
        // the long taps crossed another edge: keep the short pair
        o_color = vec4(b.a < lmin || b.a > lmax ? a.rgb : b.rgb, 1.0);
        return;
    }
    vec3 c = m.rgb;
    if ((u_flags & 2) != 0) {
        vec3 mn = min(m.rgb, min(min(n.rgb, s.rgb), min(e.rgb, w.rgb)));
        vec3 mx = max(m.rgb, max(max(n.rgb, s.rgb), max(e.rgb, w.rgb)));
        vec3 amp = sqrt(clamp(min(mn, 1.0 - mx) / max(mx, 1e-4), 0.0, 1.0));
        vec3 blur = (n.rgb + s.rgb + e.rgb + w.rgb) * 0.25;
        c = clamp(c + (c - blur) * amp * u_sharpen, 0.0, 1.0);
    }
    o_color = vec4(c, 1.0);
}
