#version 330 core
// SSAO at quarter size: view-space position and normal rebuilt from full-size depth, 6 samples
// in the normal-oriented hemisphere (rotated per pixel in a 4x4 pattern the blur removes),
// each occluded when the depth buffer holds a surface in front of it within the radius.
uniform sampler2D u_depth;
uniform vec4 u_proj;   // proj[0][0], proj[1][1], proj[2][2], proj[3][2]
uniform vec4 u_params; // radius (m), strength, full width, full height
out vec2 o_ao;         // open fraction, view distance (for the depth-aware blur)

vec3 view_pos(ivec2 p)
{
    p = clamp(p, ivec2(0), ivec2(u_params.zw) - 1);
    float dist = u_proj.w / (texelFetch(u_depth, p, 0).r * 2.0 - 1.0 + u_proj.z);
    vec2 ndc = (vec2(p) + 0.5) / u_params.zw * 2.0 - 1.0;
    return vec3(ndc / u_proj.xy * dist, -dist);
}

// the hemisphere kernel: directions with z >= 0.2 (no grazing samples that a flat surface would
// catch through depth precision), lengths growing towards the radius
// (golden-angle azimuths); the 16 rotations of the 4x4 tile make 96 directions after the blur
const int SAMPLES = 6;
const vec3 KERNEL[SAMPLES] = vec3[SAMPLES](vec3(0.34, 0.11, 0.27), vec3(-0.36, 0.17, 0.33), vec3(0.17, -0.42, 0.42),
                                           vec3(0.17, 0.47, 0.52), vec3(-0.48, -0.25, 0.63), vec3(0.55, -0.15, 0.76));

void main()
{
    ivec2 full = ivec2(gl_FragCoord.xy) * 4;
    float d = texelFetch(u_depth, full, 0).r;
    if (d >= 1.0) { o_ao = vec2(1.0, 1e4); return; }
    vec3 p = view_pos(full);
    // normal from the neighbours with the smaller depth step on each axis
    vec3 l = view_pos(full - ivec2(2, 0)), r = view_pos(full + ivec2(2, 0));
    vec3 b = view_pos(full - ivec2(0, 2)), t = view_pos(full + ivec2(0, 2));
    // (at the image border one neighbour is the pixel itself: take the other)
    ivec2 size = ivec2(u_params.zw);
    vec3 dx = (abs(r.z - p.z) < abs(p.z - l.z) && full.x + 2 < size.x) || full.x < 2 ? r - p : p - l;
    vec3 dy = (abs(t.z - p.z) < abs(p.z - b.z) && full.y + 2 < size.y) || full.y < 2 ? t - p : p - b;
    vec3 n = normalize(cross(dx, dy));
    // per-pixel rotation of the kernel around the normal, 16 angles in a 4x4 tile
    ivec2 q = ivec2(gl_FragCoord.xy) & 3;
    float ang = float(q.x * 4 + q.y) * (6.2831853 / 16.0) + float(q.y) * 0.4;
    vec3 rnd = vec3(cos(ang), sin(ang), 0.0);
    vec3 tx = normalize(rnd - n * dot(rnd, n));
    if (any(isnan(tx))) tx = normalize(cross(n, vec3(0.0, 1.0, 0.0)));
    mat3 tbn = mat3(tx, cross(n, tx), n);
    // depth precision falls with distance: the bias grows with it
    float radius = u_params.x, occ = 0.0, bias = max(0.02 * radius, 0.004 * -p.z);
    for (int i = 0; i < SAMPLES; i++) {
        vec3 s = p + tbn * KERNEL[i] * radius;
        vec2 uv = s.xy * u_proj.xy / -s.z * 0.5 + 0.5;
        vec3 sp = view_pos(ivec2(uv * u_params.zw));
        float range = smoothstep(0.0, 1.0, radius / max(abs(p.z - sp.z), 1e-4));
        occ += (sp.z >= s.z + bias ? 1.0 : 0.0) * range;
    }
    // far away the hemisphere is smaller than a pixel: fade out rather than flicker
    float ao = mix(pow(1.0 - occ / float(SAMPLES), u_params.y), 1.0, smoothstep(40.0, 80.0, -p.z));
    o_ao = vec2(ao, -p.z);
}
