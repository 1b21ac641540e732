#include "wrinkle/wrinkle.h"
#include "core/base/alloc.h"

#include <assert.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/image.h"
#include "core/base/log.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/target.h"
#include "gfx/texture.h"
#include "gfx/timer.h"

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* Texture units of the compositing pass: the reference's 11 samplers. */
enum { UNIT_BASE_N, UNIT_BASE_O, UNIT_MASK, UNIT_LAYER_N0, UNIT_LAYER_O0 = UNIT_LAYER_N0 + WRINKLE_MAX_ACTIVE, UNIT_COUNT = UNIT_LAYER_O0 + WRINKLE_MAX_ACTIVE };
enum { UNIT_COMPOSED = 0 }; /* skin pass */

struct wrinkle {
    wrinkle_maps maps;
    bool own_maps;
    GLuint mask_view;
    gfx_target target;
    GLuint compose_prog, skin_prog;
    GLint compose_model, compose_weight, compose_occ_weight, compose_layer_mask, skin_model, skin_albedo; /* looked up once */
    wrinkle_layer_def layers[WRINKLE_LAYER_COUNT]; /* a copy: the strengths change at run time */
    wrinkle_selection sel;
};

static GLuint wrinkle__load(const char *dir, const char *name, bool *ok)
{
    if (!*ok) return 0; /* one missing file is enough to report */
    char rel[PATH_MAX];
    snprintf(rel, sizeof rel, "%s/%s", dir, name);
    GLuint t = gfx_texture_load(rel, GFX_TEX_MIPMAPS);
    if (!t) *ok = false;
    return t;
}

/* The mask's four channels as colours a person can read (alpha is invisible in a panel). */
static GLuint wrinkle__mask_view(const char *dir)
{
    char rel[PATH_MAX], path[PATH_MAX];
    snprintf(rel, sizeof rel, "%s/mask.png", dir);
    if (!gfx_data_path(rel, path, sizeof path)) return 0;
    image img;
    char err[512];
    if (!image_load_png(path, NULL, true, &img, err, sizeof err)) {
        log_error("wrinkle mask view: %s", err);
        return 0;
    }
    unsigned char *px = img.pixels;
    for (int i = 0; i < img.width * img.height; i++) {
        unsigned char *p = px + i * 4;
        int a = p[3];
        p[0] = (unsigned char)(p[0] + a > 255 ? 255 : p[0] + a);
        p[1] = (unsigned char)(p[1] + a > 255 ? 255 : p[1] + a);
        p[3] = 255;
    }
    GLuint t = gfx_texture_create(
        &(gfx_texture_desc){.width = img.width, .height = img.height, .data = px, .label = "wrinkle.mask_view"});
    image_free(&img);
    return t;
}

static void wrinkle__samplers(GLuint prog)
{
    glUseProgram(prog);
    glUniform1i(gfx_uniform(prog, "u_base_normal"), UNIT_BASE_N);
    glUniform1i(gfx_uniform(prog, "u_base_occ"), UNIT_BASE_O);
    glUniform1i(gfx_uniform(prog, "u_mask"), UNIT_MASK);
    for (int i = 0; i < WRINKLE_MAX_ACTIVE; i++) {
        char name[32];
        snprintf(name, sizeof name, "u_layer_normal%d", i);
        glUniform1i(gfx_uniform(prog, name), UNIT_LAYER_N0 + i);
        snprintf(name, sizeof name, "u_layer_occ%d", i);
        glUniform1i(gfx_uniform(prog, name), UNIT_LAYER_O0 + i);
    }
    glUseProgram(0);
}

