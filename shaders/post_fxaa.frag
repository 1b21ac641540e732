#version 330 core
// FXAA (after FXAA 3.11's quality variant, search shortened to 3 steps) and contrast-adaptive
// sharpening in one pass over the tone-mapped image, whose alpha holds luma. Both read the pixel
// and its four neighbours (plain fetches, no filtering: the cheapest taps a software rasterizer
// has). Where their luma range says edge, FXAA finds the edge's orientation and ends and moves
// the sample towards it (only pixels on edges pay for that); elsewhere the pixel moves away from its neighbours' mean by an amount that falls
// as local contrast nears black or white (no ringing, after AMD CAS).
uniform sampler2D u_src;
// Compiled with POST_FXAA and/or POST_SHARPEN (a software rasterizer runs both sides of a
// branch, so what is off is not in the code). Into a target with depth the work is split so that
// only edge pixels pay for FXAA: POST_MARK writes every other pixel (copied or sharpened) and
// leaves edges at depth 1; POST_EDGE_ONLY then runs FXAA where the depth test lets it through,
// and the rasterizer skips blocks without edges before shading them.
#define EDGE_THRESHOLD(lmin, lmax) ((lmax) - (lmin) >= max(0.0833, (lmax) * 0.166))
#ifdef POST_EDGE_ONLY
#define IS_EDGE true
#else
#define IS_EDGE EDGE_THRESHOLD(lmin, lmax)
#endif
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
#ifdef POST_MARK
    gl_FragDepth = EDGE_THRESHOLD(lmin, lmax) ? 1.0 : 0.0;
#endif
#ifdef POST_FXAA
    if (IS_EDGE) {
        float range = lmax - lmin;
        float lne = texelFetch(u_src, clamp(p + ivec2(1, 1), ivec2(0), last), 0).a;
        float lnw = texelFetch(u_src, clamp(p + ivec2(-1, 1), ivec2(0), last), 0).a;
        float lse = texelFetch(u_src, clamp(p + ivec2(1, -1), ivec2(0), last), 0).a;
        float lsw = texelFetch(u_src, clamp(p + ivec2(-1, -1), ivec2(0), last), 0).a;
        // sub-pixel aliasing from the 3x3 mean
        float sub = clamp(abs((2.0 * (n.a + s.a + e.a + w.a) + lne + lnw + lse + lsw) / 12.0 - m.a) / range, 0.0, 1.0);
        sub = smoothstep(0.0, 1.0, sub);
        sub = sub * sub * 0.75;
        // edge orientation, then the side of the pixel the edge lies on
        float eh = abs(lnw + lne - 2.0 * n.a) + 2.0 * abs(w.a + e.a - 2.0 * m.a) + abs(lsw + lse - 2.0 * s.a);
        float ev = abs(lnw + lsw - 2.0 * w.a) + 2.0 * abs(n.a + s.a - 2.0 * m.a) + abs(lne + lse - 2.0 * e.a);
        bool horz = eh >= ev;
        float l1 = horz ? s.a : w.a, l2 = horz ? n.a : e.a;
        float g1 = abs(l1 - m.a), g2 = abs(l2 - m.a);
        float step_len = horz ? t.y : t.x;
        float lpair = l2;
        if (g1 >= g2) { step_len = -step_len; lpair = l1; }
        float grad = max(g1, g2) * 0.25, lavg = 0.5 * (lpair + m.a);
        vec2 uv = v_uv;
        if (horz) uv.y += step_len * 0.5; else uv.x += step_len * 0.5;
        vec2 dir = horz ? vec2(t.x, 0.0) : vec2(0.0, t.y);
        // walk both ways along the edge (growing steps) until the luma pair changes
        const float STEPS[3] = float[3](1.0, 2.0, 4.0);
        vec2 uvn = uv - dir, uvp = uv + dir;
        float dn = texture(u_src, uvn).a - lavg, dp = texture(u_src, uvp).a - lavg;
        bool donen = abs(dn) >= grad, donep = abs(dp) >= grad;
        for (int i = 1; i < 3 && !(donen && donep); i++) {
            if (!donen) { uvn -= dir * STEPS[i]; dn = texture(u_src, uvn).a - lavg; donen = abs(dn) >= grad; }
            if (!donep) { uvp += dir * STEPS[i]; dp = texture(u_src, uvp).a - lavg; donep = abs(dp) >= grad; }
        }
        float distn = horz ? v_uv.x - uvn.x : v_uv.y - uvn.y;
        float distp = horz ? uvp.x - v_uv.x : uvp.y - v_uv.y;
        bool nearer_n = distn < distp;
        float dist = min(distn, distp), span = distn + distp;
        // blend only from the end where the edge really leaves this pixel's side
        bool good = ((nearer_n ? dn : dp) < 0.0) != (m.a - lavg < 0.0);
        float off = max(good ? 0.5 - dist / span : 0.0, sub);
        vec2 fuv = v_uv;
        if (horz) fuv.y += off * step_len; else fuv.x += off * step_len;
        o_color = vec4(texture(u_src, fuv).rgb, 1.0);
        return;
    }
#endif
    vec3 c = m.rgb;
#ifdef POST_SHARPEN
    {
        vec3 mn = min(m.rgb, min(min(n.rgb, s.rgb), min(e.rgb, w.rgb)));
        vec3 mx = max(m.rgb, max(max(n.rgb, s.rgb), max(e.rgb, w.rgb)));
        vec3 amp = sqrt(clamp(min(mn, 1.0 - mx) / max(mx, 1e-4), 0.0, 1.0));
        vec3 blur = (n.rgb + s.rgb + e.rgb + w.rgb) * 0.25;
        c = clamp(c + (c - blur) * amp * u_sharpen, 0.0, 1.0);
    }
#endif
    o_color = vec4(c, 1.0);
}
