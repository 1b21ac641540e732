#version 330 core
// GPU-simulated particles drawn straight from the simulation's state (one instance each, a
// 4-vertex strip): velocity-aligned sparks whose atlas frame is age / life * its cell count. A million
// sparks summed additively would blow out to one white dome, so the light is budgeted: one
// particle in u_hero.x (a hash of its index picks it, the same every frame) is a hot spark,
// u_hero.y times the size at gain u_hero.z; the rest are faint embers at gain u_hero.w that add
// up to a glow.
#include "bb_common.glsl"

#ifdef BB_GPU_STATE_TEXTURE
// the texture path: the state textures of the latest step (bb_gpu_sim.frag), one texel a particle
uniform sampler2D u_state_pos; // position, age
uniform sampler2D u_state_vel; // velocity, life
uniform int u_state_width;
#else
// the feedback path: the latest step's buffer, one instance a particle
layout(location = 0) in vec4 a_pos_age;
layout(location = 1) in vec4 a_vel_life;
#endif

uniform float u_size;
uniform vec4 u_tint;
uniform int u_layer;
uniform vec4 u_hero; // 1 in x particles is a hero; its size factor, its gain; the others' gain

out vec2 v_uv;
out vec2 v_uv_next;
out float v_blend;
out vec4 v_color;
out float v_size;
out float v_depth;
out vec3 v_light;
flat out int v_layer;

uint hash(uint x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

void main()
{
#ifdef BB_GPU_STATE_TEXTURE
    ivec2 st = ivec2(gl_InstanceID % u_state_width, gl_InstanceID / u_state_width);
    vec4 i_pos_age = texelFetch(u_state_pos, st, 0), i_vel_life = texelFetch(u_state_vel, st, 0);
#else
    vec4 i_pos_age = a_pos_age, i_vel_life = a_vel_life;
#endif
    bool hero = hash(uint(gl_InstanceID)) % uint(u_hero.x) == 0u;
    float size = hero ? u_size * u_hero.y : u_size;
    vec2 c = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1)) - 0.5;
    vec4 vp = u_view * vec4(i_pos_age.xyz, 1.0);
    vec2 axis = vec2(1.0, 0.0);
    float along = size;
    vec2 pv = bb_projected_velocity(vp.xyz, mat3(u_view) * i_vel_life.xyz);
    float l = length(pv);
    if (l > 1e-4) {
        axis = pv / l;
        along = size + l * u_stretch;
    }
    vp.xyz += bb_offset(vp.xyz, bb_plane(c, axis, along, size), BB_ALIGN_VELOCITY);
    ivec2 grid = u_grid[u_layer];
    int frames = grid.x * grid.y;
    int f = bb_frame(i_pos_age.w / abs(i_vel_life.w) * float(frames), 0, false, frames, v_blend);
    v_uv = bb_cell_uv(f, c, grid);
    v_uv_next = bb_cell_uv((f + 1) % frames, c, grid);
    v_color = vec4(u_tint.rgb * (hero ? u_hero.z : u_hero.w), u_tint.a);
    v_size = size;
    v_depth = -vp.z;
    v_layer = u_layer;
    v_light = u_gain[u_layer]; // additive sparks: emissive, never shadowed
    gl_Position = u_proj * vp;
}
