#include "wrinkle/wrinkle.h"
#include "base/alloc.h"

#include <assert.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/image.h"
#include "base/log.h"
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
enum { UNIT_SHAPES = UNIT_COUNT }; /* every pass: the blendshape deltas (a 2D RGBA32F texture) */
enum { SHAPE_ROW = 2048 };          /* texels per row of the deltas: MORPH_ROW in wrinkle_morph.glsl */

/* Where a program that includes wrinkle_morph.glsl takes the blendshape weights. */
typedef struct wrinkle_morph_loc {
    GLint weight, vertices, first;
} wrinkle_morph_loc;

/* Where a program that includes wrinkle_light.glsl takes the rig's lights. */
typedef struct wrinkle_light_loc {
    GLint fill_dir, fill_color, rim_dir, rim_color, rig;
} wrinkle_light_loc;

struct wrinkle {
    wrinkle_maps maps;
    bool own_maps;
    GLuint mask_view;
    gfx_target target;
    GLuint compose_prog, skin_prog, caster_prog, part_prog, eye_prog, hair_prog;
    GLint caster_model, part_model, part_albedo, part_spec, part_emissive, part_gum_y;
    GLint hair_model, hair_albedo, hair_spec;
    wrinkle_light_loc light_skin, light_part, light_eye, light_hair;
    wrinkle_lights lights;
    GLint eye_model, eye_albedo, eye_forward, eye_iris, eye_size, eye_to_world, eye_center, eye_rot;
    wrinkle_morph_loc morph_compose, morph_skin, morph_caster, morph_part, morph_hair;
    GLuint shape_tex; /* the blendshape deltas (2D RGBA32F, SHAPE_ROW texels a row), 0 = none */
    int shape_vertices;
    float shape_weight[HEAD_MORPH_COUNT]; /* the wrinkle shapes, then the blink */
    GLint compose_model, compose_weight, compose_occ_weight, compose_layer_mask, skin_model, skin_albedo; /* looked up once */
    wrinkle_layer_def layers[WRINKLE_LAYER_COUNT]; /* a copy: the strengths change at run time */
    wrinkle_selection sel;
};

/* A missing map becomes gfx's checker, so the face still draws (visibly wrong); *missing tells
 * the caller to say how the maps are made. */
