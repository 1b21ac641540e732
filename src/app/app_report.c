/* What the app reports and draws over the scene: screenshots, `stats` and `params` files, the
 * --bench report, the HUD line, the pass times, the debug view panel and the key help. See
 * app_state.h. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app_state.h"
#include "app/budgets.h"
#include "base/log.h"
#include "base/stats.h"
#include "gfx/dump.h"
#include "gfx/hud.h"
#include "gfx/panel.h"
#include "gfx/texture.h"
#include "gfx/timer.h"

static const char app_keys_help[] =
    "Tab / F1-F4  switch scene\n"
    "click        capture the mouse (Esc releases; Esc again quits)\n"
    "WASD + mouse fly the camera (Q/E down/up, Shift faster)\n"
    "V            cycle debug views\n"
    "P            post effects: the next one off (all on after the last)\n"
    "F12          screenshot (imprint-<scene>-<n>.png)\n"
    "U            parameter panel\n"
    "H            this help";

bool app_screenshot_rect(app *a, const char *path, int x, int y, int w, int h)
{
    const gfx_target *ldr = renderer_final(a->r);
    const int fw = ldr->width, fh = ldr->height;
    if (w <= 0 || h <= 0) x = 0, y = 0, w = fw, h = fh;
    if (x < 0 || y < 0 || x + w > fw || y + h > fh) {
        log_error("screenshot %s: the rectangle %d %d %d %d leaves the %dx%d frame", path, x, y, w, h, fw, fh);
        return false;
    }
    unsigned char *px = malloc((size_t)fw * fh * 4);
    if (!px) return false;
    gfx_target_read_rgba8(ldr, px);
    /* the target's rows are bottom-up, and so are the rectangle's: picture row y + r is target
     * row fh - 1 - (y + r), the rectangle's row h - 1 - r */
    unsigned char *out = px;
    if (w != fw || h != fh) {
        out = malloc((size_t)w * h * 4);
        if (!out) {
            free(px);
            return false;
        }
        for (int r = 0; r < h; r++)
            memcpy(out + (size_t)(h - 1 - r) * w * 4, px + ((size_t)(fh - 1 - (y + r)) * fw + x) * 4, (size_t)w * 4);
    }
    for (size_t i = 0; i < (size_t)w * h; i++) out[i * 4 + 3] = 255;
    /* PATH.jpg: a scene shot for a page (JPEG, quality 90); anything else PNG */
    const char *dot = strrchr(path, '.');
    const bool jpeg = dot && (!strcmp(dot, ".jpg") || !strcmp(dot, ".jpeg") || !strcmp(dot, ".JPG"));
    bool ok = jpeg ? gfx_write_jpg(path, w, h, 4, out, true, 90) : gfx_write_png(path, w, h, 4, out, true);
    if (out != px) free(out);
    free(px);
    if (ok) log_info("wrote %s (%dx%d)", path, w, h);
    return ok;
}

bool app_screenshot(app *a, const char *path) { return app_screenshot_rect(a, path, 0, 0, 0, 0); }

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

/* A report file is written beside its path and renamed over it when whole: a reader polling the
 * file (a test, a tool) meets the old report or the new one, never a half-written one. */
static FILE *app__report_open(const char *what, const char *path, char *tmp, size_t n)
{
    snprintf(tmp, n, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f) log_error("%s %s: cannot open for writing: %s", what, path, strerror(errno));
    return f;
}

static bool app__report_close(const char *what, const char *path, const char *tmp, FILE *f, bool ok)
{
    if (fclose(f) != 0) ok = false;
    if (ok && rename(tmp, path) != 0) ok = false;
    if (!ok) {
        log_error("%s %s: write failed: %s", what, path, strerror(errno ? errno : EIO));
        remove(tmp);
    }
    return ok;
}

