#version 330 core
// All queued blast spheres in one pass: R, G, B = inside r, 1.1 r, 1.2 r (max-blended).
uniform vec4 u_spheres[MAX_SPHERES]; // xyz centre (world), w radius
uniform int u_count;
in vec3 v_world;
out vec4 o_color;
void main()
{
    vec3 v = vec3(0.0);
    for (int i = 0; i < u_count; i++) {
        float d = distance(v_world, u_spheres[i].xyz);
        v = max(v, clamp(1.0 - d / (u_spheres[i].w * vec3(1.0, 1.1, 1.2)), 0.0, 1.0));
    }
    o_color = vec4(v, 1.0);
}
