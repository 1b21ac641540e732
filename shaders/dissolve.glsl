// dissolve.glsl — THE dissolve include: every program that draws a dissolvable mesh (main, shadow,
// depth passes) includes it, so every pass sees the same displaced, cut surface.
// The CPU mirror is src/core/dissolve_math.c: same formulas, same order; change both together.
// Uniforms are set by dissolve_bind() (src/dissolve/dissolve.h); u_dissolve_noise sits on the
// unit DISSOLVE_UNIT_NOISE (13, dissolve.h; reserved with gfx_reserve_unit).
//
// Vertex stage (a_snrm is attribute 4, the smooth normal baked into the mesh):
//     vec3 world = dissolve_vertex_ws(a_pos, a_nrm, a_snrm, u_model);
//     v_rest_os = a_pos;  v_dir_os = dissolve_direction(a_nrm, a_snrm);
// Fragment stage (u_model visible there too):
//     float d = dissolve_fragment_d(v_rest_os, v_dir_os, u_model);
//     DISSOLVE_DISCARD(d);
//     color += dissolve_emission(d);          // HDR glow at the edge
// With u_dissolve_on == 0 nothing moves, nothing is cut and no texture is read.

uniform sampler2D u_dissolve_noise;
uniform int u_dissolve_on;
uniform int u_dissolve_mode;         // 0 none, 1 push, 2 pull
uniform int u_dissolve_shape;        // 0 noise, 1 direction, 2 sphere
uniform int u_dissolve_hard_normals; // pitfall: face normals instead of the smooth ones
uniform int u_dissolve_pitfall;      // dissolve_pitfall: 1 one-sided, 2 no-backoff, 3 object-space
uniform float u_dissolve_amount;
uniform float u_dissolve_noise_scale;
uniform float u_dissolve_noise_weight;
uniform float u_dissolve_edge_width;
uniform float u_dissolve_band;
uniform float u_dissolve_push;
uniform float u_dissolve_vertex_mip;
uniform float u_dissolve_inner_radius;
uniform float u_dissolve_radius;
uniform vec3 u_dissolve_from;
uniform vec3 u_dissolve_to;
uniform vec3 u_dissolve_center;
uniform vec3 u_dissolve_target;
uniform vec3 u_dissolve_edge_color;

// `discard` is legal only in fragment shaders; a macro keeps this file includable from both.
#define DISSOLVE_DISCARD(d) if ((d) < 0.0) discard

float dissolve_saturate(float x) { return clamp(x, 0.0, 1.0); }

float dissolve_threshold()
{
    bool moves = u_dissolve_mode != 0 && u_dissolve_pitfall != 2;
    float start = moves ? max(u_dissolve_edge_width, u_dissolve_band) : u_dissolve_edge_width;
    return -start + (1.001 + start) * u_dissolve_amount;
}

float dissolve_push_weight(float d)
{
    float w = 1.0 - dissolve_saturate(abs(d) / max(u_dissolve_band, 1e-4));
    return w * w * (3.0 - 2.0 * w);
}

float dissolve_pull_weight(float d)
{
    float w = 1.0 - dissolve_saturate(d / max(u_dissolve_band, 1e-4));
    return w * w * (3.0 - 2.0 * w);
}

float dissolve_glow(float d)
{
    float g = 1.0 - dissolve_saturate(d / max(u_dissolve_edge_width, 1e-4));
    return g * g;
}

vec3 dissolve_model_scale(mat4 model)
{
    return vec3(length(model[0].xyz), length(model[1].xyz), length(model[2].xyz));
}

vec3 dissolve_direction(vec3 nrm_os, vec3 snrm_os)
{
    return (u_dissolve_hard_normals == 0 && dot(snrm_os, snrm_os) > 0.01) ? snrm_os : nrm_os;
}

// The fragment stage's noise one mip blurrier than the hardware's choice: at the chosen mip a
// texel is a pixel, so the cut still breaks into single pixels; one level up the smallest piece
// of the edge is two pixels wide. Close up (lod < -1) it changes nothing: mip 0.
#define DISSOLVE_FRAGMENT_LOD_BIAS 1.0

