#version 330 core
// Mud clods as camera-facing quads, one instance each (positions from the clod worker).
#include "common.glsl"

layout(location = 5) in vec4 i_pos_size;  // xyz centre, w full size
layout(location = 6) in float i_rot;
layout(location = 7) in vec4 i_color;     // unorm RGBA8

out vec2 v_corner;
out vec3 v_world;
out vec3 v_color;

void main()
{
    vec2 c = vec2(gl_VertexID & 1, gl_VertexID >> 1) * 2.0 - 1.0;
    float s = sin(i_rot), co = cos(i_rot);
    vec2 r = vec2(co * c.x - s * c.y, s * c.x + co * c.y);
    vec3 right = vec3(u_view[0][0], u_view[1][0], u_view[2][0]);
    vec3 up = vec3(u_view[0][1], u_view[1][1], u_view[2][1]);
    v_world = i_pos_size.xyz + (right * r.x + up * r.y) * (0.5 * i_pos_size.w);
    v_corner = c;
    v_color = pow(i_color.rgb, vec3(2.2));
    gl_Position = u_viewproj * vec4(v_world, 1.0);
}
