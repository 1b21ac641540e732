#version 330 core
// Wrinkle compositing: base maps + the four active wrinkle layers, weighted by blendshape weight x
// strength (normals and occlusion each their own) x (layer mask weights . face-part mask), into GL_RGB10_A2. CPU mirror:
// wrinkle_compose_texel (src/core/wrinkle_math.c) — keep the two identical.
in vec2 v_uv;
uniform sampler2D u_base_normal;
uniform sampler2D u_base_occ;
uniform sampler2D u_mask;
uniform sampler2D u_layer_normal0, u_layer_normal1, u_layer_normal2, u_layer_normal3;
uniform sampler2D u_layer_occ0, u_layer_occ1, u_layer_occ2, u_layer_occ3;
uniform vec4 u_weight;        // per slot: weight x strength, 0 when unused
uniform vec4 u_occ_weight;    // per slot: weight x occlusion strength, 0 when unused
uniform vec4 u_layer_mask[4]; // per slot: forehead, eyes, nose/glabella, mouth/cheeks
layout(location = 0) out vec4 o_color;
layout(location = 1) out vec4 o_influence; // debug view: a colour per slot where its layer acts

// slot colours of the influence view, in selection order (the HUD's order)
const vec3 SLOT_COLOR[4] = vec3[4](vec3(1.0, 0.25, 0.2), vec3(0.25, 1.0, 0.3), vec3(0.3, 0.45, 1.0), vec3(1.0, 0.9, 0.2));

vec3 slope = vec3(0.0);
float occ = 1.0;
vec3 influence = vec3(0.0);

// Derivatives add: a wrinkle tilts whatever the skin under it already does.
void add_layer(int slot, float weight, float occ_weight, vec4 layer_mask, vec4 mask, sampler2D nmap, sampler2D omap)
{
    float m = dot(layer_mask, mask);
    float a = clamp(weight * m, 0.0, 1.0), o = clamp(occ_weight * m, 0.0, 1.0);
    influence += SLOT_COLOR[slot] * max(a, o);
    vec3 n = texture(nmap, v_uv).rgb * 2.0 - 1.0;
    slope.xy += a * n.xy / max(n.z, 0.2);
    occ *= 1.0 - o * (1.0 - texture(omap, v_uv).r);
}

void main()
{
    vec3 b = texture(u_base_normal, v_uv).rgb * 2.0 - 1.0;
    slope = vec3(b.xy / max(b.z, 0.2), 1.0);
    occ = texture(u_base_occ, v_uv).r;
    vec4 mask = texture(u_mask, v_uv);
    add_layer(0, u_weight.x, u_occ_weight.x, u_layer_mask[0], mask, u_layer_normal0, u_layer_occ0);
    add_layer(1, u_weight.y, u_occ_weight.y, u_layer_mask[1], mask, u_layer_normal1, u_layer_occ1);
    add_layer(2, u_weight.z, u_occ_weight.z, u_layer_mask[2], mask, u_layer_normal2, u_layer_occ2);
    add_layer(3, u_weight.w, u_occ_weight.w, u_layer_mask[3], mask, u_layer_normal3, u_layer_occ3);
    vec3 n = normalize(slope);
    o_color = vec4(occ, n.xy * 0.5 + 0.5, 1.0); // R occlusion, G B normal x y
    o_influence = vec4(min(influence, vec3(1.0)), 1.0);
}
