#version 330 core
// One step of the GPU particles as a fragment pass: the texture path. The state is two RGBA32F
// textures (position and age, velocity and life), one texel a particle, row after row of
// u_state_width; this pass reads the last state and writes the next into the other pair (ping-pong).
// The step itself is bb_gpu_sim.glsl; the texel's index is the particle's.
#include "bb_gpu_sim.glsl"

uniform sampler2D u_state_pos; // position, age
uniform sampler2D u_state_vel; // velocity, life
uniform int u_state_width;

layout(location = 0) out vec4 o_pos_age;
layout(location = 1) out vec4 o_vel_life;

void main()
{
    ivec2 t = ivec2(gl_FragCoord.xy);
    vec4 pos_age = texelFetch(u_state_pos, t, 0), vel_life = texelFetch(u_state_vel, t, 0);
    bb_gpu_sim(uint(t.y * u_state_width + t.x), pos_age, vel_life);
    o_pos_age = pos_age;
    o_vel_life = vel_life;
}
