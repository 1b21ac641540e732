#version 330 core
// Skin of the face: the tangent-space normal and occlusion come from the composed wrinkle buffer,
// read at this very pixel (the compositing pass drew the same geometry), z rebuilt from x and y.
// Subsurface scattering (docs/wrinkles.md, "Skin"), no extra pass:
//  - pre-integrated diffuse, analytic: per channel the clamped n.l blurred by a Gaussian as wide
//    as the channel's scatter distance times the surface's curvature (the mesh's, per vertex); a
//    closed form, normalized so every channel is 1 at n.l = 1 (a lit grey stays grey), red
//    widest, so the terminator bleeds red on tight forms (CPU mirror and its test:
//    wrinkle/core/skin_diffuse.h);
//  - shadows filtered twice at the skin's scale (wrinkle_skin_shadow.glsl): red takes the wide
//    penumbra, blue the narrow one, so a cast shadow's edge (under the nose, under the lip) bleeds
//    red instead of ending in a hard dark wedge.
// Two GGX specular lobes (roughness 0.34 and 0.6) with Fresnel, held back by occlusion and by a
// patchy oil film (value noise, ~4 mm cells: 55-100 %); pores
// (procedural noise on the head frame) bump the normal where a pixel is small enough to hold them.
// Beside the sun (the key) a fill and a rim (wrinkle_light.glsl); where the skin is thin (the ears,
// the nostrils' wings) light from behind shines through it, red.
#include "common.glsl"
#include "wrinkle_skin_shadow.glsl"
#include "wrinkle_light.glsl"
in vec3 v_world;
in vec3 v_nrm;
in vec4 v_tan;
in vec2 v_uv;
in vec3 v_obj;
in float v_curv;
uniform sampler2D u_composed;
uniform vec3 u_albedo;
// head.h's landmarks (wrinkle.c): eye x, eye y, brow y, eye radius; nose tip y, nose wing x, wing y,
// nose root y; mouth y, mouth corner x, chin y, -
uniform vec4 u_marks[3];
out vec4 o_color;

const vec3 SCATTER_M = vec3(0.0090, 0.0034, 0.0020); // SKIN_SCATTER_R_M, _G_M, _B_M (skin_diffuse.h)
const float CURV_MIN = 8.0, CURV_MAX = 120.0, WIDTH_MAX = 0.8, SKIN_BLACK = 1e-6, CURV_LIDS = 10.0;
const float BOUNCE = 0.12; // ground albedo x the part of its hemisphere a downward face sees
const vec3 THROUGH = vec3(0.50, 0.11, 0.05); // what thin skin passes of a light behind it: blood red (a glow, not a lamp)