// One noise read: lod >= 0 an explicit mip (the vertex stage), lod < 0 the mip the hardware
// selects from the screen-space derivatives of uv, plus the bias (the fragment stage: a distant
// mesh reads a blurred mip, instead of mip 0 aliasing into pixel-sized glowing specks; a vertex
// stage has no derivatives and reads mip 0 there). IMPRINT_FRAGMENT_STAGE is defined by
// gfx/shader.c for every fragment stage. The fragment callers pass a constant, so the branch
// folds away; they must call before any discard.
float dissolve_noise_read(vec2 uv, float lod)
{
#ifdef IMPRINT_FRAGMENT_STAGE
    if (lod < 0.0) return texture(u_dissolve_noise, uv, DISSOLVE_FRAGMENT_LOD_BIAS).r;
#endif
    return textureLod(u_dissolve_noise, uv, max(lod, 0.0)).r;
}

// Triplanar noise on the metric object-space rest position, `scale` tiles per metre.
float dissolve_noise_scaled(vec3 rest_os, vec3 dir_os, vec3 model_scale, float scale, float lod)
{
    vec3 q = rest_os * model_scale * scale;
    vec3 b = dir_os * dir_os;
    b = b * b;
    float sum = b.x + b.y + b.z + 1e-6;
    float nx = dissolve_noise_read(vec2(q.y + 0.00, q.z + 0.00), lod);
    float ny = dissolve_noise_read(vec2(q.z + 0.31, q.x + 0.71), lod);
    float nz = dissolve_noise_read(vec2(q.x + 0.57, q.y + 0.19), lod);
    return (nx * b.x + ny * b.y + nz * b.z) / sum;
}

float dissolve_noise(vec3 rest_os, vec3 dir_os, vec3 model_scale, float lod)
{
    return dissolve_noise_scaled(rest_os, dir_os, model_scale, u_dissolve_noise_scale, lod);
}

float dissolve_value(vec3 rest_os, vec3 dir_os, vec3 rest_ws, vec3 model_scale, float lod)
{
    float n = dissolve_noise(rest_os, dir_os, model_scale, lod);
    if (u_dissolve_shape == 0) return n;
    float s;
    if (u_dissolve_shape == 1) {
        vec3 axis = u_dissolve_to - u_dissolve_from;
        s = dissolve_saturate(dot(rest_ws - u_dissolve_from, axis) / max(dot(axis, axis), 1e-8));
    } else {
        float span = max(u_dissolve_radius - u_dissolve_inner_radius, 1e-4);
        s = dissolve_saturate((distance(rest_ws, u_dissolve_center) - u_dissolve_inner_radius) / span);
    }
    return s + (n - s) * u_dissolve_noise_weight;
}

// d of the vertex stage: the blurred mip, so neighbouring vertices agree (no spikes).
float dissolve_vertex_d(vec3 rest_os, vec3 nrm_os, vec3 snrm_os, mat4 model)
{
    vec3 dir = dissolve_direction(nrm_os, snrm_os);
    vec3 rest_ws = (model * vec4(rest_os, 1.0)).xyz;
    return dissolve_value(rest_os, dir, rest_ws, dissolve_model_scale(model), u_dissolve_vertex_mip) - dissolve_threshold();
}

// The weight the vertex moves with (push or pull, 0 without motion), for the dissolve-w view.
float dissolve_vertex_weight(vec3 rest_os, vec3 nrm_os, vec3 snrm_os, mat4 model)
{
    if (u_dissolve_on == 0 || u_dissolve_mode == 0) return 0.0;
    float d = dissolve_vertex_d(rest_os, nrm_os, snrm_os, model);
    if (u_dissolve_mode == 1 && u_dissolve_pitfall != 1) return dissolve_push_weight(d);
    return dissolve_pull_weight(d);
}

