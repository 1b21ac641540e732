#include "mud/mud.h"
#include "base/alloc.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "base/mesh.h"
#include "mud/core/mud_play.h"
#include "mud/core/mud_sim.h"
#include "gfx/dump.h"
#include "gfx/mesh_gl.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/texture.h"

#define RES MUDFIELD_RES
#define SEG (MUDFIELD_RES - 1)
#define BASE_SEG (TERRAIN_BLOCK_SAMPLES - 1)
#define LAYER_BYTES (RES * RES * 4)
#define MUD_FINE_DISTANCE 8.0f /* metres from the eye to a mud patch drawn on the fine grid */
/* A mud block near the eye is drawn in PATCHES x PATCHES patches of PATCH_SEG texel segments (the
 * last one 31: a block has 127), each fine or coarse by its own distance to the eye */
#define PATCHES 4
#define PATCH_SEG 32

/* What the GPU holds of a block's mud. */
enum { GPU_NONE, GPU_RESIDENT, GPU_SAVED };

/* One entry of the stamp pass's queue: a primitive, or base samples whose mud mask grew. */
#define BASE_SNAP_MAX (24 * 24) /* samples of a step's mask growth kept as they were */
typedef struct mud_queue_item {
    bool base, snapped;
    int rect[4];
    mudfield_stamp_geom g;
    uint8_t px[BASE_SNAP_MAX * 4]; /* the rect's samples when queued (snapped) */
} mud_queue_item;

/* Uniform locations of the stamp programs ([0] sum pass, [1] stamp pass). */
typedef struct stamp_uniforms {
    GLint rect, block, mud_blocks, nb, spacing, edge_ramp, wheel, dir, shape, motion, max_sink, tread, row_prefix;
} stamp_uniforms;

typedef struct slot_info {
    int block;      /* bz * nb + bx, -1 when free */
    long last_used; /* frame of the last update that wanted it (LRU) */
} slot_info;

struct mud_renderer {
    mudfield *field;
    const terrain *terr;
    int nb, slots;
    float active_radius, draw_distance;
    GLuint base_tex, road_tex, mud_array, view_tex, view_base_tex, read_fbo;
    GLuint prog[2]; /* [MUD_PASS_SHADOW], [MUD_PASS_MAIN] */
    GLint u_origin[2], u_step[2], u_layer[2], u_sub[2]; /* per program, looked up once */
    GLint u_patch[2], u_last[2], u_seam, u_patch_n;
    GLint u_show[2], u_decals, u_ndecals;
    mud_renderer_layers layers;
    /* this frame's decals, binned per block: decal_head[block] -> entries linked by decal_next */
    decal_draw decals[MUD_DECALS_MAX];
    int *decal_head;
    int decal_next[MUD_DECALS_MAX * 4], decal_ref[MUD_DECALS_MAX * 4], decal_touched[MUD_DECALS_MAX * 4];
    int ndecal_entries, ntouched;
    gfx_mesh grid_mud, grid_base[3]; /* a whole mud block: 127 segments; base LODs: 24, 12, 6 */
    gfx_mesh patch_coarse, patch_fine; /* one patch: PATCH_SEG segments, twice as many near the camera */
    int *block_slot;     /* nb*nb, -1 = none */
    float *block_hmin, *block_hmax;
    slot_info *slot;
    uint8_t *scratch;    /* one block of RGBA8 */
    uint8_t *gpu_state;  /* nb*nb, GPU_* */
    uint8_t **saved;     /* nb*nb, the layer read back at eviction (NULL until evicted once) */
    int saved_blocks;
    GLuint stamp_prog[2], scratch_tex, sums_tex, draw_fbo, sums_fbo;
    stamp_uniforms su[2];
    mud_queue_item *queue; /* primitives and mask growth of the steps since the last stamp pass */
    int nqueue, queue_cap;
    long frame;
    mud_renderer_stats stats;
};

/* A grid of (n+1)^2 vertices at integer (i, j) plus a skirt ring (y = 1) hanging below its edge. */
static void build_grid(mesh_data *m, int n)
{
    for (int j = 0; j <= n; j++)
        for (int i = 0; i <= n; i++) mesh_add_vertex(m, (float[3]){(float)i, 0, (float)j}, NULL, NULL);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            uint32_t a = (uint32_t)(j * (n + 1) + i), b = a + 1, c = a + (uint32_t)(n + 1), d = c + 1;
            mesh_add_tri(m, a, c, b);
            mesh_add_tri(m, b, c, d);
        }
    /* walk the border once; each edge vertex gets a dropped twin */
    int ring = 4 * n;
    uint32_t first = (uint32_t)m->vertex_count;
    for (int k = 0; k < ring; k++) {
        int side = k / n, t = k % n, i, j;
        if (side == 0) { i = t; j = 0; }
        else if (side == 1) { i = n; j = t; }
        else if (side == 2) { i = n - t; j = n; }
        else { i = 0; j = n - t; }
        mesh_add_vertex(m, (float[3]){(float)i, 1, (float)j}, NULL, NULL);
    }
    for (int k = 0; k < ring; k++) {
        int k1 = (k + 1) % ring;
        uint32_t top0 = (uint32_t)(lrintf(m->pos[first + k][2]) * (n + 1) + lrintf(m->pos[first + k][0]));
        uint32_t top1 = (uint32_t)(lrintf(m->pos[first + k1][2]) * (n + 1) + lrintf(m->pos[first + k1][0]));
        mesh_add_tri(m, top0, top1, first + (uint32_t)k);
        mesh_add_tri(m, top1, first + (uint32_t)k1, first + (uint32_t)k);
    }
}

static GLuint make_base_texture(const terrain *t, int nb)
{
    int n = nb * BASE_SEG + 1;
    uint8_t *px = malloc((size_t)n * n * 4);
    if (!px) abort();
    for (int bz = 0; bz < nb; bz++)
        for (int bx = 0; bx < nb; bx++) {
            const uint8_t *blk = terrain_block_data(t, bx, bz);
            for (int j = 0; j < TERRAIN_BLOCK_SAMPLES; j++)
                memcpy(px + ((size_t)(bz * BASE_SEG + j) * n + bx * BASE_SEG) * 4, blk + j * TERRAIN_BLOCK_SAMPLES * 4,
                       TERRAIN_BLOCK_SAMPLES * 4);
        }
    GLuint tex = gfx_texture_create(&(gfx_texture_desc){.width = n, .height = n, .data = px, .label = "mud.base"});
    free(px);
    return tex;
}

/* The level's baked road data (terrain_block_road) in one (24 n + 1)^2 RG8 texture like the base:
 * blocks without roads read "4 m off any road". */
