#version 330 core
// DOF, step 1 (half size): the colour averaged over 2x2 pixels (one bilinear tap on their
// shared corner), occlusion applied, and the signed circle of confusion of the nearest of the
// four depths, so a thin near object keeps its coverage.
uniform sampler2D u_hdr;
uniform sampler2D u_depth;
uniform sampler2D u_ao;
uniform vec4 u_dof; // proj[2][2], proj[3][2], focus distance (m), max CoC (half pixels)
uniform bool u_use_ao;
in vec2 v_uv;
out vec4 o_color;
void main()
{
    ivec2 p = ivec2(gl_FragCoord.xy) * 2;
    ivec2 last = textureSize(u_depth, 0) - 1;
    float d = min(min(texelFetch(u_depth, min(p, last), 0).r, texelFetch(u_depth, min(p + ivec2(1, 0), last), 0).r),
                  min(texelFetch(u_depth, min(p + ivec2(0, 1), last), 0).r, texelFetch(u_depth, min(p + ivec2(1), last), 0).r));
    float z = u_dof.y / (d * 2.0 - 1.0 + u_dof.x);
    float coc = clamp(u_dof.w * (1.0 - u_dof.z / max(z, 1e-3)), -u_dof.w, u_dof.w);
    vec3 c = texture(u_hdr, v_uv).rgb;
    if (u_use_ao) c *= texture(u_ao, v_uv).r;
    o_color = vec4(c, coc);
}
