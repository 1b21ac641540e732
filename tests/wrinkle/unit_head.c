/* Procedural head: size, human proportions, unique non-overlapping UVs, landmarks where the baker expects them,
 * outward normals and tangents, blendshapes that stay in their regions, and a mouth that stays
 * inside and opens with the jaw. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "wrinkle/core/head.h"
#include "wrinkle/core/head_bust.h"
#include "wrinkle/core/head_ear.h"
#include "wrinkle/core/wrinkle_expr.h"
#include "base/log.h"

static head_model g_head;

static int build_head(void **state)
{
    (void)state;
    return head_build(&g_head, &(head_desc){0}) ? 0 : -1;
}

static int free_head(void **state)
{
    (void)state;
    head_free(&g_head);
    head_free(NULL);
    return 0;
}

static void head_is_dense_and_bust_sized(void **state)
{
    (void)state;
    const mesh_data *m = &g_head.skin;
    assert_true(m->index_count / 3 >= 20000);
    /* the grid, the copies of the lips' row that split the mouth, then the two ears */
    assert_int_equal(g_head.ear_first_vertex, (g_head.slices + 1) * (g_head.stacks + 1) + g_head.slit_count);
    assert_int_equal(g_head.ear_first_index, 6 * g_head.slices * g_head.stacks);
    assert_true(m->vertex_count - g_head.ear_first_vertex > 2000);
    vec3 lo, hi;
    mesh_bounds(m, lo, hi);
    /* crown to chin ~0.25 m, neck cut at the documented height, ~15 cm wide skull */
    assert_true(hi[1] > 0.10f && hi[1] < 0.14f);
    assert_float_equal(lo[1], HEAD_NECK_BOTTOM_Y, 1e-4);
    assert_true(hi[0] - lo[0] > 0.14f && hi[0] - lo[0] < 0.20f);
    assert_true(g_head.eyes.index_count > 0);
    assert_float_equal(g_head.eye_center[0][0], HEAD_EYE_X, 1e-6);
    assert_float_equal(g_head.eye_center[1][0], -HEAD_EYE_X, 1e-6);
}

/* Largest |x| of the skin within 3 mm of height y, in front of z_min. */
static float half_width_at(const mesh_data *m, float y, float z_min)
{
    float w = 0.0f;
    for (int i = 0; i < m->vertex_count; i++)
        if (fabsf(m->pos[i][1] - y) < 0.003f && m->pos[i][2] > z_min) w = fmaxf(w, fabsf(m->pos[i][0]));
    return w;
}

static void proportions_are_human(void **state)
{
    (void)state;
    const mesh_data *m = &g_head.skin;
    vec3 lo, hi;
    mesh_bounds(m, lo, hi);
    float chin = 1.0f;
    for (int i = 0; i < m->vertex_count; i++)
        if (m->pos[i][2] > 0.06f && fabsf(m->pos[i][0]) < 0.01f) chin = fminf(chin, m->pos[i][1]);
    /* the eyes halve the head from crown to chin */
    float eyes = (hi[1] - g_head.eye_center[0][1]) / (hi[1] - chin);
    assert_true(eyes > 0.45f && eyes < 0.55f);
    /* crown to chin ~1.5 x the skull's width (a human head; the first head was 1.64, long and
     * narrow), measured above the ears */
    float skull = half_width_at(m, 0.05f, -1.0f), aspect = (hi[1] - chin) / (2.0f * skull);
    assert_true(aspect > 1.35f && aspect < 1.60f); /* the adult means (issue 51): 232 / 151 = 1.54; this chin is the lowest front point, under gnathion */
    /* cheeks nearly as wide as the skull; the jaw narrower, as an adult's (bigonial ~0.7 of the
     * head's breadth) but not pinched: at 0.86 the lower face read as a box */
    float cheeks = half_width_at(m, -0.02f, 0.02f) / skull, jaw = half_width_at(m, -0.09f, -0.02f) / skull;
    /* the chin a broad boss, not a point: its width 1.5 cm above its lowest point (0.50 of the
     * skull read as a pointed chin from the front) */
    float chin_w = half_width_at(m, chin + 0.015f, 0.03f) / skull;
    print_message("crown to chin %.3f x the skull's width, cheeks %.3f, jaw %.3f, chin %.3f of it\n", aspect, cheeks, jaw, chin_w);
    /* issue 51's adult measures (bigonial 97 mm against 137 at the cheekbones) narrow the lower
     * face; at 0.44 of the skull (a chin ~67 mm across 1.5 cm over its lowest point) the jaw ran
     * to it in a V from three quarters: squared under the gonions it is 0.57 (~86 mm) */
    assert_true(chin_w > 0.53f);
    assert_true(cheeks > 0.9f);
    assert_true(jaw > 0.60f && jaw < 0.84f); /* 0.64: bigonial 97 mm of the skull's 151 (issue 51) */
}

/* The default grid carries the sculpt around the mouth and under the nose: between two
 * neighbouring grid vertices the sculpt leaves their straight chord by little, so no feature falls
 * between rows (a 2 mm lip border over 2.3 mm rows drew a saw-toothed vermilion edge; nostrils and
 * philtrum ridges under 2.5 mm mottled the shading). The slit's own line is split, so left out. */
static void grid_carries_the_mouth(void **state)
{
    (void)state;
    float worst = 0.0f;
    for (int i = 0; i < HEAD_SLICES; i++)
        for (int j = 0; j < HEAD_STACKS; j++) {
            vec3 a;
            head_surface_point((float)i / HEAD_SLICES, (float)j / HEAD_STACKS, a);
            if (fabsf(a[0]) > 0.03f || a[1] < HEAD_MOUTH_Y - 0.015f || a[1] > HEAD_NOSE_TIP_Y || a[2] < 0.05f) continue;
            if (fabsf(a[1] - HEAD_MOUTH_Y) < 0.003f) continue;
            for (int k = 0; k < 2; k++) { /* the edge to the next column, then to the next row */
                float u1 = (float)(i + (k == 0)) / HEAD_SLICES, v1 = (float)(j + (k == 1)) / HEAD_STACKS;
                vec3 b;
                head_surface_point(u1, v1, b);
                if (fabsf(b[1] - HEAD_MOUTH_Y) < 0.003f) continue;
                for (int s = 1; s < 8; s++) {
                    float t = (float)s / 8.0f;
                    vec3 p, q;
                    head_surface_point(((float)i / HEAD_SLICES) * (1.0f - t) + u1 * t,
                                       ((float)j / HEAD_STACKS) * (1.0f - t) + v1 * t, p);
                    glm_vec3_lerp(a, b, t, q);
                    worst = fmaxf(worst, glm_vec3_distance(p, q));
                }
            }
        }
    print_message("mouth and nose base: the sculpt leaves the grid's chords by %.2f mm at most\n", (double)(1000.0f * worst));
    assert_true(worst < 0.0006f);
}

/* The collar covers the line where the neck enters the sweater: that line found here by a plain
 * scan down the neck in 0.4 mm steps (not the builder's bisection), at 24 angles round the neck,
 * lies within the tube. */
static void collar_covers_the_neck_line(void **state)
{
    (void)state;
    const float tube = 0.005f, hy = head_bust_head_y();
    mesh_data collar = {0};
    head_bust_build_collar(&g_head, tube, &collar);
    assert_false(collar.failed);
    assert_true(collar.vertex_count > 0);
    float worst = 0.0f;
    for (int i = 0; i < 24; i++) {
        float a = 2.0f * GLM_PIf * (float)i / 24.0f, found = 0.0f;
        vec3 line = {0};
        for (float y = -0.09f; y > HEAD_NECK_BOTTOM_Y && !found; y -= 0.0004f) {
            float r = 0.0f; /* the neck's radius at y: the last point out from the axis still inside */
            for (float t = 0.0f; t < 0.12f; t += 0.0004f) {
                vec3 p = {t * cosf(a), y, head_neck_axis_z(y) + t * sinf(a)};
                if (head_inside(&g_head, p)) r = t;
            }
            vec3 w = {r * cosf(a), y + hy, head_neck_axis_z(y) + r * sinf(a)};
            if (head_bust_top_sdf(w) < 0.0f) {
                glm_vec3_copy(w, line);
                found = 1.0f;
            }
        }
        assert_true(found > 0.0f);
        float best = 1.0f;
        for (int v = 0; v < collar.vertex_count; v++) best = fminf(best, glm_vec3_distance(line, collar.pos[v]));
        worst = fmaxf(worst, best);
    }
    print_message("collar: the neck's line within %.1f mm of the tube's surface (tube %.0f mm)\n", (double)(1000.0f * worst),
                  (double)(1000.0f * tube));
    assert_true(worst < 0.6f * tube);
    mesh_data_free(&collar);
}

/* A body under the head (issue 51), measured on its meshes: shoulders 400 mm across the deltoids
 * (about 2.6 head widths, the head's measured on its skin), the trapezius falling from the neck to
 * the shoulders, collarbones standing out of the knit, the chest deeper than the neck and ahead of
 * it, arms apart from the trunk, standing on the ground; both meshes closed. */
static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static float top_surface_y(const mesh_data *m, float x, float z, float tol)
{
    float y = -1.0f;
    for (int v = 0; v < m->vertex_count; v++)
        if (fabsf(m->pos[v][0] - x) < tol && fabsf(m->pos[v][2] - z) < tol) y = fmaxf(y, m->pos[v][1]);
    return y;
}

