#include "app/app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bb/fx.h"
#include "app/platform.h"
#include "gfx/scene.h"
#include "app/ui.h"
#include "app/showcase.h"
#include "base/log.h"
#include "base/names.h"
#include "base/post_settings.h"
#include "base/stats.h"
#include "mud/core/level.h"
#include "mud/core/mud_sim.h"
#include "gfx/dump.h"
#include "gfx/hud.h"
#include "gfx/panel.h"
#include "gfx/shader.h"
#include "gfx/timer.h"

enum { APP_SCENES = SCRIPT_SCENE_COUNT, APP_MAX_PENDING = 64, APP_BENCH_WARMUP = 10 };

/* Indexed like script_scene_names, the one table of scene names. */
static const scene_vtable *const app_scenes[APP_SCENES] = {
    [SCRIPT_SCENE_RANGE] = &scene_range,
    [SCRIPT_SCENE_MUD] = &scene_mud,
    [SCRIPT_SCENE_FACE] = &scene_face,
    [SCRIPT_SCENE_DISSOLVE] = &scene_dissolve,
};

static const char app_keys_help[] =
    "Tab / F1-F4  switch scene\n"
    "click        capture the mouse (Esc releases; Esc again quits)\n"
    "WASD + mouse fly the camera (Q/E down/up, Shift faster)\n"
    "V            cycle debug views\n"
    "P            post effects: the next one off (all on after the last)\n"
    "F12          screenshot (imprint-<scene>-<n>.png)\n"
    "U            parameter panel\n"
    "H            this help";

typedef struct app {
    camera cam;
    mud_level level; /* --level, loaded before the first frame (scene_ctx.level) */
    const options *opt;
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
    void *inst[APP_SCENES];
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
} app;

static int app__scene_index(const char *name) { return names_find(script_scene_names, name); }

static const char *app__name(int scene) { return script_scene_names[scene]; }

static bool app__is_app_op(script_op op)
{
    return op == SCRIPT_SCENE || op == SCRIPT_CAMERA || op == SCRIPT_VIEW || op == SCRIPT_SCREENSHOT ||
           op == SCRIPT_DUMP || op == SCRIPT_STATS || op == SCRIPT_QUIT || op == SCRIPT_SET ||
           op == SCRIPT_PARAMS || op == SCRIPT_POST;
}

static bool app__is_capture_op(script_op op)
{
    return op == SCRIPT_SCREENSHOT || op == SCRIPT_DUMP || op == SCRIPT_STATS || op == SCRIPT_QUIT ||
           op == SCRIPT_PARAMS;
}

/* Before the first frame: every technique command must reach a scene that implements it. */
static bool app__check_script(const script *s, const options *o, const mud_level *lv)
{
    int cur = app__scene_index(o->scene);
    for (int i = 0; i < s->count; i++) {
        const script_cmd *c = &s->cmds[i];
        if (c->op == SCRIPT_SCENE) cur = app__scene_index(c->str);
        /* values whose valid range depends on other options are checked here, before any frame */
        if (c->op == SCRIPT_TRUCK) {
            const double lo = MUD_TRUCK_MARGIN, hi = lv->size - MUD_TRUCK_MARGIN;
            if (c->num[0] < lo || c->num[1] < lo || c->num[0] > hi || c->num[1] > hi) {
                fprintf(stderr, "imprint: %s:%d: truck: X and Z must be in %g..%g (the level is %d m; --level-size changes it), got %g %g\n",
                        s->file, c->line, lo, hi, lv->size, (double)c->num[0], (double)c->num[1]);
                return false;
            }
        }
        if (c->op == SCRIPT_PLANT || c->op == SCRIPT_CHUNK) {
            const float x = c->num[0], z = c->num[1];
            if (x < 0 || z < 0 || x > lv->size || z > lv->size) {
                fprintf(stderr, "imprint: %s:%d: %s: X and Z must be in 0..%d (the level is %d m), got %g %g\n", s->file, c->line,
                        script_op_name(c->op), lv->size, lv->size, (double)x, (double)z);
                return false;
            }
        }
        if (app__is_app_op(c->op)) continue;
        const scene_vtable *vt = app_scenes[cur];
        if (vt->supports && vt->supports(c->op)) continue;
        const char *owner = NULL;
        for (int k = 0; k < APP_SCENES; k++)
            if (app_scenes[k]->supports && app_scenes[k]->supports(c->op)) owner = app__name(k);
        if (owner)
            fprintf(stderr, "imprint: %s:%d: '%s' needs the %s scene, but the scene there is %s (add 'scene %s' before it)\n",
                    s->file, c->line, script_op_name(c->op), owner, app__name(cur), owner);
        else
            fprintf(stderr, "imprint: %s:%d: '%s' is not available yet: no scene of this build implements it\n",
                    s->file, c->line, script_op_name(c->op));
        return false;
    }
    return true;
}