// World position after push or pull. Noise is read at the REST position, so the pattern stays
// on the surface while the shape moves. *pull_k: the pull's lerp factor w² (0 on the mesh, 1 at
// the target; 0 without pull), which the strands of dissolve_strand() are made from.
vec3 dissolve_vertex_ws_k(vec3 rest_os, vec3 nrm_os, vec3 snrm_os, mat4 model, out float pull_k)
{
    vec3 rest_ws = (model * vec4(rest_os, 1.0)).xyz;
    pull_k = 0.0;
    if (u_dissolve_on == 0 || u_dissolve_mode == 0) return rest_ws;
    float d = dissolve_vertex_d(rest_os, nrm_os, snrm_os, model);
    if (u_dissolve_mode == 1) {
        // the one-sided pitfall forgets |d|: every burnt vertex stays pushed all the way
        float w = u_dissolve_pitfall == 1 ? dissolve_pull_weight(d) : dissolve_push_weight(d);
        // the object-space pitfall pushes in object units: the bulge grows with the model's scale
        if (u_dissolve_pitfall == 3)
            return rest_ws + mat3(model) * dissolve_direction(nrm_os, snrm_os) * (u_dissolve_push * w);
        // inverse transpose for a normal, then unit length: the push is metres in world space
        vec3 dir_ws = normalize(transpose(inverse(mat3(model))) * dissolve_direction(nrm_os, snrm_os));
        return rest_ws + dir_ws * (u_dissolve_push * w);
    }
    float w = dissolve_pull_weight(d);
    pull_k = w * w;
    return rest_ws + (u_dissolve_target - rest_ws) * pull_k;
}

vec3 dissolve_vertex_ws(vec3 rest_os, vec3 nrm_os, vec3 snrm_os, mat4 model)
{
    float k;
    return dissolve_vertex_ws_k(rest_os, nrm_os, snrm_os, model, k);
}

// Pull strands. A triangle across the edge stretches from the mesh to the target; k, the pull's
// lerp factor interpolated over it, says how far along it a fragment lies (0 on the mesh, 1 at the
// target). Fine noise at the REST position hardly changes along such a triangle and changes fast
// across it, so keeping a narrow band of its values (|n - 0.5| < half width) cuts the sheet into
// filaments running to the target, thinner the further they are pulled. Burnt fragments (d < 0)
// of a strand stay too, so the filaments reach the target; burnt ones near rest are the holes.
#define DISSOLVE_STRAND_SCALE 4.0   // strand noise: this many times the dissolve noise's frequency
#define DISSOLVE_STRAND_BURNT_K 0.2 // a burnt fragment pulled less than this is a hole, not a strand

// 0 on the surface, 1 where a fragment is all strand (k from 0 to 0.05).
float dissolve_strand_taper(float k)
{
    return smoothstep(0.0, 0.05, k);
}

// < 0: no strand here (discard); else the profile across the strand, 1 at its middle, 0 at its sides.
float dissolve_strand(float d, float k, float n)
{
    if (d < 0.0 && k < DISSOLVE_STRAND_BURNT_K) return -1.0;
    float half_width = mix(0.5, 0.025, dissolve_strand_taper(k)) * (1.0 - 0.5 * k);
    float m = abs(n - 0.5) / half_width;
    return m > 1.0 ? -1.0 : 1.0 - m * m;
}

// The strand noise at a fragment (hardware mip, as the fragment stage's d; call before discard).
float dissolve_strand_noise(vec3 rest_os, vec3 dir_os, mat4 model)
{
    return dissolve_noise_scaled(rest_os, dir_os, dissolve_model_scale(model),
                                 u_dissolve_noise_scale * DISSOLVE_STRAND_SCALE, -1.0);
}

// d of the fragment stage (hardware mip selection: mip 0 close up, the crisp edge; a blurred
// mip far away, no aliasing) at a rest position already in world space (a skinned mesh: the
// vertex stage's skinned rest position, interpolated); < 0 means burnt. Call it before any
// discard (implicit derivatives). The CPU mirror reads mip 0: a fragment seen close up.
float dissolve_fragment_d_ws(vec3 rest_os, vec3 dir_os, vec3 rest_ws, mat4 model)
{
    if (u_dissolve_on == 0) return 1e9;
    return dissolve_value(rest_os, dir_os, rest_ws, dissolve_model_scale(model), -1.0) - dissolve_threshold();
}

// d of the fragment stage (hardware mip selection, as above); < 0 means burnt.
float dissolve_fragment_d(vec3 rest_os, vec3 dir_os, mat4 model)
{
    return dissolve_fragment_d_ws(rest_os, dir_os, (model * vec4(rest_os, 1.0)).xyz, model);
}

vec3 dissolve_emission(float d)
{
    return u_dissolve_edge_color * dissolve_glow(d);
}