static void body_is_an_adults(void **state)
{
    (void)state;
    mesh_data top = {0}, legs = {0};
    assert_true(head_bust_build_stand(&top, &legs));
    vec3 lo, hi;
    mesh_bounds(&top, lo, hi);
    float head_w = 0.0f;
    for (int i = 0; i < g_head.ear_first_vertex; i++) head_w = fmaxf(head_w, 2.0f * fabsf(g_head.skin.pos[i][0]));
    /* the trapezius: the top of the body 6 cm out from the middle against 15 cm out (over the
     * shoulder blades' line, z -3 cm) */
    float trap_in = top_surface_y(&top, 0.065f, -0.035f, 0.006f), trap_out = top_surface_y(&top, 0.15f, -0.03f, 0.006f);
    /* collarbones: 8 cm out, the chest's front profile z(y) (the field's first crossing coming from
     * the front) bulges at the bone: somewhere between 1.225 and 1.265 m it stands ahead of the
     * chord from 1.2 cm over it to 1.2 cm under it */
    float ridge = -1.0f;
    for (float y = 1.225f; y <= 1.265f; y += 0.001f) {
        float z3[3];
        for (int k = 0; k < 3; k++) {
            float yy = y + 0.012f * (float)(k - 1), z = 0.2f;
            while (z > -0.1f && head_bust_top_sdf((vec3){0.08f, yy, z}) > 0.0f) z -= 0.0002f;
            z3[k] = z;
        }
        ridge = fmaxf(ridge, z3[1] - 0.5f * (z3[0] + z3[2]));
    }
    /* the arms hang apart from the trunk: at the elbow's height, going out from the middle, the
     * trunk, then air, then the arm */
    int changes = 0;
    bool was = true;
    for (float x = 0.0f; x < 0.25f; x += 0.001f) {
        bool in = head_bust_top_sdf((vec3){x, 0.95f, -0.03f}) < 0.0f;
        changes += in != was;
        was = in;
    }
    bool gap = changes == 3;
    /* shoulders: across the deltoids, 3-6 cm under the shoulders' points */
    float shoulders = 0.0f;
    for (int v = 0; v < top.vertex_count; v++)
        if (top.pos[v][1] > 1.195f && top.pos[v][1] < 1.225f) shoulders = fmaxf(shoulders, 2.0f * fabsf(top.pos[v][0]));
    print_message("body: shoulders %.0f mm across (%.2f head widths of %.0f mm); trapezius %.0f mm higher at 6.5 cm out than at "
                  "15; collarbone %.1f mm out of the chest under it; height %.2f m; %d + %d triangles\n", (double)(shoulders * 1e3f),
                  (double)(shoulders / head_w), (double)(head_w * 1e3f), (double)((trap_in - trap_out) * 1e3f),
                  (double)(ridge * 1e3f), (double)(head_bust_head_y() + 0.115f), top.index_count / 3, legs.index_count / 3);
    assert_true(fabsf(shoulders - HEAD_BUST_SHOULDER_W) < 0.024f);
    assert_true(shoulders / head_w > 2.45f && shoulders / head_w < 2.75f);
    assert_true(trap_in - trap_out > 0.025f);
    assert_true(ridge > 0.0035f); /* 6.6 mm; 1.5 without the collarbones */
    assert_true(gap);
    mesh_bounds(&legs, lo, hi);
    assert_float_equal(lo[1], 0.0f, 0.004f);
    /* closed: every edge in two triangles, once each way round */
    const mesh_data *ms[2] = {&top, &legs};
    for (int k = 0; k < 2; k++) {
        const mesh_data *m = ms[k];
        uint64_t *e = malloc((size_t)m->index_count * sizeof *e);
        assert_non_null(e);
        for (int t = 0; t < m->index_count; t += 3)
            for (int c = 0; c < 3; c++) e[t + c] = (uint64_t)m->idx[t + c] << 32 | m->idx[t + (c + 1) % 3];
        qsort(e, (size_t)m->index_count, sizeof *e, cmp_u64);
        for (int i = 0; i < m->index_count; i++) {
            uint64_t back = (e[i] & 0xffffffffu) << 32 | e[i] >> 32;
            assert_non_null(bsearch(&back, e, (size_t)m->index_count, sizeof *e, cmp_u64));
        }
        free(e);
    }
    mesh_data_free(&top);
    mesh_data_free(&legs);
}

/* The neck's radius at head-frame height y, angle a round its axis (0 in front, + toward +x). */
static float neck_radius(float y, float a) { return head_bust_neck_radius(&g_head, y, GLM_PI_2f - a); }

/* The neck is no plain column (issue 30): it leans forward (the throat under the jaw ahead of the
 * throat over the collar), the larynx stands out of the throat's line, and each
 * sternocleidomastoid is a ridge across the neck's side, from behind the ear down to the front. */
static void neck_leans_and_has_its_forms(void **state)
{
    (void)state;
    /* the chin's underside reaches 13 cm under the eyes' level; the collar covers the neck from
     * about 18 cm down in front */
    float top = head_neck_axis_z(-0.14f) + neck_radius(-0.14f, 0.0f), bottom = head_neck_axis_z(-0.18f) + neck_radius(-0.18f, 0.0f);
    float larynx = neck_radius(-0.16f, 0.0f) - 0.5f * (neck_radius(-0.14f, 0.0f) + neck_radius(-0.18f, 0.0f));
    print_message("neck: the throat %.1f mm further forward 14 cm under the eyes than 18 cm under; the larynx %.1f mm out of "
                  "its line\n", (double)(1000.0f * (top - bottom)), (double)(1000.0f * larynx));
    assert_true(top - bottom > 0.006f);
    assert_true(larynx > 0.0015f);
    for (float y = -0.16f; y <= -0.139f; y += 0.02f)
        for (int side = -1; side <= 1; side += 2) {
            float best = 0.0f, ridge = 0.0f;
            for (float a = 0.3f; a < 1.9f; a += 0.02f) {
                float r = neck_radius(y, (float)side * a);
                if (r > best) { best = r; ridge = a; }
            }
            /* the radius 0.45 rad either side (a plain column's is the same all round) */
            float flanks = 0.5f * (neck_radius(y, (float)side * (ridge - 0.45f)) + neck_radius(y, (float)side * (ridge + 0.45f)));
            print_message("neck at y %.2f side %+d: ridge at %.2f rad, %.1f mm over its flanks\n", (double)y, side, (double)ridge,
                          (double)(1000.0f * (best - flanks)));
            assert_true(ridge > 0.6f && ridge < 1.6f);
            assert_true(best - flanks > 0.0015f);
        }
}

/* Adult proportions (issue 51): landmarks found on the neutral mesh's geometry (no sculpt
 * constant is read back), fourteen measures against published adult male means, each within 6 %,
 * and the ear placed as a face's: its top at brow height, its bottom at the nose's base, behind the
 * jaw's back edge. Norms: Farkas, Anthropometry of the Head and Face (2nd ed., 1994), North
 * American Caucasian men, 19-25 years (means rounded to the millimetre; docs/wrinkles_measures.md). */
typedef struct face_marks {
    float v[3], gn[3], n[3], sn[3], sto[3], prn[3];
    float eu, zy, go;        /* half widths */
    float en[3], ex[3];      /* right eye's inner and outer corners */
    float al, ch;            /* half widths */
    float ear_top, ear_bottom, ear_front_z, ear_back_z, ear_len;
    float go_z;              /* z of the jaw's widest point */
    float al_y;
} face_marks;

/* Triangles of m with a vertex inside the box (a coarse cull for front_hit on a part). */
static int tris_in_box(const mesh_data *m, const float (*pos)[3], int ntri_max, const vec3 lo, const vec3 hi, uint32_t *out)
{
    int n = 0;
    for (int t = 0; t < ntri_max * 3 && t < m->index_count; t += 3) {
        bool in = false;
        for (int c = 0; c < 3 && !in; c++) {
            const float *p = pos[m->idx[t + c]];
            in = p[0] > lo[0] && p[0] < hi[0] && p[1] > lo[1] && p[1] < hi[1] && p[2] > lo[2] && p[2] < hi[2];
        }
        if (in) out[n++] = (uint32_t)t;
    }
    return n;
}

/* z where the line (x, y, z) along -z meets the triangle starting at index t, or -1 where it misses. */
static float tri_front_z(const mesh_data *m, const float (*pos)[3], int t, float x, float y)
{
    const float *a = pos[m->idx[t]], *b = pos[m->idx[t + 1]], *c = pos[m->idx[t + 2]];
    float d = (b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]);
    if (fabsf(d) < 1e-14f) return -1.0f;
    float u = ((x - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (y - a[1])) / d;
    float v = ((b[0] - a[0]) * (y - a[1]) - (x - a[0]) * (b[1] - a[1])) / d;
    if (u < 0.0f || v < 0.0f || u + v > 1.0f) return -1.0f;
    return a[2] + u * (b[2] - a[2]) + v * (c[2] - a[2]);
}

/* The front-most z of the listed triangles under (x, y) along -z, or -1. */
static float front_hit_list(const mesh_data *m, const float (*pos)[3], const uint32_t *tri, int ntri, float x, float y)
{
    float best = -1.0f;
    for (int k = 0; k < ntri; k++) best = fmaxf(best, tri_front_z(m, pos, (int)tri[k], x, y));
    return best;
}

