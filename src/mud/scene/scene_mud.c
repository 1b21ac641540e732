/* The mud scene: drive a truck through deformable mud (docs/mud.md). Wiring only: truck, mud field
 * and wheel stamps are mud/core/mud_sim.h; scripted driving, chase camera and exhaust are
 * mud/scene/mud_play.h; the level (mud/core/level.h) is the scene's own, loaded at create and, to
 * fail before the first frame, by the check_script hook; the clods and
 * the floating mud pieces move on a worker thread (mud/core/mud_clod_worker.h, asleep while the
 * scene is hidden) whose latest instances go to the billboard module (scene_ctx.fx.transient) each
 * frame and whose landed clods become terrain decals (mud/core/decals.h); src/mud draws each step's
 * wheel primitives into the GPU's mud and draws the terrain with its roads and decals. The layers
 * (`layer NAME on|off`, key L: mud/core/mud_layers.h) say what of it is drawn. The truck's
 * chassis, the plants and the mud chunks are rigid bodies (mud/scene/mud_bodies.h: the ODE world of
 * mud/core/physics.h, drawn by src/mud/scene/props.h); a chunk that crumbles becomes floating pieces.
 * The water of the level's ponds and rivers is mud/scene/mud_water.h (simulated, felt by the bodies, drawn).
 * The truck is drawn by src/mud/truck.h with the mud it picked up (mud/core/truck_dirt.h).
 * What the scene shows and reports (views, dumps, stats, bench, HUD) is scene_mud_report.c; its
 * commands, views, dumps and options are registered by mud/scene/mud_vocab.h.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mud/scene/scene_mud_state.h"
#include "base/alloc.h"
#include "base/log.h"
#include "base/names.h"
#include "gfx/shader.h"
#include "gfx/timer.h"

static void mud__spray(mud_scene *s, const clod_emitter *e, int n);


/* The level file (--level, else the default one next to the shaders), with --level-size's override. */
static bool mud__load_level(const options *o, mud_level *lv, char *err, size_t errlen)
{
    const mud_cli *opt = mud_cli_values(o);
    char path[OPTIONS_PATH_MAX + 64];
    if (opt->level[0]) snprintf(path, sizeof path, "%s", opt->level);
    else if (!gfx_data_path("assets/levels/default.level", path, sizeof path)) {
        snprintf(err, errlen, "%s: the default level is missing (--level FILE names another)", path);
        return false;
    }
    return mud_level_load(path, opt->level_size_set ? opt->level_size : 0, lv, err, errlen);
}

/* A run that shows the scene, or names a level, needs the level now; the truck, plants and
 * chunks the script places must lie on it. */
static bool mud_check_script(const options *o, const script *scr, int self, bool shown, char *err, size_t errlen)
{
    if (!shown && !mud_cli_values(o)->level[0]) return true;
    mud_level *lv = ALLOC_STRUCT(mud_level); /* large: not on the stack */
    if (!lv) {
        snprintf(err, errlen, "mud scene: out of memory for the level");
        return false;
    }
    bool ok = mud__load_level(o, lv, err, errlen);
    for (int i = 0; ok && i < scr->count; i++) {
        const script_cmd *c = &scr->cmds[i];
        if (c->scene != self) continue;
        if (c->op == MUD_CMD_TRUCK) {
            const double lo = MUD_TRUCK_MARGIN, hi = lv->size - MUD_TRUCK_MARGIN;
            if (c->num[0] < lo || c->num[1] < lo || c->num[0] > hi || c->num[1] > hi) {
                snprintf(err, errlen, "%s:%d: truck: X and Z must be in %g..%g (the level is %d m; --level-size changes it), got %g %g",
                         scr->file, c->line, lo, hi, lv->size, (double)c->num[0], (double)c->num[1]);
                ok = false;
            }
        }
        if (c->op == MUD_CMD_PLANT || c->op == MUD_CMD_CHUNK) {
            const float x = c->num[0], z = c->num[1];
            if (x < 0 || z < 0 || x > lv->size || z > lv->size) {
                snprintf(err, errlen, "%s:%d: %s: X and Z must be in 0..%d (the level is %d m), got %g %g", scr->file, c->line,
                         c->name, lv->size, lv->size, (double)x, (double)z);
                ok = false;
            }
        }
    }
    free(lv);
    return ok;
}

