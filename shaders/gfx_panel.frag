#version 330 core
uniform sampler2D u_tex;
uniform vec4 u_rect;
uniform vec4 u_crop; // the texture's part shown: u0 v0 u1 v1 (0 0 1 1: all of it)
uniform sampler2D u_layout; // R: 0 empty, ~0.35 inside an atlas chart, 1 on its outline
uniform int u_mode; // 0 rgb, 1 red, 2 alpha, 3 normal xy, 4 depth, 5 blue, 6 normal xy in gb
uniform bool u_has_layout;
in vec2 v_ndc;
out vec4 o_color;
void main()
{
    vec2 q = (v_ndc - u_rect.xy) / (u_rect.zw - u_rect.xy); // 0..1 across the panel
    if (any(lessThan(q, vec2(0.0))) || any(greaterThan(q, vec2(1.0)))) discard;
    vec2 uv = mix(u_crop.xy, u_crop.zw, q);
    vec4 t = texture(u_tex, uv);
    vec3 c = t.rgb;
    if (u_mode == 1) c = t.rrr;
    else if (u_mode == 2) c = t.aaa;
    else if (u_mode == 3 || u_mode == 6) {
        // detail normals tilt only a few degrees: x4 so a debug panel shows them (z rebuilt after)
        vec2 xy = clamp(((u_mode == 3 ? t.rg : t.gb) * 2.0 - 1.0) * 4.0, -1.0, 1.0);
        c = vec3(xy, sqrt(max(0.0, 1.0 - dot(xy, xy)))) * 0.5 + 0.5;
    } else if (u_mode == 4) c = vec3(pow(t.r, 16.0));
    else if (u_mode == 5) c = t.bbb;
    // the atlas dimly under dark texels: an empty map still shows its charts
    if (u_has_layout) c += (vec3(0.08, 0.13, 0.2) * texture(u_layout, uv).r) * (1.0 - clamp(max(c.r, max(c.g, c.b)), 0.0, 1.0));
    // 1-pixel frame so the panel edge is visible against any background
    vec2 px = fwidth(q);
    if (q.x < px.x || q.y < px.y || q.x > 1.0 - px.x || q.y > 1.0 - px.y) c = vec3(0.9);
    o_color = vec4(c, 1.0);
}
