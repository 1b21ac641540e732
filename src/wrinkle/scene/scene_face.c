/* The face scene: a procedural head bust on shoulders and a column whose expressions (blendshapes) drive
 * blended wrinkle maps (src/wrinkle). Each frame the vertex shaders of the compositing, skin and
 * shadow passes apply the blendshape weights to the skin (the deltas sit in a texture buffer),
 * the wrinkle module composites the four most influential wrinkle layers into a screen-space
 * RGB10_A2 buffer, and the skin shader reads it back at its own pixel. Brows and lashes
 * (wrinkle/core/head_hair.h) take the deltas of the skin vertices they are rooted on, appended
 * after the skin's and the mouth's, so they ride the same vertex pass; the eyes are wet
 * (wrinkle_draw_eyes).
 *
 * Expressions cycle on their own (neutral, angry, surprised, happy, squint, disgust) until a key
 * or a script picks one; every change is a smooth transition (wrinkle/core/wrinkle_cycle.h).
 * Script: `expression NAME`, `blendshape NAME WEIGHT`, `wrinkles on|off` (key 7: the base maps
 * alone against the wrinkled face, the blendshapes move either way); views wrinkle-normal,
 * wrinkle-occlusion, wrinkle-mask, wrinkle-influence; `dump wrinkle PATH` writes the composed buffer; stats `wrinkle_layers`.
 * With face.idle on (the default) the face lives at rest (wrinkle/scene/face_idle.h): it blinks, its
 * eyes jump between targets, it breathes and sways a little, all from --seed; stats face_idle,
 * blinks. Tests and docs scripts set it off so their pictures hold still.
 * Keys: 1-6 pick an expression, 7 wrinkles on/off, Space resumes the cycle.
 * What the scene shows and reports (views, dumps, stats, bench, HUD) is scene_face_report.c; its
 * commands, views and dump, and the head it lends the dissolve gallery, are registered by
 * wrinkle/scene/face_vocab.h.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "wrinkle/scene/scene_face_state.h"
#include "wrinkle/core/head_bust.h"
#include "wrinkle/core/head_hair.h"
#include "base/log.h"
#include "base/stats.h"
#include "wrinkle/core/wrinkle_cycle.h"
#include "gfx/dump.h"
#include "gfx/hud.h"
#include "gfx/timer.h"
#include "wrinkle/wrinkle.h"

/* A portrait lens: an 85 mm lens on full frame (24 mm high: 2 atan(12 / 85) = 16.1 degrees) framing
 * head and shoulders from FACE_CAMERA_M away; at 60 degrees and 30 cm the nose and forehead swell.
 * Only for the scene's own framing; a script `camera` gets the default lens, so its framing is the
 * same as in every other scene. Set every step: the camera is shared by the scenes. The camera
 * stands on the face's right (-x), the key (the sun, from +x) on its far side: short lighting, the
 * side of the face turned to the camera in the fill. */
#define FACE_FOV_Y_DEG 16.1f
#define FACE_SCRIPT_FOV_Y_DEG 60.0f /* camera.h's default */
#define FACE_CAMERA_M 1.36f
/* The portrait rig beside the key: the fill low from the camera's side, a rim from behind and
 * above on the key's other side, the sky's ambient kept to a little (a dark studio); x face.fill,
 * face.rim, face.key. A dark backdrop (an inside-out sphere round the head) instead of the ground. */
#define FACE_FILL_RGB 0.22f, 0.24f, 0.28f
#define FACE_RIM_RGB 1.70f, 1.65f, 1.60f
#define FACE_AMBIENT 0.25f
#define FACE_BACKDROP_M 2.2f
#define FACE_METER_M 0.08f /* the auto exposure meters the head: a sphere this big round it */
#define FACE_TEAR_SINK_M 0.0025f /* m the tear lines sink toward the eyes' centres at blink 1 */
#define FACE_EXPOSURE_EV (-1.0f) /* a portrait's key is low: the lit side bright, the rest in the fill */


