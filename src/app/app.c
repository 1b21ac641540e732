/* The frame loop: platform, renderer, the scenes of the registry, particles, the panel; one
 * frame is docs/architecture.md's "The path of one frame". The script runner is app_script.c,
 * what the app reports and draws over the scene app_report.c, the state they share app_state.h. */
#include "app/app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app_state.h"
#include "bb/core/bb_options.h"
#include "base/log.h"
#include "base/names.h"
#include "gfx/hud.h"
#include "gfx/panel.h"
#include "gfx/shader.h"
#include "gfx/timer.h"

/* Per frame, from the frame's take: see the input rule in base/input.h. */
static void app__keys(app *a)
{
    const app_input *in = &a->in;
    const int nscenes = registry_count();
    if (in->pressed[GLFW_KEY_TAB]) app_switch(a, (a->cur + 1) % nscenes);
    for (int i = 0; i < nscenes; i++)
        if (in->pressed[GLFW_KEY_F1 + i]) app_switch(a, i);
    if (in->pressed[GLFW_KEY_H]) a->help = !a->help;
    if (in->pressed[GLFW_KEY_U] && a->ui) ui_toggle(a->ui);
    if (in->pressed[GLFW_KEY_P]) {
        int off = post_settings_cycle(&a->post);
        log_info("post: %s", off < 0 ? "all effects on" : post_effect_names[off]);
    }
    if (in->pressed[GLFW_KEY_F12]) {
        char path[64];
        snprintf(path, sizeof path, "imprint-%s-%d.png", registry_name(a->cur), a->screenshots++);
        app_screenshot(a, path);
    }
    if (in->pressed[GLFW_KEY_V]) {
        /* cycle through the language's views: none -> the scene's own -> the app's -> none */
        const char *const *views = a->lang->views;
        const int nviews = names_count(views);
        for (int tries = 0; tries < nviews; tries++) {
            a->view_cycle = (a->view_cycle + 1) % nviews;
            if (a->view_cycle == 0) { a->view[0] = 0; break; }
            const char *n = views[a->view_cycle];
            if (app_has_view(a->cur, n)) {
                snprintf(a->view, sizeof a->view, "%s", n);
                break;
            }
        }
    }
    if (in->mouse_pressed[0] && !in->mouse_captured) {
        platform_set_mouse_capture(a->plat, true);
        /* the capturing click does not fire: the steps never see it, nor the button held */
        input_swallow(platform_input(a->plat), INPUT_FRAME, input_mouse_code(0));
    } else if (in->pressed[GLFW_KEY_ESCAPE]) {
        if (in->mouse_captured) platform_set_mouse_capture(a->plat, false);
        else platform_request_close(a->plat);
    }
}

static void app__fly(app *a, float dt)
{
    if (!registry_scene(a->cur)->free_camera) return;
    const app_input *in = &a->in;
    vec3 move = {(float)(in->down[GLFW_KEY_D] - in->down[GLFW_KEY_A]), (float)(in->down[GLFW_KEY_E] - in->down[GLFW_KEY_Q]),
                 (float)(in->down[GLFW_KEY_W] - in->down[GLFW_KEY_S])};
    move[0] += in->pad_axes[GLFW_GAMEPAD_AXIS_LEFT_X];
    move[2] -= in->pad_axes[GLFW_GAMEPAD_AXIS_LEFT_Y];
    vec2 look = {in->mouse_dx * 0.0025f + in->pad_axes[GLFW_GAMEPAD_AXIS_RIGHT_X] * 2.0f * dt,
                 -in->mouse_dy * 0.0025f - in->pad_axes[GLFW_GAMEPAD_AXIS_RIGHT_Y] * 2.0f * dt};
    if (glm_vec3_norm2(move) == 0 && look[0] == 0 && look[1] == 0) return;
    float speed = a->cam.speed;
    if (in->down[GLFW_KEY_LEFT_SHIFT]) a->cam.speed *= 3.0f;
    camera_fly(&a->cam, move, look, dt);
    a->cam.speed = speed;
}

