/* The dissolve gallery: a box subdivided 24 cells per side, a sphere, a faceted crystal cluster,
 * the range scene's robot and the face scene's head each burn out and back in on their own
 * cycle, pushed (a bulge rides the edge) or pulled into a glowing orb that circles above them.
 * Every mesh goes through shaders/dissolve.glsl in the shadow pass too, so the shadows bulge,
 * stretch and vanish with the meshes.
 *
 * Script: `dissolve AMOUNT` fixes the amount of every item (the cycle and the orb stop, so
 * captures compare cleanly), `dissolve-mode`, `dissolve-shape`.
 * Keys: 1-3 mode, 4-6 shape, Up/Down amount, Space back to the cycle.
 */
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "app/scene.h"
#include "core/dissolve/dissolve_math.h"
#include "core/base/log.h"
#include "core/base/mesh.h"
#include "core/wrinkle/head.h"
#include "core/dissolve/props.h"
#include "core/damage/robot.h"
#include "dissolve/dissolve.h"
#include "gfx/bench.h"
#include "gfx/hud.h"
#include "gfx/state.h"
#include "gfx/timer.h"

#define GALLERY_MAX_ITEMS 6
#define GALLERY_CYCLE_S 10.0f

typedef struct gallery_item {
    mat4 model;
    vec3 lo, hi;     /* world bounds at rest */
    vec3 center;     /* world bounding sphere at rest */
    float radius;
    vec3 albedo;
    const char *name;
    gfx_mesh mesh;
    float phase;     /* seconds into the cycle at time 0 */
    float amount;
} gallery_item;

typedef struct gallery {
    gallery_item items[GALLERY_MAX_ITEMS];
    vec3 target;     /* the orb: pull target and sphere-shape centre */
    int count;
    scene_ctx *ctx;
    dissolve *dv;
    gfx_mesh orb;
    float time;      /* of the cycle and the orb: stands still while the amount is fixed */
    bool fixed;
    float fixed_amount;
    dissolve_mode mode;
    dissolve_shape shape;
    int drawn;
    long long vertices, triangles;
} gallery;

static void gallery__add(gallery *g, const char *name, mesh_data *m, mat4 model, const vec3 albedo, float phase)
{
    assert(g->count < GALLERY_MAX_ITEMS);
    gallery_item *it = &g->items[g->count++];
    it->name = name;
    glm_mat4_copy(model, it->model);
    glm_vec3_copy((float *)albedo, it->albedo);
    it->phase = phase;
    it->mesh = gfx_mesh_create(m, name);
    glm_vec3_fill(it->lo, FLT_MAX);
    glm_vec3_fill(it->hi, -FLT_MAX);
    for (int i = 0; i < m->vertex_count; i++) {
        vec3 w;
        glm_mat4_mulv3(model, m->pos[i], 1.0f, w);
        glm_vec3_minv(it->lo, w, it->lo);
        glm_vec3_maxv(it->hi, w, it->hi);
    }
    glm_vec3_center(it->lo, it->hi, it->center);
    it->radius = glm_vec3_distance(it->lo, it->hi) * 0.5f;
    g->vertices += m->vertex_count;
    g->triangles += m->index_count / 3;
}

static void gallery__build(gallery *g)
{
    mesh_data m = {0};
    mat4 xf;

    mesh_build_box(&m, (float[3]){0.4f, 0.4f, 0.4f}, 24);
    glm_translate_make(xf, (vec3){-2.2f, 0.4f, 0.5f});
    glm_rotate_y(xf, 0.45f, xf);
    gallery__add(g, "box", &m, xf, (vec3){0.32f, 0.30f, 0.28f}, 0.0f);

    mesh_clear(&m);
    mesh_build_sphere(&m, 0.45f, 64, 32);
    glm_translate_make(xf, (vec3){-0.75f, 0.45f, 1.1f});
    gallery__add(g, "sphere", &m, xf, (vec3){0.10f, 0.20f, 0.38f}, 2.5f);

    mesh_clear(&m);
    props_build_crystals(&m, 5);
    glm_translate_make(xf, (vec3){0.75f, 0.0f, 1.1f});
    glm_rotate_y(xf, 0.3f, xf);
    gallery__add(g, "crystals", &m, xf, (vec3){0.26f, 0.12f, 0.34f}, 5.0f);

    /* The damage scene's robot, armor on, one mesh: push needs the welded normals across the
     * plates' rims, which mesh_compute_smooth_normals bakes over the merged mesh. */
    robot *rb = robot_create(&(robot_desc){0});
    if (rb) {
        mesh_clear(&m);
        mat4 id = GLM_MAT4_IDENTITY_INIT;
        mesh_append(&m, &rb->body, id);
        mesh_append(&m, &rb->glow, id);
        for (int i = 0; i < rb->plate_count; i++) mesh_append(&m, &rb->plates[i].mesh, rb->plates[i].rest);
        mesh_compute_smooth_normals(&m, 1e-5f);
        glm_translate_make(xf, (vec3){0.0f, 0.0f, -0.9f});
        gallery__add(g, "robot", &m, xf, (vec3){0.22f, 0.24f, 0.27f}, 7.5f);
        robot_destroy(rb);
    }

    /* The face scene's head, scaled up to gallery size and stood on its neck. */
    head_model hd;
    if (head_build(&hd, &(head_desc){0})) {
        mesh_clear(&m);
        mat4 id = GLM_MAT4_IDENTITY_INIT;
        mesh_append(&m, &hd.skin, id);
        mesh_append(&m, &hd.eyes, id);
        mesh_compute_smooth_normals(&m, 1e-5f);
        glm_translate_make(xf, (vec3){2.2f, -HEAD_NECK_BOTTOM_Y * 2.6f, 0.5f});
        glm_rotate_y(xf, -0.35f, xf);
        glm_scale_uni(xf, 2.6f);
        gallery__add(g, "head", &m, xf, (vec3){0.42f, 0.28f, 0.22f}, 1.2f);
        head_free(&hd);
    }

    mesh_clear(&m);
    mesh_build_sphere(&m, 0.12f, 24, 12);
    g->orb = gfx_mesh_create(&m, "dissolve.orb");
    mesh_data_free(&m);
}

