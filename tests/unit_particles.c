/* Billboard core: pool, animation frames, culling, the two batchers, emitters. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/bb/bb_anim.h"
#include "core/bb/bb_batch.h"
#include "core/bb/bb_cull.h"
#include "core/bb/bb_emit.h"
#include "core/base/log.h"
#include "core/bb/particles.h"

static void pool_exhaustion_returns_null_and_counts_drops(void **state)
{
    (void)state;
    particles *p = particles_create(&(particles_desc){.capacity = 8});
    assert_non_null(p);
    for (int i = 0; i < 8; i++) assert_non_null(particles_acquire(p, BB_ATLAS_FIRE, BB_BLEND_ALPHA));
    assert_int_equal(p->alive, 8);
    assert_null(particles_acquire(p, BB_ATLAS_FIRE, BB_BLEND_ALPHA));
    assert_null(particles_acquire(p, BB_ATLAS_FIRE, BB_BLEND_ALPHA));
    assert_int_equal(p->dropped, 2);
    assert_int_equal(p->alive, 8);
    particles_destroy(p);
}

static void release_then_acquire_reuses_the_block(void **state)
{
    (void)state;
    particles *p = particles_create(&(particles_desc){.capacity = 5});
    particle *const block = p->items;
    for (int i = 0; i < 5; i++) particles_acquire(p, BB_ATLAS_FIRE, BB_BLEND_ALPHA)->pos[0] = (float)i;
    particles_release(p, 1);
    /* swap-remove: the last live particle fills the hole, the live set stays dense */
    assert_int_equal(p->alive, 4);
    assert_float_equal(p->items[1].pos[0], 4.0f, 0);
    particle *b = particles_acquire(p, BB_ATLAS_FIRE, BB_BLEND_ALPHA);
    assert_non_null(b);
    assert_ptr_equal(p->items, block);
    assert_ptr_equal(b, &block[4]);
    assert_float_equal(b->pos[0], 0.0f, 0); /* zeroed, not the old record */
    assert_int_equal(b->color, 0xffffffffu);
    assert_int_equal(p->capacity, 5);
    assert_int_equal(p->dropped, 0);
    /* per-group live counts follow acquire and release */
    assert_int_equal(p->group_alive[bb_batch_group(BB_ATLAS_FIRE, BB_BLEND_ALPHA)], 5);
    particles_release(p, 0);
    particles_release(p, 0);
    assert_int_equal(p->group_alive[bb_batch_group(BB_ATLAS_FIRE, BB_BLEND_ALPHA)], 3);
    assert_non_null(particles_acquire(p, BB_ATLAS_SPARK, BB_BLEND_ADDITIVE));
    assert_int_equal(p->group_alive[bb_batch_group(BB_ATLAS_SPARK, BB_BLEND_ADDITIVE)], 1);
    assert_int_equal(p->items[3].atlas, BB_ATLAS_SPARK);
    particles_destroy(p);
    particles_destroy(NULL);
}

static void step_integrates_and_kills_at_end_of_life(void **state)
{
    (void)state;
    particles *p = particles_create(NULL);
    assert_int_equal(p->capacity, PARTICLES_DEFAULT_CAPACITY);
    particle *a = particles_acquire(p, BB_ATLAS_FIRE, BB_BLEND_ALPHA);
    particle_motion *am = particles_motion(p, a);
    am->life = 10.0f;
    am->gravity = 1.0f;
    am->vel[0] = 2.0f;
    am->spin = 1.0f;
    particle *b = particles_acquire(p, BB_ATLAS_FIRE, BB_BLEND_ALPHA);
    particles_motion(p, b)->life = 0.25f;
    b->pos[2] = 7.0f;
    for (int i = 0; i < 10; i++) particles_step(p, 0.05f);
    assert_int_equal(p->alive, 1);
    const particle *s = &p->items[0];
    assert_float_equal(p->motion[0].age, 0.5f, 1e-5);
    assert_float_equal(s->phase, 0.5f / 0.030f, 1e-3); /* default 30 ms per frame */
    assert_float_equal(p->motion[0].vel[1], -9.81f * 0.5f, 1e-4);
    assert_float_equal(s->pos[0], 1.0f, 1e-5);
    assert_float_equal(s->rot, 0.5f, 1e-5);
    /* semi-implicit Euler: sum of v_i * dt for v_i = g * dt * i */
    assert_float_equal(s->pos[1], -9.81f * 0.05f * 0.05f * 55.0f, 1e-4);
    particles_clear(p);
    assert_int_equal(p->alive, 0);
    particles_destroy(p);
}

