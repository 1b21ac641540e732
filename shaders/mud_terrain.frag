#version 330 core
// Grass/dirt terrain tinted by softness, blended into wet glossy mud by the mask and the tracks.
#include "common.glsl"
#include "mud_common.glsl"

in vec3 v_world;
in vec3 v_nrm;
in vec4 v_base;
in vec2 v_track; // x the track's blend, y its wetness: 1 fresh, 0 dried (mudfield_dry)
in vec2 v_grad_base;
in vec2 v_uv;
in vec2 v_slide;
out vec4 o_color;

uniform sampler2DArray u_mud;   // linear filtering: the fragment reads between texels
uniform sampler2DArray u_mud_h; // RG8: the 16-bit height
uniform int u_layer;          // -1: base terrain only
uniform float u_step;
uniform vec4 u_show;          // x the mud layer drawn; y a road may be over this block; z the mud's small-scale detail (0: plain); w mud may be over it
uniform vec4 u_decals[MUD_DECALS_PER_BLOCK]; // the newest splats over this block: x, z, radius, alpha (mud/mud.h)
uniform int u_ndecals;
uniform float u_tread_near;    // 1: this patch comes within MUD_TREAD_FAR of the eye (mud_draw.c; uniform, so skipped where 0)

// One height texel, unpacked exactly. The fragment never filters the packed bytes: a filter that
// rounds each filtered byte to 8 bits (Mesa's llvmpipe does in the fragment stage) turns the high
// byte's rounding into a 256 mm step, and the mud shaded in texel-sized blocks wherever its
// height crossed the base level (every rut's shoulder) or another multiple of 256 mm from it.
float mud_ht(ivec2 p) { return mud_unpack_height16(texelFetch(u_mud_h, ivec3(clamp(p, ivec2(0), ivec2(127)), u_layer), 0).rg); }
vec3 mud_row(ivec2 p) { return vec3(mud_ht(p), mud_ht(p + ivec2(1, 0)), mud_ht(p + ivec2(2, 0))); }

// arithmetic hash: no sin(), which is slow on software rasterizers
float hash(vec2 p)
{
    vec3 p3 = fract(vec3(p.xyx) * 0.1031);
    p3 += dot(p3, p3.yzx + 33.33);
    return fract((p3.x + p3.y) * p3.z);
}
float value_noise(vec2 p)
{
    vec2 i = floor(p), f = fract(p);
    vec2 u = f * f * (3.0 - 2.0 * f);
    return mix(mix(hash(i), hash(i + vec2(1, 0)), u.x), mix(hash(i + vec2(0, 1)), hash(i + vec2(1, 1)), u.x), u.y);
}
// the same noise with its gradient (per unit of p): x value, yz d/dp
vec3 value_noise_d(vec2 p)
{
    vec2 i = floor(p), f = fract(p);
    vec2 u = f * f * (3.0 - 2.0 * f), du = 6.0 * f * (1.0 - f);
    float a = hash(i), b = hash(i + vec2(1, 0)), c = hash(i + vec2(0, 1)), d = hash(i + vec2(1, 1));
    return vec3(a + (b - a) * u.x + (c - a) * u.y + (a - b - c + d) * u.x * u.y, du * (vec2(b - a, c - a) + (a - b - c + d) * u.yx));
}

// Round soft-edged splats, 0..1: one per 0.35 m cell at a random point, of random size, some drawn
// out into smears; the strongest of the nine cells around p.
float road_splats(vec2 p)
{
    vec2 c = p / 0.35, i = floor(c);
    float s = 0.0;
    for (int y = -1; y <= 1; y++)
        for (int x = -1; x <= 1; x++) {
            vec2 k = i + vec2(x, y), d = c - k - vec2(hash(k), hash(k + 19.7));
            float r = mix(0.25, 0.8, hash(k + 41.3)), a = 6.2832 * hash(k + 3.9);
            d = mat2(cos(a), sin(a), -sin(a), cos(a)) * d * vec2(mix(0.45, 1.2, hash(k + 7.1)), 1.0);
            s = max(s, smoothstep(r, r * 0.4, length(d)));
        }
    return s;
}