static void mud_destroy(void *p);

static void *mud_create(scene_ctx *ctx)
{
    mud_scene *s = ALLOC_STRUCT(mud_scene);
    if (!s) return NULL;
    s->ctx = ctx;
    char err[1024];
    if (!mud__load_level(ctx->opt, &s->level, err, sizeof err)) {
        log_error("mud scene: %s", err);
        goto fail;
    }
    s->sim = mud_sim_create(&(mud_sim_desc){
        .terrain = {.level = &s->level, .seed = ctx->seed, .mud_everywhere = mud_cli_values(ctx->opt)->everywhere}});
    if (!s->sim) goto fail;
    s->bodies = mud_bodies_create(s->sim, &(mud_bodies_desc){.seed = ctx->seed, .level = &s->level});
    if (!s->bodies) goto fail;
    s->mr = mud_renderer_create(&(mud_renderer_desc){.field = mud_sim_field(s->sim)});
    if (!s->mr) goto fail;
    /* headless and fixed-step runs must give the same clods every time: lock-step handoff */
    s->worker = mud_clod_worker_create(&(mud_clod_worker_desc){
        .terrain = mud_sim_terrain(s->sim), .clods = {.capacity = MUD_MAX_CLODS, .seed = ctx->seed},
        .floaters = {.capacity = FLOATERS_MAX, .seed = ctx->seed}, .scatter_count = 500,
        .scatter = {s->level.spawn[0], s->level.spawn[1], 50.0f},
        .deterministic = ctx->headless || ctx->opt->fixed_dt > 0});
    if (!s->worker) goto fail;
    s->water = mud_water_create(s->sim, mud_bodies_physics(s->bodies), s->worker, &s->level);
    if (!s->water) goto fail;
    s->decals = decal_pool_create(&(decal_pool_desc){.capacity = MUD_DECALS_MAX});
    if (!s->decals) goto fail;
    const vehicle_desc *vd = vehicle_get_desc(mud_sim_vehicle(s->sim));
    s->truck = mud_truck_create(&(mud_truck_desc){.vehicle = vd, .boxes = !params_b(ctx->params, params_id(mud_param_rows, MUD_P_TRUCK_DETAIL))});
    if (!s->truck) goto fail;
    truck_dirt_init(&s->dirt, vd, ctx->seed);
    renderer_set_fog(ctx->r, (vec3){0.56f, 0.62f, 0.7f}, 0.009f);
    mud_layers_default(&s->layers);
    mud_layers_timing_init(&s->timing);
    return s;
fail:
    log_error("mud scene: cannot start");
    mud_destroy(s);
    return NULL;
}

static void mud_destroy(void *p)
{
    mud_scene *s = p;
    if (!s) return;
    mud_clod_worker_destroy(s->worker);
    decal_pool_destroy(s->decals);
    mud_truck_destroy(s->truck);
    mud_renderer_destroy(s->mr);
    mud_water_destroy(s->water);
    mud_bodies_destroy(s->bodies);
    mud_sim_destroy(s->sim);
    free(s);
}

/* Hidden, the clod worker sleeps (no polling); shown again, the next submit finds it awake. */
static void mud_enter(void *p) { mud_clod_worker_resume(((mud_scene *)p)->worker); }
static void mud_leave(void *p) { mud_clod_worker_park(((mud_scene *)p)->worker); }

static vehicle_input read_controls(const app_input *in)
{
    vehicle_input vi = {0};
    vi.throttle = (float)(in->down[GLFW_KEY_W] || in->down[GLFW_KEY_UP]) - (float)(in->down[GLFW_KEY_S] || in->down[GLFW_KEY_DOWN]);
    vi.steer = (float)(in->down[GLFW_KEY_A] || in->down[GLFW_KEY_LEFT]) - (float)(in->down[GLFW_KEY_D] || in->down[GLFW_KEY_RIGHT]);
    vi.brake = in->down[GLFW_KEY_SPACE] ? 1.0f : 0.0f;
    if (in->gamepad) {
        /* triggers rest at -1 */
        float rt = 0.5f * (in->pad_axes[GLFW_GAMEPAD_AXIS_RIGHT_TRIGGER] + 1.0f);
        float lt = 0.5f * (in->pad_axes[GLFW_GAMEPAD_AXIS_LEFT_TRIGGER] + 1.0f);
        vi.throttle = glm_clamp(vi.throttle + rt - lt, -1.0f, 1.0f);
        vi.steer = glm_clamp(vi.steer - in->pad_axes[GLFW_GAMEPAD_AXIS_LEFT_X], -1.0f, 1.0f);
        if (in->pad_down[GLFW_GAMEPAD_BUTTON_A]) vi.brake = 1.0f;
    }
    return vi;
}