static void *app__scene(app *a, int i)
{
    if (!a->inst[i]) {
        a->inst[i] = app_scenes[i]->create(&a->ctx);
        if (!a->inst[i]) log_error("scene %s could not be created (see above)", app__name(i));
    }
    return a->inst[i];
}

static bool app__switch(app *a, int i)
{
    if (!app__scene(a, i)) return false;
    if (a->inst[a->cur] && i != a->cur && app_scenes[a->cur]->leave) app_scenes[a->cur]->leave(a->inst[a->cur]);
    if ((i != a->cur || !a->entered) && app_scenes[i]->enter) app_scenes[i]->enter(a->inst[i]);
    a->entered = true;
    a->cur = i;
    a->scene_since = gfx_timers_frame();
    /* each scene starts with the default lens; a scene that wants another sets it itself */
    a->cam.fov_y = glm_rad(60.0f);
    a->cam.znear = 0.05f;
    a->cam.zfar = 1000.0f;
    a->view[0] = 0;
    a->view_cycle = 0;
    renderer_post_reset(a->r);
    fx_clear(a->fx);
    return true;
}

static bool app__screenshot(app *a, const char *path)
{
    const gfx_target *ldr = renderer_ldr(a->r);
    unsigned char *px = malloc((size_t)ldr->width * ldr->height * 4);
    if (!px) return false;
    gfx_target_read_rgba8(ldr, px);
    for (size_t i = 0; i < (size_t)ldr->width * ldr->height; i++) px[i * 4 + 3] = 255;
    bool ok = gfx_write_png(path, ldr->width, ldr->height, 4, px, true);
    free(px);
    if (ok) log_info("wrote %s (%dx%d)", path, ldr->width, ldr->height);
    return ok;
}

/* Only passes that ran since the current scene was entered: another scene's timings are stale. */
static void app__pass_times(const app *a, json_writer *w, const char *key, bool gpu)
{
    json_object_begin(w, key);
    for (int i = 0; i < gfx_timers_count(); i++) {
        const gfx_pass_stats *p = gfx_timers_get(i);
        if (p->count && p->last_frame >= a->scene_since) json_number(w, p->name, gpu ? p->gpu_ms : p->cpu_ms);
    }
    json_object_end(w);
}

/* Resident set size from /proc/self/status (0 where there is none): the soak test
 * (tools/soak.sh) watches it grow, or not, over thousands of frames. */
static long app__rss_kb(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    if (!f) return 0;
    char line[256];
    long kb = 0;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "VmRSS: %ld kB", &kb) == 1) break;
    fclose(f);
    return kb;
}

static bool app__stats(app *a, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        log_error("stats %s: cannot open for writing", path);
        return false;
    }
    json_writer w;
    json_begin(&w, f);
    json_object_begin(&w, NULL);
    json_int(&w, "frame", a->frame);
    json_number(&w, "time", a->ctx.time);
    json_string(&w, "scene", app__name(a->cur));
    json_number(&w, "fps", a->fps);
    json_int(&w, "steps", a->steps);
    json_bool(&w, "mouse_captured", platform_input(a->plat)->captured);
    /* errors of frames already finished; this frame's are counted when it ends */
    json_int(&w, "gl_errors", a->gl_errors);
    json_int(&w, "rss_kb", app__rss_kb());
    app__pass_times(a, &w, "gpu_ms", true);
    app__pass_times(a, &w, "cpu_ms", false);
    fx_stats(a->fx, &w);
    if (a->ui) ui_write_stats(a->ui, &w);
    if (app_scenes[a->cur]->stats) app_scenes[a->cur]->stats(a->inst[a->cur], &w);
    json_object_end(&w);
    bool ok = json_end(&w);
    fclose(f);
    if (!ok) log_error("stats %s: write failed", path);
    return ok;
}

