#include "mud/water.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cglm/cglm.h>

#include "base/log.h"
#include "base/mesh.h"
#include "gfx/mesh_gl.h"
#include "gfx/shader.h"
#include "gfx/state.h"

#define NV (WATER_RES + 1)

struct water_renderer {
    water_renderer_desc d;
    GLuint prog, view_tex;
    GLint u_origin, u_cell;
    gfx_mesh grid;
    int nblocks;
    GLuint *tex;     /* per water block */
    uint8_t *loaded; /* uploaded at least once */
    float *level;    /* per block: mean height of its wet corners at the last upload (culling) */
    float *scratch;  /* NV^2 * 4 */
    int drawn;
};

water_renderer *water_renderer_create(const water_renderer_desc *desc)
{
    water_renderer *wr = calloc(1, sizeof *wr);
    if (!wr) {
        log_error("water: out of memory for the renderer");
        return NULL;
    }
    wr->d = *desc;
    if (!(wr->d.draw_distance > 0.0f)) wr->d.draw_distance = 220.0f;
    wr->prog = gfx_program_load("mud_water.vert", "mud_water.frag", NULL);
    if (!wr->prog) {
        log_error("water: the water shader failed");
        water_renderer_destroy(wr);
        return NULL;
    }
    wr->u_origin = gfx_uniform(wr->prog, "u_origin");
    wr->u_cell = gfx_uniform(wr->prog, "u_cell");
    mesh_data m = {0};
    for (int j = 0; j < NV; j++)
        for (int i = 0; i < NV; i++) mesh_add_vertex(&m, (float[3]){(float)i, 0, (float)j}, NULL, NULL);
    for (int j = 0; j < WATER_RES; j++)
        for (int i = 0; i < WATER_RES; i++) {
            uint32_t a = (uint32_t)(j * NV + i), b = a + 1, c = a + NV, d = c + 1;
            mesh_add_tri(&m, a, c, b);
            mesh_add_tri(&m, b, c, d);
        }
    wr->grid = gfx_mesh_create(&m, "water.grid");
    mesh_data_free(&m);
    wr->nblocks = water_blocks(desc->water);
    wr->tex = calloc((size_t)wr->nblocks + 1, sizeof *wr->tex);
    wr->loaded = calloc((size_t)wr->nblocks + 1, 1);
    wr->level = calloc((size_t)wr->nblocks + 1, sizeof *wr->level);
    wr->scratch = malloc(sizeof(float) * NV * NV * 4);
    if (!wr->tex || !wr->loaded || !wr->level || !wr->scratch) {
        log_error("water: out of memory for %d blocks' textures", wr->nblocks);
        water_renderer_destroy(wr);
        return NULL;
    }
    if (wr->nblocks) glGenTextures(wr->nblocks, wr->tex);
    for (int k = 0; k < wr->nblocks; k++) {
        glBindTexture(GL_TEXTURE_2D, wr->tex[k]);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, NV, NV, 0, GL_RGBA, GL_FLOAT, NULL);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    }
    glGenTextures(1, &wr->view_tex);
    glBindTexture(GL_TEXTURE_2D, wr->view_tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, WATER_RES, WATER_RES, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glBindTexture(GL_TEXTURE_2D, 0);
    if (glGetError() != GL_NO_ERROR) {
        log_error("water: cannot make the water textures");
        water_renderer_destroy(wr);
        return NULL;
    }
    return wr;
}

void water_renderer_destroy(water_renderer *wr)
{
    if (!wr) return;
    if (wr->tex && wr->nblocks) glDeleteTextures(wr->nblocks, wr->tex);
    if (wr->view_tex) glDeleteTextures(1, &wr->view_tex);
    if (wr->grid.vao) gfx_mesh_destroy(&wr->grid);
    if (wr->prog) glDeleteProgram(wr->prog);
    free(wr->tex);
    free(wr->loaded);
    free(wr->level);
    free(wr->scratch);
    free(wr);
}