bool app_stats(app *a, const char *path)
{
    char tmp[4096];
    FILE *f = app__report_open("stats", path, tmp, sizeof tmp);
    if (!f) return false;
    json_writer w;
    json_begin(&w, f);
    json_object_begin(&w, NULL);
    json_int(&w, "frame", a->frame);
    json_number(&w, "time", a->ctx.time);
    json_string(&w, "scene", registry_name(a->cur));
    json_number(&w, "fps", a->fps);
    json_string(&w, "quality", quality_names[a->quality]);
    json_number(&w, "render_scale", renderer_scale(a->r));
    post_settings post;
    app_post_effective(a, &post);
    json_object_begin(&w, "post");
    for (int i = 0; i < POST_EFFECT_COUNT; i++) json_bool(&w, post_effect_names[i], post.on[i]);
    json_object_end(&w);
    json_string(&w, "view", a->view[0] ? a->view : "none"); /* the debug view drawn as a panel */
    json_bool(&w, "help", a->help); /* the key help page (H) */
    /* the camera that drew the frame: eye, and the point one metre along its view */
    vec3 fwd;
    camera_forward(&a->cam, fwd);
    json_object_begin(&w, "camera");
    json_array_begin(&w, "eye");
    for (int k = 0; k < 3; k++) json_number(&w, NULL, a->cam.pos[k]);
    json_array_end(&w);
    json_array_begin(&w, "target");
    for (int k = 0; k < 3; k++) json_number(&w, NULL, a->cam.pos[k] + fwd[k]);
    json_array_end(&w);
    json_object_end(&w);
    json_int(&w, "steps", a->steps);
    json_bool(&w, "mouse_captured", platform_input(a->plat)->captured);
    /* errors of frames already finished; this frame's are counted when it ends */
    json_int(&w, "gl_errors", a->gl_errors);
    json_int(&w, "rss_kb", app__rss_kb());
    app__pass_times(a, &w, "gpu_ms", true);
    app__pass_times(a, &w, "cpu_ms", false);
    fx_stats(a->fx, &w);
    if (a->ui) ui_write_stats(a->ui, &w);
    if (registry_scene(a->cur)->stats) registry_scene(a->cur)->stats(a->inst[a->cur], &w);
    json_object_end(&w);
    return app__report_close("stats", path, tmp, f, json_end(&w));
}

bool app_params(app *a, const char *path)
{
    char tmp[4096];
    FILE *f = app__report_open("params", path, tmp, sizeof tmp);
    if (!f) return false;
    json_writer w;
    json_begin(&w, f);
    params_write_json(a->params, &w, NULL);
    return app__report_close("params", path, tmp, f, json_end(&w));
}

#define APP_VIEW_MARGIN 10.0f

/* The room beside a view's subject (scene_view.clear) for its panel and its caption: its width,
 * and its left edge in x0; the right as the plain panel, the left (under the scene's HUD lines)
 * only where the right has no room. A view with no subject: no limit (1e9). */
static float app__view_room(const scene_view *v, int w, float *x0)
{
    const float W = (float)w, margin = APP_VIEW_MARGIN;
    *x0 = 0;
    if (!(v->clear[2] > v->clear[0] && v->clear[3] > v->clear[1])) return 1e9f;
    const float right = W * (1.0f - v->clear[2]) - 2 * margin, left = W * v->clear[0] - 2 * margin;
    const bool on_right = right >= 0.08f * W || right >= left;
    *x0 = on_right ? W * v->clear[2] + margin : margin;
    return on_right ? right : left;
}

/* Where a debug view's panel goes (x y w h, pixels from the top left), band the height of its title
 * and legend above it: bottom right at 0.55 of the height (0.6 of the width at most), the shown
 * part's aspect kept. A view that names its subject (scene_view.clear) gets the room beside it, up
 * to 0.75 of the height, so the panel never covers it; where there is no room (a subject filling
 * the screen) the panel goes where it always does. */
static void app__view_place(const scene_view *v, int w, int h, float band, float out[4])
{
    int tw = 1, th = 1;
    GLenum ifmt;
    if (!gfx_texture_info(v->tex, &tw, &th, &ifmt) || tw <= 0 || th <= 0) tw = th = 1;
    float aspect = (float)tw / (float)th;
    if (v->crop[2] > v->crop[0] && v->crop[3] > v->crop[1]) aspect *= (v->crop[2] - v->crop[0]) / (v->crop[3] - v->crop[1]);
    const float margin = APP_VIEW_MARGIN, W = (float)w, H = (float)h;
    float ph = H * 0.55f, pw = ph * aspect;
    if (pw > W * 0.6f) {
        pw = W * 0.6f;
        ph = pw / aspect;
    }
    out[0] = W - pw - margin;
    out[1] = H - ph - margin;
    float x0;
    const float room = app__view_room(v, w, &x0);
    if (room < 1e9f) {
        /* the panel's top and its band stay below the HUD's first line */
        float bh = fminf(H * 0.75f, H - 2 * margin - band - gfx_hud_line_height(1.0f) - 12), bw = bh * aspect;
        if (bw > room) {
            bw = room;
            bh = bw / aspect;
        }
        if (bw >= 0.08f * W && bh > 0) {
            pw = bw;
            ph = bh;
            out[0] = x0 + room - pw; /* the room's right end: the screen's, or the subject's less the margin */
            out[1] = H - ph - margin;
        }
    }
    out[2] = pw;
    out[3] = ph;
}

