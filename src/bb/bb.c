/* bb.c — see bb.h. */
#include "bb/bb.h"
#include "base/alloc.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "base/image.h"
#include "base/log.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/texture.h"
#include "gfx/timer.h"

static const char *const atlas_files[BB_ATLAS_COUNT] = {
    "assets/atlas_fire.png", "assets/atlas_spark.png", "assets/atlas_smoke.png", "assets/atlas_clod.png",
    "assets/atlas_spray.png",
};
/* HDR gain of emissive atlases; 0 = lit by bb_draw_params.ambient and .sun */
static const float atlas_emission[BB_ATLAS_COUNT] = {3.0f, 6.0f, 0.0f, 0.0f, 0.0f};
/* Three buffers: the one being filled, and up to two frames the GPU may still be reading. */
#define BB_RING 3

struct bb_renderer {
    bb_batcher batcher;
    bool sort;
    bb_align_override align;
    float soft;
    int capacity;
    bb_batch *batch;
    size_t record_bytes;    /* per billboard */
    GLuint prog, vao, ibo;
    GLuint vbo[BB_RING];    /* written in turn; a fence says when the GPU is done with one */
    GLsync fence[BB_RING];
    int cur;
    GLuint atlas;           /* GL_TEXTURE_2D_ARRAY, one layer per bb_atlas_id */
    GLint u_view, u_proj, u_gain, u_soft, u_inv_viewport, u_atlas, u_frame_blend, u_stretch, u_near_fade;
    GLint u_sun, u_light_viewproj, u_shadowed;
    mat4 view, proj;
    bb_frame_info info;
};

size_t bb_batcher_bytes(bb_batcher b)
{
    return b == BB_BATCHER_INSTANCED ? sizeof(bb_instance) : 4 * (size_t)BB_QUAD_VERTEX_BYTES;
}

static const char *const vertex_shaders[BB_BATCHER_COUNT] = {"bb_instanced.vert", "bb_quads.vert", "bb_cpu.vert"};
static const char *const buffer_labels[BB_BATCHER_COUNT] = {"bb_instances", "bb_quads", "bb_cpu_quads"};

#define ATLAS_SIDE 512 /* every atlas file: 8 x 8 cells of 64 pixels */

/* All atlases as the layers of one sRGB array (so alpha billboards of every atlas share one
 * draw and one back-to-front order), mipmaps down to 8-pixel cells: smaller levels would
 * average neighbouring frames. A missing or odd-sized atlas is logged and its layer left flat
 * white, so the mistake is visible. */
static GLuint load_atlases(void)
{
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D_ARRAY, t);
    glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_SRGB8_ALPHA8, ATLAS_SIDE, ATLAS_SIDE, BB_ATLAS_COUNT, 0, GL_RGBA,
                 GL_UNSIGNED_BYTE, NULL);
    unsigned char *white = malloc((size_t)ATLAS_SIDE * ATLAS_SIDE * 4);
    if (white) memset(white, 255, (size_t)ATLAS_SIDE * ATLAS_SIDE * 4);
    for (int a = 0; a < BB_ATLAS_COUNT; a++) {
        char path[1024], err[512];
        image img = {0};
        const bool ok = gfx_data_path(atlas_files[a], path, sizeof path) &&
                        image_load_png(path, &(image_limits){.need_width = ATLAS_SIDE, .need_height = ATLAS_SIDE}, true,
                                       &img, err, sizeof err);
        if (!ok) log_error("bb: atlas %s missing or not %dx%d: billboards of that kind show as white squares", atlas_files[a],
                           ATLAS_SIDE, ATLAS_SIDE);
        const void *px = ok ? (const void *)img.pixels : (const void *)white;
        if (px) glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, a, ATLAS_SIDE, ATLAS_SIDE, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
        image_free(&img);
    }
    free(white);
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAX_LEVEL, 3);
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glGenerateMipmap(GL_TEXTURE_2D_ARRAY);
    glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
    gfx_label(GL_TEXTURE, t, "bb_atlases");
    return t;
}

/* Attribute pointers into the bound buffer. Instances: from group `first` on, because GL 3.3
 * has no base instance, so the pointers move per draw; quads: indices carry the offset. */
typedef struct attr_float { GLint n; size_t off; } attr_float;
static const attr_float quad_attrs[] = {
    {3, offsetof(bb_quad_vertex, centre)}, {2, offsetof(bb_quad_vertex, corner)},
    {4, offsetof(bb_quad_vertex, size)},   {4, offsetof(bb_quad_vertex, color)},
};
static const attr_float cpu_attrs[] = {
    {3, offsetof(bb_cpu_vertex, pos)},   {2, offsetof(bb_cpu_vertex, uv)},
    {2, offsetof(bb_cpu_vertex, uv_next)}, {1, offsetof(bb_cpu_vertex, layer_blend)},
    {4, offsetof(bb_cpu_vertex, color)}, {1, offsetof(bb_cpu_vertex, size)},
};
#define N_ATTRS(a) ((GLuint)(sizeof a / sizeof a[0]))