static GLuint wrinkle__load(const char *dir, const char *name, bool *missing)
{
    char rel[PATH_MAX], path[PATH_MAX];
    snprintf(rel, sizeof rel, "%s/%s", dir, name);
    if (!gfx_data_path(rel, path, sizeof path)) *missing = true;
    return gfx_texture_load(rel, GFX_TEX_MIPMAPS);
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

static void wrinkle__morph_lookup(GLuint prog, wrinkle_morph_loc *loc)
{
    loc->weight = gfx_uniform(prog, "u_shape_weight");
    loc->vertices = gfx_uniform(prog, "u_shape_vertices");
    loc->first = gfx_uniform(prog, "u_shape_first");
    glUseProgram(prog);
    glUniform1i(gfx_uniform(prog, "u_shape_deltas"), UNIT_SHAPES);
    glUseProgram(0);
}

/* With prog in use: this frame's weights and the deltas on their unit, the mesh's vertex 0 being
 * vertex `first` of the deltas. */
static void wrinkle__morph_bind_from(const wrinkle *wr, const wrinkle_morph_loc *loc, int first)
{
    glUniform1fv(loc->weight, HEAD_MORPH_COUNT, wr->shape_weight);
    glUniform1i(loc->vertices, wr->shape_tex ? wr->shape_vertices : 0);
    glUniform1i(loc->first, first);
    glActiveTexture(GL_TEXTURE0 + UNIT_SHAPES);
    glBindTexture(GL_TEXTURE_2D, wr->shape_tex);
    glActiveTexture(GL_TEXTURE0); /* a later 2D bind on the active unit must not replace the deltas */
}

static void wrinkle__morph_bind(const wrinkle *wr, const wrinkle_morph_loc *loc) { wrinkle__morph_bind_from(wr, loc, 0); }

static void wrinkle__morph_unbind(void)
{
    glActiveTexture(GL_TEXTURE0 + UNIT_SHAPES);
    glBindTexture(GL_TEXTURE_2D, 0);
    glActiveTexture(GL_TEXTURE0); /* every call leaves unit 0 active */
}

static void wrinkle__light_lookup(GLuint prog, wrinkle_light_loc *loc)
{
    loc->fill_dir = gfx_uniform(prog, "u_fill_dir");
    loc->fill_color = gfx_uniform(prog, "u_fill_color");
    loc->rim_dir = gfx_uniform(prog, "u_rim_dir");
    loc->rim_color = gfx_uniform(prog, "u_rim_color");
    loc->rig = gfx_uniform(prog, "u_rig");
}

/* The rig's lights into the program in use. */
static void wrinkle__light_bind(const wrinkle *wr, const wrinkle_light_loc *loc)
{
    const wrinkle_lights *l = &wr->lights;
    glUniform3fv(loc->fill_dir, 1, l->fill_dir);
    glUniform3fv(loc->fill_color, 1, l->fill_color);
    glUniform3fv(loc->rim_dir, 1, l->rim_dir);
    glUniform3fv(loc->rim_color, 1, l->rim_color);
    glUniform2f(loc->rig, l->key, l->ambient);
}

void wrinkle_set_lights(wrinkle *wr, const wrinkle_lights *lights) { wr->lights = *lights; }

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
        bool missing = false;
        wr->own_maps = true;
        wr->maps.base_normal = wrinkle__load(dir, "base_normal.png", &missing);
        wr->maps.base_occ = wrinkle__load(dir, "base_occlusion.png", &missing);
        wr->maps.mask = wrinkle__load(dir, "mask.png", &missing);
        for (int l = 0; l < WRINKLE_LAYER_COUNT; l++) {
            char name[96];
            snprintf(name, sizeof name, "%s_normal.png", head_shape_name(wr->layers[l].shape));
            wr->maps.layer_normal[l] = wrinkle__load(dir, name, &missing);
            snprintf(name, sizeof name, "%s_occlusion.png", head_shape_name(wr->layers[l].shape));
            wr->maps.layer_occ[l] = wrinkle__load(dir, name, &missing);
        }
        if (missing) log_error("wrinkle: missing maps in %s, drawn as checkers (bake them with tools/bake_wrinkle)", dir);
        wr->mask_view = wrinkle__mask_view(dir);
    }
    if (!gfx_target_create(&wr->target, &(gfx_target_desc){.width = w, .height = h, .color = {GL_RGB10_A2, GL_RGBA8},
                                                            .depth = GL_DEPTH_COMPONENT24, .nearest = true,
                                                            .label = "wrinkle.composed"}))
        goto fail;
    wr->compose_prog = gfx_program_load("wrinkle_face.vert", "wrinkle_compose.frag", NULL);
    const char *skin_defines = desc->plain_skin ? "#define WRINKLE_PLAIN_SKIN 1\n" : NULL; /* no head paint */
    wr->skin_prog = gfx_program_load("wrinkle_face.vert", "wrinkle_skin.frag", skin_defines);
    wr->caster_prog = gfx_program_load("wrinkle_face.vert", "gfx_lit.frag", "#define SHADOW_PASS 1\n");
    wr->part_prog = gfx_program_load("wrinkle_face.vert", "wrinkle_part.frag", NULL);
    wr->eye_prog = gfx_program_load("wrinkle_eye.vert", "wrinkle_eye.frag", NULL);
    wr->hair_prog = gfx_program_load("wrinkle_face.vert", "wrinkle_part.frag", "#define HAIR_STRANDS 1\n");
    if (!wr->compose_prog || !wr->skin_prog || !wr->caster_prog || !wr->part_prog || !wr->eye_prog || !wr->hair_prog) goto fail;
    wr->lights = (wrinkle_lights){.key = 1.0f, .ambient = 1.0f};
    gfx_label(GL_PROGRAM, wr->hair_prog, "wrinkle.hair");
    wr->hair_model = gfx_uniform(wr->hair_prog, "u_model");
    wr->hair_albedo = gfx_uniform(wr->hair_prog, "u_albedo");
    wr->hair_spec = gfx_uniform(wr->hair_prog, "u_spec");
    wrinkle__morph_lookup(wr->hair_prog, &wr->morph_hair);
    wrinkle__light_lookup(wr->hair_prog, &wr->light_hair);
    wrinkle__light_lookup(wr->skin_prog, &wr->light_skin);
    wrinkle__light_lookup(wr->part_prog, &wr->light_part);
    wrinkle__light_lookup(wr->eye_prog, &wr->light_eye);
    gfx_label(GL_PROGRAM, wr->eye_prog, "wrinkle.eye");
    wr->eye_model = gfx_uniform(wr->eye_prog, "u_model");
    wr->eye_albedo = gfx_uniform(wr->eye_prog, "u_albedo");
    wr->eye_forward = gfx_uniform(wr->eye_prog, "u_forward");
    wr->eye_iris = gfx_uniform(wr->eye_prog, "u_iris");
    wr->eye_size = gfx_uniform(wr->eye_prog, "u_eye_size");
    wr->eye_to_world = gfx_uniform(wr->eye_prog, "u_eye_to_world");
    wr->eye_center = gfx_uniform(wr->eye_prog, "u_eye_center");
    wr->eye_rot = gfx_uniform(wr->eye_prog, "u_eye_rot");
    gfx_label(GL_PROGRAM, wr->part_prog, "wrinkle.part");
    wr->part_model = gfx_uniform(wr->part_prog, "u_model");
    wr->part_albedo = gfx_uniform(wr->part_prog, "u_albedo");
    wr->part_spec = gfx_uniform(wr->part_prog, "u_spec");
    wr->part_emissive = gfx_uniform(wr->part_prog, "u_emissive");
    wr->part_gum_y = gfx_uniform(wr->part_prog, "u_gum_y");
    wrinkle__morph_lookup(wr->part_prog, &wr->morph_part);
    gfx_label(GL_PROGRAM, wr->caster_prog, "wrinkle.caster");
    wr->caster_model = gfx_uniform(wr->caster_prog, "u_model");
    wrinkle__morph_lookup(wr->compose_prog, &wr->morph_compose);
    wrinkle__morph_lookup(wr->skin_prog, &wr->morph_skin);
    wrinkle__morph_lookup(wr->caster_prog, &wr->morph_caster);
    gfx_label(GL_PROGRAM, wr->compose_prog, "wrinkle.compose");
    gfx_label(GL_PROGRAM, wr->skin_prog, "wrinkle.skin");
    wrinkle__samplers(wr->compose_prog);
    glUseProgram(wr->skin_prog);
    glUniform1i(gfx_uniform(wr->skin_prog, "u_composed"), UNIT_COMPOSED);
    /* where the skin's paint goes: the sculpt's landmarks (u_marks in wrinkle_skin.frag) */
    const float marks[12] = {HEAD_EYE_X,       HEAD_EYE_Y,      HEAD_BROW_Y,        HEAD_EYE_RADIUS,
                             HEAD_NOSE_TIP_Y,  HEAD_NOSE_WING_X, HEAD_NOSE_WING_Y,  HEAD_NOSE_ROOT_Y,
                             HEAD_MOUTH_Y,     HEAD_MOUTH_CORNER_X, HEAD_CHIN_Y,    0.0f};
    glUniform4fv(gfx_uniform(wr->skin_prog, "u_marks"), 3, marks);
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
    if (wr->caster_prog) glDeleteProgram(wr->caster_prog);
    if (wr->part_prog) glDeleteProgram(wr->part_prog);
    if (wr->eye_prog) glDeleteProgram(wr->eye_prog);
    if (wr->hair_prog) glDeleteProgram(wr->hair_prog);
    if (wr->shape_tex) glDeleteTextures(1, &wr->shape_tex);
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

