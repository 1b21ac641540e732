#include "gfx/post/grade.h"

#include <stdlib.h>

#include "core/base/alloc.h"
#include "core/base/log.h"
#include "gfx/mesh_gl.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/timer.h"

struct gfx_grade {
    gfx_grade_look look;
    float bloom_strength;
    GLuint prog;
    GLint u_use_gamma, u_flags, u_exposure, u_bloom_strength, u_lift, u_gamma, u_gain, u_saturation;
};

gfx_grade_look gfx_grade_identity(void)
{
    return (gfx_grade_look){.lift = {0, 0, 0}, .gamma = {1, 1, 1}, .gain = {1, 1, 1}, .saturation = 1};
}

/* A late-afternoon look: shadows lifted towards blue, highlights a touch warm, colour a little
 * richer; small enough that every technique's colours still read as they were designed. */
static const gfx_grade_look grade_default = {
    .lift = {0.004f, 0.008f, 0.018f}, .gamma = {1.0f, 1.0f, 1.0f}, .gain = {1.03f, 1.0f, 0.96f}, .saturation = 1.12f};

gfx_grade *gfx_grade_create(const gfx_grade_desc *d)
{
    gfx_grade *g = ALLOC_STRUCT(gfx_grade);
    if (!g) return NULL;
    g->look = d->look ? *d->look : grade_default;
    g->bloom_strength = d->bloom_strength > 0 ? d->bloom_strength : 0.06f;
    g->prog = gfx_program_load("fullscreen.vert", "post_grade.frag", NULL);
    if (!g->prog) {
        log_error("grade: cannot create its program (see above)");
        gfx_grade_destroy(g);
        return NULL;
    }
    g->u_flags = gfx_uniform(g->prog, "u_flags");
    g->u_exposure = gfx_uniform(g->prog, "u_exposure");
    g->u_bloom_strength = gfx_uniform(g->prog, "u_bloom_strength");
    g->u_lift = gfx_uniform(g->prog, "u_lift");
    g->u_gamma = gfx_uniform(g->prog, "u_gamma");
    g->u_use_gamma = gfx_uniform(g->prog, "u_use_gamma");
    g->u_gain = gfx_uniform(g->prog, "u_gain");
    g->u_saturation = gfx_uniform(g->prog, "u_saturation");
    glUseProgram(g->prog);
    static const char *const samplers[] = {"u_hdr", "u_ao", "u_bloom", "u_dof_tex", "u_exposure_tex"};
    for (int i = 0; i < 5; i++) glUniform1i(gfx_uniform(g->prog, samplers[i]), i);
    glUseProgram(0);
    return g;
}

void gfx_grade_destroy(gfx_grade *g)
{
    if (!g) return;
    if (g->prog) glDeleteProgram(g->prog);
    free(g);
}

void gfx_grade_set_look(gfx_grade *g, const gfx_grade_look *look) { g->look = *look; }

static bool grade__identity(const gfx_grade_look *l)
{
    for (int i = 0; i < 3; i++)
        if (l->lift[i] != 0 || l->gamma[i] != 1 || l->gain[i] != 1) return false;
    return l->saturation == 1;
}

void gfx_grade_run(gfx_grade *g, const gfx_grade_inputs *in, const gfx_target *dst)
{
    gfx_pass_begin("post.grade");
    gfx_target_bind(dst);
    gfx_state_set(GFX_STATE_FULLSCREEN);
    glUseProgram(g->prog);
    /* flags: ao, bloom, dof, auto exposure, grade, luma in alpha */
    glUniform1i(g->u_flags, (in->ao ? 1 : 0) | (in->bloom ? 2 : 0) | (in->dof ? 4 : 0) |
                                (in->exposure ? 8 : 0) | (in->grade && !grade__identity(&g->look) ? 16 : 0) |
                                (in->luma_alpha ? 32 : 0));
    glUniform1f(g->u_exposure, in->exposure_fixed > 0 ? in->exposure_fixed : 1.0f);
    glUniform1f(g->u_bloom_strength, g->bloom_strength);
    glUniform3fv(g->u_lift, 1, g->look.lift);
    glUniform3fv(g->u_gamma, 1, g->look.gamma);
    glUniform1i(g->u_use_gamma, g->look.gamma[0] != 1 || g->look.gamma[1] != 1 || g->look.gamma[2] != 1);
    glUniform3fv(g->u_gain, 1, g->look.gain);
    glUniform1f(g->u_saturation, g->look.saturation);
    const GLuint tex[5] = {in->hdr, in->ao, in->bloom, in->dof, in->exposure};
    for (int i = 4; i >= 0; i--) {
        glActiveTexture(GL_TEXTURE0 + i);
        glBindTexture(GL_TEXTURE_2D, tex[i]);
    }
    gfx_fullscreen_draw();
    for (int i = 4; i >= 1; i--) {
        glActiveTexture(GL_TEXTURE0 + i);
        glBindTexture(GL_TEXTURE_2D, 0);
    }
    glActiveTexture(GL_TEXTURE0);
    glUseProgram(0);
    gfx_pass_end();
}
