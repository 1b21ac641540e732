#version 330 core
// One primitive (a wheel's, or a body's: mudfield_body_layout) drawn into a mud block's render target (src/mud/mud.c, pass mud.stamp). The
// arithmetic mirrors mudfield_stamp in mud/core/mudfield.c step for step, on the same bytes, so
// the GPU target and the CPU physics field stay equal:
//   SUM_PASS  one fragment: the whole height steps the tyre removes from the touched rectangle
//   else      each texel of the block inside the rectangle: lowered to the tyre, its share of the
//             removed steps as berm (the integer shares of the texels before it in row-major
//             order, so the shares sum to exactly the removed steps), slide, track and, where
//             the tyre bears, R = its lug coordinate (the print, drawn by mud_terrain.frag) and
//             A = 255 (a fresh track, dried by mud_dry.frag)
// The previous contents come from u_scratch, a copy of the rectangle taken before the draw (the
// target cannot be read while it is drawn into). Texel coordinates are global (texel 127 of block
// b is texel 0 of block b + 1), so a shared border texel gets the same value in both blocks.
#include "mud_common.glsl"

#define SEG 127
#define STAMP_MAX 48
#define JOIN_BLEND 0.5 // MUDFIELD_JOIN_BLEND

uniform sampler2D u_scratch;  // RGBA8, texel (gx - gx0, gz - gz0)
uniform sampler2D u_scratch_h; // RG8 16-bit heights, the same texels
uniform sampler2D u_sums;     // R32F 1x1: removed steps (stamp pass)
uniform ivec4 u_rect;         // gx0, gz0, gx1, gz1 (inclusive)
uniform ivec2 u_block;        // global texel of the target layer's texel (0, 0)
uniform ivec3 u_mud_blocks;   // first block x, z of a 3 x 3 window; bit (z * 3 + x) set: that block has mud
uniform int u_nb;             // blocks per side
uniform float u_spacing;      // MUDFIELD_SPACING
uniform float u_edge_ramp;    // EDGE_RAMP
uniform vec4 u_wheel;         // hub xyz, radius
uniform vec4 u_dir;           // unit forward xz, side xz
uniform vec4 u_shape;         // penetration, half length, half width, berm width
uniform vec4 u_motion;        // velocity xz, speed, slip
uniform float u_max_sink;
uniform vec4 u_tread;         // 1 / spacing (0: smooth tyre), depth (unused: no lugs in the heights), phase, chevron
uniform float u_row_prefix[STAMP_MAX + 1];
uniform vec4 u_body;          // the bottom's flat half sizes u, v (a wheel: 0, endless), the footprint's corner, ring (a body's berm)
uniform vec2 u_slope;         // the bottom plane's rise per metre along u, v (a wheel: 0)

layout(location = 0) out vec4 o_color;
#ifndef SUM_PASS
layout(location = 1) out vec4 o_height; // RG8: the 16-bit height's hi and lo byte
#endif

bool block_has_mud(int bx, int bz)
{
    int x = bx - u_mud_blocks.x, z = bz - u_mud_blocks.y;
    if (bx < 0 || bz < 0 || bx >= u_nb || bz >= u_nb || x < 0 || z < 0 || x > 2 || z > 2) return false;
    return ((u_mud_blocks.z >> (z * 3 + x)) & 1) != 0;
}

// mudfield_texel_has_mud: some block holding the texel has mud
bool texel_has_mud(int gx, int gz)
{
    int bx = gx / SEG, bz = gz / SEG;
    bool ex = gx % SEG == 0 && bx > 0, ez = gz % SEG == 0 && bz > 0;
    return block_has_mud(bx, bz) || (ex && block_has_mud(bx - 1, bz)) || (ez && block_has_mud(bx, bz - 1)) ||
           (ex && ez && block_has_mud(bx - 1, bz - 1));
}

float lerpf(float a, float b, float t) { return a + (b - a) * t; }

// terrain_sample_at: bilinear over the base bytes (not the hardware filter, whose weights are coarser)
vec4 base_bytes(float x, float z)
{
    int n = textureSize(u_base, 0).x - 1;
    float fx = clamp(x / u_base_spacing, 0.0, float(n)), fz = clamp(z / u_base_spacing, 0.0, float(n));
    int i0 = min(int(fx), n - 1), j0 = min(int(fz), n - 1);
    float u = fx - float(i0), v = fz - float(j0);
    vec4 a = floor(texelFetch(u_base, ivec2(i0, j0), 0) * 255.0 + 0.5);
    vec4 b = floor(texelFetch(u_base, ivec2(i0 + 1, j0), 0) * 255.0 + 0.5);
    vec4 c = floor(texelFetch(u_base, ivec2(i0, j0 + 1), 0) * 255.0 + 0.5);
    vec4 e = floor(texelFetch(u_base, ivec2(i0 + 1, j0 + 1), 0) * 255.0 + 0.5);
    vec4 o;
    for (int k = 0; k < 4; k++) o[k] = lerpf(lerpf(a[k], b[k], u), lerpf(c[k], e[k], u), v);
    return o;
}

