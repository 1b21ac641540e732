// wrinkle_light.glsl — the lights beside the sun for the face's programs (wrinkle_set_lights): a
// fill and a rim (unit direction toward the light, linear radiance; a zero colour: none), and the
// rig's scales of the sun (the key: u_rig.x) and of the sky's ambient (u_rig.y).
uniform vec3 u_fill_dir;
uniform vec3 u_fill_color;
uniform vec3 u_rim_dir;
uniform vec3 u_rim_color;
uniform vec2 u_rig;

// Lambert of the fill and the rim: broad, soft lights, so no shadow.
vec3 rig_lambert(vec3 n)
{
    return u_fill_color * max(dot(n, u_fill_dir), 0.0) + u_rim_color * max(dot(n, u_rim_dir), 0.0);
}

// The sky's ambient on a normal, scaled by the rig (a dark studio keeps little of it).
vec3 rig_ambient(vec3 n)
{
    return mix(u_sky_horizon.rgb * 0.35, u_sky_zenith.rgb, n.y * 0.5 + 0.5) * u_light_color.w * u_rig.y;
}