static bool app__params(app *a, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        log_error("params %s: cannot open for writing", path);
        return false;
    }
    json_writer w;
    json_begin(&w, f);
    params_write_json(a->params, &w, NULL);
    bool ok = json_end(&w);
    fclose(f);
    if (!ok) log_error("params %s: write failed", path);
    return ok;
}

/* Views the app shows in every scene: the shadow map and the post stack's targets. */
static bool app__own_view(const char *name)
{
    return !strcmp(name, "shadow") || !strcmp(name, "ssao") || !strcmp(name, "bloom") || !strcmp(name, "coc");
}

/* A view the current scene (or the app) can show, from the scene's list: nothing is rendered. */
static bool app__has_view(const scene_vtable *vt, const char *name)
{
    return app__own_view(name) || (vt->views && names_find(vt->views, name) >= 0);
}

static bool app__set_view(app *a, const char *name)
{
    if (!strcmp(name, "none") || app__own_view(name)) {
        snprintf(a->view, sizeof a->view, "%s", strcmp(name, "none") ? name : "");
        return true;
    }
    const scene_vtable *vt = app_scenes[a->cur];
    scene_view v;
    if (!vt->view || !vt->view(a->inst[a->cur], name, &v)) {
        log_error("view %s: not available in the %s scene", name, app__name(a->cur));
        return false;
    }
    snprintf(a->view, sizeof a->view, "%s", name);
    return true;
}

static bool app__command(app *a, const script_cmd *c)
{
    const scene_vtable *vt = app_scenes[a->cur];
    switch (c->op) {
    case SCRIPT_SCENE: return app__switch(a, app__scene_index(c->str));
    case SCRIPT_CAMERA:
        camera_look_at(a->ctx.cam, (vec3){c->num[0], c->num[1], c->num[2]}, (vec3){c->num[3], c->num[4], c->num[5]});
        a->ctx.camera_from_script = true;
        return true;
    case SCRIPT_VIEW: return app__set_view(a, c->str);
    case SCRIPT_SCREENSHOT: return app__screenshot(a, c->path);
    case SCRIPT_STATS: return app__stats(a, c->path);
    case SCRIPT_QUIT: a->quit = true; return true;
    case SCRIPT_PARAMS: return app__params(a, c->path);
    case SCRIPT_SET: {
        char err[256];
        if (params_set_text(a->params, c->str, c->path, err, sizeof err)) return true;
        log_error("set: %s", err);
        return false;
    }
    case SCRIPT_POST: a->post.on[c->index] = c->num[0] != 0; return true;
    case SCRIPT_DUMP:
        if (!strcmp(c->str, "shadow")) {
            bool ok = gfx_dump_texture(renderer_shadow_map(a->r), c->path);
            if (ok) log_info("wrote %s (shadow map)", c->path);
            return ok;
        }
        int errors = log_error_count();
        if (vt->dump && vt->dump(a->inst[a->cur], c->str, c->path)) {
            log_info("wrote %s (%s)", c->path, c->str);
            return true;
        }
        /* a scene that knows the target has said why it failed (e.g. the file); else it has none */
        if (log_error_count() == errors) log_error("dump %s: not available in the %s scene", c->str, app__name(a->cur));
        return false;
    default: break;
    }
    scene_cmd_result r = vt->command ? vt->command(a->inst[a->cur], c) : SCENE_CMD_UNSUPPORTED;
    if (r == SCENE_CMD_UNSUPPORTED) log_error("'%s' is not available in the %s scene", script_op_name(c->op), app__name(a->cur));
    return r == SCENE_CMD_OK;
}

static void app__run_cmd(app *a, int i)
{
    const script_cmd *c = &a->scr->cmds[i];
    if (!app__command(a, c)) {
        log_error("%s:%d: '%s' failed", a->scr->file, c->line, script_op_name(c->op));
        a->failures++;
    }
}

