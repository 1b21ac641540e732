#include "wrinkle/core/wrinkle_cycle.h"

#include <assert.h>
#include <math.h>
#include <string.h>

static void wrinkle_cycle__go(wrinkle_cycle *c, int preset, bool cycling)
{
    c->expr = preset;
    c->cycling = cycling;
    memcpy(c->target, wrinkle_expr_weights(preset), sizeof c->target);
}

void wrinkle_cycle_init(wrinkle_cycle *c)
{
    memset(c, 0, sizeof *c);
    wrinkle_cycle__go(c, WRINKLE_EXPR_NEUTRAL, true);
}

void wrinkle_cycle_pick(wrinkle_cycle *c, int preset)
{
    assert(preset >= 0 && preset < WRINKLE_EXPR_COUNT);
    wrinkle_cycle__go(c, preset, false);
}

void wrinkle_cycle_resume(wrinkle_cycle *c) { c->cycling = true; }

void wrinkle_cycle_set_shape(wrinkle_cycle *c, int shape, float weight)
{
    assert(shape >= 0 && shape < HEAD_SHAPE_COUNT);
    c->target[shape] = weight < 0.0f ? 0.0f : weight > 1.0f ? 1.0f : weight;
    c->cycling = false;
    c->expr = -1;
}

bool wrinkle_cycle_update(wrinkle_cycle *c, float dt)
{
    if (c->cycling) {
        c->time += dt;
        int k = (int)(c->time / WRINKLE_CYCLE_HOLD_S) % WRINKLE_EXPR_COUNT;
        if (k != c->expr) wrinkle_cycle__go(c, k, true);
    }
    float before[HEAD_SHAPE_COUNT];
    memcpy(before, c->weight, sizeof before);
    wrinkle_expr_approach(c->weight, c->target, dt, WRINKLE_EXPR_TAU, c->weight);
    bool moved = false;
    for (int s = 0; s < HEAD_SHAPE_COUNT; s++)
        if (fabsf(c->weight[s] - before[s]) > 1e-6f) moved = true;
    return moved;
}

const char *wrinkle_cycle_label(const wrinkle_cycle *c) { return c->expr >= 0 ? wrinkle_expr_name(c->expr) : "custom"; }
