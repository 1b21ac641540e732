/* The dissolve gallery: a box subdivided 24 cells per side, a sphere, a faceted crystal cluster,
 * and the showpieces other scenes lend it through the registry (scene_ctx.showpieces: the range's
 * robot, the face's head) each burn out and back in on their own
 * cycle, pushed (a bulge rides the edge) or pulled into a glowing orb that circles above them.
 * Every mesh goes through shaders/dissolve.glsl in the shadow pass too, so the shadows bulge,
 * stretch and vanish with the meshes.
 *
 * Script: `dissolve AMOUNT` fixes the amount of every item (the cycle and the orb stop, so
 * captures compare cleanly), `dissolve-mode`, `dissolve-shape`, `dissolve-pitfall`, `dissolve-edge`
 * (registered by dissolve/scene/dissolve_vocab.h).
 * Keys: 1-3 mode, 4-6 shape, 7 next pitfall, Up/Down amount, Space back to the cycle.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scene/scene.h"
#include "base/alloc.h"
#include "dissolve/core/dissolve_embers.h"
#include "dissolve/scene/dissolve_vocab.h"
#include "dissolve/scene/gallery.h"
#include "base/log.h"
#include "base/names.h"
#include "dissolve/dissolve.h"
#include "gfx/bench.h"
#include "gfx/hud.h"
#include "gfx/state.h"
#include "gfx/timer.h"

typedef struct gallery {
    dissolve_gallery g;   /* items, cycle, orb, mode and shape (dissolve/scene/gallery.h) */
    gfx_mesh mesh[DISSOLVE_GALLERY_MAX];
    scene_ctx *ctx;
    dissolve *dv;
    gfx_mesh orb;
    int drawn;
    /* dissolve-d / dissolve-w: while one is on screen, prepare() draws the gallery's fields into
     * `fields` from the main camera */
    gfx_target fields;
    dissolve_edge edge;
    float detail; /* dissolve.detail the meshes were built at */
    dissolve_ember_src embers[DISSOLVE_GALLERY_MAX]; /* subsampled vertices: where the edge throws embers */
    rng ember_rng;
} gallery;

/* Embers per step of each burning item, and the sample vertices tried for them. */
#define GALLERY_EMBERS_PER_STEP 2
#define GALLERY_EMBER_TRIES 48

/* The items' meshes at density detail (dissolve.detail, a quality preset field) into into->items
 * and the GPU; the other scenes' showpieces (the robot, the head) stand among the props. Building
 * into a scratch gallery keeps the live one's state (time, mode, shape) when the density changes. */
static void gallery__meshes(gallery *g, dissolve_gallery *into, float detail)
{
    dissolve_gallery_guest guests[DISSOLVE_GALLERY_GUESTS];
    int nguests = 0;
    for (int i = 0; i < g->ctx->nshowpieces && nguests < DISSOLVE_GALLERY_GUESTS; i++)
        guests[nguests++] = (dissolve_gallery_guest){g->ctx->showpieces[i].name, g->ctx->showpieces[i].build};
    mesh_data m[DISSOLVE_GALLERY_MAX] = {0};
    for (int i = 0; i < g->g.count; i++) {
        gfx_mesh_destroy(&g->mesh[i]);
        dissolve_ember_src_free(&g->embers[i]);
    }
    const int n = dissolve_gallery_build(into, guests, nguests, m, detail);
    for (int i = 0; i < n; i++) {
        g->mesh[i] = gfx_mesh_create(&m[i], into->items[i].name);
        dissolve_ember_src_build(&g->embers[i], &m[i], DISSOLVE_EMBER_SAMPLES); /* none on failure (logged) */
        mesh_data_free(&m[i]);
    }
    g->detail = detail;
    g->g.vertices = into->vertices;
    g->g.triangles = into->triangles;
}

