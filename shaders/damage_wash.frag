#version 330 core
// The wash (src/damage/damage_wash.c): a texel whose surface point (the position map: mesh-space
// xyz, a = mesh + 1) lies below its mesh's plane (dot(n, p) + d < 0, mesh space) keeps
// v * u_keep - u_sub of every channel, floored at 0; every other texel (above the plane, another
// batch's mesh, a gutter) keeps its value.
uniform sampler2D u_positions;
uniform sampler2D u_src;
uniform vec4 u_planes[16]; // DAMAGE__WASH_BATCH
uniform int u_first;       // the batch's first mesh
uniform int u_count;
uniform float u_keep;
uniform float u_sub;
out vec4 o_color;
void main()
{
    ivec2 p = ivec2(gl_FragCoord.xy);
    vec4 pos = texelFetch(u_positions, p, 0);
    vec4 v = texelFetch(u_src, p, 0);
    int m = int(pos.a + 0.5) - 1 - u_first;
    if (m >= 0 && m < u_count && dot(u_planes[m].xyz, pos.xyz) + u_planes[m].w < 0.0) v = max(v * u_keep - u_sub, 0.0);
    o_color = v;
}
