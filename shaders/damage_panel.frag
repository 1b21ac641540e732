#version 330 core
// Shows a map as stored, with a thin frame; unlit (it is a screen, not a surface). Under the map
// the atlas layout shows dimly (charts as slate, their outlines brighter), so an empty map still
// reads as a map and a hole can be placed on its plate.
uniform sampler2D u_tex;
uniform sampler2D u_layout;
in vec2 v_uv;
out vec4 o_color;
void main()
{
    // row 0 of the map at the bottom, as in the PNG dumps
    vec2 uv = vec2(v_uv.x, 1.0 - v_uv.y);
    vec3 c = texture(u_tex, uv).rgb;
    float lay = texture(u_layout, uv).r; // 0 empty, 0.35 inside a chart, 1 on its outline
    vec3 under = vec3(0.075, 0.12, 0.18) * lay + vec3(0.01, 0.013, 0.018);
    c += under * (1.0 - clamp(max(c.r, max(c.g, c.b)), 0.0, 1.0));
    vec2 e = min(v_uv, 1.0 - v_uv);
    if (min(e.x, e.y) < 0.006) c = vec3(0.6);
    o_color = vec4(c * 0.9 + 0.015, 1.0);
}
