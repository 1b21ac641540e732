#version 330 core
// Armor cut away on the CPU (islands no longer connected to their plate) becomes a full hole.
uniform sampler2D u_cut;
out vec4 o_color;
void main()
{
    float c = texelFetch(u_cut, ivec2(gl_FragCoord.xy), 0).r;
    // A (scorch) untouched: the max blend keeps what the blasts wrote there
    o_color = vec4(vec3(c), 0.0);
}