/* The head's blendshape deltas with the hair's appended (each hair vertex takes its anchor's), to
 * the GPU: the brows ride brow_raise and frown, the lashes the lids. */
static bool face__upload_shapes(face *f, const head_hair *hair)
{
    float (*dpos[HEAD_MORPH_COUNT])[3], (*dnrm[HEAD_MORPH_COUNT])[3];
    if (!head_hair_deltas(&f->head, hair, dpos, dnrm)) {
        log_error("face scene: out of memory for the blendshape deltas");
        return false;
    }
    /* the tear lines sink into the balls as the lids shut: riding the lower lids' margins they stood
     * in front of the shut lids and their shells, a wet white line under the lashes */
    const int tear0 = f->head.shape_vertex_count + hair->brows.vertex_count + hair->lash_vertex_count;
    for (int v = hair->lash_vertex_count; v < hair->lashes.vertex_count; v++) {
        const float *p = hair->lashes.pos[v], *c = f->head.eye_center[p[0] < 0.0f];
        vec3 in;
        glm_vec3_sub((float *)c, (float *)p, in);
        glm_vec3_normalize(in);
        glm_vec3_muladds(in, FACE_TEAR_SINK_M, dpos[HEAD_BLINK][tear0 + v - hair->lash_vertex_count]);
    }
    /* the skin's curvature per vertex and its change per shape, for the scattering's width
     * (smooth across the triangles, where screen derivatives of the normal step from one
     * triangle to the next) */
    const int nv = f->head.skin.vertex_count;
    float *curv = malloc((size_t)nv * sizeof *curv), *dcurv[HEAD_MORPH_COUNT];
    bool ok = curv != NULL;
    for (int s = 0; s < HEAD_MORPH_COUNT; s++) ok &= (dcurv[s] = malloc((size_t)nv * sizeof *dcurv[s])) != NULL;
    if (!ok) log_error("face scene: out of memory for the skin's curvature");
    ok = ok && head_shape_curvature(&f->head, curv, dcurv);
    ok = ok && wrinkle_set_shapes(f->wr, head_hair_delta_count(&f->head, hair), (float (*const *)[3])dpos,
                                  (float (*const *)[3])dnrm, curv, dcurv, nv);
    free(curv);
    for (int s = 0; s < HEAD_MORPH_COUNT; s++) free(dcurv[s]);
    for (int s = 0; s < HEAD_MORPH_COUNT; s++) {
        free(dpos[s]);
        free(dnrm[s]);
    }
    f->brows_first = f->head.shape_vertex_count;
    f->lashes_first = f->head.shape_vertex_count + hair->brows.vertex_count;
    return ok;
}

/* A CPU mesh onto the GPU; the CPU copy is not kept. */
static gfx_mesh face__upload(mesh_data *m, const char *label)
{
    gfx_mesh gm = gfx_mesh_create(m, label);
    mesh_data_free(m);
    return gm;
}

/* The head's meshes at grid density detail (face.detail: 1 = head_desc's default grid, 0.5 = half
 * as many columns and rows, a quality preset field), uploaded; the blendshape deltas too. */
