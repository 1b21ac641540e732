/* The mud scene: drive a truck through deformable mud (docs/mud.md).
 *
 * Each fixed step: input or script -> truck (core/vehicle) on the mud surface -> wheel stamps
 * into the mud field (core/mudfield) -> spinning wheels' emitters to the clod worker thread.
 * Each frame: the clod worker's latest instances (lock-free triple buffer; in headless or
 * --fixed-dt runs exactly the step just simulated), dirty-rect uploads of the active blocks
 * (mud/mud.h), terrain + truck in the shadow and main passes; the clods go to the billboard
 * module (scene_ctx.fx.transient), which draws them after the opaque pass with the other particles.
 */
#include <math.h>
#include "core/base/alloc.h"
#include <stdlib.h>
#include <string.h>

#include "app/scene.h"
#include "core/base/log.h"
#include "core/mud/mud_clod_worker.h"
#include "core/mud/mud_sim.h"
#include "core/base/stats.h"
#include "core/mud/truck_model.h"
#include "gfx/dump.h"
#include "gfx/hud.h"
#include "gfx/timer.h"
#include "mud/mud.h"

#define STAMP_HISTORY 4096
#define MUD_MAX_CLODS 4096 /* clod pool of the worker = billboards handed over per frame */

typedef struct mud_scene {
    scene_ctx *ctx;
    mud_sim *sim;
    mud_renderer *mr;
    mud_clod_worker *worker;
    const mud_clod_frame *clods;
    fx_billboard clod_bb[MUD_MAX_CLODS];
    truck_model tm;
    gfx_mesh body[TRUCK_BODY_PARTS], wheel[TRUCK_WHEEL_PARTS];
    float drive_throttle, drive_steer, drive_left; /* script `drive` */
    float exhaust_t;                                /* seconds since the last exhaust puff */
    vec3 eye;
    bool eye_valid;
    float stamp_ms[STAMP_HISTORY];
    int nstamp;
    long long frames;
} mud_scene;

static void mud_destroy(void *p);

static void *mud_create(scene_ctx *ctx)
{
    mud_scene *s = ALLOC_STRUCT(mud_scene);
    if (!s) return NULL;
    s->ctx = ctx;
    s->sim = mud_sim_create(&(mud_sim_desc){.terrain = {.level_size = ctx->opt->level_size, .seed = ctx->seed}});
    if (!s->sim) goto fail;
    s->mr = mud_renderer_create(&(mud_renderer_desc){.field = mud_sim_field(s->sim)});
    if (!s->mr) goto fail;
    /* headless and fixed-step runs must give the same clods every time: lock-step handoff */
    s->worker = mud_clod_worker_create(&(mud_clod_worker_desc){
        .terrain = mud_sim_terrain(s->sim), .clods = {.capacity = MUD_MAX_CLODS, .seed = ctx->seed},
        .deterministic = ctx->headless || ctx->opt->fixed_dt > 0});
    if (!s->worker) goto fail;
    truck_model_build(&s->tm, vehicle_get_desc(mud_sim_vehicle(s->sim)));
    static const char *const body_names[TRUCK_BODY_PARTS] = {"truck.chassis", "truck.cab", "truck.bed", "truck.glass", "truck.lights"};
    for (int i = 0; i < TRUCK_BODY_PARTS; i++) s->body[i] = gfx_mesh_create(&s->tm.body[i].mesh, body_names[i]);
    s->wheel[TRUCK_TYRE] = gfx_mesh_create(&s->tm.wheel[TRUCK_TYRE].mesh, "truck.tyre");
    s->wheel[TRUCK_RIM] = gfx_mesh_create(&s->tm.wheel[TRUCK_RIM].mesh, "truck.rim");
    renderer_set_fog(ctx->r, (vec3){0.56f, 0.62f, 0.7f}, 0.009f);
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
    for (int i = 0; i < TRUCK_BODY_PARTS; i++)
        if (s->body[i].vao) gfx_mesh_destroy(&s->body[i]);
    for (int i = 0; i < TRUCK_WHEEL_PARTS; i++)
        if (s->wheel[i].vao) gfx_mesh_destroy(&s->wheel[i]);
    truck_model_free(&s->tm);
    mud_renderer_destroy(s->mr);
    mud_sim_destroy(s->sim);
    free(s);
}

