#version 330 core
#include "common.glsl"
in vec2 v_uv;
out vec4 o_color;
void main()
{
    vec4 p = u_inv_viewproj * vec4(v_uv * 2.0 - 1.0, 1.0, 1.0);
    vec3 dir = normalize(p.xyz / p.w - u_camera_pos.xyz);
    o_color = vec4(sky_color(dir), 1.0);
}
