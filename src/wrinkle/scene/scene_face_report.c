/* What the face scene shows and measures (docs/wrinkle.md, docs/cli.md): the wrinkle views, the
 * dump of the composed buffer, the stats and bench keys, the HUD and the key help. The frame
 * itself is scene_face.c; the state both share is scene_face_state.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wrinkle/scene/scene_face_state.h"
#include "base/camera.h"
#include "base/names.h"
#include "base/stats.h"
#include "gfx/dump.h"
#include "wrinkle/core/wrinkle_view.h"
#include "gfx/hud.h"
#include "gfx/timer.h"

/* The head's part of the screen this frame (fractions x0 y0 x1 y1 from the top left, a margin
 * round it): the skin morphed with this frame's weights (as the vertex shader morphs it), through
 * the head's frame and the camera. False where a vertex is behind the camera, or out of memory. */
static bool face__screen_rect(const face *f, float out[4])
{
    const head_model *h = &f->head;
    if (!h->skin.pos) return false;
    float (*pos)[3] = malloc((size_t)h->skin.vertex_count * sizeof *pos);
    if (!pos) return false;
    head_apply_shapes(h, f->morph, pos, NULL);
    mat4 view, proj, mvp;
    const int sw = f->ctx->width, sh = f->ctx->height > 0 ? f->ctx->height : 1;
    camera_matrices(f->ctx->cam, (float)sw / (float)sh, view, proj);
    glm_mat4_mul(proj, view, mvp);
    glm_mat4_mul(mvp, (vec4 *)f->model, mvp);
    float x0 = 1e9f, y0 = 1e9f, x1 = -1e9f, y1 = -1e9f;
    bool in_front = true;
    for (int i = 0; i < h->skin.vertex_count && in_front; i++) {
        vec4 p = {pos[i][0], pos[i][1], pos[i][2], 1.0f}, c;
        glm_mat4_mulv(mvp, p, c);
        in_front = c[3] > 1e-4f;
        const float x = 0.5f + 0.5f * c[0] / c[3], y = 0.5f - 0.5f * c[1] / c[3];
        x0 = fminf(x0, x);
        x1 = fmaxf(x1, x);
        y0 = fminf(y0, y);
        y1 = fmaxf(y1, y);
    }
    free(pos);
    const float m = 0.015f; /* the brows' and lashes' tips, a pixel of rounding */
    out[0] = fmaxf(0.0f, x0 - m);
    out[1] = fmaxf(0.0f, y0 - m);
    out[2] = fminf(1.0f, x1 + m);
    out[3] = fminf(1.0f, y1 + m);
    return in_front && out[2] > out[0] && out[3] > out[1];
}

/* A head-frame point to output pixels (x right, y down from the top left); false behind the camera. */
static bool face__to_px(const face *f, mat4 mvp, const float p[3], float px[2])
{
    vec4 c;
    glm_mat4_mulv(mvp, (vec4){p[0], p[1], p[2], 1.0f}, c);
    if (c[3] <= 1e-4f) return false;
    px[0] = (0.5f + 0.5f * c[0] / c[3]) * (float)f->ctx->width;
    px[1] = (0.5f - 0.5f * c[1] / c[3]) * (float)f->ctx->height;
    return true;
}

/* A pixel box (min x, min y, max x, max y) grown to hold px. */
static void face__box_add(float box[4], const float px[2])
{
    box[0] = fminf(box[0], px[0]), box[1] = fminf(box[1], px[1]);
    box[2] = fmaxf(box[2], px[0]), box[3] = fmaxf(box[3], px[1]);
}

/* The box as the stat NAME, unless nothing was added to it (then false, nothing written). */
static bool face__box_write(json_writer *w, const char *name, const float box[4])
{
    if (box[2] < box[0]) return false;
    json_array_begin(w, name);
    for (int k = 0; k < 4; k++) json_number(w, NULL, box[k]);
    json_array_end(w);
    return true;
}

/* Where the eyes and the ear nearer the camera are in the picture (output pixels from the top
 * left), for tests that measure them on a screenshot: "eyes_px" [[x, y, r], ...] (right eye, left
 * eye: centre and the ball's radius), "eyes_world" (their centres in the world), "ear_px" [x0, y0, x1,
 * y1] (the neutral ear's box), "wing_px" (the same for the nostril's wing on the camera's side). */
