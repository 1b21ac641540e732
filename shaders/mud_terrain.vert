#version 330 core
// Terrain block: a flat grid displaced by the base height and, for resident mud blocks, by the
// mud layer (height + slide). The same file is the shadow caster (SHADOW_PASS).
#include "common.glsl"
#include "mud_common.glsl"

in vec3 a_pos;               // x, z: grid index; y: 1 on the skirt ring
uniform vec2 u_origin;       // world xz of the block's corner
uniform float u_step;        // metres per grid step
uniform int u_layer;         // mud layer, -1: base terrain only
uniform sampler2DArray u_mud;

out vec3 v_world;
out vec3 v_nrm;
out vec4 v_base;
out float v_track;
out vec2 v_grad_base; // base terrain slope (the fragment adds the mud's, per pixel)
out vec2 v_uv;        // mud texel coordinates in the layer
out vec2 v_slide;     // metres the mud here was pushed

float mud_at(ivec2 ij) { return mud_unpack_height(texelFetch(u_mud, ivec3(clamp(ij, 0, 127), u_layer), 0).r); }

void main()
{
    ivec2 ij = ivec2(a_pos.xz + 0.5);
    vec2 xz = u_origin + vec2(ij) * u_step;
    vec4 base = mud_base_sample(xz);
    float h = mud_unpack_base_height(base.r);
    float track = 0.0;
    if (u_layer >= 0) {
        vec4 m = texelFetch(u_mud, ivec3(ij, u_layer), 0);
        h += mud_unpack_height(m.r);
        xz += mud_unpack_slide(m.gb);
        track = m.a;
    }
#ifndef SHADOW_PASS
    // normal from height differences: the 8-bit base over two samples each way (one-sample
    // differences of quantized heights would band), the mud over one texel each way (Sobel)
    float e = u_base_spacing * 2.0;
    float bx = mud_unpack_base_height(mud_base_sample(xz + vec2(e, 0.0)).r) - mud_unpack_base_height(mud_base_sample(xz - vec2(e, 0.0)).r);
    float bz = mud_unpack_base_height(mud_base_sample(xz + vec2(0.0, e)).r) - mud_unpack_base_height(mud_base_sample(xz - vec2(0.0, e)).r);
    vec2 grad = vec2(bx, bz) / (2.0 * e);
    v_grad_base = grad;
    if (u_layer >= 0) {
        // Sobel: central differences of the row (column) and its two neighbours, weighted 1 2 1, so
        // a rut edge that wanders across texel columns does not shade row by row in steps
        ivec2 lo = max(ij - 1, ivec2(0)), hi = min(ij + 1, ivec2(127));
        float gx = 0.0, gz = 0.0;
        for (int k = -1; k <= 1; k++) {
            float wk = k == 0 ? 0.5 : 0.25;
            int z = clamp(ij.y + k, 0, 127), x = clamp(ij.x + k, 0, 127);
            gx += wk * (mud_at(ivec2(hi.x, z)) - mud_at(ivec2(lo.x, z)));
            gz += wk * (mud_at(ivec2(x, hi.y)) - mud_at(ivec2(x, lo.y)));
        }
        grad += vec2(gx / (float(hi.x - lo.x) * u_step), gz / (float(hi.y - lo.y) * u_step));
    }
    v_nrm = normalize(vec3(-grad.x, 1.0, -grad.y));
#else
    v_nrm = vec3(0.0, 1.0, 0.0);
    v_grad_base = vec2(0.0);
#endif
    v_uv = vec2(ij);
    v_slide = xz - (u_origin + vec2(ij) * u_step);
    h -= a_pos.y * 0.6; // skirt hides cracks against a neighbour of another resolution
    v_world = vec3(xz.x, h, xz.y);
    v_base = base;
    v_track = track;
#ifdef SHADOW_PASS
    gl_Position = u_light_viewproj * vec4(v_world, 1.0);
#else
    gl_Position = u_viewproj * vec4(v_world, 1.0);
#endif
}
