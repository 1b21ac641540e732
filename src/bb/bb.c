/* bb.c — see bb.h. */
#include "bb/bb.h"
#include "base/alloc.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "bb/core/bb_anim.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/target.h"
#include "gfx/texture.h"
#include "gfx/timer.h"

/* Three buffers: the one being filled, and up to two frames the GPU may still be reading. */
#define BB_RING 3

/* The desc with every default filled in and every field checked (resolve()). */
typedef struct bb_config {
    bb_batcher batcher;
    bool sort;
    bb_align_override align;
    float soft;
    int capacity;
    int atlas_count;        /* 1..BB_ATLAS_MAX */
    int atlas_w, atlas_h;
    /* per index 0..BB_ATLAS_MAX - 1; those past atlas_count repeat the last atlas, as the GPU's
     * layer clamp does */
    uint8_t grid[BB_ATLAS_MAX][2];
    float emission[BB_ATLAS_MAX];
    bool lit[BB_ATLAS_MAX];
} bb_config;

struct bb_renderer {
    bb_batcher batcher;
    bool sort;
    bb_align_override align;
    float soft;
    int capacity;
    bb_config cfg;
    bb_batch *batch;
    size_t record_bytes;    /* per billboard */
    GLuint prog, vao, ibo;
    GLuint vbo[BB_RING];    /* written in turn; a fence says when the GPU is done with one */
    GLsync fence[BB_RING];
    int cur;
    GLuint atlas;           /* GL_TEXTURE_2D_ARRAY, one layer per bb_atlas_id */
    GLint u_view, u_proj, u_gain, u_soft, u_inv_viewport, u_atlas, u_frame_blend, u_stretch, u_near_fade;
    GLint u_sun, u_light_viewproj, u_shadowed, u_grid;
    mat4 view, proj;
    bb_frame_info info;
};

size_t bb_batcher_bytes(bb_batcher b)
{
    return b == BB_BATCHER_INSTANCED ? sizeof(bb_instance) : 4 * (size_t)BB_QUAD_VERTEX_BYTES;
}

static const char *const vertex_shaders[BB_BATCHER_COUNT] = {"bb_instanced.vert", "bb_quads.vert", "bb_cpu.vert"};
static const char *const buffer_labels[BB_BATCHER_COUNT] = {"bb_instances", "bb_quads", "bb_cpu_quads"};

/* The built-in atlas when the desc gives none: one frame, a soft white disc. */
enum { DISC_SIDE = 64 };
static void disc_pixels(uint8_t *px)
{
    for (int y = 0; y < DISC_SIDE; y++)
        for (int x = 0; x < DISC_SIDE; x++) {
            const float dx = ((float)x + 0.5f) / DISC_SIDE * 2.0f - 1.0f, dy = ((float)y + 0.5f) / DISC_SIDE * 2.0f - 1.0f;
            float a = 1.0f - sqrtf(dx * dx + dy * dy);
            a = a < 0.0f ? 0.0f : a;
            uint8_t *q = px + ((size_t)y * DISC_SIDE + (size_t)x) * 4;
            q[0] = q[1] = q[2] = 255;
            q[3] = (uint8_t)(a * a * 255.0f + 0.5f);
        }
}

/* Every default of the desc filled in and every field checked, in one place. Bad input: one line
 * naming the field, false. */
static bool resolve(const bb_desc *desc, bb_config *c)
{
    const bb_desc d = desc ? *desc : (bb_desc){0};
    assert(d.batcher >= 0 && d.batcher < BB_BATCHER_COUNT);
    assert(d.align >= 0 && d.align < BB_ALIGN_OVERRIDE_COUNT);
    *c = (bb_config){.batcher = d.batcher, .sort = !d.no_sort, .align = d.align};
    c->soft = d.soft == 0.0f ? 0.5f : (d.soft < 0.0f ? 0.0f : d.soft);
    c->capacity = d.capacity > 0 ? d.capacity : PARTICLES_DEFAULT_CAPACITY;
    if (d.atlas_count < 0 || d.atlas_count > BB_ATLAS_MAX) {
        log_error("bb: bb_desc.atlas_count is %d: 0 (one built-in atlas) to %d, the atlases a billboard's 3 bits can name",
                  d.atlas_count, BB_ATLAS_MAX);
        return false;
    }
    if (d.atlas_count > 0 && !d.atlases) {
        log_error("bb: bb_desc.atlases is NULL with atlas_count %d", d.atlas_count);
        return false;
    }
    if (d.atlas_count == 0) {
        c->atlas_count = 1;
        c->atlas_w = c->atlas_h = DISC_SIDE;
        c->grid[0][0] = c->grid[0][1] = 1;
        c->emission[0] = 1.0f;
    }
    for (int i = 0; i < d.atlas_count; i++) {
        const bb_atlas *a = &d.atlases[i];
        const int cols = a->grid[0] || a->grid[1] ? a->grid[0] : BB_ANIM_COLS;
        const int rows = a->grid[0] || a->grid[1] ? a->grid[1] : BB_ANIM_ROWS;
        if (!a->pixels && !a->texture) {
            log_error("bb: bb_desc.atlases[%d] has neither pixels nor a texture", i);
            return false;
        }
        if (a->width <= 0 || a->height <= 0) {
            log_error("bb: bb_desc.atlases[%d].width x height is %d x %d: give the size of its pixels or texture", i,
                      a->width, a->height);
            return false;
        }
        if (i > 0 && (a->width != c->atlas_w || a->height != c->atlas_h)) {
            log_error("bb: bb_desc.atlases[%d].width x height is %d x %d, atlases[0]'s %d x %d: all are layers of one texture "
                      "array", i, a->width, a->height, c->atlas_w, c->atlas_h);
            return false;
        }
        if (cols <= 0 || rows <= 0 || cols * rows > BB_ANIM_FRAMES) {
            log_error("bb: bb_desc.atlases[%d].grid is %d x %d: columns and rows of at least 1, at most %d cells "
                      "({0, 0} = 8 x 8)", i, a->grid[0], a->grid[1], BB_ANIM_FRAMES);
            return false;
        }
        if (!(a->emission >= 0.0f)) {
            log_error("bb: bb_desc.atlases[%d].emission is %g: 0 (= 1) or more", i, (double)a->emission);
            return false;
        }
        c->atlas_w = a->width;
        c->atlas_h = a->height;
        c->grid[i][0] = (uint8_t)cols;
        c->grid[i][1] = (uint8_t)rows;
        c->emission[i] = a->emission > 0.0f ? a->emission : 1.0f;
        c->lit[i] = a->lit;
        c->atlas_count = i + 1;
    }
    for (int i = c->atlas_count; i < BB_ATLAS_MAX; i++) {
        memcpy(c->grid[i], c->grid[c->atlas_count - 1], sizeof c->grid[i]);
        c->emission[i] = c->emission[c->atlas_count - 1];
        c->lit[i] = c->lit[c->atlas_count - 1];
    }
    return true;
}

