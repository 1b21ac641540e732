// bb_gpu_sim.glsl — one step of a GPU particle, shared by both GPU paths: bb_gpu_sim.vert
// (transform feedback, one vertex a particle) and bb_gpu_sim.frag (a fragment pass over RGBA32F
// state textures, one texel a particle). The same equations as bb_gpu_sim_step() in
// src/bb/core/bb_gpu_sim.c, line for line.

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
uniform float u_impact_life; // seconds of life an impact takes
// collision with a depth buffer (bb_gpu_collide() in src/bb/core/bb_gpu_collide.c, line for line)
uniform int u_use_depth;
uniform sampler2D u_surface; // the depth's surface per texel (bb_gpu_surface.frag): normal, distance
uniform ivec2 u_surface_size;
uniform mat4 u_dview;      // the matrices the depth was rendered with
uniform mat4 u_dproj;
uniform float u_thick;     // metres behind a surface still taken as inside it

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

// The texel the particle projects to and its surface (one fetch: the normal and the distance
// zs, which is most of the cost of a particle far from any surface); false off the picture, behind
// the camera or over a texel with nothing drawn.
bool project(vec3 p, out vec3 e, out ivec2 t, out vec4 s)
{
    for (int r = 0; r < 3; r++) e[r] = u_dview[0][r] * p.x + u_dview[1][r] * p.y + u_dview[2][r] * p.z + u_dview[3][r];
    t = ivec2(0);
    s = vec4(0.0);
    float z = -e.z;
    if (z <= 1e-3) return false;
    float sx = u_dproj[0][0] * e.x / z, sy = u_dproj[1][1] * e.y / z;
    if (abs(sx) >= 1.0 || abs(sy) >= 1.0) return false;
    t = ivec2(int(floor((sx * 0.5 + 0.5) * float(u_surface_size.x))), int(floor((sy * 0.5 + 0.5) * float(u_surface_size.y))));
    s = texelFetch(u_surface, clamp(t, ivec2(0), u_surface_size - 1), 0);
    return s.w > 0.0;
}

// 1 on an impact: p and v changed as bb_gpu_collide() changes them
int collide(vec3 prev, inout vec3 p, inout vec3 v)
{
    vec3 e;
    ivec2 t;
    vec4 s;
    if (!project(p, e, t, s)) return 0;
    float z = -e.z, zs = s.w;
    if (z <= zs - 0.1) return 0; // BB_GPU_SLACK
    if (z - zs >= u_thick) {
        if (z - zs >= u_thick + 4.0 * length(p - prev)) return 0;
        vec3 e0;
        ivec2 t0;
        vec4 s0;
        if (!project(prev, e0, t0, s0) || -e0.z > s0.w + 0.1) return 0;
    }
    vec2 nd = (vec2(t) + 0.5) / vec2(u_surface_size) * 2.0 - 1.0;
    vec3 c = vec3(nd.x / u_dproj[0][0] * zs, nd.y / u_dproj[1][1] * zs, -zs);
    vec3 n = s.xyz;
    float sd = dot(e - c, n);
    if (sd >= 0.0) return 0;
    e -= n * (sd - 1e-3);
    vec3 nw;
    for (int k = 0; k < 3; k++) {
        p[k] = u_dview[k][0] * (e.x - u_dview[3][0]) + u_dview[k][1] * (e.y - u_dview[3][1]) + u_dview[k][2] * (e.z - u_dview[3][2]);
        nw[k] = u_dview[k][0] * n.x + u_dview[k][1] * n.y + u_dview[k][2] * n.z;
    }
    float vn = dot(v, nw);
    if (vn < 0.0) v = (v - vn * nw) * (1.0 - u_bounce.y) - u_bounce.x * vn * nw;
    return 1;
}

float height(vec2 xz) { return u_ground.x + u_ground.y * sin(xz.x * u_ground.z) * sin(xz.y * u_ground.z); }

// Particle `id` one step on: position and age, velocity and life in and out.
void bb_gpu_sim(uint id, inout vec4 pos_age, inout vec4 vel_life)
{
    vec3 p = pos_age.xyz, v = vel_life.xyz;
    float age = pos_age.w + u_dt, life = abs(vel_life.w);
    int hit = 0;
    if (age >= life) {
        uint h = hash(id * 0x9e3779b9u ^ hash(u_step + u_seed));
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
        vec3 prev = p;
        p += v * u_dt;
        float h = height(p.xz);
        if (p.y < h) {
            p.y = h;
            float f = u_ground.z, am = u_ground.y;
            float nx = -am * f * cos(p.x * f) * sin(p.z * f);
            float nz = -am * f * sin(p.x * f) * cos(p.z * f);
            vec3 n = vec3(nx, 1.0, nz) / sqrt(nx * nx + 1.0 + nz * nz);
            float vn = dot(v, n);
            if (vn < 0.0) {
                v = (v - vn * n) * (1.0 - u_bounce.y) - u_bounce.x * vn * n;
                hit = 1;
            }
        }
        if (u_use_depth != 0 && collide(prev, p, v) != 0) hit = 1;
        if (hit != 0) age += u_impact_life;
    }
    // a particle that hit something in this step carries its life negated (counted for stats)
    pos_age = vec4(p, age);
    vel_life = vec4(v, hit != 0 ? -life : life);
}