/* The truck's dirt map (mud/truck.h): this step's splats painted, and washed under the water
 * line at MUD_WASH_HZ while the water at the hubs is deeper than the hubs (half the mud in about
 * a second, all of it in a few). */
#define MUD_WASH_HZ 10.0f
#define MUD_DIRT_HZ 15.0f /* the dirt map's passes a second (at most one a frame) */
#define MUD_WASH_RATE 0.6f /* of what is left, per second */
static void mud__truck_dirt(mud_scene *s, float dt)
{
    const vehicle *v = mud_sim_vehicle(s->sim);
    if (!params_b(s->ctx->params, params_id(mud_param_rows, MUD_P_TRUCK_DIRT))) return;
    mud_truck_paint(s->truck, v, s->dirt.splat, s->dirt.splats);
    mud_truck_update(s->truck, dt);
    s->dirt_clock += dt;
    s->wash_clock += dt;
    if (s->wash_clock < 1.0f / MUD_WASH_HZ) return;
    const float span = s->wash_clock;
    s->wash_clock = 0.0f;
    if (!s->layers.on[MUD_LAYER_WATER]) return;
    float level = 0.0f;
    int under = 0;
    for (int i = 0; i < vehicle_wheel_count(v); i++) {
        const float *hub = vehicle_wheel_at(v, i)->hub;
        const float y = mud_water_float_height(s->water, hub[0], hub[2], -1e9f);
        if (y > hub[1]) level += y, under++;
    }
    s->washing = under > 0;
    if (under) mud_truck_wash(s->truck, v, level / (float)under, 1.0f - expf(-MUD_WASH_RATE * span));
}

static void mud_update(void *p, const app_input *in, float dt)
{
    mud_scene *s = p;
    s->steps++;
    if (in->pressed[GLFW_KEY_R]) {
        mud_sim_spawn(s->sim);
        truck_dirt_clean(&s->dirt);
        mud_truck_clean(s->truck);
    }
    if (in->pressed[GLFW_KEY_L]) {
        int off = mud_layers_cycle(&s->layers);
        log_info("layers: %s%s", off < 0 ? "all on" : mud_layer_names[off], off < 0 ? "" : " off (and the ones after it)");
    }
    vehicle_input keys = read_controls(in);
    vehicle_input vi = mud_play_controls(&s->play, &keys, dt);
    const params *pr = s->ctx->params;
    const int p0 = params_id(mud_param_rows, 0);
    mud_sim_tune(s->sim, params_f(pr, p0 + MUD_P_STAMP_DEPTH), params_f(pr, p0 + MUD_P_SOFTNESS_SCALE), params_f(pr, p0 + MUD_P_TRUCK_ENGINE_FORCE));
    mud_sim_set_churn(s->sim, params_f(pr, p0 + MUD_P_CHURN));
    mud_sim_set_slump(s->sim, params_f(pr, p0 + MUD_P_REPOSE_DEG), params_f(pr, p0 + MUD_P_REFILL));
    mud_bodies_drive(s->bodies, &vi, dt); /* the truck and every body */
    mud_water_step(s->water, dt, s->layers.on[MUD_LAYER_WATER]);
    mud_play_stamp(&s->play, s->sim);
    truck_dirt_step(&s->dirt, mud_sim_vehicle(s->sim), dt);
    clod_emitter e[CLODS_MAX_EMITTERS];
    int n = mud_sim_emitters(s->sim, e);
    mud__spray(s, e, n); /* before the paint: the spray that hits the truck adds this step's splats */
    mud__truck_dirt(s, dt);
    mud_renderer_queue_step(s->mr, s->sim); /* drawn into the GPU's mud at the next prepare */
    int ncrumbs;
    const mud_crumb *crumbs = mud_physics_crumbs(mud_bodies_physics(s->bodies), &ncrumbs);
    for (int i = 0; i < ncrumbs; i++) mud_clod_worker_drop(s->worker, crumbs[i].pos[0], crumbs[i].pos[2], crumbs[i].size);
    clods_box box;
    truck_dirt_box(&s->dirt, mud_sim_vehicle(s->sim), box.world_to_box, box.half);
    mud_clod_worker_box(s->worker, &box);
    mud_clod_worker_submit(s->worker, e, n, dt);
    vec3 pos, eye, target;
    if (mud_play_exhaust(&s->play, s->sim, vi.throttle, dt, pos) && s->ctx->fx.smoke)
        s->ctx->fx.smoke(s->ctx->fx.user, pos, 0.06f);
    vehicle_position(mud_sim_vehicle(s->sim), pos);
    renderer_set_shadow_focus(s->ctx->r, pos, 28.0f);
    if (s->ctx->camera_from_script) return;
    mud_play_chase(&s->play, s->sim, dt, eye, target);
    camera_look_at(s->ctx->cam, eye, target);
}