/* Level 0 of the caller's texture into layer `layer` of the bound array, through a read
 * framebuffer of our own. */
static bool copy_texture(GLuint tex, int layer, int w, int h)
{
    GLuint fbo = 0;
    glGenFramebuffers(1, &fbo);
    gfx_read_begin(fbo);
    glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    const bool ok = glCheckFramebufferStatus(GL_READ_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
    if (ok) glCopyTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, layer, 0, 0, w, h);
    gfx_read_end();
    glDeleteFramebuffers(1, &fbo);
    return ok;
}

/* Every atlas as a layer of one sRGB array (so alpha billboards of every atlas share one draw and
 * one back-to-front order), mipmaps down to 8-pixel cells of the smallest grid: smaller levels
 * would average neighbouring frames. 0 (logged, naming the atlas) when a texture cannot be read. */
static GLuint upload_atlases(const bb_desc *d, const bb_config *c)
{
    const int w = c->atlas_w, h = c->atlas_h, n = c->atlas_count;
    uint8_t disc[DISC_SIDE * DISC_SIDE * 4];
    const bb_atlas builtin = {.pixels = disc, .width = DISC_SIDE, .height = DISC_SIDE};
    const bb_atlas *atlases = d && d->atlas_count > 0 ? d->atlases : &builtin;
    if (atlases == &builtin) disc_pixels(disc);
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D_ARRAY, t);
    glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_SRGB8_ALPHA8, w, h, n, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    int min_cell = w > h ? w : h;
    for (int a = 0; a < n; a++) {
        const int cw = w / c->grid[a][0], ch = h / c->grid[a][1];
        min_cell = cw < min_cell ? cw : min_cell;
        min_cell = ch < min_cell ? ch : min_cell;
        if (atlases[a].pixels) {
            /* image rows top-down; GL's bottom-up (frame 0 is the image's top-left) */
            const uint8_t *px = atlases[a].pixels;
            for (int y = 0; y < h; y++)
                glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, h - 1 - y, a, w, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE,
                                px + (size_t)y * (size_t)w * 4);
        } else if (!copy_texture(atlases[a].texture, a, w, h)) {
            log_error("bb: bb_desc.atlases[%d].texture %u cannot be read as a %d x %d colour texture (level 0)", a,
                      atlases[a].texture, w, h);
            glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
            glDeleteTextures(1, &t);
            return 0;
        }
    }
    int levels = 0;
    while (min_cell >> (levels + 1) >= 8) levels++;
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAX_LEVEL, levels);
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
    bb_config cfg;
    if (!resolve(desc, &cfg)) return NULL;
    bb_renderer *r = ALLOC_STRUCT(bb_renderer);
    if (!r) {
        log_error("bb: out of memory");
        return NULL;
    }
    r->cfg = cfg;
    r->batcher = cfg.batcher;
    r->sort = cfg.sort;
    r->align = cfg.align;
    r->soft = cfg.soft;
    r->capacity = cfg.capacity;
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
    r->u_grid = gfx_uniform(r->prog, "u_grid");
    if (!create_buffers(r)) goto fail;
    r->atlas = upload_atlases(desc, &r->cfg);
    if (!r->atlas) goto fail;
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
    memcpy(cam.grid, r->cfg.grid, sizeof cam.grid);
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
    float gain[BB_ATLAS_MAX][3], sun[BB_ATLAS_MAX][3];
    GLint grid[BB_ATLAS_MAX][2];
    for (int a = 0; a < BB_ATLAS_MAX; a++) {
        const bool lit = r->cfg.lit[a];
        for (int k = 0; k < 3; k++) {
            gain[a][k] = !lit ? r->cfg.emission[a] : (white ? 1.0f : dp->ambient[k]);
            sun[a][k] = lit && !white ? dp->sun[k] : 0.0f;
        }
        grid[a][0] = r->cfg.grid[a][0];
        grid[a][1] = r->cfg.grid[a][1];
    }
    glUniform3fv(r->u_gain, BB_ATLAS_MAX, &gain[0][0]);
    glUniform3fv(r->u_sun, BB_ATLAS_MAX, &sun[0][0]);
    glUniform2iv(r->u_grid, BB_ATLAS_MAX, &grid[0][0]);
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

void bb_renderer_atlas_grid(const bb_renderer *r, int a, int grid[2])
{
    assert(r && a >= 0 && a < BB_ATLAS_MAX);
    grid[0] = r->cfg.grid[a][0];
    grid[1] = r->cfg.grid[a][1];
}
