#include "gfx/post/bloom.h"

#include <stdlib.h>

#include "base/alloc.h"
#include "base/log.h"
#include "gfx/mesh_gl.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/target.h"
#include "gfx/timer.h"

#define BLOOM_MAX_LEVELS 8

struct gfx_bloom {
    int width, height, levels, max_levels;
    float keep;
    gfx_target down[BLOOM_MAX_LEVELS], up[BLOOM_MAX_LEVELS];
    GLuint prog_down, prog_up, prog_last;
    GLint down_texel, down_use_ao, up_texel, up_keep, last_keep, last_use_ao;
};

static void bloom__free_targets(gfx_bloom *b)
{
    for (int i = 0; i < BLOOM_MAX_LEVELS; i++) {
        gfx_target_destroy(&b->down[i]);
        gfx_target_destroy(&b->up[i]);
    }
}

static bool bloom__targets(gfx_bloom *b, int levels)
{
    bloom__free_targets(b);
    int w = (b->width + 1) / 2, h = (b->height + 1) / 2;
    b->levels = 0;
    for (int i = 0; i < levels && (i == 0 || (w >= 4 && h >= 4)); i++) {
        gfx_target_desc d = {.width = w, .height = h, .color = {GL_RGBA16F}, .label = "post.bloom.down"};
        if (!gfx_target_create(&b->down[i], &d)) return false;
        /* the smallest level is its own up result */
        if (i > 0 && !gfx_target_create(&b->up[i - 1], &(gfx_target_desc){.width = b->down[i - 1].width,
                                                            .height = b->down[i - 1].height, .color = {GL_RGBA16F},
                                                            .label = "post.bloom.up"}))
            return false;
        b->levels++;
        w = (w + 1) / 2;
        h = (h + 1) / 2;
    }
    return true;
}

gfx_bloom *gfx_bloom_create(const gfx_bloom_desc *d)
{
    gfx_bloom *b = ALLOC_STRUCT(gfx_bloom);
    if (!b) return NULL;
    b->width = d->width > 0 ? d->width : 1280;
    b->height = d->height > 0 ? d->height : 720;
    int levels = d->levels > 0 ? d->levels : 6;
    if (levels > BLOOM_MAX_LEVELS) levels = BLOOM_MAX_LEVELS;
    b->keep = d->keep > 0 ? d->keep : 0.35f;
    b->max_levels = levels;
    b->prog_down = gfx_program_load("gfx_fullscreen.vert", "post_bloom_down.frag", NULL);
    b->prog_up = gfx_program_load("gfx_fullscreen.vert", "post_bloom_up.frag", NULL);
    b->prog_last = gfx_program_load("gfx_fullscreen.vert", "post_bloom_up.frag", "#define BLOOM_LAST 1\n");
    if (!b->prog_down || !b->prog_up || !b->prog_last || !bloom__targets(b, levels)) {
        log_error("bloom: cannot create its targets or programs (see above)");
        gfx_bloom_destroy(b);
        return NULL;
    }
    b->down_texel = gfx_uniform(b->prog_down, "u_texel");
    b->down_use_ao = gfx_uniform(b->prog_down, "u_use_ao");
    b->up_texel = gfx_uniform(b->prog_up, "u_texel");
    b->up_keep = gfx_uniform(b->prog_up, "u_keep");
    b->last_keep = gfx_uniform(b->prog_last, "u_keep");
    b->last_use_ao = gfx_uniform(b->prog_last, "u_use_ao");
    glUseProgram(b->prog_down);
    glUniform1i(gfx_uniform(b->prog_down, "u_src"), 0);
    glUniform1i(gfx_uniform(b->prog_down, "u_ao"), 1);
    glUseProgram(b->prog_up);
    glUniform1i(gfx_uniform(b->prog_up, "u_low"), 0);
    glUniform1i(gfx_uniform(b->prog_up, "u_high"), 1);
    glUseProgram(b->prog_last);
    glUniform1i(gfx_uniform(b->prog_last, "u_low"), 0);
    glUniform1i(gfx_uniform(b->prog_last, "u_high"), 1);
    glUniform1i(gfx_uniform(b->prog_last, "u_ao"), 2);
    glUseProgram(0);
    return b;
}

