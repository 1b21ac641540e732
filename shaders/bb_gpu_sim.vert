#version 330 core
// One step of the GPU particles, captured by transform feedback (no rasterization): the
// feedback path. The step itself is bb_gpu_sim.glsl; gl_VertexID is the particle's index.
#include "bb_gpu_sim.glsl"

layout(location = 0) in vec4 a_pos_age;  // position, age (s)
layout(location = 1) in vec4 a_vel_life; // velocity, life (s)

out vec4 o_pos_age;
out vec4 o_vel_life;

void main()
{
    vec4 pos_age = a_pos_age, vel_life = a_vel_life;
    bb_gpu_sim(uint(gl_VertexID), pos_age, vel_life);
    o_pos_age = pos_age;
    o_vel_life = vel_life;
}
