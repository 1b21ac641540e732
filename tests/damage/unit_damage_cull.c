/* The culled unwrap's geometry without a driver: the footprint of a sphere on a triangle's plane
 * and its UV box, the clipping that keeps shared edges crack-free, and the culling on the real
 * robot: a sphere off the armor gives no quad, one touching a plate gives quads that cover every
 * texel it reaches (conservative: nothing the GPU pass must write is left out) and little else
 * (the pass costs what the blast touches); plates switched off or moved away are not drawn. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/rng.h"
#include "damage/core/damage_cull.h"
#include "damage/core/robot.h"

/* ---- footprint and clipping on one triangle ---- */

/* The right triangle (0,0,0) (1,0,0) (0,1,0) in z = 0, uv = (su x, sv y). */
static void tri(damage_cull_point v[3], float su, float sv)
{
    const float p[3][2] = {{0, 0}, {1, 0}, {0, 1}};
    for (int i = 0; i < 3; i++) v[i] = (damage_cull_point){{su * p[i][0], sv * p[i][1]}, {p[i][0], p[i][1], 0}};
}

static void the_footprint_box_is_the_disc_on_the_plane_through_the_uv_map(void **state)
{
    (void)state;
    damage_cull_point v[3];
    tri(v, 2.0f, 0.5f);
    const float texel = 1.0f / 1024.0f, reach = 0.1f, h = 0.06f;
    float rect[4];
    /* centre above (0.2, 0.3): the disc there has radius sqrt(reach² - h²) = 0.08 */
    assert_true(damage_cull_footprint_rect(v, (float[3]){0.2f, 0.3f, h}, reach, texel, rect));
    const float rho = 0.08f;
    assert_float_equal(rect[0], 0.4f - (2.0f * rho + 1.5f * texel), 1e-5f);
    assert_float_equal(rect[2], 0.4f + (2.0f * rho + 1.5f * texel), 1e-5f);
    assert_float_equal(rect[1], 0.15f - (0.5f * rho + 1.5f * texel), 1e-5f);
    assert_float_equal(rect[3], 0.15f + (0.5f * rho + 1.5f * texel), 1e-5f);
    /* below the plane is the same disc */
    float below[4];
    assert_true(damage_cull_footprint_rect(v, (float[3]){0.2f, 0.3f, -h}, reach, texel, below));
    for (int k = 0; k < 4; k++) assert_float_equal(below[k], rect[k], 1e-6f);
    /* the footprint's centre may lie outside the triangle: the box is still there */
    assert_true(damage_cull_footprint_rect(v, (float[3]){1.5f, 1.5f, 0}, reach, texel, rect));
    assert_float_equal(rect[0], 3.0f - (2.0f * reach + 1.5f * texel), 1e-5f);
}

static void a_sphere_off_the_plane_or_a_degenerate_face_has_no_footprint(void **state)
{
    (void)state;
    damage_cull_point v[3];
    tri(v, 1.0f, 1.0f);
    float rect[4];
    assert_false(damage_cull_footprint_rect(v, (float[3]){0.2f, 0.2f, 0.1f}, 0.1f, 0.001f, rect));   /* just touching */
    assert_false(damage_cull_footprint_rect(v, (float[3]){0.2f, 0.2f, -0.5f}, 0.1f, 0.001f, rect));
    assert_true(damage_cull_footprint_rect(v, (float[3]){0.2f, 0.2f, 0.099f}, 0.1f, 0.001f, rect));
    memcpy(v[2].pos, v[1].pos, sizeof v[2].pos); /* two corners on one point */
    assert_false(damage_cull_footprint_rect(v, (float[3]){0.2f, 0.2f, 0}, 0.1f, 0.001f, rect));
}

static float poly_area(const damage_cull_point *p, int n)
{
    float a = 0;
    for (int i = 0; i < n; i++) {
        const float *u = p[i].uv, *w = p[(i + 1) % n].uv;
        a += u[0] * w[1] - w[0] * u[1];
    }
    return 0.5f * fabsf(a);
}

