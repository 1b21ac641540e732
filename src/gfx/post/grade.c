#include "gfx/post/grade.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "base/log.h"
#include "gfx/mesh_gl.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/timer.h"

enum { GRADE_AO = 1, GRADE_BLOOM = 2, GRADE_DOF = 4, GRADE_AUTO_EXPOSURE = 8, GRADE_LOOK = 16, GRADE_GAMMA = 32,
       GRADE_SHARPEN = 64, GRADE_FXAA = 128, GRADE_QUAD_LUMA = 256, GRADE_VARIANTS = 512 };

/* One program per combination of stages, compiled the first time it is used. */
typedef struct grade_program {
    GLuint prog;
    GLint u_exposure, u_bloom_strength, u_lift, u_gamma, u_gain, u_saturation, u_sharpen;
    bool failed;
} grade_program;

struct gfx_grade {
    gfx_grade_look look;
    float bloom_strength, sharpen;
    bool quad_luma; /* the neighbours' luma shared across 2x2 quads (gfx_grade_neighbours) */
    grade_program variant[GRADE_VARIANTS];
    gfx_target both; /* dst's colour and depth with FXAA's input as a second colour */
};

static grade_program *grade__program(gfx_grade *g, int flags)
{
    grade_program *v = &g->variant[flags];
    if (v->prog || v->failed) return v;
    static const char *const names[] = {"POST_AO", "POST_BLOOM", "POST_DOF", "POST_AUTO_EXPOSURE", "POST_GRADE",
                                        "POST_GAMMA", "POST_SHARPEN", "POST_FXAA", "POST_QUAD_LUMA"};
    char defines[512] = "";
    for (int i = 0; i < 9; i++)
        if (flags & (1 << i)) {
            size_t n = strlen(defines);
            snprintf(defines + n, sizeof defines - n, "#define %s 1\n", names[i]);
        }
    v->prog = gfx_program_load("post_grade.vert", "post_grade.frag", defines);
    /* a variant has a better fallback than magenta: the plain tone map (which has none) */
    if (flags && gfx_program_is_fallback(v->prog)) {
        glDeleteProgram(v->prog);
        v->prog = 0;
    }
    if (!v->prog) {
        v->failed = true;
        log_error("grade: the colour pass's program (flags %d) failed; the picture stays as it was", flags);
        return v;
    }
    v->u_exposure = gfx_uniform(v->prog, "u_exposure");
    v->u_bloom_strength = gfx_uniform(v->prog, "u_bloom_strength");
    v->u_lift = gfx_uniform(v->prog, "u_lift");
    v->u_gamma = gfx_uniform(v->prog, "u_gamma");
    v->u_gain = gfx_uniform(v->prog, "u_gain");
    v->u_saturation = gfx_uniform(v->prog, "u_saturation");
    v->u_sharpen = gfx_uniform(v->prog, "u_sharpen");
    glUseProgram(v->prog);
    static const char *const samplers[] = {"u_hdr", "u_ao", "u_bloom", "u_dof_tex", "u_exposure_tex"};
    for (int i = 0; i < 5; i++) glUniform1i(gfx_uniform(v->prog, samplers[i]), i);
    glUseProgram(0);
    return v;
}

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
    g->bloom_strength = d->bloom_strength > 0 ? d->bloom_strength : 0.08f;
    g->sharpen = d->sharpen > 0 ? d->sharpen : 0.5f;
    if (d->neighbours == GFX_GRADE_NEIGHBOURS_AUTO) {
        const char *r = (const char *)glGetString(GL_RENDERER);
        g->quad_luma = r && strstr(r, "llvmpipe");
    } else {
        g->quad_luma = d->neighbours == GFX_GRADE_NEIGHBOURS_QUAD;
    }
    /* the plain tone map is compiled now, so a broken shader is reported at start-up */
    if (!grade__program(g, 0)->prog) {
        log_error("grade: cannot create its program (see above)");
        gfx_grade_destroy(g);
        return NULL;
    }
    return g;
}

