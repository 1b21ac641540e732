#version 330 core
// Transform feedback probe: the vertex stage of dissolve.glsl, captured so tests can compare the
// GPU's displaced positions and d values with the CPU mirror.
#include "dissolve.glsl"
in vec3 a_pos;
in vec3 a_nrm;
in vec3 a_snrm;
uniform mat4 u_model;
out vec3 tf_world;
out float tf_d;
out float tf_k; // the pull's lerp factor the strands are made from (dissolve_strand)
void main()
{
    tf_world = dissolve_vertex_ws_k(a_pos, a_nrm, a_snrm, u_model, tf_k);
    tf_d = dissolve_vertex_d(a_pos, a_nrm, a_snrm, u_model);
    gl_Position = vec4(tf_world, 1.0);
}