/* The preset's renderer fields, from the parameters (a script, the panel or the governor may
 * have moved them). */
static bool app__quality(app *a)
{
    const params *p = a->params;
    return renderer_set_quality(a->r, params_f(p, params_id(quality_param_rows, QUALITY_P_SCALE)),
                                params_i(p, params_id(quality_param_rows, QUALITY_P_MSAA)),
                                params_i(p, params_id(quality_param_rows, QUALITY_P_SHADOW)));
}

void app_post_effective(const app *a, post_settings *out)
{
    *out = a->post; /* what the preset allows, of what is switched on */
    out->on[POST_SSAO] = out->on[POST_SSAO] && params_b(a->params, params_id(quality_param_rows, QUALITY_P_SSAO));
    out->on[POST_DOF] = out->on[POST_DOF] && params_b(a->params, params_id(quality_param_rows, QUALITY_P_DOF));
    out->on[POST_BLOOM] = out->on[POST_BLOOM] && params_b(a->params, params_id(quality_param_rows, QUALITY_P_BLOOM));
}

/* The governor measures the time from one frame's start to the next's and sets render.scale. */
static void app__govern(app *a, double t0)
{
    if (a->gov.target_ms > 0 && a->gov_last > 0) {
        const int id = params_id(quality_param_rows, QUALITY_P_SCALE);
        float s = governor_step(&a->gov, (float)((t0 - a->gov_last) * 1000.0));
        if (s != params_f(a->params, id)) params_set(a->params, id, s);
    }
    a->gov_last = t0;
}

static void app__render(app *a, int w, int h)
{
    if (!app__quality(a) || !renderer_resize(a->r, w, h)) return;
    a->ctx.width = w;
    a->ctx.height = h;
    const scene_vtable *vt = registry_scene(a->cur);
    void *s = a->inst[a->cur];
    float aspect = (float)w / (float)h;
    mat4 view, proj;
    camera_matrices(&a->cam, aspect, view, proj);
    const int interval = params_i(a->params, params_id(quality_param_rows, QUALITY_P_SHADOW_INTERVAL));
    const bool reuse = renderer_reuse_shadow(a->r, interval > 1 && a->frame % interval != 0 && a->frame != a->switched_frame);
    renderer_begin_frame(a->r, view, proj, a->cam.pos, (float)a->ctx.time);
    post_settings post;
    app_post_effective(a, &post);
    renderer_set_post(a->r, &post, (float)a->post_dt);
    if (vt->prepare) vt->prepare(s);
    fx_prepare(a->fx, &a->cam, aspect);
    if (!reuse) {
        renderer_shadow_begin(a->r);
        vt->draw(s, SCENE_PASS_SHADOW);
        renderer_shadow_end(a->r);
    }
    renderer_main_begin(a->r);
    vt->draw(s, SCENE_PASS_MAIN);
    renderer_opaque_end(a->r);
    fx_set_frame_blend(a->fx, params_b(a->params, params_id(bb_param_rows, BB_P_FRAME_BLEND)));
    fx_set_params(a->fx, a->params);
    if (params_b(a->params, params_id(bb_param_rows, BB_P_DRAW))) fx_draw(a->fx, a->r);
    renderer_finish(a->r);
    gfx_target_bind(renderer_output(a->r)); /* overlays at the output size, crisp */
    app_overlays(a, w, h);
    if (a->ui) {
        /* the panel goes into the LDR target too, so screenshots show it (--ui headless) */
        ui_frame uf = {.width = w, .height = h, .dt = a->frame_dt, .scene = registry_name(a->cur), .params = a->params,
                       .scenes = a->lang->scene_names, .scene_index = a->cur, .vocab = vt->script, .view = a->view,
                       .post = &a->post, .mouse_captured = platform_input(a->plat)->captured};
        int nv = 0;
        for (int i = 0; a->lang->views[i] && nv < UI_MAX_VIEWS; i++)
            if (i == 0 || app_has_view(a->cur, a->lang->views[i])) uf.views[nv++] = a->lang->views[i]; /* [0]: none */
        a->nui_cmds = ui_draw(a->ui, &uf, a->ui_cmds);
    }
}

