#version 330 core
// The position map, baked once: every texel's mesh-space position and its mesh (a = mesh + 1; 0 in
// gutters). The unwrap reads it instead of rasterizing the surface's triangles.
uniform int u_plate;
in vec3 v_world;
out vec4 o_color;
void main()
{
    o_color = vec4(v_world, float(u_plate + 1));
}
