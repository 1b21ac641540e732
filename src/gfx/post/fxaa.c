#include "gfx/post/fxaa.h"

#include <assert.h>
#include <stdlib.h>

#include "base/alloc.h"
#include "base/log.h"
#include "gfx/mesh_gl.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/timer.h"

struct gfx_fxaa {
    GLuint prog;
};

gfx_fxaa *gfx_fxaa_create(void)
{
    gfx_fxaa *f = ALLOC_STRUCT(gfx_fxaa);
    if (!f) return NULL;
    f->prog = gfx_program_load("gfx_fullscreen.vert", "post_fxaa.frag", NULL);
    if (!f->prog) {
        log_error("fxaa: cannot create its program (see above)");
        gfx_fxaa_destroy(f);
        return NULL;
    }
    glUseProgram(f->prog);
    glUniform1i(gfx_uniform(f->prog, "u_src"), 0);
    glUseProgram(0);
    return f;
}

void gfx_fxaa_destroy(gfx_fxaa *f)
{
    if (!f) return;
    if (f->prog) glDeleteProgram(f->prog);
    free(f);
}

void gfx_fxaa_run(gfx_fxaa *f, GLuint src, const gfx_target *dst)
{
    assert(dst->depth); /* the candidates' mark */
    gfx_pass_begin("post.fxaa");
    gfx_target_bind(dst);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, src);
    /* the triangle lies at depth 0.5: only pixels marked 1 are shaded */
    gfx_state_set(GFX_DEPTH_LESS);
    glUseProgram(f->prog);
    gfx_fullscreen_draw();
    glUseProgram(0);
    gfx_pass_end();
}