static GLuint make_road_texture(const terrain *t, int nb)
{
    int n = nb * BASE_SEG + 1;
    uint8_t *px = malloc((size_t)n * n * 2);
    if (!px) abort();
    for (size_t i = 0; i < (size_t)n * n; i++) {
        px[i * 2] = 0;
        px[i * 2 + 1] = 255;
    }
    for (int bz = 0; bz < nb; bz++)
        for (int bx = 0; bx < nb; bx++) {
            const uint8_t *rd = terrain_block_road(t, bx, bz);
            if (!rd) continue;
            for (int j = 0; j < TERRAIN_BLOCK_SAMPLES; j++)
                memcpy(px + ((size_t)(bz * BASE_SEG + j) * n + bx * BASE_SEG) * 2, rd + j * TERRAIN_BLOCK_SAMPLES * 2,
                       TERRAIN_BLOCK_SAMPLES * 2);
        }
    GLuint tex = gfx_texture_create(&(gfx_texture_desc){.width = n, .height = n, .internal_format = GL_RG8, .data = px, .label = "mud.roads"});
    free(px);
    return tex;
}

mud_renderer *mud_renderer_create(const mud_renderer_desc *desc)
{
    assert(desc && desc->field);
    mud_renderer *mr = ALLOC_STRUCT(mud_renderer);
    if (!mr) abort();
    mr->field = desc->field;
    mr->terr = mudfield_terrain(desc->field);
    mr->nb = terrain_blocks_per_side(mr->terr);
    mr->slots = desc->slots > 0 ? desc->slots : 64;
    mr->active_radius = desc->active_radius > 0 ? desc->active_radius : 40.0f;
    mr->draw_distance = desc->draw_distance > 0 ? desc->draw_distance : 220.0f;
    int blocks = mr->nb * mr->nb;
    mr->block_slot = malloc((size_t)blocks * sizeof *mr->block_slot);
    mr->block_hmin = malloc((size_t)blocks * sizeof(float));
    mr->block_hmax = malloc((size_t)blocks * sizeof(float));
    mr->slot = malloc((size_t)mr->slots * sizeof *mr->slot);
    mr->scratch = malloc(LAYER_BYTES);
    mr->gpu_state = calloc((size_t)blocks, 1);
    mr->saved = calloc((size_t)blocks, sizeof *mr->saved);
    mr->decal_head = malloc((size_t)blocks * sizeof *mr->decal_head);
    if (!mr->decal_head) abort();
    for (int b = 0; b < blocks; b++) mr->decal_head[b] = -1;
    if (!mr->block_slot || !mr->block_hmin || !mr->block_hmax || !mr->slot || !mr->scratch || !mr->gpu_state || !mr->saved) abort();
    for (int b = 0; b < blocks; b++) {
        mr->block_slot[b] = -1;
        const uint8_t *d = terrain_block_data(mr->terr, b % mr->nb, b / mr->nb);
        uint8_t lo = 255, hi = 0;
        for (int k = 0; k < TERRAIN_BLOCK_SAMPLES * TERRAIN_BLOCK_SAMPLES; k++) {
            lo = d[k * 4] < lo ? d[k * 4] : lo;
            hi = d[k * 4] > hi ? d[k * 4] : hi;
        }
        /* mud can go 1.28 m below or above the base; the skirt hangs 0.6 m */
        mr->block_hmin[b] = terrain_unpack_height(lo) - 1.9f;
        mr->block_hmax[b] = terrain_unpack_height(hi) + 1.3f;
    }
    for (int s = 0; s < mr->slots; s++) mr->slot[s] = (slot_info){-1, -1};

#define MUD__STR(x) #x
#define MUD__DEFINE(x) "#define MUD_DECALS_PER_BLOCK " MUD__STR(x) "\n"
    mr->prog[MUD_PASS_MAIN] = gfx_program_load("mud_terrain.vert", "mud_terrain.frag", MUD__DEFINE(MUD_DECALS_PER_BLOCK));
    mr->prog[MUD_PASS_SHADOW] = gfx_program_load("mud_terrain.vert", "mud_terrain.frag", MUD__DEFINE(MUD_DECALS_PER_BLOCK) "#define SHADOW_PASS 1\n");
    mr->base_tex = make_base_texture(mr->terr, mr->nb);
    mr->road_tex = make_road_texture(mr->terr, mr->nb);
    if (!mr->prog[0] || !mr->prog[1] || !mr->base_tex || !mr->road_tex) goto fail;
    for (int i = 0; i < 2; i++) {
        /* samplers and the base spacing never change: set once */
        glUseProgram(mr->prog[i]);
        glUniform1i(gfx_uniform(mr->prog[i], "u_base"), 0);
        glUniform1i(gfx_uniform(mr->prog[i], "u_mud"), 1);
        glUniform1i(gfx_uniform(mr->prog[i], "u_road"), 2);
        glUniform1f(gfx_uniform(mr->prog[i], "u_base_spacing"), TERRAIN_BLOCK_SIZE / BASE_SEG);
        mr->u_origin[i] = gfx_uniform(mr->prog[i], "u_origin");
        mr->u_step[i] = gfx_uniform(mr->prog[i], "u_step");
        mr->u_layer[i] = gfx_uniform(mr->prog[i], "u_layer");
        mr->u_sub[i] = gfx_uniform(mr->prog[i], "u_sub");
        mr->u_patch[i] = gfx_uniform(mr->prog[i], "u_patch");
        mr->u_last[i] = gfx_uniform(mr->prog[i], "u_last");
        mr->u_show[i] = gfx_uniform(mr->prog[i], "u_show");
    }
    mr->layers = (mud_renderer_layers){.mud = true, .roads = true, .decals = true};
    mr->u_decals = gfx_uniform(mr->prog[MUD_PASS_MAIN], "u_decals");
    mr->u_ndecals = gfx_uniform(mr->prog[MUD_PASS_MAIN], "u_ndecals");
    mr->u_seam = gfx_uniform(mr->prog[MUD_PASS_MAIN], "u_seam");
    mr->u_patch_n = gfx_uniform(mr->prog[MUD_PASS_MAIN], "u_patch_n");
    mr->stamp_prog[0] = gfx_program_load("gfx_fullscreen.vert", "mud_stamp.frag", "#define SUM_PASS 1\n");
    mr->stamp_prog[1] = gfx_program_load("gfx_fullscreen.vert", "mud_stamp.frag", NULL);
    if (!mr->stamp_prog[0] || !mr->stamp_prog[1]) goto fail;
    for (int i = 0; i < 2; i++) {
        GLuint pr = mr->stamp_prog[i];
        glUseProgram(pr);
        glUniform1i(gfx_uniform(pr, "u_base"), 0);
        glUniform1i(gfx_uniform(pr, "u_scratch"), 1);
        glUniform1i(gfx_uniform(pr, "u_sums"), 2);
        glUniform1f(gfx_uniform(pr, "u_base_spacing"), TERRAIN_BLOCK_SIZE / BASE_SEG);
        stamp_uniforms *u = &mr->su[i];
        u->rect = gfx_uniform(pr, "u_rect");
        u->block = gfx_uniform(pr, "u_block");
        u->mud_blocks = gfx_uniform(pr, "u_mud_blocks");
        u->nb = gfx_uniform(pr, "u_nb");
        u->spacing = gfx_uniform(pr, "u_spacing");
        u->edge_ramp = gfx_uniform(pr, "u_edge_ramp");
        u->wheel = gfx_uniform(pr, "u_wheel");
        u->dir = gfx_uniform(pr, "u_dir");
        u->shape = gfx_uniform(pr, "u_shape");
        u->motion = gfx_uniform(pr, "u_motion");
        u->max_sink = gfx_uniform(pr, "u_max_sink");
        u->tread = gfx_uniform(pr, "u_tread");
        u->row_prefix = gfx_uniform(pr, "u_row_prefix");
    }
    glUseProgram(0);

    /* the stamp's scratch copy of the touched rectangle, and the removed steps (one float) */
    mr->scratch_tex = gfx_texture_create(&(gfx_texture_desc){.width = MUDFIELD_STAMP_MAX, .height = MUDFIELD_STAMP_MAX,
                                                              .flags = GFX_TEX_NEAREST, .label = "mud.stamp_scratch"});
    glGenTextures(1, &mr->sums_tex);
    glBindTexture(GL_TEXTURE_2D, mr->sums_tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, 1, 1, 0, GL_RED, GL_FLOAT, NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glBindTexture(GL_TEXTURE_2D, 0);
    gfx_label(GL_TEXTURE, mr->sums_tex, "mud.stamp_sums");
    glGenFramebuffers(1, &mr->draw_fbo);
    glGenFramebuffers(1, &mr->sums_fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, mr->sums_fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, mr->sums_tex, 0);
    bool sums_ok = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (!mr->scratch_tex || !sums_ok) goto fail;

    glGenTextures(1, &mr->mud_array);
    glBindTexture(GL_TEXTURE_2D_ARRAY, mr->mud_array);
    /* no initial data: a layer is cleared (or restored) when a block claims it, before any draw */
    glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, RES, RES, mr->slots, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    /* linear: the fragment shader's per-pixel normals read between texels (texelFetch ignores it) */
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
    gfx_label(GL_TEXTURE, mr->mud_array, "mud.slots");
    mr->view_tex = gfx_texture_create(&(gfx_texture_desc){.width = RES, .height = RES, .flags = GFX_TEX_NEAREST, .label = "mud.view"});
    mr->view_base_tex = gfx_texture_create(&(gfx_texture_desc){.width = 3 * BASE_SEG + 1, .height = 3 * BASE_SEG + 1,
                                                                .flags = GFX_TEX_NEAREST, .label = "mud.view_base"});
    if (!mr->view_tex || !mr->view_base_tex) goto fail;
    glGenFramebuffers(1, &mr->read_fbo);

    mesh_data m = {0};
    build_grid(&m, RES - 1);
    mr->grid_mud = gfx_mesh_create(&m, "mud.grid128");
    mesh_clear(&m);
    build_grid(&m, PATCH_SEG);
    mr->patch_coarse = gfx_mesh_create(&m, "mud.patch32");
    mesh_clear(&m);
    build_grid(&m, 2 * PATCH_SEG);
    mr->patch_fine = gfx_mesh_create(&m, "mud.patch64");
    mesh_clear(&m);
    static const char *const lod_names[3] = {"mud.grid25", "mud.grid13", "mud.grid7"};
    for (int l = 0; l < 3; l++) {
        mesh_clear(&m);
        build_grid(&m, BASE_SEG >> l);
        mr->grid_base[l] = gfx_mesh_create(&m, lod_names[l]);
    }
    mesh_data_free(&m);


    int n = mr->nb * BASE_SEG + 1;
    mr->stats.gpu_bytes = (size_t)n * n * 4 + (size_t)n * n * 2 + (size_t)RES * RES * 4 * (size_t)(mr->slots + 1) +
                          (size_t)MUDFIELD_STAMP_MAX * MUDFIELD_STAMP_MAX * 4 + 4 +
                          (size_t)(mr->grid_mud.vertex_count + mr->patch_coarse.vertex_count + mr->patch_fine.vertex_count +
                                   mr->grid_base[0].vertex_count * 2) * 64 +
                          (size_t)(mr->grid_mud.index_count + mr->patch_coarse.index_count + mr->patch_fine.index_count +
                                   mr->grid_base[0].index_count * 2) * 4;
    return mr;
fail:
    log_error("mud: cannot create the mud renderer (see the messages above)");
    mud_renderer_destroy(mr);
    return NULL;
}

void mud_renderer_destroy(mud_renderer *mr)
{
    if (!mr) return;
    for (int i = 0; i < 2; i++)
        if (mr->prog[i]) glDeleteProgram(mr->prog[i]);
    gfx_texture_destroy(mr->base_tex);
    gfx_texture_destroy(mr->road_tex);
    gfx_texture_destroy(mr->view_tex);
    gfx_texture_destroy(mr->view_base_tex);
    if (mr->mud_array) glDeleteTextures(1, &mr->mud_array);
    if (mr->read_fbo) glDeleteFramebuffers(1, &mr->read_fbo);
    for (int i = 0; i < 2; i++)
        if (mr->stamp_prog[i]) glDeleteProgram(mr->stamp_prog[i]);
    gfx_texture_destroy(mr->scratch_tex);
    if (mr->sums_tex) glDeleteTextures(1, &mr->sums_tex);
    if (mr->draw_fbo) glDeleteFramebuffers(1, &mr->draw_fbo);
    if (mr->sums_fbo) glDeleteFramebuffers(1, &mr->sums_fbo);
    if (mr->saved)
        for (int b = 0; b < mr->nb * mr->nb; b++) free(mr->saved[b]);
    free(mr->saved);
    free(mr->gpu_state);
    free(mr->queue);
    if (mr->grid_mud.vao) gfx_mesh_destroy(&mr->grid_mud);
    if (mr->patch_coarse.vao) gfx_mesh_destroy(&mr->patch_coarse);
    if (mr->patch_fine.vao) gfx_mesh_destroy(&mr->patch_fine);
    for (int l = 0; l < 3; l++)
        if (mr->grid_base[l].vao) gfx_mesh_destroy(&mr->grid_base[l]);
    free(mr->decal_head);
    free(mr->block_slot);
    free(mr->block_hmin);
    free(mr->block_hmax);
    free(mr->slot);
    free(mr->scratch);
    free(mr);
}

static bool attach_read_layer(mud_renderer *mr, int layer)
{
    glBindFramebuffer(GL_READ_FRAMEBUFFER, mr->read_fbo);
    glFramebufferTextureLayer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, mr->mud_array, 0, layer);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    return glCheckFramebufferStatus(GL_READ_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
}

/* A slot for block b: a free one, else the least recently used one not wanted this frame. The
 * evicted block's layer is read back (64 KiB, once per eviction) so it comes back exactly. */
static int claim_slot(mud_renderer *mr, int b)
{
    int best = -1;
    for (int s = 0; s < mr->slots; s++) {
        if (mr->slot[s].block < 0) {
            best = s;
            break;
        }
        if (mr->slot[s].last_used < mr->frame && (best < 0 || mr->slot[s].last_used < mr->slot[best].last_used)) best = s;
    }
    if (best < 0) return -1; /* every slot is active this frame: the block draws its base only */
    int old = mr->slot[best].block;
    if (old >= 0) {
        if (!mr->saved[old]) {
            if (!(mr->saved[old] = malloc(LAYER_BYTES))) abort();
            mr->saved_blocks++;
        }
        if (attach_read_layer(mr, best)) {
            glPixelStorei(GL_PACK_ALIGNMENT, 4);
            glReadPixels(0, 0, RES, RES, GL_RGBA, GL_UNSIGNED_BYTE, mr->saved[old]);
            mr->stats.readback_bytes_total += LAYER_BYTES;
        }
        mr->gpu_state[old] = GPU_SAVED;
        mr->block_slot[old] = -1;
    }
    mr->slot[best].block = b;
    mr->block_slot[b] = best;
    return best;
}

/* Shared border texels from the resident neighbours (GPU copies, no upload): the stamps they got
 * while this block was not on the GPU. */
static void adopt_borders(mud_renderer *mr, int bx, int bz, int layer)
{
    glBindTexture(GL_TEXTURE_2D_ARRAY, mr->mud_array);
    for (int oz = -1; oz <= 1; oz++)
        for (int ox = -1; ox <= 1; ox++) {
            int s = mud_renderer_slot(mr, bx + ox, bz + oz);
            if ((!ox && !oz) || s < 0 || !attach_read_layer(mr, s)) continue;
            int sx = ox < 0 ? SEG : 0, sz = oz < 0 ? SEG : 0, dx = ox > 0 ? SEG : 0, dz = oz > 0 ? SEG : 0;
            glCopyTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, dx, dz, layer, sx, sz, ox ? 1 : RES, oz ? 1 : RES);
        }
    glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
}