static bool face__build(face *f, float detail)
{
    f->detail = detail;
    const int slices = (int)((float)HEAD_SLICES * detail + 0.5f), stacks = (int)((float)HEAD_STACKS * detail + 0.5f);
    if (!head_build(&f->head, &(head_desc){.slices = detail < 1.0f ? slices : 0, .stacks = detail < 1.0f ? stacks : 0})) return false;
    /* the neutral skin, uploaded once: the blendshapes are applied on the GPU */
    head_hair hair = {0};
    head_hair_build(&f->head, &hair);
    bool shapes = face__upload_shapes(f, &hair);
    if (shapes) {
        f->brows = gfx_mesh_create(&hair.brows, "face.brows");
        f->lashes = gfx_mesh_create(&hair.lashes, "face.lashes");
        f->lash_index_count = hair.lash_index_count;
    }
    head_hair_free(&hair);
    if (!shapes) return false;
    f->skin = gfx_mesh_create(&f->head.skin, "face.skin");
    f->mouth = gfx_mesh_create(&f->head.mouth, "face.mouth");
    f->lids = gfx_mesh_create(&f->head.lids, "face.lids");
    f->eyes = gfx_mesh_create(&f->head.eyes, "face.eyes");
    mesh_data backdrop = {0};
    mesh_build_sphere(&backdrop, FACE_BACKDROP_M, 48, 24);
    for (int v = 0; v < backdrop.vertex_count; v++) glm_vec3_negate(backdrop.nrm[v]); /* seen from inside */
    for (int i = 0; i + 2 < backdrop.index_count; i += 3) {
        uint32_t t = backdrop.idx[i + 1];
        backdrop.idx[i + 1] = backdrop.idx[i + 2];
        backdrop.idx[i + 2] = t;
    }
    f->backdrop = face__upload(&backdrop, "face.backdrop");
    mesh_data shoulders = {0}, pedestal = {0};
    head_bust_build_stand(&shoulders, &pedestal);
    head_bust_build_collar(&f->head, 0.005f, &shoulders);
    f->pedestal = face__upload(&pedestal, "face.pedestal");
    f->shoulders = face__upload(&shoulders, "face.shoulders");
    return true;
}

static void face__free(face *f)
{
    gfx_mesh *m[] = {&f->skin, &f->mouth, &f->lids, &f->eyes, &f->shoulders, &f->pedestal, &f->brows, &f->lashes, &f->backdrop};
    for (size_t i = 0; i < sizeof m / sizeof m[0]; i++) gfx_mesh_destroy(m[i]);
    head_free(&f->head);
}

static void *face_create(scene_ctx *ctx)
{
    face *f = aligned_alloc(16, (sizeof *f + 15) & ~(size_t)15);
    if (!f) {
        log_error("face scene: out of memory");
        return NULL;
    }
    memset(f, 0, sizeof *f);
    f->ctx = ctx;
    f->wr = wrinkle_create(&(wrinkle_desc){.width = ctx->width, .height = ctx->height});
    if (!f->wr || !face__build(f, params_f(ctx->params, params_id(face_param_rows, FACE_P_DETAIL)))) goto fail;
    float y = head_bust_head_y();
    glm_translate_make(f->model, (vec3){0.0f, y, 0.0f});
    if (!ctx->camera_from_script) {
        ctx->cam->fov_y = glm_rad(FACE_FOV_Y_DEG);
        /* head and shoulders, tight: the head as large as the old 30-degree lens at 0.72 m drew it */
        vec3 target = {0.0f, y - 0.03f, 0.0f}, dir = {-0.33f, 0.055f, 0.94f}, eye;
        glm_vec3_normalize(dir);
        glm_vec3_copy(target, eye);
        glm_vec3_muladds(dir, FACE_CAMERA_M, eye);
        camera_look_at(ctx->cam, eye, target);
    }
    /* the shadow map round head and shoulders; depth of field (high preset) focuses on the eyes */
    renderer_set_shadow_focus(ctx->r, (vec3){0.0f, y + HEAD_EYE_Y, f->head.eye_center[0][2]}, 0.45f);
    wrinkle_cycle_init(&f->cycle);
    face_idle_init(&f->idle, ctx->seed);
    glm_mat4_identity(f->eye_rot[0]);
    glm_mat4_identity(f->eye_rot[1]);
    return f;
fail:
    wrinkle_destroy(f->wr);
    face__free(f);
    free(f);
    return NULL;
}

static void face_destroy(void *p)
{
    face *f = p;
    if (!f) return;
    wrinkle_destroy(f->wr);
    face__free(f);
    free(f);
}

