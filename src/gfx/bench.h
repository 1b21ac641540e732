/* bench.h — times a pass into scratch targets, so a benchmark never changes what the frame shows.
 *
 *   static void pass(void *user, gfx_pingpong *scratch, int rep) { ... draw into scratch->t[0] ... }
 *   gfx_bench_ms ms = gfx_bench_run(&(gfx_bench_desc){
 *       .target = { .width = 1024, .height = 1024, .color = { GL_RGBA8 } },  // the scratch pair
 *       .seed = &live_target,   // optional: colour 0 copied into both scratch targets first
 *       .reps = 10, .pass = pass, .user = &ctx });
 *
 * The run makes a ping-pong pair of scratch targets from desc.target (cleared to 0, or copied from
 * desc.seed), waits for the GPU (glFinish), calls pass reps times between one GL_TIME_ELAPSED
 * query and the wall clock, waits again, and deletes the scratch pair. Results are per
 * repetition: gpu from the query, wall up to glFinish (the honest number on a software
 * rasterizer). The pass draws only into the scratch pair, reading whatever it likes; the
 * framebuffer binding and viewport of the caller are restored, GL state goes through
 * gfx/state.h as everywhere. A scratch target that cannot be made returns {-1, -1} (logged).
 * The live pass timers (gfx/timer.h) are not involved: a bench is not a frame.
 */
#ifndef IMPRINT_GFX_BENCH_H
#define IMPRINT_GFX_BENCH_H

#include "gfx/target.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gfx_bench_ms {
    double gpu, wall;
} gfx_bench_ms;

typedef struct gfx_bench_desc {
    gfx_target_desc target;  /* scratch targets; label defaults to "bench" */
    const gfx_target *seed;  /* NULL: scratch cleared to 0 */
    int reps;                /* default 1 */
    void (*pass)(void *user, gfx_pingpong *scratch, int rep);
    void *user;
} gfx_bench_desc;

gfx_bench_ms gfx_bench_run(const gfx_bench_desc *desc);

#ifdef __cplusplus
}
#endif

#endif
