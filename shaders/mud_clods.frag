#version 330 core
// A lumpy round clod: cut out of the quad, shaded as a little sphere.
#include "common.glsl"

in vec2 v_corner;
in vec3 v_world;
in vec3 v_color;
out vec4 o_color;

void main()
{
    float a = atan(v_corner.y, v_corner.x);
    float edge = 0.8 + 0.12 * sin(a * 5.0) + 0.06 * sin(a * 11.0 + 1.7);
    float d = length(v_corner);
    if (d > edge) discard;
    vec3 right = vec3(u_view[0][0], u_view[1][0], u_view[2][0]);
    vec3 up = vec3(u_view[0][1], u_view[1][1], u_view[2][1]);
    vec3 fwd = cross(right, up);
    vec2 q = v_corner / edge;
    vec3 n = normalize(right * q.x + up * q.y + fwd * sqrt(max(1.0 - dot(q, q), 0.0)));
    vec3 c = light_surface(v_color, n, v_world, 0.5, 40.0, 1.0);
    o_color = vec4(apply_fog(c, v_world), 1.0);
}
