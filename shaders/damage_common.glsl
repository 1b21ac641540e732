// damage_common.glsl — the hole rule and the heat colours of the damage map.
// damage_rough and damage_value mirror blast_rough and blast_value in src/core/blast.c (the
// CPU decides whether a ray passes through a hole with the same numbers): change both together.

const float DAMAGE_ROUGH_MIN = 0.02;
const float DAMAGE_ROUGH_MAX = 0.34;
const float DAMAGE_NOISE_SCALE = 220.0;

uint damage_hash2(uint x, uint y)
{
    uint h = x * 0x8da6b343u ^ y * 0xd8163841u;
    h ^= h >> 13;
    h *= 0x85ebca6bu;
    h ^= h >> 16;
    return h;
}

float damage_lattice(int x, int y) { return float(damage_hash2(uint(x), uint(y)) >> 8) * (1.0 / 16777216.0); }

float damage_value_noise(vec2 p)
{
    vec2 f = floor(p);
    int ix = int(f.x), iy = int(f.y);
    vec2 t = p - f;
    t = t * t * (3.0 - 2.0 * t);
    float a = damage_lattice(ix, iy), b = damage_lattice(ix + 1, iy);
    float c = damage_lattice(ix, iy + 1), d = damage_lattice(ix + 1, iy + 1);
    return (a + (b - a) * t.x) + ((c + (d - c) * t.x) - (a + (b - a) * t.x)) * t.y;
}

// Threshold on R above which the surface is a hole: noise makes the edge ragged.
float damage_rough(vec2 uv)
{
    float s = DAMAGE_NOISE_SCALE;
    float n = 0.65 * damage_value_noise(uv * s) + 0.35 * damage_value_noise(uv * s * 2.63 + 17.0);
    return DAMAGE_ROUGH_MIN + (DAMAGE_ROUGH_MAX - DAMAGE_ROUGH_MIN) * n;
}

// Molten metal cooling: white-yellow when fresh, orange, dull red, then nothing (HDR, linear).
vec3 damage_heat_color(float t)
{
    t = clamp(t, 0.0, 1.0);
    vec3 c = mix(vec3(0.0), vec3(1.6, 0.12, 0.02), smoothstep(0.0, 0.3, t));
    c = mix(c, vec3(5.0, 1.8, 0.3), smoothstep(0.3, 0.7, t));
    return mix(c, vec3(9.0, 8.0, 5.5), smoothstep(0.7, 1.0, t));
}