static vehicle_input read_controls(mud_scene *s, const app_input *in, float dt)
{
    vehicle_input vi = {0};
    if (s->drive_left > 0.0f) {
        s->drive_left -= dt;
        return (vehicle_input){.throttle = s->drive_throttle, .steer = s->drive_steer};
    }
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

static void chase_camera(mud_scene *s, float dt)
{
    const vehicle *v = mud_sim_vehicle(s->sim);
    vec3 pos, target, want;
    vehicle_position(v, pos);
    float h = glm_rad(vehicle_heading(v));
    glm_vec3_copy((vec3){pos[0], pos[1] + 1.2f, pos[2]}, target);
    glm_vec3_copy((vec3){pos[0] - sinf(h) * 10.0f, pos[1] + 4.5f, pos[2] - cosf(h) * 10.0f}, want);
    if (!s->eye_valid) {
        glm_vec3_copy(want, s->eye);
        s->eye_valid = true;
    }
    glm_vec3_lerp(s->eye, want, 1.0f - expf(-dt * 3.0f), s->eye);
    float ground = mudfield_surface_height(mud_sim_field(s->sim), s->eye[0], s->eye[2]) + 1.5f;
    if (s->eye[1] < ground) s->eye[1] = ground;
    camera_look_at(s->ctx->cam, s->eye, target);
}

static void mud_update(void *p, const app_input *in, float dt)
{
    mud_scene *s = p;
    if (in->pressed[GLFW_KEY_R]) mud_sim_spawn(s->sim);
    vehicle_input vi = read_controls(s, in, dt);
    mud_sim_drive(s->sim, &vi, dt);
    double t0 = gfx_now();
    mud_sim_stamp(s->sim);
    s->stamp_ms[s->nstamp++ % STAMP_HISTORY] = (float)((gfx_now() - t0) * 1000.0);
    clod_emitter e[CLODS_MAX_EMITTERS];
    int n = mud_sim_emitters(s->sim, e);
    mud_clod_worker_submit(s->worker, e, n, dt);
    /* exhaust: a puff from the stack behind the cab every 0.25 s while the engine pulls */
    s->exhaust_t += dt;
    if (fabsf(vi.throttle) > 0.1f && s->exhaust_t >= 0.25f && s->ctx->fx.smoke) {
        const vehicle *v = mud_sim_vehicle(s->sim);
        const vehicle_desc *d = vehicle_get_desc(v);
        mat4 body;
        vec3 stack;
        vehicle_body_matrix(v, body);
        glm_mat4_mulv3(body, (vec3){d->track_half + 0.1f, 1.45f, 0.5f * d->wheelbase + d->wheel_radius - 2.0f}, 1.0f, stack);
        s->ctx->fx.smoke(s->ctx->fx.user, stack, 0.06f);
        s->exhaust_t = 0.0f;
    }
    vec3 pos;
    vehicle_position(mud_sim_vehicle(s->sim), pos);
    renderer_set_shadow_focus(s->ctx->r, pos, 28.0f);
    if (!s->ctx->camera_from_script) chase_camera(s, dt);
}

static void mud_prepare(void *p)
{
    mud_scene *s = p;
    vec3 pos;
    vehicle_position(mud_sim_vehicle(s->sim), pos);
    s->clods = mud_clod_worker_frame(s->worker);
    /* the worker's clods are drawn by the billboard module with everything else that is blended */
    if (s->clods && s->clods->count && s->ctx->fx.transient) {
        int n = s->clods->count < MUD_MAX_CLODS ? s->clods->count : MUD_MAX_CLODS;
        for (int i = 0; i < n; i++) {
            const clod_instance *c = &s->clods->inst[i];
            s->clod_bb[i] = (fx_billboard){{c->pos[0], c->pos[1], c->pos[2]}, c->size, c->rotation,
                                           {c->color[0], c->color[1], c->color[2], c->color[3]}};
        }
        s->ctx->fx.transient(s->ctx->fx.user, FX_CLOD, s->clod_bb, n);
    }
    gfx_pass_begin("mud.upload");
    mud_renderer_update(s->mr, pos);
    gfx_pass_end();
    s->frames++;
}

static void draw_truck(mud_scene *s, scene_pass pass)
{
    const vehicle *v = mud_sim_vehicle(s->sim);
    mat4 m;
    vehicle_body_matrix(v, m);
    for (int i = 0; i < TRUCK_BODY_PARTS; i++) {
        if (pass == SCENE_PASS_SHADOW) {
            if (i != TRUCK_LIGHTS && i != TRUCK_GLASS) renderer_draw_caster(s->ctx->r, &s->body[i], m);
        } else {
            vec3 emissive = {0, 0, 0};
            if (i == TRUCK_LIGHTS) glm_vec3_scale(s->tm.body[i].color, 2.0f, emissive);
            renderer_draw_lit(s->ctx->r, &s->body[i], m, s->tm.body[i].color, emissive);
        }
    }
    for (int w = 0; w < vehicle_wheel_count(v); w++) {
        vehicle_wheel_matrix(v, w, m);
        for (int k = 0; k < TRUCK_WHEEL_PARTS; k++) {
            if (pass == SCENE_PASS_SHADOW) renderer_draw_caster(s->ctx->r, &s->wheel[k], m);
            else renderer_draw_lit(s->ctx->r, &s->wheel[k], m, s->tm.wheel[k].color, (vec3){0, 0, 0});
        }
    }
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
        mud_renderer_draw(s->mr, MUD_PASS_SHADOW, vp, pos);
        draw_truck(s, pass);
        gfx_pass_end();
        return;
    }
    glm_mat4_copy((vec4 *)f->viewproj, vp);
    gfx_pass_begin("mud.terrain");
    mud_renderer_draw(s->mr, MUD_PASS_MAIN, vp, (float *)f->camera_pos);
    gfx_pass_end();
    draw_truck(s, pass);
}

