/* timer.h — GPU and CPU time per named pass, for the HUD, `stats` and `--bench`.
 *
 *   gfx_timers_init();                    once, after the GL context exists
 *   gfx_pass_begin("damage.unwrap");      pass names are string literals (stored by pointer)
 *   ... GL work ...
 *   gfx_pass_end();                       passes may nest; begin/end must pair
 *   gfx_timers_frame_end();               once per frame: collects results of older frames
 *   gfx_timers_shutdown();
 *
 * GPU time comes from GL_TIMESTAMP queries read back GFX_TIMER_LATENCY frames later, so the CPU
 * never waits for the GPU. Where GL has no timer queries (WebGL2 without EXT_disjoint_timer_query_webgl2,
 * gfx_timers_gpu() false) every GPU time reads 0 and only CPU times are measured. CPU time is the wall time between begin and end on the calling thread.
 * Every pass keeps its last GFX_TIMER_HISTORY samples for medians and percentiles, one per frame
 * it ran in: a pass timed in several intervals of one frame reports their sum. A pass seen
 * only once in a while (a fade at 10 Hz) has samples only for the frames it ran.
 * This is module state (like sokol_gfx's sg_setup): one GL context, one set of timers.
 */
#ifndef IMPRINT_GFX_TIMER_H
#define IMPRINT_GFX_TIMER_H

#include <stdbool.h>

#include "gfx/gl.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GFX_TIMER_MAX_PASSES 48
#define GFX_TIMER_HISTORY 1024
#define GFX_TIMER_LATENCY 4

typedef struct gfx_pass_stats {
    const char *name;
    float gpu_ms, cpu_ms;          /* most recent sample */
    int count;                     /* samples held (<= GFX_TIMER_HISTORY) */
    float gpu_hist[GFX_TIMER_HISTORY], cpu_hist[GFX_TIMER_HISTORY];
    long long total;               /* times the pass ran */
    long long last_frame;          /* frame (gfx_timers_frame_end count) it last began in */
    long long last_sample_frame;   /* frame of the newest sample (intervals of one frame add up) */
} gfx_pass_stats;

void gfx_timers_init(void);
void gfx_timers_shutdown(void);
void gfx_pass_begin(const char *name);
void gfx_pass_end(void);
void gfx_timers_frame_end(void);
/* Blocks until every issued query has a result (end of a bench run). */
void gfx_timers_flush(void);
int gfx_timers_count(void);
const gfx_pass_stats *gfx_timers_get(int i);
const gfx_pass_stats *gfx_timers_find(const char *name);
/* True when the pass ran within the last GFX_TIMER_RECENT frames (HUD: hide passes of other scenes;
 * a 10 Hz pass stays listed between its runs). */
#define GFX_TIMER_RECENT 12
bool gfx_timers_recent(const gfx_pass_stats *p);
/* The frame counter (gfx_timers_frame_end calls so far): remember it when a scene is entered and
 * list only passes whose last_frame is at least that (stats of the scene on screen, not stale ones). */
long long gfx_timers_frame(void);
/* Forget all samples (e.g. after warm-up frames). */
void gfx_timers_reset(void);
/* Whether GPU times are measured (timer queries exist). */
bool gfx_timers_gpu(void);
/* One GL_TIME_ELAPSED interval (benches): q = gfx_elapsed_begin(); ... ms = gfx_elapsed_end_ms(q);
 * waits for the result; 0 ms (and no query) where timers are unavailable. */
GLuint gfx_elapsed_begin(void);
double gfx_elapsed_end_ms(GLuint q);
/* Monotonic wall clock in seconds. */
double gfx_now(void);

#ifdef __cplusplus
}
#endif

#endif