static void face_measure(const head_model *h, const float (*pos)[3], face_marks *f)
{
    const mesh_data *m = &h->skin;
    const int grid = h->ear_first_vertex;
    memset(f, 0, sizeof *f);
    f->v[1] = -1.0f;
    f->prn[2] = -1.0f;
    for (int i = 0; i < grid; i++) {
        if (pos[i][1] > f->v[1]) glm_vec3_copy((float *)pos[i], f->v);
        if (pos[i][2] > f->prn[2]) glm_vec3_copy((float *)pos[i], f->prn); /* pronasale: the most forward point */
    }
    glm_vec3_copy((float *)pos[h->slit_upper[h->slit_count / 2]], f->sto);
    /* the midline profile (|x| < 1.5 mm, in front of the ear's plane) */
    float best_gn = -1.0f, glab_z = -1.0f, glab_y = 0.0f;
    f->sn[2] = f->n[2] = 1.0f;
    for (int i = 0; i < grid; i++) {
        const float *p = pos[i];
        if (fabsf(p[0]) > 0.0015f || p[2] < 0.0f) continue;
        /* gnathion: the chin's most forward-and-down point (the throat is far behind the nose) */
        if (p[1] < f->sto[1] && p[2] > f->prn[2] - 0.045f && p[2] - p[1] > best_gn) { best_gn = p[2] - p[1]; glm_vec3_copy((float *)p, f->gn); }
        if (p[1] < f->prn[1] && p[1] > f->sto[1] + 0.004f && p[2] < f->sn[2]) glm_vec3_copy((float *)p, f->sn); /* subnasale */
        if (p[1] > f->prn[1] + 0.045f && p[1] < f->prn[1] + 0.085f && p[2] > glab_z) { glab_z = p[2]; glab_y = p[1]; } /* glabella */
    }
    for (int i = 0; i < grid; i++) {
        const float *p = pos[i];
        if (fabsf(p[0]) < 0.0015f && p[2] > 0.0f && p[1] > f->prn[1] + 0.02f && p[1] < glab_y && p[2] < f->n[2]) glm_vec3_copy((float *)p, f->n);
    }
    /* ears: the sculpted meshes after the grid (right one, +x) */
    f->ear_top = -1.0f;
    f->ear_bottom = 1.0f;
    f->ear_front_z = -1.0f;
    f->ear_back_z = 1.0f;
    for (int i = grid; i < m->vertex_count; i++) {
        const float *p = pos[i];
        if (p[0] < 0.0f) continue;
        f->ear_top = fmaxf(f->ear_top, p[1]);
        f->ear_bottom = fminf(f->ear_bottom, p[1]);
        f->ear_front_z = fmaxf(f->ear_front_z, p[2]);
        f->ear_back_z = fminf(f->ear_back_z, p[2]);
    }
    f->ear_len = f->ear_top - f->ear_bottom;
    /* widths: eurion above the nasion; zygion between the eye line and 3 cm under it, gonion on the
     * jaw 1-3 cm under the mouth, both in front of the ear */
    float eye_y = 0.5f * (f->n[1] + f->sn[1]) + 0.25f * (f->n[1] - f->sn[1]); /* ~1 cm under the nasion */
    for (int i = 0; i < grid; i++) {
        const float *p = pos[i];
        float ax = fabsf(p[0]);
        if (p[1] > f->n[1]) f->eu = fmaxf(f->eu, ax);
        if (p[1] < eye_y && p[1] > eye_y - 0.03f && p[2] > f->ear_front_z) f->zy = fmaxf(f->zy, ax);
        if (p[1] < f->sto[1] - 0.010f && p[1] > f->sto[1] - 0.030f && p[2] > f->ear_front_z && ax > f->go) {
            f->go = ax;
            f->go_z = p[2];
        }
    }
    /* mouth corners: the grid vertices beside the slit's ends on its row */
    {
        uint32_t a = h->slit_upper[0], b = h->slit_upper[h->slit_count - 1];
        f->ch = fmaxf(fabsf(pos[a - 1][0]), fabsf(pos[b + 1][0]));
    }
    /* eye corners: along rays down -z over the right eye, where the skin lies behind the ball's
     * surface the eye is open; the innermost and outermost open points */
    const float *c = h->eye_center[0];
    vec3 lo = {c[0] - 0.022f, c[1] - 0.012f, c[2] - 0.005f}, hi = {c[0] + 0.022f, c[1] + 0.012f, 1.0f};
    uint32_t *tri = malloc((size_t)m->index_count / 3 * sizeof *tri);
    assert_non_null(tri);
    int nt = tris_in_box(m, pos, m->index_count / 3, lo, hi, tri);
    f->en[0] = 1.0f;
    f->ex[0] = -1.0f;
    for (float y = c[1] - 0.008f; y <= c[1] + 0.008f; y += 0.0005f)
        for (float x = c[0] - 0.018f; x <= c[0] + 0.018f; x += 0.00025f) {
            float dx = x - c[0], dy = y - c[1], q = HEAD_EYE_RADIUS * HEAD_EYE_RADIUS - dx * dx - dy * dy;
            if (q <= 0.0f) continue;
            float ball = c[2] + sqrtf(q);
            if (front_hit_list(m, pos, tri, nt, x, y) >= ball) continue;
            if (x < f->en[0]) glm_vec3_copy((vec3){x, y, ball}, f->en);
            if (x > f->ex[0]) glm_vec3_copy((vec3){x, y, ball}, f->ex);
        }
    /* nose wings: on rows from 2 mm over the subnasale up 1.2 cm, going out from the midline, where the
     * front profile falls most steeply (the wing's side turning away into the cheek) */
    lo[0] = 0.0f; lo[1] = f->sn[1] - 0.004f; lo[2] = 0.0f;
    hi[0] = 0.04f; hi[1] = f->sn[1] + 0.016f; hi[2] = 1.0f;
    nt = tris_in_box(m, pos, m->index_count / 3, lo, hi, tri);
    for (float y = f->sn[1] + 0.002f; y <= f->sn[1] + 0.012f; y += 0.001f) {
        float prev = front_hit_list(m, pos, tri, nt, 0.008f, y), drop = 0.0f, at = 0.0f;
        for (float x = 0.0085f; x < 0.026f; x += 0.0005f) {
            float z = front_hit_list(m, pos, tri, nt, x, y);
            if (z > 0.0f && prev > 0.0f && prev - z > drop) { drop = prev - z; at = x - 0.00025f; }
            prev = z;
        }
        if (at > f->al) { f->al = at; f->al_y = y; }
    }
    free(tri);
}

static const char *const norm_name[14] = {"head height v-gn", "head width eu-eu", "face width zy-zy", "jaw width go-go",
                                          "face height n-gn", "lower face sn-gn", "stomion-chin sto-gn", "nose height n-sn",
                                          "nose width al-al", "mouth width ch-ch", "eye fissure ex-en", "intercanthal en-en",
                                          "biocular ex-ex", "ear length sa-sba"};
static const float norm_mm[14] = {232, 151, 137, 97, 121, 72, 49, 54, 35, 54, 31, 33, 91, 62};

static void face_measures_mm(const face_marks *f, float out[14])
{
    out[0] = f->v[1] - f->gn[1];
    out[1] = 2.0f * f->eu;
    out[2] = 2.0f * f->zy;
    out[3] = 2.0f * f->go;
    out[4] = f->n[1] - f->gn[1];
    out[5] = f->sn[1] - f->gn[1];
    out[6] = f->sto[1] - f->gn[1];
    out[7] = f->n[1] - f->sn[1];
    out[8] = 2.0f * f->al;
    out[9] = 2.0f * f->ch;
    out[10] = glm_vec3_distance((float *)f->ex, (float *)f->en); /* straight, as calipers take it */
    out[11] = 2.0f * f->en[0];
    out[12] = 2.0f * f->ex[0];
    out[13] = f->ear_len;
    for (int k = 0; k < 14; k++) out[k] *= 1000.0f;
}

static void proportions_meet_adult_norms(void **state)
{
    (void)state;
    face_marks f;
    face_measure(&g_head, (const float (*)[3])g_head.skin.pos, &f);
    float mm[14];
    face_measures_mm(&f, mm);
    int bad = 0;
    print_message("| measure | mesh mm | norm mm | %% |\n|---|---:|---:|---:|\n");
    for (int k = 0; k < 14; k++) {
        float pct = 100.0f * (mm[k] - norm_mm[k]) / norm_mm[k];
        print_message("| %s | %.1f | %.0f | %+.1f |\n", norm_name[k], (double)mm[k], (double)norm_mm[k], (double)pct);
        if (fabsf(pct) > 6.0f) bad++;
    }
    /* the ear as a face's: its top at the brow's height (the crest of the brow over the pupil), its
     * bottom at the nose's base, within 6 % of the face's height; its front behind the jaw's
     * widest point at the gonion's height */
    float brow_y = 0.0f, brow_z = -1.0f, tol = 0.06f * (f.n[1] - f.gn[1]);
    for (int i = 0; i < g_head.ear_first_vertex; i++) {
        const float *p = g_head.skin.pos[i];
        if (fabsf(p[0] - g_head.eye_center[0][0]) < 0.001f && p[1] > f.n[1] - 0.004f && p[1] < f.n[1] + 0.03f && p[2] > brow_z) {
            brow_z = p[2];
            brow_y = p[1];
        }
    }
    print_message("ear: top %.1f mm (brow %.1f), bottom %.1f mm (subnasale %.1f), front at z %.1f mm (the jaw's widest at %.1f)\n",
                  (double)(f.ear_top * 1e3f), (double)(brow_y * 1e3f), (double)(f.ear_bottom * 1e3f), (double)(f.sn[1] * 1e3f),
                  (double)(f.ear_front_z * 1e3f), (double)(f.go_z * 1e3f));
    bad += fabsf(f.ear_top - brow_y) > tol;
    bad += fabsf(f.ear_bottom - f.sn[1]) > tol;
    bad += f.ear_front_z >= f.go_z;
    assert_int_equal(bad, 0);
}

/* ---- expressions that move the face (issue 51), measured on the mesh ---- */

/* The grid vertex of the neutral skin nearest to p, among those in front (z > 0). */
static int nearest_vertex(const head_model *h, const vec3 p)
{
    int best = 0;
    float bd = 1e9f;
    for (int i = 0; i < h->ear_first_vertex; i++) {
        float d = glm_vec3_distance2((float *)p, h->skin.pos[i]);
        if (h->skin.pos[i][2] > 0.0f && d < bd) { bd = d; best = i; }
    }
    return best;
}

/* The crest of the brow over x: the most forward grid vertex within 1 mm of x, 8-30 mm over the eye. */
static int brow_vertex(const head_model *h, float x)
{
    int best = -1;
    float eye_y = h->eye_center[0][1];
    for (int i = 0; i < h->ear_first_vertex; i++) {
        const float *p = h->skin.pos[i];
        if (fabsf(p[0] - x) < 0.001f && p[1] > eye_y + 0.008f && p[1] < eye_y + 0.030f && (best < 0 || p[2] > h->skin.pos[best][2])) best = i;
    }
    return best;
}

/* The lower lid's margin under the right pupil on the skin pos: scanning down from the eye's
 * centre, the last height where the ball shows before the skin covers it. */
static float lower_lid_y(const head_model *h, const float (*pos)[3], const uint32_t *tri, int nt)
{
    const float *c = h->eye_center[0];
    float y = c[1];
    for (; y > c[1] - HEAD_EYE_RADIUS; y -= 0.0002f) {
        float ball = c[2] + sqrtf(HEAD_EYE_RADIUS * HEAD_EYE_RADIUS - (y - c[1]) * (y - c[1]));
        if (front_hit_list(&h->skin, pos, tri, nt, c[0], y) >= ball) break;
    }
    return y;
}