static void *gallery_create(scene_ctx *ctx)
{
    gallery *g = ALLOC_STRUCT(gallery);
    if (!g) {
        log_error("dissolve scene: out of memory");
        return NULL;
    }
    g->ctx = ctx;
    rng_seed(&g->ember_rng, (uint64_t)ctx->seed ^ 0x64697373656d62ull);
    g->fields.desc = (gfx_target_desc){.color = {GL_RGBA8}, .depth = GL_DEPTH_COMPONENT24, .label = "dissolve.fields"};
    g->dv = dissolve_create(&(dissolve_desc){0});
    if (!g->dv) {
        free(g);
        return NULL;
    }
    gallery__meshes(g, &g->g, params_f(ctx->params, params_id(dissolve_param_rows, DISSOLVE_P_DETAIL)));
    mesh_data m[1] = {0};
    mesh_build_sphere(&m[0], 0.12f, 24, 12);
    g->orb = gfx_mesh_create(&m[0], "dissolve.orb");
    mesh_data_free(&m[0]);
    if (!ctx->camera_from_script) camera_look_at(ctx->cam, (vec3){0.0f, 1.9f, 4.7f}, (vec3){0.0f, 0.85f, 0.3f});
    renderer_set_shadow_focus(ctx->r, (vec3){0, 0.9f, 0.4f}, 4.0f);
    return g;
}

static void gallery_destroy(void *p)
{
    gallery *g = p;
    if (!g) return;
    for (int i = 0; i < g->g.count; i++) {
        gfx_mesh_destroy(&g->mesh[i]);
        dissolve_ember_src_free(&g->embers[i]);
    }
    gfx_mesh_destroy(&g->orb);
    gfx_target_destroy(&g->fields);
    dissolve_destroy(g->dv);
    free(g);
}

static bool gallery__item(const gallery *g, int i, vec4 *planes, dissolve_params *dp);
static void gallery__embers(gallery *g);
static bool gallery__swallowing(const gallery *g);

static void gallery_update(void *p, const app_input *in, float dt)
{
    dissolve_gallery *g = &((gallery *)p)->g;
    for (int k = 0; k < DISSOLVE_MODE_COUNT; k++) /* 1-3: the modes, 4-6: the shapes, in table order */
        if (in->pressed[GLFW_KEY_1 + k]) g->mode = (dissolve_mode)k;
    for (int k = 0; k < DISSOLVE_SHAPE_COUNT; k++)
        if (in->pressed[GLFW_KEY_4 + k]) g->shape = (dissolve_shape)k;
    if (in->pressed[GLFW_KEY_7]) {
        gallery *gl = p;
        dissolve_set_pitfall(gl->dv, (dissolve_pitfall)((dissolve_active_pitfall(gl->dv) + 1) % DISSOLVE_PITFALL_COUNT));
    }
    float da = (in->down[GLFW_KEY_UP] ? 1.0f : 0.0f) - (in->down[GLFW_KEY_DOWN] ? 1.0f : 0.0f);
    dissolve_gallery_update(g, dt, in->pressed[GLFW_KEY_SPACE], da);
    gallery__embers(p);
}

/* Item i's parameters with the panel's knobs over the gallery's own (the registry's defaults are
 * the gallery's values); false when its bounds miss the frustum planes (NULL: no culling). The
 * bounds pitfall culls with the rest box, as if the vertices stayed where they were. */
static bool gallery__item(const gallery *g, int i, vec4 *planes, dissolve_params *dp)
{
    const dissolve_gallery_item *it = &g->g.items[i];
    *dp = dissolve_gallery_params(&g->g, i);
    const int p0 = params_id(dissolve_param_rows, 0);
    dp->edge_width = params_f(g->ctx->params, p0 + DISSOLVE_P_EDGE_WIDTH);
    dp->push_distance = params_f(g->ctx->params, p0 + DISSOLVE_P_PUSH_DISTANCE);
    dp->band = params_f(g->ctx->params, p0 + DISSOLVE_P_BAND);
    if (!planes) return true;
    vec3 box[2] = {{it->lo[0], it->lo[1], it->lo[2]}, {it->hi[0], it->hi[1], it->hi[2]}};
    if (dissolve_active_pitfall(g->dv) != DISSOLVE_PITFALL_BOUNDS) dissolve_bounds(dp, it->lo, it->hi, box[0], box[1]);
    return glm_aabb_frustum(box, planes);
}