bool wrinkle_set_shapes(wrinkle *wr, int vertex_count, float (*const *dpos)[3], float (*const *dnrm)[3], const float *curvature,
                        float *const *dcurv, int curvature_count)
{
    assert(vertex_count > 0);
    /* a 2D texture, not a buffer texture: WebGL2 has none (same texels, SHAPE_ROW a row) */
    GLint max_size = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
    long long texels = 2LL * HEAD_MORPH_COUNT * vertex_count, rows = (texels + SHAPE_ROW - 1) / SHAPE_ROW;
    if (rows > max_size) {
        log_error("wrinkle: %lld blendshape texels exceed %d rows of %d", texels, max_size, SHAPE_ROW);
        return false;
    }
    float *data = calloc((size_t)(rows * SHAPE_ROW) * 4, sizeof *data);
    if (!data) {
        log_error("wrinkle: out of memory for the blendshape deltas");
        return false;
    }
    for (int s = 0; s < HEAD_MORPH_COUNT; s++)
        for (int v = 0; v < vertex_count; v++) {
            float *t = data + ((size_t)s * vertex_count + (size_t)v) * 8;
            for (int k = 0; k < 3; k++) { /* a NULL shape moves nothing */
                t[k] = dpos[s] ? dpos[s][v][k] : 0.0f;
                t[4 + k] = dnrm[s] ? dnrm[s][v][k] : 0.0f;
            }
            bool known = curvature && v < curvature_count;
            t[3] = known && dcurv ? dcurv[s][v] : 0.0f;
            if (s == 0) t[7] = known ? curvature[v] : -1.0f;
        }
    if (!wr->shape_tex) glGenTextures(1, &wr->shape_tex);
    glActiveTexture(GL_TEXTURE0 + UNIT_SHAPES);
    glBindTexture(GL_TEXTURE_2D, wr->shape_tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, SHAPE_ROW, (GLsizei)rows, 0, GL_RGBA, GL_FLOAT, data);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST); /* texelFetch only; complete */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
    glBindTexture(GL_TEXTURE_2D, 0);
    free(data);
    gfx_label(GL_TEXTURE, wr->shape_tex, "wrinkle.shapes");
    wr->shape_vertices = vertex_count;
    return true;
}

