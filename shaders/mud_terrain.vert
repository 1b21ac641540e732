#version 330 core
// Terrain block: a flat grid displaced by the base height and, for resident mud blocks, by the
// mud layer (height + slide). The same file is the shadow caster (SHADOW_PASS).
#include "common.glsl"
#include "mud_common.glsl"

in vec3 a_pos;               // x, z: grid index; y: 1 on the skirt ring
uniform vec2 u_origin;       // world xz of the block's corner
uniform float u_step;        // metres per grid step
uniform int u_layer;         // mud layer, -1: base terrain only
uniform float u_sub;         // mud texels per grid step: 1 on the 128 grid, 0.5 on the fine grid
uniform ivec2 u_patch;       // grid steps from the block's corner to this patch's first vertex (0: a whole block)
uniform int u_last;          // the block's last grid index: a patch's vertices past it fold onto the edge
uniform ivec4 u_seam;        // per side, this patch's steps to a coarser neighbour's (0: none): x at i = 0, y at i = n, z at j = 0, w at j = n
uniform int u_patch_n;       // n: grid steps per patch side
uniform sampler2DArray u_mud;   // RGBA8: R tread print, GB slide, A track
uniform sampler2DArray u_mud_h; // RG8: the 16-bit height

out vec3 v_world;
out vec3 v_nrm;
out vec4 v_base;
out vec2 v_track; // the track's blend and its wetness (mudfield.h: A below 128 dry, 128..255 drying)
out vec2 v_grad_base; // base terrain slope (the fragment adds the mud's, per pixel)
out vec2 v_uv;        // mud texel coordinates in the layer
out vec2 v_slide;     // metres the mud here was pushed

float mud_lin(vec2 t) { return mud_unpack_height16(textureLod(u_mud_h, vec3((t + 0.5) / 128.0, float(u_layer)), 0.0).rg); }

// Mud height at texel coordinate t: the cubic B-spline of the texels (four bilinear taps), which
// puts a crest one texel wide between the texels where it belongs; within two texels of the
// block's edge it blends to the plain texels, which both blocks sharing the border hold alike.
float mud_height_smooth(vec2 t)
{
    vec2 i = floor(t), f = t - i, f2 = f * f, f3 = f2 * f;
    vec2 w0 = (1.0 - 3.0 * f + 3.0 * f2 - f3) / 6.0, w1 = (4.0 - 6.0 * f2 + 3.0 * f3) / 6.0;
    vec2 w2 = (1.0 + 3.0 * f + 3.0 * f2 - 3.0 * f3) / 6.0, w3 = f3 / 6.0;
    vec2 g0 = w0 + w1, g1 = w2 + w3, p0 = i - 1.0 + w1 / g0, p1 = i + 1.0 + w3 / g1;
    float s = g0.y * (g0.x * mud_lin(p0) + g1.x * mud_lin(vec2(p1.x, p0.y))) +
              g1.y * (g0.x * mud_lin(vec2(p0.x, p1.y)) + g1.x * mud_lin(p1));
    float edge = min(min(t.x, 127.0 - t.x), min(t.y, 127.0 - t.y));
    return edge >= 2.0 ? s : mix(mud_lin(t), s, clamp(edge - 1.0, 0.0, 1.0)); // the plain texel only where it counts
}

float mud_height_at(vec2 t) { return mud_height_smooth(t); }

void main()
{
    ivec2 local = ivec2(a_pos.xz + 0.5), ij = min(local + u_patch, ivec2(u_last));
    vec2 grid_xz = u_origin + vec2(ij) * u_step, xz = grid_xz;
    vec4 base = mud_base_sample(xz);
    float h = mud_unpack_base_height(base.r);
    vec2 track = vec2(0.0);
    vec2 t = vec2(ij) * u_sub; // mud texel coordinates
    if (u_layer >= 0) {
        vec4 m = textureLod(u_mud, vec3((t + 0.5) / 128.0, float(u_layer)), 0.0);
        float hm = mud_height_smooth(t);
        // A vertex on a side shared with a coarser patch (r of its steps to one of the other's),
        // between two of the coarser patch's vertices: the linear mix of their heights, since the
        // coarse edge runs straight between them (their slides and base heights already meet it:
        // both are linear along the edge).
        int rx = local.x == 0 ? u_seam.x : local.x == u_patch_n ? u_seam.y : 0;
        int rz = local.y == 0 ? u_seam.z : local.y == u_patch_n ? u_seam.w : 0;
        if (rx > 1 && ij.y % rx != 0) {
            float f = float(ij.y % rx) / float(rx);
            vec2 t0 = vec2(t.x, float(ij.y - ij.y % rx) * u_sub);
            hm = mix(mud_height_at(t0), mud_height_at(t0 + vec2(0.0, float(rx) * u_sub)), f);
        } else if (rz > 1 && ij.x % rz != 0) {
            float f = float(ij.x % rz) / float(rz);
            vec2 t0 = vec2(float(ij.x - ij.x % rz) * u_sub, t.y);
            hm = mix(mud_height_at(t0), mud_height_at(t0 + vec2(float(rz) * u_sub, 0.0)), f);
        }
        h += hm;
        xz += mud_unpack_slide(m.gb);
        float a = m.a * 255.0;
        track = vec2(min(a / 127.0, 1.0), max(a - 128.0, 0.0) / 127.0);
    }
#ifndef SHADOW_PASS
    // normal from height differences: the 8-bit base over two samples each way (one-sample
    // differences of quantized heights would band)
    float e = u_base_spacing * 2.0;
    float bx = mud_unpack_base_height(mud_base_sample(xz + vec2(e, 0.0)).r) - mud_unpack_base_height(mud_base_sample(xz - vec2(e, 0.0)).r);
    float bz = mud_unpack_base_height(mud_base_sample(xz + vec2(0.0, e)).r) - mud_unpack_base_height(mud_base_sample(xz - vec2(0.0, e)).r);
    vec2 grad = vec2(bx, bz) / (2.0 * e);
    v_grad_base = grad;
    // The mud's own slope is not added here: over a mud layer the fragment takes its normal per
    // pixel from the mud target (mud_terrain.frag) and never reads v_nrm, so a per-vertex Sobel of
    // the mud (twelve fetches) would be work for nothing, four times over on the fine grid.
    v_nrm = normalize(vec3(-grad.x, 1.0, -grad.y));
#else
    v_nrm = vec3(0.0, 1.0, 0.0);
    v_grad_base = vec2(0.0);
#endif
    v_uv = t;
    v_slide = xz - grid_xz;
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