/* Block b on the GPU: restored from its read-back copy (the only upload of mud texels), or a
 * fresh layer of untouched mud with its neighbours' borders. False when the pool is full. */
static bool make_resident(mud_renderer *mr, int bx, int bz)
{
    int b = bz * mr->nb + bx;
    if (mr->block_slot[b] >= 0) {
        mr->slot[mr->block_slot[b]].last_used = mr->frame;
        return true;
    }
    GLint prev_read;
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &prev_read);
    int s = claim_slot(mr, b);
    if (s < 0) return false;
    mr->slot[s].last_used = mr->frame;
    if (mr->gpu_state[b] == GPU_SAVED) {
        glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
        glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
        glBindTexture(GL_TEXTURE_2D_ARRAY, mr->mud_array);
        glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, s, RES, RES, 1, GL_RGBA, GL_UNSIGNED_BYTE, mr->saved[b]);
        glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
        mr->stats.upload_bytes_frame += LAYER_BYTES;
        mr->stats.uploads_frame++;
        mr->stats.full_uploads++;
    } else {
        GLint prev;
        glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &prev);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, mr->draw_fbo);
        glFramebufferTextureLayer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, mr->mud_array, 0, s);
        gfx_state_set(GFX_STATE_FULLSCREEN); /* colour writes on, no scissor: the clear reaches every texel */
        const float untouched[4] = {128.0f / 255.0f, 128.0f / 255.0f, 128.0f / 255.0f, 0.0f};
        glClearBufferfv(GL_COLOR, 0, untouched);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, (GLuint)prev);
    }
    adopt_borders(mr, bx, bz, s);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, (GLuint)prev_read);
    mr->gpu_state[b] = GPU_RESIDENT;
    return true;
}

