#version 330 core
// A part of the head lit plainly (gfx_lit.frag's light), for the mouth's insides and the hair:
// flat albedo, plus gums on the teeth — a pink band over the roots of each row, placed on the
// neutral head-frame point (v_obj), so it rides the jaw with the teeth. u_gum_y: the upper row's
// top and the lower row's bottom (y, head frame); equal: no gums. The rig's fill and rim
// (wrinkle_light.glsl) beside the sun. With HAIR_STRANDS (wrinkle_draw_hair) it is a brow or lash
// card: alpha from its coverage of the pixel (wrinkle_face.vert) and a pixel-wide ramp at its sides
// and root end (no saw-tooth edge however close), fading out toward the tip.
#include "common.glsl"
#include "wrinkle_light.glsl"
in vec3 v_world;
in vec2 v_uv;
#ifdef HAIR_STRANDS
in float v_cover;
in float v_side;
#endif
in vec3 v_nrm;
in vec3 v_obj;
uniform vec3 u_albedo;
uniform vec3 u_emissive;
uniform vec2 u_spec; // strength, shininess
uniform vec2 u_gum_y;
out vec4 o_color;
const vec3 GUM = vec3(0.50, 0.15, 0.15);
const float GUM_BAND = 0.0024; // m of each tooth's root under the gum
void main()
{
    vec3 n = normalize(v_nrm) * (gl_FrontFacing ? 1.0 : -1.0);
    float gum = u_gum_y.x > u_gum_y.y
        ? max(smoothstep(u_gum_y.x - GUM_BAND - 0.0004, u_gum_y.x - GUM_BAND + 0.0004, v_obj.y),
              smoothstep(u_gum_y.y + GUM_BAND + 0.0004, u_gum_y.y + GUM_BAND - 0.0004, v_obj.y))
        : 0.0;
    vec3 albedo = mix(u_albedo, GUM, gum);
    vec2 spec = mix(u_spec, vec2(0.3, 24.0), gum);
    // light_surface with the rig's scales: the sun (key) and its highlight, the sky's ambient, fill, rim
    vec3 v = normalize(u_camera_pos.xyz - v_world), l = u_light_dir.xyz;
    float ndl = max(dot(n, l), 0.0);
    float hl = pow(max(dot(n, normalize(l + v)), 0.0), spec.y) * spec.x * (spec.y + 8.0) / 25.0;
    vec3 c = u_light_color.rgb * u_rig.x * shadow_factor(v_world, n) * (albedo + vec3(hl)) * ndl
           + albedo * (rig_ambient(n) + rig_lambert(n)) + mix(u_emissive, GUM * 0.25, gum);
#ifdef HAIR_STRANDS
    // the edge's ramp: 0 at the drawn edge to 1 a pixel inside (the strand's own edge half way,
    // so the alpha summed across the card is still its width: 2 (w + 0.5) - 1 pixels)
    float edge = clamp((1.0 - abs(v_side)) / max(length(vec2(dFdx(v_side), dFdy(v_side))), 1e-6), 0.0, 1.0);
    // and at the root end over a pixel (a lash's root hangs over the ball: a hard end was a step)
    float root = clamp(v_uv.y / max(length(vec2(dFdx(v_uv.y), dFdy(v_uv.y))), 1e-6), 0.0, 1.0);
    float alpha = v_cover * edge * root * (1.0 - smoothstep(0.55, 1.0, v_uv.y));
#else
    float alpha = 1.0;
#endif
    o_color = vec4(apply_fog(c, v_world), alpha);
}
