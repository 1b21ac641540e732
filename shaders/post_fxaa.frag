#version 330 core
// FXAA (after FXAA 3.11's quality variant, search shortened to 3 steps) over the tone-mapped
// image, whose alpha holds luma. It runs only where the colour pass marked a candidate (depth 1;
// the triangle lies at 0.5 and is depth-tested, so the rasterizer skips blocks without one) and
// discards candidates whose luma range (the pixel and its four neighbours, plain fetches) is
// below the edge threshold: the colour pass's pixel stays there. On an edge the diagonals give
// its orientation and the sub-pixel amount, a walk along it finds its ends, and the sample moves
// towards the edge.
uniform sampler2D u_src;
in vec2 v_uv;
out vec4 o_color;

void main()
{
    ivec2 p = ivec2(gl_FragCoord.xy), last = textureSize(u_src, 0) - 1;
    vec2 t = 1.0 / vec2(last + 1);
    float m = texelFetch(u_src, p, 0).a;
    float n = texelFetch(u_src, min(p + ivec2(0, 1), last), 0).a, s = texelFetch(u_src, max(p - ivec2(0, 1), 0), 0).a;
    float e = texelFetch(u_src, min(p + ivec2(1, 0), last), 0).a, w = texelFetch(u_src, max(p - ivec2(1, 0), 0), 0).a;
    float lmin = min(m, min(min(n, s), min(e, w)));
    float lmax = max(m, max(max(n, s), max(e, w)));
    if (lmax - lmin < max(0.0833, lmax * 0.166)) discard;
    float range = lmax - lmin;
    float lne = texelFetch(u_src, clamp(p + ivec2(1, 1), ivec2(0), last), 0).a;
    float lnw = texelFetch(u_src, clamp(p + ivec2(-1, 1), ivec2(0), last), 0).a;
    float lse = texelFetch(u_src, clamp(p + ivec2(1, -1), ivec2(0), last), 0).a;
    float lsw = texelFetch(u_src, clamp(p + ivec2(-1, -1), ivec2(0), last), 0).a;
    // sub-pixel aliasing from the 3x3 mean
    float sub = clamp(abs((2.0 * (n + s + e + w) + lne + lnw + lse + lsw) / 12.0 - m) / range, 0.0, 1.0);
    sub = smoothstep(0.0, 1.0, sub);
    sub = sub * sub * 0.75;
    // edge orientation, then the side of the pixel the edge lies on
    float eh = abs(lnw + lne - 2.0 * n) + 2.0 * abs(w + e - 2.0 * m) + abs(lsw + lse - 2.0 * s);
    float ev = abs(lnw + lsw - 2.0 * w) + 2.0 * abs(n + s - 2.0 * m) + abs(lne + lse - 2.0 * e);
    bool horz = eh >= ev;
    float l1 = horz ? s : w, l2 = horz ? n : e;
    float g1 = abs(l1 - m), g2 = abs(l2 - m);
    float step_len = horz ? t.y : t.x;
    float lpair = l2;
    if (g1 >= g2) { step_len = -step_len; lpair = l1; }
    float grad = max(g1, g2) * 0.25, lavg = 0.5 * (lpair + m);
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
    bool good = ((nearer_n ? dn : dp) < 0.0) != (m - lavg < 0.0);
    float off = max(good ? 0.5 - dist / span : 0.0, sub);
    vec2 fuv = v_uv;
    if (horz) fuv.y += off * step_len; else fuv.x += off * step_len;
    o_color = vec4(texture(u_src, fuv).rgb, 1.0);
}
