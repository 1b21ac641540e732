#include "gfx/mesh_gl.h"

#include <stddef.h>
#include <string.h>

#include "base/log.h"
#include "gfx/shader.h"

/* Interleaved vertex: 3 + 3 + 2 + 4 + 3 floats = 60 bytes. */
enum { MESH_FLOATS = 15 };

static void mesh__fill(const mesh_data *m, float *v)
{
    for (int i = 0; i < m->vertex_count; i++, v += MESH_FLOATS) {
        memcpy(v + 0, m->pos[i], 12);
        memcpy(v + 3, m->nrm[i], 12);
        memcpy(v + 6, m->uv[i], 8);
        memcpy(v + 8, m->tan[i], 16);
        memcpy(v + 12, m->snrm[i], 12);
    }
}

gfx_mesh gfx_mesh_create(const mesh_data *m, const char *label)
{
    gfx_mesh gm = {0};
    if (m->failed) {
        log_error("mesh %s: incomplete (out of memory while built): not uploaded", label ? label : "?");
        return gm;
    }
    size_t bytes = (size_t)m->vertex_count * MESH_FLOATS * sizeof(float);
    float *v = malloc(bytes ? bytes : 1);
    if (!v) {
        log_error("mesh %s: out of memory for %d vertices: not uploaded", label ? label : "?", m->vertex_count);
        return gm;
    }
    gm.index_count = m->index_count;
    gm.vertex_count = m->vertex_count;
    mesh__fill(m, v);
    glGenVertexArrays(1, &gm.vao);
    glBindVertexArray(gm.vao);
    glGenBuffers(1, &gm.vbo);
    glBindBuffer(GL_ARRAY_BUFFER, gm.vbo);
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)bytes, v, GL_STATIC_DRAW);
    free(v);
    static const struct { int size, offset; } attr[5] = {{3, 0}, {3, 3}, {2, 6}, {4, 8}, {3, 12}};
    for (GLuint a = 0; a < 5; a++) {
        glEnableVertexAttribArray(a);
        glVertexAttribPointer(a, attr[a].size, GL_FLOAT, GL_FALSE, MESH_FLOATS * sizeof(float),
                              (const void *)(size_t)(attr[a].offset * sizeof(float)));
    }
    glGenBuffers(1, &gm.ibo);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, gm.ibo);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, (GLsizeiptr)((size_t)m->index_count * 4), m->idx, GL_STATIC_DRAW);
    glBindVertexArray(0);
    /* a mesh without bones leaves their attribute disabled: its constant must be an integer, as
     * the skinning stage declares it (uvec4), or WebGL2 refuses the draw */
    glVertexAttribI4ui(GFX_ATTRIB_BONES, 0, 0, 0, 0);
    gfx_label(GL_VERTEX_ARRAY, gm.vao, label);
    gfx_label(GL_BUFFER, gm.vbo, label);
    return gm;
}

void gfx_mesh_update(gfx_mesh *gm, const mesh_data *m)
{
    size_t bytes = (size_t)m->vertex_count * MESH_FLOATS * sizeof(float);
    float *v = malloc(bytes ? bytes : 1);
    if (!v) {
        log_error("mesh update: out of memory for %d vertices: the previous shape stays", m->vertex_count);
        return;
    }
    mesh__fill(m, v);
    glBindBuffer(GL_ARRAY_BUFFER, gm->vbo);
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)bytes, NULL, GL_DYNAMIC_DRAW); /* orphan: no stall on the old data */
    glBufferSubData(GL_ARRAY_BUFFER, 0, (GLsizeiptr)bytes, v);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    free(v);
}

bool gfx_mesh_set_skin(gfx_mesh *gm, const uint8_t (*bone)[4], const float (*weight)[4])
{
    if (!gm->vao) return false;
    /* 4 bone bytes then 4 weight floats: 20 bytes per vertex */
    size_t stride = 4 + 16, bytes = (size_t)gm->vertex_count * stride;
    unsigned char *v = malloc(bytes ? bytes : 1);
    if (!v) return false;
    for (int i = 0; i < gm->vertex_count; i++) {
        memcpy(v + (size_t)i * stride, bone[i], 4);
        memcpy(v + (size_t)i * stride + 4, weight[i], 16);
    }
    glBindVertexArray(gm->vao);
    if (!gm->skin_vbo) glGenBuffers(1, &gm->skin_vbo);
    glBindBuffer(GL_ARRAY_BUFFER, gm->skin_vbo);
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)bytes, v, GL_STATIC_DRAW);
    free(v);
    glEnableVertexAttribArray(GFX_ATTRIB_BONES);
    glVertexAttribIPointer(GFX_ATTRIB_BONES, 4, GL_UNSIGNED_BYTE, (GLsizei)stride, (const void *)0);
    glEnableVertexAttribArray(GFX_ATTRIB_WEIGHTS);
    glVertexAttribPointer(GFX_ATTRIB_WEIGHTS, 4, GL_FLOAT, GL_FALSE, (GLsizei)stride, (const void *)4);
    glBindVertexArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    return true;
}

void gfx_mesh_draw(const gfx_mesh *gm) { gfx_mesh_draw_range(gm, 0, gm->index_count); }

void gfx_mesh_draw_range(const gfx_mesh *gm, int first, int count)
{
    if (!gm->vao || count <= 0) return;
    glBindVertexArray(gm->vao);
    glDrawElements(GL_TRIANGLES, count, GL_UNSIGNED_INT, (const void *)((size_t)first * 4));
    glBindVertexArray(0);
}

void gfx_mesh_destroy(gfx_mesh *gm)
{
    if (!gm) return;
    if (gm->ibo) glDeleteBuffers(1, &gm->ibo);
    if (gm->vbo) glDeleteBuffers(1, &gm->vbo);
    if (gm->skin_vbo) glDeleteBuffers(1, &gm->skin_vbo);
    if (gm->vao) glDeleteVertexArrays(1, &gm->vao);
    memset(gm, 0, sizeof *gm);
}

static GLuint fullscreen_vao;

void gfx_fullscreen_draw(void)
{
    if (!fullscreen_vao) glGenVertexArrays(1, &fullscreen_vao); /* core profile needs a VAO bound */
    glBindVertexArray(fullscreen_vao);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindVertexArray(0);
}

void gfx_fullscreen_shutdown(void)
{
    if (fullscreen_vao) glDeleteVertexArrays(1, &fullscreen_vao);
    fullscreen_vao = 0;
}
