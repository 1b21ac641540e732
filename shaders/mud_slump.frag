#version 330 core
// The ruts' slump and refill (src/mud/mud_slump.c, pass mud.slump): one step of the rule of
// mud/core/mudfield_slump.h over a mud block's RG8 height layer, the same integer arithmetic as
// mudfield_slump_heights, so the GPU's layers and the CPU field stay equal. Every pair of
// 8-neighbour texels, neither on the block's border, with a height difference d > 0 (1 mm steps)
// moves max(d > T ? ceil((d - T) / 16) : 0, refill ? (min(d, 4095) * (128 + wet)) >> S : 0)
// steps downhill (wet: the pair's larger fresh track, A - 128; T = u_threshold, S = 11 for side
// neighbours, T = u_threshold_diag, S = 13 across a diagonal), computed from the heights before
// the step. The previous heights come from u_heights, a copy of the whole layer.
uniform sampler2D u_heights; // RG8, RES x RES: hi, lo of the 16-bit height
uniform sampler2DArray u_mud; // the RGBA8 layers: A, the track and its wetness
uniform int u_layer;
uniform int u_threshold;      // T, height steps, side neighbours
uniform int u_threshold_diag; // T across a diagonal
uniform int u_refill;    // 1: this step refills

out vec4 o_color;

const int SEG = 127;

int height_at(ivec2 p)
{
    ivec2 q = ivec2(texelFetch(u_heights, p, 0).rg * 255.0 + 0.5);
    return q.x * 256 + q.y;
}

int wet_at(ivec2 p)
{
    int a = int(texelFetch(u_mud, ivec3(p, u_layer), 0).a * 255.0 + 0.5);
    return max(a - 128, 0);
}

int slump_flow(int d, int wet, bool diag)
{
    int t = diag ? u_threshold_diag : u_threshold;
    int m = d > t ? (d - t + 15) / 16 : 0;
    if (u_refill != 0) m = max(m, (min(d, 4095) * (128 + wet)) >> (diag ? 13 : 11));
    return m;
}

int pair_in(ivec2 p, int h, int wp, ivec2 o)
{
    ivec2 n = p + o;
    if (n.x < 1 || n.y < 1 || n.x > SEG - 1 || n.y > SEG - 1) return 0; // the border neither gives nor takes
    int d = height_at(n) - h;
    if (d == 0) return 0;
    int w = max(wp, wet_at(n));
    bool diag = o.x != 0 && o.y != 0;
    return d > 0 ? slump_flow(d, w, diag) : -slump_flow(-d, w, diag);
}

void main()
{
    ivec2 p = ivec2(gl_FragCoord.xy);
    int h = height_at(p);
    if (p.x >= 1 && p.y >= 1 && p.x <= SEG - 1 && p.y <= SEG - 1) {
        int wp = wet_at(p);
        int flow = pair_in(p, h, wp, ivec2(-1, 0)) + pair_in(p, h, wp, ivec2(1, 0)) + pair_in(p, h, wp, ivec2(0, -1)) +
                 pair_in(p, h, wp, ivec2(0, 1)); // side by side
        flow += pair_in(p, h, wp, ivec2(-1, -1)) + pair_in(p, h, wp, ivec2(1, -1)) + pair_in(p, h, wp, ivec2(-1, 1)) +
              pair_in(p, h, wp, ivec2(1, 1)); // across the diagonals
        h += flow;
    }
    o_color = vec4(float(h >> 8), float(h & 255), 0.0, 0.0) / 255.0;
}
