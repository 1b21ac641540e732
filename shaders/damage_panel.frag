#version 330 core
// Shows a damage map as the reference's panels do: marks on black, each channel its own colour so
// every one reads from across the range — R (the hole) red-white, G (the ring, 1.1 r) amber,
// B (the glow, 1.2 r) blue, A (the scorch, 1.6 r) a dim rust haze — painted outermost first,
// so a blast reads as a target: rust, blue, amber, red-white core. The islands of the atlas are
// outlined faintly (the layout's ring), so a mark can be placed on its plate. Unlit: a screen.
// damage/core/damage_panel.c mirrors this colouring for the false-colour dumps (damage-view).
uniform sampler2D u_tex;
uniform sampler2D u_layout;
in vec2 v_uv;
out vec4 o_color;

vec3 damage_panel_rgb(vec4 m, float outline)
{
    vec3 c = vec3(0.05, 0.055, 0.06) * outline;
    c = mix(c, vec3(0.30, 0.10, 0.03), smoothstep(0.0, 0.25, m.a));
    c = mix(c, vec3(0.10, 0.30, 1.00), smoothstep(0.0, 0.10, m.b));
    c = mix(c, vec3(1.00, 0.62, 0.10), smoothstep(0.0, 0.10, m.g));
    c = mix(c, vec3(1.00, 0.16, 0.08), smoothstep(0.0, 0.10, m.r));
    c = mix(c, vec3(1.00, 0.90, 0.80), smoothstep(0.35, 0.60, m.r));
    return c;
}

void main()
{
    // row 0 of the map at the bottom, as in the PNG dumps
    vec2 uv = vec2(v_uv.x, 1.0 - v_uv.y);
    float outline = smoothstep(0.4, 1.0, texture(u_layout, uv).r); // the layout: 0.35 inside, 1 on the ring
    vec3 c = damage_panel_rgb(texture(u_tex, uv), outline);
    vec2 e = min(v_uv, 1.0 - v_uv);
    if (min(e.x, e.y) < 0.006) c = vec3(0.25);
    o_color = vec4(c * 1.6, 1.0);
}