static void face__screen_marks(const face *f, json_writer *w)
{
    const head_model *h = &f->head;
    if (!h->skin.pos || f->ctx->height <= 0) return;
    mat4 view, proj, mvp;
    camera_matrices(f->ctx->cam, (float)f->ctx->width / (float)f->ctx->height, view, proj);
    glm_mat4_mul(proj, view, mvp);
    glm_mat4_mul(mvp, (vec4 *)f->model, mvp);
    json_array_begin(w, "eyes_px");
    for (int e = 0; e < 2; e++) {
        float c[2], top[2], p[3] = {h->eye_center[e][0], h->eye_center[e][1] + HEAD_EYE_RADIUS, h->eye_center[e][2]};
        if (!face__to_px(f, mvp, h->eye_center[e], c) || !face__to_px(f, mvp, p, top)) continue;
        json_array_begin(w, NULL);
        json_number(w, NULL, c[0]);
        json_number(w, NULL, c[1]);
        json_number(w, NULL, hypotf(top[0] - c[0], top[1] - c[1]));
        json_array_end(w);
    }
    json_array_end(w);
    json_array_begin(w, "eyes_world"); /* the eyes' centres, world (a test's close-up camera) */
    for (int e = 0; e < 2; e++) {
        vec3 c;
        glm_mat4_mulv3((vec4 *)f->model, (float *)h->eye_center[e], 1.0f, c);
        json_array_begin(w, NULL);
        for (int k = 0; k < 3; k++) json_number(w, NULL, c[k]);
        json_array_end(w);
    }
    json_array_end(w);
    /* the ear on the camera's side: the side of x the camera is on, in the head frame */
    vec3 cam;
    mat4 inv;
    glm_mat4_inv((vec4 *)f->model, inv);
    glm_mat4_mulv3(inv, f->ctx->cam->pos, 1.0f, cam);
    float box[4] = {1e9f, 1e9f, -1e9f, -1e9f};
    for (int v = h->ear_first_vertex; v < h->skin.vertex_count; v++) {
        float px[2];
        if ((h->skin.pos[v][0] > 0.0f) != (cam[0] > 0.0f) || !face__to_px(f, mvp, h->skin.pos[v], px)) continue;
        face__box_add(box, px);
    }
    if (!face__box_write(w, "ear_px", box)) return;
    /* the nostril's wing on the camera's side: the skin within wrinkle_skin.frag's wing region (its
     * ellipse, 6 x 5 mm about the wing's landmark, on the nose's front: z over 45 mm) */
    float wing[4] = {1e9f, 1e9f, -1e9f, -1e9f};
    const float sx = cam[0] > 0.0f ? 1.0f : -1.0f;
    for (int v = 0; v < h->ear_first_vertex; v++) {
        const float *q = h->skin.pos[v];
        float dx = (q[0] - sx * HEAD_NOSE_WING_X) / 0.006f, dy = (q[1] - HEAD_NOSE_WING_Y) / 0.005f, px[2];
        if (dx * dx + dy * dy > 1.0f || q[2] < 0.045f || !face__to_px(f, mvp, q, px)) continue;
        face__box_add(wing, px);
    }
    face__box_write(w, "wing_px", wing);
}

bool face_view(void *p, const char *name, scene_view *out)
{
    face *f = p;
    const int v = names_find(face_views, name);
    switch (v) {
    case FACE_VIEW_NORMAL: *out = (scene_view){wrinkle_composed_texture(f->wr), GFX_PANEL_NORMAL_GB, "composed wrinkle normals"}; break;
    case FACE_VIEW_OCCLUSION: *out = (scene_view){wrinkle_composed_texture(f->wr), GFX_PANEL_RED, "composed occlusion"}; break;
    case FACE_VIEW_MASK: *out = (scene_view){wrinkle_mask_view_texture(f->wr), GFX_PANEL_RGB, "face-part mask"}; break;
    case FACE_VIEW_INFLUENCE:
        *out = (scene_view){wrinkle_influence_texture(f->wr), GFX_PANEL_RGB, "layer influence: slots red green blue yellow"};
        break;
    default: return false;
    }
    /* every view goes beside the head; the screen-space buffers show only the head's part of the screen */
    float r[4];
    if (face__screen_rect(f, r)) {
        memcpy(out->clear, r, sizeof r);
        if (v != FACE_VIEW_MASK) { /* uv's v runs up the screen */
            const float crop[4] = {r[0], 1.0f - r[3], r[2], 1.0f - r[1]};
            memcpy(out->crop, crop, sizeof crop);
        }
    }
    return true;
}

static void face__view_texel(const float rgba[4], unsigned char rgb[3], void *user)
{
    (void)user;
    wrinkle_view_rgb(rgba, rgb);
}

bool face_dump(void *p, const char *target, const char *path)
{
    face *f = p;
    const int d = names_find(face_dumps, target);
    if (d == FACE_DUMP_WRINKLE_VIEW) return gfx_dump_texture_decoded(wrinkle_composed_texture(f->wr), path, face__view_texel, NULL);
    if (d != FACE_DUMP_WRINKLE) return false;
    return gfx_dump_texture(wrinkle_composed_texture(f->wr), path);
}