static void frame_index_after_t(void **state)
{
    (void)state;
    float w;
    assert_int_equal(bb_anim_frame(0.0f, 0.0f, 0, false, &w), 0);
    assert_float_equal(w, 0.0f, 1e-6);
    assert_int_equal(bb_anim_frame(0.045f, 0.0f, 0, false, &w), 1);
    assert_float_equal(w, 0.5f, 1e-4);
    assert_int_equal(bb_anim_frame(0.3f + 0.0001f, 0.0f, 0, false, NULL), 10);
    /* clamped: holds the last frame without blending into frame 0 */
    assert_int_equal(bb_anim_frame(5.0f, 0.0f, 0, false, &w), 63);
    assert_float_equal(w, 0.0f, 0);
    /* looped: 64 frames later it is back where it started */
    assert_int_equal(bb_anim_frame(64 * 0.03f + 0.0451f, 0.0f, 0, true, NULL), 1);
    assert_int_equal(bb_anim_frame(0.0f, 0.0f, 62, true, NULL), 62);
    assert_int_equal(bb_anim_frame(0.061f, 0.0f, 62, true, NULL), 0);
    assert_int_equal(bb_anim_frame(0.25f, 0.1f, 3, false, &w), 5);
    assert_float_equal(w, 0.5f, 1e-4);
    assert_int_equal(bb_anim_next(63), 0);
    assert_int_equal(bb_anim_frame_phase(2.25f, 0, false, &w), 2);
    assert_float_equal(w, 0.25f, 1e-6);
    float uv[4];
    /* second image row from the top: GL v (bottom-up) from 0.75 to 0.875 */
    bb_anim_cell_uv(9, uv);
    assert_float_equal(uv[0], 0.125f, 1e-7);
    assert_float_equal(uv[1], 0.75f, 1e-7);
    assert_float_equal(uv[2], 0.25f, 1e-7);
    assert_float_equal(uv[3], 0.875f, 1e-7);
    bb_anim_cell_uv(63, uv); /* bottom-right of the image */
    assert_float_equal(uv[1], 0.0f, 1e-7);
    assert_float_equal(uv[2], 1.0f, 1e-7);
    bb_anim_cell_uv(0, uv); /* top-left */
    assert_float_equal(uv[0], 0.0f, 1e-7);
    assert_float_equal(uv[3], 1.0f, 1e-7);
}

/* Camera at (0, 0, 5) looking at the origin, 60 degree vertical fov, 16:9, near 0.1, far 50. */
static void test_camera(bb_camera *cam, bool sort)
{
    mat4 proj;
    glm_perspective(glm_rad(60.0f), 16.0f / 9.0f, 0.1f, 50.0f, proj);
    glm_lookat((vec3){0, 0, 5}, (vec3){0, 0, 0}, (vec3){0, 1, 0}, cam->view);
    glm_mat4_mul(proj, cam->view, cam->view_proj);
    cam->sort = sort;
}

static void culling_in_out_straddling(void **state)
{
    (void)state;
    bb_camera cam;
    test_camera(&cam, false);
    bb_frustum f;
    bb_frustum_from_matrix(cam.view_proj, &f);
    assert_int_equal(bb_frustum_sphere(&f, (float[3]){0, 0, 0}, 0.5f), BB_CULL_IN);
    assert_int_equal(bb_frustum_sphere(&f, (float[3]){0, 0, 10}, 0.5f), BB_CULL_OUT);  /* behind */
    assert_int_equal(bb_frustum_sphere(&f, (float[3]){0, 0, -60}, 0.5f), BB_CULL_OUT); /* past far */
    /* at distance 5 the half-height of the view is 5 tan 30 = 2.887 */
    const float edge = 5.0f * tanf(glm_rad(30.0f));
    assert_int_equal(bb_frustum_sphere(&f, (float[3]){0, edge, 0}, 0.2f), BB_CULL_STRADDLE);
    assert_int_equal(bb_frustum_sphere(&f, (float[3]){0, edge + 0.5f, 0}, 0.2f), BB_CULL_OUT);
    assert_int_equal(bb_frustum_sphere(&f, (float[3]){0, edge - 0.5f, 0}, 0.2f), BB_CULL_IN);
    /* a big sphere whose centre is outside still touches the view */
    assert_int_equal(bb_frustum_sphere(&f, (float[3]){edge * 16.0f / 9.0f + 1.0f, 0, 0}, 1.5f), BB_CULL_STRADDLE);
    /* the branch-free test the batchers use agrees with the classifying one */
    rng r;
    rng_seed(&r, 5);
    int in = 0;
    for (int i = 0; i < 10000; i++) {
        const float c[3] = {rng_range(&r, -15, 15), rng_range(&r, -15, 15), rng_range(&r, -60, 15)};
        const float rad = rng_range(&r, 0.0f, 3.0f);
        const bool vis = bb_frustum_sphere(&f, c, rad) != BB_CULL_OUT;
        assert_int_equal(bb_frustum_sphere_visible(&f, c, rad), vis);
        in += vis;
    }
    assert_true(in > 1000 && in < 9000);
}