void wrinkle_set_shape_weights(wrinkle *wr, const float *weights)
{
    memcpy(wr->shape_weight, weights, sizeof wr->shape_weight);
}

void wrinkle_morph_bind(const wrinkle *wr, GLuint prog)
{
    wrinkle_morph_loc loc;
    wrinkle__morph_lookup(prog, &loc);
    glUseProgram(prog);
    wrinkle__morph_bind(wr, &loc);
}

const wrinkle_selection *wrinkle_active(const wrinkle *wr) { return &wr->sel; }
const wrinkle_layer_def *wrinkle_layers(const wrinkle *wr) { return wr->layers; }

static void wrinkle__bind_tex(int unit, GLuint tex)
{
    glActiveTexture(GL_TEXTURE0 + (GLenum)unit);
    glBindTexture(GL_TEXTURE_2D, tex);
}

void wrinkle_compose(wrinkle *wr, const gfx_mesh *face, mat4 model) { wrinkle_compose_with(wr, face, NULL, 0, model); }

void wrinkle_compose_with(wrinkle *wr, const gfx_mesh *face, const gfx_mesh *extra, int extra_first, mat4 model)
{
    gfx_pass_begin("wrinkle.compose");
    /* unoccluded, flat, no face */
    gfx_target_begin(&wr->target, &(gfx_clear){.color = true, .rgba = {1.0f, 0.5f, 0.5f, 0.0f}, .depth = true});
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
    wrinkle__morph_bind(wr, &wr->morph_compose);
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
    if (extra) {
        wrinkle__morph_bind_from(wr, &wr->morph_compose, extra_first);
        gfx_mesh_draw(extra);
    }
    wrinkle__morph_unbind();
    for (int u = UNIT_COUNT - 1; u >= 0; u--) wrinkle__bind_tex(u, 0);
    glUseProgram(0);
    gfx_target_end();
    gfx_pass_end();
}

void wrinkle_draw_skin(wrinkle *wr, const gfx_mesh *face, mat4 model, const vec3 albedo)
{
    gfx_pass_begin("wrinkle.skin");
    wrinkle_draw_skin_from(wr, face, 0, model, albedo);
    gfx_pass_end();
}

void wrinkle_draw_skin_from(wrinkle *wr, const gfx_mesh *face, int first_vertex, mat4 model, const vec3 albedo)
{
    GLuint p = wr->skin_prog;
    glUseProgram(p);
    gfx_state_set(GFX_STATE_OPAQUE);
    glUniformMatrix4fv(wr->skin_model, 1, GL_FALSE, (const float *)model);
    glUniform3fv(wr->skin_albedo, 1, albedo);
    wrinkle__light_bind(wr, &wr->light_skin);
    wrinkle__morph_bind_from(wr, &wr->morph_skin, first_vertex);
    wrinkle__bind_tex(UNIT_COMPOSED, wr->target.color[0]);
    gfx_mesh_draw(face);
    wrinkle__morph_unbind();
    wrinkle__bind_tex(UNIT_COMPOSED, 0);
    glUseProgram(0);
}