static void face_update(void *p, const app_input *in, float dt)
{
    face *f = p;
    f->ctx->cam->fov_y = glm_rad(f->ctx->camera_from_script ? FACE_SCRIPT_FOV_Y_DEG : FACE_FOV_Y_DEG);
    for (int k = 0; k < WRINKLE_EXPR_COUNT; k++)
        if (in->pressed[GLFW_KEY_1 + k]) wrinkle_cycle_pick(&f->cycle, k);
    if (in->pressed[GLFW_KEY_SPACE]) wrinkle_cycle_resume(&f->cycle);
    if (in->pressed[GLFW_KEY_1 + WRINKLE_EXPR_COUNT]) f->wrinkles_off = !f->wrinkles_off;
    wrinkle_cycle_update(&f->cycle, dt);
    f->idle_on = params_f(f->ctx->params, params_id(face_param_rows, FACE_P_IDLE)) != 0.0f;
    if (f->idle_on) face_idle_update(&f->idle, dt);
}

/* The head's frame this step: on the column, risen with the breath and swayed about the neck; the
 * eyes on the camera (face.look), the saccades about it. */
static void face__pose(face *f)
{
    const float y = head_bust_head_y();
    const face_idle *fi = &f->idle;
    glm_translate_make(f->model, (vec3){0.0f, y, 0.0f});
    if (f->idle_on) {
        vec3 pivot = {0.0f, -0.10f, -0.01f}; /* the top of the neck, head frame */
        glm_translate(f->model, (vec3){0.0f, fi->rise, 0.0f});
        glm_translate(f->model, pivot);
        glm_rotate_y(f->model, fi->head[0], f->model);
        glm_rotate_x(f->model, fi->head[1], f->model);
        glm_rotate_z(f->model, fi->head[2], f->model);
        glm_translate(f->model, (vec3){-pivot[0], -pivot[1], -pivot[2]});
    }
    const bool look = params_b(f->ctx->params, params_id(face_param_rows, FACE_P_LOOK));
    const float *offset = f->idle_on ? fi->gaze : NULL;
    for (int e = 0; e < 2; e++) {
        if (look) {
            face_gaze_at(f->model, f->head.eye_center[e], f->ctx->cam->pos, offset, f->eye_rot[e]);
        } else {
            glm_mat4_identity(f->eye_rot[e]);
            if (offset) {
                glm_rotate_y(f->eye_rot[e], offset[0], f->eye_rot[e]);
                glm_rotate_x(f->eye_rot[e], -offset[1], f->eye_rot[e]);
            }
        }
        f->gaze_miss[e] = face_gaze_miss(f->model, f->head.eye_center[e], f->eye_rot[e], f->ctx->cam->pos);
    }
}

/* Spot metering: the auto exposure averages the head's part of the picture (the cells a sphere of
 * FACE_METER_M round it covers), not the frame, which is mostly dark backdrop (it opened up 8x). */
static void face__meter(face *f)
{
    mat4 view, proj, vp;
    const float aspect = (float)f->ctx->width / (float)(f->ctx->height > 0 ? f->ctx->height : 1);
    camera_matrices(f->ctx->cam, aspect, view, proj);
    glm_mat4_mul(proj, view, vp);
    vec4 c;
    glm_mat4_mulv3(f->model, (vec3){0.0f, -0.03f, 0.06f}, 1.0f, c);
    c[3] = 1.0f;
    glm_mat4_mulv(vp, c, c);
    if (c[3] <= FACE_METER_M) { /* the camera inside or behind the head: the whole picture */
        renderer_set_exposure_meter(f->ctx->r, NULL);
        return;
    }
    const float x = 0.5f + 0.5f * c[0] / c[3], y = 0.5f - 0.5f * c[1] / c[3];
    const float ry = 0.5f * FACE_METER_M * proj[1][1] / c[3], rx = ry / aspect;
    const float rect[4] = {x - rx, y - ry, x + rx, y + ry};
    renderer_set_exposure_meter(f->ctx->r, rect);
}