static void expressions_move_the_face(void **state)
{
    (void)state;
    const head_model *h = &g_head;
    const mesh_data *m = &h->skin;
    const int n = m->vertex_count;
    face_marks f;
    face_measure(h, (const float (*)[3])m->pos, &f);
    float (*pos)[3] = malloc((size_t)n * sizeof *pos);
    uint32_t *tri = malloc((size_t)m->index_count / 3 * sizeof *tri);
    assert_non_null(pos);
    assert_non_null(tri);
    const float *c = h->eye_center[0];
    vec3 lo = {c[0] - 0.01f, c[1] - 0.02f, c[2]}, hi = {c[0] + 0.01f, c[1] + 0.01f, 1.0f};
    /* the lids' triangles in any preset: the box is wide enough for what a preset moves them */
    int nt = tris_in_box(m, (const float (*)[3])m->pos, m->index_count / 3, lo, hi, tri);
    /* landmarks: the brow's crest over the inner corner and over the pupil, the mouth's corner,
     * the cheekbone's front under the eye's outer half, the nose's wing, the upper lip's middle */
    int inner = brow_vertex(h, f.en[0] + 0.002f), mid = brow_vertex(h, c[0]), inner_l = brow_vertex(h, -(f.en[0] + 0.002f));
    int ch = nearest_vertex(h, (vec3){f.ch, f.sto[1], f.sto[2] - 0.01f});
    int cheek = nearest_vertex(h, (vec3){c[0] + 0.008f, c[1] - 0.028f, c[2] + 0.02f});
    int al = nearest_vertex(h, (vec3){f.al, f.al_y, f.sn[2] + 0.004f});
    int ls = -1;
    for (int i = 0; i < h->ear_first_vertex; i++)
        if (fabsf(m->pos[i][0]) < 0.0015f && m->pos[i][1] > f.sto[1] + 0.002f && m->pos[i][1] < f.sn[1] - 0.004f &&
            (ls < 0 || m->pos[i][2] > m->pos[ls][2]))
            ls = i;
    assert_true(inner >= 0 && mid >= 0 && inner_l >= 0 && ls >= 0);
    float lid0 = lower_lid_y(h, (const float (*)[3])m->pos, tri, nt);
    int bad = 0;
    for (int e = 1; e < WRINKLE_EXPR_COUNT; e++) {
        float w[HEAD_MORPH_COUNT] = {0};
        memcpy(w, wrinkle_expr_weights(e), HEAD_SHAPE_COUNT * sizeof *w);
        head_apply_shapes(h, w, pos, NULL);
        vec3 d_in, d_mid, d_ch, d_cheek, d_al, d_ls;
        glm_vec3_sub(pos[inner], m->pos[inner], d_in);
        glm_vec3_sub(pos[mid], m->pos[mid], d_mid);
        glm_vec3_sub(pos[ch], m->pos[ch], d_ch);
        glm_vec3_sub(pos[cheek], m->pos[cheek], d_cheek);
        glm_vec3_sub(pos[al], m->pos[al], d_al);
        glm_vec3_sub(pos[ls], m->pos[ls], d_ls);
        float lid = lower_lid_y(h, (const float (*)[3])pos, tri, nt) - lid0;
        float gap0 = m->pos[inner][0] - m->pos[inner_l][0], gap = pos[inner][0] - pos[inner_l][0];
        float up_out = d_ch[0] > 0.0f && d_ch[1] > 0.0f ? sqrtf(d_ch[0] * d_ch[0] + d_ch[1] * d_ch[1]) : 0.0f;
        print_message("%-9s inner brow %+5.1f mm up %+5.1f in; brow %+5.1f up; between the brows %3.0f %%; mouth corner %+5.1f up "
                      "%+5.1f out (%.1f); cheek %+4.1f up; lower lid %+4.1f up; nose wing %+4.1f up; upper lip %+4.1f up\n",
                      wrinkle_expr_name(e), (double)(d_in[1] * 1e3f), (double)(-d_in[0] * 1e3f), (double)(d_mid[1] * 1e3f),
                      (double)(100.0f * gap / gap0), (double)(d_ch[1] * 1e3f), (double)(d_ch[0] * 1e3f), (double)(up_out * 1e3f),
                      (double)(d_cheek[1] * 1e3f), (double)(lid * 1e3f), (double)(d_al[1] * 1e3f), (double)(d_ls[1] * 1e3f));
        switch (e) {
        case WRINKLE_EXPR_ANGRY: bad += !(d_in[1] <= -0.005f && -d_in[0] >= 0.003f) + !(gap <= 0.8f * gap0); break; /* the skin between the brows gathers */
        case WRINKLE_EXPR_SURPRISED: bad += !(d_in[1] >= 0.008f && d_mid[1] >= 0.008f); break;
        case WRINKLE_EXPR_HAPPY: bad += !(up_out >= 0.008f) + !(d_cheek[1] >= 0.003f) + !(lid > 0.0005f); break;
        case WRINKLE_EXPR_SQUINT: bad += !(lid >= 0.002f); break;
        case WRINKLE_EXPR_DISGUST: bad += !(d_al[1] >= 0.003f && d_ls[1] >= 0.003f); break;
        default: break;
        }
    }
    assert_int_equal(bad, 0);
    free(pos);
    free(tri);
}

/* The lid shells' vertices (head_lids.h) at blink weight w (no other shape moves them). */
static float (*lids_at(const head_model *h, float w))[3]
{
    const int off = h->skin.vertex_count + h->mouth.vertex_count;
    float (*out)[3] = malloc((size_t)(h->lids.vertex_count > 0 ? h->lids.vertex_count : 1) * sizeof *out);
    assert_non_null(out);
    for (int v = 0; v < h->lids.vertex_count; v++)
        for (int a = 0; a < 3; a++) out[v][a] = h->lids.pos[v][a] + w * h->shape_dpos[HEAD_BLINK][off + v][a];
    return out;
}

static float g_worst_at[3], g_worst_len, g_shell_worst = 1.0f;

/* The largest max(l'/l, l/l') over the skin's edges for weights w (where: g_worst_at). */
static float worst_stretch(const head_model *h, const float w[HEAD_MORPH_COUNT], float (*pos)[3])
{
    const mesh_data *m = &h->skin;
    head_apply_shapes(h, w, pos, NULL);
    float worst = 1.0f;
    for (int t = 0; t < m->index_count; t += 3)
        for (int k = 0; k < 3; k++) {
            uint32_t a = m->idx[t + k], b = m->idx[t + (k + 1) % 3];
            float l = glm_vec3_distance(m->pos[a], m->pos[b]), l1 = glm_vec3_distance(pos[a], pos[b]);
            if (l < 1e-6f) continue; /* a pole's fan, the slit's coincident copies */
            float r = l1 > l ? l1 / l : l / fmaxf(l1, 1e-9f);
            if (r > worst) { worst = r; g_worst_at[0] = m->pos[a][0]; g_worst_at[1] = m->pos[a][1]; g_worst_at[2] = m->pos[a][2]; g_worst_len = l; }
        }
    /* and the lid shells' (head_lids.h: only the blink moves them) */
    const mesh_data *s = &h->lids;
    float (*lpos)[3] = lids_at(h, w[HEAD_BLINK]);
    for (int t = 0; t < s->index_count; t += 3)
        for (int k = 0; k < 3; k++) {
            uint32_t a = s->idx[t + k], b = s->idx[t + (k + 1) % 3];
            float l = glm_vec3_distance(s->pos[a], s->pos[b]), l1 = glm_vec3_distance(lpos[a], lpos[b]);
            float r = l1 > l ? l1 / fmaxf(l, 1e-9f) : l / fmaxf(l1, 1e-9f);
            if (r > worst) { worst = r; g_worst_at[0] = s->pos[a][0]; g_worst_at[1] = s->pos[a][1]; g_worst_at[2] = s->pos[a][2]; g_worst_len = l; }
            g_shell_worst = fmaxf(g_shell_worst, r);
        }
    free(lpos);
    return worst;
}

/* No stretched triangles (issue 51): every preset, every wrinkle shape at 1 and every pair of them
 * at 1, and each of those with the blink at 1 (the blink alone, with each shape, each preset),
 * keeps each edge of the skin and of the lid shells within 2.5x of its neutral length, longer or
 * shorter. The old blink gathered the ~12 mm of skin hidden in the ball into a 1 mm strip under the
 * shut lid (26.8x); frown + blink reached 3.57x while the frown's window stopped 2 mm over the eyes. */
static void shapes_stretch_no_edge_past_2_5(void **state)
{
    (void)state;
    const head_model *h = &g_head;
    float (*pos)[3] = malloc((size_t)h->skin.vertex_count * sizeof *pos);
    assert_non_null(pos);
    float most = 1.0f, blink_most = 1.0f;
    for (int blink = 0; blink < 2; blink++) {
        for (int e = 0; e < WRINKLE_EXPR_COUNT; e++) {
            float w[HEAD_MORPH_COUNT] = {0};
            memcpy(w, wrinkle_expr_weights(e), HEAD_SHAPE_COUNT * sizeof *w);
            w[HEAD_BLINK] = (float)blink;
            float r = worst_stretch(h, w, pos);
            print_message("stretch: preset %-9s%s %.2f at %.1f %.1f %.1f mm (edge %.2f mm)\n", wrinkle_expr_name(e), blink ? " + blink" : "", (double)r,
                          (double)(g_worst_at[0] * 1e3f), (double)(g_worst_at[1] * 1e3f), (double)(g_worst_at[2] * 1e3f), (double)(g_worst_len * 1e3f));
            most = fmaxf(most, r);
            if (blink) blink_most = fmaxf(blink_most, r);
        }
        for (int a = 0; a < HEAD_MORPH_COUNT; a++)
            for (int b = a; b < HEAD_SHAPE_COUNT + blink; b++) {
                float w[HEAD_MORPH_COUNT] = {0};
                w[a] = w[b] = 1.0f;
                if (blink) w[HEAD_BLINK] = 1.0f;
                else if (a == HEAD_BLINK || b == HEAD_BLINK) continue;
                if (blink && b != HEAD_BLINK && a != HEAD_BLINK) continue; /* the pairs with the blink: each shape and the blink */
                float r = worst_stretch(h, w, pos);
                if (r > 2.0f || a == b)
                    print_message("stretch: %s + %s %.2f at %.1f %.1f %.1f mm (edge %.2f mm)\n", head_shape_name(a), head_shape_name(b), (double)r,
                                  (double)(g_worst_at[0] * 1e3f), (double)(g_worst_at[1] * 1e3f), (double)(g_worst_at[2] * 1e3f), (double)(g_worst_len * 1e3f));
                most = fmaxf(most, r);
                if (blink) blink_most = fmaxf(blink_most, r);
            }
    }
    print_message("stretch: the worst edge %.2f x (bound 2.5); with the blink %.2f x; the lid shells' %.2f x\n", (double)most, (double)blink_most,
                  (double)g_shell_worst);
    assert_true(most <= 2.5f);
    free(pos);
}