// Albedo variation painted on the neutral head frame (metres, +y up, face toward +z; placed by
// head.h's landmarks, u_marks): short-cropped hair above a hairline that dips at the temples and
// runs down to the nape, vermilion on the lips, the colour of a face's regions (a paler forehead,
// a redder nose, cheeks and ears, a darker beard area over the upper lip and jaw, the skin round
// the eyes a little darker and cooler). Returns the albedo; hair = how much of it is hair. With
// WRINKLE_PLAIN_SKIN (wrinkle_desc.plain_skin: a mesh that is not the head) none of it.
float region(vec2 p, vec2 c, vec2 r)
{
    vec2 d = (p - c) / r;
    return exp(-dot(d, d));
}
// The ears: their uv lies in the neck cut (head_ear.h), as does the neck's own lowest row, under
// the chin (it would glow through the collar): only above the chin's level is it an ear.
float ear_mask(vec3 o) { return (1.0 - step(0.04, v_uv.y)) * step(u_marks[2].z + 0.03, o.y); }
vec3 tint(vec3 c, vec3 by, float amount) { return c * mix(vec3(1.0), by, clamp(amount, 0.0, 1.0)); }
vec3 skin_albedo(vec3 base, vec3 o, out float hair, out float lips)
{
    float eye_x = u_marks[0].x, eye_y = u_marks[0].y, brow_y = u_marks[0].z;
    float tip_y = u_marks[1].x, wing_x = u_marks[1].y, wing_y = u_marks[1].z, root_y = u_marks[1].w;
    float mouth_y = u_marks[2].x, corner_x = u_marks[2].y, chin_y = u_marks[2].z;
    float ax = abs(o.x), phi = abs(atan(o.x, o.z)); // 0 at the face's middle, pi at the back
    float front = smoothstep(0.02, 0.06, o.z);
    float ear = ear_mask(o);
    float line = mix(brow_y + 0.055, brow_y + 0.023, smoothstep(0.25, 0.85, phi)); // forehead to temples
    line = mix(line, brow_y + 0.019, smoothstep(1.05, 1.35, phi));                // over the ears
    line = mix(line, -0.075, smoothstep(1.7, 2.4, phi));                          // down to the nape
    hair = smoothstep(line - 0.002, line + 0.004, o.y) * (1.0 - ear);
    float fine = sin(o.x * 900.0 + sin(o.z * 400.0) * 3.0) * sin(o.y * 1100.0 + o.x * 300.0);
    vec3 hair_col = vec3(0.055, 0.036, 0.024) * (0.85 + 0.15 * fine);
    vec3 c = base;
    // lips: the vermilion between the upper lip's border (the cupid's bow) and the lower lip's
    // edge, head.c's head__lip_border / head__lip_lower on the sculpt point under o (the relief is
    // radial: o's direction times the sculpt's radius near the mouth); the edge fades over ~1 mm,
    // as a lip's colour runs into the skin, instead of an outline
    vec3 d = normalize(o);
    float r0 = 0.1088 + (-0.6158 - d.y) * 0.0829, sx = abs(d.x) * r0, my = d.y * r0 - mouth_y;
    float bow = 0.0100 + 0.0022 * exp(-pow((sx - 0.0055) / 0.0040, 2.0)) - 0.0010 * exp(-pow(sx / 0.0022, 2.0));
    float half_w = corner_x + 0.0005;
    float top = bow * sqrt(max(1.0 - pow(sx / half_w, 2.0), 0.0)), bot = 0.0105 * sqrt(max(1.0 - pow(sx / (half_w - 0.001), 2.0), 0.0));
    lips = smoothstep(top + 0.0009, top - 0.0007, my) * smoothstep(-bot - 0.0010, -bot + 0.0008, my)
         * smoothstep(half_w + 0.0005, half_w - 0.0035, sx) * front;
    c = mix(c, base * vec3(0.88, 0.60, 0.62), lips);
    // regions, each a tint times how much of it applies: the colour a face shows where blood runs near
    // the surface or stubble grows
    c = tint(c, vec3(1.03, 1.06, 1.08), smoothstep(brow_y + 0.004, brow_y + 0.022, o.y) * front);                 // paler forehead
    c = tint(c, vec3(1.10, 0.86, 0.86), region(vec2(ax, o.y), vec2(eye_x + 0.014, tip_y + 0.004), vec2(0.022, 0.017)) * front); // cheeks
    c = tint(c, vec3(1.08, 0.88, 0.88), region(vec2(o.x, o.y), vec2(0.0, mix(root_y, tip_y, 0.75)), vec2(0.012, 0.026)) * front); // nose
    c = tint(c, vec3(1.10, 0.86, 0.86), region(vec2(ax, o.y), vec2(wing_x, wing_y), vec2(0.008, 0.007)) * front); // nostril wings
    c = tint(c, vec3(1.05, 0.92, 0.92), ear);                                                                   // ears
    float beard = smoothstep(wing_y - 0.004, wing_y - 0.016, o.y) * smoothstep(chin_y - 0.03, chin_y - 0.005, o.y)
                * smoothstep(-0.01, 0.03, o.z) * (1.0 - lips);
    c = tint(c, vec3(0.84, 0.84, 0.90), beard * 0.8);                                                           // beard area
    c = tint(c, vec3(0.93, 0.91, 0.94), region(vec2(ax, o.y), vec2(eye_x, eye_y), vec2(0.018, 0.012)));        // round the eyes
    return mix(c, hair_col, hair);
}

// How thin the skin is here, 0..1: the ears and the nostrils' wings (light passes through them).
float skin_thin(vec3 o)
{
#ifdef WRINKLE_PLAIN_SKIN
    return 0.0;
#else
    float ear = ear_mask(o);
    float wing = region(vec2(abs(o.x), o.y), vec2(u_marks[1].y, u_marks[1].z), vec2(0.006, 0.005)) * smoothstep(0.03, 0.06, o.z);
    return max(ear, 0.7 * wing);
#endif
}