// The tyre's print, drawn between the texels: R of the mud layer (0: no print, else 1 + 255ths of
// the lug coordinate of the tyre that last bore there, mudfield_tread_byte). The coordinate is
// interpolated over the four texels around t (unwrapped around a printed one; unprinted ones take
// the mean and give no slope), the lugs sit at its whole numbers, a trapezoid of ~40 % duty with
// rounded corners, pressed MUD_TREAD_DEPTH into the rut. The print fades where fewer texels hold it
// (the rut's edge), where neighbours disagree (another tyre's print, a spin) and where a lug
// spans under ~3 pixels. x: how deep the lug pressed here 0..1 (times that strength); yz: the
// print's slope per metre.
const float MUD_TREAD_DEPTH = 0.03; // the drawn print's depth: shallower than the lugs (0.06), the mud flows back
// MUD_TREAD_FAR: metres from the eye past which no print is drawn (mud_internal.h, MUD_TREAD_FAR_M)
vec3 mud_tread(vec2 t, float pix_m)
{
    vec2 tc = clamp(t, vec2(0.0), vec2(127.0));
    ivec2 i0 = min(ivec2(floor(tc)), ivec2(126));
    vec2 f = tc - vec2(i0);
    vec4 q = vec4(texelFetch(u_mud, ivec3(i0, u_layer), 0).r, texelFetch(u_mud, ivec3(i0 + ivec2(1, 0), u_layer), 0).r,
                  texelFetch(u_mud, ivec3(i0 + ivec2(0, 1), u_layer), 0).r, texelFetch(u_mud, ivec3(i0 + ivec2(1, 1), u_layer), 0).r) * 255.0;
    vec4 has = step(0.5, q);
    if (dot(has, has) == 0.0) return vec3(0.0);
    vec4 p = (q - 1.0) / 255.0;
    float ref = has.x > 0.0 ? p.x : has.y > 0.0 ? p.y : has.z > 0.0 ? p.z : p.w;
    vec4 d = fract(p - ref + 0.5) - 0.5;
    vec4 bw = vec4((1.0 - f.x) * (1.0 - f.y), f.x * (1.0 - f.y), (1.0 - f.x) * f.y, f.x * f.y) * has;
    float wsum = bw.x + bw.y + bw.z + bw.w;
    if (wsum < 1e-3) return vec3(0.0); // only texels of zero weight printed (a vertex on the grid)
    d = mix(vec4(dot(bw, d) / wsum), d, has);
    float x = ref + mix(mix(d.x, d.y, f.x), mix(d.z, d.w, f.x), f.y);
    vec2 gx = vec2(mix(d.y - d.x, d.w - d.z, f.y), mix(d.z - d.x, d.w - d.y, f.x)) / MUD_SPACING;
    float e = fract(x + 0.5) - 0.5, u = clamp((0.3 - abs(e)) / 0.18, 0.0, 1.0); // the trapezoid, its corners rounded
    float lug = u * u * (3.0 - 2.0 * u), dlug = -sign(e) * 6.0 * u * (1.0 - u) / 0.18;
    float cycles = length(gx) * MUD_SPACING; // lug coordinate per texel: ~0.22 along a rut
    float pix = pix_m * length(gx); // per pixel
    float strength = smoothstep(0.35, 0.9, wsum) * (1.0 - smoothstep(0.3, 0.45, cycles)) * (1.0 - smoothstep(0.2, 0.4, pix));
    return vec3(lug, -MUD_TREAD_DEPTH * dlug * gx) * strength;
}

// The sun's shadow, the shared 3 x 3 PCF (common.glsl shadow_factor) with its four corner taps
// first: they cover every texel the nine taps weigh, so when all four agree (fully lit or fully
// shadowed, most of the ground) the other five cannot differ and are skipped.
float terrain_shadow(vec3 world_pos, vec3 n)
{
    float ndl = max(dot(n, u_light_dir.xyz), 0.0);
    vec3 p = world_pos + n * (u_light_dir.w * 1.5 + 0.02 * (1.0 - ndl));
    vec4 ls = u_light_viewproj * vec4(p, 1.0);
    vec3 c = ls.xyz / ls.w * 0.5 + 0.5;
    if (c.z >= 1.0 || any(lessThan(c.xy, vec2(0.0))) || any(greaterThan(c.xy, vec2(1.0)))) return 1.0;
    float texel = 1.0 / float(textureSize(u_shadow_map, 0).x), z = c.z - 0.0015;
    float corners = texture(u_shadow_map, vec3(c.xy + vec2(-texel, -texel), z)) + texture(u_shadow_map, vec3(c.xy + vec2(texel, -texel), z)) +
                    texture(u_shadow_map, vec3(c.xy + vec2(-texel, texel), z)) + texture(u_shadow_map, vec3(c.xy + vec2(texel, texel), z));
    if (corners == 0.0 || corners == 4.0) return corners * 0.25;
    float sum = corners + texture(u_shadow_map, vec3(c.xy, z));
    sum += texture(u_shadow_map, vec3(c.xy + vec2(-texel, 0.0), z)) + texture(u_shadow_map, vec3(c.xy + vec2(texel, 0.0), z));
    sum += texture(u_shadow_map, vec3(c.xy + vec2(0.0, -texel), z)) + texture(u_shadow_map, vec3(c.xy + vec2(0.0, texel), z));
    return sum / 9.0;
}

