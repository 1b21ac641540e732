/* app_state.h — the app's state, shared by its files (internal to src/app):
 * app.c runs the frame loop (init, keys, free camera, render, shutdown); app_script.c checks a
 * script before the first frame and runs commands (the app's own, the current scene's);
 * app_report.c writes what the app reports (screenshots, stats, params, bench) and draws the
 * overlays (HUD line, pass times, debug view, key help).
 */
#ifndef IMPRINT_APP_APP_STATE_H
#define IMPRINT_APP_APP_STATE_H

#include "app/platform.h"
#include "app/registry.h"
#include "app/ui.h"
#include "scene/fx.h"
#include "base/post_settings.h"
#include "base/quality.h"
#include "scene/scene.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { APP_MAX_PENDING = 64, APP_BENCH_WARMUP = 10 };

typedef struct app {
    camera cam;
    const options *opt;
    const script_lang *lang; /* the registry's (registry_lang) */
    const script *scr;
    int next_cmd;
    platform *plat;
    renderer *r;
    fx_system *fx;
    params *params; /* the registry the scenes read (scene_ctx.params) */
    ui *ui;         /* the panel; NULL when its backend could not start */
    script_cmd ui_cmds[UI_MAX_CMDS]; /* this frame's panel buttons, run like script commands */
    int nui_cmds;
    float frame_dt;
    scene_ctx ctx;
    scene_showpiece showpieces[REGISTRY_MAX]; /* scene_ctx.showpieces */
    void *inst[REGISTRY_MAX];
    int cur;
    long long scene_since; /* timer frame at which the current scene was entered */
    bool entered;          /* inst[cur] has had its enter() */
    app_input in;          /* this frame's take (INPUT_FRAME): app keys, free camera */
    app_input step_in;     /* the current fixed step's take (INPUT_STEP): the scene's controls */
    char view[64];
    float view_rect[2]; /* top-left of the debug view panel, for its caption */
    int view_cycle;
    bool help;
    post_settings post; /* which post effects run: 'post NAME on|off', key P */
    int quality;        /* the preset (QUALITY_LOW..HIGH) --quality chose */
    governor gov;       /* the frame-time governor of render.scale (gov.target_ms 0: off) */
    long switched_frame; /* the frame the current scene was entered at */
    double gov_last;    /* platform_time of the previous frame's start (the governor's measure) */
    double post_dt;     /* simulated time this frame advanced (exposure adaptation) */
    long steps, frame, max_frames;
    double step_dt, accum;
    bool quit;
    int failures, screenshots;
    long gl_errors;
    float *frame_ms;
    int nframe_ms, frame_ms_cap;
    double last_time, smooth_dt;
    float fps;
    int pending[APP_MAX_PENDING];
    int npending;
    bool redraw; /* the next frame draws the same step again (a capture pair: app_due_commands) */
    bool headless, realtime, showcase;
    script show;          /* the showcase script a headless run plays when nothing else is asked */
    double last_progress; /* platform_time of the last progress line (long headless runs) */
} app;

/* app_script.c */
/* Before the first frame: every scene command in a scene that has it, then each scene's own
 * check_script (s may be empty). False after one line on stderr. */
bool app_check_script(const script_lang *l, const script *s, const options *o);
bool app_switch(app *a, int scene);
bool app_command(app *a, const script_cmd *c);
/* State commands due now run before the simulation step; captures wait for the rendered frame.
 * A state command with the same time as a capture before it waits for a redraw: the next frame
 * runs no step and draws the same simulated moment again, so `T screenshot a; T post bloom off;
 * T screenshot b` gives two pictures of one frame that differ only in the toggle. */
void app_due_commands(app *a);
void app_run_cmd(app *a, int i);
/* Index of an app view (script_app_views), -1 when name is none of them. */
int app_own_view(const char *name);
/* A view the scene (or the app) can show, from its vocab: nothing is rendered. */
bool app_has_view(int scene, const char *name);

/* app.c: the post effects that run: switched on ('post', key P) and allowed by the preset. */
void app_post_effective(const app *a, post_settings *out);

/* app_report.c */
bool app_screenshot(app *a, const char *path);
/* The rectangle x y w h (pixels from the top left) of the frame alone; false when it leaves it. */
bool app_screenshot_rect(app *a, const char *path, int x, int y, int w, int h);
bool app_stats(app *a, const char *path);
bool app_params(app *a, const char *path);
void app_bench_report(app *a);
void app_overlays(app *a, int w, int h);

#ifdef __cplusplus
}
#endif

#endif