static void point_quads(bb_batcher batcher)
{
    const attr_float *a = batcher == BB_BATCHER_QUADS ? quad_attrs : cpu_attrs;
    const GLuint n = batcher == BB_BATCHER_QUADS ? N_ATTRS(quad_attrs) : N_ATTRS(cpu_attrs);
    for (GLuint i = 0; i < n; i++) glVertexAttribPointer(i, a[i].n, GL_FLOAT, GL_FALSE, BB_QUAD_VERTEX_BYTES, (void *)a[i].off);
}

static void point_instances(size_t first)
{
    const size_t base = first * sizeof(bb_instance);
    const GLsizei stride = sizeof(bb_instance);
    glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, stride, (void *)(base + offsetof(bb_instance, pos)));
    glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, (void *)(base + offsetof(bb_instance, color)));
    glVertexAttribIPointer(2, 2, GL_UNSIGNED_SHORT, stride, (void *)(base + offsetof(bb_instance, rot)));
    glVertexAttribPointer(3, 3, GL_SHORT, GL_TRUE, stride, (void *)(base + offsetof(bb_instance, vel)));
    glVertexAttribIPointer(4, 2, GL_UNSIGNED_BYTE, stride, (void *)(base + offsetof(bb_instance, frame0)));
}

static bool create_buffers(bb_renderer *r)
{
    glGenVertexArrays(1, &r->vao);
    glGenBuffers(BB_RING, r->vbo);
    for (int i = 0; i < BB_RING; i++) {
        glBindBuffer(GL_ARRAY_BUFFER, r->vbo[i]);
        glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(r->record_bytes * (size_t)r->capacity), NULL, GL_STREAM_DRAW);
        gfx_label(GL_BUFFER, r->vbo[i], buffer_labels[r->batcher]);
    }
    glBindVertexArray(r->vao);
    if (r->batcher == BB_BATCHER_INSTANCED) {
        for (GLuint i = 0; i < 5; i++) {
            glEnableVertexAttribArray(i);
            glVertexAttribDivisor(i, 1);
        }
    } else {
        const GLuint n = r->batcher == BB_BATCHER_QUADS ? N_ATTRS(quad_attrs) : N_ATTRS(cpu_attrs);
        for (GLuint i = 0; i < n; i++) glEnableVertexAttribArray(i);
        uint32_t *idx = malloc((size_t)r->capacity * 6 * sizeof *idx);
        if (!idx) {
            log_error("bb: cannot allocate the index buffer of %d quads", r->capacity);
            glBindVertexArray(0);
            return false;
        }
        for (uint32_t q = 0; q < (uint32_t)r->capacity; q++) {
            static const uint32_t tri[6] = {0, 1, 2, 2, 3, 0};
            for (int k = 0; k < 6; k++) idx[q * 6 + (uint32_t)k] = q * 4 + tri[k];
        }
        glGenBuffers(1, &r->ibo);
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, r->ibo);
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, (GLsizeiptr)((size_t)r->capacity * 6 * sizeof *idx), idx, GL_STATIC_DRAW);
        free(idx);
        gfx_label(GL_BUFFER, r->ibo, "bb_quad_indices");
    }
    glBindVertexArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    gfx_label(GL_VERTEX_ARRAY, r->vao, "bb");
    if (glGetError() == GL_OUT_OF_MEMORY) {
        log_error("bb: out of GPU memory for %d billboards (%zu bytes x %d buffers)", r->capacity,
                  r->record_bytes * (size_t)r->capacity, BB_RING);
        return false;
    }
    return true;
}