void main()
{
#ifdef SHADOW_PASS
    o_color = vec4(0.0);
#else
    vec3 n = normalize(v_nrm);
    vec2 xz = v_world.xz;
    float slid = 0.0, hmud = 0.0;
    vec3 tread = vec3(0.0);
    // screen-space derivatives only here, in uniform control flow (inside a branch that differs
    // between the pixels of a quad they are undefined on a GPU)
    float pix_m = length(fwidth(v_world));
    if (u_layer >= 0) {
        // Per-pixel normal from the mud target: the derivative of the quadratic B-spline of the
        // 3 x 3 texels around the pixel (its slope is continuous across texels, so a diagonal rut
        // wall does not shade in grid steps; the vertex shader's cubic over 4 x 4 texels cost the
        // terrain pass 1.08-1.18 x as much for no change a picture shows). Its value is the mud's
        // height here: below the base a rut, above it a berm.
        vec2 tc = floor(v_uv + 0.5), f = v_uv - tc; // the nearest texel, f in [-0.5, 0.5)
        vec2 a0 = 0.5 - f, a2 = 0.5 + f;
        vec3 wx = vec3(0.5 * a0.x * a0.x, 0.75 - f.x * f.x, 0.5 * a2.x * a2.x), dx = vec3(-a0.x, -2.0 * f.x, a2.x);
        vec3 wz = vec3(0.5 * a0.y * a0.y, 0.75 - f.y * f.y, 0.5 * a2.y * a2.y), dz = vec3(-a0.y, -2.0 * f.y, a2.y);
        ivec2 i0 = ivec2(tc) - 1;
        mat3 hm = mat3(mud_row(i0), mud_row(i0 + ivec2(0, 1)), mud_row(i0 + ivec2(0, 2))); // columns: rows of texels
        vec3 across = wx * hm, slope = dx * hm; // per row of texels: the height and its x slope
        hmud = dot(across, wz);
        vec2 gm = vec2(dot(slope, wz), dot(across, dz)) / MUD_SPACING;
        // the tyre's print: the lugs pressed down (the height's slope minus theirs)
        // (only where a tyre passed, and within MUD_TREAD_FAR of the eye: a farther print reads as
        // a row of regular blocks, not as mud)
        vec3 to_eye = v_world - u_camera_pos.xyz;
        if (u_tread_near > 0.0) if (v_track.x > 0.25 && dot(to_eye, to_eye) < MUD_TREAD_FAR * MUD_TREAD_FAR) {
            tread = mud_tread(v_uv, pix_m);
            // churned: the print breaks up in patches (a noise ~0.4 m across, on a lattice turned
            // against the texels), the more the older the track (v_track.y 1 fresh .. 0 dried), and
            // fades out from 5 m to MUD_TREAD_FAR
            float age = 1.0 - v_track.y, broken = value_noise(mat2(0.6, 0.8, -0.8, 0.6) * v_world.xz * 2.6);
            tread *= smoothstep(-0.15 + 0.7 * age, 0.1 + 0.7 * age, broken) * (1.0 - smoothstep(5.0, MUD_TREAD_FAR, length(to_eye)));
        }
        n = normalize(vec3(-(v_grad_base.x + gm.x) + tread.y, 1.0, -(v_grad_base.y + gm.y) + tread.z));
        // The mud carries its pattern where it was pushed. (It was also smeared along the push by
        // rotating the pattern's coordinates into the push's direction: about the world's origin,
        // tens of metres away, a degree's turn between two vertices moved the pattern by more than
        // its size, and every triangle of a berm showed its own patch.)
        slid = smoothstep(0.02, 0.25, length(v_slide));
        xz -= v_slide;
    }
    float grain = value_noise(xz * 2.3);
    vec3 grass = mix(vec3(0.10, 0.20, 0.04), vec3(0.20, 0.28, 0.07), grain);
    vec3 dirt = mix(vec3(0.24, 0.17, 0.10), vec3(0.33, 0.25, 0.15), grain);
    vec3 ground = mix(dirt, grass, smoothstep(0.2, 0.8, v_base.g));
    ground *= mix(vec3(1.0), vec3(0.8, 0.7, 0.6), v_base.b); // tint: softer ground is darker
    float road = 0.0;
    if (u_show.y > 0.0) {
        // Gravel where the baked edge distance is positive; the edge is worn ragged by noise, stones
        // thin out into the dirt over its last half metre, and the wheels have pressed two darker
        // lanes into it.
        vec2 rd = mud_road_sample(v_world.xz);
        float edge = mud_unpack_road_edge(rd.r);
        if (edge > -1.0) {
            float ragged = value_noise(v_world.xz * 1.3) - 0.5, fine = value_noise(v_world.xz * 7.0);
            road = smoothstep(0.0, 0.3, edge + ragged * 0.8 + (fine - 0.5) * 0.25);
            float speck = value_noise(v_world.xz * 19.0);
            vec3 gravel = mix(vec3(0.27, 0.25, 0.22), vec3(0.44, 0.41, 0.36), speck * speck);
            float worn = 1.0 - smoothstep(0.1, 0.9, edge + ragged * 0.5);
            gravel = mix(gravel, mix(dirt, gravel, step(0.55, fine)), worn * 0.7);
            float lane = exp(-pow((rd.g - 0.42) / 0.13, 2.0));
            gravel *= 1.0 - 0.22 * lane * (0.6 + 0.4 * fine);
            ground = mix(ground, gravel, road);
        }
    }
    // Mud decals: splats of thrown mud, a blob with a noisy rim and a few drops around it, wet
    float splat = 0.0;
    for (int i = 0; i < u_ndecals; i++) {
        vec4 d = u_decals[i];
        vec2 p = (v_world.xz - d.xy) / d.z;
        float r = length(p);
        if (r > 1.6) continue;
        vec2 q = p * 2.2 + d.xy * 3.7;
        float blob = smoothstep(1.0, 0.8, r + (value_noise(q) - 0.5) * 0.7);
        float drops = step(0.8, value_noise(q * 2.6 + 11.0)) * smoothstep(1.6, 1.1, r);
        splat = max(splat, max(blob, drops) * d.w);
    }
    ground = mix(ground, mix(vec3(0.12, 0.085, 0.05), vec3(0.08, 0.055, 0.035), splat), splat * 0.92);
    float mud = clamp(max(smoothstep(0.25, 0.75, v_base.a + (grain - 0.5) * 0.3), v_track.x), 0.0, 1.0);
    // (u_show.y and w are per block, uniform: a branch a software rasterizer skips, where one that
    // differs between pixels runs on every pixel; mud_draw.c sets them)
    if (u_show.y > 0.0 && u_show.w > 0.0) if (road > 0.0 && mud > 0.0) {
        // On the road the mud the wheels brought lies in splats and smears, not in the mask's
        // 0.67 m samples or the tracks' texels: the mask read at a warped point (no straight
        // edges) and the track, thinned to round blobs.
        vec2 wp = v_world.xz + (vec2(value_noise(v_world.xz * 1.6), value_noise(v_world.xz * 1.6 + 17.0)) - 0.5) * 0.7;
        float dens = max(mud_base_sample(wp).a, v_track.x * 0.85);
        mud = mix(mud, smoothstep(0.35, 0.65, dens * 0.8 + road_splats(v_world.xz) * 0.5 - 0.2), road);
    }
    mud *= u_show.x;
    // The mud's material. Wet where the tyres churned it and water gathers (the track channel, in
    // the ruts and on the flat), drying on the berms as they rise and as the track ages;
    // undisturbed mud is damp. Its own
    // detail: clumps (a noise ~9 cm across, with its gradient as a bump, rougher on the berms:
    // crumbly) and small stones, both drowned by the water film where it is wet. Worked out only
    // where there is mud: the grass and the roads around it skip it.
    float wet = 0.0;
    vec3 mud_col = vec3(0.0);
    vec2 sc = xz * 26.0;
    float stone_px = length(fwidth(sc)); // pebbles per pixel, taken in uniform control flow
    if (u_show.w > 0.0) if (mud > 0.0) {
        // a fresh track is wet; as it ages (v_track.y falls to 0 in about a minute) it dries to matte
        wet = clamp(max(v_track.x * mix(0.3, 1.0, v_track.y) * (1.0 - smoothstep(0.0, 0.06, hmud)) * smoothstep(0.55, 0.9, n.y), 0.25), 0.0, 1.0) * mud; // steep walls drain
        // two octaves on a rotated lattice, so no grid of the noise lines up with the texels'
        const mat2 rot = mat2(0.8, 0.6, -0.6, 0.8);
        vec3 clump = value_noise_d(rot * xz * 9.0);
        vec3 fine = value_noise_d(rot * rot * xz * 23.0);
        clump = 0.65 * vec3(clump.x, clump.yz * rot * (9.0 / 11.0)) + 0.35 * vec3(fine.x, fine.yz * (rot * rot) * (23.0 / 11.0)); // gradients per 1/11 m
        // pebbles half sunk in the mud: a soft edge, a colour near the mud's, and gone before they are
        // smaller than a pixel (sub-pixel pebbles sparkled as specks; hard-edged ones were the
        // strongest luminance steps on a berm, stronger than its crest)
        vec2 sf = fract(sc) - 0.5;
        float stone = u_show.z * step(0.94, hash(floor(sc) + 7.0)) * smoothstep(0.36, 0.12, length(sf)) * (1.0 - wet) *
                      (1.0 - smoothstep(0.15, 0.4, stone_px));
        float bump = u_show.z * mud * mix(0.006, 0.016, smoothstep(0.0, 0.08, hmud)) * (1.0 - 0.8 * wet) * 11.0;
        n = normalize(n - vec3(clump.y, 0.0, clump.z) * bump);
        mud_col = mix(vec3(0.17, 0.12, 0.075), vec3(0.075, 0.052, 0.032), wet);
        mud_col *= mix(1.0, 0.82 + 0.36 * clump.x, u_show.z) * (1.0 - 0.25 * tread.x); // the prints' floors in the shade of their walls
        mud_col *= mix(1.0, 0.75 + 0.5 * grain, slid); // streaks where the mud slid
        mud_col = mix(mud_col, vec3(0.2, 0.17, 0.13) * (0.85 + 0.3 * grain) * (1.05 - 0.4 * max(sf.y, 0.0)), stone * 0.8);
    }
    vec3 albedo = mix(ground, mud_col, mud);
    // Diffuse and ambient from the shared model; the specular is the mud's own: a thin water film
    // (Fresnel F0 = 0.02) on a GGX surface, glossier where it is wetter, never brighter than the
    // sun itself. Blinn-Phong with a fixed strength blew out into white smears near the camera.
    float shadow = terrain_shadow(v_world, n);
    vec3 c = light_surface(albedo, n, v_world, 0.0, 1.0, shadow);
    vec3 v = normalize(u_camera_pos.xyz - v_world);
    vec3 l = u_light_dir.xyz;
    vec3 h = normalize(l + v);
    float ndl = max(dot(n, l), 0.0), ndv = max(dot(n, v), 1e-3), ndh = max(dot(n, h), 0.0);
    // wet mud is glossy but never a mirror: its film is churned (roughness 0.3 at the wettest,
    // broken up by the grain), so the sun's highlight on a rut floor is a soft sheen, not a band
    float rough = mix(mix(0.8, 0.92, road), mix(0.85, 0.3, wet / max(mud, 1e-3)), mud) + (grain - 0.5) * 0.16;
    rough = max(rough, 0.5 * min(length(tread.yz) * 3.0, 1.0)); // the prints' torn walls: no glints
    float a2 = rough * rough * rough * rough;
    float dn = ndh * ndh * (a2 - 1.0) + 1.0;
    float k = rough * rough * 0.5;
    float vis = 1.0 / ((ndl * (1.0 - k) + k) * (ndv * (1.0 - k) + k)); // Smith-Schlick G / (ndl ndv)
    float fres = 0.02 + 0.98 * pow(1.0 - max(dot(v, h), 0.0), 5.0);
    float spec = min(a2 / (3.14159265 * dn * dn) * vis * 0.25 * fres * ndl, 1.0);
    c += u_light_color.rgb * shadow * spec * mix(0.3, 1.0, mud);
    // the wet film also mirrors a little sky (its gradient, not the sun disc: no sparkles), more
    // at grazing angles
    if (wet > 0.0) {
        vec3 r = reflect(-v, n);
        vec3 sky = mix(u_sky_horizon.rgb, u_sky_zenith.rgb, pow(max(r.y, 0.0), 0.6)) * u_light_color.w;
        c = mix(c, sky * vec3(0.9, 0.82, 0.7), min(wet * wet * (0.04 + 0.96 * pow(1.0 - ndv, 5.0)) * 0.8, 0.3)); // a muddy film
    }
    o_color = vec4(apply_fog(c, v_world), 1.0);
#endif
}