float edge_coverage(float d)
{
    float t = 1.0 - clamp(d / u_edge_ramp, 0.0, 1.0);
    return t * t * (3.0 - 2.0 * t);
}

// dx, dz from the hub; u along, v across the wheel
vec4 geom_uv(int gx, int gz)
{
    float dx = float(gx) * u_spacing - u_wheel.x, dz = float(gz) * u_spacing - u_wheel.z;
    return vec4(dx, dz, dx * u_dir.x + dz * u_dir.y, dx * u_dir.z + dz * u_dir.w);
}

// geom_out: how far outside the footprint's rectangle (its corners rounded by u_body.z) per axis
vec2 outside(vec4 g) { return vec2(max(abs(g.z) - (u_shape.y - u_body.z), 0.0), max(abs(g.w) - (u_shape.z - u_body.z), 0.0)); }

float cover_at(vec4 g)
{
    vec2 o = outside(g);
    if (o.x >= u_edge_ramp + u_body.z || o.y >= u_edge_ramp + u_body.z) return 0.0;
    return edge_coverage(sqrt(o.x * o.x + o.y * o.y) - u_body.z);
}

float berm_hump(float d)
{
    float t = clamp((d - u_edge_ramp) / (u_shape.w - u_edge_ramp), 0.0, 1.0);
    return 16.0 * t * t * (1.0 - t) * (1.0 - t);
}

float berm_weight(int gx, int gz)
{
    vec4 g = geom_uv(gx, gz);
    vec2 o = outside(g);
    float du = o.x, dv = o.y;
    if (u_body.w > 0.0) { // a body's: the hump all round; a piece's hands over to the next one's at a joined end
        int ends = int(u_body.w);
        float flat_end = u_shape.y - u_body.z, s = -1.0e9;
        if ((ends & 2) != 0) s = g.z - flat_end;
        if ((ends & 4) != 0 && -g.z - flat_end > s) s = -g.z - flat_end;
        float share = clamp(0.5 - s * (0.5 / JOIN_BLEND), 0.0, 1.0);
        if (s > 0.0) {
            if (abs(g.w) <= u_shape.z) return 0.0;
            du = 0.0;
        }
        if (share <= 0.0 || du >= u_shape.w + u_body.z || dv >= u_shape.w + u_body.z) return 0.0;
        float d = sqrt(du * du + dv * dv) - u_body.z;
        if (d <= 0.0 || d >= u_shape.w || !texel_has_mud(gx, gz)) return 0.0;
        return berm_hump(d) * share;
    }
    if (du == 0.0 && dv == 0.0) return 0.0;
    float d = sqrt(du * du + dv * dv);
    if (d >= u_shape.w || !texel_has_mud(gx, gz)) return 0.0;
    float side = dv / (du + dv);
    float ahead = u_motion.z > 0.1 && (g.x * u_motion.x + g.y * u_motion.y) > 0.0 ? 0.6 : 0.25;
    float r = d / u_shape.w;
    return side * berm_hump(d) + (1.0 - side) * ahead * (1.0 - r) * (1.0 - r);
}

// mudfield_tread_byte: 1 + 255ths of the lug coordinate (the R the terrain's shader draws the print from)
int tread_byte(float u, float v)
{
    float x = (u + u_tread.z + u_tread.w * abs(v)) * u_tread.x;
    return 1 + int(clamp(floor((x - floor(x)) * 255.0), 0.0, 254.0));
}

// footprint_target, in whole height steps
int target_steps(int gx, int gz, float u, float v, float cover)
{
    vec4 s = base_bytes(float(gx) * u_spacing, float(gz) * u_spacing);
    float base = s.r * MUD_BASE_HEIGHT_SCALE + MUD_BASE_HEIGHT_OFFSET;
    float floor_rel = -(u_max_sink * (s.b / 255.0) * (s.a / 255.0));
    // the bottom: the plane over the flat part, rounded off outside it (a tyre: its cylinder)
    vec2 c = clamp(vec2(u, v), -u_body.xy, u_body.xy), o = max(abs(vec2(u, v)) - u_body.xy, 0.0);
    float round_off = sqrt(max(u_wheel.w * u_wheel.w - o.x * o.x - o.y * o.y, 0.0));
    float tyre = u_wheel.y + u_slope.x * c.x + u_slope.y * c.y - round_off - base;
    float target = max(tyre, floor_rel);
    target += (1.0 - cover) * (max(target + u_shape.x, 0.0) - target);
    return int(clamp(floor(target * (1.0 / MUD_HEIGHT_STEP) + 0.5), -32768.0, 32767.0));
}