void gfx_grade_destroy(gfx_grade *g)
{
    if (!g) return;
    for (int i = 0; i < GRADE_VARIANTS; i++)
        if (g->variant[i].prog) glDeleteProgram(g->variant[i].prog);
    gfx_target_destroy(&g->both);
    free(g);
}

void gfx_grade_set_look(gfx_grade *g, const gfx_grade_look *look) { g->look = *look; }

float gfx_grade_bloom_strength(const gfx_grade *g) { return g->bloom_strength; }

static bool grade__identity(const gfx_grade_look *l)
{
    for (int i = 0; i < 3; i++)
        if (l->lift[i] != 0 || l->gamma[i] != 1 || l->gain[i] != 1) return false;
    return l->saturation == 1;
}

/* The target the pass draws into: dst, or dst with FXAA's input as a second colour. */
static const gfx_target *grade__target(gfx_grade *g, GLuint fxaa_tex, const gfx_target *dst)
{
    if (!fxaa_tex) return dst;
    assert(dst->depth && dst->samples == 1); /* the edge mark goes into dst's depth */
    gfx_target *b = &g->both;
    if (b->fbo && b->color[0] == dst->color[0] && b->color[1] == fxaa_tex && b->depth == dst->depth &&
        b->width == dst->width && b->height == dst->height)
        return b;
    gfx_target_destroy(b);
    const GLuint colors[2] = {dst->color[0], fxaa_tex};
    if (!gfx_target_wrap(b, colors, 2, dst->depth, dst->width, dst->height, "post.grade+fxaa")) return NULL;
    return b;
}

void gfx_grade_run(gfx_grade *g, const gfx_grade_inputs *in, const gfx_target *dst)
{
    gfx_pass_begin("post.grade");
    const gfx_target *t = grade__target(g, in->fxaa_tex, dst);
    bool fxaa = t && in->fxaa_tex;
    gfx_target_bind(t ? t : dst);
    if (fxaa) {
        /* cleared to 1, then LEQUAL: every pixel passes and writes its edge mark (1 or 0) */
        gfx_state_clear(GL_DEPTH_BUFFER_BIT);
        gfx_state_set(GFX_DEPTH_LEQUAL | GFX_DEPTH_WRITE);
    } else {
        gfx_state_set(GFX_STATE_FULLSCREEN);
    }
    const gfx_grade_look *l = &g->look;
    bool look = in->grade && !grade__identity(l);
    bool gamma = look && (l->gamma[0] != 1 || l->gamma[1] != 1 || l->gamma[2] != 1);
    /* DOF's result already holds the occlusion and the bloom */
    int flags = (in->dof ? GRADE_DOF : (in->ao ? GRADE_AO : 0) | (in->bloom ? GRADE_BLOOM : 0)) |
                (in->exposure ? GRADE_AUTO_EXPOSURE : 0) | (look ? GRADE_LOOK : 0) | (gamma ? GRADE_GAMMA : 0) |
                (in->sharpen ? GRADE_SHARPEN : 0) | (fxaa ? GRADE_FXAA : 0) |
                (g->quad_luma && (in->sharpen || fxaa) ? GRADE_QUAD_LUMA : 0);
    grade_program *v = grade__program(g, flags);
    if (!v->prog) v = grade__program(g, flags & GRADE_FXAA); /* visible fallback: plain tone map */
    if (!v->prog) v = grade__program(g, 0);
    glUseProgram(v->prog);
    glUniform1f(v->u_exposure, in->exposure_fixed > 0 ? in->exposure_fixed : 1.0f);
    glUniform1f(v->u_bloom_strength, g->bloom_strength);
    glUniform3fv(v->u_lift, 1, l->lift);
    glUniform3fv(v->u_gamma, 1, l->gamma);
    glUniform3fv(v->u_gain, 1, l->gain);
    glUniform1f(v->u_saturation, l->saturation);
    glUniform1f(v->u_sharpen, g->sharpen);
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