void gfx_bloom_destroy(gfx_bloom *b)
{
    if (!b) return;
    bloom__free_targets(b);
    if (b->prog_down) glDeleteProgram(b->prog_down);
    if (b->prog_up) glDeleteProgram(b->prog_up);
    if (b->prog_last) glDeleteProgram(b->prog_last);
    free(b);
}

bool gfx_bloom_resize(gfx_bloom *b, int w, int h)
{
    if (w == b->width && h == b->height) return true;
    b->width = w;
    b->height = h;
    return bloom__targets(b, b->max_levels);
}

float gfx_bloom_keep(const gfx_bloom *b) { return b->keep; }

void gfx_bloom_size(const gfx_bloom *b, int *w, int *h)
{
    *w = b->down[0].width;
    *h = b->down[0].height;
}

GLuint gfx_bloom_run(gfx_bloom *b, GLuint src, GLuint ao, GLuint level0)
{
    gfx_pass_begin("post.bloom");
    gfx_state_set(GFX_STATE_FULLSCREEN);
    glUseProgram(b->prog_down);
    /* level 0: the given half-size colour (occlusion already in it), else a down step from src */
    GLuint own[BLOOM_MAX_LEVELS];
    for (int i = 0; i < b->levels; i++) own[i] = b->down[i].color[0];
    if (level0) own[0] = level0;
    int sw = b->width, sh = b->height;
    GLuint in = src;
    for (int i = 0; i < b->levels; i++) {
        if (i > 0 || !level0) {
            gfx_target_bind(&b->down[i]);
            glUniform2f(b->down_texel, 1.0f / (float)sw, 1.0f / (float)sh);
            /* occlusion darkens the light that blooms too: applied once, on the first level */
            glUniform1i(b->down_use_ao, i == 0 && ao);
            glActiveTexture(GL_TEXTURE1);
            glBindTexture(GL_TEXTURE_2D, i == 0 ? ao : 0);
            glActiveTexture(GL_TEXTURE0);
            glBindTexture(GL_TEXTURE_2D, in);
            gfx_fullscreen_draw();
        }
        in = own[i];
        sw = b->down[i].width;
        sh = b->down[i].height;
    }
    glUseProgram(b->prog_up);
    glUniform1f(b->up_keep, b->keep);
    GLuint low = own[b->levels - 1];
    /* with a given level 0 the caller (DOF's gather) takes the last step itself */
    for (int i = b->levels - 2; i >= (level0 ? 1 : 0); i--) {
        gfx_target_bind(&b->up[i]);
        if (i == 0) { /* the last step: one bilinear tap, the occlusion into alpha */
            glUseProgram(b->prog_last);
            glUniform1f(b->last_keep, b->keep);
            glUniform1i(b->last_use_ao, ao != 0);
            glActiveTexture(GL_TEXTURE2);
            glBindTexture(GL_TEXTURE_2D, ao);
        } else {
            glUniform2f(b->up_texel, 1.0f / (float)b->down[i + 1].width, 1.0f / (float)b->down[i + 1].height);
        }
        glActiveTexture(GL_TEXTURE1);
        glBindTexture(GL_TEXTURE_2D, own[i]);
        glActiveTexture(GL_TEXTURE0);
        glBindTexture(GL_TEXTURE_2D, low);
        gfx_fullscreen_draw();
        low = b->up[i].color[0];
    }
    glActiveTexture(GL_TEXTURE2);
    glBindTexture(GL_TEXTURE_2D, 0);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, 0);
    glActiveTexture(GL_TEXTURE0);
    glUseProgram(0);
    gfx_pass_end();
    return low;
}
