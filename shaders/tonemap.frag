#version 330 core
// HDR -> display: exposure, ACES-fitted filmic curve (Narkowicz 2015), then the sRGB transfer
// function, so every pass before this one works in linear light.
uniform sampler2D u_hdr;
uniform float u_exposure;
in vec2 v_uv;
out vec4 o_color;
vec3 aces(vec3 x) { return clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0); }
vec3 to_srgb(vec3 c) { return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(0.0031308, c)); }
void main()
{
    vec3 c = texture(u_hdr, v_uv).rgb * u_exposure;
    o_color = vec4(to_srgb(aces(c)), 1.0);
}
