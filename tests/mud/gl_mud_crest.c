/* Rut smoothness, measured: a truck drives straight, diagonally across the mud's texel grid, and
 * the crest of the outer berm of its left rut is traced (mud/core/crest.h) twice:
 *   - in the CPU field's heights, texel by texel: the stamps lay a straight berm (no teeth);
 *   - in the depth of the terrain as drawn at 640 x 360 from 4.6 m above: the crest as seen;
 *   - in the shaded picture itself, as the steepest luminance step near that crest, once as the
 *     game draws it and once plain (the mud's clumps and pebbles off: the relief's own shading).
 * All four figures are printed. Within 5.2 m of the eye the mud is drawn on a grid of quarter-texel
 * steps with B-spline heights, so the drawn crest must stay within 2 px of its fitted line; on the
 * texel grid it strayed ±0.8 texel (docs/mud.md, "Rut smoothness").
 * With mud.churn 1 (mud/core/mud_churn.h) the rut's width wanders on purpose: the crests' residuals
 * are then taken from their 1 m moving average, the drawn one within 2 px in 95 % of the rows and
 * 1 px rms, at the default repose (issue 50; why not the largest residual: below).
 * IMPRINT_CREST_PNG=PATH writes the lit picture with the traced band marked. */
#include "testgl.h"
#include "mud_drive.h"

#include <math.h>
#include <stdlib.h>

#include "base/camera.h"
#include "mud/core/crest.h"
#include "mud/core/mud_sim.h"
#include "gfx/dump.h"
#include "gfx/renderer.h"
#include "mud/mud.h"

enum { W = 640, H = 360, FIELD = 256 };
/* > 0 (the churned run): residuals from a 1 m moving average, not from the fitted line */
static bool smooth_1m; /* FIELD texels per side: the band runs to x = 26.3 m, texel 210 */

static void project(mat4 viewproj, const vec3 p, float out[2])
{
    vec4 c;
    glm_mat4_mulv(viewproj, (vec4){p[0], p[1], p[2], 1.0f}, c);
    out[0] = (c[0] / c[3] * 0.5f + 0.5f) * W;
    out[1] = (c[1] / c[3] * 0.5f + 0.5f) * H; /* bottom-up, like glReadPixels rows */
}

/* The band around the segment a..b (screen or texel coordinates, y increasing), clipped to rows. */
static mud_crest_band band_between(const float a[2], const float b[2], int ymin, int ymax, float half)
{
    const float *lo = a[1] < b[1] ? a : b, *hi = a[1] < b[1] ? b : a;
    int y0 = (int)ceilf(fmaxf(lo[1], (float)ymin)), y1 = (int)floorf(fminf(hi[1], (float)ymax));
    float k = (hi[0] - lo[0]) / (hi[1] - lo[1]);
    return (mud_crest_band){.y0 = y0, .y1 = y1, .x_at_y0 = lo[0] + k * ((float)y0 - lo[1]),
                            .x_at_y1 = lo[0] + k * ((float)y1 - lo[1]), .half_width = half};
}

/* Draws the terrain from cam (plain: without the mud's small-scale detail), traces the crest in
 * the depth (cs) and, near it, as the steepest luminance step of the shaded picture (cl). */