/* Each burning item throws a few embers from its edge band (the CPU mirror at its parameters,
 * dissolve/core/dissolve_embers.h): points within twice the glowing edge's width of the edge.
 * Pulled, they stream into the orb with the strands, twice as many. */
static void gallery__embers(gallery *g)
{
    const noise_tex *noise = dissolve_noise_data(g->dv);
    const bool pull = g->g.mode == DISSOLVE_MODE_PULL;
    if (!g->ctx->fx.embers || !g->ctx->fx.embers_to || !noise) return;
    for (int i = 0; i < g->g.count; i++) {
        dissolve_params dp;
        gallery__item(g, i, NULL, &dp);
        float at[2 * GALLERY_EMBERS_PER_STEP][3];
        const int want = pull ? 2 * GALLERY_EMBERS_PER_STEP : GALLERY_EMBERS_PER_STEP;
        const int n = dissolve_embers_pick(&g->embers[i], &dp, noise, g->g.items[i].model, 2.0f * dp.edge_width,
                                           &g->ember_rng, want, pull ? 2 * GALLERY_EMBER_TRIES : GALLERY_EMBER_TRIES, at, NULL);
        if (n && pull) g->ctx->fx.embers_to(g->ctx->fx.user, (const float (*)[3])at, n, g->g.target);
        else if (n) g->ctx->fx.embers(g->ctx->fx.user, (const float (*)[3])at, n);
    }
}

static void gallery_draw(void *p, scene_pass pass)
{
    gallery *g = p;
    const renderer_frame *f = renderer_frame_uniforms(g->ctx->r);
    vec4 planes[6];
    glm_frustum_planes((vec4 *)(pass == SCENE_PASS_SHADOW ? f->light_viewproj : f->viewproj), planes);
    if (pass == SCENE_PASS_MAIN) renderer_draw_ground(g->ctx->r);
    gfx_pass_begin(pass == SCENE_PASS_SHADOW ? "dissolve.shadow" : "dissolve.main");
    int drawn = 0;
    dissolve_params dp;
    for (int i = 0; i < g->g.count; i++) {
        dissolve_gallery_item *it = &g->g.items[i];
        if (!gallery__item(g, i, planes, &dp)) continue;
        drawn++;
        dissolve_draw_mesh(g->dv, &g->mesh[i], it->model, it->albedo, NULL, &dp,
                           pass == SCENE_PASS_SHADOW ? DISSOLVE_PASS_SHADOW : DISSOLVE_PASS_MAIN);
    }
    if (pass == SCENE_PASS_MAIN && g->edge == DISSOLVE_EDGE_FADE) {
        /* the blended fringes after every opaque item, so they fade over what is behind them */
        for (int i = 0; i < g->g.count; i++) {
            if (!gallery__item(g, i, planes, &dp)) continue;
            dp.edge = g->edge;
            dissolve_draw_mesh_fringe(g->dv, &g->mesh[i], g->g.items[i].model, g->g.items[i].albedo, &dp);
        }
    }
    gfx_pass_end();
    if (pass == SCENE_PASS_MAIN) {
        g->drawn = drawn;
        /* The orb is a light, not a caster: no shadow. As the sphere shape's centre its emission
         * stays below what the tone mapper clips (4, 6, 12 drew a flat white disc), so the sun's
         * shading still rounds it and bloom gives the glow; as the pull's target, while it
         * swallows something, it burns with it: the strands' colour, white-hot, bloom round it. */
        mat4 m;
        glm_translate_make(m, g->g.target);
        const bool pull = gallery__swallowing(g);
        renderer_draw_lit(g->ctx->r, &g->orb, m, pull ? (vec3){0.9f, 0.5f, 0.2f} : (vec3){0.30f, 0.45f, 0.80f},
                          pull ? (vec3){40.0f, 16.0f, 4.0f} : (vec3){0.35f, 0.60f, 1.30f});
    }
}

/* True while the orb swallows something: pulling, and some item burning (0 < amount < 1). Whole
 * or gone, nothing flies into it and it is the plain sphere-shape marker again. */
static bool gallery__swallowing(const gallery *g)
{
    if (g->g.mode != DISSOLVE_MODE_PULL) return false;
    for (int i = 0; i < g->g.count; i++)
        if (g->g.items[i].amount > 0.0f && g->g.items[i].amount < 1.0f) return true;
    return false;
}

