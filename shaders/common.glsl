// common.glsl — per-frame uniforms, lighting, shadows, fog and sky shared by every scene program.
// Include it with #include "common.glsl"; the loader binds the Frame block and u_shadow_map.

layout(std140) uniform Frame {
    mat4 u_view;
    mat4 u_proj;
    mat4 u_viewproj;
    mat4 u_inv_viewproj;
    mat4 u_light_viewproj;
    vec4 u_camera_pos;  // xyz camera, w simulated time (s)
    vec4 u_light_dir;   // xyz unit vector towards the sun, w shadow-map texel size
    vec4 u_light_color; // rgb radiance of the sun, w ambient strength
    vec4 u_sky_zenith;
    vec4 u_sky_horizon;
    vec4 u_viewport;    // w, h, 1/w, 1/h
    vec4 u_fog;         // rgb colour, w density (1/m)
};

uniform sampler2DShadow u_shadow_map;

// 3x3 PCF with a slope-scaled normal offset: stable, soft-edged shadows at 1 texel per ~4 cm.
float shadow_factor(vec3 world_pos, vec3 n)
{
    float ndl = max(dot(n, u_light_dir.xyz), 0.0);
    vec3 p = world_pos + n * (u_light_dir.w * 1.5 + 0.02 * (1.0 - ndl));
    vec4 ls = u_light_viewproj * vec4(p, 1.0);
    vec3 c = ls.xyz / ls.w * 0.5 + 0.5;
    if (c.z >= 1.0 || any(lessThan(c.xy, vec2(0.0))) || any(greaterThan(c.xy, vec2(1.0)))) return 1.0;
    float texel = 1.0 / float(textureSize(u_shadow_map, 0).x);
    float sum = 0.0;
    for (int y = -1; y <= 1; y++)
        for (int x = -1; x <= 1; x++)
            sum += texture(u_shadow_map, vec3(c.xy + vec2(x, y) * texel, c.z - 0.0015));
    return sum / 9.0;
}

vec3 sky_color(vec3 dir)
{
    float h = clamp(dir.y, -1.0, 1.0);
    vec3 c = mix(u_sky_horizon.rgb, u_sky_zenith.rgb, pow(max(h, 0.0), 0.6));
    c = mix(c, u_sky_horizon.rgb * 0.55, clamp(-h * 4.0, 0.0, 1.0)); // below the horizon
    float sun = max(dot(dir, u_light_dir.xyz), 0.0);
    c += u_light_color.rgb * (pow(sun, 900.0) * 4.0 + pow(sun, 12.0) * 0.06);
    return c;
}

// Sun (Lambert + Blinn-Phong) with shadow, plus a hemispheric sky/ground ambient.
vec3 light_surface(vec3 albedo, vec3 n, vec3 world_pos, float spec_strength, float shininess, float shadow)
{
    vec3 v = normalize(u_camera_pos.xyz - world_pos);
    vec3 l = u_light_dir.xyz;
    float ndl = max(dot(n, l), 0.0);
    vec3 h = normalize(l + v);
    float spec = pow(max(dot(n, h), 0.0), shininess) * spec_strength * (shininess + 8.0) / 25.0;
    vec3 sun = u_light_color.rgb * shadow * (albedo * ndl + vec3(spec) * ndl);
    vec3 amb = mix(u_sky_horizon.rgb * 0.35, u_sky_zenith.rgb, n.y * 0.5 + 0.5) * u_light_color.w;
    return sun + albedo * amb;
}

vec3 apply_fog(vec3 c, vec3 world_pos)
{
    float d = length(world_pos - u_camera_pos.xyz);
    float f = 1.0 - exp(-d * u_fog.w);
    return mix(c, u_fog.rgb, f);
}