/* State commands due now run before the simulation step; captures wait for the rendered frame. */
static void app__due_commands(app *a)
{
    a->npending = 0;
    while (a->scr && a->next_cmd < a->scr->count && a->scr->cmds[a->next_cmd].time <= a->ctx.time + 1e-9) {
        int i = a->next_cmd++;
        if (app__is_capture_op(a->scr->cmds[i].op) && a->npending < APP_MAX_PENDING) a->pending[a->npending++] = i;
        else app__run_cmd(a, i);
    }
}

/* Per frame, from the frame's take: see the input rule in base/input.h. */
static void app__keys(app *a)
{
    const app_input *in = &a->in;
    if (in->pressed[GLFW_KEY_TAB]) app__switch(a, (a->cur + 1) % APP_SCENES);
    for (int i = 0; i < APP_SCENES; i++)
        if (in->pressed[GLFW_KEY_F1 + i]) app__switch(a, i);
    if (in->pressed[GLFW_KEY_H]) a->help = !a->help;
    if (in->pressed[GLFW_KEY_U] && a->ui) ui_toggle(a->ui);
    if (in->pressed[GLFW_KEY_P]) {
        int off = post_settings_cycle(&a->post);
        log_info("post: %s", off < 0 ? "all effects on" : post_effect_names[off]);
    }
    if (in->pressed[GLFW_KEY_F12]) {
        char path[64];
        snprintf(path, sizeof path, "imprint-%s-%d.png", app__name(a->cur), a->screenshots++);
        app__screenshot(a, path);
    }
    if (in->pressed[GLFW_KEY_V]) {
        /* cycle through script_view_names: none -> the views the scene accepts -> shadow -> none */
        const scene_vtable *vt = app_scenes[a->cur];
        const int nviews = names_count(script_view_names);
        for (int tries = 0; tries < nviews; tries++) {
            a->view_cycle = (a->view_cycle + 1) % nviews;
            if (a->view_cycle == 0) { a->view[0] = 0; break; }
            const char *n = script_view_names[a->view_cycle];
            if (app__has_view(vt, n)) {
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
    if (!app_scenes[a->cur]->free_camera) return;
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

static void app__overlays(app *a, int w, int h)
{
    const scene_vtable *vt = app_scenes[a->cur];
    const char *legend = NULL; /* the view's caption, written under its title: what the colours mean */
    scene_view view = {0};
    float view_size[2] = {0, 0};
    if (a->view[0]) {
        scene_view v = {0};
        if (!strcmp(a->view, "shadow"))
            v = (scene_view){renderer_shadow_map(a->r), GFX_PANEL_DEPTH, "shadow map depth^16: near the sun dark, far white"};
        else if (app__own_view(a->view)) v.tex = renderer_post_view(a->r, a->view, &v.mode);
        else if (vt->view) vt->view(a->inst[a->cur], a->view, &v);
        /* keep the texture's aspect: a screen-sized buffer (wrinkles) is not a square map */
        GLint tw_px = 1, th_px = 1;
        glBindTexture(GL_TEXTURE_2D, v.tex);
        glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &tw_px);
        glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT, &th_px);
        glBindTexture(GL_TEXTURE_2D, 0);
        float ph = (float)h * 0.55f, pw = ph * (float)tw_px / (float)(th_px > 0 ? th_px : 1);
        if (pw > (float)w * 0.6f) {
            pw = (float)w * 0.6f;
            ph = pw * (float)th_px / (float)(tw_px > 0 ? tw_px : 1);
        }
        a->view_rect[0] = (float)w - pw - 10;
        a->view_rect[1] = (float)h - ph - 10;
        view = v;
        view_size[0] = pw;
        view_size[1] = ph;
        legend = v.caption;
    }
    const float white[4] = {1, 1, 1, 1}, dim[4] = {0, 0, 0, 0.45f};
    const float scale = 1.0f; /* the HUD's one text rule (gfx_hud_text_px) sizes it from h */
    gfx_hud_begin(w, h);
    char line[256];
    if (platform_headless(a->plat))
        snprintf(line, sizeof line, "imprint  %s  t=%.2fs  frame %ld", app__name(a->cur), a->ctx.time, a->frame);
    else
        snprintf(line, sizeof line, "imprint  %s  %.0f fps  H: help", app__name(a->cur), a->fps);
    float tw, th;
    gfx_hud_measure(line, scale, &tw, &th);
    gfx_hud_rect(4, 4, tw + 12, th + 8, dim);
    gfx_hud_text(10, 8, scale, white, "%s", line);
    float y = 16 + th;
    if (!platform_headless(a->plat)) {
        /* per-pass GPU milliseconds in the top-right corner (the scene's lines own the left),
         * on a dim panel so they read over a bright sky */
        float lh = gfx_hud_line_height(scale), pw, unused, px, py = 4;
        gfx_hud_measure("post.exposure_cells   99.99 ms", scale, &pw, &unused);
        pw += 12;
        px = (float)w - pw - 4;
        int shown = 0;
        for (int i = 0; i < gfx_timers_count(); i++) shown += gfx_timers_recent(gfx_timers_get(i));
        gfx_hud_rect(px, py, pw, lh * (float)shown + 6, dim);
        for (int i = 0; i < gfx_timers_count(); i++) {
            const gfx_pass_stats *p = gfx_timers_get(i);
            if (!gfx_timers_recent(p)) continue; /* a pass of a scene left behind */
            gfx_hud_text(px + 6, py + 4, scale, (float[4]){0.8f, 0.9f, 1, 1}, "%-18s %6.2f ms", p->name, p->gpu_ms);
            py += lh;
        }
    }
    if (vt->hud) vt->hud(a->inst[a->cur], 10, y + 4);
    if (a->view[0]) {
        /* the panel over the scene's own overlay (the range's gun), under its title and the help */
        gfx_hud_end();
        gfx_panel_draw_layout(view.tex, view.layout, a->view_rect[0], a->view_rect[1], view_size[0], view_size[1], view.mode, w, h);
        gfx_hud_begin(w, h);
        /* title and legend above the panel, on a dim band so they read over the sky */
        const float line_h = gfx_hud_line_height(scale), band = (legend ? 2 : 1) * line_h;
        float lx = a->view_rect[0], ly = a->view_rect[1] - band - 2, lw = 0, lh = 0;
        char title[160];
        snprintf(title, sizeof title, "view: %s", a->view);
        gfx_hud_measure(legend && strlen(legend) > strlen(title) ? legend : title, scale, &lw, &lh);
        if (lx + lw + 4 > (float)w) lx = (float)w - lw - 4;
        gfx_hud_rect(lx - 3, ly - 2, lw + 6, band, dim);
        gfx_hud_text(lx, ly, scale, white, "%s", title);
        if (legend) gfx_hud_text(lx, ly + line_h, scale, (float[4]){0.85f, 0.9f, 1, 1}, "%s", legend);
    }
    if (a->help || params_b(a->params, P_HUD_HELP)) { /* last, so it sits on top of everything */
        char help[2048];
        char keys[1024] = "";
        if (vt->keys_help) vt->keys_help(keys, sizeof keys);
        snprintf(help, sizeof help, "%s\n\n%s:\n%s", app_keys_help, app__name(a->cur), keys);
        gfx_hud_measure(help, scale, &tw, &th);
        /* the whole page on screen: smaller than the rule only where the rule's text would not fit */
        float fit = fminf(1.0f, fminf(((float)w - 12) / tw, ((float)h - 12) / th));
        gfx_hud_measure(help, fit, &tw, &th);
        float x = roundf((w - tw) * 0.5f), yy = roundf((h - th) * 0.5f), pad = fit < 1.0f ? 4 : 12;
        gfx_hud_rect(x - pad, yy - pad, tw + 2 * pad, th + 2 * pad, (float[4]){0, 0, 0, 0.8f});
        gfx_hud_text(x, yy, fit, white, "%s", help);
    }
    gfx_hud_end();
}

static void app__render(app *a, int w, int h)
{
    if (!renderer_resize(a->r, w, h)) return;
    a->ctx.width = w;
    a->ctx.height = h;
    const scene_vtable *vt = app_scenes[a->cur];
    void *s = a->inst[a->cur];
    float aspect = (float)w / (float)h;
    mat4 view, proj;
    camera_matrices(&a->cam, aspect, view, proj);
    renderer_begin_frame(a->r, view, proj, a->cam.pos, (float)a->ctx.time);
    renderer_set_post(a->r, &a->post, (float)a->post_dt);
    if (vt->prepare) vt->prepare(s);
    fx_prepare(a->fx, &a->cam, aspect);
    renderer_shadow_begin(a->r);
    vt->draw(s, SCENE_PASS_SHADOW);
    renderer_shadow_end(a->r);
    renderer_main_begin(a->r);
    vt->draw(s, SCENE_PASS_MAIN);
    renderer_opaque_end(a->r);
    fx_set_frame_blend(a->fx, params_b(a->params, P_BB_FRAME_BLEND));
    fx_draw(a->fx, a->r);
    renderer_finish(a->r);
    gfx_target_bind(renderer_ldr(a->r));
    app__overlays(a, w, h);
    if (a->ui) {
        /* the panel goes into the LDR target too, so screenshots show it (--ui headless) */
        ui_frame uf = {.width = w, .height = h, .dt = a->frame_dt, .scene = app__name(a->cur), .params = a->params,
                       .supports = vt->supports, .view = a->view, .post = &a->post,
                       .mouse_captured = platform_input(a->plat)->captured};
        int nv = 0;
        for (int i = 0; script_view_names[i] && nv < UI_MAX_VIEWS; i++)
            if (!strcmp(script_view_names[i], "none") || app__has_view(vt, script_view_names[i])) uf.views[nv++] = script_view_names[i];
        a->nui_cmds = ui_draw(a->ui, &uf, a->ui_cmds);
    }
}

static void app__bench_report(app *a)
{
    gfx_timers_flush();
    FILE *f = stdout;
    if (a->opt->bench_path[0] && !(f = fopen(a->opt->bench_path, "w"))) {
        log_error("--bench %s: cannot open for writing", a->opt->bench_path);
        a->failures++;
        return;
    }
    json_writer w;
    json_begin(&w, f);
    json_object_begin(&w, NULL);
    json_string(&w, "scene", app__name(a->cur));
    json_array_begin(&w, "size");
    json_int(&w, NULL, a->ctx.width);
    json_int(&w, NULL, a->ctx.height);
    json_array_end(&w);
    json_int(&w, "frames", a->nframe_ms);
    json_int(&w, "warmup_frames", a->frame - a->nframe_ms);
    static const float pct[2] = {50, 95};
    float q[2];
    stats_percentiles(a->frame_ms, a->nframe_ms, pct, 2, q);
    json_object_begin(&w, "frame_ms");
    json_number(&w, "median", q[0]);
    json_number(&w, "p95", q[1]);
    json_object_end(&w);
    json_object_begin(&w, "passes");
    for (int i = 0; i < gfx_timers_count(); i++) {
        const gfx_pass_stats *p = gfx_timers_get(i);
        if (!p->count) continue;
        json_object_begin(&w, p->name);
        json_int(&w, "samples", p->count);
        stats_percentiles(p->gpu_hist, p->count, pct, 2, q);
        json_object_begin(&w, "gpu_ms");
        json_number(&w, "median", q[0]);
        json_number(&w, "p95", q[1]);
        json_object_end(&w);
        stats_percentiles(p->cpu_hist, p->count, pct, 2, q);
        json_object_begin(&w, "cpu_ms");
        json_number(&w, "median", q[0]);
        json_number(&w, "p95", q[1]);
        json_object_end(&w);
        json_object_end(&w);
    }
    json_object_end(&w);
    fx_bench(a->fx, &w);
    if (app_scenes[a->cur]->bench) {
        json_object_begin(&w, app__name(a->cur));
        app_scenes[a->cur]->bench(a->inst[a->cur], &w);
        json_object_end(&w);
    }
    json_object_end(&w);
    if (!json_end(&w)) a->failures++;
    if (f != stdout) {
        fclose(f);
        log_info("wrote %s (bench)", a->opt->bench_path);
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
    for (int i = 0; i < o->nsets; i++) {
        char err[256];
        if (!params_set_text(a->params, o->sets[i][0], o->sets[i][1], err, sizeof err)) {
            log_error("--set: %s", err); /* options_parse checked it: cannot happen */
            return false;
        }
    }
    a->ctx = (scene_ctx){.opt = o, .level = &a->level, .r = a->r, .cam = &a->cam, .seed = o->seed, .headless = headless,
                         .width = o->width, .height = o->height, .params = a->params, .view = a->view};
    a->ui = ui_create(&(ui_desc){.window = platform_window(a->plat), .shown = o->ui});
    if (!a->ui && o->ui) log_warn("--ui: no panel (see above)");
    a->fx = fx_create(o, o->seed);
    fx_bind(a->fx, &a->ctx.fx);
    /* frames: --frames, else until the script ends, else (headless) 60, (bench) 240, (window) forever */
    a->max_frames = o->frames;
    if (a->max_frames < 0 && !a->scr && (headless || o->bench)) a->max_frames = o->bench ? 240 : 60;
    a->step_dt = o->fixed_dt > 0 ? o->fixed_dt : 1.0 / o->step_hz;
    post_settings_default(&a->post);
    return app__switch(a, app__scene_index(o->scene));
}

static void app__shutdown(app *a)
{
    if (a->entered && app_scenes[a->cur]->leave) app_scenes[a->cur]->leave(a->inst[a->cur]);
    for (int i = 0; i < APP_SCENES; i++)
        if (a->inst[i]) app_scenes[i]->destroy(a->inst[i]);
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

/* The level file (--level, else the default one next to the shaders), with --level-size's override. */
static bool app__load_level(const options *opt, mud_level *lv)
{
    char path[OPTIONS_PATH_MAX + 64], err[1024];
    if (opt->level[0]) snprintf(path, sizeof path, "%s", opt->level);
    else if (!gfx_data_path("assets/levels/default.level", path, sizeof path)) {
        fprintf(stderr, "imprint: %s: the default level is missing (--level FILE names another)\n", path);
        return false;
    }
    if (mud_level_load(path, opt->level_size_set ? opt->level_size : 0, lv, err, sizeof err)) return true;
    fprintf(stderr, "imprint: %s\n", err);
    return false;
}

int app_run(const options *opt, const script *scr)
{
    app a = {.opt = opt, .scr = scr};
    if (!app__load_level(opt, &a.level)) return 2;
    if (scr && !app__check_script(scr, opt, &a.level)) return 2;
    if (!app__init(&a)) {
        app__shutdown(&a);
        return 1;
    }
    bool headless = platform_headless(a.plat);
    /* headless with nothing asked for: play the scene's showcase, picture at its end */
    script show = {0};
    bool showcase = headless && opt->frames < 0 && !scr && !opt->bench;
    if (showcase) {
        char err[512], name[64];
        snprintf(name, sizeof name, "showcase:%s", app__name(a.cur));
        if (!script_parse(showcase_script(a.cur), name, &show, err, sizeof err) || !app__check_script(&show, opt, &a.level)) {
            log_error("%s", err);
            app__shutdown(&a);
            return 1;
        }
        scr = a.scr = &show;
        a.max_frames = -1;
    }
    bool realtime = !headless && opt->fixed_dt <= 0;
    a.last_time = platform_time();
    double last_progress = a.last_time;
    while (!a.quit && !platform_should_close(a.plat)) {
        double t0 = platform_time();
        platform_poll(a.plat);
        input_take(platform_input(a.plat), INPUT_FRAME, &a.in);
        app__keys(&a);
        int w, h;
        platform_framebuffer_size(a.plat, &w, &h);
        double frame_dt = realtime ? t0 - a.last_time : a.step_dt;
        a.last_time = t0;
        if (frame_dt > 0.25) frame_dt = 0.25; /* after a stall (debugger, drag): slow down, never spiral */
        if (frame_dt > 0.0 && a.frame > 0) {
            /* smooth the frame time, not the rate: one tiny first interval must not dominate */
            a.smooth_dt = a.smooth_dt > 0 ? a.smooth_dt * 0.9 + frame_dt * 0.1 : frame_dt;
            a.fps = (float)(1.0 / a.smooth_dt);
        }

        app__due_commands(&a);
        /* fixed steps; without real time exactly one step per frame, so runs are reproducible.
         * Each step takes the input edges since the previous step (frames without a step keep
         * them; a second step in this frame sees none), so no tap is lost or counted twice. */
        a.accum += realtime ? frame_dt : a.step_dt;
        double before = a.ctx.time;
        while (a.accum >= a.step_dt - 1e-9) {
            input_take(platform_input(a.plat), INPUT_STEP, &a.step_in);
            app_scenes[a.cur]->update(a.inst[a.cur], &a.step_in, (float)a.step_dt);
            fx_update(a.fx, (float)a.step_dt);
            a.steps++;
            a.ctx.time = a.steps * a.step_dt;
            a.accum -= a.step_dt;
        }
        a.post_dt = a.ctx.time - before;
        app__fly(&a, (float)frame_dt);

        a.frame_dt = (float)frame_dt;
        a.nui_cmds = 0;
        if (w > 0 && h > 0) app__render(&a, w, h); /* minimized: 0x0, nothing to draw */
        for (int i = 0; i < a.nui_cmds; i++)
            if (!app__command(&a, &a.ui_cmds[i])) log_warn("panel: '%s %s' failed", script_op_name(a.ui_cmds[i].op), a.ui_cmds[i].str);
        for (int i = 0; i < a.npending; i++) app__run_cmd(&a, a.pending[i]);
        platform_present(a.plat, renderer_ldr(a.r));
        gfx_timers_frame_end();
        for (GLenum e; (e = glGetError()) != GL_NO_ERROR;) {
            /* a GL error is a bug somewhere in the frame: say so, once per frame, keep going */
            log_warn("GL error 0x%x in frame %ld (%s scene)", e, a.frame, app__name(a.cur));
            a.gl_errors++;
        }
        a.frame++;

        if (opt->bench) {
            if (a.frame == APP_BENCH_WARMUP) gfx_timers_reset();
            if (a.frame > APP_BENCH_WARMUP || (a.max_frames > 0 && a.max_frames <= APP_BENCH_WARMUP)) {
                if (a.nframe_ms == a.frame_ms_cap) {
                    a.frame_ms_cap = a.frame_ms_cap ? a.frame_ms_cap * 2 : 1024;
                    float *n = realloc(a.frame_ms, (size_t)a.frame_ms_cap * sizeof *n);
                    if (!n) break;
                    a.frame_ms = n;
                }
                glFinish(); /* frame time includes the GPU's work */
                a.frame_ms[a.nframe_ms++] = (float)((platform_time() - t0) * 1000.0);
            }
        }
        if (headless && platform_time() - last_progress > 5.0) {
            /* long headless runs (bench, docs scripts on a software renderer) say how far they are,
             * on stderr so a JSON bench on stdout stays clean */
            last_progress = platform_time();
            if (a.max_frames > 0) fprintf(stderr, "imprint: frame %ld of %ld (t=%.2fs)\n", a.frame, a.max_frames, a.ctx.time);
            else fprintf(stderr, "imprint: frame %ld (t=%.2fs of the script's %.2fs)\n", a.frame, a.ctx.time,
                         scr && scr->count ? scr->cmds[scr->count - 1].time : 0.0);
        }
        if (a.max_frames > 0 && a.frame >= a.max_frames) break;
        if (a.max_frames < 0 && scr && a.next_cmd >= scr->count) break; /* the script is done */
    }
    if (scr && a.next_cmd < scr->count)
        log_warn("stopped at t=%.3fs before the script's command at line %d (t=%.3fs)", a.ctx.time,
                 scr->cmds[a.next_cmd].line, scr->cmds[a.next_cmd].time);
    if (opt->screenshot[0] && !app__screenshot(&a, opt->screenshot)) a.failures++;
    else if (headless && !opt->screenshot[0] && (!scr || showcase) && !opt->bench) {
        char path[64];
        snprintf(path, sizeof path, "imprint-%s.png", app__name(a.cur));
        if (!app__screenshot(&a, path)) a.failures++;
    }
    if (opt->bench) app__bench_report(&a);
    app__shutdown(&a);
    script_free(&show);
    return a.failures ? 1 : 0;
}