static void *gallery_create(scene_ctx *ctx)
{
    gallery *g = aligned_alloc(16, (sizeof *g + 15) & ~(size_t)15);
    if (!g) {
        log_error("dissolve scene: out of memory");
        return NULL;
    }
    memset(g, 0, sizeof *g);
    g->ctx = ctx;
    g->mode = DISSOLVE_MODE_PUSH;
    g->shape = DISSOLVE_SHAPE_DIRECTION;
    g->dv = dissolve_create(&(dissolve_desc){0});
    if (!g->dv) {
        free(g);
        return NULL;
    }
    gallery__build(g);
    if (!ctx->camera_from_script) camera_look_at(ctx->cam, (vec3){0.0f, 1.9f, 4.7f}, (vec3){0.0f, 0.85f, 0.3f});
    renderer_set_shadow_focus(ctx->r, (vec3){0, 0.9f, 0.4f}, 4.0f);
    glm_vec3_copy((vec3){1.49f, 1.65f, 1.28f}, g->target);
    return g;
}

static void gallery_destroy(void *p)
{
    gallery *g = p;
    if (!g) return;
    for (int i = 0; i < g->count; i++) gfx_mesh_destroy(&g->items[i].mesh);
    gfx_mesh_destroy(&g->orb);
    dissolve_destroy(g->dv);
    free(g);
}

/* 0 for a while, burn out, hold gone, come back, in GALLERY_CYCLE_S seconds. */
static float gallery__cycle(float t)
{
    float u = fmodf(t, GALLERY_CYCLE_S) / GALLERY_CYCLE_S;
    float a;
    if (u < 0.1f) a = 0.0f;
    else if (u < 0.45f) a = (u - 0.1f) / 0.35f;
    else if (u < 0.55f) a = 1.0f;
    else if (u < 0.9f) a = 1.0f - (u - 0.55f) / 0.35f;
    else a = 0.0f;
    return a * a * (3.0f - 2.0f * a);
}

static void gallery_update(void *p, const app_input *in, float dt)
{
    gallery *g = p;
    if (!g->fixed) g->time += dt;
    if (in->pressed[GLFW_KEY_1]) g->mode = DISSOLVE_MODE_NONE;
    if (in->pressed[GLFW_KEY_2]) g->mode = DISSOLVE_MODE_PUSH;
    if (in->pressed[GLFW_KEY_3]) g->mode = DISSOLVE_MODE_PULL;
    if (in->pressed[GLFW_KEY_4]) g->shape = DISSOLVE_SHAPE_NOISE;
    if (in->pressed[GLFW_KEY_5]) g->shape = DISSOLVE_SHAPE_DIRECTION;
    if (in->pressed[GLFW_KEY_6]) g->shape = DISSOLVE_SHAPE_SPHERE;
    if (in->pressed[GLFW_KEY_SPACE]) g->fixed = false;
    float da = (in->down[GLFW_KEY_UP] ? 1.0f : 0.0f) - (in->down[GLFW_KEY_DOWN] ? 1.0f : 0.0f);
    if (da != 0.0f) {
        if (!g->fixed) g->fixed_amount = g->items[0].amount;
        g->fixed = true;
        g->fixed_amount = glm_clamp(g->fixed_amount + da * 0.4f * dt, 0.0f, 1.0f);
    }
    /* The orb circles above the gallery, dipping low enough to drag the meshes sideways. */
    float a = g->time * 0.45f + 0.9f;
    glm_vec3_copy((vec3){1.9f * sinf(a), 1.65f + 0.3f * sinf(a * 2.3f), 0.6f + 1.1f * cosf(a)}, g->target);
    for (int i = 0; i < g->count; i++)
        g->items[i].amount = g->fixed ? g->fixed_amount : gallery__cycle(g->time + g->items[i].phase);
}

