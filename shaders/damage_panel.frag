#version 330 core
// Shows a map as stored, with a thin frame; unlit (it is a screen, not a surface).
uniform sampler2D u_tex;
in vec2 v_uv;
out vec4 o_color;
void main()
{
    // row 0 of the map at the bottom, as in the PNG dumps
    vec3 c = texture(u_tex, vec2(v_uv.x, 1.0 - v_uv.y)).rgb;
    vec2 e = min(v_uv, 1.0 - v_uv);
    if (min(e.x, e.y) < 0.006) c = vec3(0.6);
    o_color = vec4(c * 0.9 + 0.015, 1.0);
}
