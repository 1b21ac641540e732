// wrinkle_skin_shadow.glsl — the sun's shadow on skin, filtered at the scale of a face.
// Needs common.glsl (Frame block, u_shadow_map). The scene fits the shadow map to the bust
// (renderer_set_shadow_focus), so a texel is under half a millimetre; the 3x3 filter of
// common.glsl then leaves a penumbra of about a millimetre and its grazing normal offset (2 cm, sized
// for trucks) moves a shadow edge by more than a lip is thick. Here the normal offset is a few
// texels, and 16 hardware-PCF taps on a golden-angle spiral, turned per pixel, average a disc of
// SKIN_PENUMBRA_NARROW and one of SKIN_PENUMBRA_WIDE metres. The turn is interleaved gradient noise
// of the pixel position: the same every frame, so pictures stay deterministic.
// Returns the light per channel: red the wide disc (light scattered under the skin reaches further
// into the shadow), blue the narrow one, green between.

// Disc radii: red's reaches 7.5 mm, blue's 3.5 mm. At 10 and 4 mm the nose's shadow on the upper
// lip ended in an orange band, mottled by the 16 turned taps, that read as lip colour on the
// philtrum; at 5.5 and 3 mm the nostrils' shadow went black (app_face_look's dark pixels).
const float SKIN_PENUMBRA_NARROW = 0.0035;
const float SKIN_PENUMBRA_WIDE = 0.0075;

// The spiral's taps unturned: tap i at angle i x 2.39996323 (the golden angle), radius
// sqrt((i + 0.5) / 16). The per-pixel turn is one rotation of them all (turn_cs: its cosine and
// sine), so a pixel takes two trigonometric calls, not the 64 of a cos and sin per tap and disc
// (a software rasterizer's polynomial each).
const vec2 SKIN_SPIRAL[16] = vec2[](vec2(0.176776695, 0.000000000), vec2(-0.225772188, 0.206825818),
                                     vec2(0.034558052, -0.393771179), vec2(0.284571220, 0.371172764),
                                     vec2(-0.522223187, -0.092373929), vec2(0.494695392, -0.314684714),
                                     vec2(-0.165465928, 0.615525001), vec2(-0.315561467, -0.607594405),
                                     vec2(0.684642161, 0.250030221), vec2(-0.712256087, 0.294008957),
                                     vec2(0.343354501, -0.733728619), vec2(0.253730238, 0.808931991),
                                     vec2(-0.764745891, -0.443185879), vec2(0.897133984, -0.197232386),
                                     vec2(-0.547506908, 0.778772230), vec2(-0.126486769, -0.976089697));

float skin_shadow_disc(vec3 c, float radius_uv, vec2 turn_cs, float bias)
{
    mat2 turn = mat2(turn_cs.x, turn_cs.y, -turn_cs.y, turn_cs.x) * radius_uv;
    float sum = 0.0;
    for (int i = 0; i < 16; i++) sum += texture(u_shadow_map, vec3(c.xy + turn * SKIN_SPIRAL[i], c.z - bias));
    return sum / 16.0;
}

vec3 skin_shadow(vec3 world_pos, vec3 n)
{
    float texel_m = u_light_dir.w; // metres per shadow texel
    float ndl = max(dot(n, u_light_dir.xyz), 0.0);
    vec3 p = world_pos + n * texel_m * (2.0 + 4.0 * (1.0 - ndl));
    vec4 ls = u_light_viewproj * vec4(p, 1.0);
    vec3 c = ls.xyz / ls.w * 0.5 + 0.5;
    if (c.z >= 1.0 || any(lessThan(c.xy, vec2(0.0))) || any(greaterThan(c.xy, vec2(1.0)))) return vec3(1.0);
    float size = float(textureSize(u_shadow_map, 0).x);
    float metre_uv = 1.0 / (texel_m * size);
    float turn = 6.2831853 * fract(52.9829189 * fract(dot(gl_FragCoord.xy, vec2(0.06711056, 0.00583715))));
    vec2 turn_cs = vec2(cos(turn), sin(turn));
    // a receiver tilted from the sun sees its own surface deeper across a wide disc: bias by the slope
    // ortho: the depth row's length is 2 / (far - near) per metre, depth in 0..1 takes half of it
    float depth_per_m = length(vec3(u_light_viewproj[0][2], u_light_viewproj[1][2], u_light_viewproj[2][2])) * 0.5;
    float slope = min(sqrt(max(1.0 - ndl * ndl, 0.0)) / max(ndl, 0.2), 4.0);
    float narrow = skin_shadow_disc(c, SKIN_PENUMBRA_NARROW * metre_uv, turn_cs,
                                     0.0004 + depth_per_m * SKIN_PENUMBRA_NARROW * slope);
    float wide = skin_shadow_disc(c, SKIN_PENUMBRA_WIDE * metre_uv, turn_cs,
                                   0.0004 + depth_per_m * SKIN_PENUMBRA_WIDE * slope);
    return vec3(max(wide, narrow), mix(narrow, wide, 0.5), mix(narrow, wide, 0.2));
}
