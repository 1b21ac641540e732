#version 330 core
// The water of one block: a (WATER_RES+1)^2 grid lifted to the simulated surface. u_water holds
// per corner: surface height, depth of the water column, flow u and v (mud/core/water.h).
#include "common.glsl"
in vec3 a_pos;
uniform sampler2D u_water;
uniform vec2 u_origin; // the block's corner, world x and z
uniform float u_cell;  // metres between corners
out vec3 v_world;
out vec3 v_nrm;
out float v_depth;
out vec2 v_flow;
out float v_crest;
const float WAKE_TILT = 2.5;

// a neighbour's surface; a dry one (depth 0) takes ours, so the shore does not tilt the normal
float surface_at(ivec2 ij, float own)
{
    vec4 s = texelFetch(u_water, clamp(ij, ivec2(0), textureSize(u_water, 0) - 1), 0);
    return s.y > 0.0 ? s.x : own;
}

void main()
{
    ivec2 ij = ivec2(a_pos.xz + 0.5);
    vec4 s = texelFetch(u_water, ij, 0);
    float l = surface_at(ij - ivec2(1, 0), s.x), r = surface_at(ij + ivec2(1, 0), s.x);
    float d = surface_at(ij - ivec2(0, 1), s.x), u = surface_at(ij + ivec2(0, 1), s.x);
    // the tilt 2.5 times for the shading: a wake's crests of 5 cm over a metre tilt the surface a
    // few degrees, too little to catch the light; with it the bow's V reads (docs/mud_world.md)
    v_nrm = normalize(vec3(WAKE_TILT * (l - r), 2.0 * u_cell, WAKE_TILT * (d - u)));
    // how far the corner stands above its four neighbours' mean: > 0 on a crest, < 0 in a trough
    v_crest = s.x - 0.25 * (l + r + d + u);
    v_world = vec3(u_origin.x + a_pos.x * u_cell, s.x, u_origin.y + a_pos.z * u_cell);
    v_depth = s.y;
    v_flow = s.zw;
    gl_Position = u_viewproj * vec4(v_world, 1.0);
}