static dissolve_params gallery__params(const gallery *g, const gallery_item *it)
{
    dissolve_params p = dissolve_params_defaults();
    p.amount = it->amount;
    p.mode = g->mode;
    p.shape = g->shape;
    p.push_distance = 0.12f;
    /* Top to bottom across this item. */
    glm_vec3_copy((vec3){it->center[0], it->hi[1] + 0.02f, it->center[2]}, p.from);
    glm_vec3_copy((vec3){it->center[0], it->lo[1] - 0.02f, it->center[2]}, p.to);
    /* Sphere around the orb, its shell spanning the item: the side facing the orb goes first. */
    float dist = glm_vec3_distance((float *)g->target, (float *)it->center);
    glm_vec3_copy((float *)g->target, p.center);
    p.inner_radius = fmaxf(dist - it->radius, 0.0f);
    p.radius = dist + it->radius;
    glm_vec3_copy((float *)g->target, p.target);
    return p;
}

static bool gallery__visible(const gallery_item *it, const dissolve_params *p, mat4 viewproj)
{
    vec4 planes[6];
    vec3 box[2];
    glm_frustum_planes(viewproj, planes);
    dissolve_bounds(p, it->lo, it->hi, box[0], box[1]);
    return glm_aabb_frustum(box, planes);
}

static void gallery_draw(void *p, scene_pass pass)
{
    gallery *g = p;
    const renderer_frame *f = renderer_frame_uniforms(g->ctx->r);
    mat4 viewproj;
    glm_mat4_copy((vec4 *)(pass == SCENE_PASS_SHADOW ? f->light_viewproj : f->viewproj), viewproj);
    if (pass == SCENE_PASS_MAIN) renderer_draw_ground(g->ctx->r);
    gfx_pass_begin(pass == SCENE_PASS_SHADOW ? "dissolve.shadow" : "dissolve.main");
    int drawn = 0;
    for (int i = 0; i < g->count; i++) {
        gallery_item *it = &g->items[i];
        dissolve_params dp = gallery__params(g, it);
        if (!gallery__visible(it, &dp, viewproj)) continue;
        drawn++;
        dissolve_draw_mesh(g->dv, &it->mesh, it->model, it->albedo, NULL, &dp,
                           pass == SCENE_PASS_SHADOW ? DISSOLVE_PASS_SHADOW : DISSOLVE_PASS_MAIN);
    }
    gfx_pass_end();
    if (pass == SCENE_PASS_MAIN) {
        g->drawn = drawn;
        /* The orb is a light, not a caster: HDR emission, no shadow. */
        mat4 m;
        glm_translate_make(m, g->target);
        renderer_draw_lit(g->ctx->r, &g->orb, m, (vec3){0.1f, 0.1f, 0.1f}, (vec3){4.0f, 6.0f, 12.0f});
    }
}

static bool gallery_supports(script_op op)
{
    return op == SCRIPT_DISSOLVE || op == SCRIPT_DISSOLVE_MODE || op == SCRIPT_DISSOLVE_SHAPE;
}

static scene_cmd_result gallery_command(void *p, const script_cmd *cmd)
{
    gallery *g = p;
    switch (cmd->op) {
    case SCRIPT_DISSOLVE:
        g->fixed = true;
        g->fixed_amount = glm_clamp(cmd->num[0], 0.0f, 1.0f);
        for (int i = 0; i < g->count; i++) g->items[i].amount = g->fixed_amount;
        return SCENE_CMD_OK;
    case SCRIPT_DISSOLVE_MODE:
        if (!dissolve_mode_parse(cmd->str, &g->mode)) {
            log_error("dissolve-mode %s: expected none, push or pull", cmd->str);
            return SCENE_CMD_FAILED;
        }
        return SCENE_CMD_OK;
    case SCRIPT_DISSOLVE_SHAPE:
        if (!dissolve_shape_parse(cmd->str, &g->shape)) {
            log_error("dissolve-shape %s: expected noise, direction or sphere", cmd->str);
            return SCENE_CMD_FAILED;
        }
        return SCENE_CMD_OK;
    default:
        return SCENE_CMD_UNSUPPORTED;
    }
}

