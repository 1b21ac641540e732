// bb_common.glsl — billboard uniforms and atlas animation shared by both batchers' shaders.
// bb_frame() is mirrored on the CPU by bb_anim_frame_phase() (src/core/bb_anim.c); a gl test
// checks that they pick the same cell.

uniform mat4 u_view;
uniform mat4 u_proj;

const int BB_COLS = 8;
const int BB_FRAMES = 64;

// Cell shown `phase` frames after `start`; blend is the weight of the following cell.
int bb_frame(float phase, int start, bool loop, out float blend)
{
    float whole = floor(phase);
    blend = phase - whole;
    int f = int(whole) + start;
    if (loop) {
        f = f % BB_FRAMES;
    } else if (f >= BB_FRAMES - 1) {
        f = BB_FRAMES - 1;
        blend = 0.0;
    }
    return f;
}

// uv of a quad corner (c in [-0.5, 0.5]^2) inside cell f; textures are stored bottom row first.
vec2 bb_cell_uv(int f, vec2 c)
{
    vec2 cell = vec2(float(f % BB_COLS), float(BB_COLS - 1 - f / BB_COLS));
    return (cell + c + 0.5) / float(BB_COLS);
}
