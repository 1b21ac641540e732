#include "gfx/post/fxaa.h"

#include <stdlib.h>

#include "core/base/alloc.h"
#include "core/base/log.h"
#include "gfx/mesh_gl.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/timer.h"

/* Programs indexed by (fxaa ? 1 : 0) | (sharpen ? 2 : 0) (0 is the plain copy), then the split
 * pair for targets with depth: mark (copy / sharpen) and edges only. */
enum { FXAA_MARK = 4, FXAA_MARK_SHARPEN = 5, FXAA_EDGES = 6, FXAA_PROGRAMS = 7 };

struct gfx_fxaa {
    GLuint prog[FXAA_PROGRAMS];
    GLint u_sharpen[FXAA_PROGRAMS];
};

gfx_fxaa *gfx_fxaa_create(void)
{
    gfx_fxaa *f = ALLOC_STRUCT(gfx_fxaa);
    if (!f) return NULL;
    static const char *const defines[FXAA_PROGRAMS] = {
        "", "#define POST_FXAA 1\n", "#define POST_SHARPEN 1\n", "#define POST_FXAA 1\n#define POST_SHARPEN 1\n",
        "#define POST_MARK 1\n", "#define POST_MARK 1\n#define POST_SHARPEN 1\n",
        "#define POST_FXAA 1\n#define POST_EDGE_ONLY 1\n"};
    for (int i = 0; i < FXAA_PROGRAMS; i++) {
        f->prog[i] = gfx_program_load("fullscreen.vert", "post_fxaa.frag", defines[i]);
        if (!f->prog[i]) {
            log_error("fxaa: cannot create its programs (see above)");
            gfx_fxaa_destroy(f);
            return NULL;
        }
        f->u_sharpen[i] = gfx_uniform(f->prog[i], "u_sharpen");
        glUseProgram(f->prog[i]);
        glUniform1i(gfx_uniform(f->prog[i], "u_src"), 0);
    }
    glUseProgram(0);
    return f;
}

void gfx_fxaa_destroy(gfx_fxaa *f)
{
    if (!f) return;
    for (int i = 0; i < FXAA_PROGRAMS; i++)
        if (f->prog[i]) glDeleteProgram(f->prog[i]);
    free(f);
}

void gfx_fxaa_run(gfx_fxaa *f, GLuint src, bool fxaa, bool sharpen, const gfx_target *dst)
{
    gfx_pass_begin("post.fxaa");
    gfx_target_bind(dst);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, src);
    if (fxaa && dst->depth) {
        /* mark: non-edge pixels written (depth 0), edges left at the cleared 1 */
        gfx_state_clear(GL_DEPTH_BUFFER_BIT);
        gfx_state_set(GFX_DEPTH_LESS | GFX_DEPTH_WRITE);
        int k = sharpen ? FXAA_MARK_SHARPEN : FXAA_MARK;
        glUseProgram(f->prog[k]);
        glUniform1f(f->u_sharpen[k], 0.5f);
        gfx_fullscreen_draw();
        /* edges: the triangle lies at depth 0.5, so only pixels still at 1 are shaded */
        gfx_state_set(GFX_DEPTH_LESS);
        glUseProgram(f->prog[FXAA_EDGES]);
        gfx_fullscreen_draw();
    } else {
        gfx_state_set(GFX_STATE_FULLSCREEN);
        int k = (fxaa ? 1 : 0) | (sharpen ? 2 : 0);
        glUseProgram(f->prog[k]);
        glUniform1f(f->u_sharpen[k], 0.5f);
        gfx_fullscreen_draw();
    }
    glUseProgram(0);
    gfx_pass_end();
}