bb_renderer *bb_renderer_create(const bb_desc *desc)
{
    const bb_desc d = desc ? *desc : (bb_desc){0};
    bb_renderer *r = ALLOC_STRUCT(bb_renderer);
    if (!r) {
        log_error("bb: out of memory");
        return NULL;
    }
    assert(d.batcher >= 0 && d.batcher < BB_BATCHER_COUNT);
    r->batcher = d.batcher;
    r->sort = !d.no_sort;
    assert(d.align >= 0 && d.align < BB_ALIGN_OVERRIDE_COUNT);
    r->align = d.align;
    r->soft = d.soft == 0.0f ? 0.5f : (d.soft < 0.0f ? 0.0f : d.soft);
    r->capacity = d.capacity > 0 ? d.capacity : PARTICLES_DEFAULT_CAPACITY;
    r->record_bytes = bb_batcher_bytes(r->batcher);
    r->batch = bb_batch_create(r->capacity);
    if (!r->batch) {
        log_error("bb: cannot allocate CPU buffers for %d billboards", r->capacity);
        goto fail;
    }
    r->prog = gfx_program_load(vertex_shaders[r->batcher], "bb_particle.frag", NULL);
    if (!r->prog) goto fail;
    r->u_view = gfx_uniform(r->prog, "u_view");
    r->u_proj = gfx_uniform(r->prog, "u_proj");
    r->u_gain = gfx_uniform(r->prog, "u_gain");
    r->u_sun = gfx_uniform(r->prog, "u_sun");
    r->u_light_viewproj = gfx_uniform(r->prog, "u_light_viewproj");
    r->u_shadowed = gfx_uniform(r->prog, "u_shadowed");
    r->u_soft = gfx_uniform(r->prog, "u_soft");
    r->u_near_fade = gfx_uniform(r->prog, "u_near_fade");
    r->u_frame_blend = gfx_uniform(r->prog, "u_frame_blend");
    r->u_inv_viewport = gfx_uniform(r->prog, "u_inv_viewport");
    r->u_atlas = gfx_uniform(r->prog, "u_atlas");
    r->u_stretch = gfx_uniform(r->prog, "u_stretch");
    if (!create_buffers(r)) goto fail;
    r->atlas = load_atlases();
    return r;
fail:
    bb_renderer_destroy(r);
    return NULL;
}

void bb_renderer_destroy(bb_renderer *r)
{
    if (!r) return;
    if (r->atlas) gfx_texture_destroy(r->atlas);
    if (r->prog) glDeleteProgram(r->prog);
    if (r->vao) glDeleteVertexArrays(1, &r->vao);
    for (int i = 0; i < BB_RING; i++) {
        if (r->vbo[i]) glDeleteBuffers(1, &r->vbo[i]);
        if (r->fence[i]) glDeleteSync(r->fence[i]);
    }
    if (r->ibo) glDeleteBuffers(1, &r->ibo);
    bb_batch_destroy(r->batch);
    free(r);
}

int bb_renderer_build(bb_renderer *r, const particles *p, mat4 view, mat4 proj)
{
    assert(r && p && p->alive <= r->capacity);
    bb_camera cam = {.sort = r->sort, .align = r->align};
    glm_mat4_copy(view, cam.view);
    glm_mat4_mul(proj, view, cam.view_proj);
    glm_mat4_copy(view, r->view);
    glm_mat4_copy(proj, r->proj);
    const double t0 = gfx_now();
    r->cur = (r->cur + 1) % BB_RING;
    if (r->fence[r->cur]) {
        /* normally long signalled (the GPU finished this buffer two frames ago); never waited on:
         * WebGL2 allows no timeout, and the invalidating map below is safe either way */
        glClientWaitSync(r->fence[r->cur], GL_SYNC_FLUSH_COMMANDS_BIT, 0);
        glDeleteSync(r->fence[r->cur]);
        r->fence[r->cur] = 0;
    }
    glBindBuffer(GL_ARRAY_BUFFER, r->vbo[r->cur]);
    int n = 0;
    size_t bytes = 0;
    double t1 = t0, t2 = t0;
    if (p->alive > 0) {
        /* write + invalidate (the one map WebGL2 has): the old contents are not needed */
        void *dst = glMapBufferRange(GL_ARRAY_BUFFER, 0, (GLsizeiptr)(r->record_bytes * (size_t)p->alive),
                                     GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT);
        t1 = gfx_now();
        if (dst) {
            switch (r->batcher) {
            case BB_BATCHER_INSTANCED: n = bb_batch_build_instances(r->batch, p, &cam, dst); break;
            case BB_BATCHER_QUADS: n = bb_batch_build_quads(r->batch, p, &cam, dst); break;
            default: n = bb_batch_build_cpu(r->batch, p, &cam, dst); break;
            }
            bytes = (size_t)r->batch->span * r->record_bytes;
        } else {
            log_error("bb: cannot map the billboard buffer (%zu bytes): nothing drawn this frame", r->record_bytes * (size_t)p->alive);
        }
        t2 = gfx_now();
        if (dst && !glUnmapBuffer(GL_ARRAY_BUFFER)) {
            log_warn("bb: billboard buffer lost while mapped: nothing drawn this frame");
            n = 0;
        }
    }
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    if (!n) r->batch->culled = p->alive;
    r->info = (bb_frame_info){.drawn = n, .culled = r->batch->culled, .chunks_in = r->batch->chunks_in,
                              .chunks_straddle = r->batch->chunks_straddle, .chunks_out = r->batch->chunks_out,
                              .upload_bytes = bytes, .fill_ms = (float)((t2 - t1) * 1000.0),
                              .upload_ms = (float)((t1 - t0 + gfx_now() - t2) * 1000.0)};
    return n;
}