/* A wheel spinning in mud (slip over SPRAY_SLIP m/s) throws a burst of dust and mud spray each
 * step from behind its contact, backwards along its slip (more bursts the deeper it is dug in):
 * the clods' emitters, so spray and clods come from the same wheels. The spray that flies into the
 * truck (arches, frame, the next tyre) paints a small splat there (truck_dirt_spray). */
#define SPRAY_SLIP 0.8f
static void mud__spray(mud_scene *s, const clod_emitter *e, int n)
{
    if (!s->ctx->fx.spray || !s->layers.on[MUD_LAYER_PARTICLES]) return;
    for (int i = 0; i < n; i++) {
        if (e[i].depth <= 0.0f || fabsf(e[i].slip) < SPRAY_SLIP) continue;
        const float back = e[i].slip > 0.0f ? -1.0f : 1.0f, slip = fminf(fabsf(e[i].slip), 8.0f);
        float at[3], vel[3];
        for (int k = 0; k < 3; k++) {
            at[k] = e[i].hub[k] + back * e[i].forward[k] * e[i].radius * 0.7f;
            vel[k] = 0.5f * e[i].velocity[k] + back * e[i].forward[k] * 1.2f * slip;
        }
        at[1] = e[i].hub[1] - e[i].radius + e[i].depth + 0.1f; /* on the mud, not in it */
        /* a tyre dug in deep digs out more: up to three bursts a step (clods.h's dig, the same rule) */
        int bursts = 1 + (int)(2.0f * fminf(e[i].depth / fmaxf(e[i].radius, 0.01f), 1.0f));
        s->ctx->fx.spray(s->ctx->fx.user, at, vel, bursts);
        truck_dirt_spray(&s->dirt, mud_sim_vehicle(s->sim), at, vel, bursts);
    }
}

/* Clods that landed off the mud splat onto the grass or road (decals.h); a window may get the
 * same finished clod frame twice: its landings count once. */
static void add_decals(mud_scene *s)
{
    if (s->clods && s->clods->step != s->landings_step) {
        s->landings_step = s->clods->step;
        decal_pool_splat(s->decals, mud_sim_terrain(s->sim), s->clods->landed, s->clods->nlanded, (float)s->ctx->time);
        /* clods that flew into the truck's body box: a splat each where it hit */
        if (params_b(s->ctx->params, params_id(mud_param_rows, MUD_P_TRUCK_DIRT))) {
            truck_splat hit[CLODS_HITS_MAX];
            for (int i = 0; i < s->clods->nhits; i++)
                hit[i] = (truck_splat){{s->clods->hits[i].pos[0], s->clods->hits[i].pos[1], s->clods->hits[i].pos[2]},
                                       fmaxf(0.1f, 1.5f * s->clods->hits[i].size)};
            mud_truck_paint(s->truck, mud_sim_vehicle(s->sim), hit, s->clods->nhits);
            s->clod_hits += s->clods->nhits;
        }
    }
    mud_renderer_set_decals(s->mr, s->decal_draw, decal_pool_draws(s->decals, (float)s->ctx->time, s->decal_draw, MUD_DECALS_MAX));
}

