/* The app's script runner: the check of a script before the first frame, the app's own commands
 * and the hand-over of every other command to the scene that registered it. See app_state.h. */
#include <stdio.h>
#include <string.h>

#include "app/app_state.h"
#include "base/log.h"
#include "base/names.h"
#include "gfx/dump.h"
#include "gfx/timer.h"

static bool app__capture_op(const script_cmd *c)
{
    return c->scene == SCRIPT_APP && (c->op == SCRIPT_SCREENSHOT || c->op == SCRIPT_DUMP || c->op == SCRIPT_STATS ||
                                      c->op == SCRIPT_QUIT || c->op == SCRIPT_PARAMS);
}

bool app_check_script(const script_lang *l, const script *s, const options *o)
{
    const int n = registry_count();
    int cur = registry_find(o->scene);
    bool shown[REGISTRY_MAX] = {false};
    shown[cur] = true;
    for (int i = 0; i < s->count; i++) {
        const script_cmd *c = &s->cmds[i];
        if (c->scene == SCRIPT_APP && c->op == SCRIPT_SCENE) shown[cur = c->index] = true;
        if (c->scene == SCRIPT_APP || c->scene == cur) continue;
        const char *owner = l->scene_names[c->scene];
        fprintf(stderr, "imprint: %s:%d: '%s' needs the %s scene, but the scene there is %s (add 'scene %s' before it)\n",
                s->file, c->line, c->name, owner, registry_name(cur), owner);
        return false;
    }
    for (int i = 0; i < n; i++) {
        char err[1024];
        const scene_vtable *vt = registry_scene(i);
        if (vt->check_script && !vt->check_script(o, s, i, shown[i], err, sizeof err)) {
            fprintf(stderr, "imprint: %s\n", err);
            return false;
        }
    }
    return true;
}

static void *app__scene(app *a, int i)
{
    if (!a->inst[i]) {
        a->inst[i] = registry_scene(i)->create(&a->ctx);
        if (!a->inst[i]) log_error("scene %s could not be created (see above)", registry_name(i));
    }
    return a->inst[i];
}

bool app_switch(app *a, int i)
{
    if (!app__scene(a, i)) return false;
    const scene_vtable *was = registry_scene(a->cur), *vt = registry_scene(i);
    if (a->inst[a->cur] && i != a->cur && was->leave) was->leave(a->inst[a->cur]);
    if ((i != a->cur || !a->entered) && vt->enter) vt->enter(a->inst[i]);
    a->entered = true;
    a->cur = i;
    a->scene_since = gfx_timers_frame();
    a->switched_frame = a->frame; /* its first frame draws its own shadow casters */
    /* each scene starts with the default lens; a scene that wants another sets it itself */
    a->cam.fov_y = glm_rad(60.0f);
    a->cam.znear = 0.05f;
    a->cam.zfar = 1000.0f;
    a->view[0] = 0;
    a->view_cycle = 0;
    renderer_post_reset(a->r);
    renderer_set_exposure_ev(a->r, vt->exposure_ev);
    fx_clear(a->fx);
    return true;
}

int app_own_view(const char *name) { return names_find(script_app_views, name); }

bool app_has_view(int scene, const char *name)
{
    const char *const *views = registry_scene(scene)->script->views;
    return app_own_view(name) >= 0 || (views && names_find(views, name) >= 0);
}

static bool app__set_view(app *a, const char *name)
{
    if (!strcmp(name, "none") || app_own_view(name) >= 0) {
        snprintf(a->view, sizeof a->view, "%s", strcmp(name, "none") ? name : "");
        return true;
    }
    const scene_vtable *vt = registry_scene(a->cur);
    scene_view v;
    if (!vt->view || !vt->view(a->inst[a->cur], name, &v)) {
        log_error("view %s: not available in the %s scene", name, registry_name(a->cur));
        return false;
    }
    snprintf(a->view, sizeof a->view, "%s", name);
    return true;
}

