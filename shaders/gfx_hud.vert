#version 330 core
layout(location = 0) in vec4 a_xyuv; // pixels (origin top-left), font atlas uv (u < 0: flat)
layout(location = 1) in vec4 a_color;
uniform vec2 u_screen;
out vec4 v_color;
out vec2 v_uv;
void main()
{
    v_color = a_color;
    v_uv = a_xyuv.zw;
    vec2 ndc = a_xyuv.xy / u_screen * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
}