static void mud_prepare(void *p)
{
    mud_scene *s = p;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    mud_layers_timing_frame(&s->timing, &s->layers, (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9);
    vec3 pos;
    vehicle_position(mud_sim_vehicle(s->sim), pos);
    s->clods = mud_clod_worker_frame(s->worker);
    /* the worker's clods and floating pieces are drawn by the billboard module with everything
     * else that is blended; a lying piece sits on the mud surface, which only this thread knows */
    if (s->clods && s->ctx->fx.transient && s->layers.on[MUD_LAYER_PARTICLES]) {
        int n = s->clods->count < MUD_MAX_CLODS ? s->clods->count : MUD_MAX_CLODS;
        for (int i = 0; i < n; i++) {
            const clod_instance *c = &s->clods->inst[i];
            s->clod_bb[i] = (fx_billboard){{c->pos[0], c->pos[1], c->pos[2]}, c->size, c->rotation,
                                           {c->color[0], c->color[1], c->color[2], c->color[3]}};
        }
        mudfield *mf = mud_sim_field(s->sim);
        for (int i = 0; i < s->clods->nfloat; i++) {
            const floater_instance *c = &s->clods->floaters[i];
            float y = c->lying ? mudfield_surface_height(mf, c->pos[0], c->pos[2]) + 0.3f * c->size : c->pos[1];
            if (c->lying && s->layers.on[MUD_LAYER_WATER]) y = mud_water_float_height(s->water, c->pos[0], c->pos[2], y);
            s->clod_bb[n++] = (fx_billboard){{c->pos[0], y, c->pos[2]}, c->size, c->rotation,
                                             {c->color[0], c->color[1], c->color[2], c->color[3]}};
        }
        if (n) s->ctx->fx.transient(s->ctx->fx.user, FX_CLOD, s->clod_bb, n);
    }
    if (!s->layers.on[MUD_LAYER_POST]) {
        /* the post layer off: every effect of the stack off, the fixed exposure and tone map alone */
        post_settings none;
        for (int i = 0; i < POST_EFFECT_COUNT; i++) none.on[i] = false;
        none.cycle = 0;
        renderer_set_post(s->ctx->r, &none, 0.0f);
    }
    mud_renderer_set_layers(s->mr, &(mud_renderer_layers){.mud = s->layers.on[MUD_LAYER_MUD], .roads = s->layers.on[MUD_LAYER_ROADS],
                                                          .decals = s->layers.on[MUD_LAYER_DECALS]});
    add_decals(s);
    mud_water_prepare(s->water, s->layers.on[MUD_LAYER_WATER]);
    mud_truck_set_boxes(s->truck, !params_b(s->ctx->params, params_id(mud_param_rows, MUD_P_TRUCK_DETAIL)));
    mud_renderer_set_fine_distance(s->mr, params_f(s->ctx->params, params_id(mud_param_rows, MUD_P_FINE_DISTANCE)));
    mud_renderer_set_mud_step(s->mr, params_i(s->ctx->params, params_id(mud_param_rows, MUD_P_GRID_STEP)));
    mud_renderer_set_draw_distance(s->mr, params_f(s->ctx->params, params_id(mud_param_rows, MUD_P_DRAW_DISTANCE)));
    mud_truck_set_dirt_on(s->truck, params_b(s->ctx->params, params_id(mud_param_rows, MUD_P_TRUCK_DIRT)));
    /* the dirt map's unwrap, wash, dilation and drying passes that are due, at MUD_DIRT_HZ of
     * simulated time: the splats of several steps in one unwrap and one dilation */
    if (s->dirt_clock >= 1.0f / MUD_DIRT_HZ - 1e-4f) {
        s->dirt_clock = 0.0f;
        mud_truck_prepare(s->truck);
    }
    if (s->steps != s->steps_drawn) { /* else the same step drawn again: this frame's counters stay */
        s->steps_drawn = s->steps;
        gfx_pass_begin("mud.upload");
        mud_renderer_update(s->mr, pos);
        gfx_pass_end();
        gfx_pass_begin("mud.stamp");
        mud_renderer_stamp(s->mr);
        gfx_pass_end();
    }
    if (names_find(mud_views, s->ctx->view) == MUD_VIEW_PHYSICS) s->physics_tex = mud_bodies_physics_view(s->bodies, s->ctx->width, s->ctx->height);
    s->frames++;
}

static unsigned body_layers(const mud_scene *s)
{
    return (s->layers.on[MUD_LAYER_PLANTS] ? MUD_PROPS_PLANTS : 0u) | (s->layers.on[MUD_LAYER_CHUNKS] ? MUD_PROPS_CHUNKS : 0u);
}

static void mud_draw(void *p, scene_pass pass)
{
    mud_scene *s = p;
    const renderer_frame *f = renderer_frame_uniforms(s->ctx->r);
    mat4 vp;
    vec3 pos;
    vehicle_position(mud_sim_vehicle(s->sim), pos);
    if (pass == SCENE_PASS_SHADOW) {
        glm_mat4_copy((vec4 *)f->light_viewproj, vp);
        gfx_pass_begin("mud.shadow");
        /* the ground as a caster (its own ruts and berms on itself): a quality preset field */
        if (params_b(s->ctx->params, params_id(mud_param_rows, MUD_P_TERRAIN_SHADOW))) mud_renderer_draw(s->mr, MUD_PASS_SHADOW, vp, pos);
        mud_truck_draw(s->truck, MUD_PASS_SHADOW, mud_sim_vehicle(s->sim));
        mud_bodies_draw(s->bodies, pass, f, pos, body_layers(s));
        gfx_pass_end();
        return;
    }
    glm_mat4_copy((vec4 *)f->viewproj, vp);
    gfx_pass_begin("mud.terrain");
    mud_renderer_draw(s->mr, MUD_PASS_MAIN, vp, (float *)f->camera_pos);
    gfx_pass_end();
    mud_truck_draw(s->truck, MUD_PASS_MAIN, mud_sim_vehicle(s->sim));
    mud_bodies_draw(s->bodies, pass, f, pos, body_layers(s));
    mud_water_draw(s->water, f, s->layers.on[MUD_LAYER_WATER]); /* blended over the opaque scene */
}

static scene_cmd_result mud_command(void *p, const script_cmd *c)
{
    mud_scene *s = p;
    if (c->op == MUD_CMD_TRUCK) {
        if (mud_play_place(&s->play, s->sim, c->num[0], c->num[1], c->num[2])) return SCENE_CMD_OK;
        const int size = terrain_level_size(mud_sim_terrain(s->sim));
        log_error("truck %.1f %.1f: X and Z must be in %d..%d (the level is %d m)", c->num[0], c->num[1], MUD_TRUCK_MARGIN,
                  size - MUD_TRUCK_MARGIN, size);
        return SCENE_CMD_FAILED;
    }
    if (c->op == MUD_CMD_PLANT)
        return mud_bodies_plant(s->bodies, c->index == MUD_PLANT_TREE ? PLANT_TREE : PLANT_ROCK, c->num[0], c->num[1]) ? SCENE_CMD_OK : SCENE_CMD_FAILED;
    if (c->op == MUD_CMD_CHUNK) return mud_bodies_chunk(s->bodies, c->num[0], c->num[1], c->num[2]) ? SCENE_CMD_OK : SCENE_CMD_FAILED;
    if (c->op == MUD_CMD_LAYER) {
        s->layers.on[c->index] = c->num[0] != 0.0f; /* the parser let only present layers through */
        return SCENE_CMD_OK;
    }
    if (c->op == MUD_CMD_DRIVE) {
        mud_play_drive(&s->play, c->num[0], c->num[1], c->num[2]);
        return SCENE_CMD_OK;
    }
    return SCENE_CMD_UNSUPPORTED;
}

/* The truck driving along the track throwing clods, ruts behind it. */
extern const char showcase_mud[]; /* docs/scripts/showcase_mud.txt, embedded by CMake */

const scene_vtable scene_mud = {
    .script = &mud_vocab,
    .params = mud_param_rows,
    .param_count = MUD_P_COUNT,
    .quality = mud_quality_rows,
    .quality_count = MUD_QUALITY_COUNT,
    .options = &mud_options,
    .showcase = showcase_mud,
    .check_script = mud_check_script,
    .keys_help = mud_keys_help,
    .free_camera = false,
    .create = mud_create,
    .destroy = mud_destroy,
    .enter = mud_enter,
    .leave = mud_leave,
    .update = mud_update,
    .prepare = mud_prepare,
    .draw = mud_draw,
    .command = mud_command,
    .view = mud_view,
    .dump = mud_dump,
    .stats = mud_stats,
    .bench = mud_bench,
    .hud = mud_hud,
};
