#version 330 core
// Batcher A: one 32-byte record per billboard (divisor 1), the quad's four corners come from
// gl_VertexID of a 4-vertex triangle strip.
#include "bb_common.glsl"

layout(location = 0) in vec4 i_pos_size;   // xyz centre, w edge length
layout(location = 1) in vec4 i_color;      // unorm RGBA8
layout(location = 2) in uvec2 i_rot_phase; // unorm16 of a turn, frames elapsed in 8.8 fixed point
layout(location = 3) in vec3 i_vel;        // snorm16 of BB_VEL_MAX
layout(location = 4) in uvec2 i_anim;      // start frame, flags (bit 0 loop, bits 1-2 alignment, 3-5 atlas)

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
    vec2 c = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1)) - 0.5;
    float a = float(i_rot_phase.x) * (6.28318530718 / 65536.0);
    float size = i_pos_size.w;
    int align = int(i_anim.y >> 1u) & 3;
    vec4 vp = u_view * vec4(i_pos_size.xyz, 1.0);
    vec2 axis = vec2(cos(a), sin(a));
    float along = size;
    if (align == BB_ALIGN_VELOCITY) {
        vec2 pv = bb_projected_velocity(vp.xyz, mat3(u_view) * (i_vel * BB_VEL_MAX));
        float l = length(pv);
        if (l > 1e-4) {
            axis = pv / l;
            along = size + l * u_stretch;
        }
    }
    vp.xyz += bb_offset(vp.xyz, bb_plane(c, axis, along, size), align);
    v_layer = int(i_anim.y >> 3u) & 7;
    ivec2 grid = u_grid[v_layer];
    int frames = grid.x * grid.y;
    int f = bb_frame(float(i_rot_phase.y) / 256.0, int(i_anim.x), (i_anim.y & 1u) != 0u, frames, v_blend);
    v_uv = bb_cell_uv(f, c, grid);
    v_uv_next = bb_cell_uv((f + 1) % frames, c, grid);
    v_color = i_color;
    v_size = size;
    v_depth = -vp.z;
    v_light = bb_light(i_pos_size.xyz, v_layer);
    gl_Position = u_proj * vp;
}