wrinkle *wrinkle_create(const wrinkle_desc *desc)
{
    assert(desc);
    wrinkle *wr = ALLOC_STRUCT(wrinkle);
    if (!wr) {
        log_error("wrinkle: out of memory");
        return NULL;
    }
    int w = desc->width ? desc->width : 1280, h = desc->height ? desc->height : 720;
    const char *dir = desc->asset_dir ? desc->asset_dir : "assets/wrinkle";
    memcpy(wr->layers, desc->layers ? desc->layers : wrinkle_layer_defaults(), sizeof wr->layers);
    if (desc->maps.base_normal) {
        wr->maps = desc->maps;
    } else {
        bool ok = true;
        wr->own_maps = true;
        wr->maps.base_normal = wrinkle__load(dir, "base_normal.png", &ok);
        wr->maps.base_occ = wrinkle__load(dir, "base_occlusion.png", &ok);
        wr->maps.mask = wrinkle__load(dir, "mask.png", &ok);
        for (int l = 0; l < WRINKLE_LAYER_COUNT; l++) {
            char name[96];
            snprintf(name, sizeof name, "%s_normal.png", head_shape_name(wr->layers[l].shape));
            wr->maps.layer_normal[l] = wrinkle__load(dir, name, &ok);
            snprintf(name, sizeof name, "%s_occlusion.png", head_shape_name(wr->layers[l].shape));
            wr->maps.layer_occ[l] = wrinkle__load(dir, name, &ok);
        }
        if (!ok) {
            log_error("wrinkle: missing maps in %s (bake them with tools/bake_wrinkle)", dir);
            goto fail;
        }
        wr->mask_view = wrinkle__mask_view(dir);
    }
    if (!gfx_target_create(&wr->target, &(gfx_target_desc){.width = w, .height = h, .color = {GL_RGB10_A2, GL_RGBA8},
                                                            .depth = GL_DEPTH_COMPONENT24, .nearest = true,
                                                            .label = "wrinkle.composed"}))
        goto fail;
    wr->compose_prog = gfx_program_load("wrinkle_face.vert", "wrinkle_compose.frag", NULL);
    wr->skin_prog = gfx_program_load("wrinkle_face.vert", "wrinkle_skin.frag", NULL);
    if (!wr->compose_prog || !wr->skin_prog) goto fail;
    gfx_label(GL_PROGRAM, wr->compose_prog, "wrinkle.compose");
    gfx_label(GL_PROGRAM, wr->skin_prog, "wrinkle.skin");
    wrinkle__samplers(wr->compose_prog);
    glUseProgram(wr->skin_prog);
    glUniform1i(gfx_uniform(wr->skin_prog, "u_composed"), UNIT_COMPOSED);
    glUseProgram(0);
    wr->compose_model = gfx_uniform(wr->compose_prog, "u_model");
    wr->compose_weight = gfx_uniform(wr->compose_prog, "u_weight");
    wr->compose_occ_weight = gfx_uniform(wr->compose_prog, "u_occ_weight");
    wr->compose_layer_mask = gfx_uniform(wr->compose_prog, "u_layer_mask");
    wr->skin_model = gfx_uniform(wr->skin_prog, "u_model");
    wr->skin_albedo = gfx_uniform(wr->skin_prog, "u_albedo");
    return wr;
fail:
    wrinkle_destroy(wr);
    return NULL;
}

void wrinkle_destroy(wrinkle *wr)
{
    if (!wr) return;
    if (wr->own_maps) {
        gfx_texture_destroy(wr->maps.base_normal);
        gfx_texture_destroy(wr->maps.base_occ);
        gfx_texture_destroy(wr->maps.mask);
        for (int l = 0; l < WRINKLE_LAYER_COUNT; l++) {
            gfx_texture_destroy(wr->maps.layer_normal[l]);
            gfx_texture_destroy(wr->maps.layer_occ[l]);
        }
    }
    gfx_texture_destroy(wr->mask_view);
    gfx_target_destroy(&wr->target);
    if (wr->compose_prog) glDeleteProgram(wr->compose_prog);
    if (wr->skin_prog) glDeleteProgram(wr->skin_prog);
    free(wr);
}

bool wrinkle_resize(wrinkle *wr, int width, int height) { return gfx_target_resize(&wr->target, width, height); }

void wrinkle_set_strengths(wrinkle *wr, const float *normal, const float *occlusion)
{
    for (int l = 0; l < WRINKLE_LAYER_COUNT; l++) {
        wr->layers[l].strength = normal[wr->layers[l].shape];
        wr->layers[l].occ_strength = occlusion[wr->layers[l].shape];
    }
}

