#version 330 core
// Plants, mud chunks and the physics view's collision shapes: one instanced draw per model. The
// instance's matrix (columns i_m0..i_m3) places the unit model; the vertex's uv.x names its
// material (mud/core/prop_models.h), uv.y a shade; i_tint varies the colour per instance.
// With SHADOW_PASS defined it is the depth-only caster of the same instances.
#include "common.glsl"
in vec3 a_pos;
in vec3 a_nrm;
in vec2 a_uv;
layout(location = 5) in vec4 i_m0;
layout(location = 6) in vec4 i_m1;
layout(location = 7) in vec4 i_m2;
layout(location = 8) in vec4 i_m3;
layout(location = 9) in vec4 i_tint;
uniform vec3 u_palette[5]; // bark, leaves, rock, mud, debug
out vec3 v_world;
out vec3 v_nrm;
flat out vec3 v_albedo;
void main()
{
    mat4 m = mat4(i_m0, i_m1, i_m2, i_m3);
    vec4 w = m * vec4(a_pos, 1.0);
    v_world = w.xyz;
    v_nrm = mat3(m) * a_nrm; // uniform scale: the normal only needs normalizing
    int mat = clamp(int(a_uv.x + 0.5), 0, 4);
    v_albedo = u_palette[mat] * mix(0.8, 1.15, a_uv.y) * i_tint.rgb;
#ifdef SHADOW_PASS
    gl_Position = u_light_viewproj * w;
#else
    gl_Position = u_viewproj * w;
#endif
}