static bool app__init(app *a)
{
    const options *o = a->opt;
    a->plat = platform_create(&(platform_desc){.width = o->width, .height = o->height, .headless = o->headless,
                                               .title = "imprint"});
    if (!a->plat) return false;
    bool headless = platform_headless(a->plat);
    a->r = renderer_create(&(renderer_desc){.width = o->width, .height = o->height, .msaa = headless ? 1 : 4,
                                            .shadow_size = headless ? 1024 : 2048});
    if (!a->r) return false;
    gfx_timers_init();
    if (!gfx_hud_init() || !gfx_panel_init()) return false;
    a->params = params_create();
    if (!a->params) return false;
    /* the preset first, then --set over it */
    char qerr[256];
    const int qi = names_find(quality_names, o->quality);
    const char *gl_renderer = platform_gl_renderer();
    a->quality = qi == QUALITY_AUTO || qi < 0 ? quality_auto(gl_renderer, headless) : qi;
    if (!quality_apply(a->params, a->quality, qerr, sizeof qerr)) {
        log_error("%s", qerr);
        return false;
    }
    if (headless) { /* the pictures tests and docs keep: single-sampled, a shadow map of at most 1024 (--set overrides) */
        params_set(a->params, params_id(quality_param_rows, QUALITY_P_MSAA), 1.0f);
        const int sid = params_id(quality_param_rows, QUALITY_P_SHADOW);
        if (params_f(a->params, sid) > 1024.0f) params_set(a->params, sid, 1024.0f);
    }
    bool scale_set = false;
    for (int i = 0; i < o->nsets; i++) {
        scale_set = scale_set || !strcmp(o->sets[i][0], "render.scale");
        char err[256];
        if (!params_set_text(a->params, o->sets[i][0], o->sets[i][1], err, sizeof err)) {
            log_error("--set: %s", err); /* options_parse checked it: cannot happen */
            return false;
        }
    }
    a->ctx = (scene_ctx){.opt = o, .r = a->r, .cam = &a->cam, .seed = o->seed, .headless = headless,
                         .width = o->width, .height = o->height, .params = a->params, .view = a->view,
                         .showpieces = a->showpieces, .nshowpieces = registry_showpieces(a->showpieces)};
    a->ui = ui_create(&(ui_desc){.window = platform_window(a->plat), .shown = o->ui});
    if (!a->ui && o->ui) log_warn("--ui: no panel (see above)");
    a->fx = fx_create(o, o->seed);
    fx_bind(a->fx, &a->ctx.fx);
    /* frames: --frames, else until the script ends, else (headless) 60, (bench) 240, (window) forever */
    a->max_frames = o->frames;
    if (a->max_frames < 0 && !a->scr && (headless || o->bench)) a->max_frames = o->bench ? 240 : 60;
    a->step_dt = o->fixed_dt > 0 ? o->fixed_dt : 1.0 / o->step_hz;
    post_settings_default(&a->post);
    /* the governor: --target-fps, else in a window (and on the page) at every preset, 30 fps on a
     * CPU renderer and 60 on a GPU, so a slow machine gets fewer pixels, not a slideshow; headless
     * and scripted runs stay fixed and deterministic; a fixed --set render.scale wins */
    const bool cpu_renderer = quality_auto(gl_renderer, false) == QUALITY_LOW;
    const int fps = o->target_fps >= 0 ? o->target_fps : (!headless && !a->scr ? (cpu_renderer ? 30 : 60) : 0);
    governor_init(&a->gov, scale_set ? 0.0f : (float)fps, params_f(a->params, params_id(quality_param_rows, QUALITY_P_SCALE)));
    if (!headless) /* headless stdout may be a --bench JSON */
        log_info("quality %s (%s)%s", quality_names[a->quality], gl_renderer ? gl_renderer : "?",
                 a->gov.target_ms > 0 ? ", governor on" : "");
    return app_switch(a, registry_find(o->scene));
}