void mud_renderer_update(mud_renderer *mr, const vec3 truck_pos)
{
    mr->frame++;
    mr->stats.upload_bytes_frame = 0;
    mr->stats.uploads_frame = 0;
    mr->stats.stamp_draws_frame = 0;
    mr->stats.base_upload_bytes_frame = 0;
    mr->stats.blocks_active = 0;
    int reach = (int)ceilf(mr->active_radius / TERRAIN_BLOCK_SIZE) + 1;
    int cx = (int)floorf(truck_pos[0] / TERRAIN_BLOCK_SIZE), cz = (int)floorf(truck_pos[2] / TERRAIN_BLOCK_SIZE);
    for (int bz = cz - reach; bz <= cz + reach; bz++)
        for (int bx = cx - reach; bx <= cx + reach; bx++) {
            if (bx < 0 || bz < 0 || bx >= mr->nb || bz >= mr->nb) continue;
            float dx = ((float)bx + 0.5f) * TERRAIN_BLOCK_SIZE - truck_pos[0];
            float dz = ((float)bz + 0.5f) * TERRAIN_BLOCK_SIZE - truck_pos[2];
            if (dx * dx + dz * dz > mr->active_radius * mr->active_radius) continue;
            mr->stats.blocks_active++;
            /* never drawn into: untouched mud, the base terrain draws it */
            if (mr->gpu_state[bz * mr->nb + bx] != GPU_NONE) make_resident(mr, bx, bz);
        }
    mr->stats.upload_bytes_total += mr->stats.upload_bytes_frame;
    mr->stats.uploads_total += mr->stats.uploads_frame;
    int resident = 0;
    for (int s = 0; s < mr->slots; s++) resident += mr->slot[s].block >= 0;
    mr->stats.blocks_resident = resident;
}

static mud_queue_item *queue_push(mud_renderer *mr)
{
    if (mr->nqueue == mr->queue_cap) {
        mr->queue_cap = mr->queue_cap ? mr->queue_cap * 2 : 16;
        mr->queue = realloc(mr->queue, (size_t)mr->queue_cap * sizeof *mr->queue);
        if (!mr->queue) abort();
    }
    return &mr->queue[mr->nqueue++];
}

