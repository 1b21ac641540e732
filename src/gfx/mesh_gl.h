/* mesh_gl.h — a core mesh_data on the GPU: one VAO with fixed attribute locations
 * (0 a_pos, 1 a_nrm, 2 a_uv, 3 a_tan, 4 a_snrm — see gfx/shader.h) and a uint32 index buffer;
 * optionally skin attributes (5 a_bones uvec4, 6 a_weights vec4) for linear-blend skinning
 * (shaders/gfx_skin.glsl).
 *
 *   gfx_mesh gm = gfx_mesh_create(&mesh, "robot_armor");   vao 0 (logged, draws nothing) when
 *                                             mesh.failed or out of memory
 *   gfx_mesh_draw(&gm);                       glDrawElements of every triangle
 *   gfx_mesh_draw_range(&gm, first, count);   a sub-range of indices (one part of a merged mesh)
 *   gfx_mesh_set_skin(&gm, bones, weights);   four bone indices and weights per vertex
 *   gfx_mesh_destroy(&gm);
 *
 *   gfx_fullscreen_draw();   one triangle covering the viewport; the vertex shader
 *                            shaders/gfx_fullscreen.vert derives positions from gl_VertexID.
 */
#ifndef IMPRINT_GFX_MESH_GL_H
#define IMPRINT_GFX_MESH_GL_H

#include "base/mesh.h"
#include "gfx/gl.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { GFX_ATTRIB_BONES = 5, GFX_ATTRIB_WEIGHTS = 6 };

typedef struct gfx_mesh {
    GLuint vao, vbo, ibo, skin_vbo;
    int index_count, vertex_count;
} gfx_mesh;

gfx_mesh gfx_mesh_create(const mesh_data *m, const char *label);
/* Re-uploads positions/normals (same vertex count), e.g. after blendshapes moved them on the CPU. */
void gfx_mesh_update(gfx_mesh *gm, const mesh_data *m);
/* Adds (or replaces) the skin attributes, vertex_count entries each; false without a VAO or out of
 * memory (the mesh still draws; a shader with u_skin_on = 0 ignores the attributes). */
bool gfx_mesh_set_skin(gfx_mesh *gm, const uint8_t (*bone)[4], const float (*weight)[4]);
void gfx_mesh_draw(const gfx_mesh *gm);
void gfx_mesh_draw_range(const gfx_mesh *gm, int first_index, int index_count);
void gfx_mesh_destroy(gfx_mesh *gm);

void gfx_fullscreen_draw(void);
/* Releases the shared empty VAO (at shutdown). */
void gfx_fullscreen_shutdown(void);

#ifdef __cplusplus
}
#endif

#endif
