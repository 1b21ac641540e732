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
    assert(phase >= 0.0f && start >= 0 && start < BB_ANIM_FRAMES);
    const float whole = floorf(phase);
    float w = phase - whole;
    long f = (long)whole + start;
    if (loop) {
        f %= BB_ANIM_FRAMES;
    } else if (f >= BB_ANIM_FRAMES - 1) {
        f = BB_ANIM_FRAMES - 1;
        w = 0.0f;
    }
    if (blend) *blend = w;
    return (int)f;
}

void bb_anim_cell_uv(int f, float uv[4])
{
    assert(f >= 0 && f < BB_ANIM_FRAMES);
    const float cw = 1.0f / BB_ANIM_COLS, ch = 1.0f / BB_ANIM_ROWS;
    uv[0] = (float)(f % BB_ANIM_COLS) * cw;
    uv[1] = 1.0f - (float)(f / BB_ANIM_COLS + 1) * ch;
    uv[2] = uv[0] + cw;
    uv[3] = uv[1] + ch;
}