/* The pull target's corona: additive glare and fire sprites turning round the orb, drawn this
 * frame only (fx.transient), so it burns while it swallows the strands. */
#define GALLERY_CORONA 4
static void gallery__corona(gallery *g)
{
    if (!gallery__swallowing(g) || !g->ctx->fx.transient) return;
    fx_billboard b[GALLERY_CORONA];
    const float t = (float)g->ctx->time;
    for (int i = 0; i < GALLERY_CORONA; i++) {
        b[i] = (fx_billboard){.size = i == 0 ? 1.0f : 0.5f + 0.1f * (float)i,
                              .rotation = t * (0.7f + 0.4f * (float)i) + 1.9f * (float)i,
                              .color = {255, (unsigned char)(i == 0 ? 170 : 140), 60, 255}};
        glm_vec3_copy(g->g.target, b[i].pos);
    }
    g->ctx->fx.transient(g->ctx->fx.user, FX_TRACER, b, 1);
    g->ctx->fx.transient(g->ctx->fx.user, FX_FLASH, b + 1, GALLERY_CORONA - 1);
}

static void gallery_prepare(void *p)
{
    gallery *g = p;
    gallery__corona(g);
    const float detail = params_f(g->ctx->params, params_id(dissolve_param_rows, DISSOLVE_P_DETAIL));
    if (detail != g->detail) { /* the preset or the panel moved dissolve.detail */
        dissolve_gallery scratch;
        gallery__meshes(g, &scratch, detail);
    }
    const char *name = g->ctx->view ? g->ctx->view : "";
    const int v = names_find(dissolve_views, name);
    dissolve_view view = v == DISSOLVE_SCENE_VIEW_D ? DISSOLVE_VIEW_D : v == DISSOLVE_SCENE_VIEW_W ? DISSOLVE_VIEW_W : 0;
    if (!view) return;
    int w, h;
    renderer_size(g->ctx->r, &w, &h);
    if (!gfx_target_resize(&g->fields, w, h)) return; /* made on first use */
    gfx_target_begin(&g->fields, &(gfx_clear){.color = true, .rgba = {0.5f, 0.5f, 0.5f, 1.0f}, .depth = true});
    dissolve_params dp;
    for (int i = 0; i < g->g.count; i++) {
        gallery__item(g, i, NULL, &dp);
        dissolve_draw_mesh_view(g->dv, &g->mesh[i], g->g.items[i].model, &dp, view);
    }
    gfx_target_end();
}

static bool gallery_view(void *p, const char *name, scene_view *out)
{
    gallery *g = p;
    const int v = names_find(dissolve_views, name);
    if (v == DISSOLVE_SCENE_VIEW_D) {
        *out = (scene_view){g->fields.color[0], GFX_PANEL_RGB, "signed distance d to the edge: burnt red, intact blue, edge white"};
    } else if (v == DISSOLVE_SCENE_VIEW_W) {
        *out = (scene_view){g->fields.color[0], GFX_PANEL_RGB, "vertex weight w: 0 dark blue, 1 white"};
    } else {
        return false;
    }
    return true;
}

static scene_cmd_result gallery_command(void *p, const script_cmd *cmd)
{
    gallery *g = p;
    switch (cmd->op) {
    case DISSOLVE_CMD_AMOUNT:
        dissolve_gallery_fix(&g->g, cmd->num[0]);
        return SCENE_CMD_OK;
    case DISSOLVE_CMD_MODE: g->g.mode = (dissolve_mode)cmd->index; return SCENE_CMD_OK;
    case DISSOLVE_CMD_SHAPE: g->g.shape = (dissolve_shape)cmd->index; return SCENE_CMD_OK;
    case DISSOLVE_CMD_EDGE: g->edge = (dissolve_edge)cmd->index; return SCENE_CMD_OK;
    case DISSOLVE_CMD_PITFALL: dissolve_set_pitfall(g->dv, (dissolve_pitfall)cmd->index); return SCENE_CMD_OK;
    default:
        return SCENE_CMD_UNSUPPORTED;
    }
}

