#include "base/post_settings.h"

#include <assert.h>
#include <stddef.h>

const char *const post_effect_names[POST_EFFECT_COUNT + 1] = {
    [POST_BLOOM] = "bloom", [POST_SSAO] = "ssao",   [POST_DOF] = "dof",           [POST_FXAA] = "fxaa",
    [POST_SHARPEN] = "sharpen", [POST_GRADE] = "grade", [POST_EXPOSURE] = "exposure", [POST_EFFECT_COUNT] = NULL,
};

void post_settings_default(post_settings *ps)
{
    assert(ps);
    for (int i = 0; i < POST_EFFECT_COUNT; i++) ps->on[i] = true;
    ps->cycle = 0;
}

int post_settings_cycle(post_settings *ps)
{
    assert(ps);
    ps->cycle = (ps->cycle + 1) % (POST_EFFECT_COUNT + 1);
    for (int i = 0; i < POST_EFFECT_COUNT; i++) ps->on[i] = true;
    if (ps->cycle == 0) return -1;
    ps->on[ps->cycle - 1] = false;
    return ps->cycle - 1;
}