void mud_renderer_queue(mud_renderer *mr, const mudfield_stamp_geom *prims, int count)
{
    for (int i = 0; i < count; i++) {
        mud_queue_item *q = queue_push(mr);
        q->base = false;
        q->g = prims[i];
    }
}

/* The base samples of rect (global, inclusive) from the terrain, rows along z. */
static void copy_base(const mud_renderer *mr, const int r[4], uint8_t *px)
{
    int w = r[2] - r[0] + 1;
    for (int gj = r[1]; gj <= r[3]; gj++)
        for (int gi = r[0]; gi <= r[2]; gi++) {
            int bx = gi / BASE_SEG < mr->nb ? gi / BASE_SEG : mr->nb - 1, bz = gj / BASE_SEG < mr->nb ? gj / BASE_SEG : mr->nb - 1;
            const uint8_t *src = terrain_block_data(mr->terr, bx, bz) +
                                 ((gj - bz * BASE_SEG) * TERRAIN_BLOCK_SAMPLES + (gi - bx * BASE_SEG)) * 4;
            memcpy(px + ((size_t)(gj - r[1]) * w + (gi - r[0])) * 4, src, 4);
        }
}

void mud_renderer_queue_base(mud_renderer *mr, const int rect[4])
{
    mud_queue_item *q = queue_push(mr);
    q->base = true;
    memcpy(q->rect, rect, sizeof q->rect);
    /* the samples as this step left them: a later step of the same frame may grow them further,
     * and the primitives between must be drawn over this step's mask, as the CPU stamped them */
    q->snapped = (rect[2] - rect[0] + 1) * (rect[3] - rect[1] + 1) <= BASE_SNAP_MAX;
    if (q->snapped) copy_base(mr, rect, q->px);
}

void mud_renderer_queue_step(mud_renderer *mr, const mud_sim *sim)
{
    int n, rect[4];
    const mudfield_stamp_geom *prims = mud_sim_prims(sim, &n);
    mud_renderer_queue(mr, prims, n);
    if (mud_sim_base_changed(sim, rect)) mud_renderer_queue_base(mr, rect);
}

/* Base samples (global, inclusive) into the base texture: the mud mask grew. */
static void upload_base(mud_renderer *mr, const mud_queue_item *q)
{
    const int *r = q->rect;
    int w = r[2] - r[0] + 1, h = r[3] - r[1] + 1;
    uint8_t *px = q->snapped ? NULL : malloc((size_t)w * h * 4);
    if (!q->snapped) {
        if (!px) abort();
        copy_base(mr, r, px); /* too large to keep: the newest samples */
    }
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glBindTexture(GL_TEXTURE_2D, mr->base_tex);
    glTexSubImage2D(GL_TEXTURE_2D, 0, r[0], r[1], w, h, GL_RGBA, GL_UNSIGNED_BYTE, q->snapped ? q->px : px);
    free(px);
    mr->stats.base_upload_bytes_frame += (long long)w * h * 4;
    mr->stats.base_upload_bytes_total += (long long)w * h * 4;
}

static void set_prim_uniforms(mud_renderer *mr, const stamp_uniforms *u, const mudfield_stamp_geom *g)
{
    glUniform4i(u->rect, g->gx0, g->gz0, g->gx1, g->gz1);
    glUniform3i(u->mud_blocks, g->mud_bx, g->mud_bz, g->mud_mask);
    glUniform1i(u->nb, mr->nb);
    glUniform1f(u->spacing, MUDFIELD_SPACING);
    glUniform1f(u->edge_ramp, 1.25f * MUDFIELD_SPACING);
    glUniform4f(u->wheel, g->w.center[0], g->w.center[1], g->w.center[2], g->w.radius);
    glUniform4f(u->dir, g->fwd[0], g->fwd[1], g->side[0], g->side[1]);
    glUniform4f(u->shape, g->pen, g->half_len, g->half_w, g->berm_width);
    glUniform4f(u->motion, g->w.velocity[0], g->w.velocity[1], g->speed, g->w.slip);
    glUniform1f(u->max_sink, g->max_sink);
    glUniform4f(u->tread, g->tread_inv, g->w.tread_depth, g->w.tread_phase, MUDFIELD_TREAD_CHEVRON);
    glUniform1fv(u->row_prefix, g->gz1 - g->gz0 + 2, g->row_prefix);
}

/* The range of blocks holding global texels lo..hi along one axis. */
static void block_span(int lo, int hi, int nb, int *b0, int *b1)
{
    *b0 = lo > 0 ? (lo - 1) / SEG : 0;
    *b1 = hi / SEG < nb - 1 ? hi / SEG : nb - 1;
}

/* One primitive: scratch copy of the touched rectangle from every resident block holding it, the
 * removed steps into sums_tex, then the stamp into each of those blocks' layers. */
static void stamp_one(mud_renderer *mr, const mudfield_stamp_geom *g)
{
    int bxa, bxb, bza, bzb;
    block_span(g->gx0, g->gx1, mr->nb, &bxa, &bxb);
    block_span(g->gz0, g->gz1, mr->nb, &bza, &bzb);
    int layers[4], lbx[4], lbz[4], n = 0;
    for (int bz = bza; bz <= bzb; bz++)
        for (int bx = bxa; bx <= bxb; bx++)
            if (((g->mud_mask >> ((bz - g->mud_bz) * 3 + bx - g->mud_bx)) & 1) && make_resident(mr, bx, bz) && n < 4) {
                layers[n] = mr->block_slot[bz * mr->nb + bx];
                lbx[n] = bx;
                lbz[n++] = bz;
            }
    if (!n) return;
    glBindTexture(GL_TEXTURE_2D, mr->scratch_tex);
    for (int k = 0; k < n; k++) {
        int ox = lbx[k] * SEG, oz = lbz[k] * SEG;
        int x0 = g->gx0 > ox ? g->gx0 : ox, x1 = g->gx1 < ox + SEG ? g->gx1 : ox + SEG;
        int z0 = g->gz0 > oz ? g->gz0 : oz, z1 = g->gz1 < oz + SEG ? g->gz1 : oz + SEG;
        if (attach_read_layer(mr, layers[k]))
            glCopyTexSubImage2D(GL_TEXTURE_2D, 0, x0 - g->gx0, z0 - g->gz0, x0 - ox, z0 - oz, x1 - x0 + 1, z1 - z0 + 1);
    }
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, mr->scratch_tex);
    glActiveTexture(GL_TEXTURE2);
    glBindTexture(GL_TEXTURE_2D, mr->sums_tex);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, mr->base_tex);

    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, mr->sums_fbo);
    glViewport(0, 0, 1, 1);
    glUseProgram(mr->stamp_prog[0]);
    set_prim_uniforms(mr, &mr->su[0], g);
    gfx_fullscreen_draw();

    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, mr->draw_fbo);
    glUseProgram(mr->stamp_prog[1]);
    set_prim_uniforms(mr, &mr->su[1], g);
    for (int k = 0; k < n; k++) {
        int ox = lbx[k] * SEG, oz = lbz[k] * SEG;
        int x0 = g->gx0 > ox ? g->gx0 : ox, x1 = g->gx1 < ox + SEG ? g->gx1 : ox + SEG;
        int z0 = g->gz0 > oz ? g->gz0 : oz, z1 = g->gz1 < oz + SEG ? g->gz1 : oz + SEG;
        glFramebufferTextureLayer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, mr->mud_array, 0, layers[k]);
        glViewport(x0 - ox, z0 - oz, x1 - x0 + 1, z1 - z0 + 1);
        glUniform2i(mr->su[1].block, ox, oz);
        gfx_fullscreen_draw();
    }
    mr->stats.stamp_draws_frame++;
    mr->stats.stamp_draws_total++;
}

