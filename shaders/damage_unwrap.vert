#version 330 core
// Unwrap: the armor is drawn in its UV layout (the atlas) instead of on screen; every fragment
// still knows where it lies: in bind space (u_model = the plate's rest transform), where the
// spheres were stored at the moment of their shot through the skinning of the point they hit. POSITION_MAP: the stream holds
// one quad per sphere and chart (its footprint's UV scissor), and every fragment reads its
// position from the baked position map.
in vec3 a_pos;
in vec2 a_uv;
in float a_sphere; // POSITION_MAP: the one sphere this quad was made for
uniform mat4 u_model;
out vec3 v_world;
flat out int v_sphere;
void main()
{
#ifdef POSITION_MAP
    v_world = vec3(0.0); // the fragment reads its position from the map
#else
    v_world = (u_model * vec4(a_pos, 1.0)).xyz;
#endif
#ifdef POSITION_MAP
    v_sphere = int(a_sphere + 0.5);
#else
    v_sphere = 0;
#endif
    gl_Position = vec4(a_uv * 2.0 - 1.0, 0.0, 1.0);
}