static void app__shutdown(app *a)
{
    if (a->entered && registry_scene(a->cur)->leave) registry_scene(a->cur)->leave(a->inst[a->cur]);
    for (int i = 0; i < registry_count(); i++)
        if (a->inst[i]) registry_scene(i)->destroy(a->inst[i]);
    fx_destroy(a->fx);
    ui_destroy(a->ui);
    params_destroy(a->params);
    if (a->r) {
        gfx_panel_shutdown();
        gfx_hud_shutdown();
        gfx_fullscreen_shutdown();
        gfx_timers_shutdown();
        renderer_destroy(a->r);
    }
    platform_destroy(a->plat);
    free(a->frame_ms);
}

/* One frame of the loop; false when the run is over (closed, quit, frames or script done). */
static bool app__frame(void *user)
{
    app *a = user;
    const options *opt = a->opt;
    if (a->quit || platform_should_close(a->plat)) return false;
    double t0 = platform_time();
    app__govern(a, t0);
    platform_poll(a->plat);
    input_take(platform_input(a->plat), INPUT_FRAME, &a->in);
    app__keys(a);
    int w, h;
    platform_framebuffer_size(a->plat, &w, &h);
    double frame_dt = a->realtime ? t0 - a->last_time : a->step_dt;
    a->last_time = t0;
    if (frame_dt > 0.25) frame_dt = 0.25; /* after a stall (debugger, drag): slow down, never spiral */
    if (frame_dt > 0.0 && a->frame > 0) {
        /* smooth the frame time, not the rate: one tiny first interval must not dominate */
        a->smooth_dt = a->smooth_dt > 0 ? a->smooth_dt * 0.9 + frame_dt * 0.1 : frame_dt;
        a->fps = (float)(1.0 / a->smooth_dt);
    }

    const bool redraw = a->redraw; /* a capture pair's second drawing: no step, no time */
    a->redraw = false;
    app_due_commands(a);
    /* fixed steps; without real time exactly one step per frame, so runs are reproducible.
     * Each step takes the input edges since the previous step (frames without a step keep
     * them; a second step in this frame sees none), so no tap is lost or counted twice. */
    if (!redraw) a->accum += a->realtime ? frame_dt : a->step_dt;
    double before = a->ctx.time;
    while (!redraw && a->accum >= a->step_dt - 1e-9) {
        input_take(platform_input(a->plat), INPUT_STEP, &a->step_in);
        registry_scene(a->cur)->update(a->inst[a->cur], &a->step_in, (float)a->step_dt);
        fx_update(a->fx, (float)a->step_dt);
        a->steps++;
        a->ctx.time = a->steps * a->step_dt;
        a->accum -= a->step_dt;
    }
    a->post_dt = a->ctx.time - before;
    app__fly(a, (float)frame_dt);

    a->frame_dt = (float)frame_dt;
    a->nui_cmds = 0;
    if (w > 0 && h > 0) app__render(a, w, h); /* minimized: 0x0, nothing to draw */
    for (int i = 0; i < a->nui_cmds; i++)
        if (!app_command(a, &a->ui_cmds[i])) log_warn("panel: '%s %s' failed", a->ui_cmds[i].name, a->ui_cmds[i].str);
    for (int i = 0; i < a->npending; i++) app_run_cmd(a, a->pending[i]);
    platform_present(a->plat, renderer_final(a->r));
    gfx_timers_frame_end();
    for (GLenum e; (e = glGetError()) != GL_NO_ERROR;) {
        /* a GL error is a bug somewhere in the frame: say so, once per frame, keep going */
        log_warn("GL error 0x%x in frame %ld (%s scene)", e, a->frame, registry_name(a->cur));
        a->gl_errors++;
    }
    if (!a->redraw) a->frame++; /* a redraw next: the same frame drawn again, under its number */

    if (opt->bench) {
        if (a->frame == APP_BENCH_WARMUP) gfx_timers_reset();
        if (a->frame > APP_BENCH_WARMUP || (a->max_frames > 0 && a->max_frames <= APP_BENCH_WARMUP)) {
            if (a->nframe_ms == a->frame_ms_cap) {
                a->frame_ms_cap = a->frame_ms_cap ? a->frame_ms_cap * 2 : 1024;
                float *n = realloc(a->frame_ms, (size_t)a->frame_ms_cap * sizeof *n);
                if (!n) return false;
                a->frame_ms = n;
            }
            glFinish(); /* frame time includes the GPU's work */
            a->frame_ms[a->nframe_ms++] = (float)((platform_time() - t0) * 1000.0);
        }
    }
    if (a->headless && platform_time() - a->last_progress > 5.0) {
        /* long headless runs (bench, docs scripts on a software renderer) say how far they are,
         * on stderr so a JSON bench on stdout stays clean */
        a->last_progress = platform_time();
        if (a->max_frames > 0) fprintf(stderr, "imprint: frame %ld of %ld (t=%.2fs)\n", a->frame, a->max_frames, a->ctx.time);
        else fprintf(stderr, "imprint: frame %ld (t=%.2fs of the script's %.2fs)\n", a->frame, a->ctx.time,
                     a->scr && a->scr->count ? a->scr->cmds[a->scr->count - 1].time : 0.0);
    }
    if (a->max_frames > 0 && a->frame >= a->max_frames) return false;
    if (a->max_frames < 0 && a->scr && a->next_cmd >= a->scr->count) return false; /* the script is done */
    return true;
}

