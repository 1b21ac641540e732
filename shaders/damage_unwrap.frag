#version 330 core
// The queued blast spheres: R, G, B = inside r, 1.1 r, 1.2 r; A = scorch, heat that does not go
// through, inside 1.6 r (DAMAGE_SCORCH_REACH). A sphere with w < 0 only scorches (radius -w).
// Max-blended: the map keeps the worst of every blast. POSITION_MAP (the culled unwrap): each quad
// carries the one entry it was made for (a sphere in one mesh's space), and the fragment reads its
// position from the baked map; texels of other meshes are left to their own entries. Without it
// (whole meshes, the reference's way) every fragment tests all u_count spheres of its mesh.
uniform vec4 u_spheres[MAX_SPHERES]; // xyz centre (mesh space), w radius (< 0: heat only)
uniform int u_count;
#ifdef POSITION_MAP
uniform sampler2D u_positions; // RGBA32F: mesh-space xyz, a = mesh + 1 (0: no surface)
#endif
in vec3 v_world;
flat in vec4 v_sphere;
flat in int v_mesh;
out vec4 o_color;

void damage_sphere(vec3 p, vec4 s, inout vec3 v, inout float scorch)
{
    float r = abs(s.w), d = distance(p, s.xyz);
    scorch = max(scorch, clamp(1.0 - d / (1.6 * r), 0.0, 1.0));
    if (s.w > 0.0) v = max(v, clamp(1.0 - d / (r * vec3(1.0, 1.1, 1.2)), 0.0, 1.0));
}

void main()
{
    vec3 v = vec3(0.0);
    float scorch = 0.0;
#ifdef POSITION_MAP
    vec4 pm = texelFetch(u_positions, ivec2(gl_FragCoord.xy), 0);
    if (int(pm.a + 0.5) - 1 != v_mesh) discard;
    damage_sphere(pm.xyz, v_sphere, v, scorch);
#else
    for (int i = 0; i < u_count; i++) damage_sphere(v_world, u_spheres[i], v, scorch);
#endif
    // beyond every reach nothing changes under max blending: skip the write
    if (scorch == 0.0) discard;
    o_color = vec4(v, scorch);
}