// Pre-integrated diffuse: skin_diffuse.c line by line.
float phi_cdf(float x)
{
    float z = abs(x) * 0.70710678, t = 1.0 / (1.0 + 0.3275911 * z);
    float y = 1.0 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * exp(-z * z);
    return 0.5 * (1.0 + (x < 0.0 ? -y : y));
}
float ramp(float s, float a)
{
    float u = s / a;
    float r = s * phi_cdf(u) + a * 0.39894228 * exp(-0.5 * u * u);
    return r < SKIN_BLACK ? 0.0 : r;
}
vec3 skin_diffuse(float ndl, float curvature)
{
    vec3 a = max(min(SCATTER_M * clamp(curvature, CURV_MIN, CURV_MAX), vec3(WIDTH_MAX)), vec3(1e-3));
    return vec3(ramp(ndl, a.r) / ramp(1.0, a.r), ramp(ndl, a.g) / ramp(1.0, a.g), ramp(ndl, a.b) / ramp(1.0, a.b));
}

// GGX with a separable Smith-Schlick visibility: the reflected radiance factor, n.l included.
float ggx(float nh, float nl, float nv, float rough)
{
    float a2 = rough * rough * rough * rough, d = nh * nh * (a2 - 1.0) + 1.0;
    float k = rough * rough * 0.5, vis = 0.25 / ((nl * (1.0 - k) + k) * (nv * (1.0 - k) + k));
    return a2 / (3.14159265 * d * d) * vis * nl;
}

// Pores: value noise on the head frame, ~0.7 mm cells, as a height (m) for bump mapping.
float hash3(vec3 p)
{
    p = fract(p * 0.3183099 + 0.1);
    p *= 17.0;
    return fract(p.x * p.y * p.z * (p.x + p.y + p.z));
}
float skin_noise3(vec3 p)
{
    vec3 i = floor(p), f = fract(p);
    f = f * f * (3.0 - 2.0 * f);
    return mix(mix(mix(hash3(i), hash3(i + vec3(1, 0, 0)), f.x), mix(hash3(i + vec3(0, 1, 0)), hash3(i + vec3(1, 1, 0)), f.x), f.y),
               mix(mix(hash3(i + vec3(0, 0, 1)), hash3(i + vec3(1, 0, 1)), f.x), mix(hash3(i + vec3(0, 1, 1)), hash3(i + 1.0), f.x), f.y), f.z);
}
float pores(vec3 o)
{
    float n = skin_noise3(o * 1400.0);
    return -0.00006 * n * n; // pits, not bumps
}

