#include "gfx/bench.h"

#include <assert.h>

#include "gfx/state.h"
#include "gfx/timer.h"

gfx_bench_ms gfx_bench_run(const gfx_bench_desc *desc)
{
    assert(desc && desc->pass);
    const int reps = desc->reps > 0 ? desc->reps : 1;
    GLint prev_fbo = 0, prev_viewport[4] = {0};
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &prev_fbo);
    glGetIntegerv(GL_VIEWPORT, prev_viewport);

    gfx_target_desc td = desc->target;
    if (!td.label) td.label = "bench";
    gfx_pingpong scratch = {0};
    if (!gfx_pingpong_create(&scratch, &td)) return (gfx_bench_ms){-1, -1};
    for (int i = 0; i < 2; i++) {
        GLbitfield clear = td.depth ? GL_DEPTH_BUFFER_BIT : 0;
        if (desc->seed) gfx_target_resolve(desc->seed, &scratch.t[i], false);
        else clear |= GL_COLOR_BUFFER_BIT;
        gfx_target_bind(&scratch.t[i]);
        glClearColor(0, 0, 0, 0);
        if (clear) gfx_state_clear(clear);
    }
    glFinish();
    double t0 = gfx_now();
    GLuint q = gfx_elapsed_begin();
    for (int r = 0; r < reps; r++) desc->pass(desc->user, &scratch, r);
    double gpu_ms = gfx_elapsed_end_ms(q);
    glFinish();
    double wall = gfx_now() - t0;
    gfx_pingpong_destroy(&scratch);

    glBindFramebuffer(GL_FRAMEBUFFER, (GLuint)prev_fbo);
    glViewport(prev_viewport[0], prev_viewport[1], prev_viewport[2], prev_viewport[3]);
    return (gfx_bench_ms){gpu_ms / (double)reps, wall * 1e3 / (double)reps};
}
