/* bb_anim.c — see bb_anim.h. */
#include "bb/core/bb_anim.h"

#include <assert.h>
#include <math.h>

int bb_anim_frame(float age, float frame_time, int start, bool loop, float *blend)
{
    assert(age >= 0.0f && frame_time >= 0.0f);
    return bb_anim_frame_phase(age / (frame_time > 0.0f ? frame_time : BB_ANIM_FRAME_TIME), start, loop, blend);
}

int bb_anim_frame_phase(float phase, int start, bool loop, float *blend)
{
    return bb_anim_frame_grid(phase, start, loop, BB_ANIM_COLS, BB_ANIM_ROWS, blend);
}

int bb_anim_frame_grid(float phase, int start, bool loop, int cols, int rows, float *blend)
{
    const int frames = cols * rows;
    assert(phase >= 0.0f && start >= 0 && start < BB_ANIM_FRAMES && cols > 0 && rows > 0 && frames <= BB_ANIM_FRAMES);
    const float whole = floorf(phase);
    float w = phase - whole;
    long f = (long)whole + start;
    if (loop) {
        f %= frames;
    } else if (f >= frames - 1) {
        f = frames - 1;
        w = 0.0f;
    }
    if (blend) *blend = w;
    return (int)f;
}

void bb_anim_cell_uv(int f, float uv[4]) { bb_anim_cell_uv_grid(f, BB_ANIM_COLS, BB_ANIM_ROWS, uv); }

void bb_anim_cell_uv_grid(int f, int cols, int rows, float uv[4])
{
    assert(cols > 0 && rows > 0 && f >= 0 && f < cols * rows);
    const float cw = 1.0f / (float)cols, ch = 1.0f / (float)rows;
    uv[0] = (float)(f % cols) * cw;
    uv[1] = 1.0f - (float)(f / cols + 1) * ch;
    uv[2] = uv[0] + cw;
    uv[3] = uv[1] + ch;
}
