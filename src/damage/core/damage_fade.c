/* The fade scheduler of the damage map, apart from GL so that when passes run (10 Hz, only while
 * something fades, never at rest) is tested without a driver; damage_passes.c runs them. */
#include "damage/core/damage_fade.h"

#include <assert.h>
#include <math.h>

int damage_fade_steps_to_zero(float factor)
{
    /* the GPU writes round-to-nearest of the shader's float into 8 bits; mirror it */
    int v = 255, steps = 0;
    while (v > 0 && steps < 10000) {
        float x = (float)v * factor - 1.0f;
        v = x <= 0.0f ? 0 : (int)lroundf(x);
        steps++;
    }
    return steps;
}

void damage_fade_init(damage_fade *f, float hz, float factor)
{
    assert(hz > 0.0f);
    *f = (damage_fade){.hz = hz, .steps_full = damage_fade_steps_to_zero(factor) + 2};
}

void damage_fade_reset(damage_fade *f)
{
    f->accum = 0;
    f->due = f->steps_left = 0;
}

void damage_fade_set_hz(damage_fade *f, float hz)
{
    assert(hz > 0.0f);
    f->hz = hz;
}

void damage_fade_update(damage_fade *f, float dt)
{
    if (f->steps_left <= 0) return;
    const float period = 1.0f / f->hz;
    f->accum += dt;
    while (f->accum >= period - 1e-6f) {
        f->accum -= period;
        if (f->due < f->steps_left) f->due++;
    }
}

void damage_fade_hit(damage_fade *f)
{
    if (f->steps_left == 0) f->accum = 0;
    f->steps_left = f->steps_full;
}

int damage_fade_take(damage_fade *f)
{
    int k = f->due < f->steps_left ? f->due : f->steps_left;
    if (k > DAMAGE_FADE_MAX_PER_FRAME) k = DAMAGE_FADE_MAX_PER_FRAME;
    if (k < 0) k = 0;
    f->due -= k;
    f->steps_left -= k;
    if (f->steps_left == 0) f->due = 0;
    return k;
}