static bool render_and_trace(renderer *r, mud_renderer *mr, const camera *cam_in, mat4 vp, vec3 look, const vec3 a, const vec3 b,
                             bool plain, mud_crest *cs_out, mud_crest *cl_out, float *px_per_texel_out, mud_crest_band *band_out)
{
    camera cam = *cam_in;
    mat4 view, proj;
    camera_matrices(&cam, (float)W / H, view, proj);
    mud_renderer_set_layers(mr, &(mud_renderer_layers){.mud = true, .roads = true, .decals = true, .plain = plain});
    renderer_set_shadow_focus(r, look, 8.0f);
    renderer_begin_frame(r, view, proj, cam.pos, 0.0f);
    renderer_shadow_begin(r);
    mat4 light;
    glm_mat4_copy((vec4 *)renderer_frame_uniforms(r)->light_viewproj, light);
    mud_renderer_draw(mr, MUD_PASS_SHADOW, light, look);
    renderer_shadow_end(r);
    renderer_main_begin(r);
    mud_renderer_draw(mr, MUD_PASS_MAIN, vp, cam.pos);
    static float depth[W * H];
    glReadPixels(0, 0, W, H, GL_DEPTH_COMPONENT, GL_FLOAT, depth);
    testgl_assert_no_error();
    for (int k = 0; k < W * H; k++) { /* window depth -> metres along the view axis */
        float zn = depth[k] * 2.0f - 1.0f;
        depth[k] = 2.0f * cam.znear * cam.zfar / (cam.zfar + cam.znear - zn * (cam.zfar - cam.znear));
    }
    float sa[2], sb[2];
    project(vp, a, sa);
    project(vp, b, sb);
    float px_per_texel = hypotf(sb[0] - sa[0], sb[1] - sa[1]) / 6.0f * MUDFIELD_SPACING;
    mud_crest_band sbnd = band_between(sa, sb, 2, H - 3, 2.5f * px_per_texel);
    if (smooth_1m) sbnd.smooth_rows = fabsf(sb[1] - sa[1]) / 6.0f; /* screen rows per metre of the 6 m segment */
    mud_crest cs;
    bool drawn_ok = mud_crest_trace(depth, W, H, &sbnd, &cs);
    *cs_out = cs;
    if (!drawn_ok) cs_out->rows = 0;
    *px_per_texel_out = px_per_texel;
    *band_out = sbnd;
    /* 3. the same crest in the shaded picture: per-pixel normals from the mud target flip across
     * the berm, so under the fixed sun its crest is the steepest step of luminance along the row;
     * searched within a texel of the depth trace's line, with the same sub-pixel rule (the
     * tracer takes the minimum, so it gets minus the step's magnitude) */
    renderer_opaque_end(r);
    renderer_finish(r);
    static unsigned char px[W * H * 4];
    static float step[W * H];
    gfx_target_read_rgba8(renderer_ldr(r), px);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            float g = 0.0f;
            for (int k = -1; k <= 1 && x > 0 && x < W - 1; k++) { /* rows y-1..y+1, weighted 1 2 1 */
                int yy = y + k < 0 ? 0 : y + k >= H ? H - 1 : y + k;
                const unsigned char *pl = &px[(yy * W + x - 1) * 4], *pr = &px[(yy * W + x + 1) * 4];
                float ll = 0.2126f * pl[0] + 0.7152f * pl[1] + 0.0722f * pl[2];
                float lr = 0.2126f * pr[0] + 0.7152f * pr[1] + 0.0722f * pr[2];
                g += (k == 0 ? 0.5f : 0.25f) * (lr - ll);
            }
            step[y * W + x] = -fabsf(g);
        }
    mud_crest_band lbnd = {.y0 = cs.rows ? sbnd.y0 : 0, .y1 = sbnd.y1, .x_at_y0 = cs.slope * (float)sbnd.y0 + cs.offset,
                           .x_at_y1 = cs.slope * (float)sbnd.y1 + cs.offset, .half_width = px_per_texel};
    mud_crest cl = {0};
    bool lit_ok = drawn_ok && mud_crest_trace(step, W, H, &lbnd, &cl);
    if (getenv("IMPRINT_CREST_PNG") && !plain) {
        for (int y = sbnd.y0; y <= sbnd.y1; y++) {
            float cx = sbnd.x_at_y0 + (sbnd.x_at_y1 - sbnd.x_at_y0) * (float)(y - sbnd.y0) / (float)(sbnd.y1 - sbnd.y0);
            int xs[4] = {(int)(cx - sbnd.half_width), (int)(cx + sbnd.half_width), (int)lrintf(cs.slope * (float)y + cs.offset),
                         lit_ok ? (int)lrintf(cl.slope * (float)y + cl.offset) : -1};
            for (int k = 0; k < 4; k++)
                if (xs[k] >= 0 && xs[k] < W) px[(y * W + xs[k]) * 4 + (k == 2 ? 2 : k == 3 ? 1 : 0)] = 255;
        }
        gfx_write_png(getenv("IMPRINT_CREST_PNG"), W, H, 4, px, true);
    }
    *cl_out = cl;
    return lit_ok;
}

/* churn 0: the uniform rut of before, against its fitted line; churn 1 (mud.churn's default): the
 * churned rut's berm wanders with its width on purpose, so its residual is taken from a 1 m
 * moving average of the crest (issue 50: at most 2 px as drawn at 640 x 360). */
