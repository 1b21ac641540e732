#version 330 core
// The colour pass's triangle (as gfx_fullscreen.vert). With auto exposure its three vertices read the
// 1x1 exposure and hand it on flat: one fetch per vertex instead of one per pixel.
uniform sampler2D u_exposure_tex;
uniform float u_exposure; // fixed exposure (without POST_AUTO_EXPOSURE)
out vec2 v_uv;
flat out float v_exposure;
void main()
{
    vec2 p = vec2((gl_VertexID << 1) & 2, gl_VertexID & 2);
    v_uv = p;
#ifdef POST_AUTO_EXPOSURE
    v_exposure = texelFetch(u_exposure_tex, ivec2(0), 0).r;
#else
    v_exposure = u_exposure;
#endif
    gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}