void mud_renderer_stamp(mud_renderer *mr)
{
    if (!mr->nqueue) return;
    GLint prev_draw, prev_read, vp[4];
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &prev_draw);
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &prev_read);
    glGetIntegerv(GL_VIEWPORT, vp);
    gfx_state_set(GFX_STATE_FULLSCREEN);
    /* in order: each primitive reads what the ones before it drew */
    for (int i = 0; i < mr->nqueue; i++) {
        if (mr->queue[i].base) upload_base(mr, &mr->queue[i]);
        else stamp_one(mr, &mr->queue[i].g);
    }
    mr->nqueue = 0;
    glUseProgram(0);
    for (int u = 2; u >= 0; u--) {
        glActiveTexture(GL_TEXTURE0 + (GLenum)u);
        glBindTexture(GL_TEXTURE_2D, 0);
    }
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, (GLuint)prev_draw);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, (GLuint)prev_read);
    glViewport(vp[0], vp[1], vp[2], vp[3]);
    int resident = 0;
    for (int s = 0; s < mr->slots; s++) resident += mr->slot[s].block >= 0;
    mr->stats.blocks_resident = resident;
}

void mud_renderer_set_decals(mud_renderer *mr, const decal_draw *d, int n)
{
    for (int i = 0; i < mr->ntouched; i++) mr->decal_head[mr->decal_touched[i]] = -1;
    mr->ntouched = mr->ndecal_entries = 0;
    n = n < MUD_DECALS_MAX ? n : MUD_DECALS_MAX;
    for (int i = 0; i < n; i++) {
        mr->decals[i] = d[i];
        /* a splat (its drops reach 1.6 radii, shaders/mud_terrain.frag) is smaller than a block:
         * it touches at most 2 x 2 of them */
        float reach = d[i].radius * 1.6f;
        int bx0 = (int)floorf((d[i].x - reach) / TERRAIN_BLOCK_SIZE), bx1 = (int)floorf((d[i].x + reach) / TERRAIN_BLOCK_SIZE);
        int bz0 = (int)floorf((d[i].z - reach) / TERRAIN_BLOCK_SIZE), bz1 = (int)floorf((d[i].z + reach) / TERRAIN_BLOCK_SIZE);
        for (int bz = bz0; bz <= bz1 && bz <= bz0 + 1; bz++)
            for (int bx = bx0; bx <= bx1 && bx <= bx0 + 1; bx++) {
                if (bx < 0 || bz < 0 || bx >= mr->nb || bz >= mr->nb) continue;
                int b = bz * mr->nb + bx, e = mr->ndecal_entries++;
                if (mr->decal_head[b] < 0) mr->decal_touched[mr->ntouched++] = b;
                /* pushed in front: a block's list runs newest first */
                mr->decal_ref[e] = i;
                mr->decal_next[e] = mr->decal_head[b];
                mr->decal_head[b] = e;
            }
    }
}

/* The newest splats over block b into the main program's uniforms (*current: how many it holds). */
static void set_block_decals(mud_renderer *mr, int b, int *current)
{
    float v[MUD_DECALS_PER_BLOCK * 4];
    int k = 0;
    if (mr->layers.decals)
        for (int e = mr->decal_head[b]; e >= 0 && k < MUD_DECALS_PER_BLOCK; e = mr->decal_next[e], k++)
            memcpy(v + k * 4, &mr->decals[mr->decal_ref[e]], 4 * sizeof(float));
    if (k) glUniform4fv(mr->u_decals, k, v);
    if (k != *current) glUniform1i(mr->u_ndecals, k);
    *current = k;
}

/* A mud block near the eye, patch by patch (main pass): patches within MUD_FINE_DISTANCE on the
 * fine grid (half-texel steps, B-spline heights: a berm crest runs between the texels instead of
 * from vertex to vertex, docs/mud.md "Rut smoothness"), the others on the texel grid. Where a
 * fine patch meets a coarse one, its vertices between two coarse vertices take the mean of theirs
 * (u_seam), so the seam closes exactly; every patch has its skirt besides. */
static void draw_patches(mud_renderer *mr, int bx, int bz, const vec3 eye, vec4 planes[6])
{
    const int pass = MUD_PASS_MAIN, b = bz * mr->nb + bx;
    const float psize = PATCH_SEG * MUDFIELD_SPACING;
    bool fine[PATCHES][PATCHES];
    for (int pz = 0; pz < PATCHES; pz++)
        for (int px = 0; px < PATCHES; px++) {
            float x0 = (float)bx * TERRAIN_BLOCK_SIZE + (float)px * psize, z0 = (float)bz * TERRAIN_BLOCK_SIZE + (float)pz * psize;
            float dx = fmaxf(fmaxf(x0 - eye[0], eye[0] - x0 - psize), 0.0f);
            float dz = fmaxf(fmaxf(z0 - eye[2], eye[2] - z0 - psize), 0.0f);
            fine[pz][px] = dx * dx + dz * dz < MUD_FINE_DISTANCE * MUD_FINE_DISTANCE;
        }
    for (int pz = 0; pz < PATCHES; pz++)
        for (int px = 0; px < PATCHES; px++) {
            float x0 = (float)bx * TERRAIN_BLOCK_SIZE + (float)px * psize, z0 = (float)bz * TERRAIN_BLOCK_SIZE + (float)pz * psize;
            vec3 box[2] = {{x0, mr->block_hmin[b], z0}, {x0 + psize, mr->block_hmax[b], z0 + psize}};
            if (!glm_aabb_frustum(box, planes)) continue;
            bool f = fine[pz][px];
            int k = f ? 2 : 1;
            glUniform1f(mr->u_step[pass], MUDFIELD_SPACING / (float)k);
            glUniform1f(mr->u_sub[pass], 1.0f / (float)k);
            glUniform2i(mr->u_patch[pass], px * PATCH_SEG * k, pz * PATCH_SEG * k);
            glUniform1i(mr->u_last[pass], SEG * k);
            glUniform1i(mr->u_patch_n, PATCH_SEG * k);
            if (f)
                glUniform4i(mr->u_seam, px > 0 && !fine[pz][px - 1], px < PATCHES - 1 && !fine[pz][px + 1],
                            pz > 0 && !fine[pz - 1][px], pz < PATCHES - 1 && !fine[pz + 1][px]);
            else
                glUniform4i(mr->u_seam, 0, 0, 0, 0);
            gfx_mesh_draw(f ? &mr->patch_fine : &mr->patch_coarse);
        }
    /* the seams are a patch's alone: a whole block drawn next must not take its last ones (they
     * would move that block's vertices on one row and column) */
    glUniform4i(mr->u_seam, 0, 0, 0, 0);
}

