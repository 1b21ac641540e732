#include "gfx/post/exposure.h"

#include <stdbool.h>
#include <math.h>
#include <stdlib.h>

#include "base/alloc.h"
#include "base/log.h"
#include "gfx/mesh_gl.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/target.h"
#include "gfx/timer.h"

struct gfx_exposure {
    gfx_exposure_desc d;
    gfx_target cells;
    gfx_pingpong adapted;
    GLuint prog_cells, prog_adapt;
    GLint adapt_params, adapt_reset, adapt_guard, adapt_meter;
    int meter[4]; /* the cells metered: x0 y0 x1 y1, inclusive, y up as the cells are */
    bool reset;
};

gfx_exposure *gfx_exposure_create(const gfx_exposure_desc *d)
{
    gfx_exposure *e = ALLOC_STRUCT(gfx_exposure);
    if (!e) return NULL;
    e->d.key = d->key > 0 ? d->key : 0.8f * 0.2f;
    e->d.guard = d->guard > 0 ? d->guard : 2.5f;
    e->d.speed = d->speed > 0 ? d->speed : 1.5f;
    e->d.min = d->min > 0 ? d->min : 0.3f;
    e->d.max = d->max > 0 ? d->max : 2.4f;
    e->reset = true;
    gfx_exposure_meter(e, NULL);
    bool ok = gfx_target_create(&e->cells, &(gfx_target_desc){.width = 16, .height = 16, .color = {GL_R32F},
                                                               .nearest = true, .label = "post.exposure.cells"});
    ok = ok && gfx_pingpong_create(&e->adapted, &(gfx_target_desc){.width = 1, .height = 1, .color = {GL_R32F},
                                                                    .nearest = true, .label = "post.exposure"});
    e->prog_cells = gfx_program_load("gfx_fullscreen.vert", "post_exposure_cells.frag", NULL);
    e->prog_adapt = gfx_program_load("gfx_fullscreen.vert", "post_exposure_adapt.frag", NULL);
    if (!ok || !e->prog_cells || !e->prog_adapt) {
        log_error("exposure: cannot create its targets or programs (see above)");
        gfx_exposure_destroy(e);
        return NULL;
    }
    e->adapt_params = gfx_uniform(e->prog_adapt, "u_params");
    e->adapt_reset = gfx_uniform(e->prog_adapt, "u_reset");
    e->adapt_guard = gfx_uniform(e->prog_adapt, "u_guard");
    e->adapt_meter = gfx_uniform(e->prog_adapt, "u_meter");
    glUseProgram(e->prog_cells);
    glUniform1i(gfx_uniform(e->prog_cells, "u_hdr"), 0);
    glUseProgram(e->prog_adapt);
    glUniform1i(gfx_uniform(e->prog_adapt, "u_cells"), 0);
    glUniform1i(gfx_uniform(e->prog_adapt, "u_prev"), 1);
    glUseProgram(0);
    return e;
}

void gfx_exposure_destroy(gfx_exposure *e)
{
    if (!e) return;
    gfx_target_destroy(&e->cells);
    gfx_pingpong_destroy(&e->adapted);
    if (e->prog_cells) glDeleteProgram(e->prog_cells);
    if (e->prog_adapt) glDeleteProgram(e->prog_adapt);
    free(e);
}

void gfx_exposure_reset(gfx_exposure *e) { e->reset = true; }

void gfx_exposure_meter(gfx_exposure *e, const float *rect)
{
    const float whole[4] = {0.0f, 0.0f, 1.0f, 1.0f}, *r = rect ? rect : whole;
    int x0 = (int)floorf(r[0] * 16.0f), x1 = (int)ceilf(r[2] * 16.0f) - 1;
    int y0 = 16 - (int)ceilf(r[3] * 16.0f), y1 = 15 - (int)floorf(r[1] * 16.0f); /* cells run bottom-up */
    e->meter[0] = x0 < 0 ? 0 : x0 > 15 ? 15 : x0;
    e->meter[1] = y0 < 0 ? 0 : y0 > 15 ? 15 : y0;
    e->meter[2] = x1 < e->meter[0] ? e->meter[0] : x1 > 15 ? 15 : x1;
    e->meter[3] = y1 < e->meter[1] ? e->meter[1] : y1 > 15 ? 15 : y1;
}

GLuint gfx_exposure_run(gfx_exposure *e, GLuint hdr, float dt, float ev)
{
    /* no time has passed (the same step drawn again): the exposure stays, bit for bit (the log2/exp2
     * round trip of a zero blend is not exact) */
    if (dt <= 0 && !e->reset) return gfx_pingpong_read(&e->adapted);
    gfx_pass_begin("post.exposure");
    gfx_state_set(GFX_STATE_FULLSCREEN);
    gfx_target_bind(&e->cells);
    glUseProgram(e->prog_cells);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, hdr);
    gfx_fullscreen_draw();

    gfx_target_bind(gfx_pingpong_write(&e->adapted));
    glUseProgram(e->prog_adapt);
    glUniform4f(e->adapt_params, e->d.key * exp2f(ev), 1.0f - expf(-(dt > 0 ? dt : 0) * e->d.speed), e->d.min, e->d.max);
    glUniform1i(e->adapt_reset, e->reset);
    glUniform1f(e->adapt_guard, e->d.guard);
    glUniform4i(e->adapt_meter, e->meter[0], e->meter[1], e->meter[2], e->meter[3]);
    glBindTexture(GL_TEXTURE_2D, e->cells.color[0]);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, gfx_pingpong_read(&e->adapted));
    gfx_fullscreen_draw();
    glBindTexture(GL_TEXTURE_2D, 0);
    glActiveTexture(GL_TEXTURE0);
    gfx_pingpong_swap(&e->adapted);
    e->reset = false;
    glUseProgram(0);
    gfx_pass_end();
    return gfx_pingpong_read(&e->adapted);
}