void wrinkle_set_weights(wrinkle *wr, const float *weights)
{
    wrinkle_select(wr->layers, WRINKLE_LAYER_COUNT, weights, &wr->sel);
}

const wrinkle_selection *wrinkle_active(const wrinkle *wr) { return &wr->sel; }
const wrinkle_layer_def *wrinkle_layers(const wrinkle *wr) { return wr->layers; }

static void wrinkle__bind_tex(int unit, GLuint tex)
{
    glActiveTexture(GL_TEXTURE0 + (GLenum)unit);
    glBindTexture(GL_TEXTURE_2D, tex);
}

void wrinkle_compose(wrinkle *wr, const gfx_mesh *face, mat4 model)
{
    gfx_pass_begin("wrinkle.compose");
    gfx_target_bind(&wr->target);
    glClearColor(1.0f, 0.5f, 0.5f, 0.0f); /* unoccluded, flat, no face */
    glClearDepth(1.0);
    gfx_state_clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    const float no_layer[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    glClearBufferfv(GL_COLOR, 1, no_layer); /* the influence view: black where no layer acts */
    gfx_state_set(GFX_STATE_OPAQUE);

    float weight[4], occ_weight[4], mask[4][4];
    wrinkle_slot_uniforms(&wr->sel, wr->layers, weight, mask);
    wrinkle_slot_occ_weights(&wr->sel, occ_weight);
    GLuint p = wr->compose_prog;
    glUseProgram(p);
    glUniformMatrix4fv(wr->compose_model, 1, GL_FALSE, (const float *)model);
    glUniform4fv(wr->compose_weight, 1, weight);
    glUniform4fv(wr->compose_occ_weight, 1, occ_weight);
    glUniform4fv(wr->compose_layer_mask, 4, (const float *)mask);
    wrinkle__bind_tex(UNIT_BASE_N, wr->maps.base_normal);
    wrinkle__bind_tex(UNIT_BASE_O, wr->maps.base_occ);
    wrinkle__bind_tex(UNIT_MASK, wr->maps.mask);
    for (int i = 0; i < WRINKLE_MAX_ACTIVE; i++) {
        /* unused slots have weight 0; any valid texture keeps the sampler complete */
        int l = i < wr->sel.count ? wr->sel.layer[i] : 0;
        wrinkle__bind_tex(UNIT_LAYER_N0 + i, wr->maps.layer_normal[l]);
        wrinkle__bind_tex(UNIT_LAYER_O0 + i, wr->maps.layer_occ[l]);
    }
    gfx_mesh_draw(face);
    for (int u = UNIT_COUNT - 1; u >= 0; u--) wrinkle__bind_tex(u, 0);
    glUseProgram(0);
    gfx_pass_end();
}

void wrinkle_draw_skin(wrinkle *wr, const gfx_mesh *face, mat4 model, const vec3 albedo)
{
    gfx_pass_begin("wrinkle.skin");
    GLuint p = wr->skin_prog;
    glUseProgram(p);
    gfx_state_set(GFX_STATE_OPAQUE);
    glUniformMatrix4fv(wr->skin_model, 1, GL_FALSE, (const float *)model);
    glUniform3fv(wr->skin_albedo, 1, albedo);
    wrinkle__bind_tex(UNIT_COMPOSED, wr->target.color[0]);
    gfx_mesh_draw(face);
    wrinkle__bind_tex(UNIT_COMPOSED, 0);
    glUseProgram(0);
    gfx_pass_end();
}

GLuint wrinkle_composed_texture(const wrinkle *wr) { return wr->target.color[0]; }
GLuint wrinkle_influence_texture(const wrinkle *wr) { return wr->target.color[1]; }
GLuint wrinkle_mask_view_texture(const wrinkle *wr) { return wr->mask_view ? wr->mask_view : wr->maps.mask; }

void wrinkle_size(const wrinkle *wr, int *width, int *height)
{
    *width = wr->target.width;
    *height = wr->target.height;
}

void wrinkle_read_composed(const wrinkle *wr, uint32_t *out)
{
    glBindFramebuffer(GL_READ_FRAMEBUFFER, wr->target.fbo);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glReadPixels(0, 0, wr->target.width, wr->target.height, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, out);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
}
