#version 330 core
// All batchers: two atlas cells blended, tinted, lit or emissive (v_light, from the vertex shader), faded where the billboard
// meets opaque geometry (soft edges from the resolved scene depth).
#include "bb_common.glsl"

uniform sampler2DArray u_atlas; // one layer per atlas
uniform sampler2D u_scene_depth; // unit 12, resolved depth of the opaque pass
uniform float u_soft;            // fade distance as a fraction of the billboard size; 0 = hard
uniform vec2 u_inv_viewport;
uniform float u_near_fade;       // metres from the camera over which billboards fade in; 0 = none

in vec2 v_uv;
in vec2 v_uv_next;
uniform float u_frame_blend; // 1: blend neighbouring atlas cells, 0: each cell whole (bb.frame_blend)
in float v_blend;
in vec4 v_color;
in float v_size;
in float v_depth;
in vec3 v_light;
flat in int v_layer;
out vec4 o_color;

// View distance of a depth-buffer value (GL perspective projection).
float linear_depth(float d)
{
    return u_proj[3][2] / ((d * 2.0 - 1.0) + u_proj[2][2]);
}

void main()
{
    float layer = float(v_layer);
    vec4 t = mix(texture(u_atlas, vec3(v_uv, layer)), texture(u_atlas, vec3(v_uv_next, layer)), v_blend * u_frame_blend);
    vec4 c = t * v_color;
    c.rgb *= v_light;
    if (u_soft > 0.0) {
        float scene = linear_depth(texture(u_scene_depth, gl_FragCoord.xy * u_inv_viewport).r);
        c.a *= clamp((scene - v_depth) / max(v_size * u_soft, 1e-4), 0.0, 1.0);
    }
    // near the camera a billboard fades out, so none covers the screen as a flat sheet
    if (u_near_fade > 0.0) c.a *= smoothstep(0.0, u_near_fade, v_depth - 0.05);
    if (c.a < 1.0 / 512.0) discard;
    o_color = c;
}