/* text into out with its spaces turned to line breaks wherever a line would be wider than max_w;
 * returns its lines */
static int app__wrap(const char *text, float max_w, float scale, char *out, size_t cap)
{
    snprintf(out, cap, "%s", text);
    int lines = 1;
    char *line = out;
    for (char *sp = strchr(line, ' '); sp; sp = strchr(sp + 1, ' ')) {
        /* would the line, up to the next space (or the end), still fit? */
        char *next = strchr(sp + 1, ' ');
        char keep = next ? *next : 0;
        if (next) *next = 0;
        float lw, lh;
        gfx_hud_measure(line, scale, &lw, &lh);
        if (next) *next = keep;
        if (lw > max_w) {
            *sp = '\n';
            line = sp + 1;
            lines++;
        }
    }
    return lines;
}

void app_overlays(app *a, int w, int h)
{
    const scene_vtable *vt = registry_scene(a->cur);
    const char *legend = NULL; /* the view's caption, written under its title: what the colours mean */
    scene_view view = {0};
    float view_size[2] = {0, 0}, view_x0 = 0; /* the panel, and the left end of the room its caption may take */
    char title[160] = "", wrapped[256] = "";
    int title_lines = 1, legend_lines = 0;
    const float scale = 1.0f; /* the HUD's one text rule (gfx_hud_text_px) sizes it from h */
    gfx_hud_begin(w, h);      /* first: the view's caption is measured at this frame's text size */
    if (a->view[0]) {
        scene_view v = {0};
        if (app_own_view(a->view) == SCRIPT_APP_VIEW_SHADOW)
            v = (scene_view){renderer_shadow_map(a->r), GFX_PANEL_DEPTH, "shadow map depth^16: near the sun dark, far white"};
        else if (app_own_view(a->view) >= 0) v.tex = renderer_post_view(a->r, a->view, &v.mode);
        else if (vt->view) vt->view(a->inst[a->cur], a->view, &v);
        /* the title and the legend wrapped to the room beside the subject, then the panel under them */
        float room_x0;
        const float room = app__view_room(&v, w, &room_x0);
        char named[160];
        snprintf(named, sizeof named, "view: %s", a->view);
        title_lines = app__wrap(named, room, scale, title, sizeof title);
        legend_lines = v.caption ? app__wrap(v.caption, room, scale, wrapped, sizeof wrapped) : 0;
        float rect[4];
        app__view_place(&v, w, h, (float)(title_lines + legend_lines) * gfx_hud_line_height(scale), rect);
        a->view_rect[0] = rect[0];
        a->view_rect[1] = rect[1];
        view = v;
        view_size[0] = rect[2];
        view_size[1] = rect[3];
        view_x0 = room < 1e9f ? room_x0 : 0;
        legend = v.caption;
    }
    const float white[4] = {1, 1, 1, 1}, dim[4] = {0, 0, 0, 0.45f};
    /* hud off: a show picture, as a game's screenshot; a debug view asked for is still drawn */
    const bool hud = params_b(a->params, params_id(registry_app_params, REGISTRY_P_HUD));
    if (!hud && !a->view[0]) {
        gfx_hud_end();
        return;
    }
    char line[256];
    if (platform_headless(a->plat))
        snprintf(line, sizeof line, "imprint  %s  t=%.2fs  frame %ld", registry_name(a->cur), a->ctx.time, a->frame);
    else
        snprintf(line, sizeof line, "imprint  %s  %.0f fps  H: help", registry_name(a->cur), a->fps);
    /* the preset and the internal scale, where they are not the full frame (headless pictures at high stay as they were) */
    const float rs = renderer_scale(a->r);
    if (!platform_headless(a->plat) || a->quality != QUALITY_HIGH || rs < 1.0f) {
        size_t n = strlen(line);
        snprintf(line + n, sizeof line - n, "  %s %.2fx%s", quality_names[a->quality], rs, a->gov.target_ms > 0 ? " auto" : "");
    }
    float tw = 0, th = 0;
    if (hud) {
        gfx_hud_measure(line, scale, &tw, &th);
        gfx_hud_rect(4, 4, tw + 12, th + 8, dim);
        gfx_hud_text(10, 8, scale, white, "%s", line);
    }
    float y = 16 + th;
    if (hud && !platform_headless(a->plat) && gfx_timers_gpu()) {
        /* per-pass GPU milliseconds in the top-right corner (the scene's lines own the left),
         * on a dim panel so they read over a bright sky; none where GL has no timers (WebGL2
         * without the timer extension) */
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
    if (hud && vt->hud) vt->hud(a->inst[a->cur], 10, y + 4);
    if (a->view[0]) {
        /* the panel over the scene's own overlay (the range's gun), under its title and the help */
        gfx_hud_end();
        const bool cropped = view.crop[2] > view.crop[0] && view.crop[3] > view.crop[1];
        gfx_panel_draw_layout(view.tex, view.layout, cropped ? view.crop : NULL, a->view_rect[0], a->view_rect[1], view_size[0], view_size[1],
                              view.mode, w, h);
        gfx_hud_begin(w, h);
        /* title and legend above the panel, on a dim band so they read over the sky; beside a
         * subject both were wrapped to the room there, and the band stays in it */
        const float line_h = gfx_hud_line_height(scale), band = (float)(title_lines + legend_lines) * line_h;
        float lx = a->view_rect[0], ly = a->view_rect[1] - band - 2, lw = 0, lh = 0;
        gfx_hud_measure(title, scale, &lw, &lh);
        if (legend) {
            float legw;
            gfx_hud_measure(wrapped, scale, &legw, &lh);
            lw = fmaxf(lw, legw);
        }
        if (lx + lw + 4 > (float)w) lx = fmaxf((float)w - lw - 4, view_x0);
        gfx_hud_rect(lx - 3, ly - 2, lw + 6, band, dim);
        gfx_hud_text(lx, ly, scale, white, "%s", title);
        if (legend) gfx_hud_text(lx, ly + (float)title_lines * line_h, scale, (float[4]){0.85f, 0.9f, 1, 1}, "%s", wrapped);
    }
    if (hud && (a->help || params_b(a->params, params_id(registry_app_params, REGISTRY_P_HUD_HELP)))) { /* last, so it sits on top of everything */
        char help[2048];
        char keys[1024] = "";
        if (vt->keys_help) vt->keys_help(keys, sizeof keys);
        snprintf(help, sizeof help, "%s\n\n%s:\n%s", app_keys_help, registry_name(a->cur), keys);
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

void app_bench_report(app *a)
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
    json_string(&w, "scene", registry_name(a->cur));
    json_array_begin(&w, "size");
    json_int(&w, NULL, a->ctx.width);
    json_int(&w, NULL, a->ctx.height);
    json_array_end(&w);
    json_int(&w, "frames", a->nframe_ms);
    json_int(&w, "warmup_frames", a->frame - a->nframe_ms);
    stats_write_median_p95(&w, "frame_ms", a->frame_ms, a->nframe_ms);
    /* each pass against its budget (app/budgets.h): the renderer class and the nearer size; a pass
     * over it is a warning on stderr, so a `--bench` without a path leaves stdout one JSON document */
    const int col = budget_column(platform_gl_renderer(), a->ctx.width, a->ctx.height);
    int over = 0;
    json_object_begin(&w, "passes");
    for (int i = 0; i < gfx_timers_count(); i++) {
        const gfx_pass_stats *p = gfx_timers_get(i);
        if (!p->count) continue;
        json_object_begin(&w, p->name);
        json_int(&w, "samples", p->count);
        stats_write_median_p95(&w, "gpu_ms", p->gpu_hist, p->count);
        stats_write_median_p95(&w, "cpu_ms", p->cpu_hist, p->count);
        const float budget = budget_ms(p->name, col);
        if (budget >= 0.0f) {
            const float cost = budget_cost(stats_median(p->gpu_hist, p->count), stats_median(p->cpu_hist, p->count));
            json_number(&w, "budget_ms", budget);
            json_bool(&w, "over_budget", cost > budget);
            if (cost > budget) {
                log_warn("bench: %s %.2f ms, over its budget of %.2f ms (%s)", p->name, cost, budget, budget_column_names[col]);
                over++;
            }
        }
        json_object_end(&w);
    }
    json_object_end(&w);
    json_object_begin(&w, "budget");
    json_string(&w, "column", budget_column_names[col]);
    json_int(&w, "passes_over", over);
    json_object_end(&w);
    fx_bench(a->fx, &w);
    if (registry_scene(a->cur)->bench) {
        json_object_begin(&w, registry_name(a->cur));
        registry_scene(a->cur)->bench(a->inst[a->cur], &w);
        json_object_end(&w);
    }
    json_object_end(&w);
    if (!json_end(&w)) a->failures++;
    if (f != stdout) {
        fclose(f);
        log_info("wrote %s (bench)", a->opt->bench_path);
    }
}