void water_renderer_update(water_renderer *wr)
{
    for (int k = 0; k < wr->nblocks; k++) {
        int bx, bz;
        water_block_coords(wr->d.water, k, &bx, &bz);
        /* an inactive block is at rest: what was sent last is still true */
        if (wr->loaded[k] && !water_block_active(wr->d.water, bx, bz)) continue;
        water_block_vertices(wr->d.water, bx, bz, wr->scratch);
        double sum = 0.0;
        int wet = 0;
        for (int v = 0; v < NV * NV; v++)
            if (wr->scratch[v * 4 + 1] > 0.0f) {
                sum += wr->scratch[v * 4];
                wet++;
            }
        wr->level[k] = wet ? (float)(sum / wet) : wr->scratch[0];
        glBindTexture(GL_TEXTURE_2D, wr->tex[k]);
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, NV, NV, GL_RGBA, GL_FLOAT, wr->scratch);
        wr->loaded[k] = 1;
    }
    glBindTexture(GL_TEXTURE_2D, 0);
}

void water_renderer_draw(water_renderer *wr, const float viewproj[16], const float eye[3])
{
    mat4 vp;
    memcpy(vp, viewproj, sizeof vp);
    vec4 planes[6];
    glm_frustum_planes(vp, planes);
    gfx_state_set(GFX_DEPTH_LESS | GFX_BLEND_ALPHA);
    glUseProgram(wr->prog);
    glUniform1f(wr->u_cell, WATER_CELL);
    glActiveTexture(GL_TEXTURE0);
    wr->drawn = 0;
    const float dist = wr->d.draw_distance, half = 8.0f;
    for (int k = 0; k < wr->nblocks; k++) {
        int bx, bz;
        water_block_coords(wr->d.water, k, &bx, &bz);
        float c[3] = {(float)bx * 16.0f + half, wr->level[k], (float)bz * 16.0f + half};
        float dx = c[0] - eye[0], dz = c[2] - eye[2];
        if (!wr->loaded[k] || dx * dx + dz * dz > (dist + 12.0f) * (dist + 12.0f)) continue;
        bool visible = true; /* the block's bounding sphere: half its diagonal and a wave's height */
        for (int p = 0; p < 6 && visible; p++)
            visible = planes[p][0] * c[0] + planes[p][1] * c[1] + planes[p][2] * c[2] + planes[p][3] >= -12.5f;
        if (!visible) continue;
        glBindTexture(GL_TEXTURE_2D, wr->tex[k]);
        glUniform2f(wr->u_origin, (float)bx * 16.0f, (float)bz * 16.0f);
        gfx_mesh_draw(&wr->grid);
        wr->drawn++;
    }
    glBindTexture(GL_TEXTURE_2D, 0);
    glUseProgram(0);
}

GLuint water_renderer_view(water_renderer *wr, int bx, int bz)
{
    if (!water_block_vertices(wr->d.water, bx, bz, wr->scratch)) return 0;
    static uint8_t px[WATER_RES * WATER_RES * 4];
    for (int j = 0; j < WATER_RES; j++)
        for (int i = 0; i < WATER_RES; i++) {
            const float *v = &wr->scratch[(j * NV + i) * 4];
            uint8_t *o = &px[(j * WATER_RES + i) * 4];
            o[0] = (uint8_t)fminf(v[1] * 127.5f, 255.0f);                  /* depth: 2 m = white */
            o[1] = (uint8_t)fminf(hypotf(v[2], v[3]) * 127.5f, 255.0f);    /* speed: 2 m/s */
            o[2] = v[1] > 0.0f ? 255 : 0;
            o[3] = 255;
        }
    glBindTexture(GL_TEXTURE_2D, wr->view_tex);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, WATER_RES, WATER_RES, GL_RGBA, GL_UNSIGNED_BYTE, px);
    glBindTexture(GL_TEXTURE_2D, 0);
    return wr->view_tex;
}

int water_renderer_blocks_drawn(const water_renderer *wr) { return wr->drawn; }

size_t water_renderer_gpu_bytes(const water_renderer *wr)
{
    return (size_t)wr->nblocks * NV * NV * 16 + WATER_RES * WATER_RES * 4 + (size_t)wr->grid.vertex_count * 64 +
           (size_t)wr->grid.index_count * 4;
}