static void clipping_keeps_one_side_of_the_line(void **state)
{
    (void)state;
    damage_cull_point v[3], out[8];
    tri(v, 1.0f, 1.0f);
    /* keep u >= 0.5: the corner triangle (0.5,0) (1,0) (0.5,0.5) */
    int m = damage_cull_clip_side(v, 3, out, 0, 0.5f, 1.0f);
    assert_int_equal(m, 3);
    for (int i = 0; i < m; i++) assert_true(out[i].uv[0] >= 0.5f);
    assert_float_equal(poly_area(out, m), 0.125f, 1e-6f);
    /* positions follow uv along the face */
    for (int i = 0; i < m; i++) {
        assert_float_equal(out[i].pos[0], out[i].uv[0], 1e-6f);
        assert_float_equal(out[i].pos[1], out[i].uv[1], 1e-6f);
    }
    /* keep u <= 0.5: the rest, a quad */
    m = damage_cull_clip_side(v, 3, out, 0, 0.5f, -1.0f);
    assert_int_equal(m, 4);
    assert_float_equal(poly_area(out, m), 0.375f, 1e-6f);
    /* wholly outside and wholly inside */
    assert_int_equal(damage_cull_clip_side(v, 3, out, 1, 2.0f, 1.0f), 0);
    assert_int_equal(damage_cull_clip_side(v, 3, out, 1, -1.0f, 1.0f), 3);
}

/* Two faces sharing an edge walk it in opposite directions; where a clip line crosses it, both
 * must make the very same point (bit for bit), or the clipped mesh has cracks. */
static void two_faces_sharing_an_edge_cut_it_at_the_same_point(void **state)
{
    (void)state;
    rng g;
    rng_seed(&g, 3);
    int shared = 0;
    const int trials = 2000;
    for (int i = 0; i < trials; i++) {
        damage_cull_point e[4];
        for (int j = 0; j < 4; j++) {
            for (int k = 0; k < 2; k++) e[j].uv[k] = rng_float(&g);
            for (int k = 0; k < 3; k++) e[j].pos[k] = rng_range(&g, -1.0f, 1.0f);
        }
        const damage_cull_point t1[3] = {e[0], e[1], e[2]}, t2[3] = {e[1], e[0], e[3]};
        const float at = 0.5f * (e[0].uv[0] + e[1].uv[0]);
        damage_cull_point o1[8], o2[8];
        const int a = damage_cull_clip_side(t1, 3, o1, 0, at, 1.0f), b = damage_cull_clip_side(t2, 3, o2, 0, at, 1.0f);
        bool same = false;
        for (int x = 0; x < a && !same; x++)
            for (int y = 0; y < b && !same; y++) same = o1[x].uv[0] == at && memcmp(&o1[x], &o2[y], sizeof o1[x]) == 0;
        shared += same;
    }
    assert_int_equal(shared, trials);
}

/* ---- culling on the robot ---- */

typedef struct fixture {
    robot *r;
    damage_mesh meshes[ROBOT_PLATE_COUNT]; /* the plates as a damage-map surface */
    damage_cull *c;
    mat4 models[ROBOT_PLATE_COUNT];
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    f->r = robot_create(NULL);
    if (!f->r) return -1;
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++) {
        const robot_plate *pl = &f->r->plates[p];
        f->meshes[p] = (damage_mesh){.positions = (const float (*)[3])pl->mesh.pos, .uvs = (const float (*)[2])pl->mesh.uv,
                                     .charts = pl->chart, .indices = pl->mesh.idx, .vertex_count = pl->mesh.vertex_count,
                                     .index_count = pl->mesh.index_count};
    }
    f->c = damage_cull_create(f->meshes, ROBOT_PLATE_COUNT, f->r->atlas_size);
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++) glm_mat4_copy(f->r->plates[p].rest, f->models[p]);
    *state = f;
    return f->c ? 0 : -1;
}

static int teardown(void **state)
{
    fixture *f = *state;
    damage_cull_destroy(f->c);
    damage_cull_destroy(NULL);
    robot_destroy(f->r);
    free(f);
    return 0;
}

/* A point on the outer face of a plate, in bind space, and its face normal. */
static void plate_point(const fixture *f, int plate, float pos[3], float nrm[3])
{
    const mesh_data *m = &f->r->plates[plate].mesh;
    const int t = 3 * (m->index_count / 12); /* a triangle a quarter of the way in: the outer face */
    vec3 a, b, c, e1, e2, n;
    glm_mat4_mulv3((vec4 *)f->models[plate], m->pos[m->idx[t]], 1.0f, a);
    glm_mat4_mulv3((vec4 *)f->models[plate], m->pos[m->idx[t + 1]], 1.0f, b);
    glm_mat4_mulv3((vec4 *)f->models[plate], m->pos[m->idx[t + 2]], 1.0f, c);
    for (int k = 0; k < 3; k++) pos[k] = (a[k] + b[k] + c[k]) / 3.0f;
    glm_vec3_sub(b, a, e1);
    glm_vec3_sub(c, a, e2);
    glm_vec3_cross(e1, e2, n);
    glm_vec3_normalize_to(n, nrm);
}