/* After the last frame: the picture, the bench, shutdown. The run's exit status. */
static int app__finish(void *user)
{
    app *a = user;
    const options *opt = a->opt;
    const script *scr = a->scr;
    if (scr && a->next_cmd < scr->count)
        log_warn("stopped at t=%.3fs before the script's command at line %d (t=%.3fs)", a->ctx.time,
                 scr->cmds[a->next_cmd].line, scr->cmds[a->next_cmd].time);
    if (opt->stats[0] && !app_stats(a, opt->stats)) a->failures++;
    if (opt->screenshot[0] && !app_screenshot(a, opt->screenshot)) a->failures++;
    else if (a->headless && !opt->screenshot[0] && (!scr || a->showcase) && !opt->bench) {
        char path[64];
        snprintf(path, sizeof path, "imprint-%s.png", registry_name(a->cur));
        if (!app_screenshot(a, path)) a->failures++;
    }
    if (opt->bench) app_bench_report(a);
    app__shutdown(a);
    script_free(&a->show);
    int rc = a->failures ? 1 : 0;
    free(a);
    return rc;
}

int app_run(const options *opt, const script *scr)
{
    app *a = calloc(1, sizeof *a); /* on the heap: a browser's loop outlives this call */
    if (!a) return 1;
    *a = (app){.opt = opt, .lang = registry_lang(), .scr = scr};
    const script none = {.file = "(no script)"};
    if (!app_check_script(a->lang, scr ? scr : &none, opt)) {
        free(a);
        return 2;
    }
    if (!app__init(a)) {
        app__shutdown(a);
        free(a);
        return 1;
    }
    a->headless = platform_headless(a->plat);
    /* headless with nothing asked for: play the scene's showcase, picture at its end */
    a->showcase = a->headless && opt->frames < 0 && !scr && !opt->bench;
    if (a->showcase) {
        char err[512], name[64];
        snprintf(name, sizeof name, "showcase:%s", registry_name(a->cur));
        err[0] = '\0';
        const char *text = registry_scene(a->cur)->showcase ? registry_scene(a->cur)->showcase : "0 quit\n";
        if (!script_parse(a->lang, text, name, &a->show, err, sizeof err) || !app_check_script(a->lang, &a->show, opt)) {
            if (err[0]) log_error("%s", err);
            app__shutdown(a);
            script_free(&a->show);
            free(a);
            return 1;
        }
        a->scr = &a->show;
        a->max_frames = -1;
    }
    a->realtime = !a->headless && opt->fixed_dt <= 0;
    a->last_time = platform_time();
    a->last_progress = a->last_time;
    return platform_run(a->plat, app__frame, app__finish, a);
}
