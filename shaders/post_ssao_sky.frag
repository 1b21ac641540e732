#version 330 core
// SSAO, step 0 (quarter size): sky pixels get their result (open) and depth 0 here; every other
// pixel stays at the cleared depth 1, so the depth-tested occlusion pass after this shades only
// geometry, and the rasterizer skips blocks of sky before running it.
uniform sampler2D u_depth;
out vec2 o_ao;
void main()
{
    float d = texelFetch(u_depth, ivec2(gl_FragCoord.xy) * 4, 0).r;
    gl_FragDepth = d >= 1.0 ? 0.0 : 1.0;
    o_ao = vec2(1.0, 1e4);
}