/* The canon (issue 30), measured on the mesh, each within 5 % of crown-to-chin: the eye line at
 * half the height, the eyes one eye-width apart, the nose base at two thirds, the mouth's corners
 * under the pupils, the ears between the brow and the nose base. */
static void proportions_follow_the_canon(void **state)
{
    (void)state;
    const head_model *h = &g_head;
    const mesh_data *m = &h->skin;
    vec3 lo, hi;
    mesh_bounds(m, lo, hi);
    float crown = hi[1], chin = 1.0f;
    for (int i = 0; i < m->vertex_count; i++)
        if (m->pos[i][2] > 0.06f && fabsf(m->pos[i][0]) < 0.01f) chin = fminf(chin, m->pos[i][1]);
    float H = crown - chin, tol = 0.05f * H;
    assert_true(H > 0.2f && H < 0.26f);
    /* eye line */
    float eye_y = h->eye_center[0][1];
    assert_true(fabsf((crown - eye_y) - 0.5f * H) < tol);
    /* the eye's opening along the eye line: where the ball's front is not under skin */
    const float *c = h->eye_center[0];
    float xa = 1.0f, xb = -1.0f;
    for (float dx = -HEAD_EYE_RADIUS; dx <= HEAD_EYE_RADIUS; dx += 0.00025f) {
        float dz = sqrtf(fmaxf(HEAD_EYE_RADIUS * HEAD_EYE_RADIUS - dx * dx, 0.0f));
        vec3 q = {c[0] + dx, c[1], c[2] + dz + 0.0003f};
        if (!head_inside(h, q)) { xa = fminf(xa, q[0]); xb = fmaxf(xb, q[0]); }
    }
    float eye_w = xb - xa, gap = 2.0f * xa;
    assert_true(eye_w > 0.015f);
    assert_true(fabsf(gap - eye_w) < tol);
    /* nose base: the deepest point of the midline profile between the nose tip and the mouth */
    int tip = 0;
    for (int i = 0; i < m->vertex_count; i++)
        if (m->pos[i][2] > m->pos[tip][2]) tip = i;
    float mouth_y = m->pos[h->slit_upper[h->slit_count / 2]][1], base_y = 0.0f, base_z = 1.0f;
    for (int i = 0; i < m->vertex_count; i++) {
        const float *p = m->pos[i];
        if (fabsf(p[0]) < 0.0015f && p[2] > 0.05f && p[1] < m->pos[tip][1] && p[1] > mouth_y + 0.004f && p[2] < base_z) {
            base_z = p[2];
            base_y = p[1];
        }
    }
    assert_true(base_z < 1.0f);
    assert_true(fabsf((crown - base_y) - 2.0f / 3.0f * H) < tol);
    print_message("canon: crown %.3f m, chin %.3f m, eye line %.1f %%, nose base %.1f %% of crown-to-chin; eye opening %.1f mm, "
                  "%.1f mm apart\n", (double)crown, (double)chin, (double)(100.0f * (crown - eye_y) / H),
                  (double)(100.0f * (crown - base_y) / H), (double)(1000.0f * eye_w), (double)(1000.0f * gap));
    /* mouth corners under the pupils */
    float corner = 0.0f;
    for (int k = 0; k < h->slit_count; k++) corner = fmaxf(corner, m->pos[h->slit_upper[k]][0]);
    assert_true(fabsf(corner - c[0]) < tol);
    /* ears: the sculpted meshes after the grid, on both sides */
    float ear_top = -1.0f, ear_bottom = 1.0f;
    int sides[2] = {0, 0};
    for (int i = h->ear_first_vertex; i < m->vertex_count; i++) {
        const float *p = m->pos[i];
        ear_top = fmaxf(ear_top, p[1]);
        ear_bottom = fminf(ear_bottom, p[1]);
        assert_true(fabsf(p[0]) > 0.05f && p[2] < 0.03f && p[2] > -0.07f);
        sides[p[0] > 0.0f]++;
    }
    assert_int_equal(sides[0], sides[1]);
    assert_true(ear_top > eye_y && ear_bottom < eye_y);
    assert_true(ear_top < HEAD_BROW_Y + tol && ear_top > HEAD_BROW_Y - tol);
    assert_true(fabsf(ear_bottom - base_y) < tol);
}

/* The grid's own copies of one 3D point: the seam (i = slices is i = 0) and the two poles (the
 * crown; the centre of the flat cap at the neck cut). The slit's lower copies stay themselves. */
static uint32_t weld(const head_model *h, uint32_t v)
{
    int row = h->slices + 1;
    if (v >= (uint32_t)(row * (h->stacks + 1))) return v;
    int j = (int)v / row, i = (int)v % row;
    if (j == 0 || j == h->stacks) i = 0;
    if (i == h->slices) i = 0;
    return (uint32_t)(j * row + i);
}


/* Closed: once the seam and the poles are welded, every edge of the skin (the ears' included: each
 * ear is a closed mesh of its own) is in exactly two
 * triangles, once each way round (one orientation), except along the mouth's slit, where each
 * edge of the upper row and of its lower copies (out to the corners, where the two lips meet) has
 * one triangle: the lips part there. The neck
 * cut is capped by the bottom pole's fan. */
static void skin_is_closed_but_for_the_mouth(void **state)
{
    (void)state;
    const head_model *h = &g_head;
    const mesh_data *m = &h->skin;
    uint64_t *e = malloc((size_t)m->index_count * sizeof *e);
    unsigned char *slit = calloc((size_t)m->vertex_count, 1);
    assert_non_null(e);
    assert_non_null(slit);
    for (int k = 0; k < h->slit_count; k++) slit[h->slit_upper[k]] = slit[h->slit_lower[k]] = 1;
    int n = 0;
    for (int t = 0; t < m->index_count; t += 3) {
        uint32_t v[3];
        for (int c = 0; c < 3; c++) v[c] = weld(h, m->idx[t + c]);
        if (v[0] == v[1] || v[1] == v[2] || v[2] == v[0]) continue; /* at a pole */
        for (int c = 0; c < 3; c++) e[n++] = (uint64_t)v[c] << 32 | v[(c + 1) % 3];
    }
    qsort(e, (size_t)n, sizeof *e, cmp_u64);
    int open = 0;
    for (int k = 0; k < n; k++) {
        uint32_t a = (uint32_t)(e[k] >> 32), b = (uint32_t)e[k];
        assert_true(k == 0 || e[k] != e[k - 1]); /* never twice the same way round */
        uint64_t back = (uint64_t)b << 32 | a;
        if (!bsearch(&back, e, (size_t)n, sizeof *e, cmp_u64)) {
            /* a slit edge, or the one from a slit vertex to the corner where the lips meet */
            assert_true(slit[a] || slit[b]);
            assert_true((slit[a] || (int)a / (h->slices + 1) == h->slit_row) && (slit[b] || (int)b / (h->slices + 1) == h->slit_row));
            open++;
        }
    }
    assert_true(open >= 2 * (h->slit_count - 1) && open <= 2 * (h->slit_count + 1)); /* one loop round the slit */
    free(e);
    free(slit);
}

static void landmarks_match_the_sculpt(void **state)
{
    (void)state;
    const mesh_data *m = &g_head.skin;
    /* the most forward skin point is the nose tip */
    int tip = 0;
    for (int i = 0; i < m->vertex_count; i++)
        if (m->pos[i][2] > m->pos[tip][2]) tip = i;
    vec3 sc;
    head_sculpt_point(m->uv[tip][0], m->uv[tip][1], sc);
    assert_true(fabsf(sc[0]) < 0.002f);
    assert_true(fabsf(sc[1] - HEAD_NOSE_TIP_Y) < 0.004f);
    assert_true(fabsf(m->pos[tip][1] - HEAD_NOSE_TIP_Y) < 0.015f);
    /* the lowest point of the front of the face is the chin, well below the mouth */
    float chin_y = 1.0f;
    for (int i = 0; i < m->vertex_count; i++)
        if (m->pos[i][2] > 0.06f && fabsf(m->pos[i][0]) < 0.01f) chin_y = fminf(chin_y, m->pos[i][1]);
    assert_true(chin_y < HEAD_MOUTH_Y - 0.02f && chin_y > HEAD_CHIN_Y - 0.03f);
    /* the mesh is sampled from head_surface_point, the function the baker paints with */
    for (int k = 0; k < 50; k++) {
        int i = (k * 7919) % g_head.ear_first_vertex; /* the grid's (the ears are sculpted apart) */
        vec3 p;
        head_surface_point(m->uv[i][0], m->uv[i][1], p);
        assert_float_equal(glm_vec3_distance(p, m->pos[i]), 0.0f, 1e-6);
    }
    /* eyeballs sit in the sockets: inside the head, front pole just in front of the skin */
    for (int e = 0; e < 2; e++) {
        vec3 c, front;
        glm_vec3_copy(g_head.eye_center[e], c);
        assert_true(head_inside(&g_head, c));
        glm_vec3_add(c, (vec3){0, 0, HEAD_EYE_RADIUS + 0.001f}, front);
        assert_false(head_inside(&g_head, front));
    }
}

