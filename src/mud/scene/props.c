#include "mud/scene/props.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "mud/core/prop_models.h"
#include "gfx/mesh_gl.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/target.h"

#define INSTANCE_FLOATS 20 /* mat4 + tint */
#define SHADOW_DISTANCE 40.0f
#define MAX_SHAPES 1024
#define DRAW_PASSES 3 /* shadow, main, the physics view: each its own part of the instance buffers */

enum { PROG_SHADOW, PROG_MAIN, PROG_DEBUG, PROGS };

struct mud_props {
    mud_props_desc d;
    gfx_mesh mesh[PROP_MODELS];
    GLuint vbo[PROP_MODELS];
    float *inst[PROP_MODELS]; /* capacity instances each, CPU side */
    int count[PROP_MODELS];
    GLuint prog[PROGS];
    gfx_target view;
    mud_shape shapes[MAX_SHAPES];
    mud_props_stats stats;
};

static const float PALETTE[5][3] = {{0.30f, 0.22f, 0.15f}, {0.13f, 0.30f, 0.07f}, {0.42f, 0.40f, 0.37f}, {0.34f, 0.25f, 0.16f}, {1, 1, 1}};
static const char *const MODEL_LABELS[PROP_MODELS] = {"props.tree", "props.rock", "props.bush", "props.chunk", "props.box", "props.sphere", "props.cylinder"};

mud_props *mud_props_create(const mud_props_desc *desc)
{
    mud_props *mp = calloc(1, sizeof *mp);
    if (!mp) {
        log_error("mud props: out of memory");
        return NULL;
    }
    mp->d = desc ? *desc : (mud_props_desc){0};
    if (mp->d.capacity <= 0) mp->d.capacity = 4096;
    if (mp->d.draw_distance <= 0.0f) mp->d.draw_distance = 160.0f;
    mp->prog[PROG_MAIN] = gfx_program_load("mud_props.vert", "mud_props.frag", NULL);
    mp->prog[PROG_SHADOW] = gfx_program_load("mud_props.vert", "mud_props.frag", "#define SHADOW_PASS 1\n");
    mp->prog[PROG_DEBUG] = gfx_program_load("mud_props.vert", "mud_props.frag", "#define NO_SHADOW 1\n");
    for (int i = 0; i < PROGS; i++) {
        if (!mp->prog[i]) {
            log_error("mud props: the instanced program does not build");
            mud_props_destroy(mp);
            return NULL;
        }
        glUseProgram(mp->prog[i]);
        glUniform3fv(gfx_uniform(mp->prog[i], "u_palette"), 5, &PALETTE[0][0]);
    }
    glUseProgram(0);
    size_t bytes = (size_t)mp->d.capacity * INSTANCE_FLOATS * sizeof(float);
    for (int m = 0; m < PROP_MODELS; m++) {
        mesh_data md = {0};
        prop_model_build(&md, (prop_model)m);
        mp->mesh[m] = gfx_mesh_create(&md, MODEL_LABELS[m]);
        mesh_data_free(&md);
        mp->inst[m] = malloc(bytes);
        if (!mp->inst[m]) {
            log_error("mud props: out of memory for %d instances", mp->d.capacity);
            mud_props_destroy(mp);
            return NULL;
        }
        glGenBuffers(1, &mp->vbo[m]);
        glBindBuffer(GL_ARRAY_BUFFER, mp->vbo[m]);
        glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(bytes * DRAW_PASSES), NULL, GL_STREAM_DRAW);
        gfx_label(GL_BUFFER, mp->vbo[m], MODEL_LABELS[m]);
        glBindVertexArray(mp->mesh[m].vao);
        for (int a = 5; a <= 9; a++) {
            glEnableVertexAttribArray((GLuint)a);
            glVertexAttribDivisor((GLuint)a, 1);
        }
        glBindVertexArray(0);
    }
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    mp->view.desc = (gfx_target_desc){.color = {GL_RGBA8}, .depth = GL_DEPTH_COMPONENT24, .label = "props.physics_view"};
    return mp;
}