static bool app__dump(app *a, const script_cmd *c)
{
    const scene_vtable *vt = registry_scene(a->cur);
    if (names_find(script_app_dumps, c->str) == 0) { /* shadow */
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
    if (log_error_count() == errors) log_error("dump %s: not available in the %s scene", c->str, registry_name(a->cur));
    return false;
}

/* `fx NAME X Y Z SIZE`: the scene's particle effects at a world point, in any scene (SIZE: the
 * fireball's or the smoke's radius, the number of sparks over ten). */
static bool app__fx(app *a, const script_cmd *c)
{
    const fx_api *fx = &a->ctx.fx;
    const float *at = c->num;
    switch ((script_fx)c->index) {
    case SCRIPT_FX_FIREBALL: if (fx->fireball) fx->fireball(fx->user, at, c->num[3]); break;
    case SCRIPT_FX_SMOKE: if (fx->smoke) fx->smoke(fx->user, at, c->num[3]); break;
    case SCRIPT_FX_SPARKS:
        if (fx->sparks) fx->sparks(fx->user, at, (const float[3]){0.0f, 1.0f, 0.0f}, (int)(c->num[3] * 10.0f + 0.5f));
        break;
    case SCRIPT_FX_COUNT: break;
    }
    return true;
}

static bool app__own_command(app *a, const script_cmd *c)
{
    switch ((script_op)c->op) {
    case SCRIPT_SCENE: return app_switch(a, c->index);
    case SCRIPT_CAMERA:
        camera_look_at(a->ctx.cam, (vec3){c->num[0], c->num[1], c->num[2]}, (vec3){c->num[3], c->num[4], c->num[5]});
        a->ctx.camera_from_script = true;
        return true;
    case SCRIPT_VIEW: return app__set_view(a, c->str);
    case SCRIPT_SCREENSHOT:
        return c->nnum == 4 ? app_screenshot_rect(a, c->path, (int)c->num[0], (int)c->num[1], (int)c->num[2], (int)c->num[3])
                            : app_screenshot(a, c->path);
    case SCRIPT_DUMP: return app__dump(a, c);
    case SCRIPT_STATS: return app_stats(a, c->path);
    case SCRIPT_QUIT: a->quit = true; return true;
    case SCRIPT_SET: {
        char err[256];
        if (params_set_text(a->params, c->str, c->path, err, sizeof err)) {
            if (!strcmp(c->str, "render.scale")) a->gov.target_ms = 0; /* a fixed scale: the governor stops */
            return true;
        }
        log_error("set: %s", err);
        return false;
    }
    case SCRIPT_PARAMS: return app_params(a, c->path);
    case SCRIPT_POST: a->post.on[c->index] = c->num[0] != 0; return true;
    case SCRIPT_FX: return app__fx(a, c);
    case SCRIPT_APP_COUNT: break;
    }
    return false;
}

bool app_command(app *a, const script_cmd *c)
{
    if (c->scene == SCRIPT_APP) return app__own_command(a, c);
    const scene_vtable *vt = registry_scene(a->cur);
    scene_cmd_result r = c->scene == a->cur && vt->command ? vt->command(a->inst[a->cur], c) : SCENE_CMD_UNSUPPORTED;
    if (r == SCENE_CMD_UNSUPPORTED) log_error("'%s' is not available in the %s scene", c->name, registry_name(a->cur));
    return r == SCENE_CMD_OK;
}

void app_run_cmd(app *a, int i)
{
    const script_cmd *c = &a->scr->cmds[i];
    if (!app_command(a, c)) {
        log_error("%s:%d: '%s' failed", a->scr->file, c->line, c->name);
        a->failures++;
    }
}

void app_due_commands(app *a)
{
    a->npending = 0;
    while (a->scr && a->next_cmd < a->scr->count && a->scr->cmds[a->next_cmd].time <= a->ctx.time + 1e-9) {
        const int i = a->next_cmd;
        const script_cmd *c = &a->scr->cmds[i];
        const bool capture = app__capture_op(c);
        if (!capture && a->npending > 0 && c->time == a->scr->cmds[a->pending[a->npending - 1]].time) {
            a->redraw = true; /* after this frame's captures: the same moment again, then this */
            break;
        }
        a->next_cmd++;
        if (capture && a->npending < APP_MAX_PENDING) a->pending[a->npending++] = i;
        else app_run_cmd(a, i);
    }
}