static bool mud_supports(script_op op) { return op == SCRIPT_TRUCK || op == SCRIPT_DRIVE; }

static scene_cmd_result mud_command(void *p, const script_cmd *c)
{
    mud_scene *s = p;
    if (c->op == SCRIPT_TRUCK) {
        float size = (float)terrain_level_size(mud_sim_terrain(s->sim));
        const float lo = MUD_TRUCK_MARGIN, hi = size - MUD_TRUCK_MARGIN;
        if (c->num[0] < lo || c->num[1] < lo || c->num[0] > hi || c->num[1] > hi) {
            log_error("truck %.1f %.1f: X and Z must be in %.0f..%.0f (the level is %.0f m)", c->num[0], c->num[1], lo, hi, size);
            return SCENE_CMD_FAILED;
        }
        mud_sim_place_truck(s->sim, c->num[0], c->num[1], c->num[2]);
        s->eye_valid = false;
        return SCENE_CMD_OK;
    }
    if (c->op == SCRIPT_DRIVE) {
        s->drive_throttle = c->num[0];
        s->drive_steer = c->num[1];
        s->drive_left = c->num[2];
        return SCENE_CMD_OK;
    }
    return SCENE_CMD_UNSUPPORTED;
}

static void block_under_truck(mud_scene *s, int *bx, int *bz)
{
    vec3 pos;
    vehicle_position(mud_sim_vehicle(s->sim), pos);
    int nb = terrain_blocks_per_side(mud_sim_terrain(s->sim));
    *bx = glm_clamp((int)floorf(pos[0] / TERRAIN_BLOCK_SIZE), 0, nb - 1);
    *bz = glm_clamp((int)floorf(pos[2] / TERRAIN_BLOCK_SIZE), 0, nb - 1);
}

