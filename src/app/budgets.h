/* budgets.h — the frame's budget per pass (docs/perf.md, "Budgets per pass"): what each timed pass
 * may cost, per renderer class (a GPU, or a CPU renderer: llvmpipe, softpipe, SwiftShader) and
 * size (1920x1080, 960x540). The table is docs/perf.md's, embedded at build time
 * (tools/embed_budgets.cmake, which stops the build on a pass no gfx_pass_begin in src/ starts).
 *
 *   int col = budget_column(gl_renderer, width, height);   the class, and the nearer size by pixels
 *   float ms = budget_ms("post.grade", col);               < 0: the pass has no budget there
 *
 * A pass is over its budget when the larger of its GPU and CPU medians is (`--bench` marks it:
 * "budget_ms" and "over_budget" in its object, the column and the passes over it at the top,
 * one log line each; tools/gpu_bench.sh marks them in its table).
 */
#ifndef IMPRINT_APP_BUDGETS_H
#define IMPRINT_APP_BUDGETS_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { BUDGET_GPU_1080, BUDGET_GPU_540, BUDGET_CPU_1080, BUDGET_CPU_540, BUDGET_COLUMNS };

typedef struct budget_row {
    const char *pass;
    float ms[BUDGET_COLUMNS]; /* < 0: none */
} budget_row;

extern const budget_row budget_rows[];
extern const int budget_row_count;
/* "GPU 1920x1080", "GPU 960x540", "CPU renderer 1920x1080", "CPU renderer 960x540" */
extern const char *const budget_column_names[BUDGET_COLUMNS];

int budget_column(const char *gl_renderer, int width, int height);
float budget_ms(const char *pass, int column);
/* The time budget_ms is held against: the larger of a pass's GPU and CPU medians. */
static inline float budget_cost(float gpu_ms, float cpu_ms) { return gpu_ms > cpu_ms ? gpu_ms : cpu_ms; }

#ifdef __cplusplus
}
#endif

#endif