/* Counts how many triangles cover each of n x n (slightly jittered) sample points in UV space. */
static void uv_coverage(const mesh_data *m, int n, unsigned char *count)
{
    for (int t = 0; t < m->index_count; t += 3) {
        const float *a = m->uv[m->idx[t]], *b = m->uv[m->idx[t + 1]], *c = m->uv[m->idx[t + 2]];
        double area = (double)(b[0] - a[0]) * (c[1] - a[1]) - (double)(c[0] - a[0]) * (b[1] - a[1]);
        if (area == 0.0) continue;
        int x0 = (int)floor(fmin(a[0], fmin(b[0], c[0])) * n), x1 = (int)ceil(fmax(a[0], fmax(b[0], c[0])) * n);
        int y0 = (int)floor(fmin(a[1], fmin(b[1], c[1])) * n), y1 = (int)ceil(fmax(a[1], fmax(b[1], c[1])) * n);
        for (int y = y0 < 0 ? 0 : y0; y <= y1 && y < n; y++) {
            for (int x = x0 < 0 ? 0 : x0; x <= x1 && x < n; x++) {
                double px = (x + 0.5 + 1.3e-4) / n, py = (y + 0.5 + 0.7e-4) / n;
                double w0 = ((b[0] - px) * (c[1] - py) - (c[0] - px) * (b[1] - py)) / area;
                double w1 = ((c[0] - px) * (a[1] - py) - (a[0] - px) * (c[1] - py)) / area;
                double w2 = 1.0 - w0 - w1;
                if (w0 > 0 && w1 > 0 && w2 > 0 && count[y * n + x] < 255) count[y * n + x]++;
            }
        }
    }
}

static void uvs_are_unique_and_cover_the_square(void **state)
{
    (void)state;
    const mesh_data *m = &g_head.skin;
    for (int i = 0; i < m->vertex_count; i++) {
        assert_true(m->uv[i][0] >= 0.0f && m->uv[i][0] <= 1.0f);
        assert_true(m->uv[i][1] >= 0.0f && m->uv[i][1] <= 1.0f);
    }
    /* every triangle of the grid keeps the same orientation in UV (nothing mirrored or folded);
     * the ears' all take one uv in the hidden neck cut */
    mesh_data grid = *m;
    grid.index_count = g_head.ear_first_index;
    for (int i = g_head.ear_first_vertex; i < m->vertex_count; i++) {
        assert_float_equal(m->uv[i][0], HEAD_EAR_U, 0.0);
        assert_float_equal(m->uv[i][1], HEAD_EAR_V, 0.0);
    }
    vec3 cut;
    head_surface_point(HEAD_EAR_U, HEAD_EAR_V, cut);
    assert_float_equal(cut[1], HEAD_NECK_BOTTOM_Y, 1e-5);
    m = &grid;
    for (int t = 0; t < m->index_count; t += 3) {
        const float *a = m->uv[m->idx[t]], *b = m->uv[m->idx[t + 1]], *c = m->uv[m->idx[t + 2]];
        assert_true((b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]) > 0.0f);
    }
    /* each texel of a 512 map belongs to exactly one triangle: no overlap, no gap */
    const int n = 512;
    unsigned char *count = calloc((size_t)n * n, 1);
    uv_coverage(m, n, count);
    for (int i = 0; i < n * n; i++) assert_int_equal(count[i], 1);
    free(count);
    /* the face (front, between chin and hairline) owns most of the texture */
    double face_area = 0.0;
    for (int t = 0; t < m->index_count; t += 3) {
        const uint32_t *ix = &m->idx[t];
        float z = (m->pos[ix[0]][2] + m->pos[ix[1]][2] + m->pos[ix[2]][2]) / 3.0f;
        float y = (m->pos[ix[0]][1] + m->pos[ix[1]][1] + m->pos[ix[2]][1]) / 3.0f;
        if (z < 0.03f || y < -0.13f || y > 0.09f) continue;
        const float *a = m->uv[ix[0]], *b = m->uv[ix[1]], *c = m->uv[ix[2]];
        face_area += 0.5 * ((b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]));
    }
    assert_true(face_area > 0.4);
}

static void normals_point_out_and_tangents_are_orthonormal(void **state)
{
    (void)state;
    const mesh_data *m = &g_head.skin;
    double mean = 0.0;
    for (int i = 0; i < m->vertex_count; i++) {
        vec3 d;
        glm_vec3_normalize_to(m->pos[i], d);
        if (i >= g_head.ear_first_vertex) {
            /* an ear: the normal climbs its field, out of the sculpt */
            vec3 g;
            for (int k = 0; k < 3; k++) {
                vec3 a, b;
                glm_vec3_copy(m->pos[i], a);
                glm_vec3_copy(m->pos[i], b);
                a[k] -= 2e-4f;
                b[k] += 2e-4f;
                g[k] = head_ear_sdf(b) - head_ear_sdf(a);
            }
            glm_vec3_normalize(g);
            assert_true(glm_vec3_dot(g, m->nrm[i]) > 0.0f);
            glm_vec3_copy(g, d);
        }
        float dn = glm_vec3_dot(d, m->nrm[i]);
        /* a star-shaped surface: the normal never faces the centre */
        assert_true(dn > -0.05f);
        mean += dn;
        assert_float_equal(glm_vec3_norm(m->nrm[i]), 1.0f, 1e-4);
        assert_float_equal(glm_vec3_norm(m->tan[i]), 1.0f, 1e-4);
        assert_float_equal(glm_vec3_dot(m->tan[i], m->nrm[i]), 0.0f, 1e-4);
        if (m->pos[i][2] > 0.05f && i < g_head.ear_first_vertex) {
            /* tangent follows u, which grows toward +x on the face; handedness +1 */
            assert_true(m->tan[i][0] > 0.0f);
            assert_float_equal(m->tan[i][3], 1.0f, 0.0);
        }
    }
    assert_true(mean / m->vertex_count > 0.8);
}

static void blendshapes_move_only_their_region(void **state)
{
    (void)state;
    const mesh_data *m = &g_head.skin;
    for (int s = 0; s < HEAD_MORPH_COUNT; s++) {
        vec3 lo, hi;
        head_shape_region(s, lo, hi);
        /* a local region of the face, not the whole head */
        assert_true(hi[0] - lo[0] < 0.2f && hi[1] - lo[1] < 0.15f && lo[2] >= -0.03f);
        float most = 0.0f;
        int moved = 0;
        for (int i = 0; i < m->vertex_count; i++) {
            float d = glm_vec3_norm(g_head.shape_dpos[s][i]);
            bool inside = true;
            for (int k = 0; k < 3; k++) inside = inside && m->pos[i][k] > lo[k] && m->pos[i][k] < hi[k];
            if (!inside) assert_float_equal(d, 0.0f, 0.0);
            most = fmaxf(most, d);
            if (d > 0.0005f) moved++;
        }
        /* millimetres to about two centimetres, over a patch of skin rather than a spike */
        assert_true(most > 0.002f);
        assert_true(most < 0.025f);
        assert_true(moved > 100);
        /* the shape is mirror-symmetric: a vertex and its mirror move by the same amount */
        int nu = g_head.slices;
        for (int j = 0; j <= g_head.stacks; j += 7) {
            int row = j * (nu + 1);
            for (int i = 1; i < nu / 2; i += 5) {
                float a = glm_vec3_norm(g_head.shape_dpos[s][row + i]), b = glm_vec3_norm(g_head.shape_dpos[s][row + nu - i]);
                assert_float_equal(a, b, 2e-5);
            }
        }
    }
    assert_int_equal(head_shape_find("jaw_open"), HEAD_JAW_OPEN);
    assert_string_equal(head_shape_name(HEAD_NOSE_WRINKLE), "nose_wrinkle");
    assert_int_equal(head_shape_find("pout"), -1);
}

/* The front-most z of the whole mesh under (x, y) along -z, or -1. */
static float front_hit(const mesh_data *m, const float (*pos)[3], float x, float y)
{
    float best = -1.0f;
    for (int t = 0; t < m->index_count; t += 3) best = fmaxf(best, tri_front_z(m, pos, t, x, y));
    return best;
}

/* How much of eye e's ball shows past the skin (mm^2, cells of 0.5 mm) seen from far away along
 * the view turned yaw about the vertical and pitch about the horizontal (radians) from straight
 * on: an orthographic depth test of the skin's triangles round the eye against the ball's front. */
#define BALL_CELLS 64
static float g_zbuf[BALL_CELLS][BALL_CELLS];

/* The triangles of m at positions pos near eye e into g_zbuf, seen along the view (yaw, pitch). */
static void ball_occluders(const mesh_data *m, const float (*pos)[3], const float *c, float yaw, float pitch)
{
    const float cell = 0.0005f, half = 0.5f * BALL_CELLS * cell;
    for (int t = 0; t < m->index_count; t += 3) {
        vec3 q[3];
        bool near = true;
        for (int k = 0; k < 3; k++) {
            vec3 d;
            glm_vec3_sub((float *)pos[m->idx[t + k]], (float *)c, d);
            near = near && glm_vec3_norm(d) < 0.06f;
            float x = cosf(yaw) * d[0] + sinf(yaw) * d[2], z = -sinf(yaw) * d[0] + cosf(yaw) * d[2];
            q[k][0] = x;
            q[k][1] = cosf(pitch) * d[1] - sinf(pitch) * z;
            q[k][2] = sinf(pitch) * d[1] + cosf(pitch) * z;
        }
        if (!near) continue;
        float det = (q[1][0] - q[0][0]) * (q[2][1] - q[0][1]) - (q[2][0] - q[0][0]) * (q[1][1] - q[0][1]);
        if (fabsf(det) < 1e-14f) continue;
        int i0 = (int)floorf((fminf(q[0][0], fminf(q[1][0], q[2][0])) + half) / cell);
        int i1 = (int)ceilf((fmaxf(q[0][0], fmaxf(q[1][0], q[2][0])) + half) / cell);
        int j0 = (int)floorf((fminf(q[0][1], fminf(q[1][1], q[2][1])) + half) / cell);
        int j1 = (int)ceilf((fmaxf(q[0][1], fmaxf(q[1][1], q[2][1])) + half) / cell);
        for (int j = j0 < 0 ? 0 : j0; j <= j1 && j < BALL_CELLS; j++)
            for (int i = i0 < 0 ? 0 : i0; i <= i1 && i < BALL_CELLS; i++) {
                float x = (i + 0.5f) * cell - half, y = (j + 0.5f) * cell - half;
                float u = ((x - q[0][0]) * (q[2][1] - q[0][1]) - (q[2][0] - q[0][0]) * (y - q[0][1])) / det;
                float v = ((q[1][0] - q[0][0]) * (y - q[0][1]) - (x - q[0][0]) * (q[1][1] - q[0][1])) / det;
                if (u < 0.0f || v < 0.0f || u + v > 1.0f) continue;
                g_zbuf[j][i] = fmaxf(g_zbuf[j][i], q[0][2] + u * (q[1][2] - q[0][2]) + v * (q[2][2] - q[0][2]));
            }
    }
}

