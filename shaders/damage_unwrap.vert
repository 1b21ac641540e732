#version 330 core
// Unwrap: the surface is drawn in its UV layout (the atlas) instead of on screen; every fragment
// still knows where it lies: in its mesh's own space (u_model: identity for the meshes; the
// spheres were carried into that space at the moment of their blast). POSITION_MAP: the stream
// holds one quad per entry (a sphere in one mesh's space) and chart (its footprint's UV scissor),
// and every fragment reads its position from the baked position map.
in vec3 a_pos;
in vec2 a_uv;
in vec4 a_sphere; // POSITION_MAP: the entry's sphere, xyz in its mesh's space, w radius (< 0: heat only)
in float a_mesh;  // POSITION_MAP: the entry's mesh
uniform mat4 u_model;
out vec3 v_world;
flat out vec4 v_sphere;
flat out int v_mesh;
void main()
{
#ifdef POSITION_MAP
    v_world = vec3(0.0); // the fragment reads its position from the map
    v_sphere = a_sphere;
    v_mesh = int(a_mesh + 0.5);
#else
    v_world = (u_model * vec4(a_pos, 1.0)).xyz;
    v_sphere = vec4(0.0);
    v_mesh = 0;
#endif
    gl_Position = vec4(a_uv * 2.0 - 1.0, 0.0, 1.0);
}
