#version 330 core
// The eyes: sclera and iris on one ball, under a wet coat.
//  - Iris with depth: the view ray is refracted at the cornea (the ball's front cap, index 1.376)
//    and followed to the iris plane at the limbus, so the iris shifts against the glint as the eye
//    or the camera turns. The iris is drawn there: radial fibres, a lighter collarette, a dark
//    limbal ring, the pupil.
//  - The sclera is not white: warmer and darker toward the corners, where the ball turns away;
//    it scatters, so the key wraps a little round the ball (SCLERA_WRAP).
//  - The lids and lashes shade the top of the ball, from a little below its middle up (v_socket:
//    the lids do not turn with the eye), so the white under the upper lid is grey, not lit.
//  - The tear film is a mirror: the sky with Fresnel, and a catchlight: the bright sky above and
//    behind the viewer, as a tight glint leaning toward the sun (the sun's own glint would sit
//    under the upper lid); the socket's shadow dims it only partly.
//  - The rig's fill and rim (wrinkle_light.glsl) light the ball too; the sky it mirrors is scaled
//    like the skin's ambient.
#include "common.glsl"
#include "wrinkle_light.glsl"
in vec3 v_world;
flat in int v_eye;
in vec3 v_nrm;
in vec3 v_local;
in vec3 v_socket;
uniform vec3 u_albedo;         // sclera
uniform vec3 u_iris;           // iris colour
uniform vec3 u_eye_size;       // ball radius, iris radius, pupil radius (m)
uniform mat3 u_eye_to_world[2]; // each eye's frame (turned, in the swaying head) to world
uniform vec3 u_forward;        // world direction the head faces
out vec4 o_color;
const float SCLERA_WRAP = 0.3; // how far past n.l = 0 the key still reaches (wrap lighting)

vec3 iris_color(vec2 q, float ri, float rp)
{
    float r = length(q) / ri, a = atan(q.y, q.x);
    float fib = 0.5 + 0.5 * sin(a * 41.0 + 2.5 * sin(a * 7.0 + r * 9.0)) * sin(a * 23.0 - r * 5.0);
    vec3 c = u_iris * (0.65 + 0.6 * fib);
    c = mix(c, u_iris * vec3(2.2, 1.7, 1.1), 0.45 * exp(-pow((r - 0.5) / 0.12, 2.0))); // the collarette
    c *= mix(1.0, 0.3, smoothstep(0.78, 1.0, r));                                      // the limbal ring
    return mix(vec3(0.004), c, smoothstep(rp / ri - 0.04, rp / ri + 0.03, r));         // the pupil
}

void main()
{
    vec3 n = normalize(v_nrm);
    vec3 v = normalize(u_camera_pos.xyz - v_world);
    float R = u_eye_size.x, ri = u_eye_size.y, rp = u_eye_size.z;
    vec3 nl = normalize(v_local), vl = transpose(u_eye_to_world[v_eye]) * v;
    float limbus = sqrt(max(R * R - ri * ri, 0.0));
    // the sclera, warmer and darker where the ball turns into the corners
    vec3 albedo = u_albedo * mix(vec3(1.0), vec3(0.72, 0.60, 0.58), 1.0 - smoothstep(0.35, 0.9, nl.z));
    if (v_local.z > limbus - 0.0004) { // the cornea: see the iris through it
        vec3 d = refract(-vl, nl, 1.0 / 1.376);
        float t = (v_local.z - limbus) / max(-d.z, 0.05);
        vec2 q = v_local.xy + t * d.xy;
        float inside = smoothstep(ri * 1.02, ri * 0.97, length(q));
        albedo = mix(albedo, iris_color(q, ri, rp), inside);
    }
    float lid = 1.0 - 0.7 * smoothstep(-0.2 * R, 0.45 * R, v_socket.y); // lids and lashes above
    float socket = mix(0.35, 1.0, smoothstep(0.25, 0.9, dot(n, u_forward))) * lid;
    float shadow = shadow_factor(v_world, n);
    // the sun (the key) with its shadow, the sky's ambient and the rig's fill and rim (light_surface's
    // diffuse with the rig's scales)
    // the sclera is a thick scattering layer: the key wraps a little past its terminator, so the
    // white on the key's far side (the near eye in short lighting) is not grey beside the other
    // (luminance 0.85 -> 0.93 of the other eye's at the portrait's framing; app_face_portrait)
    float ndl = max((dot(n, u_light_dir.xyz) + SCLERA_WRAP) / (1.0 + SCLERA_WRAP), 0.0);
    vec3 base = albedo * socket * (u_light_color.rgb * u_rig.x * ndl * shadow + rig_ambient(n) + rig_lambert(n));
    vec3 catch_dir = normalize(v + vec3(0.0, 0.25, 0.0) + u_light_dir.xyz * 0.35);
    vec3 h = normalize(catch_dir + v);
    float fres = 0.02 + 0.98 * pow(1.0 - max(dot(n, v), 0.0), 5.0);
    float glint = pow(max(dot(n, h), 0.0), 900.0) * 60.0 * mix(0.4, 1.0, shadow) * mix(0.5, 1.0, lid);
    vec3 sky = sky_color(reflect(-v, n)) * u_light_color.w * u_rig.y;
    vec3 c = base + u_light_color.rgb * glint * 0.04 + sky * (0.05 + fres) * socket;
    o_color = vec4(apply_fog(c, v_world), 1.0);
}
