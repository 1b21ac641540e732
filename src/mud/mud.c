/* mud.c — the renderer made and freed: its textures (base, roads, the slot array), programs and
 * grid meshes. The block pool is mud_pool.c, the stamp pass mud_stamp.c, the terrain draw
 * mud_draw.c, the debug views, dumps and stats mud_views.c (shared state: mud_internal.h). */
#include "mud/mud_internal.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "base/log.h"
#include "base/mesh.h"
#include "gfx/shader.h"
#include "gfx/target.h"
#include "gfx/texture.h"

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
    if (!px) {
        log_error("mud: out of memory for the %d x %d base texture", n, n);
        return 0;
    }
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
    if (!px) {
        log_error("mud: out of memory for the %d x %d road texture", n, n);
        return 0;
    }
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

/* A block's flag and its eight neighbours' (their pixels read its border samples, the road's mud
 * a third of a sample beyond). */
static void flag_around(mud_renderer *mr, int bx, int bz, uint8_t flag)
{
    for (int z = bz - 1; z <= bz + 1; z++)
        for (int x = bx - 1; x <= bx + 1; x++)
            if (x >= 0 && z >= 0 && x < mr->nb && z < mr->nb) mr->block_flags[z * mr->nb + x] |= flag;
}

/* MUD_BLOCK_ROAD where the level baked a road, MUD_BLOCK_MUD where a base sample's mud mask (A) is
 * above 0, each with its neighbours; the mask's growth sets more (mud_renderer_mark_mud). */
static void set_block_flags(mud_renderer *mr)
{
    for (int bz = 0; bz < mr->nb; bz++)
        for (int bx = 0; bx < mr->nb; bx++) {
            if (terrain_block_road(mr->terr, bx, bz)) flag_around(mr, bx, bz, MUD_BLOCK_ROAD);
            const uint8_t *blk = terrain_block_data(mr->terr, bx, bz);
            for (int i = 0; i < TERRAIN_BLOCK_SAMPLES * TERRAIN_BLOCK_SAMPLES; i++)
                if (blk[i * 4 + 3]) {
                    flag_around(mr, bx, bz, MUD_BLOCK_MUD);
                    break;
                }
        }
}

void mud__mark_mud(mud_renderer *mr, const int rect[4])
{
    for (int bz = rect[1] / BASE_SEG - 1; bz <= rect[3] / BASE_SEG; bz++)
        for (int bx = rect[0] / BASE_SEG - 1; bx <= rect[2] / BASE_SEG; bx++) flag_around(mr, bx, bz, MUD_BLOCK_MUD);
}

/* One 2D array of RES x RES layers, `slots` deep, linear and clamped (the fragment shader's
 * per-pixel normals read between texels; texelFetch ignores the filter), no initial data. */
static GLuint mud__slot_array(GLenum internal, GLenum format, int slots, const char *label)
{
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D_ARRAY, t);
    glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, (GLint)internal, RES, RES, slots, 0, format, GL_UNSIGNED_BYTE, NULL);
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
    gfx_label(GL_TEXTURE, t, label);
    return t;
}