/* How much of eye e's ball shows past the skin and the lid shells (mm^2, cells of 0.5 mm) seen
 * from far away along the view turned yaw about the vertical and pitch about the horizontal
 * (radians) from straight on: an orthographic depth test of the skin's triangles (at pos) and the
 * shells' (at lpos; NULL: none) round the eye against the ball's front. */
static float ball_showing(const head_model *h, const float (*pos)[3], const float (*lpos)[3], int e, float yaw, float pitch)
{
    const float *c = h->eye_center[e], cell = 0.0005f, half = 0.5f * BALL_CELLS * cell;
    float (*zbuf)[BALL_CELLS] = g_zbuf;
    for (int j = 0; j < BALL_CELLS; j++)
        for (int i = 0; i < BALL_CELLS; i++) zbuf[j][i] = -1.0f;
    ball_occluders(&h->skin, pos, c, yaw, pitch);
    if (lpos) ball_occluders(&h->lids, lpos, c, yaw, pitch);
    int shows = 0;
    for (int j = 0; j < BALL_CELLS; j++)
        for (int i = 0; i < BALL_CELLS; i++) {
            float x = (i + 0.5f) * cell - half, y = (j + 0.5f) * cell - half, r2 = HEAD_EYE_RADIUS * HEAD_EYE_RADIUS - x * x - y * y;
            if (r2 > 0.0f && zbuf[j][i] < sqrtf(r2)) shows++;
        }
    return (float)shows * cell * cell * 1e6f;
}

/* The blink (issue 30): at full weight the upper lid comes down over the cornea — seen from the
 * front, the skin lies in front of the ball over the pole and 2.5 mm around it (the iris), while
 * open it does not; shut, no cell of either ball shows past the skin and the lid shells from five
 * directions (ball_showing; without the shells 47.75 mm^2 shows at the corners); it has
 * no wrinkle layer (its index is past the wrinkle shapes'). */
static void blink_closes_the_lid_over_the_cornea(void **state)
{
    (void)state;
    const mesh_data *m = &g_head.skin;
    assert_int_equal(head_shape_find("blink"), HEAD_BLINK);
    assert_true(HEAD_BLINK >= HEAD_SHAPE_COUNT);
    float (*pos)[3] = malloc((size_t)m->vertex_count * sizeof *pos);
    assert_non_null(pos);
    float w[HEAD_MORPH_COUNT] = {[HEAD_BLINK] = 1.0f};
    head_apply_shapes(&g_head, w, pos, NULL);
    float (*lpos)[3] = lids_at(&g_head, 1.0f);
    static const float off[5][2] = {{0, 0}, {0.0025f, 0}, {-0.0025f, 0}, {0, 0.0025f}, {0, -0.0025f}};
    for (int e = 0; e < 2; e++) {
        const float *c = g_head.eye_center[e];
        for (int k = 0; k < 5; k++) {
            float x = c[0] + off[k][0], y = c[1] + off[k][1];
            float ball = c[2] + sqrtf(HEAD_EYE_RADIUS * HEAD_EYE_RADIUS - off[k][0] * off[k][0] - off[k][1] * off[k][1]);
            assert_true(front_hit(m, (const float (*)[3])pos, x, y) > ball);      /* shut: lid over it */
            assert_true(front_hit(m, (const float (*)[3])m->pos, x, y) < ball);   /* open: the cornea shows */
        }
    }
    /* and nothing of the ball shows past the shut lids, not at the corners either, from the front,
     * from 35 degrees to either side and from 20 degrees above and below (open: 227-332 mm^2) */
    float worst_open = 1e9f, worst_shut = 0.0f;
    static const float view[5][2] = {{0.0f, 0.0f}, {0.61f, 0.0f}, {-0.61f, 0.0f}, {0.0f, 0.35f}, {0.0f, -0.35f}};
    for (int e = 0; e < 2; e++)
        for (int k = 0; k < 5; k++) {
            float open = ball_showing(&g_head, (const float (*)[3])m->pos, (const float (*)[3])g_head.lids.pos, e, view[k][0], view[k][1]);
            float shut = ball_showing(&g_head, (const float (*)[3])pos, (const float (*)[3])lpos, e, view[k][0], view[k][1]);
            print_message("eye %d seen %+3.0f deg across, %+3.0f up: %5.1f mm^2 of the ball open, %4.2f shut\n", e,
                          (double)(view[k][0] * 57.2958f), (double)(view[k][1] * 57.2958f), (double)open, (double)shut);
            worst_open = fminf(worst_open, open);
            worst_shut = fmaxf(worst_shut, shut);
        }
    assert_true(worst_open > 150.0f);
    assert_true(worst_shut == 0.0f);
    free(lpos);
    free(pos);
}

/* The shut lid lies on the ball (issue 30: the lid's own bulge and crease, slid down, stood off it
 * as a ledge that read as a plate): straight up the pupil's line from the lashes to 7 mm over the
 * eye's centre the skin seen from the front keeps 1-4 mm off the ball (was 3.4-6.4) and turns smoothly (its
 * standoff changes by under 0.5 mm a millimetre); and the curvature the skin scatters with
 * (head_shape_curvature) follows the shut lid: the neutral lid's fold does not stay under it. */
static void shut_lid_lies_on_the_ball(void **state)
{
    (void)state;
    const mesh_data *m = &g_head.skin;
    const int n = m->vertex_count;
    float (*pos)[3] = malloc((size_t)n * sizeof *pos), *curv = malloc((size_t)n * sizeof *curv), *dcurv[HEAD_MORPH_COUNT];
    for (int s = 0; s < HEAD_MORPH_COUNT; s++) dcurv[s] = malloc((size_t)n * sizeof *dcurv[s]);
    assert_true(head_shape_curvature(&g_head, curv, dcurv));
    float w[HEAD_MORPH_COUNT] = {[HEAD_BLINK] = 1.0f};
    head_apply_shapes(&g_head, w, pos, NULL);
    for (int e = 0; e < 2; e++) {
        const float *c = g_head.eye_center[e];
        float prev = -1.0f, lo = 1.0f, hi = 0.0f, step = 0.0f;
        for (float dy = -0.003f; dy <= 0.0071f; dy += 0.001f) {
            float z = front_hit(m, (const float (*)[3])pos, c[0], c[1] + dy);
            float off = sqrtf(dy * dy + (z - c[2]) * (z - c[2])) - HEAD_EYE_RADIUS;
            lo = fminf(lo, off);
            hi = fmaxf(hi, off);
            if (prev >= 0.0f) step = fmaxf(step, fabsf(off - prev));
            prev = off;
        }
        print_message("eye %d shut: the lid %.2f-%.2f mm off the ball, steps up to %.2f mm a millimetre\n", e,
                      (double)(lo * 1e3f), (double)(hi * 1e3f), (double)(step * 1e3f));
        assert_true(lo > 0.001f && hi < 0.004f);
        assert_true(step < 0.0005f);
    }
    /* the curvature the skin scatters with (1/m) where the neutral lid folds (over 150: its margin
     * and crease, a few millimetres across) and the blink moves the skin onto the ball's front:
     * shut, that skin is the ball's (~70), not the fold's */
    double shaped = 0.0, neutral = 0.0;
    int count = 0;
    for (int v = 0; v < n; v++) {
        const float *c = g_head.eye_center[m->pos[v][0] < 0.0f];
        if (curv[v] < 150.0f || glm_vec3_norm(g_head.shape_dpos[HEAD_BLINK][v]) < 0.002f || fabsf(pos[v][0] - c[0]) > 0.006f ||
            pos[v][2] < c[2])
            continue;
        shaped += curv[v] + dcurv[HEAD_BLINK][v];
        neutral += curv[v];
        count++;
    }
    print_message("shut lid over the neutral's fold: %d vertices, curvature %.0f 1/m (neutral %.0f; the ball's %.0f)\n", count,
                  shaped / count, neutral / count, 1.0 / HEAD_EYE_RADIUS);
    assert_true(count > 20);
    assert_true(shaped / count < 0.5 * neutral / count && shaped / count < 1.5 / HEAD_EYE_RADIUS);
    free(pos);
    free(curv);
    for (int s = 0; s < HEAD_MORPH_COUNT; s++) free(dcurv[s]);
}

static void apply_shapes_is_linear(void **state)
{
    (void)state;
    const mesh_data *m = &g_head.skin;
    int n = m->vertex_count;
    float (*pos)[3] = malloc((size_t)n * sizeof *pos), (*nrm)[3] = malloc((size_t)n * sizeof *nrm);
    float zero[HEAD_MORPH_COUNT] = {0};
    head_apply_shapes(&g_head, zero, pos, nrm);
    for (int i = 0; i < n; i += 13) assert_float_equal(glm_vec3_distance(pos[i], m->pos[i]), 0.0f, 0.0);
    float w[HEAD_MORPH_COUNT] = {[HEAD_JAW_OPEN] = 0.5f, [HEAD_SMILE] = 1.0f};
    head_apply_shapes(&g_head, w, pos, nrm);
    int changed = 0;
    for (int i = 0; i < n; i++) {
        vec3 expect;
        glm_vec3_copy(m->pos[i], expect);
        glm_vec3_muladds(g_head.shape_dpos[HEAD_JAW_OPEN][i], 0.5f, expect);
        glm_vec3_muladds(g_head.shape_dpos[HEAD_SMILE][i], 1.0f, expect);
        assert_float_equal(glm_vec3_distance(pos[i], expect), 0.0f, 1e-7);
        assert_float_equal(glm_vec3_norm(nrm[i]), 1.0f, 1e-4);
        if (glm_vec3_dot(nrm[i], m->nrm[i]) < 0.999f) changed++;
    }
    /* the normals follow the deformation */
    assert_true(changed > 100);
    /* jaw_open lowers the chin */
    int chin = -1;
    for (int i = 0; i < n; i++)
        if (m->pos[i][2] > 0.06f && fabsf(m->pos[i][0]) < 0.003f && (chin < 0 || m->pos[i][1] < m->pos[chin][1])) chin = i;
    assert_true(chin >= 0);
    assert_true(g_head.shape_dpos[HEAD_JAW_OPEN][chin][1] < -0.008f);
    free(pos);
    free(nrm);
}

