#include "gfx/post/post.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "base/log.h"
#include "base/names.h"
#include "base/script.h"
#include "gfx/post/bloom.h"
#include "gfx/post/dof.h"
#include "gfx/post/exposure.h"
#include "gfx/post/fxaa.h"
#include "gfx/post/grade.h"
#include "gfx/post/ssao.h"
#include "gfx/timer.h"

struct gfx_post {
    int width, height;
    gfx_ssao *ssao;
    gfx_bloom *bloom;
    gfx_dof *dof;
    gfx_exposure *exposure;
    gfx_grade *grade;
    gfx_fxaa *fxaa;
    gfx_target ldr; /* FXAA's input, the colour pass's second output (luma in alpha) */
    GLuint last_ao, last_bloom;
    bool ran_dof, exposure_was_on;
};

gfx_post *gfx_post_create(const gfx_post_desc *d)
{
    gfx_post *p = ALLOC_STRUCT(gfx_post);
    if (!p) return NULL;
    p->width = d->width > 0 ? d->width : 1280;
    p->height = d->height > 0 ? d->height : 720;
    p->ssao = gfx_ssao_create(&(gfx_ssao_desc){.width = p->width, .height = p->height});
    p->bloom = gfx_bloom_create(&(gfx_bloom_desc){.width = p->width, .height = p->height});
    p->dof = gfx_dof_create(&(gfx_dof_desc){.width = p->width, .height = p->height});
    p->exposure = gfx_exposure_create(&(gfx_exposure_desc){0});
    p->grade = gfx_grade_create(&(gfx_grade_desc){0});
    p->fxaa = gfx_fxaa_create();
    bool ok = p->ssao && p->bloom && p->dof && p->exposure && p->grade && p->fxaa &&
              gfx_target_create(&p->ldr, &(gfx_target_desc){.width = p->width, .height = p->height,
                                                            .color = {GL_RGBA8}, .label = "post.ldr"});
    if (!ok) {
        log_error("post: cannot create the post stack (see above)");
        gfx_post_destroy(p);
        return NULL;
    }
    return p;
}

void gfx_post_destroy(gfx_post *p)
{
    if (!p) return;
    gfx_ssao_destroy(p->ssao);
    gfx_bloom_destroy(p->bloom);
    gfx_dof_destroy(p->dof);
    gfx_exposure_destroy(p->exposure);
    gfx_grade_destroy(p->grade);
    gfx_fxaa_destroy(p->fxaa);
    gfx_target_destroy(&p->ldr);
    free(p);
}

bool gfx_post_resize(gfx_post *p, int w, int h)
{
    if (w == p->width && h == p->height) return true;
    p->width = w;
    p->height = h;
    return gfx_ssao_resize(p->ssao, w, h) && gfx_bloom_resize(p->bloom, w, h) && gfx_dof_resize(p->dof, w, h) &&
           gfx_target_resize(&p->ldr, w, h);
}

void gfx_post_reset(gfx_post *p) { gfx_exposure_reset(p->exposure); }

void gfx_post_run(gfx_post *p, const gfx_post_frame *f, const gfx_target *dst)
{
    post_settings all;
    post_settings_default(&all);
    const bool *on = (f->settings ? f->settings : &all)->on;
    gfx_pass_begin("post");
    gfx_grade_inputs in = {.hdr = f->hdr, .exposure_fixed = 0.8f * exp2f(f->exposure_ev), .grade = on[POST_GRADE]};
    p->last_ao = p->last_bloom = 0;
    p->ran_dof = false;
    if (on[POST_SSAO]) in.ao = p->last_ao = gfx_ssao_run(p->ssao, f->depth, f->proj);
    /* with DOF on, its half-size colour is bloom's first level (one downsample of the full
     * image), and its gather composites occlusion and bloom for the colour pass */
    float dof_params[4];
    GLuint half = 0;
    if (on[POST_DOF]) {
        gfx_dof_params(p->dof, f->proj, f->focus_m, dof_params);
        half = gfx_dof_half(p->dof, f->hdr, f->depth, in.ao, dof_params);
    }
    if (on[POST_BLOOM]) in.bloom = p->last_bloom = gfx_bloom_run(p->bloom, f->hdr, in.ao, half);
    if (on[POST_DOF]) {
        in.dof = gfx_dof_run(p->dof, &(gfx_dof_composite){.bloom = in.bloom, .ao = in.ao,
                                                          .bloom_strength = gfx_grade_bloom_strength(p->grade),
                                                          .bloom_keep = gfx_bloom_keep(p->bloom)},
                             dof_params);
        p->ran_dof = true;
    }
    if (on[POST_EXPOSURE]) {
        if (!p->exposure_was_on) gfx_exposure_reset(p->exposure);
        gfx_exposure_meter(p->exposure, f->meter);
        in.exposure = gfx_exposure_run(p->exposure, f->hdr, f->dt, f->exposure_ev);
    }
    p->exposure_was_on = on[POST_EXPOSURE];
    /* the colour pass sharpens and marks FXAA's candidates itself; FXAA then shades only those */
    in.sharpen = on[POST_SHARPEN];
    in.fxaa_tex = on[POST_FXAA] && dst->depth ? p->ldr.color[0] : 0;
    gfx_grade_run(p->grade, &in, dst);
    if (in.fxaa_tex) gfx_fxaa_run(p->fxaa, p->ldr.color[0], dst);
    gfx_pass_end();
}

GLuint gfx_post_view(const gfx_post *p, const char *name, gfx_panel_mode *mode)
{
    switch (names_find(script_app_views, name)) { /* the names' one table */
    case SCRIPT_APP_VIEW_SSAO: *mode = GFX_PANEL_RED; return p->last_ao;
    case SCRIPT_APP_VIEW_BLOOM: *mode = GFX_PANEL_RGB; return p->last_bloom;
    case SCRIPT_APP_VIEW_COC: *mode = GFX_PANEL_ALPHA; return p->ran_dof ? gfx_dof_coc(p->dof) : 0;
    default: return 0;
    }
}
