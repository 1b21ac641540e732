#version 330 core
// Batcher B (the reference's method): four vertices of 13 floats per billboard, each with the
// centre, its corner in [0, 1]^2, size, sin and cos of the rotation, the frame value and the
// tint; the corner is expanded here in view space, so the quad faces the camera. Velocity
// alignment: (cos, sin) is the projected direction of motion, its length the stretch (1 when
// not stretched). The frame value is alignment * 512 + atlas layer * 64 + cell + weight of the
// next cell (an atlas has at most 64 cells).
#include "bb_common.glsl"

layout(location = 0) in vec3 a_centre;
layout(location = 1) in vec2 a_corner;
layout(location = 2) in vec4 a_srt;        // size, sin, cos, frame (cell + weight of the next)
layout(location = 3) in vec4 a_color;

out vec2 v_uv;
out vec2 v_uv_next;
out float v_blend;
out vec4 v_color;
out float v_size;
out float v_depth;
out vec3 v_light;
flat out int v_layer;

void main()
{
    vec2 c = a_corner - 0.5;
    vec2 axis = vec2(a_srt.z, a_srt.y);
    float m = length(axis);
    float whole = floor(a_srt.w);
    int align = int(whole) / 512;
    vec4 vp = u_view * vec4(a_centre, 1.0);
    vp.xyz += bb_offset(vp.xyz, bb_plane(c, axis / m, a_srt.x * m, a_srt.x), align);
    int f = int(whole) % 64;
    v_layer = (int(whole) % 512) / 64;
    ivec2 grid = u_grid[v_layer];
    v_blend = a_srt.w - whole;
    v_uv = bb_cell_uv(f, c, grid);
    v_uv_next = bb_cell_uv((f + 1) % (grid.x * grid.y), c, grid);
    v_color = a_color;
    v_size = a_srt.x;
    v_depth = -vp.z;
    v_light = bb_light(a_centre, v_layer);
    gl_Position = u_proj * vp;
}