static void gallery_stats(void *p, json_writer *w)
{
    gallery *g = p;
    json_number(w, "dissolve_amount", g->fixed ? g->fixed_amount : g->items[0].amount);
    json_bool(w, "dissolve_cycling", !g->fixed);
    json_string(w, "dissolve_mode", dissolve_mode_name(g->mode));
    json_string(w, "dissolve_shape", dissolve_shape_name(g->shape));
    json_string(w, "dissolve_pitfall", dissolve_pitfall_name(dissolve_active_pitfall(g->dv)));
    json_int(w, "dissolve_items", g->count);
    json_int(w, "dissolve_items_drawn", g->drawn);
    json_array_begin(w, "dissolve_item_amounts");
    for (int i = 0; i < g->count; i++) {
        json_object_begin(w, NULL);
        json_string(w, "name", g->items[i].name);
        json_number(w, "amount", g->items[i].amount);
        json_object_end(w);
    }
    json_array_end(w);
    json_array_begin(w, "dissolve_target");
    for (int k = 0; k < 3; k++) json_number(w, NULL, g->target[k]);
    json_array_end(w);
}

/* Wall time of drawing every item GALLERY_BENCH_REPS times into a scratch HDR target (gfx/bench.h),
 * finished: plain lit program (no dissolve) vs the dissolve program in each mode. */
#define GALLERY_BENCH_REPS 20
typedef struct gallery__bench {
    gallery *g;
    int variant;
} gallery__bench;

static void gallery__bench_pass(void *user, gfx_pingpong *scratch, int rep)
{
    const gallery__bench *b = user;
    gallery *g = b->g;
    gfx_target_bind(&scratch->t[0]);
    gfx_state_clear(GL_DEPTH_BUFFER_BIT); /* every repetition shades every item: none hides behind the last */
    for (int i = 0; i < g->count; i++) {
        gallery_item *it = &g->items[i];
        if (b->variant < 0) {
            renderer_draw_lit(g->ctx->r, &it->mesh, it->model, it->albedo, NULL);
            continue;
        }
        dissolve_params dp = gallery__params(g, it);
        dp.amount = 0.5f;
        dp.mode = (dissolve_mode)b->variant;
        dissolve_draw_mesh(g->dv, &it->mesh, it->model, it->albedo, NULL, &dp, DISSOLVE_PASS_MAIN);
    }
}

static double gallery__bench_draws(gallery *g, int variant)
{
    int w, h;
    renderer_size(g->ctx->r, &w, &h);
    gallery__bench b = {g, variant};
    return gfx_bench_run(&(gfx_bench_desc){.target = {.width = w, .height = h, .color = {GL_RGBA16F},
                                                      .depth = GL_DEPTH_COMPONENT24, .label = "dissolve.bench"},
                                           .reps = GALLERY_BENCH_REPS, .pass = gallery__bench_pass, .user = &b})
        .wall;
}

static void gallery_bench(void *p, json_writer *w)
{
    gallery *g = p;
    json_int(w, "dissolve_vertices", g->vertices);
    json_int(w, "dissolve_triangles", g->triangles);
    json_int(w, "dissolve_items", g->count);
    json_object_begin(w, "dissolve_draw_ms");
    json_number(w, "plain_lit", gallery__bench_draws(g, -1));
    json_number(w, "none", gallery__bench_draws(g, DISSOLVE_MODE_NONE));
    json_number(w, "push", gallery__bench_draws(g, DISSOLVE_MODE_PUSH));
    json_number(w, "pull", gallery__bench_draws(g, DISSOLVE_MODE_PULL));
    json_object_end(w);
}

static void gallery_hud(void *p, float x, float y)
{
    gallery *g = p;
    const float white[4] = {1, 1, 1, 0.9f};
    char amount[32];
    if (g->fixed) snprintf(amount, sizeof amount, "%.2f", g->fixed_amount);
    else snprintf(amount, sizeof amount, "cycling");
    gfx_hud_text(x, y, 1.5f, white, "dissolve %s  mode %s  shape %s  drawn %d/%d%s%s", amount,
                 dissolve_mode_name(g->mode), dissolve_shape_name(g->shape), g->drawn, g->count,
                 dissolve_active_pitfall(g->dv) != DISSOLVE_PITFALL_NONE ? "  pitfall " : "",
                 dissolve_active_pitfall(g->dv) != DISSOLVE_PITFALL_NONE
                     ? dissolve_pitfall_name(dissolve_active_pitfall(g->dv)) : "");
}

const scene_vtable scene_dissolve = {
    .name = "dissolve",
    .keys_help = "1/2/3 mode none/push/pull\n4/5/6 shape noise/direction/sphere\nUp/Down amount\nSpace resume cycle",
    .free_camera = true,
    .create = gallery_create,
    .destroy = gallery_destroy,
    .update = gallery_update,
    .draw = gallery_draw,
    .supports = gallery_supports,
    .command = gallery_command,
    .stats = gallery_stats,
    .bench = gallery_bench,
    .hud = gallery_hud,
};
