#version 330 core
layout(location = 0) in vec2 a_xy;   // pixels, origin top-left
layout(location = 1) in vec4 a_color;
uniform vec2 u_screen;
out vec4 v_color;
void main()
{
    v_color = a_color;
    vec2 ndc = a_xy / u_screen * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
}
