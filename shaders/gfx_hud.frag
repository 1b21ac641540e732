#version 330 core
// HUD: flat rectangles (uv.x < 0) and glyphs, whose coverage is the font atlas' red channel.
in vec4 v_color;
in vec2 v_uv;
uniform sampler2D u_font;
out vec4 o_color;
void main()
{
    float a = v_uv.x < 0.0 ? 1.0 : texture(u_font, v_uv).r;
    o_color = vec4(v_color.rgb, v_color.a * a);
}