void mud_props_destroy(mud_props *mp)
{
    if (!mp) return;
    for (int m = 0; m < PROP_MODELS; m++) {
        gfx_mesh_destroy(&mp->mesh[m]);
        if (mp->vbo[m]) glDeleteBuffers(1, &mp->vbo[m]);
        free(mp->inst[m]);
    }
    for (int i = 0; i < PROGS; i++)
        if (mp->prog[i]) glDeleteProgram(mp->prog[i]);
    gfx_target_destroy(&mp->view);
    free(mp);
}

static void push(mud_props *mp, int model, mat4 m, const float tint[3])
{
    if (mp->count[model] >= mp->d.capacity) return;
    float *dst = mp->inst[model] + (size_t)mp->count[model]++ * INSTANCE_FLOATS;
    memcpy(dst, m, 16 * sizeof(float));
    dst[16] = tint[0];
    dst[17] = tint[1];
    dst[18] = tint[2];
    dst[19] = 1.0f;
}

static bool sphere_visible(vec4 planes[6], const float c[3], float r)
{
    for (int i = 0; i < 6; i++)
        if (planes[i][0] * c[0] + planes[i][1] * c[1] + planes[i][2] * c[2] + planes[i][3] < -r) return false;
    return true;
}

/* every model with instances: upload into this pass's part of its buffer, one instanced draw */
static int flush(mud_props *mp, int pass)
{
    int draws = 0;
    size_t part = (size_t)mp->d.capacity * INSTANCE_FLOATS * sizeof(float) * (size_t)pass;
    for (int m = 0; m < PROP_MODELS; m++) {
        int n = mp->count[m];
        mp->count[m] = 0;
        if (!n) continue;
        glBindBuffer(GL_ARRAY_BUFFER, mp->vbo[m]);
        glBufferSubData(GL_ARRAY_BUFFER, (GLintptr)part, (GLsizeiptr)((size_t)n * INSTANCE_FLOATS * sizeof(float)), mp->inst[m]);
        glBindVertexArray(mp->mesh[m].vao);
        for (int a = 0; a < 5; a++)
            glVertexAttribPointer((GLuint)(5 + a), 4, GL_FLOAT, GL_FALSE, INSTANCE_FLOATS * sizeof(float),
                                  (const void *)(part + (size_t)a * 4 * sizeof(float)));
        glDrawElementsInstanced(GL_TRIANGLES, mp->mesh[m].index_count, GL_UNSIGNED_INT, NULL, n);
        draws++;
    }
    glBindVertexArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    return draws;
}

/* a small colour variation per plant, the same every frame */
static void plant_tint(int i, float out[3])
{
    unsigned h = (unsigned)i * 2654435761u;
    float v = (float)((h >> 8) & 255u) / 255.0f;
    out[0] = 0.9f + 0.2f * v;
    out[1] = 0.95f + 0.1f * (1.0f - v);
    out[2] = 0.9f + 0.15f * v;
}

