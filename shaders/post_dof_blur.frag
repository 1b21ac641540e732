#version 330 core
// DOF, step 2 (half size): 8 taps on a golden-angle spiral out to the largest CoC. A tap
// behind the focus counts where both its circle and this pixel's reach (so a sharp subject
// neither bleeds into the blurred background nor gathers it); a tap in front counts wherever
// its own circle reaches (the near field blurs over whatever is behind it). Alpha: how far the
// near field covers this pixel or its own circle, whichever is larger, in half pixels, gives
// the share k of the blur. The result is what the colour pass adds to its sharp pixel, already
// composited here at half size (one fetch there instead of three):
//   final = sharp * a + rgb,  a = (1 - s) (1 - k) ao,  rgb = (1 - s) k blur + s bloom
// with s the bloom strength (POST_BLOOM: the bloom chain stopped one step short; its last up step
// is taken here, one bilinear tap of the level below mixed with this level's own colour, which is
// step 1's: c0; POST_AO: the occlusion texture).
uniform sampler2D u_coc;   // rgb colour, a signed CoC (half pixels)
uniform sampler2D u_bloom; // quarter size: the bloom's level 1 up result
uniform sampler2D u_ao;    // same size: r occlusion
uniform float u_max;
uniform float u_bloom_strength;
uniform float u_keep;      // the bloom's share kept per level
in vec2 v_uv;
out vec4 o_color;
void main()
{
    ivec2 p = ivec2(gl_FragCoord.xy);
    ivec2 last = textureSize(u_coc, 0) - 1;
    vec4 c0 = texelFetch(u_coc, p, 0);
    vec3 sum = c0.rgb;
    float wsum = 1.0, near = abs(c0.a);
    for (int i = 0; i < 8; i++) {
        float r = sqrt((float(i) + 0.5) / 8.0) * u_max;
        float a = float(i) * 2.39996323;
        ivec2 q = clamp(p + ivec2(round(vec2(cos(a), sin(a)) * r)), ivec2(0), last);
        vec4 s = texelFetch(u_coc, q, 0);
        float w = s.a < 0.0 ? clamp(-s.a - r + 1.0, 0.0, 1.0)
                            : clamp(min(s.a, max(c0.a, 0.0)) - r + 1.0, 0.0, 1.0);
        if (s.a < 0.0) near = max(near, w * -s.a);
        sum += s.rgb * w;
        wsum += w;
    }
    float k = smoothstep(0.5, 1.5, near), ao = 1.0, strength = 0.0;
    vec3 add = vec3(0.0);
#if defined(POST_BLOOM)
    strength = u_bloom_strength;
    add = strength * mix(texture(u_bloom, v_uv).rgb, c0.rgb, u_keep);
#endif
#if defined(POST_AO)
    ao = texelFetch(u_ao, p, 0).r;
#endif
    o_color = vec4((1.0 - strength) * k * sum / wsum + add, (1.0 - strength) * (1.0 - k) * ao);
}
