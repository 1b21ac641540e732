#version 330 core
// Auto exposure, step 2 (one pixel): the average of the 16x16 cells gives the exposure that
// maps the scene to the key, unless that would push the brightest cell past u_guard (a floor
// under a lamp, a wall in the sun): then the brightest cell sets it, so no large area clips; small
// lights still go past it and bloom. The previous exposure moves towards it in log2 space.
uniform sampler2D u_cells;
uniform sampler2D u_prev;
uniform vec4 u_params; // key, blend this frame (1 - exp(-dt * speed)), min, max
uniform bool u_reset;
uniform float u_guard; // exposed luminance the brightest cell may reach
uniform ivec4 u_meter; // the cells averaged: x0 y0 x1 y1 inclusive (gfx_exposure_meter; all by default)
out float o_exposure;
void main()
{
    float sum = 0.0, hi = -40.0, n = 0.0;
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++) {
            float l = texelFetch(u_cells, ivec2(x, y), 0).r;
            bool metered = x >= u_meter.x && y >= u_meter.y && x <= u_meter.z && y <= u_meter.w;
            sum += metered ? l : 0.0;
            n += metered ? 1.0 : 0.0;
            hi = max(hi, l);
        }
    float avg = exp2(sum / max(n, 1.0));
    float target = log2(clamp(min(u_params.x / avg, u_guard / exp2(hi)), u_params.z, u_params.w));
    float prev = log2(max(texelFetch(u_prev, ivec2(0), 0).r, 1e-4));
    o_exposure = exp2(u_reset ? target : mix(prev, target, u_params.y));
}