mud_renderer *mud_renderer_create(const mud_renderer_desc *desc)
{
    assert(desc && desc->field);
    mud_renderer *mr = ALLOC_STRUCT(mud_renderer);
    if (!mr) {
        log_error("mud: out of memory for the renderer");
        return NULL;
    }
    mr->field = desc->field;
    mr->terr = mudfield_terrain(desc->field);
    mr->nb = terrain_blocks_per_side(mr->terr);
    mr->slots = desc->slots > 0 ? desc->slots : 64;
    mr->active_radius = desc->active_radius > 0 ? desc->active_radius : 40.0f;
    mr->draw_distance = desc->draw_distance > 0 ? desc->draw_distance : 220.0f;
    mr->fine_distance = MUD_FINE_DISTANCE;
    mr->mud_step = 1;
    int blocks = mr->nb * mr->nb;
    mr->block_slot = malloc((size_t)blocks * sizeof *mr->block_slot);
    mr->block_hmin = malloc((size_t)blocks * sizeof(float));
    mr->block_hmax = malloc((size_t)blocks * sizeof(float));
    mr->slot = malloc((size_t)mr->slots * sizeof *mr->slot);
    mr->scratch = malloc(LAYER_BYTES);
    mr->gpu_state = calloc((size_t)blocks, 1);
    mr->saved = calloc((size_t)blocks, sizeof *mr->saved);
    mr->decal_head = malloc((size_t)blocks * sizeof *mr->decal_head);
    mr->draw_order = malloc((size_t)blocks * sizeof *mr->draw_order);
    mr->block_flags = calloc((size_t)blocks, 1);
    /* the stamp queue's first room, so a queue that cannot grow always has something to draw */
    mr->queue_cap = 16;
    mr->queue = malloc((size_t)mr->queue_cap * sizeof *mr->queue);
    if (!mr->block_slot || !mr->block_hmin || !mr->block_hmax || !mr->slot || !mr->scratch || !mr->gpu_state || !mr->saved ||
        !mr->decal_head || !mr->draw_order || !mr->block_flags || !mr->queue) {
        log_error("mud: out of memory for the state of %d blocks", blocks);
        goto fail;
    }
    for (int b = 0; b < blocks; b++) mr->decal_head[b] = -1;
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
#define MUD__XSTR(x) MUD__STR(x)
#define MUD__DEFINE(x) "#define MUD_DECALS_PER_BLOCK " MUD__STR(x) "\n#define MUD_TREAD_FAR " MUD__XSTR(MUD_TREAD_FAR_M) "\n"
    mr->prog[MUD_PASS_MAIN] = gfx_program_load("mud_terrain.vert", "mud_terrain.frag", MUD__DEFINE(MUD_DECALS_PER_BLOCK));
    mr->prog[MUD_PASS_SHADOW] = gfx_program_load("mud_terrain.vert", "mud_terrain.frag", MUD__DEFINE(MUD_DECALS_PER_BLOCK) "#define SHADOW_PASS 1\n");
    mr->base_tex = make_base_texture(mr->terr, mr->nb);
    mr->road_tex = make_road_texture(mr->terr, mr->nb);
    if (!mr->prog[0] || !mr->prog[1] || !mr->base_tex || !mr->road_tex) goto fail;
    set_block_flags(mr);
    for (int i = 0; i < 2; i++) {
        /* samplers and the base spacing never change: set once */
        glUseProgram(mr->prog[i]);
        glUniform1i(gfx_uniform(mr->prog[i], "u_base"), 0);
        glUniform1i(gfx_uniform(mr->prog[i], "u_mud"), 1);
        glUniform1i(gfx_uniform(mr->prog[i], "u_road"), 2);
        glUniform1i(gfx_uniform(mr->prog[i], "u_mud_h"), 3);
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
    mr->u_tread_near = gfx_uniform(mr->prog[MUD_PASS_MAIN], "u_tread_near");
    mr->stamp_prog[0] = gfx_program_load("gfx_fullscreen.vert", "mud_stamp.frag", "#define SUM_PASS 1\n");
    mr->stamp_prog[1] = gfx_program_load("gfx_fullscreen.vert", "mud_stamp.frag", NULL);
    if (!mr->stamp_prog[0] || !mr->stamp_prog[1]) goto fail;
    for (int i = 0; i < 2; i++) {
        GLuint pr = mr->stamp_prog[i];
        glUseProgram(pr);
        glUniform1i(gfx_uniform(pr, "u_base"), 0);
        glUniform1i(gfx_uniform(pr, "u_scratch"), 1);
        glUniform1i(gfx_uniform(pr, "u_sums"), 2);
        glUniform1i(gfx_uniform(pr, "u_scratch_h"), 3);
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
        u->body = gfx_uniform(pr, "u_body");
        u->slope = gfx_uniform(pr, "u_slope");
    }
    glUseProgram(0);

    /* the stamp's scratch copy of the touched rectangle, and the removed steps (one float) */
    mr->scratch_tex = gfx_texture_create(&(gfx_texture_desc){.width = MUDFIELD_STAMP_MAX, .height = MUDFIELD_STAMP_MAX,
                                                              .flags = GFX_TEX_NEAREST, .label = "mud.stamp_scratch"});
    mr->scratch_h_tex = gfx_texture_create(&(gfx_texture_desc){.width = MUDFIELD_STAMP_MAX, .height = MUDFIELD_STAMP_MAX,
                                                                .internal_format = GL_RG8, .flags = GFX_TEX_NEAREST,
                                                                .label = "mud.stamp_scratch_h"});
    glGenTextures(1, &mr->sums_tex);
    glBindTexture(GL_TEXTURE_2D, mr->sums_tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, 1, 1, 0, GL_RED, GL_FLOAT, NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glBindTexture(GL_TEXTURE_2D, 0);
    gfx_label(GL_TEXTURE, mr->sums_tex, "mud.stamp_sums");
    glGenFramebuffers(1, &mr->draw_fbo);
    glGenFramebuffers(1, &mr->sums_fbo);
    /* the stamp pass writes the RGBA8 layer and the height layer at once */
    gfx_target_begin_fbo(mr->draw_fbo, 1, 1, NULL);
    glDrawBuffers(2, (const GLenum[2]){GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1});
    gfx_target_end();
    gfx_target_begin_fbo(mr->sums_fbo, 1, 1, NULL);
    glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, mr->sums_tex, 0);
    bool sums_ok = glCheckFramebufferStatus(GL_DRAW_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
    gfx_target_end();
    if (!mr->scratch_tex || !mr->scratch_h_tex || !sums_ok) goto fail;
    /* mud.dry: the tracks' age, a whole layer at a time through its own copy and framebuffer (one
     * colour attachment: the heights are not touched) */
    mr->dry_prog = gfx_program_load("gfx_fullscreen.vert", "mud_dry.frag", NULL);
    mr->dry_tex = gfx_texture_create(&(gfx_texture_desc){.width = RES, .height = RES, .flags = GFX_TEX_NEAREST, .label = "mud.dry_scratch"});
    glGenFramebuffers(1, &mr->dry_fbo);
    if (!mr->dry_prog || !mr->dry_tex) goto fail;
    glUseProgram(mr->dry_prog);
    glUniform1i(gfx_uniform(mr->dry_prog, "u_scratch"), 0);
    mr->u_dry_levels = gfx_uniform(mr->dry_prog, "u_levels");
    glUseProgram(0);
    if (!mud__slump_create(mr)) goto fail; /* mud.slump: the ruts' slump and refill (mud_slump.c) */

    /* no initial data: a layer is cleared (or restored) when a block claims it, before any draw */
    mr->mud_array = mud__slot_array(GL_RGBA8, GL_RGBA, mr->slots, "mud.slots");
    /* the 16-bit heights beside it: RG8 renders in GL 3.3 core and WebGL2 alike, filters linearly,
     * and hi x 256 + lo stays linear under the filter */
    mr->height_array = mud__slot_array(GL_RG8, GL_RG, mr->slots, "mud.slots_height");
    mr->view_tex = gfx_texture_create(&(gfx_texture_desc){.width = RES, .height = RES, .flags = GFX_TEX_NEAREST, .label = "mud.view"});
    mr->view_base_tex = gfx_texture_create(&(gfx_texture_desc){.width = 3 * BASE_SEG + 1, .height = 3 * BASE_SEG + 1,
                                                                .flags = GFX_TEX_NEAREST, .label = "mud.view_base"});
    if (!mr->view_tex || !mr->view_base_tex) goto fail;
    glGenFramebuffers(1, &mr->read_fbo);

    mesh_data m = {0};
    build_grid(&m, RES - 1);
    mr->grid_mud = gfx_mesh_create(&m, "mud.grid128");
    mesh_clear(&m);
    build_grid(&m, SEG / 2);
    mr->grid_mud_half = gfx_mesh_create(&m, "mud.grid64");
    mesh_clear(&m);

    build_grid(&m, PATCH_SEG);
    mr->patch_coarse = gfx_mesh_create(&m, "mud.patch32");
    mesh_clear(&m);
    build_grid(&m, 2 * PATCH_SEG);
    mr->patch_fine = gfx_mesh_create(&m, "mud.patch64");
    mesh_clear(&m);
    build_grid(&m, 4 * PATCH_SEG);
    mr->patch_quarter = gfx_mesh_create(&m, "mud.patch128");
    mesh_clear(&m);
    static const char *const lod_names[3] = {"mud.grid25", "mud.grid13", "mud.grid7"};
    for (int l = 0; l < 3; l++) {
        mesh_clear(&m);
        build_grid(&m, BASE_SEG >> l);
        mr->grid_base[l] = gfx_mesh_create(&m, lod_names[l]);
    }
    mesh_data_free(&m);

    int n = mr->nb * BASE_SEG + 1;
    mr->stats.gpu_bytes = (size_t)n * n * 4 + (size_t)n * n * 2 + (size_t)RES * RES * (6 * (size_t)mr->slots + 4 + 2) +
                          (size_t)MUDFIELD_STAMP_MAX * MUDFIELD_STAMP_MAX * 6 + 4 +
                          (size_t)(mr->grid_mud.vertex_count + mr->grid_mud_half.vertex_count + mr->patch_coarse.vertex_count + mr->patch_fine.vertex_count + mr->patch_quarter.vertex_count +
                                   mr->grid_base[0].vertex_count * 2) * 64 +
                          (size_t)(mr->grid_mud.index_count + mr->grid_mud_half.index_count + mr->patch_coarse.index_count + mr->patch_fine.index_count + mr->patch_quarter.index_count +
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
    if (mr->height_array) glDeleteTextures(1, &mr->height_array);
    if (mr->read_fbo) glDeleteFramebuffers(1, &mr->read_fbo);
    for (int i = 0; i < 2; i++)
        if (mr->stamp_prog[i]) glDeleteProgram(mr->stamp_prog[i]);
    gfx_texture_destroy(mr->scratch_tex);
    gfx_texture_destroy(mr->scratch_h_tex);
    if (mr->sums_tex) glDeleteTextures(1, &mr->sums_tex);
    if (mr->draw_fbo) glDeleteFramebuffers(1, &mr->draw_fbo);
    if (mr->sums_fbo) glDeleteFramebuffers(1, &mr->sums_fbo);
    if (mr->dry_prog) glDeleteProgram(mr->dry_prog);
    gfx_texture_destroy(mr->dry_tex);
    if (mr->dry_fbo) glDeleteFramebuffers(1, &mr->dry_fbo);
    mud__slump_destroy(mr);
    if (mr->saved)
        for (int b = 0; b < mr->nb * mr->nb; b++) free(mr->saved[b]);
    free(mr->saved);
    free(mr->gpu_state);
    free(mr->queue);
    if (mr->grid_mud.vao) gfx_mesh_destroy(&mr->grid_mud);
    if (mr->grid_mud_half.vao) gfx_mesh_destroy(&mr->grid_mud_half);
    if (mr->patch_coarse.vao) gfx_mesh_destroy(&mr->patch_coarse);
    if (mr->patch_fine.vao) gfx_mesh_destroy(&mr->patch_fine);
    if (mr->patch_quarter.vao) gfx_mesh_destroy(&mr->patch_quarter);
    for (int l = 0; l < 3; l++)
        if (mr->grid_base[l].vao) gfx_mesh_destroy(&mr->grid_base[l]);
    free(mr->decal_head);
    free(mr->block_slot);
    free(mr->draw_order);
    free(mr->block_flags);
    free(mr->block_hmin);
    free(mr->block_hmax);
    free(mr->slot);
    free(mr->scratch);
    free(mr);
}

const mud_renderer_stats *mud_renderer_get_stats(const mud_renderer *mr) { return &mr->stats; }

void mud_renderer_set_layers(mud_renderer *mr, const mud_renderer_layers *layers) { mr->layers = *layers; }
void mud_renderer_set_fine_distance(mud_renderer *mr, float metres) { mr->fine_distance = metres > 0 ? metres : 0; }
void mud_renderer_set_mud_step(mud_renderer *mr, int texels) { mr->mud_step = texels >= 2 ? 2 : 1; }
void mud_renderer_set_draw_distance(mud_renderer *mr, float metres) { mr->draw_distance = metres > 16.0f ? metres : 16.0f; }