static bool mud_view(void *p, const char *name, scene_view *out)
{
    mud_scene *s = p;
    if (strcmp(name, "mud")) return false;
    int bx, bz;
    block_under_truck(s, &bx, &bz);
    GLuint tex = mud_renderer_block_texture(s->mr, bx, bz);
    if (tex) *out = (scene_view){tex, GFX_PANEL_RGB, "mud block under the truck: R height, GB slide"};
    else *out = (scene_view){mud_renderer_base_texture(s->mr), GFX_PANEL_RGB, "no mud under the truck: base terrain"};
    return true;
}

static bool mud_dump(void *p, const char *target, const char *path)
{
    mud_scene *s = p;
    if (strcmp(target, "mud")) return false;
    int bx, bz;
    block_under_truck(s, &bx, &bz);
    static uint8_t px[MUDFIELD_RES * MUDFIELD_RES * 4];
    if (!mud_renderer_read_block(s->mr, bx, bz, px)) {
        /* not on the GPU: the CPU field when it exists, else untouched mud (height 0, no track) */
        if (mudfield_block_allocated(mud_sim_field(s->sim), bx, bz))
            mudfield_pack(mud_sim_field(s->sim), bx, bz, &(mudfield_rect){0, 0, MUDFIELD_RES - 1, MUDFIELD_RES - 1}, px);
        else
            for (int i = 0; i < MUDFIELD_RES * MUDFIELD_RES; i++) mudfield_pack_texel(0.0f, (float[2]){0, 0}, 0.0f, px + i * 4);
    }
    return gfx_write_png(path, MUDFIELD_RES, MUDFIELD_RES, 4, px, false);
}

static void mud_stats(void *p, json_writer *w)
{
    mud_scene *s = p;
    const mud_renderer_stats *st = mud_renderer_get_stats(s->mr);
    const vehicle *v = mud_sim_vehicle(s->sim);
    vec3 pos;
    vehicle_position(v, pos);
    json_int(w, "blocks_active", st->blocks_active);
    json_int(w, "blocks_drawn", st->blocks_drawn);
    json_int(w, "blocks_resident", st->blocks_resident);
    json_int(w, "mud_blocks_allocated", mudfield_blocks_allocated(mud_sim_field(s->sim)));
    json_object_begin(w, "mud_upload_bytes");
    json_int(w, "frame", st->upload_bytes_frame);
    json_int(w, "total", st->upload_bytes_total);
    json_object_end(w);
    json_object_begin(w, "truck");
    json_array_begin(w, "pos");
    for (int i = 0; i < 3; i++) json_number(w, NULL, pos[i]);
    json_array_end(w);
    json_number(w, "speed", vehicle_speed(v));
    json_number(w, "sink", vehicle_sink(v));
    json_object_end(w);
    json_int(w, "clods_alive", s->clods ? s->clods->alive : 0);
}

/* Drives across a 1024 m level with the real streaming: uploads and memory stay bounded. */
static void bench_long_drive(json_writer *w, unsigned seed)
{
    mud_sim *sim = mud_sim_create(&(mud_sim_desc){.terrain = {.level_size = 1024, .seed = seed}});
    mud_renderer *mr = mud_renderer_create(&(mud_renderer_desc){.field = mud_sim_field(sim)});
    if (!sim || !mr) {
        mud_renderer_destroy(mr);
        mud_sim_destroy(sim);
        return;
    }
    float x, z;
    terrain_spawn(mud_sim_terrain(sim), &x, &z);
    mud_sim_place_truck(sim, x, 24.0f, 0.0f);
    const vehicle *v = mud_sim_vehicle(sim);
    int steps = 0, unstick = 0, slow = 0;
    vec3 pos = {x, 0, 24};
    double t0 = gfx_now();
    while (pos[2] < 1000.0f && steps < 60 * 400) {
        mud_sim_step(sim, &(vehicle_input){.throttle = 1.0f}, 1.0f / 60.0f);
        vehicle_position(v, pos);
        mud_renderer_update(mr, pos);
        steps++;
        /* a truck stuck in a deep valley is lifted 6 m on, so the drive covers the level */
        slow = vehicle_speed(v) < 0.5f ? slow + 1 : 0;
        if (slow > 180) {
            mud_sim_place_truck(sim, x, pos[2] + 6.0f, 0.0f);
            unstick++;
            slow = 0;
        }
    }
    const mud_renderer_stats *st = mud_renderer_get_stats(mr);
    json_object_begin(w, "drive_1024m");
    json_number(w, "distance_m", pos[2] - 24.0f);
    json_int(w, "steps", steps);
    json_int(w, "unstuck", unstick);
    json_number(w, "cpu_s", gfx_now() - t0);
    json_int(w, "mud_blocks_allocated", mudfield_blocks_allocated(mud_sim_field(sim)));
    json_int(w, "cpu_mud_bytes", (long long)mudfield_memory_bytes(mud_sim_field(sim)));
    json_int(w, "gpu_bytes", (long long)st->gpu_bytes);
    json_int(w, "gpu_slots_resident", st->blocks_resident);
    json_int(w, "upload_bytes_total", st->upload_bytes_total);
    json_number(w, "upload_bytes_per_step", (double)st->upload_bytes_total / steps);
    json_number(w, "whole_block_bytes_per_step", (double)st->uploads_total * MUDFIELD_RES * MUDFIELD_RES * 4 / steps);
    json_int(w, "full_block_uploads", st->full_uploads);
    json_object_end(w);
    mud_renderer_destroy(mr);
    mud_sim_destroy(sim);
}

