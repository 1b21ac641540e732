#version 330 core
// Face geometry for both wrinkle passes: the compositing pass and the skin pass run this same
// shader with the same Frame block, so the composed buffer lines up with the skin pixel for pixel.
// The blendshapes are applied here (wrinkle_morph.glsl), so every pass moves the skin alike; with
// SHADOW_PASS defined it is the head's shadow caster; with HAIR_STRANDS a brow or lash card (a_tan:
// the unit side direction and the signed half width here), turned about its strand to face the
// eye, widened to at least 1.5 pixels, v_cover saying how much of that width the strand really
// covers, and by half a pixel more each side for its soft edge (v_side: -1 and 1 at the drawn
// edges; wrinkle_part.frag ramps the alpha there).
#include "common.glsl"
#include "wrinkle_morph.glsl"
in vec3 a_pos;
in vec3 a_nrm;
in vec2 a_uv;
in vec4 a_tan;
uniform mat4 u_model;
out vec3 v_world;
out vec3 v_nrm;
out vec4 v_tan;
out vec2 v_uv;
out vec3 v_obj; // the neutral head-frame point (the skin's albedo regions are painted on it)
out float v_curv; // the skin's curvature (1/m), morphed with the shapes, -1 where unknown
#ifdef HAIR_STRANDS
out float v_cover;
out float v_side;
const float HAIR_MIN_PX = 0.75; // the least half width on screen, pixels
const float HAIR_EDGE_PX = 0.5; // drawn beyond that width each side, for the alpha ramp
#endif
invariant gl_Position;
void main()
{
    vec3 p = a_pos, n = a_nrm;
    v_curv = morph(p, n); // and the morphed curvature
    vec4 w = u_model * vec4(p, 1.0);
#ifdef HAIR_STRANDS
    // metres per pixel at this depth (the projection's vertical scale); a strand thinner than
    // HAIR_MIN_PX is widened to it and covers as much less
    float px = 2.0 * (u_viewproj * w).w / (u_proj[1][1] * u_viewport.y);
    float half_w = abs(a_tan.w), want = max(half_w, HAIR_MIN_PX * px);
    // the card turned about its strand to face the eye (a lash seen from the side keeps its
    // width): the strand runs along n x side (the card's normal and side); the vertex moves from
    // the strand's line across it and the view, on the side a_tan points to
    vec3 side = mat3(u_model) * a_tan.xyz, along = mat3(u_model) * cross(n, a_tan.xyz);
    vec3 centre = w.xyz - side * a_tan.w, facing = cross(along, u_camera_pos.xyz - centre);
    float fl = length(facing);
    if (fl > 1e-9) side = facing / fl * (dot(facing, side) >= 0.0 ? 1.0 : -1.0);
    w.xyz = centre + side * sign(a_tan.w) * (want + HAIR_EDGE_PX * px);
    v_cover = half_w / want;
    v_side = sign(a_tan.w);
#endif
    v_world = w.xyz;
    v_nrm = mat3(u_model) * n;
    v_tan = vec4(mat3(u_model) * a_tan.xyz, a_tan.w);
    v_uv = a_uv;
    v_obj = a_pos;
#ifdef SHADOW_PASS
    gl_Position = u_light_viewproj * w;
#else
    gl_Position = u_viewproj * w;
#endif
}