void mud_renderer_draw(mud_renderer *mr, mud_pass pass, mat4 viewproj, const vec3 eye)
{
    /* two-sided: skirts face either way */
    gfx_state_set(pass == MUD_PASS_SHADOW ? GFX_STATE_CASTER : GFX_STATE_OPAQUE_TWO_SIDED);
    glUseProgram(mr->prog[pass]);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, mr->base_tex);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D_ARRAY, mr->mud_array);
    glActiveTexture(GL_TEXTURE2);
    glBindTexture(GL_TEXTURE_2D, mr->road_tex);
    const GLint u_origin = mr->u_origin[pass], u_step = mr->u_step[pass], u_layer = mr->u_layer[pass], u_sub = mr->u_sub[pass];
    glUniform4f(mr->u_show[pass], mr->layers.mud ? 1.0f : 0.0f, mr->layers.roads ? 1.0f : 0.0f, 0.0f, 0.0f);

    vec4 planes[6];
    glm_frustum_planes(viewproj, planes);
    float dist = pass == MUD_PASS_SHADOW ? fminf(mr->draw_distance, 40.0f) : mr->draw_distance; /* the sun's map covers ~30 m */
    int reach = (int)ceilf(dist / TERRAIN_BLOCK_SIZE) + 1;
    int cx = (int)floorf(eye[0] / TERRAIN_BLOCK_SIZE), cz = (int)floorf(eye[2] / TERRAIN_BLOCK_SIZE), drawn = 0;
    int ndecals = -1; /* what u_ndecals holds now: unknown */
    for (int bz = cz - reach; bz <= cz + reach; bz++)
        for (int bx = cx - reach; bx <= cx + reach; bx++) {
            if (bx < 0 || bz < 0 || bx >= mr->nb || bz >= mr->nb) continue;
            int b = bz * mr->nb + bx;
            float x0 = (float)bx * TERRAIN_BLOCK_SIZE, z0 = (float)bz * TERRAIN_BLOCK_SIZE;
            float dx = fmaxf(fmaxf(x0 - eye[0], eye[0] - x0 - TERRAIN_BLOCK_SIZE), 0.0f);
            float dz = fmaxf(fmaxf(z0 - eye[2], eye[2] - z0 - TERRAIN_BLOCK_SIZE), 0.0f);
            if (dx * dx + dz * dz > dist * dist) continue;
            vec3 box[2] = {{x0, mr->block_hmin[b], z0}, {x0 + TERRAIN_BLOCK_SIZE, mr->block_hmax[b], z0 + TERRAIN_BLOCK_SIZE}};
            if (!glm_aabb_frustum(box, planes)) continue;
            int s = mr->layers.mud ? mr->block_slot[b] : -1;
            glUniform2f(u_origin, x0, z0);
            if (pass == MUD_PASS_MAIN) set_block_decals(mr, b, &ndecals);
            glUniform1i(u_layer, s);
            if (s >= 0 && pass == MUD_PASS_MAIN && dx * dx + dz * dz < MUD_FINE_DISTANCE * MUD_FINE_DISTANCE) {
                draw_patches(mr, bx, bz, eye, planes);
            } else if (s >= 0) {
                glUniform1f(u_step, MUDFIELD_SPACING);
                glUniform1f(u_sub, 1.0f);
                glUniform2i(mr->u_patch[pass], 0, 0);
                glUniform1i(mr->u_last[pass], SEG);
                gfx_mesh_draw(&mr->grid_mud);
            } else {
                /* coarser grids far away: vertex work is what a software rasterizer pays most for */
                float d2 = dx * dx + dz * dz;
                int lod = d2 < 48.0f * 48.0f ? 0 : d2 < 112.0f * 112.0f ? 1 : 2;
                glUniform1f(u_step, TERRAIN_BLOCK_SIZE / (float)(BASE_SEG >> lod));
                glUniform2i(mr->u_patch[pass], 0, 0);
                glUniform1i(mr->u_last[pass], BASE_SEG);
                gfx_mesh_draw(&mr->grid_base[lod]);
            }
            drawn++;
        }
    if (pass == MUD_PASS_MAIN) mr->stats.blocks_drawn = drawn;
    glActiveTexture(GL_TEXTURE2);
    glBindTexture(GL_TEXTURE_2D, 0);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
    glActiveTexture(GL_TEXTURE0);
    glUseProgram(0);
}

const mud_renderer_stats *mud_renderer_get_stats(const mud_renderer *mr) { return &mr->stats; }

void mud_renderer_set_layers(mud_renderer *mr, const mud_renderer_layers *layers) { mr->layers = *layers; }

int mud_renderer_slot(const mud_renderer *mr, int bx, int bz)
{
    if (bx < 0 || bz < 0 || bx >= mr->nb || bz >= mr->nb) return -1;
    return mr->block_slot[bz * mr->nb + bx];
}

static bool bind_layer(mud_renderer *mr, int bx, int bz)
{
    int s = mud_renderer_slot(mr, bx, bz);
    return s >= 0 && attach_read_layer(mr, s);
}

bool mud_renderer_read_block(mud_renderer *mr, int bx, int bz, uint8_t *rgba)
{
    GLint prev;
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &prev);
    bool ok = bind_layer(mr, bx, bz);
    if (ok) {
        glPixelStorei(GL_PACK_ALIGNMENT, 4);
        glReadPixels(0, 0, RES, RES, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    }
    glBindFramebuffer(GL_READ_FRAMEBUFFER, (GLuint)prev);
    return ok;
}