/* The portrait rig's lights (world directions toward each light), x the panel's face.key, .fill, .rim. */
static void face__lights(face *f)
{
    const params *pr = f->ctx->params;
    const float fill = params_f(pr, params_id(face_param_rows, FACE_P_FILL)), rim = params_f(pr, params_id(face_param_rows, FACE_P_RIM));
    wrinkle_lights l = {.fill_dir = {-0.72f, 0.12f, 0.68f}, .fill_color = {FACE_FILL_RGB}, .rim_dir = {-0.55f, 0.45f, -0.70f},
                        .rim_color = {FACE_RIM_RGB}, .key = params_f(pr, params_id(face_param_rows, FACE_P_KEY)), .ambient = FACE_AMBIENT};
    glm_vec3_normalize(l.fill_dir);
    glm_vec3_normalize(l.rim_dir);
    glm_vec3_scale(l.fill_color, fill, l.fill_color);
    glm_vec3_scale(l.rim_color, rim, l.rim_color);
    wrinkle_set_lights(f->wr, &l);
}

static void face_prepare(void *p)
{
    face *f = p;
    const float detail = params_f(f->ctx->params, params_id(face_param_rows, FACE_P_DETAIL));
    if (detail != f->detail) { /* face.detail moved (a preset, the panel): the head again at that grid */
        face__free(f);
        if (!face__build(f, detail)) {
            log_error("face scene: cannot rebuild the head at detail %.2f", detail);
            face__free(f);
            f->detail = detail;
            return;
        }
    }
    face__pose(f);
    face__lights(f);
    face__meter(f);
    /* the vertex shaders morph: the CPU only hands over six weights */
    gfx_pass_begin("face.blendshapes");
    memcpy(f->morph, f->cycle.weight, sizeof f->cycle.weight);
    f->morph[HEAD_BLINK] = f->idle_on ? fmaxf(f->blink, f->idle.blink) : f->blink;
    wrinkle_set_shape_weights(f->wr, f->morph);
    gfx_pass_end();
    float normal[HEAD_SHAPE_COUNT], occlusion[HEAD_SHAPE_COUNT];
    for (int k = 0; k < HEAD_SHAPE_COUNT; k++) {
        normal[k] = params_f(f->ctx->params, params_id(face_param_rows, face_param_wrinkle(k, false)));
        occlusion[k] = params_f(f->ctx->params, params_id(face_param_rows, face_param_wrinkle(k, true)));
    }
    wrinkle_set_strengths(f->wr, normal, occlusion);
    const float none[HEAD_SHAPE_COUNT] = {0};
    wrinkle_set_weights(f->wr, f->wrinkles_off ? none : f->cycle.weight);
    int w, h; /* the compose buffer is screen-space: the renderer's internal size (render.scale) */
    renderer_size(f->ctx->r, &w, &h);
    if (!wrinkle_resize(f->wr, w, h)) return;
    /* the grid's triangles only: the ears' one uv holds a flat normal, full light and no mask, which
     * the skin shader gives their fragments itself (head_ear.h), so composing them costs vertices
     * for nothing */
    gfx_mesh grid = f->skin;
    grid.index_count = f->head.ear_first_index;
    /* and the lid shells: over the shut eyes they are the skin seen, and the texels under them were
     * the hidden skin's in the ball (its occlusion and normals: the shut eye read dark, crumpled) */
    wrinkle_compose_with(f->wr, &grid, &f->lids, f->head.skin.vertex_count + f->head.mouth.vertex_count, f->model);
}

/* Where the teeth's roots are (neutral head frame): the upper row's top and the lower row's bottom,
 * for the gums. The rows overlap only in the middle, so the two extremes are one row's each. */
