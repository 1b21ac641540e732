#include "wrinkle/core/wrinkle_expr.h"

#include "base/names.h"

#include <assert.h>
#include <math.h>
#include <string.h>

const char *const wrinkle_expr_names[WRINKLE_EXPR_COUNT + 1] = {"neutral", "angry", "surprised", "happy", "squint", "disgust", NULL};

/* columns: brow_raise, frown, smile, squint, jaw_open, nose_wrinkle */
static const float wrinkle_expr__weights[WRINKLE_EXPR_COUNT][HEAD_SHAPE_COUNT] = {
    [WRINKLE_EXPR_NEUTRAL] = {0, 0, 0, 0, 0, 0},
    [WRINKLE_EXPR_ANGRY] = {0.0f, 1.0f, 0.0f, 0.6f, 0.15f, 0.5f},
    [WRINKLE_EXPR_SURPRISED] = {1.0f, 0.0f, 0.0f, 0.0f, 0.7f, 0.0f},
    [WRINKLE_EXPR_HAPPY] = {0.15f, 0.0f, 1.0f, 0.5f, 0.2f, 0.0f},
    [WRINKLE_EXPR_SQUINT] = {0.0f, 0.3f, 0.0f, 1.0f, 0.0f, 0.2f},
    [WRINKLE_EXPR_DISGUST] = {0.0f, 0.5f, 0.25f, 0.3f, 0.1f, 1.0f},
};

const char *wrinkle_expr_name(int preset)
{
    return preset >= 0 && preset < WRINKLE_EXPR_COUNT ? wrinkle_expr_names[preset] : "?";
}

int wrinkle_expr_find(const char *name)
{
    return names_find(wrinkle_expr_names, name);
}

const float *wrinkle_expr_weights(int preset)
{
    assert(preset >= 0 && preset < WRINKLE_EXPR_COUNT);
    return wrinkle_expr__weights[preset];
}

void wrinkle_expr_approach(const float cur[HEAD_SHAPE_COUNT], const float target[HEAD_SHAPE_COUNT], float dt, float tau,
                           float out[HEAD_SHAPE_COUNT])
{
    assert(dt >= 0.0f);
    float keep = tau > 0.0f ? expf(-dt / tau) : 0.0f;
    for (int s = 0; s < HEAD_SHAPE_COUNT; s++) {
        float v = target[s] + (cur[s] - target[s]) * keep;
        /* land exactly: an exponential never arrives, and a weight of 1e-9 would still hold a layer */
        out[s] = fabsf(v - target[s]) < WRINKLE_EXPR_SNAP ? target[s] : v;
    }
}
