#include "gfx/post/ssao.h"

#include <stdlib.h>

#include "base/alloc.h"
#include "base/log.h"
#include "gfx/mesh_gl.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/target.h"
#include "gfx/timer.h"

struct gfx_ssao {
    int width, height;
    float radius, strength;
    gfx_target raw, blurred;
    GLuint prog_sky, prog_ao, prog_blur;
    GLint ao_proj, ao_params, blur_proj;
};

static bool ssao__targets(gfx_ssao *s)
{
    gfx_target_destroy(&s->raw);
    gfx_target_destroy(&s->blurred);
    int w = (s->width + 1) / 2, h = (s->height + 1) / 2;
    /* the raw result is at quarter size and filtered: the blur's taps each average 2x2 of it */
    return gfx_target_create(&s->raw, &(gfx_target_desc){.width = (s->width + 3) / 4, .height = (s->height + 3) / 4,
                                                          .color = {GL_RG16F}, .depth = GL_DEPTH_COMPONENT24,
                                                          .label = "post.ssao.raw"}) &&
           gfx_target_create(&s->blurred, &(gfx_target_desc){.width = w, .height = h, .color = {GL_RG16F},
                                                              .label = "post.ssao"});
}

gfx_ssao *gfx_ssao_create(const gfx_ssao_desc *d)
{
    gfx_ssao *s = ALLOC_STRUCT(gfx_ssao);
    if (!s) return NULL;
    s->width = d->width > 0 ? d->width : 1280;
    s->height = d->height > 0 ? d->height : 720;
    s->radius = d->radius > 0 ? d->radius : 0.6f;
    s->strength = d->strength > 0 ? d->strength : 1.2f;
    s->prog_sky = gfx_program_load("gfx_fullscreen.vert", "post_ssao_sky.frag", NULL);
    s->prog_ao = gfx_program_load("gfx_fullscreen.vert", "post_ssao.frag", NULL);
    s->prog_blur = gfx_program_load("gfx_fullscreen.vert", "post_ssao_blur.frag", NULL);
    if (!s->prog_sky || !s->prog_ao || !s->prog_blur || !ssao__targets(s)) {
        log_error("ssao: cannot create its targets or programs (see above)");
        gfx_ssao_destroy(s);
        return NULL;
    }
    s->ao_proj = gfx_uniform(s->prog_ao, "u_proj");
    s->ao_params = gfx_uniform(s->prog_ao, "u_params");
    s->blur_proj = gfx_uniform(s->prog_blur, "u_proj");
    glUseProgram(s->prog_sky);
    glUniform1i(gfx_uniform(s->prog_sky, "u_depth"), 0);
    glUseProgram(s->prog_ao);
    glUniform1i(gfx_uniform(s->prog_ao, "u_depth"), 0);
    glUseProgram(s->prog_blur);
    glUniform1i(gfx_uniform(s->prog_blur, "u_raw"), 0);
    glUniform1i(gfx_uniform(s->prog_blur, "u_depth"), 1);
    glUseProgram(0);
    return s;
}

void gfx_ssao_destroy(gfx_ssao *s)
{
    if (!s) return;
    gfx_target_destroy(&s->raw);
    gfx_target_destroy(&s->blurred);
    if (s->prog_sky) glDeleteProgram(s->prog_sky);
    if (s->prog_ao) glDeleteProgram(s->prog_ao);
    if (s->prog_blur) glDeleteProgram(s->prog_blur);
    free(s);
}

bool gfx_ssao_resize(gfx_ssao *s, int w, int h)
{
    if (w == s->width && h == s->height) return true;
    s->width = w;
    s->height = h;
    return ssao__targets(s);
}

GLuint gfx_ssao_run(gfx_ssao *s, GLuint depth, const float proj[16])
{
    gfx_pass_begin("post.ssao");
    gfx_target_bind(&s->raw);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, depth);
    /* sky first (depth 0 there), then occlusion depth-tested at 0.5: only geometry is shaded */
    gfx_state_clear(GL_DEPTH_BUFFER_BIT);
    gfx_state_set(GFX_DEPTH_LESS | GFX_DEPTH_WRITE);
    glUseProgram(s->prog_sky);
    gfx_fullscreen_draw();
    gfx_state_set(GFX_DEPTH_LESS);
    glUseProgram(s->prog_ao);
    /* a perspective matrix needs four numbers to go between depth and view space */
    glUniform4f(s->ao_proj, proj[0], proj[5], proj[10], proj[14]);
    glUniform4f(s->ao_params, s->radius, s->strength, (float)s->width, (float)s->height);
    gfx_fullscreen_draw();
    gfx_state_set(GFX_STATE_FULLSCREEN);
    /* the 4x4 blur and the depth-aware step up to half size in one pass of four bilinear taps */
    glUseProgram(s->prog_blur);
    glUniform2f(s->blur_proj, proj[10], proj[14]);
    gfx_target_bind(&s->blurred);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, depth);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, s->raw.color[0]);
    gfx_fullscreen_draw();
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, 0);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, 0);
    glUseProgram(0);
    gfx_pass_end();
    return s->blurred.color[0];
}
