#version 330 core
// The depth buffer's surface, texel for texel, for the GPU particles' collision (bb_gpu_sim.glsl):
// once a frame, before the steps, so that each particle fetches one texel instead of rebuilding a
// normal from five. Per texel: the view-space normal from the neighbouring texels (on each axis
// the neighbour whose distance is nearer, so silhouettes do not tilt it) and the view distance;
// all 0 where nothing was drawn. The same lines as bb_gpu_collide() in
// src/bb/core/bb_gpu_collide.c (its texel_point and tangent).

uniform sampler2D u_depth; // depth-buffer values, nearest texel
uniform mat4 u_dproj;      // the projection the depth was rendered with
out vec4 o_surface;        // xyz normal (view space), w view distance (0: nothing drawn)

// the view distance of a depth-buffer value
float linear_z(float z) { return u_dproj[3][2] / ((z * 2.0 - 1.0) + u_dproj[2][2]); }

vec3 texel_point(ivec2 t)
{
    ivec2 sz = textureSize(u_depth, 0);
    float z = linear_z(texelFetch(u_depth, clamp(t, ivec2(0), sz - 1), 0).r);
    vec2 nd = (vec2(t) + 0.5) / vec2(sz) * 2.0 - 1.0;
    return vec3(nd.x / u_dproj[0][0] * z, nd.y / u_dproj[1][1] * z, -z);
}

vec3 tangent(ivec2 t, ivec2 dt, vec3 c)
{
    vec3 a = texel_point(t + dt), b = texel_point(t - dt);
    return abs(a.z - c.z) < abs(b.z - c.z) ? a - c : c - b;
}

void main()
{
    ivec2 t = ivec2(gl_FragCoord.xy);
    if (texelFetch(u_depth, t, 0).r >= 1.0) {
        o_surface = vec4(0.0);
        return;
    }
    vec3 c = texel_point(t);
    vec3 tx = tangent(t, ivec2(1, 0), c), ty = tangent(t, ivec2(0, 1), c);
    vec3 n = cross(tx, ty);
    float len = length(n);
    n = len < 1e-12 ? vec3(0.0, 0.0, 1.0) : n / len;
    o_surface = vec4(n, -c.z);
}