/* The mouth: closed, the split skin is one surface (the lips' copies in place, same normals) and
 * everything of the mouth lies inside the head behind the lips; jaw_open parts the lips at the
 * middle, not at the corners, turns the lower teeth and the tongue rigidly with the jaw and
 * leaves the upper teeth; every lining vertex moves with its lip; a smile keeps the lips closed. */
static void mouth_hides_inside_and_opens_with_the_jaw(void **state)
{
    (void)state;
    const head_model *h = &g_head;
    const mesh_data *m = &h->skin, *mo = &h->mouth;
    assert_true(h->slit_count > 20);
    for (int k = 0; k < h->slit_count; k++) {
        uint32_t a = h->slit_upper[k], b = h->slit_lower[k];
        assert_float_equal(glm_vec3_distance(m->pos[a], m->pos[b]), 0.0f, 0.0);
        assert_true(glm_vec3_dot(m->nrm[a], m->nrm[b]) > 0.99999f);
        assert_true(fabsf(m->pos[a][0]) < HEAD_MOUTH_CORNER_X && m->pos[a][2] > 0.06f);
    }
    const float *mid_up = m->pos[h->slit_upper[h->slit_count / 2]];
    int inside = 0, teeth = 0;
    for (int v = 0; v < mo->vertex_count; v++) {
        int32_t anchor = h->mouth_anchor[v];
        if (anchor >= 0 && glm_vec3_distance(mo->pos[v], m->pos[anchor]) == 0.0f) continue; /* on the lips */
        assert_true(head_inside(h, mo->pos[v]));
        /* behind its own lip (the lining; issue 51's wider mouth puts a lip 2 cm out of the middle a
         * fraction of a millimetre ahead of the middle's slit), else behind the middle of the lips */
        assert_true(mo->pos[v][2] < (anchor >= 0 ? m->pos[anchor][2] : mid_up[2]));
        inside++;
    }
    assert_true(inside > 500);
    const int *tp = h->mouth_part[HEAD_MOUTH_TEETH], *tg = h->mouth_part[HEAD_MOUTH_TONGUE];
    assert_true(tp[1] > 0 && tg[1] > 0);
    for (int i = tp[0]; i < tp[0] + tp[1]; i++) {
        const float *p = mo->pos[mo->idx[i]];
        assert_true(head_inside(h, p) && p[2] < mid_up[2] - 0.003f); /* behind the lips */
        teeth++;
    }
    assert_true(teeth > 100);

    const int n = m->vertex_count;
    const float (*jaw)[3] = (const float (*)[3])h->shape_dpos[HEAD_JAW_OPEN];
    /* the middle of the mouth parts by about a centimetre; the corners stay joined */
    int mid = h->slit_count / 2;
    float gap = jaw[h->slit_upper[mid]][1] - jaw[h->slit_lower[mid]][1];
    assert_true(gap > 0.009f);
    assert_true(fabsf(jaw[h->slit_upper[mid]][1]) < 0.001f);
    float gap_end = jaw[h->slit_upper[0]][1] - jaw[h->slit_lower[0]][1];
    assert_true(gap_end < 0.35f * gap);
    /* rigid parts: the lower teeth (second arch, above: y below the lips' line) and the tongue
     * turn with the jaw, the upper teeth do not */
    int lower = 0, upper = 0;
    for (int i = tp[0]; i < tp[0] + tp[1] + tg[1]; i++) {
        uint32_t v = mo->idx[i];
        vec3 turn;
        head_jaw_turn(mo->pos[v], turn);
        const float *d = jaw[n + (int)v];
        if (h->mouth_jaw[v] == 1.0f) {
            assert_float_equal(glm_vec3_distance((float *)d, turn), 0.0f, 1e-7);
            lower++;
        } else {
            assert_float_equal(glm_vec3_norm((float *)d), 0.0f, 0.0);
            assert_true(mo->pos[v][1] > mid_up[1] - 0.005f);
            upper++;
        }
    }
    assert_true(lower > 100 && upper > 100);
    /* the lining hangs from the lips: every shape moves it as its lip */
    for (int s = 0; s < HEAD_SHAPE_COUNT; s++) {
        for (int v = 0; v < mo->vertex_count; v++)
            if (h->mouth_anchor[v] >= 0)
                assert_float_equal(glm_vec3_distance(h->shape_dpos[s][n + v], h->shape_dpos[s][h->mouth_anchor[v]]), 0.0f, 0.0);
        if (s == HEAD_JAW_OPEN) continue;
        for (int k = 0; k < h->slit_count; k++) /* the other shapes keep the lips together */
            assert_float_equal(glm_vec3_distance(h->shape_dpos[s][h->slit_upper[k]], h->shape_dpos[s][h->slit_lower[k]]), 0.0f, 0.0);
    }
}

static void bad_desc_fails_with_an_error(void **state)
{
    (void)state;
    log_set_quiet(true);
    int before = log_error_count();
    head_model h;
    assert_false(head_build(&h, &(head_desc){.slices = 8}));
    assert_int_equal(log_error_count(), before + 1);
    head_free(&h);
}

/* The ears follow the grid's density (face.detail): at half the grid they are meshed on 2 mm cells,
 * about a quarter of the vertices, still closed (every edge twice, once each way round) and as
 * tall as at full detail within 2 mm. */
static void ears_follow_the_detail(void **state)
{
    (void)state;
    head_model lo;
    assert_true(head_build(&lo, &(head_desc){.slices = HEAD_SLICES / 2, .stacks = HEAD_STACKS / 2}));
    const mesh_data *m = &lo.skin, *f = &g_head.skin;
    int n_lo = m->vertex_count - lo.ear_first_vertex, n_full = f->vertex_count - g_head.ear_first_vertex;
    print_message("ears: %d vertices at half the grid, %d at full\n", n_lo, n_full);
    assert_true(n_lo > 0 && n_lo <= n_full * 35 / 100);
    int n = 0;
    uint64_t *e = malloc((size_t)(m->index_count - lo.ear_first_index) * sizeof *e);
    assert_non_null(e);
    for (int t = lo.ear_first_index; t < m->index_count; t += 3)
        for (int c = 0; c < 3; c++) e[n++] = (uint64_t)m->idx[t + c] << 32 | m->idx[t + (c + 1) % 3];
    qsort(e, (size_t)n, sizeof *e, cmp_u64);
    for (int k = 0; k < n; k++) {
        uint64_t back = (e[k] & 0xffffffffu) << 32 | e[k] >> 32;
        assert_true(k == 0 || e[k] != e[k - 1]);
        assert_non_null(bsearch(&back, e, (size_t)n, sizeof *e, cmp_u64));
    }
    free(e);
    float span[2][2] = {{1, -1}, {1, -1}};
    for (int s = 0; s < 2; s++) {
        const mesh_data *q = s ? f : m;
        for (int v = s ? g_head.ear_first_vertex : lo.ear_first_vertex; v < q->vertex_count; v++) {
            span[s][0] = fminf(span[s][0], q->pos[v][1]);
            span[s][1] = fmaxf(span[s][1], q->pos[v][1]);
        }
    }
    assert_true(fabsf(span[0][0] - span[1][0]) <= 0.002f && fabsf(span[0][1] - span[1][1]) <= 0.002f);
    head_free(&lo);
}

/* head_build (grid, ears, mouth, seven blendshapes) within a second in an optimized build; the time
 * is printed. Sanitized or unoptimized builds only print it. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__) || !defined(__OPTIMIZE__)
#define HEAD_TIMED 0
#else
#define HEAD_TIMED 1
#endif
static void head_builds_within_a_second(void **state)
{
    (void)state;
    struct timespec t0, t1;
    head_model h;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    assert_true(head_build(&h, &(head_desc){0}));
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    print_message("head_build: %.3f s (%d skin vertices, %d of them the ears', %d triangles; %d blendshape vertices)\n", s,
                  h.skin.vertex_count, h.skin.vertex_count - h.ear_first_vertex, h.skin.index_count / 3, h.shape_vertex_count);
    if (HEAD_TIMED) assert_true(s <= 1.0);
    head_free(&h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(head_is_dense_and_bust_sized),
        cmocka_unit_test(proportions_are_human),
        cmocka_unit_test(proportions_follow_the_canon),
        cmocka_unit_test(proportions_meet_adult_norms),
        cmocka_unit_test(expressions_move_the_face),
        cmocka_unit_test(shapes_stretch_no_edge_past_2_5),
        cmocka_unit_test(grid_carries_the_mouth),
        cmocka_unit_test(collar_covers_the_neck_line),
        cmocka_unit_test(body_is_an_adults),
        cmocka_unit_test(neck_leans_and_has_its_forms),
        cmocka_unit_test(skin_is_closed_but_for_the_mouth),
        cmocka_unit_test(landmarks_match_the_sculpt),
        cmocka_unit_test(uvs_are_unique_and_cover_the_square),
        cmocka_unit_test(normals_point_out_and_tangents_are_orthonormal),
        cmocka_unit_test(blendshapes_move_only_their_region),
        cmocka_unit_test(blink_closes_the_lid_over_the_cornea),
        cmocka_unit_test(shut_lid_lies_on_the_ball),
        cmocka_unit_test(apply_shapes_is_linear),
        cmocka_unit_test(mouth_hides_inside_and_opens_with_the_jaw),
        cmocka_unit_test(bad_desc_fails_with_an_error),
        cmocka_unit_test(ears_follow_the_detail),
        cmocka_unit_test(head_builds_within_a_second),
    };
    return cmocka_run_group_tests(tests, build_head, free_head);
}