void wrinkle_draw_caster(wrinkle *wr, const gfx_mesh *face, mat4 model)
{
    gfx_state_set(GFX_STATE_CASTER);
    glUseProgram(wr->caster_prog);
    glUniformMatrix4fv(wr->caster_model, 1, GL_FALSE, (const float *)model);
    wrinkle__morph_bind(wr, &wr->morph_caster);
    gfx_mesh_draw(face);
    wrinkle__morph_unbind();
    glUseProgram(0);
}

void wrinkle_draw_part(wrinkle *wr, const gfx_mesh *m, int first_vertex, mat4 model, const wrinkle_part *part)
{
    gfx_state_set(GFX_STATE_OPAQUE);
    glUseProgram(wr->part_prog);
    glUniformMatrix4fv(wr->part_model, 1, GL_FALSE, (const float *)model);
    glUniform3fv(wr->part_albedo, 1, part->albedo);
    vec3 fill;
    glm_vec3_scale((float *)part->albedo, part->fill, fill);
    glUniform3fv(wr->part_emissive, 1, fill);
    glUniform2f(wr->part_spec, part->spec, part->shininess > 0 ? part->shininess : 16.0f);
    glUniform2fv(wr->part_gum_y, 1, part->gum_y);
    wrinkle__light_bind(wr, &wr->light_part);
    wrinkle__morph_bind_from(wr, &wr->morph_part, first_vertex);
    gfx_mesh_draw_range(m, part->first_index, part->index_count);
    wrinkle__morph_unbind();
    glUseProgram(0);
}

void wrinkle_draw_hair(wrinkle *wr, const gfx_mesh *m, int first_vertex, mat4 model, const wrinkle_part *part)
{
    gfx_state_set(GFX_DEPTH_LEQUAL | GFX_BLEND_ALPHA); /* two-sided, over the skin it grows from */
    glUseProgram(wr->hair_prog);
    glUniformMatrix4fv(wr->hair_model, 1, GL_FALSE, (const float *)model);
    glUniform3fv(wr->hair_albedo, 1, part->albedo);
    glUniform2f(wr->hair_spec, part->spec, part->shininess > 0 ? part->shininess : 16.0f);
    wrinkle__light_bind(wr, &wr->light_hair);
    wrinkle__morph_bind_from(wr, &wr->morph_hair, first_vertex);
    gfx_mesh_draw_range(m, part->first_index, part->index_count);
    wrinkle__morph_unbind();
    glUseProgram(0);
}

void wrinkle_draw_eyes(wrinkle *wr, const gfx_mesh *m, mat4 model, const wrinkle_eyes *eyes)
{
    gfx_state_set(GFX_STATE_OPAQUE);
    glUseProgram(wr->eye_prog);
    glUniformMatrix4fv(wr->eye_model, 1, GL_FALSE, (const float *)model);
    glUniform3fv(wr->eye_albedo, 1, eyes->sclera);
    glUniform3fv(wr->eye_iris, 1, eyes->iris);
    glUniform3f(wr->eye_size, eyes->radius, eyes->iris_radius, eyes->pupil_radius);
    glUniform3fv(wr->eye_center, 2, (const float *)eyes->center);
    mat3 rot[2], model3, to_world[2];
    glm_mat4_pick3(model, model3);
    for (int e = 0; e < 2; e++) {
        glm_mat4_pick3((vec4 *)eyes->rot[e], rot[e]);
        glm_mat3_mul(model3, rot[e], to_world[e]);
    }
    glUniformMatrix3fv(wr->eye_rot, 2, GL_FALSE, (const float *)rot);
    glUniformMatrix3fv(wr->eye_to_world, 2, GL_FALSE, (const float *)to_world);
    wrinkle__light_bind(wr, &wr->light_eye);
    vec3 fwd;
    glm_mat4_mulv3(model, (vec3){0.0f, 0.0f, 1.0f}, 0.0f, fwd);
    glm_vec3_normalize(fwd);
    glUniform3fv(wr->eye_forward, 1, fwd);
    gfx_mesh_draw(m);
    glUseProgram(0);
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
    gfx_read_begin(wr->target.fbo);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glReadPixels(0, 0, wr->target.width, wr->target.height, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, out);
    gfx_read_end();
}
