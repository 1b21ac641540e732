#version 330 core
// The queued blast spheres: R, G, B = inside r, 1.1 r, 1.2 r; A = scorch, heat that does not go
// through, inside 1.6 r (DAMAGE_SCORCH_REACH). A sphere with w < 0 only scorches (radius -w).
// Max-blended: the map keeps the worst of every blast. POSITION_MAP (the culled unwrap): each quad
// is tagged with the one sphere it was made for, and the fragment reads its position from the
// baked map; without it (whole plates, the reference's way) every fragment tests all u_count.
uniform vec4 u_spheres[MAX_SPHERES]; // xyz centre (bind space), w radius (< 0: heat only)
uniform int u_count;
#ifdef POSITION_MAP
uniform sampler2D u_positions; // RGBA32F: bind-space xyz, a = plate + 1 (0: no armor)
uniform int u_attached;        // bit p: plate p is on the body
#endif
in vec3 v_world;
flat in int v_sphere;
out vec4 o_color;
void main()
{
#ifdef POSITION_MAP
    vec4 pm = texelFetch(u_positions, ivec2(gl_FragCoord.xy), 0);
    int plate = int(pm.a + 0.5) - 1;
    if (plate < 0 || (u_attached & (1 << plate)) == 0) discard;
    vec3 world = pm.xyz;
#else
    vec3 world = v_world;
#endif
    vec3 v = vec3(0.0);
    float scorch = 0.0;
#ifdef POSITION_MAP
    int first = v_sphere, last = v_sphere + 1;
#else
    int first = 0, last = u_count;
#endif
    for (int i = first; i < last; i++) {
        float r = abs(u_spheres[i].w), d = distance(world, u_spheres[i].xyz);
        scorch = max(scorch, clamp(1.0 - d / (1.6 * r), 0.0, 1.0));
        if (u_spheres[i].w > 0.0) v = max(v, clamp(1.0 - d / (r * vec3(1.0, 1.1, 1.2)), 0.0, 1.0));
    }
    // beyond every reach nothing changes under max blending: skip the write
    if (scorch == 0.0) discard;
    o_color = vec4(v, scorch);
}