static void gallery_stats(void *p, json_writer *w)
{
    gallery *g = p;
    dissolve_gallery_write_stats(&g->g, w);
    json_string(w, "dissolve_pitfall", dissolve_pitfall_name(dissolve_active_pitfall(g->dv)));
    json_string(w, "dissolve_edge", dissolve_edge_name(g->edge));
    json_int(w, "dissolve_items_drawn", g->drawn);
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
    (void)rep;
    const gallery__bench *b = user;
    gallery *g = b->g;
    gfx_target_bind(&scratch->t[0]);
    gfx_state_clear(GL_DEPTH_BUFFER_BIT); /* every repetition shades every item: none hides behind the last */
    for (int i = 0; i < g->g.count; i++) {
        dissolve_gallery_item *it = &g->g.items[i];
        if (b->variant < 0) {
            renderer_draw_lit(g->ctx->r, &g->mesh[i], it->model, it->albedo, NULL);
            continue;
        }
        dissolve_params dp;
        gallery__item(g, i, NULL, &dp);
        dp.amount = 0.5f;
        dp.mode = (dissolve_mode)b->variant;
        dissolve_draw_mesh(g->dv, &g->mesh[i], it->model, it->albedo, NULL, &dp, DISSOLVE_PASS_MAIN);
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
    json_int(w, "dissolve_vertices", g->g.vertices);
    json_int(w, "dissolve_triangles", g->g.triangles);
    json_int(w, "dissolve_items", g->g.count);
    json_object_begin(w, "dissolve_draw_ms");
    json_number(w, "plain_lit", gallery__bench_draws(g, -1));
    for (int m = 0; m < DISSOLVE_MODE_COUNT; m++) json_number(w, dissolve_mode_names[m], gallery__bench_draws(g, m));
    json_object_end(w);
}

static void gallery_hud(void *p, float x, float y)
{
    gallery *g = p;
    const float white[4] = {1, 1, 1, 0.9f};
    char amount[32];
    if (g->g.fixed) snprintf(amount, sizeof amount, "%.2f", g->g.fixed_amount);
    else snprintf(amount, sizeof amount, "cycling");
    const dissolve_pitfall pf = dissolve_active_pitfall(g->dv);
    gfx_hud_text(x, y, 1.0f, white, "dissolve %s  mode %s  shape %s  drawn %d/%d%s%s", amount,
                 dissolve_mode_name(g->g.mode), dissolve_shape_name(g->g.shape), g->drawn, g->g.count,
                 pf != DISSOLVE_PITFALL_NONE ? "  pitfall " : "", pf != DISSOLVE_PITFALL_NONE ? dissolve_pitfall_name(pf) : "");
}

static void gallery_keys_help(char *buf, size_t len)
{
    char modes[64], shapes[64], pitfalls[160];
    names_join(dissolve_mode_names, "/", modes, sizeof modes);
    names_join(dissolve_shape_names, "/", shapes, sizeof shapes);
    names_join(dissolve_pitfall_names, " ", pitfalls, sizeof pitfalls);
    snprintf(buf, len, "1/2/3 mode %s\n4/5/6 shape %s\n7 next pitfall: %s\nUp/Down amount\nSpace resume cycle",
             modes, shapes, pitfalls);
}

/* The gallery mid-burn with push. */
extern const char showcase_dissolve[]; /* docs/scripts/showcase_dissolve.txt, embedded by CMake */

const scene_vtable scene_dissolve = {
    .script = &dissolve_vocab,
    .params = dissolve_param_rows,
    .param_count = DISSOLVE_P_COUNT,
    .quality = dissolve_quality_rows,
    .quality_count = DISSOLVE_QUALITY_COUNT,
    .showcase = showcase_dissolve,
    .keys_help = gallery_keys_help,
    .free_camera = true,
    .create = gallery_create,
    .destroy = gallery_destroy,
    .update = gallery_update,
    .prepare = gallery_prepare,
    .draw = gallery_draw,
    .view = gallery_view,
    .command = gallery_command,
    .stats = gallery_stats,
    .bench = gallery_bench,
    .hud = gallery_hud,
};
