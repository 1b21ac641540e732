#version 330 core
// DOF, step 1 (half size): the colour averaged over 2x2 pixels (one bilinear tap on their
// shared corner), occlusion applied, and the signed circle of confusion (negative in front of
// the focus) of the nearest of the four depths, so a thin near object keeps its coverage.
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
    // sharp from 0.4 to 1.5 times the focus distance (the subject and the ground around it),
    // full blur at the camera and at 5 times behind: a lens with that much depth of field
    float f = u_dof.z;
    float coc = u_dof.w * (clamp((z - 1.5 * f) / (3.5 * f), 0.0, 1.0) - clamp((0.4 * f - z) / (0.4 * f), 0.0, 1.0));
    vec3 c = texture(u_hdr, v_uv).rgb;
    if (u_use_ao) c *= texelFetch(u_ao, ivec2(gl_FragCoord.xy), 0).r; // same size: no filtering
    o_color = vec4(c, coc);
}