static particles *random_pool(int n, unsigned seed)
{
    particles *p = particles_create(&(particles_desc){.capacity = n});
    rng r;
    rng_seed(&r, seed);
    for (int i = 0; i < n; i++) {
        particle *b = particles_acquire(p, (int)(rng_u32(&r) % BB_ATLAS_COUNT), (int)(rng_u32(&r) % BB_BLEND_COUNT));
        for (int k = 0; k < 3; k++) b->pos[k] = rng_range(&r, -12.0f, 12.0f);
        b->size = rng_range(&r, 0.1f, 1.0f);
        b->rot = rng_range(&r, -20.0f, 20.0f);
        particles_motion(p, b)->life = 5.0f;
        b->phase = rng_range(&r, 0.0f, 90.0f);
        b->color = rng_u32(&r);
    }
    return p;
}

static void check_batchers_agree(bool sort)
{
    enum { N = 2000 };
    particles *p = random_pool(N, 7);
    bb_camera cam;
    test_camera(&cam, sort);
    bb_batch *ba = bb_batch_create(N), *bq = bb_batch_create(N), *br = bb_batch_create(N);
    bb_instance *inst = calloc(N, sizeof *inst);
    float *quads = calloc((size_t)N * 4 * BB_QUAD_FLOATS, sizeof *quads);
    float *ref = calloc((size_t)N * 4 * BB_QUAD_FLOATS, sizeof *ref);
    const int na = bb_batch_build_instances(ba, p, &cam, inst);
    const int nq = bb_batch_build_cpu(bq, p, &cam, quads);
    const int nr = bb_batch_build_quads(br, p, &cam, ref);
    assert_int_equal(na, nq);
    assert_int_equal(na, nr);
    assert_memory_equal(ba->groups, br->groups, sizeof ba->groups);
    assert_true(ba->culled > 0 && na > 0); /* the test pool has both kinds */
    bb_frustum f;
    bb_frustum_from_matrix(cam.view_proj, &f);
    int visible = 0;
    for (int i = 0; i < N; i++) visible += bb_frustum_sphere(&f, p->items[i].pos, BB_CULL_RADIUS(p->items[i].size)) != BB_CULL_OUT;
    assert_int_equal(na, visible);
    assert_int_equal(ba->culled, N - visible);
    assert_memory_equal(ba->groups, bq->groups, sizeof ba->groups);

    vec3 fwd = {0, 0, -1};
    for (int g = 0; g < BB_BATCH_GROUPS; g++)
    for (int k = ba->groups[g].first; k < ba->groups[g].first + ba->groups[g].count; k++) {
        const bb_cpu_vertex *v = (const bb_cpu_vertex *)(quads + (size_t)k * 4 * BB_QUAD_FLOATS);
        const bb_quad_vertex *rv = (const bb_quad_vertex *)(ref + (size_t)k * 4 * BB_QUAD_FLOATS);
        vec3 c = {0};
        for (int j = 0; j < 4; j++) glm_vec3_add(c, (float *)v[j].pos, c);
        glm_vec3_scale(c, 0.25f, c);
        for (int j = 0; j < 3; j++) assert_float_equal(c[j], inst[k].pos[j], 1e-4);
        for (int j = 0; j < 4; j++) assert_float_equal(glm_vec3_distance(c, (float *)v[j].pos), inst[k].size * 0.70710678f, 1e-4);
        vec3 e1, e2, n;
        glm_vec3_sub((float *)v[1].pos, (float *)v[0].pos, e1);
        glm_vec3_sub((float *)v[2].pos, (float *)v[0].pos, e2);
        glm_vec3_cross(e1, e2, n);
        glm_vec3_normalize(n);
        /* counter-clockwise towards the viewer: the normal points back at the camera (+z here) */
        assert_float_equal(glm_vec3_dot(n, fwd), -1.0f, 1e-4);
        /* the same frame, tint and blend in both */
        float w;
        const int f = bb_anim_frame_phase(inst[k].phase, inst[k].frame0, inst[k].flags & BB_ANIM_LOOP, &w);
        float uv[4];
        bb_anim_cell_uv(f, uv);
        assert_float_equal(v[0].uv[0], uv[0], 1e-6); /* corner 0 is the bottom-left */
        assert_float_equal(v[0].uv[1], uv[1], 1e-6);
        assert_float_equal(v[2].uv[0], uv[2], 1e-6); /* corner 2 the top-right */
        assert_float_equal(v[2].uv[1], uv[3], 1e-6);
        assert_float_equal(v[0].blend, w, 1e-6);
        assert_float_equal(v[0].color[3], (float)(inst[k].color >> 24) / 255.0f, 1e-6);
        assert_float_equal(v[0].size, inst[k].size, 0);
        /* the reference's vertices: the centre and the corner, rotation as sin/cos, cell + blend */
        static const float corner[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
        for (int j = 0; j < 4; j++) {
            for (int a = 0; a < 3; a++) assert_float_equal(rv[j].centre[a], inst[k].pos[a], 0);
            assert_float_equal(rv[j].corner[0], corner[j][0], 0);
            assert_float_equal(rv[j].corner[1], corner[j][1], 0);
            assert_float_equal(rv[j].sin * rv[j].sin + rv[j].cos * rv[j].cos, 1.0f, 1e-5);
            assert_float_equal(rv[j].frame, (float)f + w, 1e-4);
            assert_float_equal(rv[j].size, inst[k].size, 0);
            assert_float_equal(rv[j].color[3], v[0].color[3], 0);
        }
        assert_float_equal(atan2f(rv[0].sin, rv[0].cos), atan2f(sinf((float)inst[k].rot * 6.2831853f / 65535.0f), cosf((float)inst[k].rot * 6.2831853f / 65535.0f)), 1e-3);
    }
    /* groups follow each other without overlap, and hold every emitted billboard */
    int end = 0, sum = 0;
    for (int g = 0; g < BB_BATCH_GROUPS; g++) {
        assert_true(ba->groups[g].first >= end);
        end = ba->groups[g].first + ba->groups[g].count;
        sum += ba->groups[g].count;
    }
    assert_int_equal(sum, na);
    assert_true(end <= ba->span && ba->span <= N);
    /* each group holds exactly the visible billboards of its (atlas, blend) */
    int expect[BB_BATCH_GROUPS] = {0};
    for (int i = 0; i < N; i++)
        if (bb_frustum_sphere(&f, p->items[i].pos, BB_CULL_RADIUS(p->items[i].size)) != BB_CULL_OUT)
            expect[bb_batch_group(p->items[i].atlas, p->items[i].blend)]++;
    for (int g = 0; g < BB_BATCH_GROUPS; g++) assert_int_equal(ba->groups[g].count, expect[g]);
    free(inst);
    free(quads);
    free(ref);
    bb_batch_destroy(ba);
    bb_batch_destroy(bq);
    bb_batch_destroy(br);
    bb_batch_destroy(NULL);
    particles_destroy(p);
}

static void batchers_agree_and_quads_face_the_camera(void **state)
{
    (void)state;
    check_batchers_agree(false);
    check_batchers_agree(true); /* sorted: the same order too */
}

static void sort_orders_alpha_back_to_front(void **state)
{
    (void)state;
    enum { N = 3000 };
    particles *p = random_pool(N, 11);
    bb_camera cam;
    test_camera(&cam, true);
    bb_batch *b = bb_batch_create(N);
    bb_instance *inst = calloc(N, sizeof *inst);
    const int n = bb_batch_build_instances(b, p, &cam, inst);
    assert_true(n > 100);
    int checked = 0;
    for (int a = 0; a < BB_ATLAS_COUNT; a++) {
        const bb_group *g = &b->groups[bb_batch_group(a, BB_BLEND_ALPHA)];
        for (int k = g->first + 1; k < g->first + g->count; k++) {
            /* the camera looks down -z from z = 5: farther = smaller z (keys quantized to 12 bits
             * over the ~24 m deep visible range: 6 mm) */
            assert_true(inst[k - 1].pos[2] <= inst[k].pos[2] + 0.01f);
            checked++;
        }
    }
    assert_true(checked > 50);
    /* sorted builds pack the groups back to back */
    for (int g = 1; g < BB_BATCH_GROUPS; g++) assert_int_equal(b->groups[g].first, b->groups[g - 1].first + b->groups[g - 1].count);
    assert_int_equal(b->span, n);
    free(inst);
    bb_batch_destroy(b);
    particles_destroy(p);
}

static void emitters_are_deterministic_and_typed(void **state)
{
    (void)state;
    particles *p1 = particles_create(&(particles_desc){.capacity = 1000});
    particles *p2 = particles_create(&(particles_desc){.capacity = 1000});
    particles *ps[2] = {p1, p2};
    for (int i = 0; i < 2; i++) {
        rng r;
        rng_seed(&r, 42);
        assert_int_equal(bb_emit_sparks(ps[i], &r, (float[3]){0, 1, 0}, (float[3]){0, 0, 1}, 30), 30);
        assert_int_equal(bb_emit_fireball(ps[i], &r, (float[3]){0, 1, 0}, 0.5f), 26);
        assert_int_equal(bb_emit_smoke(ps[i], &r, (float[3]){0, 1, 0}, 0.2f, 5), 5);
        assert_int_equal(bb_emit_clods(ps[i], &r, (float[3]){0, 0, 0}, (float[3]){3, 0, 0}, 10), 10);
    }
    assert_int_equal(p1->alive, 71);
    assert_memory_equal(p1->items, p2->items, sizeof(particle) * 71);
    assert_memory_equal(p1->motion, p2->motion, sizeof(particle_motion) * 71);
    for (int i = 0; i < 30; i++) {
        const particle *b = &p1->items[i];
        assert_int_equal(b->atlas, BB_ATLAS_SPARK);
        assert_int_equal(b->blend, BB_BLEND_ADDITIVE);
        assert_true(p1->motion[i].vel[2] >= 0.0f); /* into the hemisphere of the normal */
    }
    for (int i = 61; i < 71; i++) {
        const particle *b = &p1->items[i];
        assert_int_equal(b->atlas, BB_ATLAS_CLOD);
        assert_true(p1->motion[i].vel[1] > 0.0f && p1->motion[i].gravity == 1.0f);
        assert_true((b->color & 0xffu) < 120); /* dark */
    }
    /* smoke rises on its own: after a second it is above where it started */
    particles_clear(p1);
    rng r;
    rng_seed(&r, 3);
    bb_emit_smoke(p1, &r, (float[3]){0, 0, 0}, 0.2f, 4);
    for (int i = 0; i < 60; i++) particles_step(p1, 1.0f / 60.0f);
    for (int i = 0; i < p1->alive; i++) assert_true(p1->items[i].pos[1] > 0.3f);
    /* a full pool drops the rest of a burst */
    particles *tiny = particles_create(&(particles_desc){.capacity = 4});
    assert_int_equal(bb_emit_sparks(tiny, &r, (float[3]){0, 0, 0}, (float[3]){0, 1, 0}, 10), 4);
    assert_int_equal(tiny->dropped, 1);
    particles_destroy(tiny);
    particles_destroy(p1);
    particles_destroy(p2);
}

static void fountain_keeps_n_alive(void **state)
{
    (void)state;
    particles *p = particles_create(&(particles_desc){.capacity = 5000});
    bb_fountain f = {.pos = {0, 0, 0}, .target = 4000};
    rng r;
    rng_seed(&r, 1);
    assert_int_equal(bb_fountain_step(&f, p, &r), 4000);
    int spawned = 0;
    for (int i = 0; i < 180; i++) {
        particles_step(p, 1.0f / 60.0f);
        spawned += bb_fountain_step(&f, p, &r);
        assert_int_equal(p->alive, 4000);
    }
    /* prewarmed ages: deaths are spread out, every frame replaces a share, not a wave */
    assert_true(spawned > 4000 && spawned < 3 * 4000);
    particles_destroy(p);
}

int main(void)
{
    log_set_quiet(true);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pool_exhaustion_returns_null_and_counts_drops),
        cmocka_unit_test(release_then_acquire_reuses_the_block),
        cmocka_unit_test(step_integrates_and_kills_at_end_of_life),
        cmocka_unit_test(frame_index_after_t),
        cmocka_unit_test(culling_in_out_straddling),
        cmocka_unit_test(batchers_agree_and_quads_face_the_camera),
        cmocka_unit_test(sort_orders_alpha_back_to_front),
        cmocka_unit_test(emitters_are_deterministic_and_typed),
        cmocka_unit_test(fountain_keeps_n_alive),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
