#version 330 core
// Fullscreen triangle at the far plane: drawn after the opaque pass with depth test LEQUAL,
// so the sky is shaded only where nothing else is.
out vec2 v_uv;
void main()
{
    vec2 p = vec2((gl_VertexID << 1) & 2, gl_VertexID & 2);
    v_uv = p;
    gl_Position = vec4(p * 2.0 - 1.0, 1.0, 1.0);
}