void mud_props_draw(mud_props *mp, mud_pass pass, mat4 viewproj, const vec3 eye, mud_physics *ph, unsigned layers)
{
    vec4 planes[6];
    glm_frustum_planes(viewproj, planes);
    float dist = pass == MUD_PASS_SHADOW ? SHADOW_DISTANCE : mp->d.draw_distance;
    int plants = 0, chunks = 0;
    if (layers & MUD_PROPS_PLANTS) {
        plant_set *ps = mud_physics_plants(ph);
        int nb = plants_blocks_per_side(ps), reach = (int)ceilf(dist / TERRAIN_BLOCK_SIZE) + 1;
        int cx = (int)floorf(eye[0] / TERRAIN_BLOCK_SIZE), cz = (int)floorf(eye[2] / TERRAIN_BLOCK_SIZE);
        for (int bz = cz - reach; bz <= cz + reach; bz++)
            for (int bx = cx - reach; bx <= cx + reach; bx++) {
                if (bx < 0 || bz < 0 || bx >= nb || bz >= nb) continue;
                int n;
                const int *idx = plants_in_block(ps, bx, bz, &n);
                for (int k = 0; k < n; k++) {
                    const plant *p = plants_get(ps, idx[k]);
                    float dx = p->pos[0] - eye[0], dz = p->pos[2] - eye[2];
                    if (dx * dx + dz * dz > dist * dist) continue;
                    mat4 m;
                    prop_plant_matrix(p, m);
                    /* the bounding sphere about the model's middle (a tree's: half-way up its trunk) */
                    float r = prop_plant_radius(p), c[3];
                    glm_mat4_mulv3(m, (vec3){0, p->kind == PLANT_TREE ? 0.5f : 0.0f, 0}, 1.0f, c);
                    if (!sphere_visible(planes, c, p->kind == PLANT_TREE ? 0.55f * r : r)) continue;
                    float tint[3];
                    plant_tint(idx[k], tint);
                    push(mp, p->kind, m, tint);
                    plants++;
                }
            }
    }
    if (layers & MUD_PROPS_CHUNKS) {
        int cap;
        const mud_chunk *ch = mud_physics_chunks(ph, &cap);
        for (int i = 0; i < cap; i++) {
            const mud_chunk *c = &ch[i];
            float dx = c->pos[0] - eye[0], dz = c->pos[2] - eye[2];
            if (!c->alive || dx * dx + dz * dz > dist * dist || !sphere_visible(planes, c->pos, 0.8f * c->size)) continue;
            mat4 m;
            prop_chunk_matrix(c, m);
            push(mp, PROP_CHUNK, m, (float[3]){1, 1, 1});
            chunks++;
        }
    }
    gfx_state_set(pass == MUD_PASS_SHADOW ? GFX_STATE_CASTER : GFX_STATE_OPAQUE);
    glUseProgram(mp->prog[pass == MUD_PASS_SHADOW ? PROG_SHADOW : PROG_MAIN]);
    int draws = flush(mp, pass == MUD_PASS_SHADOW ? 0 : 1);
    glUseProgram(0);
    if (pass == MUD_PASS_MAIN) mp->stats = (mud_props_stats){plants, chunks, draws};
}

GLuint mud_props_physics_view(mud_props *mp, const mud_physics *ph, int width, int height)
{
    if (!gfx_target_resize(&mp->view, width, height)) return 0;
    static const float owner_tint[3][3] = {{0.55f, 0.55f, 0.55f}, {0.15f, 0.55f, 0.2f}, {0.5f, 0.28f, 0.1f}};
    int n = mud_physics_shapes(ph, mp->shapes, MAX_SHAPES);
    for (int i = 0; i < n; i++) {
        const mud_shape *s = &mp->shapes[i];
        mat4 base, m;
        memcpy(base, s->matrix, sizeof base);
        const float *tint = owner_tint[s->owner < 3 ? s->owner : 0];
        if (s->type == MUD_SHAPE_BOX) {
            glm_scale_to(base, (vec3){s->dims[0], s->dims[1], s->dims[2]}, m);
            push(mp, PROP_SHAPE_BOX, m, tint);
        } else if (s->type == MUD_SHAPE_SPHERE) {
            glm_scale_to(base, (vec3){s->dims[0], s->dims[0], s->dims[0]}, m);
            push(mp, PROP_SHAPE_SPHERE, m, tint);
        } else {
            float r = s->dims[0], half = 0.5f * s->dims[1];
            glm_scale_to(base, (vec3){r, s->dims[1], r}, m);
            push(mp, PROP_SHAPE_CYLINDER, m, tint);
            for (int e = -1; e <= 1; e += 2) {
                glm_translate_to(base, (vec3){0, (float)e * half, 0}, m);
                glm_scale_uni(m, r);
                push(mp, PROP_SHAPE_SPHERE, m, tint);
            }
        }
    }
    gfx_target_begin(&mp->view, &(gfx_clear){.color = true, .rgba = {0.05f, 0.06f, 0.08f, 1.0f}, .depth = true});
    gfx_state_set(GFX_STATE_OPAQUE);
    glUseProgram(mp->prog[PROG_DEBUG]);
    flush(mp, 2);
    glUseProgram(0);
    gfx_target_end();
    return mp->view.color[0];
}

const mud_props_stats *mud_props_get_stats(const mud_props *mp) { return &mp->stats; }
