#include "gfx/post/fxaa.h"

#include <stdlib.h>

#include "core/base/alloc.h"
#include "core/base/log.h"
#include "gfx/mesh_gl.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/timer.h"

/* Programs indexed by (fxaa ? 1 : 0) | (sharpen ? 2 : 0); 0 is the plain copy. */
struct gfx_fxaa {
    GLuint prog[4];
    GLint u_sharpen[4];
};

gfx_fxaa *gfx_fxaa_create(void)
{
    gfx_fxaa *f = ALLOC_STRUCT(gfx_fxaa);
    if (!f) return NULL;
    static const char *const defines[4] = {"", "#define POST_FXAA 1\n", "#define POST_SHARPEN 1\n",
                                           "#define POST_FXAA 1\n#define POST_SHARPEN 1\n"};
    for (int i = 0; i < 4; i++) {
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
    for (int i = 0; i < 4; i++)
        if (f->prog[i]) glDeleteProgram(f->prog[i]);
    free(f);
}

void gfx_fxaa_run(gfx_fxaa *f, GLuint src, bool fxaa, bool sharpen, const gfx_target *dst)
{
    gfx_pass_begin("post.fxaa");
    gfx_target_bind(dst);
    gfx_state_set(GFX_STATE_FULLSCREEN);
    int k = (fxaa ? 1 : 0) | (sharpen ? 2 : 0);
    glUseProgram(f->prog[k]);
    glUniform1f(f->u_sharpen[k], 0.5f);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, src);
    gfx_fullscreen_draw();
    glUseProgram(0);
    gfx_pass_end();
}