GLuint mud_renderer_block_texture(mud_renderer *mr, int bx, int bz)
{
    GLint prev;
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &prev);
    bool ok = bind_layer(mr, bx, bz);
    if (ok) {
        glBindTexture(GL_TEXTURE_2D, mr->view_tex);
        glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, RES, RES);
        glBindTexture(GL_TEXTURE_2D, 0);
    }
    glBindFramebuffer(GL_READ_FRAMEBUFFER, (GLuint)prev);
    return ok ? mr->view_tex : 0;
}

GLuint mud_renderer_base_texture(const mud_renderer *mr) { return mr->base_tex; }

GLuint mud_renderer_base_view_texture(mud_renderer *mr, int bx, int bz)
{
    int n = 3 * BASE_SEG + 1, size = mr->nb * BASE_SEG + 1;
    int x0 = (bx - 1) * BASE_SEG, z0 = (bz - 1) * BASE_SEG;
    x0 = x0 < 0 ? 0 : x0 + n > size ? size - n : x0;
    z0 = z0 < 0 ? 0 : z0 + n > size ? size - n : z0;
    GLint prev;
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &prev);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, mr->read_fbo);
    glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, mr->base_tex, 0);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    bool ok = glCheckFramebufferStatus(GL_READ_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE && size >= n;
    if (ok) {
        glBindTexture(GL_TEXTURE_2D, mr->view_base_tex);
        glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, x0, z0, n, n);
        glBindTexture(GL_TEXTURE_2D, 0);
    }
    glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 0, 0);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, (GLuint)prev);
    return ok ? mr->view_base_tex : 0;
}

bool mud_renderer_read_base_block(mud_renderer *mr, int bx, int bz, uint8_t *rgba)
{
    if (bx < 0 || bz < 0 || bx >= mr->nb || bz >= mr->nb) return false;
    GLint prev;
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &prev);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, mr->read_fbo);
    glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, mr->base_tex, 0);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    bool ok = glCheckFramebufferStatus(GL_READ_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
    if (ok) {
        glPixelStorei(GL_PACK_ALIGNMENT, 4);
        glReadPixels(bx * BASE_SEG, bz * BASE_SEG, TERRAIN_BLOCK_SAMPLES, TERRAIN_BLOCK_SAMPLES, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    }
    glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 0, 0);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, (GLuint)prev);
    return ok;
}

size_t mud_renderer_cpu_bytes(const mud_renderer *mr)
{
    return mudfield_memory_bytes(mr->field) + (size_t)mr->saved_blocks * LAYER_BYTES;
}

void mud_renderer_write_stats(const mud_renderer *mr, json_writer *w)
{
    const mud_renderer_stats *st = mud_renderer_get_stats(mr);
    json_int(w, "blocks_active", st->blocks_active);
    json_int(w, "blocks_drawn", st->blocks_drawn);
    json_int(w, "blocks_resident", st->blocks_resident);
    json_object_begin(w, "mud_upload_bytes");
    json_int(w, "frame", st->upload_bytes_frame);
    json_int(w, "total", st->upload_bytes_total);
    json_object_end(w);
    json_int(w, "mud_stamp_draws", st->stamp_draws_frame);
    json_int(w, "mud_stamp_draws_total", st->stamp_draws_total);
    json_object_begin(w, "mud_base_upload_bytes");
    json_int(w, "frame", st->base_upload_bytes_frame);
    json_int(w, "total", st->base_upload_bytes_total);
    json_object_end(w);
    json_int(w, "mud_cpu_bytes", (long long)mud_renderer_cpu_bytes(mr));
    json_int(w, "mud_gpu_bytes", (long long)st->gpu_bytes);
}

void mud_renderer_write_upload(const mud_renderer *mr, long long frames, json_writer *w)
{
    const mud_renderer_stats *st = mud_renderer_get_stats(mr);
    long long whole = (long long)MUDFIELD_RES * MUDFIELD_RES * 4;
    double n = frames ? (double)frames : 1.0;
    json_object_begin(w, "upload");
    json_number(w, "bytes_per_frame", (double)st->upload_bytes_total / n);
    json_number(w, "whole_block_bytes_per_frame", (double)st->uploads_total * (double)whole / n);
    json_int(w, "whole_block_bytes", whole);
    json_int(w, "full_block_uploads", st->full_uploads);
    json_object_end(w);
}

void mud_renderer_write_stream(const mud_renderer *mr, int steps, json_writer *w)
{
    const mud_renderer_stats *st = mud_renderer_get_stats(mr);
    json_int(w, "gpu_bytes", (long long)st->gpu_bytes);
    json_int(w, "gpu_slots_resident", st->blocks_resident);
    json_int(w, "upload_bytes_total", st->upload_bytes_total);
    json_number(w, "upload_bytes_per_step", (double)st->upload_bytes_total / steps);
    json_number(w, "whole_block_bytes_per_step", (double)st->uploads_total * MUDFIELD_RES * MUDFIELD_RES * 4 / steps);
    json_int(w, "full_block_uploads", st->full_uploads);
    json_int(w, "mud_cpu_bytes", (long long)mud_renderer_cpu_bytes(mr));
    json_int(w, "saved_layers", mr->saved_blocks);
    json_int(w, "stamp_draws", st->stamp_draws_total);
}

typedef struct mud__long_drive { mud_sim *sim; mud_renderer *mr; } mud__long_drive;

/* After every step of the long drive: the step's primitives drawn into the GPU's mud. */
static void mud__stream(void *user, const float pos[3])
{
    mud__long_drive *d = user;
    mud_renderer_update(d->mr, (float *)pos);
    mud_renderer_queue_step(d->mr, d->sim);
    mud_renderer_stamp(d->mr);
}

void mud_bench_long_drive(json_writer *w, unsigned seed, bool mud_everywhere)
{
    mud_sim *sim = mud_sim_create(&(mud_sim_desc){.terrain = {.level_size = 1024, .seed = seed, .mud_everywhere = mud_everywhere}});
    mud_renderer *mr = sim ? mud_renderer_create(&(mud_renderer_desc){.field = mud_sim_field(sim)}) : NULL;
    if (mr) {
        json_object_begin(w, "drive_1024m");
        mud__long_drive d = {sim, mr};
        mud_renderer_write_stream(mr, mud_play_long_drive(sim, 1000.0f, mud__stream, &d, w), w);
        json_object_end(w);
    }
    mud_renderer_destroy(mr);
    mud_sim_destroy(sim);
}

bool mud_renderer_dump_base_block(mud_renderer *mr, int bx, int bz, const char *path)
{
    uint8_t base[TERRAIN_BLOCK_SAMPLES * TERRAIN_BLOCK_SAMPLES * 4];
    return mud_renderer_read_base_block(mr, bx, bz, base) &&
           gfx_write_png(path, TERRAIN_BLOCK_SAMPLES, TERRAIN_BLOCK_SAMPLES, 4, base, false);
}
