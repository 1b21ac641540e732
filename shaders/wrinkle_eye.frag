#version 330 core
// The eyes (sclera, iris, pupil: one albedo each): lit like gfx_lit.frag, under a wet coat. The tear
// film is a mirror: the sky reflected with Fresnel, and a catchlight — the bright sky above and
// behind the viewer, mirrored as a tight glint. The sun's own glint would sit under the upper lid
// (the sun is high), so the catchlight's direction leans from the viewer toward the sun: it lands
// on the iris, upper right, as in a photograph. The socket's shadow dims it only partly (the film
// sits proud of the lids' shade). The lids and lashes shade the eyeball towards its sides.
#include "common.glsl"
in vec3 v_world;
in vec3 v_nrm;
in vec2 v_uv;
uniform vec3 u_albedo;
uniform vec3 u_forward; // world direction the eyes look
out vec4 o_color;
void main()
{
    vec3 n = normalize(v_nrm);
    vec3 v = normalize(u_camera_pos.xyz - v_world);
    float shadow = shadow_factor(v_world, n);
    float socket = mix(0.35, 1.0, smoothstep(0.25, 0.9, dot(n, u_forward)));
    vec3 base = light_surface(u_albedo * socket, n, v_world, 0.0, 1.0, shadow);
    vec3 catch_dir = normalize(v + vec3(0.0, 0.25, 0.0) + u_light_dir.xyz * 0.35);
    vec3 h = normalize(catch_dir + v);
    float fres = 0.02 + 0.98 * pow(1.0 - max(dot(n, v), 0.0), 5.0);
    float glint = pow(max(dot(n, h), 0.0), 700.0) * 40.0 * mix(0.4, 1.0, shadow);
    vec3 sky = sky_color(reflect(-v, n)) * u_light_color.w;
    vec3 c = base + u_light_color.rgb * glint * 0.04 + sky * (0.05 + fres) * socket;
    o_color = vec4(apply_fog(c, v_world), 1.0);
}
