#version 330 core
// A fullscreen-triangle variant limited to one rectangle: two triangles from gl_VertexID 0..2
// would not cover a quad, so the rectangle is clipped in the fragment shader instead.
uniform vec4 u_rect; // NDC x0 y0 x1 y1
out vec2 v_ndc;
void main()
{
    vec2 p = vec2((gl_VertexID << 1) & 2, gl_VertexID & 2) * 2.0 - 1.0;
    v_ndc = p;
    gl_Position = vec4(p, 0.0, 1.0);
}