typedef struct coverage {
    const fixture *f;
    const float (*spheres)[4];
    int n;
    const damage_cull_vert *v;
    int nv;
    int reached, missed;
} coverage;

static bool inside_a_quad(const coverage *cv, int sphere, float u, float w)
{
    for (int q = 0; q < cv->nv; q += 6) {
        const damage_cull_vert *v = cv->v + q;
        if ((int)v[0].tag != sphere) continue;
        /* corners 0 and 2 are the rectangle's low and high ends */
        if (u >= v[0].uv[0] && u <= v[2].uv[0] && w >= v[0].uv[1] && w <= v[2].uv[1]) return true;
    }
    return false;
}

static void check_texel(void *user, int plate, int chart, int t, int x, int y, const float w[3])
{
    (void)chart;
    coverage *cv = user;
    const mesh_data *m = &cv->f->r->plates[plate].mesh;
    vec3 lp = {0}, bp;
    for (int k = 0; k < 3; k++)
        for (int j = 0; j < 3; j++) lp[j] += w[k] * m->pos[m->idx[t + k]][j];
    glm_mat4_mulv3((vec4 *)cv->f->models[plate], lp, 1.0f, bp);
    const float n = (float)cv->f->r->atlas_size, u = ((float)x + 0.5f) / n, v = ((float)y + 0.5f) / n;
    for (int i = 0; i < cv->n; i++) {
        /* the scorch's reach, the widest channel, as the unwrap's shader has it */
        if (glm_vec3_distance(bp, (float *)cv->spheres[i]) >= fabsf(cv->spheres[i][3]) * DAMAGE_SCORCH_REACH) continue;
        cv->reached++;
        if (!inside_a_quad(cv, i, u, v)) cv->missed++;
    }
}

static float quads_area_texels(const damage_cull_vert *v, int nv, int n)
{
    float a = 0;
    for (int q = 0; q < nv; q += 6) a += (v[q + 2].uv[0] - v[q].uv[0]) * (v[q + 2].uv[1] - v[q].uv[1]);
    return a * (float)n * (float)n;
}

static void a_sphere_off_the_armor_gives_no_quad(void **state)
{
    fixture *f = *state;
    const damage_cull_vert *v;
    /* far from the robot */
    assert_int_equal(damage_cull_spheres(f->c, (const float[][4]){{3, 1, 3, 0.1f}}, 1, f->models, NULL, &v), 0);
    /* just off the chest's outer face: within the plate's bounds, off its footprint */
    float p[3], nrm[3];
    plate_point(f, ROBOT_PLATE_CHEST, p, nrm);
    const float r = 0.02f, off = r * DAMAGE_SCORCH_REACH + 0.01f;
    float s[1][4] = {{p[0] + nrm[0] * off, p[1] + nrm[1] * off, p[2] + nrm[2] * off, r}};
    damage_cull_entry e;
    assert_true(damage_cull_entry_make(f->c, ROBOT_PLATE_CHEST, f->models[ROBOT_PLATE_CHEST], s[0], 0, &e));
    assert_int_equal(damage_cull_spheres(f->c, (const float (*)[4])s, 1, f->models, NULL, &v), 0);
    /* a little closer, its scorch touches the face: kept */
    const float in = r * DAMAGE_SCORCH_REACH - 0.004f;
    for (int k = 0; k < 3; k++) s[0][k] = p[k] + nrm[k] * in;
    int nv = damage_cull_spheres(f->c, (const float (*)[4])s, 1, f->models, NULL, &v);
    assert_true(nv >= 6 && nv % 6 == 0);
    /* a heat-only sphere (negative radius) reaches as far */
    s[0][3] = -r;
    assert_int_equal(damage_cull_spheres(f->c, (const float (*)[4])s, 1, f->models, NULL, &v), nv);
}

