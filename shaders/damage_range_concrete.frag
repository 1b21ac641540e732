#version 330 core
// The range's concrete (src/damage/range_stage.c): u_kind 0 the floor, poured slabs with joints,
// stains, painted lane lines, distance ticks, the robot's box and a hatched firing line; u_kind 1
// the walls, blocks in running bond with mortar joints and dirt near the ground. The markings
// follow damage/core/range_set.h (lanes 3 m wide, firing line at z = 2.2, walls at |x| = 9.6 and
// z = -7): change both together.
#include "common.glsl"
in vec3 v_world;
in vec3 v_nrm;
in vec2 v_uv;
uniform int u_kind;
out vec4 o_color;

const float LANE = 3.0;
const float FIRING = 2.2;
const float BACK = -7.0;
const float SIDE = 9.6;

float rc_hash(vec2 p)
{
    uvec2 q = uvec2(ivec2(floor(p)) + 32768);
    uint h = q.x * 0x8da6b343u ^ q.y * 0xd8163841u;
    h ^= h >> 13;
    h *= 0x85ebca6bu;
    h ^= h >> 16;
    return float(h >> 8) * (1.0 / 16777216.0);
}

float rc_noise(vec2 p)
{
    vec2 f = floor(p), t = fract(p);
    t = t * t * (3.0 - 2.0 * t);
    float a = rc_hash(f), b = rc_hash(f + vec2(1, 0)), c = rc_hash(f + vec2(0, 1)), d = rc_hash(f + vec2(1, 1));
    return mix(mix(a, b, t.x), mix(c, d, t.x), t.y);
}

float rc_fbm(vec2 p)
{
    return 0.55 * rc_noise(p) + 0.3 * rc_noise(p * 2.07 + 11.0) + 0.15 * rc_noise(p * 4.3 + 23.0);
}

// 1 on a line of half width hw at distance d (metres), anti-aliased by the distance's footprint
float rc_line(float d, float hw)
{
    float fw = max(fwidth(d), 1e-4);
    return 1.0 - smoothstep(hw - fw, hw + fw, d);
}

vec3 floor_albedo(vec2 p)
{
    float n = rc_fbm(p * 1.7);
    vec3 a = vec3(0.27, 0.265, 0.255) * (0.66 + 0.5 * n + 0.14 * rc_noise(p * 55.0));
    a *= 1.0 - 0.3 * smoothstep(0.5, 0.85, rc_noise(p * 0.33 + 7.0));       // old stains
    a *= 0.84 + 0.3 * rc_hash(floor(p / vec2(LANE, 4.0) + vec2(0.0, 0.5)) + 40.0); // each slab poured apart
    // slab joints: 3 m across (under the lane lines), 4 m along
    vec2 j = abs(fract(p / vec2(LANE, 4.0) + vec2(0.0, 0.5)) - 0.5) * vec2(LANE, 4.0);
    a *= 1.0 - 0.55 * rc_line(min(j.x, j.y), 0.008);
    bool inside = abs(p.x) < SIDE && p.y > BACK && p.y < FIRING + 1.0;
    if (!inside) return a * 0.75;
    float white = 0.0, yellow = 0.0;
    float lane = abs(fract((p.x - 0.5 * LANE) / LANE + 0.5) - 0.5) * LANE;     // lines at x = 1.5 + 3k
    if (p.y < FIRING && p.y > BACK + 0.5 && abs(p.x) < SIDE - 0.5) {
        white = max(white, rc_line(lane, 0.04));
        float tick = abs(fract((p.y + 1.0) / 2.0 + 0.5) - 0.5) * 2.0;        // every 2 m from z = -1
        white = max(white, rc_line(tick, 0.04) * step(lane, 0.3));
    }
    // the robot's box
    vec2 q = abs(p) - vec2(0.7);
    white = max(white, rc_line(abs(max(q.x, q.y)), 0.02) * step(max(q.x, q.y), 0.1));
    // the firing line and the hatched strip behind it
    if (abs(p.x) < SIDE - 0.3) {
        white = max(white, rc_line(abs(p.y - FIRING), 0.06));
        float band = step(FIRING + 0.2, p.y) * step(p.y, FIRING + 0.7);
        float hatch = step(0.5, fract((p.x + p.y) / 0.35));
        yellow = band * hatch;
    }
    if (white + yellow <= 0.0) return a;
    float wear = smoothstep(0.25, 0.55, rc_fbm(p * 6.0 + 3.0));               // paint rubbed off
    a = mix(a, vec3(0.5, 0.5, 0.48), white * wear * 0.9);
    a = mix(a, vec3(0.5, 0.38, 0.06), yellow * wear);
    return a;
}

vec3 wall_albedo(vec3 w, vec3 n)
{
    vec2 p = abs(n.x) > 0.5 ? vec2(w.z, w.y) : vec2(w.x, w.y);
    float row = floor(p.y / 0.2);
    vec2 b = vec2(p.x / 0.4 + 0.5 * mod(row, 2.0), p.y / 0.2);
    vec2 f = abs(fract(b) - 0.5) * vec2(0.4, 0.2);                              // metres to the block's middle
    float mortar = rc_line(min(0.2 - f.x, 0.1 - f.y), 0.006);
    vec3 a = vec3(0.42, 0.41, 0.39) * (0.86 + 0.2 * rc_hash(floor(b) + 91.0)) * (0.9 + 0.2 * rc_noise(p * 30.0));
    a *= 1.0 - 0.35 * mortar;
    a *= mix(0.6, 1.0, smoothstep(0.0, 0.9, w.y));                            // dirt kicked up
    return a;
}

void main()
{
    vec3 n = normalize(v_nrm) * (gl_FrontFacing ? 1.0 : -1.0);
    vec3 albedo = u_kind == 0 ? floor_albedo(v_world.xz) : wall_albedo(v_world, n);
    vec3 c = light_surface(albedo, n, v_world, 0.08, 24.0, shadow_factor(v_world, n));
    o_color = vec4(apply_fog(c, v_world), 1.0);
}
