#version 330 core
// Batcher C (world corners on the CPU, as OGRE builds them): four vertices of 13 floats per billboard; the
// corners are already in world space and camera-facing, so this only transforms.
#include "bb_common.glsl"

layout(location = 0) in vec3 a_corner;
layout(location = 1) in vec2 a_cell_uv;
layout(location = 2) in vec2 a_cell_uv_next;
layout(location = 3) in float a_layer_blend; // atlas layer + weight of the next cell
layout(location = 4) in vec4 a_color;
layout(location = 5) in float a_size;

out vec2 v_uv;
out vec2 v_uv_next;
out float v_blend;
out vec4 v_color;
out float v_size;
out float v_depth;
out vec3 v_light;
flat out int v_layer;

void main()
{
    vec4 vp = u_view * vec4(a_corner, 1.0);
    v_uv = a_cell_uv;
    v_uv_next = a_cell_uv_next;
    float layer = floor(a_layer_blend);
    v_layer = int(layer);
    v_blend = a_layer_blend - layer;
    v_color = a_color;
    v_size = a_size;
    v_depth = -vp.z;
    v_light = bb_light(a_corner, v_layer);
    gl_Position = u_proj * vp;
}