void main()
{
    vec4 c = texelFetch(u_composed, ivec2(gl_FragCoord.xy), 0);
    // alpha 0: the buffer has no face here (an MSAA edge sample): flat and unoccluded; so are the
    // ears (their uv in the neck cut, whose maps are flat, open and unmasked: the compose pass
    // leaves them out, so the texel under them is the skull's)
#ifdef WRINKLE_PLAIN_SKIN
    bool composed = c.a > 0.0; // a mesh of the caller's (wrinkle_desc.plain_skin): no ears
#else
    bool composed = c.a > 0.0 && v_uv.y >= 0.04;
#endif
    vec2 xy = composed ? c.gb * 2.0 - 1.0 : vec2(0.0);
    float occ = composed ? c.r : 1.0;
    vec3 nt = vec3(xy, sqrt(clamp(1.0 - dot(xy, xy), 0.0, 1.0)));

    vec3 ng = normalize(v_nrm);
    vec3 t = normalize(v_tan.xyz - ng * dot(ng, v_tan.xyz));
    vec3 bt = cross(ng, t) * v_tan.w;
    vec3 n = normalize(t * nt.x + bt * nt.y + ng * nt.z);
    // pores: a bump from the screen derivatives of their height (surface gradient), faded out where
    // a pixel covers more than a cell (they would only shimmer) and off the hair
    vec3 dpx = dFdx(v_world), dpy = dFdy(v_world);
    float cell = length(fwidth(v_obj)) * 1400.0, pore_fade = 1.0 - smoothstep(0.35, 0.9, cell);
    float hp = pores(v_obj);
    {
        vec3 r1 = cross(dpy, n), r2 = cross(n, dpx);
        float det = dot(dpx, r1);
        vec3 grad = sign(det) * (dFdx(hp) * r1 + dFdy(hp) * r2);
        if (abs(det) > 1e-14) n = normalize(abs(det) * n - grad * pore_fade);
    }
    // curvature: how fast the smooth normal turns per metre, from the mesh per vertex (smooth);
    // without it, across the pixel (screen derivatives: constant over a triangle, stepping at its
    // edges, which drew the grid's rows as red streaks where the scattering widened)
    float curvature = v_curv >= 0.0 ? v_curv : length(fwidth(ng)) / max(length(fwidth(v_world)), 1e-6);
#ifndef WRINKLE_PLAIN_SKIN
    // the lids' folds are tighter than the scattering's model holds (it bled a raw red rim round
    // each eye): there the width stays that of a gentle curve
    curvature = min(curvature, mix(CURV_MAX, CURV_LIDS, region(vec2(abs(v_obj.x), v_obj.y), u_marks[0].xy, vec2(0.022, 0.016))));
#endif

    vec3 l = u_light_dir.xyz;
    vec3 v = normalize(u_camera_pos.xyz - v_world);
    float ndl = dot(n, l);
    vec3 shadow = skin_shadow(v_world, ng);
#ifdef WRINKLE_PLAIN_SKIN
    float hair = 0.0, lips = 0.0; // the albedo as given: the head's paint is on the head frame's landmarks
    vec3 albedo = u_albedo;
#else
    float hair, lips;
    vec3 albedo = skin_albedo(u_albedo, v_obj, hair, lips);
#endif
    vec3 pre = skin_diffuse(ndl, curvature);
    // the shadow's red penumbra is wider than its blue one (skin_shadow): scattering across its edge
    vec3 diffuse = albedo * pre * shadow;
    vec3 h = normalize(l + v);
    float nv = max(dot(n, v), 1e-3), nl = max(ndl, 0.0), nh = max(dot(n, h), 0.0);
    float fres = 0.028 + 0.972 * pow(1.0 - max(dot(h, v), 0.0), 5.0);
    float cavity = mix(1.0, 0.6, clamp(-hp / 0.00006, 0.0, 1.0) * pore_fade); // oil sits on the skin, not in the pores
    // the oil film is patchy (blotches a few millimetres across, 55-100 %): without it a lit
    // forehead is one smooth plastic sheen at any distance
    float oil = 0.55 + 0.45 * smoothstep(0.25, 0.75, skin_noise3(v_obj * 260.0));
    // pores break the highlight also where a pixel is too big for their bump: a finer grain of
    // pits (~1.4 mm cells) that holds no oil, faded out once its cells are under a pixel
    float grain_fade = 1.0 - smoothstep(0.5, 1.0, cell / 2.0);
    float grain = mix(1.0, 0.35 + 0.65 * smoothstep(0.2, 0.7, skin_noise3(v_obj * 700.0 + 17.0)), grain_fade);
    float gloss = oil * cavity * grain * (1.0 - 0.85 * hair) * (1.0 + 1.2 * lips); // lips are wetter
    float spec = (0.34 * ggx(nh, nl, nv, 0.34) + 0.12 * ggx(nh, nl, nv, 0.6)) * gloss * fres * shadow.b * occ;
    // the rim: a sheen along the edge it grazes (Fresnel high there), and the fill's soft diffuse
    vec3 hr = normalize(u_rim_dir + v);
    float rim_spec = 0.34 * ggx(max(dot(n, hr), 0.0), max(dot(n, u_rim_dir), 0.0), nv, 0.4) * gloss
                   * (0.028 + 0.972 * pow(1.0 - max(dot(hr, v), 0.0), 5.0));
    vec3 rig = albedo * (u_fill_color * skin_diffuse(dot(n, u_fill_dir), curvature) + u_rim_color * skin_diffuse(dot(n, u_rim_dir), curvature))
             + u_rim_color * rim_spec;
    // light through thin skin: from whichever side the light is not, and most toward a light
    // straight behind it (the glow of an ear against the sun); the sun's only where the head does
    // not stand in its way (its shadow here)
    float thin = skin_thin(v_obj);
    vec3 through = THROUGH * albedo * thin * (u_light_color.rgb * u_rig.x * shadow.r * (max(-dot(ng, l), 0.0) + pow(max(dot(v, -l), 0.0), 2.0))
                                             + u_rim_color * (max(-dot(ng, u_rim_dir), 0.0) + pow(max(dot(v, -u_rim_dir), 0.0), 2.0)));
    vec3 amb = rig_ambient(n);
    // sunlight bounced off the ground and the chest reaches what faces down (under the nose, lip
    // and chin) far brighter than the sky's horizon does: the hemisphere alone leaves it near black
    amb += u_light_color.rgb * u_rig.x * (BOUNCE * max(l.y, 0.0) * (0.5 - 0.5 * n.y));
    // the sky seen at a grazing angle: a faint sheen along the silhouette
    float rim = pow(1.0 - max(dot(n, v), 0.0), 4.0) * 0.12;
    // occlusion darkens the ambient fully and the sun partly: a crease still catches some sun
    vec3 col = u_light_color.rgb * u_rig.x * (diffuse + vec3(spec)) * mix(1.0, occ, 0.75) + (albedo * amb + amb * rim + rig) * occ + through;
    o_color = vec4(apply_fog(col, v_world), 1.0);
}