static void mud_bench(void *p, json_writer *w)
{
    mud_scene *s = p;
    int n = s->nstamp < STAMP_HISTORY ? s->nstamp : STAMP_HISTORY;
    static const float pct[2] = {50, 95};
    float q[2] = {0, 0};
    if (n) stats_percentiles(s->stamp_ms, n, pct, 2, q);
    json_object_begin(w, "stamp_cpu_ms");
    json_int(w, "wheels", vehicle_wheel_count(mud_sim_vehicle(s->sim)));
    json_number(w, "median", q[0]);
    json_number(w, "p95", q[1]);
    json_object_end(w);
    const mud_renderer_stats *st = mud_renderer_get_stats(s->mr);
    long long whole = (long long)MUDFIELD_RES * MUDFIELD_RES * 4;
    json_object_begin(w, "upload");
    double frames = s->frames ? (double)s->frames : 1.0;
    json_number(w, "bytes_per_frame", (double)st->upload_bytes_total / frames);
    /* what sending every changed block whole would cost instead of its dirty rectangle */
    json_number(w, "whole_block_bytes_per_frame", (double)st->uploads_total * (double)whole / frames);
    json_int(w, "whole_block_bytes", whole);
    json_int(w, "full_block_uploads", st->full_uploads);
    json_object_end(w);
    bench_long_drive(w, s->ctx->seed);
}

static void mud_hud(void *p, float x, float y)
{
    mud_scene *s = p;
    const mud_renderer_stats *st = mud_renderer_get_stats(s->mr);
    const vehicle *v = mud_sim_vehicle(s->sim);
    const float c[4] = {1, 1, 1, 0.9f};
    gfx_hud_text(x, y, 2.0f, c, "truck %.1f km/h  sink %.2f m\nblocks active %d drawn %d resident %d\nmud upload %.1f KiB  clods %d",
                 vehicle_speed(v) * 3.6f, vehicle_sink(v), st->blocks_active, st->blocks_drawn, st->blocks_resident,
                 (double)st->upload_bytes_frame / 1024.0, s->clods ? s->clods->alive : 0);
}

const scene_vtable scene_mud = {
    .name = "mud",
    .keys_help = "W/S or Up/Down  throttle / reverse\nA/D or Left/Right  steer\nSpace  brake    R  back to the spawn\n"
                 "Gamepad: RT/LT throttle, left stick steer, A brake",
    .free_camera = false,
    .create = mud_create,
    .destroy = mud_destroy,
    .update = mud_update,
    .prepare = mud_prepare,
    .draw = mud_draw,
    .supports = mud_supports,
    .command = mud_command,
    .view = mud_view,
    .dump = mud_dump,
    .stats = mud_stats,
    .bench = mud_bench,
    .hud = mud_hud,
};