static void the_quads_cover_every_texel_a_sphere_reaches_and_little_more(void **state)
{
    fixture *f = *state;
    const int n = f->r->atlas_size;
    enum { S = 160 };
    float sp[S][4];
    rng g;
    rng_seed(&g, 7);
    for (int i = 0; i < S; i++) {
        float p[3], nrm[3];
        plate_point(f, (int)(rng_u32(&g) % ROBOT_PLATE_COUNT), p, nrm);
        for (int k = 0; k < 3; k++) sp[i][k] = p[k] + rng_range(&g, -0.03f, 0.03f);
        sp[i][3] = rng_range(&g, 0.02f, 0.08f) * (i & 1 ? -1.0f : 1.0f);
    }
    coverage cv = {.f = f, .spheres = (const float (*)[4])sp, .n = S};
    cv.nv = damage_cull_spheres(f->c, (const float (*)[4])sp, S, f->models, NULL, &cv.v);
    assert_true(cv.nv > 0 && cv.nv % 6 == 0);
    for (int q = 0; q < cv.nv; q++) {
        const int s = (int)cv.v[q].tag;
        assert_true(s >= 0 && s < S && (float)s == cv.v[q].tag); /* tagged with its own sphere */
    }
    robot_atlas_raster(f->r, check_texel, &cv);
    assert_true(cv.reached > 10000); /* the check checks something */
    assert_int_equal(cv.missed, 0);
    /* one sphere alone: its quads are its footprints' size, not its plates' */
    const damage_cull_vert *v;
    const float one[1][4] = {{sp[0][0], sp[0][1], sp[0][2], 0.03f}};
    int nv = damage_cull_spheres(f->c, one, 1, f->models, NULL, &v);
    const float disc = GLM_PIf * powf(damage_cull_reach(one[0]) * f->r->texels_per_m, 2.0f);
    assert_true(nv > 0);
    assert_true(quads_area_texels(v, nv, n) < 12.0f * disc);
    assert_true(quads_area_texels(v, nv, n) < 0.01f * (float)n * (float)n);
}

static void plates_switched_off_or_moved_away_are_not_drawn(void **state)
{
    fixture *f = *state;
    float p[3], nrm[3];
    plate_point(f, ROBOT_PLATE_HELMET, p, nrm);
    const float s[1][4] = {{p[0], p[1], p[2], 0.03f}};
    const damage_cull_vert *v;
    assert_true(damage_cull_spheres(f->c, s, 1, f->models, NULL, &v) > 0);
    bool on[ROBOT_PLATE_COUNT];
    for (int i = 0; i < ROBOT_PLATE_COUNT; i++) on[i] = i != ROBOT_PLATE_HELMET;
    assert_int_equal(damage_cull_spheres(f->c, s, 1, f->models, on, &v), 0);
    /* the helmet a metre up: the sphere where it was meets nothing, where it is now the same
     * quads as before (the culling works in each plate's own space) */
    mat4 moved[ROBOT_PLATE_COUNT];
    memcpy(moved, f->models, sizeof moved);
    moved[ROBOT_PLATE_HELMET][3][1] += 1.0f;
    int before = damage_cull_spheres(f->c, s, 1, f->models, NULL, &v);
    damage_cull_vert *ref = malloc((size_t)before * sizeof *ref);
    memcpy(ref, v, (size_t)before * sizeof *ref);
    assert_int_equal(damage_cull_spheres(f->c, s, 1, moved, NULL, &v), 0);
    const float up[1][4] = {{p[0], p[1] + 1.0f, p[2], 0.03f}};
    int after = damage_cull_spheres(f->c, up, 1, moved, NULL, &v);
    assert_int_equal(after, before);
    for (int i = 0; i < after; i++) {
        assert_float_equal(v[i].uv[0], ref[i].uv[0], 1e-4f);
        assert_float_equal(v[i].uv[1], ref[i].uv[1], 1e-4f);
    }
    free(ref);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_footprint_box_is_the_disc_on_the_plane_through_the_uv_map),
        cmocka_unit_test(a_sphere_off_the_plane_or_a_degenerate_face_has_no_footprint),
        cmocka_unit_test(clipping_keeps_one_side_of_the_line),
        cmocka_unit_test(two_faces_sharing_an_edge_cut_it_at_the_same_point),
        cmocka_unit_test(a_sphere_off_the_armor_gives_no_quad),
        cmocka_unit_test(the_quads_cover_every_texel_a_sphere_reaches_and_little_more),
        cmocka_unit_test(plates_switched_off_or_moved_away_are_not_drawn),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