static void draw_group(bb_renderer *r, const bb_group *g)
{
    if (r->batcher == BB_BATCHER_INSTANCED) {
        point_instances((size_t)g->first);
        glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, g->count);
    } else {
        glDrawElements(GL_TRIANGLES, g->count * 6, GL_UNSIGNED_INT, (void *)((size_t)g->first * 6 * sizeof(uint32_t)));
    }
    r->info.draws++;
}

void bb_renderer_draw(bb_renderer *r, const bb_draw_params *dp)
{
    assert(r && dp && dp->width > 0 && dp->height > 0);
    r->info.draws = 0;
    if (!r->info.drawn) return;
    bool white = true;
    for (int k = 0; k < 3; k++) white = white && dp->ambient[k] == 0.0f && dp->sun[k] == 0.0f;
    glUseProgram(r->prog);
    glUniformMatrix4fv(r->u_view, 1, GL_FALSE, (const float *)r->view);
    glUniformMatrix4fv(r->u_proj, 1, GL_FALSE, (const float *)r->proj);
    glUniform1f(r->u_soft, dp->scene_depth ? r->soft : 0.0f);
    glUniform1f(r->u_near_fade, dp->near_fade);
    glUniform1f(r->u_frame_blend, dp->no_frame_blend ? 0.0f : 1.0f);
    glUniform1f(r->u_stretch, BB_VELOCITY_STRETCH);
    glUniform2f(r->u_inv_viewport, 1.0f / (float)dp->width, 1.0f / (float)dp->height);
    glUniform1i(r->u_atlas, 0);
    glActiveTexture(GL_TEXTURE0 + GFX_UNIT_SCENE_DEPTH);
    glBindTexture(GL_TEXTURE_2D, dp->scene_depth);
    glUniformMatrix4fv(r->u_light_viewproj, 1, GL_FALSE, (const float *)dp->light_viewproj);
    if (dp->shadow_map) {
        glActiveTexture(GL_TEXTURE0 + GFX_UNIT_SHADOW);
        glBindTexture(GL_TEXTURE_2D, dp->shadow_map);
    }
    glActiveTexture(GL_TEXTURE0);
    glBindVertexArray(r->vao);
    glBindBuffer(GL_ARRAY_BUFFER, r->vbo[r->cur]);
    if (r->batcher != BB_BATCHER_INSTANCED) point_quads(r->batcher);
    /* emissive atlases: gain only; lit ones: ambient in gain, the shadowed part in sun */
    float gain[BB_ATLAS_COUNT][3], sun[BB_ATLAS_COUNT][3];
    for (int a = 0; a < BB_ATLAS_COUNT; a++)
        for (int k = 0; k < 3; k++) {
            const bool lit = atlas_emission[a] == 0.0f && !white;
            gain[a][k] = atlas_emission[a] > 0.0f ? atlas_emission[a] : (white ? 1.0f : dp->ambient[k]);
            sun[a][k] = lit ? dp->sun[k] : 0.0f;
        }
    glUniform3fv(r->u_gain, BB_ATLAS_COUNT, &gain[0][0]);
    glUniform3fv(r->u_sun, BB_ATLAS_COUNT, &sun[0][0]);
    glBindTexture(GL_TEXTURE_2D_ARRAY, r->atlas);
    /* one draw per blend mode: alpha billboards of every atlas in one back-to-front order, then
     * the additive ones (order-independent) */
    for (int blend = 0; blend < BB_BLEND_COUNT; blend++) {
        const bb_group *g = &r->batch->runs[blend];
        if (!g->count) continue;
        /* depth-tested against the opaque scene, never written: particles do not hide each other */
        gfx_state_set(GFX_DEPTH_LESS | (blend == BB_BLEND_ADDITIVE ? GFX_BLEND_ADD : GFX_BLEND_ALPHA));
        /* additive billboards are all emissive: a uniform off skips the shadow lookup outright,
         * where a per-vertex test still fetches on a SIMD vertex stage (llvmpipe) */
        glUniform1i(r->u_shadowed, dp->shadow_map != 0 && blend == BB_BLEND_ALPHA);
        draw_group(r, g);
    }
    glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
    glBindVertexArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    r->fence[r->cur] = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    glUseProgram(0);
}

bb_frame_info bb_renderer_info(const bb_renderer *r) { return r->info; }

GLuint bb_renderer_atlases(const bb_renderer *r) { return r->atlas; }