void face_stats(void *p, json_writer *w)
{
    face *f = p;
    const wrinkle_selection *sel = wrinkle_active(f->wr);
    const wrinkle_layer_def *layers = wrinkle_layers(f->wr);
    json_array_begin(w, "wrinkle_layers");
    for (int i = 0; i < sel->count; i++) {
        json_object_begin(w, NULL);
        json_string(w, "name", head_shape_name(layers[sel->layer[i]].shape));
        json_number(w, "weight", sel->weight[i]);
        json_object_end(w);
    }
    json_array_end(w);
    json_string(w, "wrinkle_expression", wrinkle_cycle_label(&f->cycle));
    json_bool(w, "wrinkle_cycling", f->cycle.cycling);
    json_bool(w, "wrinkles", !f->wrinkles_off);
    json_bool(w, "face_idle", f->idle_on);
    /* how far the camera passes from each eye's gaze ray (right, left): under 20 mm when the eyes
     * meet the camera (face.look) */
    json_array_begin(w, "gaze_miss_mm");
    for (int e = 0; e < 2; e++) json_number(w, NULL, 1000.0f * f->gaze_miss[e]);
    json_array_end(w);
    face__screen_marks(f, w);
    json_int(w, "blinks", f->idle.blinks);
    json_object_begin(w, "blendshapes");
    for (int s = 0; s < HEAD_SHAPE_COUNT; s++) json_number(w, head_shape_name(s), f->cycle.weight[s]);
    json_number(w, head_shape_name(HEAD_BLINK), f->blink);
    json_object_end(w);
}

static float face__median_gpu(const char *pass)
{
    const gfx_pass_stats *s = gfx_timers_find(pass);
    return s && s->count ? stats_median(s->gpu_hist, s->count) : NAN;
}

void face_bench(void *p, json_writer *w)
{
    face *f = p;
    int bw, bh;
    wrinkle_size(f->wr, &bw, &bh);
    json_int(w, "skin_vertices", f->head.skin.vertex_count);
    json_int(w, "skin_triangles", f->head.skin.index_count / 3);
    json_array_begin(w, "composed_size");
    json_int(w, NULL, bw);
    json_int(w, NULL, bh);
    json_array_end(w);
    float compose = face__median_gpu("wrinkle.compose"), skin = face__median_gpu("wrinkle.skin");
    json_number(w, "compose_gpu_ms_median", compose);
    json_number(w, "skin_gpu_ms_median", skin);
    json_number(w, "compose_over_skin", skin > 0.0f ? compose / skin : NAN);
}

void face_hud(void *p, float x, float y)
{
    face *f = p;
    const float white[4] = {1, 1, 1, 0.9f}, bar[4] = {1.0f, 0.75f, 0.4f, 0.85f}, back[4] = {0, 0, 0, 0.45f};
    const wrinkle_selection *sel = wrinkle_active(f->wr);
    const wrinkle_layer_def *layers = wrinkle_layers(f->wr);
    float line = gfx_hud_line_height(1.0f), bar_w = 6.0f * line, name_w, unused;
    gfx_hud_measure("m", 1.0f, &name_w, &unused); /* a monospaced column */
    gfx_hud_text(x, y, 1.0f, white, "expression %s%s   wrinkle layers %d/4%s", wrinkle_cycle_label(&f->cycle),
                 f->cycle.cycling ? " (cycle)" : "", sel->count, f->wrinkles_off ? " (wrinkles off)" : "");
    for (int i = 0; i < sel->count; i++) {
        float yy = y + line * (float)(i + 1) + 2.0f;
        gfx_hud_rect(x, yy + 1.0f, bar_w, line - 3.0f, back);
        gfx_hud_rect(x, yy + 1.0f, bar_w * fminf(sel->weight[i], 1.0f), line - 3.0f, bar);
        gfx_hud_text(x + bar_w + name_w, yy, 1.0f, white, "%-12s %.2f", head_shape_name(layers[sel->layer[i]].shape), sel->weight[i]);
    }
}

void face_keys_help(char *buf, size_t len)
{
    char names[160] = "";
    for (int k = 0; k < WRINKLE_EXPR_COUNT; k++) /* keys 1.. pick the presets in table order, three a line */
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", k == 0 ? "" : k % 3 ? " " : "\n    ",
                 wrinkle_expr_names[k]);
    snprintf(buf, len, "1-%d expression: %s\n%d wrinkles on/off (base head)\nSpace resume the cycle\nV composed normals / occlusion / mask / influence",
             WRINKLE_EXPR_COUNT, names, WRINKLE_EXPR_COUNT + 1);
}
