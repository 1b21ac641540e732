#include "gfx/post/dof.h"

#include <stdlib.h>

#include "base/alloc.h"
#include "base/log.h"
#include "gfx/mesh_gl.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/target.h"
#include "gfx/timer.h"

/* the gather's programs: what it composites besides the blur (compiled in, not switched):
 * bit 0 occlusion, bit 1 bloom */
enum { DOF_BLUR_AO = 1, DOF_BLUR_BLOOM = 2, DOF_BLUR_VARIANTS = 4 };

struct gfx_dof {
    int width, height;
    float max_coc_720;
    gfx_target coc, blur;
    GLuint prog_coc, prog_blur[DOF_BLUR_VARIANTS];
    GLint coc_params, coc_use_ao, blur_max[DOF_BLUR_VARIANTS], blur_strength[DOF_BLUR_VARIANTS],
        blur_keep[DOF_BLUR_VARIANTS];
};

static bool dof__targets(gfx_dof *d)
{
    gfx_target_destroy(&d->coc);
    gfx_target_destroy(&d->blur);
    int w = (d->width + 1) / 2, h = (d->height + 1) / 2;
    return gfx_target_create(&d->coc, &(gfx_target_desc){.width = w, .height = h, .color = {GL_RGBA16F},
                                                          .label = "post.dof.coc"}) &&
           gfx_target_create(&d->blur, &(gfx_target_desc){.width = w, .height = h, .color = {GL_RGBA16F},
                                                           .label = "post.dof"});
}

gfx_dof *gfx_dof_create(const gfx_dof_desc *desc)
{
    gfx_dof *d = ALLOC_STRUCT(gfx_dof);
    if (!d) return NULL;
    d->width = desc->width > 0 ? desc->width : 1280;
    d->height = desc->height > 0 ? desc->height : 720;
    d->max_coc_720 = desc->max_coc_720 > 0 ? desc->max_coc_720 : 4.0f;
    d->prog_coc = gfx_program_load("gfx_fullscreen.vert", "post_dof_coc.frag", NULL);
    static const char *const defines[DOF_BLUR_VARIANTS] = {"", "#define POST_AO 1\n", "#define POST_BLOOM 1\n",
                                                           "#define POST_AO 1\n#define POST_BLOOM 1\n"};
    bool ok = d->prog_coc != 0;
    for (int i = 0; i < DOF_BLUR_VARIANTS; i++) {
        d->prog_blur[i] = gfx_program_load("gfx_fullscreen.vert", "post_dof_blur.frag", defines[i]);
        ok = ok && d->prog_blur[i];
    }
    if (!ok || !dof__targets(d)) {
        log_error("dof: cannot create its targets or programs (see above)");
        gfx_dof_destroy(d);
        return NULL;
    }
    d->coc_params = gfx_uniform(d->prog_coc, "u_dof");
    d->coc_use_ao = gfx_uniform(d->prog_coc, "u_use_ao");
    glUseProgram(d->prog_coc);
    glUniform1i(gfx_uniform(d->prog_coc, "u_hdr"), 0);
    glUniform1i(gfx_uniform(d->prog_coc, "u_depth"), 1);
    glUniform1i(gfx_uniform(d->prog_coc, "u_ao"), 2);
    for (int i = 0; i < DOF_BLUR_VARIANTS; i++) {
        GLuint prog = d->prog_blur[i];
        d->blur_max[i] = gfx_uniform(prog, "u_max");
        d->blur_strength[i] = gfx_uniform(prog, "u_bloom_strength");
        d->blur_keep[i] = gfx_uniform(prog, "u_keep");
        glUseProgram(prog);
        glUniform1i(gfx_uniform(prog, "u_coc"), 0);
        glUniform1i(gfx_uniform(prog, "u_bloom"), 1);
        glUniform1i(gfx_uniform(prog, "u_ao"), 2);
    }
    glUseProgram(0);
    return d;
}

void gfx_dof_destroy(gfx_dof *d)
{
    if (!d) return;
    gfx_target_destroy(&d->coc);
    gfx_target_destroy(&d->blur);
    if (d->prog_coc) glDeleteProgram(d->prog_coc);
    for (int i = 0; i < DOF_BLUR_VARIANTS; i++)
        if (d->prog_blur[i]) glDeleteProgram(d->prog_blur[i]);
    free(d);
}

bool gfx_dof_resize(gfx_dof *d, int w, int h)
{
    if (w == d->width && h == d->height) return true;
    d->width = w;
    d->height = h;
    return dof__targets(d);
}

void gfx_dof_params(const gfx_dof *d, const float proj[16], float focus_m, float out[4])
{
    out[0] = proj[10]; /* [2][2] */
    out[1] = proj[14]; /* [3][2] */
    out[2] = focus_m > 0.05f ? focus_m : 0.05f;
    out[3] = d->max_coc_720 * (float)d->height / 720.0f;
}

GLuint gfx_dof_coc(const gfx_dof *d) { return d->coc.color[0]; }

GLuint gfx_dof_half(gfx_dof *d, GLuint hdr, GLuint depth, GLuint ao, const float params[4])
{
    gfx_pass_begin("post.dof");
    gfx_state_set(GFX_STATE_FULLSCREEN);
    gfx_target_bind(&d->coc);
    glUseProgram(d->prog_coc);
    glUniform4fv(d->coc_params, 1, params);
    glUniform1i(d->coc_use_ao, ao != 0);
    const GLuint tex[3] = {hdr, depth, ao};
    for (int i = 2; i >= 0; i--) {
        glActiveTexture(GL_TEXTURE0 + i);
        glBindTexture(GL_TEXTURE_2D, tex[i]);
    }
    gfx_fullscreen_draw();
    for (int i = 2; i >= 1; i--) {
        glActiveTexture(GL_TEXTURE0 + i);
        glBindTexture(GL_TEXTURE_2D, 0);
    }
    glActiveTexture(GL_TEXTURE0);
    glUseProgram(0);
    gfx_pass_end();
    return d->coc.color[0];
}

GLuint gfx_dof_run(gfx_dof *d, const gfx_dof_composite *c, const float params[4])
{
    gfx_pass_begin("post.dof");
    gfx_state_set(GFX_STATE_FULLSCREEN);
    gfx_target_bind(&d->blur);
    int v = (c->bloom ? DOF_BLUR_BLOOM : 0) | (c->ao ? DOF_BLUR_AO : 0);
    glUseProgram(d->prog_blur[v]);
    glUniform1f(d->blur_max[v], params[3]);
    glUniform1f(d->blur_strength[v], c->bloom_strength);
    glUniform1f(d->blur_keep[v], c->bloom_keep);
    const GLuint tex[3] = {d->coc.color[0], c->bloom, c->ao};
    for (int i = 2; i >= 0; i--) {
        glActiveTexture(GL_TEXTURE0 + i);
        glBindTexture(GL_TEXTURE_2D, tex[i]);
    }
    gfx_fullscreen_draw();
    for (int i = 2; i >= 1; i--) {
        glActiveTexture(GL_TEXTURE0 + i);
        glBindTexture(GL_TEXTURE_2D, 0);
    }
    glActiveTexture(GL_TEXTURE0);
    glUseProgram(0);
    gfx_pass_end();
    return d->blur.color[0];
}