ivec4 old_bytes(int gx, int gz) { return ivec4(floor(texelFetch(u_scratch, ivec2(gx - u_rect.x, gz - u_rect.y), 0) * 255.0 + 0.5)); }
// the old height in steps over the base
int old_height(int gx, int gz)
{
    ivec2 b = ivec2(floor(texelFetch(u_scratch_h, ivec2(gx - u_rect.x, gz - u_rect.y), 0).rg * 255.0 + 0.5));
    return b.x * 256 + b.y - 32768;
}

float snap_slide(float s) { return floor(clamp(s / MUD_SLIDE_MAX, -1.0, 1.0) * 127.0 + 0.5); }

void main()
{
#ifdef SUM_PASS
    int removed = 0;
    for (int gz = u_rect.y; gz <= u_rect.w; gz++)
        for (int gx = u_rect.x; gx <= u_rect.z; gx++) {
            vec4 g = geom_uv(gx, gz);
            float cover = cover_at(g);
            if (cover <= 0.0 || !texel_has_mud(gx, gz)) continue;
            removed += max(old_height(gx, gz) - target_steps(gx, gz, g.z, g.w, cover), 0);
        }
    o_color = vec4(float(removed), 0.0, 0.0, 0.0);
#else
    int gx = u_block.x + int(gl_FragCoord.x), gz = u_block.y + int(gl_FragCoord.y);
    ivec4 q = old_bytes(gx, gz);
    int h = old_height(gx, gz);
    vec2 slide = vec2(q.gb - 128) / 127.0 * MUD_SLIDE_MAX;
    float track = float(q.a) / 255.0;
    vec4 g = geom_uv(gx, gz);
    float cover = cover_at(g), wt = berm_weight(gx, gz);
    if ((cover > 0.0 || wt > 0.0) && texel_has_mud(gx, gz)) {
        int removed = int(texelFetch(u_sums, ivec2(0), 0).r);
        float wsum = u_row_prefix[u_rect.w - u_rect.y + 1];
        bool lower = removed > 0 && wsum > 0.0;
        if (cover > 0.0) {
            if (lower) h = min(h, target_steps(gx, gz, g.z, g.w, cover));
            track = max(track, cover >= 0.5 ? 1.0 : floor(cover * 127.0 + 0.5) / 255.0); // fresh where it bears, else a dry blend
            if (u_tread.x > 0.0 && cover >= 0.5) q.r = tread_byte(g.z, g.w);
            float mid = 1.0 - min(abs(g.z) / (u_shape.y + u_edge_ramp), 1.0);
            float drag = u_motion.w * 0.02 * cover * 2.0 * mid;
            slide = clamp(slide - u_dir.xy * drag, -MUD_SLIDE_MAX, MUD_SLIDE_MAX);
        }
        if (wt > 0.0 && lower) {
            float pex = u_row_prefix[gz - u_rect.y];
            for (int x = u_rect.x; x < gx; x++) pex += berm_weight(x, gz);
            float pin = pex + wt;
            float steps = floor(float(removed) * pin / wsum + 0.5) - floor(float(removed) * pex / wsum + 0.5);
            float add = steps * MUD_HEIGHT_STEP;
            float len = sqrt(g.x * g.x + g.y * g.y);
            h += int(steps);
            if (len > 1e-6) slide = clamp(slide + g.xy / len * add * 0.8, -MUD_SLIDE_MAX, MUD_SLIDE_MAX);
            track = max(track, floor(clamp(add * 20.0, 0.0, 0.6) * 127.0 + 0.5) / 255.0); // a berm: dry
        }
        h = clamp(h, -32768, 32767);
        q.g = 128 + int(snap_slide(slide.x));
        q.b = 128 + int(snap_slide(slide.y));
        q.a = int(floor(clamp(track, 0.0, 1.0) * 255.0 + 0.5));
    }
    o_color = vec4(q) / 255.0;
    int hu = h + 32768;
    o_height = vec4(float(hu >> 8), float(hu & 255), 0.0, 0.0) / 255.0;
#endif
}