static void rut_crest(float churn)
{
    smooth_1m = churn > 0.0f;
    /* a smooth tyre: the measure is of the drawing's grid; the tread's own ripple on the berm
     * (its removed volume comes and goes with the lugs) would add to it */
    mud_sim *sim = mud_sim_create(&(mud_sim_desc){.terrain = {.level_size = 64, .flat = true, .flat_height = 4.0f, .flat_softness = 0.3f, .flat_mud = 1.0f},
                                                  .vehicle = {.tread_depth = -1.0f}, .churn = churn});
    mud_renderer *mr = mud_renderer_create(&(mud_renderer_desc){.field = mud_sim_field(sim), .slots = 16});
    renderer *r = renderer_create(&(renderer_desc){.width = W, .height = H, .shadow_size = 256});
    assert_non_null(sim);
    assert_non_null(mr);
    assert_non_null(r);
    const float hr = glm_rad(33.0f);
    vec3 start = {22.0f, 4.0f, 14.0f}, fwd = {sinf(hr), 0.0f, cosf(hr)}, side = {cosf(hr), 0.0f, -sinf(hr)};
    mud_sim_place_truck(sim, start[0], start[2], 33.0f);
    /* churn 0 is the test of before the slump (issue 29): an 80 degree repose, under which its walls
     * (about 52 degrees) stand and nothing slumps. The churned run is at the defaults (35 degrees):
     * see its bound below. */
    if (churn == 0.0f) mud_sim_set_slump(sim, 80.0f, 0.0f);
    mud_drive_run(sim, mr, &(mud_drive){.throttle = 1.0f, .frames = 150}); /* 2.5 s */
    /* the outer berm of the left wheels' rut: beside the tyre (track half 1 m + half width 0.21 m
     * + the rut's shoulder 0.16 m + half the berm's hump 0.22 m), 4 to 10 m after the start */
    vec3 a, b;
    glm_vec3_copy(start, a);
    glm_vec3_muladds(fwd, 4.0f, a);
    glm_vec3_muladds(side, -1.6f, a);
    glm_vec3_copy(a, b);
    glm_vec3_muladds(fwd, 6.0f, b);

    /* 1. the CPU field: heights as depths (a ridge is a valley), one sample per texel */
    static float field[FIELD * FIELD];
    for (int j = 0; j < FIELD; j++)
        for (int i = 0; i < FIELD; i++)
            field[j * FIELD + i] = -mudfield_mud_height(mud_sim_field(sim), (float)i * MUDFIELD_SPACING, (float)j * MUDFIELD_SPACING);
    float ta[2] = {a[0] / MUDFIELD_SPACING, a[2] / MUDFIELD_SPACING}, tb[2] = {b[0] / MUDFIELD_SPACING, b[2] / MUDFIELD_SPACING};
    mud_crest cf;
    assert_true(mud_crest_trace(field, FIELD, FIELD, &(mud_crest_band){0}, &cf) == false); /* no band: refused */
    mud_crest_band fb = band_between(ta, tb, 1, FIELD - 2, 2.5f);
    if (smooth_1m) fb.smooth_rows = fabsf(tb[1] - ta[1]) / 6.0f;
    assert_true(mud_crest_trace(field, FIELD, FIELD, &fb, &cf));

    /* 2. the terrain as drawn, from above: image up is -z, the rut runs diagonally */
    vec3 look, eye;
    glm_vec3_copy(start, look);
    glm_vec3_muladds(fwd, 7.0f, look);
    glm_vec3_add(look, (vec3){0.0f, 4.6f, 0.6f}, eye);
    camera cam = {0};
    camera_look_at(&cam, eye, look);
    mat4 view, proj, vp;
    camera_matrices(&cam, (float)W / H, view, proj);
    glm_mat4_mul(proj, view, vp);
    mud_crest cs, cl, cp;
    float px_per_texel, px2;
    mud_crest_band sbnd, band2;
    bool lit_ok = render_and_trace(r, mr, &cam, vp, look, a, b, false, &cs, &cl, &px_per_texel, &sbnd);
    bool drawn_ok = cs.rows > 0;
    /* the close-up looks down on quarter-texel patches (their visible part is within 5.2 m) */
    const mud_renderer_stats *ps = mud_renderer_get_stats(mr);
    print_message("patches drawn: quarter %d, half %d, texel %d\n", ps->patches_drawn[0], ps->patches_drawn[1], ps->patches_drawn[2]);
    assert_true(ps->patches_drawn[0] > 0);
    /* the relief's own shading: the mud's clumps and pebbles off (the plain layer flag) */
    mud_crest cs2;
    bool plain_ok = render_and_trace(r, mr, &cam, vp, look, a, b, true, &cs2, &cp, &px2, &band2);
    if (lit_ok)
        print_message("crest in the shaded picture (steepest luminance step): %d rows, max %.2f px, rms %.2f px\n", cl.rows,
                      (double)cl.max_px, (double)cl.rms_px);
    if (plain_ok)
        print_message("crest in the plain shaded picture (no clumps, no pebbles): %d rows, max %.2f px, rms %.2f px\n", cp.rows,
                      (double)cp.max_px, (double)cp.rms_px);
    print_message("crest in the field: %d rows, max %.2f texels, rms %.2f\n", cf.rows, (double)cf.max_px, (double)cf.rms_px);
    print_message("crest as drawn at %dx%d (%.1f px per texel): %d rows, max %.2f px, 95 %% within %.2f px, rms %.2f px\n", W, H,
                  (double)px_per_texel, cs.rows, (double)cs.max_px, (double)cs.p95_px, (double)cs.rms_px);
    if (smooth_1m) {
        /* churned, at the default repose: the berm along the way, as drawn within 2 px of its 1 m
         * moving average in 95 % of the rows, 1 px rms. Not the largest residual: that is the
         * measure's own noise — the same drive started at 12 points 0.013-1.3 m apart gives 1.72-3.25
         * px for the unchurned rut of before (churn 0, 80 degrees; 8 of 12 over 2 px) and 2.04-3.37
         * for this one, rms 0.61-0.87 for both (docs/mud_slump.md, "Tests"): the tent-shaped top
         * sits on one quarter-texel vertex for a few rows and moves on by a vertex. */
        assert_true(cf.rows >= (fb.y1 - fb.y0) * 3 / 5);
        assert_true(drawn_ok && cs.rows >= (sbnd.y1 - sbnd.y0) * 3 / 4);
        assert_true(cs.p95_px <= 2.0f);
        assert_true(cs.rms_px <= 1.0f);
        renderer_destroy(r);
        mud_renderer_destroy(mr);
        mud_sim_destroy(sim);
        return;
    }
    assert_true(cf.rows >= (fb.y1 - fb.y0) * 3 / 5); /* the berm is there along the way */
    assert_true(cf.max_px <= 0.25f);                  /* and straight in the data: no tooth per step */
    assert_true(drawn_ok && cs.rows >= (sbnd.y1 - sbnd.y0) * 3 / 4);
    /* the drawn crest within 2 px of its line (issue 29): a berm rounded over 3.5 texels and a grid
     * of quarter-texel steps within 5.2 m of the eye (docs/mud.md, "Rut smoothness, measured") */
    assert_true(cs.max_px <= 2.0f);
    assert_true(lit_ok && cl.rows >= (sbnd.y1 - sbnd.y0) * 3 / 4); /* the shading steps along the crest */
    /* the shaded crest (issue 29: <= 4 px). The relief's own shading, with the material's
     * small-scale detail off: the fragment's normal is the derivative of the drawn B-spline from
     * exact texels (docs/mud.md, "Rut smoothness, measured"). With the detail on, the steepest
     * step sometimes lands on a clump's edge beside the crest: held within two thirds of a texel. */
    assert_true(plain_ok && cp.rows >= (sbnd.y1 - sbnd.y0) * 3 / 4);
    assert_true(cp.max_px <= 4.0f);
    assert_true(cl.max_px <= 0.67f * px_per_texel);
    renderer_destroy(r);
    mud_renderer_destroy(mr);
    mud_sim_destroy(sim);
}

static void diagonal_rut_crest(void **state)
{
    (void)state;
    rut_crest(0.0f);
}

static void diagonal_rut_crest_churned(void **state)
{
    (void)state;
    rut_crest(1.0f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(diagonal_rut_crest),
        cmocka_unit_test(diagonal_rut_crest_churned),
    };
    return cmocka_run_group_tests(tests, testgl_setup, testgl_teardown);
}