static void face__teeth_roots(const head_model *h, float out[2])
{
    const int first = h->mouth_part[HEAD_MOUTH_TEETH][0], count = h->mouth_part[HEAD_MOUTH_TEETH][1];
    out[0] = -1e9f;
    out[1] = 1e9f;
    for (int i = first; i < first + count; i++) {
        float y = h->mouth.pos[h->mouth.idx[i]][1];
        out[0] = fmaxf(out[0], y);
        out[1] = fminf(out[1], y);
    }
    if (count == 0) out[0] = out[1] = 0.0f;
}

static void face_draw(void *p, scene_pass pass)
{
    face *f = p;
    renderer *r = f->ctx->r;
    mat4 id, chest;
    glm_mat4_identity(id);
    /* the chest rises with the breath, a little less than the head it carries */
    glm_translate_make(chest, (vec3){0.0f, f->idle_on ? 0.7f * f->idle.rise : 0.0f, 0.0f});
    if (pass == SCENE_PASS_SHADOW) {
        wrinkle_draw_caster(f->wr, &f->skin, f->model);
        renderer_draw_caster(r, &f->eyes, f->model);
        renderer_draw_caster(r, &f->shoulders, chest);
        renderer_draw_caster(r, &f->pedestal, id);
        return;
    }
    /* the studio's dark backdrop round the head, dark by itself (no ground plane) */
    mat4 around;
    glm_translate_make(around, (vec3){0.0f, head_bust_head_y(), 0.0f});
    renderer_draw_lit_spec(r, &f->backdrop, around, (vec3){0.0095f, 0.0095f, 0.0112f}, (vec3){0.003f, 0.0033f, 0.0042f}, 0.0f, 1.0f);
    renderer_draw_lit(r, &f->pedestal, id, (vec3){0.16f, 0.15f, 0.14f}, NULL);
    /* a dark crew-neck top: cotton, so a weak, broad highlight (the default semi-gloss one put a
     * clipped white spot on the chest in every frontal picture) */
    renderer_draw_lit_spec(r, &f->shoulders, chest, (vec3){0.05f, 0.07f, 0.10f}, NULL, 0.04f, 6.0f);
    wrinkle_draw_skin(f->wr, &f->skin, f->model, (vec3){0.32f, 0.18f, 0.13f});
    /* the lid shells: inside the balls while the eyes are open, over what the shut lids leave */
    wrinkle_draw_skin_from(f->wr, &f->lids, f->head.skin.vertex_count + f->head.mouth.vertex_count, f->model, (vec3){0.32f, 0.18f, 0.13f});
    /* behind the lips, seen where the jaw parts them: the mouth's deltas follow the skin's */
    /* the head's shadow covers the inside of the mouth: a fill stands for the light bouncing in */
    static const struct { vec3 albedo; float spec, shininess, fill; } look[HEAD_MOUTH_PARTS] = {
        [HEAD_MOUTH_CAVITY] = {{0.10f, 0.022f, 0.022f}, 0.10f, 16.0f, 0.06f}, /* dark: little light gets in */
        [HEAD_MOUTH_TEETH] = {{0.70f, 0.65f, 0.55f}, 0.35f, 40.0f, 0.30f},    /* ivory, not white */
        [HEAD_MOUTH_TONGUE] = {{0.46f, 0.12f, 0.13f}, 0.30f, 24.0f, 0.18f},   /* wet pink-red */
    };
    for (int k = 0; k < HEAD_MOUTH_PARTS; k++) {
        wrinkle_part part = {f->head.mouth_part[k][0], f->head.mouth_part[k][1], {0}, look[k].spec, look[k].shininess,
                             look[k].fill};
        glm_vec3_copy((float *)look[k].albedo, part.albedo);
        if (k == HEAD_MOUTH_TEETH) face__teeth_roots(&f->head, part.gum_y);
        wrinkle_draw_part(f->wr, &f->mouth, f->head.skin.vertex_count, f->model, &part);
    }
    /* the tear line on each lower lid: wet, pale pink, catching the room's light */
    wrinkle_part tear = {.first_index = f->lash_index_count, .index_count = f->lashes.index_count - f->lash_index_count,
                         .albedo = {0.62f, 0.42f, 0.40f}, .spec = 0.9f, .shininess = 120.0f, .fill = 0.25f};
    wrinkle_draw_part(f->wr, &f->lashes, f->lashes_first, f->model, &tear);
    /* the iris is drawn on the ball under the cornea (wrinkle_eye.frag), no disc of its own */
    wrinkle_eyes eyes = {.radius = HEAD_EYE_RADIUS, .iris_radius = 0.0058f, .pupil_radius = 0.0026f,
                         .sclera = {0.66f, 0.62f, 0.58f}, .iris = {0.09f, 0.16f, 0.24f}};
    glm_vec3_copy(f->head.eye_center[0], eyes.center[0]);
    glm_vec3_copy(f->head.eye_center[1], eyes.center[1]);
    glm_mat4_copy(f->eye_rot[0], eyes.rot[0]);
    glm_mat4_copy(f->eye_rot[1], eyes.rot[1]);
    wrinkle_draw_eyes(f->wr, &f->eyes, f->model, &eyes);
    /* hair: dark brown, a little sheen; it follows the brows and lids through the deltas; lashes
     * and brows are blended cards, after everything opaque */
    if (params_b(f->ctx->params, params_id(face_param_rows, FACE_P_LASHES))) {
        wrinkle_part lashes = {.index_count = f->lash_index_count, .albedo = {0.012f, 0.008f, 0.006f}, .spec = 0.04f, .shininess = 20.0f};
        wrinkle_draw_hair(f->wr, &f->lashes, f->lashes_first, f->model, &lashes);
    }
    if (params_b(f->ctx->params, params_id(face_param_rows, FACE_P_BROWS))) {
        wrinkle_part brows = {.index_count = f->brows.index_count, .albedo = {0.035f, 0.022f, 0.015f}, .spec = 0.04f, .shininess = 20.0f};
        wrinkle_draw_hair(f->wr, &f->brows, f->brows_first, f->model, &brows);
    }
}

