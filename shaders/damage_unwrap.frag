#version 330 core
// All queued blast spheres in one pass: R, G, B = inside r, 1.1 r, 1.2 r; A = scorch, heat that
// does not go through, inside 1.6 r (DAMAGE_SCORCH_REACH). A sphere with w < 0 only scorches
// (radius -w). Max-blended: the map keeps the worst of every blast.
uniform vec4 u_spheres[MAX_SPHERES]; // xyz centre (bind space), w radius (< 0: heat only)
uniform int u_count;
in vec3 v_world;
out vec4 o_color;
void main()
{
    vec3 v = vec3(0.0);
    float scorch = 0.0;
    for (int i = 0; i < u_count; i++) {
        float r = abs(u_spheres[i].w), d = distance(v_world, u_spheres[i].xyz);
        scorch = max(scorch, clamp(1.0 - d / (1.6 * r), 0.0, 1.0));
        if (u_spheres[i].w > 0.0) v = max(v, clamp(1.0 - d / (r * vec3(1.0, 1.1, 1.2)), 0.0, 1.0));
    }
    o_color = vec4(v, scorch);
}
