#version 330 core
// The eyeballs: each turns about its own centre (u_eye_rot[e]: its gaze), inside a head frame
// that sways (u_model). The eyes mesh holds both balls, the right one at +x: a vertex's side picks
// its centre and its turn (v_eye). v_local is the point in the eye's own frame (+z: where it looks), for the iris under
// the cornea; v_socket the same point turned, in the head frame's axes, for the lids' shade.
#include "common.glsl"
in vec3 a_pos;
in vec3 a_nrm;
in vec2 a_uv;
uniform mat4 u_model;
uniform vec3 u_eye_center[2];
uniform mat3 u_eye_rot[2];
out vec3 v_world;
flat out int v_eye;
out vec3 v_nrm;
out vec3 v_local;
out vec3 v_socket;
void main()
{
    v_eye = a_pos.x >= 0.0 ? 0 : 1;
    vec3 c = u_eye_center[v_eye];
    v_local = a_pos - c;
    v_socket = u_eye_rot[v_eye] * v_local;
    vec4 w = u_model * vec4(c + v_socket, 1.0);
    v_world = w.xyz;
    v_nrm = mat3(u_model) * (u_eye_rot[v_eye] * a_nrm);
    gl_Position = u_viewproj * w;
}
