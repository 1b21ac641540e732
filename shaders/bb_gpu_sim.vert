#version 330 core
// One step of the GPU particles, captured by transform feedback (no rasterization): the same
// equations as bb_gpu_sim_step() in src/bb/core/bb_gpu_sim.c, line for line; gl_VertexID is
// the particle's index.

layout(location = 0) in vec4 a_pos_age;  // position, age (s)
layout(location = 1) in vec4 a_vel_life; // velocity, life (s)

uniform float u_dt;
uniform uint u_step;       // this step's number, from 1: seeds the particles emitted in it
uniform uint u_seed;
uniform vec3 u_emitter;
uniform float u_jitter;
uniform float u_spread;
uniform vec3 u_gravity;
uniform float u_drag;
uniform vec3 u_ground;     // base height, amplitude, frequency of h(x, z)
uniform vec2 u_bounce;     // restitution, friction

out vec4 o_pos_age;
out vec4 o_vel_life;

uint hash(uint x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

float unit(uint h) { return float(h >> 8) * (1.0 / 16777216.0); }

float height(vec2 xz) { return u_ground.x + u_ground.y * sin(xz.x * u_ground.z) * sin(xz.y * u_ground.z); }

void main()
{
    vec3 p = a_pos_age.xyz, v = a_vel_life.xyz;
    float age = a_pos_age.w + u_dt, life = a_vel_life.w;
    if (age >= life) {
        uint h = hash(uint(gl_VertexID) * 0x9e3779b9u ^ hash(u_step + u_seed));
        float r[6];
        for (int j = 0; j < 6; j++) {
            h = hash(h + 0x68e31da4u);
            r[j] = unit(h);
        }
        float a = r[0] * 6.2831853, sp = r[1] * u_spread;
        p = vec3(u_emitter.x + (r[2] * 2.0 - 1.0) * u_jitter, u_emitter.y, u_emitter.z + (r[3] * 2.0 - 1.0) * u_jitter);
        v = vec3(cos(a) * sp, 6.0 + 3.0 * r[4], sin(a) * sp);
        life = 1.0 + 1.5 * r[5];
        age = 0.0;
    } else {
        float k = 1.0 / (1.0 + u_drag * u_dt);
        v = (v + u_gravity * u_dt) * k;
        p += v * u_dt;
        float h = height(p.xz);
        if (p.y < h) {
            p.y = h;
            float f = u_ground.z, am = u_ground.y;
            float nx = -am * f * cos(p.x * f) * sin(p.z * f);
            float nz = -am * f * sin(p.x * f) * cos(p.z * f);
            vec3 n = vec3(nx, 1.0, nz) / sqrt(nx * nx + 1.0 + nz * nz);
            float vn = dot(v, n);
            if (vn < 0.0) v = (v - vn * n) * (1.0 - u_bounce.y) - u_bounce.x * vn * n;
        }
    }
    o_pos_age = vec4(p, age);
    o_vel_life = vec4(v, life);
}