static scene_cmd_result face_command(void *p, const script_cmd *cmd)
{
    face *f = p;
    switch (cmd->op) {
    case FACE_CMD_EXPRESSION: wrinkle_cycle_pick(&f->cycle, cmd->index); return SCENE_CMD_OK;
    case FACE_CMD_BLENDSHAPE:
        if (cmd->index == HEAD_BLINK) f->blink = cmd->num[0]; /* no wrinkle layer: outside the cycle */
        else wrinkle_cycle_set_shape(&f->cycle, cmd->index, cmd->num[0]);
        return SCENE_CMD_OK;
    case FACE_CMD_WRINKLES: f->wrinkles_off = cmd->num[0] == 0.0f; return SCENE_CMD_OK;
    default:
        return SCENE_CMD_UNSUPPORTED;
    }
}

/* Neutral to angry, the wrinkles folding in. */
extern const char showcase_face[]; /* docs/scripts/showcase_face.txt, embedded by CMake */

const scene_vtable scene_face = {
    .script = &face_vocab,
    .params = face_param_rows,
    .param_count = FACE_P_COUNT,
    .quality = face_quality_rows,
    .quality_count = FACE_QUALITY_COUNT,
    .showcase = showcase_face,
    .exposure_ev = FACE_EXPOSURE_EV,
    .showpiece = {"head", face_showpiece_build},
    .keys_help = face_keys_help,
    .free_camera = true,
    .create = face_create,
    .destroy = face_destroy,
    .update = face_update,
    .prepare = face_prepare,
    .draw = face_draw,
    .command = face_command,
    .view = face_view,
    .dump = face_dump,
    .stats = face_stats,
    .bench = face_bench,
    .hud = face_hud,
};
