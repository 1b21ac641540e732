/* Billboard core: pool, animation frames, culling (by chunks), the three batchers, emitters. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bb/core/bb_anim.h"
#include "bb/core/bb_batch.h"
#include "bb/core/bb_cull.h"
#include "bb/core/bb_emit.h"
#include "base/log.h"
#include "bb/core/particles.h"

static int add(particles *p, int atlas, int blend)
{
    const particle b = particle_init(atlas, blend);
    return particles_add(p, &b);
}

static void pool_exhaustion_returns_minus_one_and_counts_drops(void **state)
{
    (void)state;
    particles *p = particles_create(&(particles_desc){.capacity = 8});
    assert_non_null(p);
    for (int i = 0; i < 8; i++) assert_int_equal(add(p, BB_ATLAS_FIRE, BB_BLEND_ALPHA), i);
    assert_int_equal(p->alive, 8);
    assert_int_equal(add(p, BB_ATLAS_FIRE, BB_BLEND_ALPHA), -1);
    assert_int_equal(add(p, BB_ATLAS_SPARK, BB_BLEND_ADDITIVE), -1);
    assert_int_equal(p->dropped, 2);
    assert_int_equal(p->alive, 8);
    particles_destroy(p);
}

static void release_then_add_reuses_the_arrays(void **state)
{
    (void)state;
    particles *p = particles_create(&(particles_desc){.capacity = 5});
    float *const xs = p->x;
    for (int i = 0; i < 5; i++) {
        particle b = particle_init(BB_ATLAS_FIRE, BB_BLEND_ALPHA);
        b.pos[0] = (float)i;
        b.vel[1] = 10.0f + (float)i;
        b.life = 1.0f + (float)i;
        particles_add(p, &b);
    }
    particles_release(p, 1);
    /* swap-remove: the last live billboard fills the hole with all its fields, the set stays dense */
    assert_int_equal(p->alive, 4);
    assert_float_equal(p->x[1], 4.0f, 0);
    assert_float_equal(p->vy[1], 14.0f, 0);
    assert_float_equal(p->life[1], 5.0f, 0);
    particle b = particle_init(BB_ATLAS_FIRE, BB_BLEND_ALPHA);
    assert_int_equal(particles_add(p, &b), 4);
    assert_ptr_equal(p->x, xs); /* the same arrays, nothing allocated */
    particle back;
    particles_get(p, 4, &back);
    assert_float_equal(back.pos[0], 0.0f, 0); /* the new billboard, not the old one */
    assert_float_equal(back.vel[1], 0.0f, 0);
    assert_int_equal(back.color, 0xffffffffu);
    assert_int_equal(p->capacity, 5);
    assert_int_equal(p->dropped, 0);
    particles_release(p, 0);
    particles_release(p, 0);
    assert_int_equal(p->alive, 3);
    particle s = particle_init(BB_ATLAS_SPARK, BB_BLEND_ADDITIVE);
    s.align = BB_ALIGN_VELOCITY;
    s.frame0 = 17;
    s.flags = BB_ANIM_LOOP;
    assert_int_equal(particles_add(p, &s), 3);
    particles_get(p, 3, &back);
    assert_int_equal(back.atlas, BB_ATLAS_SPARK);
    assert_int_equal(back.blend, BB_BLEND_ADDITIVE);
    assert_int_equal(back.align, BB_ALIGN_VELOCITY);
    assert_int_equal(back.frame0, 17);
    assert_int_equal(back.flags, BB_ANIM_LOOP);
    particles_destroy(p);
    particles_destroy(NULL);
}

static void step_integrates_and_kills_at_end_of_life(void **state)
{
    (void)state;
    particles *p = particles_create(NULL);
    assert_int_equal(p->capacity, PARTICLES_DEFAULT_CAPACITY);
    particle a = particle_init(BB_ATLAS_FIRE, BB_BLEND_ALPHA);
    a.life = 10.0f;
    a.gravity = 1.0f;
    a.vel[0] = 2.0f;
    a.spin = 1.0f;
    particle b = particle_init(BB_ATLAS_FIRE, BB_BLEND_ALPHA);
    b.life = 0.25f;
    b.pos[2] = 7.0f;
    particles_add(p, &b); /* dies first: a moves into its slot */
    particles_add(p, &a);
    for (int i = 0; i < 10; i++) particles_step(p, 0.05f);
    assert_int_equal(p->alive, 1);
    particle s;
    particles_get(p, 0, &s);
    assert_float_equal(s.age, 0.5f, 1e-5);
    assert_float_equal(s.phase, 0.5f / 0.030f, 1e-3); /* default 30 ms per frame */
    assert_float_equal(s.vel[1], -9.81f * 0.5f, 1e-4);
    assert_float_equal(s.pos[0], 1.0f, 1e-5);
    assert_float_equal(s.rot, 0.5f, 1e-5);
    /* semi-implicit Euler: sum of v_i * dt for v_i = g * dt * i */
    assert_float_equal(s.pos[1], -9.81f * 0.05f * 0.05f * 55.0f, 1e-4);
    /* its chunk's box holds it */
    assert_true(p->chunks[0].lo[1] <= s.pos[1] && s.pos[1] <= p->chunks[0].hi[1]);
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
    *cam = (bb_camera){0}; /* every atlas 8 x 8 */
    glm_perspective(glm_rad(60.0f), 16.0f / 9.0f, 0.1f, 50.0f, proj);
    glm_lookat((vec3){0, 0, 5}, (vec3){0, 0, 0}, (vec3){0, 1, 0}, cam->view);
    glm_mat4_mul(proj, cam->view, cam->view_proj);
    cam->sort = sort;
    cam->align = BB_ALIGN_AUTO;
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
        const int atlas = (int)(rng_u32(&r) % BB_ATLAS_COUNT), blend = (int)(rng_u32(&r) % BB_BLEND_COUNT);
        particle b = particle_init(atlas, blend);
        for (int k = 0; k < 3; k++) b.pos[k] = rng_range(&r, -12.0f, 12.0f);
        for (int k = 0; k < 3; k++) b.vel[k] = rng_range(&r, -8.0f, 8.0f);
        b.size = rng_range(&r, 0.1f, 1.0f);
        b.rot = rng_range(&r, -20.0f, 20.0f);
        b.life = 5.0f;
        b.phase = rng_range(&r, 0.0f, 90.0f);
        b.color = rng_u32(&r);
        b.frame0 = (uint8_t)(rng_u32(&r) % 64);
        b.flags = rng_u32(&r) % 2 ? BB_ANIM_LOOP : 0;
        particles_add(p, &b);
    }
    return p;
}

/* Visible by the per-billboard sphere test alone. */
static bool visible(const particles *p, const bb_frustum *f, int i)
{
    const float r = BB_CULL_RADIUS(particles_extent(p->size[i], p->vx[i], p->vy[i], p->vz[i]));
    return bb_frustum_sphere(f, (float[3]){p->x[i], p->y[i], p->z[i]}, r) != BB_CULL_OUT;
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
    assert_memory_equal(ba->runs, br->runs, sizeof ba->runs);
    assert_true(ba->culled > 0 && na > 0); /* the test pool has both kinds */
    bb_frustum f;
    bb_frustum_from_matrix(cam.view_proj, &f);
    int nvis = 0;
    for (int i = 0; i < N; i++) nvis += visible(p, &f, i);
    assert_int_equal(na, nvis);
    assert_int_equal(ba->culled, N - nvis);
    assert_memory_equal(ba->runs, bq->runs, sizeof ba->runs);

    vec3 fwd = {0, 0, -1};
    for (int k = 0; k < na; k++) {
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
        const int f = bb_anim_frame_phase(bb_instance_phase(&inst[k]), inst[k].frame0, inst[k].flags & BB_ANIM_LOOP, &w);
        float uv[4];
        bb_anim_cell_uv(f, uv);
        assert_float_equal(v[0].uv[0], uv[0], 1e-6); /* corner 0 is the bottom-left */
        assert_float_equal(v[0].uv[1], uv[1], 1e-6);
        assert_float_equal(v[2].uv[0], uv[2], 1e-6); /* corner 2 the top-right */
        assert_float_equal(v[2].uv[1], uv[3], 1e-6);
        const int layer = (inst[k].flags >> 3) & 7;
        assert_float_equal(v[0].layer_blend, (float)layer + w, 1e-5);
        assert_float_equal(v[0].color[3], (float)(inst[k].color >> 24) / 255.0f, 1e-6);
        assert_float_equal(v[0].size, inst[k].size, 0);
        /* the reference's vertices: the centre and the corner, rotation as sin/cos, cell + blend */
        static const float corner[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
        for (int j = 0; j < 4; j++) {
            for (int a = 0; a < 3; a++) assert_float_equal(rv[j].centre[a], inst[k].pos[a], 0);
            assert_float_equal(rv[j].corner[0], corner[j][0], 0);
            assert_float_equal(rv[j].corner[1], corner[j][1], 0);
            assert_float_equal(rv[j].sin * rv[j].sin + rv[j].cos * rv[j].cos, 1.0f, 1e-5);
            assert_float_equal(rv[j].frame, (float)(layer * 64 + f) + w, 1e-4);
            assert_float_equal(rv[j].size, inst[k].size, 0);
            assert_float_equal(rv[j].color[3], v[0].color[3], 0);
        }
        assert_float_equal(rv[0].sin, sinf(bb_instance_angle(&inst[k])), 1e-6);
        assert_float_equal(rv[0].cos, cosf(bb_instance_angle(&inst[k])), 1e-6);
    }
    /* the alpha run, then the additive run right after it, holding every emitted billboard of
     * their blend mode (of every atlas), and the record keeps each one's atlas */
    assert_int_equal(ba->runs[BB_BLEND_ALPHA].first, 0);
    assert_int_equal(ba->runs[BB_BLEND_ADDITIVE].first, ba->runs[BB_BLEND_ALPHA].count);
    assert_int_equal(ba->runs[BB_BLEND_ALPHA].count + ba->runs[BB_BLEND_ADDITIVE].count, na);
    assert_int_equal(ba->span, na);
    int expect[BB_BLEND_COUNT] = {0}, atlases[BB_BLEND_COUNT][BB_ATLAS_COUNT] = {{0}}, got[BB_BLEND_COUNT][BB_ATLAS_COUNT] = {{0}};
    for (int i = 0; i < N; i++)
        if (visible(p, &f, i)) {
            expect[particles_meta_blend(p->meta[i])]++;
            atlases[particles_meta_blend(p->meta[i])][particles_meta_atlas(p->meta[i])]++;
        }
    for (int m = 0; m < BB_BLEND_COUNT; m++) {
        assert_int_equal(ba->runs[m].count, expect[m]);
        for (int k = ba->runs[m].first; k < ba->runs[m].first + ba->runs[m].count; k++) got[m][(inst[k].flags >> 3) & 7]++;
    }
    assert_memory_equal(got, atlases, sizeof got);
    for (int a = 0; a < BB_ATLAS_COUNT; a++) assert_true(atlases[BB_BLEND_ALPHA][a] > 0); /* every atlas in one run */
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
    /* one order for every alpha billboard, whatever its atlas */
    const bb_group *g = &b->runs[BB_BLEND_ALPHA];
    int changes = 0;
    for (int k = g->first + 1; k < g->first + g->count; k++) {
        /* the camera looks down -z from z = 5: farther = smaller z (keys quantized to 12 bits
         * over the ~24 m deep visible range: 6 mm) */
        assert_true(inst[k - 1].pos[2] <= inst[k].pos[2] + 0.01f);
        changes += ((inst[k - 1].flags ^ inst[k].flags) >> 3 & 7) != 0; /* neighbours of different atlases */
    }
    assert_true(g->count > 50);
    assert_true(changes > g->count / 2); /* the atlases interleave: sorted together, not per atlas */
    assert_int_equal(b->span, n);
    free(inst);
    bb_batch_destroy(b);
    particles_destroy(p);
}

/* Clusters of one chunk each around centres spread over and beyond the view: whole chunks
 * inside, outside and across its planes. */
static particles *cluster_pool(int clusters, unsigned seed)
{
    particles *p = particles_create(&(particles_desc){.capacity = clusters * PARTICLES_CHUNK});
    rng r;
    rng_seed(&r, seed);
    for (int c = 0; c < clusters; c++) {
        const float centre[3] = {rng_range(&r, -30, 30), rng_range(&r, -20, 20), rng_range(&r, -45, 8)};
        const float spread = rng_range(&r, 0.2f, 4.0f);
        for (int k = 0; k < PARTICLES_CHUNK; k++) {
            particle b = particle_init(BB_ATLAS_FIRE, (c + k) % 3 ? BB_BLEND_ALPHA : BB_BLEND_ADDITIVE);
            for (int a = 0; a < 3; a++) b.pos[a] = centre[a] + rng_range(&r, -spread, spread);
            b.size = rng_range(&r, 0.1f, 1.5f);
            b.color = (uint32_t)(c * PARTICLES_CHUNK + k); /* who it is, read back from the record */
            b.life = 1.0f;
            particles_add(p, &b);
        }
    }
    return p;
}

static void chunk_culling_equals_per_billboard_culling(void **state)
{
    (void)state;
    enum { CLUSTERS = 400, N = CLUSTERS * PARTICLES_CHUNK };
    particles *p = cluster_pool(CLUSTERS, 21);
    particles_step(p, 0.0f); /* the step rebuilds the boxes: both ways must agree after it too */
    bb_frustum f;
    for (int sort = 0; sort < 2; sort++) {
        bb_camera cam;
        test_camera(&cam, sort);
        bb_frustum_from_matrix(cam.view_proj, &f);
        bb_batch *b = bb_batch_create(N);
        bb_instance *inst = calloc(N, sizeof *inst);
        const int n = bb_batch_build_instances(b, p, &cam, inst);
        /* every kind of chunk occurs */
        assert_true(b->chunks_in > 10 && b->chunks_out > 10 && b->chunks_straddle > 10);
        assert_int_equal(b->chunks_in + b->chunks_out + b->chunks_straddle, CLUSTERS);
        uint8_t *seen = calloc(N, 1);
        for (int k = 0; k < n; k++) {
            assert_true(inst[k].color < (uint32_t)N);
            assert_int_equal(seen[inst[k].color]++, 0); /* each at most once */
        }
        int expect = 0;
        for (int i = 0; i < N; i++) {
            const bool vis = visible(p, &f, i);
            expect += vis;
            assert_int_equal(seen[p->color[i]], vis); /* drawn exactly when the sphere test says so */
        }
        assert_int_equal(n, expect);
        assert_int_equal(b->culled, N - expect);
        free(seen);
        free(inst);
        bb_batch_destroy(b);
    }
    particles_destroy(p);
}

/* The four-wide packing of whole chunks writes the same bytes as the one-billboard packing. */
static void packed_records_match_the_scalar_packing(void **state)
{
    (void)state;
    enum { N = 1000 };
    particles *p = particles_create(&(particles_desc){.capacity = N});
    rng r;
    rng_seed(&r, 4);
    for (int i = 0; i < N; i++) {
        particle b = particle_init(BB_ATLAS_SMOKE, BB_BLEND_ALPHA);
        for (int k = 0; k < 3; k++) b.pos[k] = rng_range(&r, -0.5f, 0.5f);
        for (int k = 0; k < 3; k++) b.vel[k] = rng_range(&r, -100.0f, 100.0f); /* beyond BB_VEL_MAX too */
        b.size = rng_range(&r, 0.01f, 0.1f);
        b.rot = rng_range(&r, -40.0f, 40.0f);
        b.phase = rng_range(&r, 0.0f, 400.0f);
        b.flags = i % 2 ? BB_ANIM_LOOP : 0;
        b.align = (uint8_t)(i % BB_ALIGN_COUNT);
        b.frame0 = (uint8_t)(i % 64);
        b.color = rng_u32(&r);
        particles_add(p, &b);
    }
    bb_camera cam;
    test_camera(&cam, false); /* unsorted, one group: pool order */
    bb_batch *b = bb_batch_create(N);
    bb_instance *inst = calloc(N, sizeof *inst);
    assert_int_equal(bb_batch_build_instances(b, p, &cam, inst), N);
    assert_int_equal(b->chunks_in, (N + PARTICLES_CHUNK - 1) / PARTICLES_CHUNK);
    for (int i = 0; i < N; i++) {
        bb_instance one;
        bb_batch_pack(p, i, &one);
        assert_memory_equal(&inst[i], &one, sizeof one);
        /* and the record says what the billboard is */
        assert_float_equal(bb_instance_vel(&one, 0), p->vx[i] < -BB_VEL_MAX ? -BB_VEL_MAX : (p->vx[i] > BB_VEL_MAX ? BB_VEL_MAX : p->vx[i]), 0.01f);
        float d = bb_instance_angle(&one) - p->rot[i];
        d -= 6.2831853f * roundf(d / 6.2831853f);
        assert_float_equal(d, 0.0f, 1e-3);
        const float ph = (one.flags & BB_ANIM_LOOP) ? fmodf(p->phase[i], 64.0f) : fminf(p->phase[i], 255.0f);
        assert_float_equal(bb_instance_phase(&one), ph, 1.0f / 256.0f + 1e-3f);
        assert_int_equal((one.flags >> 1) & 3, i % BB_ALIGN_COUNT);
        assert_int_equal((one.flags >> 3) & 7, BB_ATLAS_SMOKE);
    }
    free(inst);
    bb_batch_destroy(b);
    particles_destroy(p);
}

/* An atlas of another grid (bb_camera.grid, the renderer's bb_atlas.grid): its frames, the loop
 * wrapped at its cell count in every packing (scalar and four-wide), C's uvs in its cells. */
static void other_grids_wrap_and_cut_by_their_cells(void **state)
{
    (void)state;
    float w;
    assert_int_equal(bb_anim_frame_grid(10.25f, 0, true, 3, 3, &w), 1); /* 9 cells: 10 wraps to 1 */
    assert_float_equal(w, 0.25f, 1e-6);
    assert_int_equal(bb_anim_frame_grid(20.0f, 0, false, 3, 3, &w), 8); /* held at the last */
    assert_float_equal(w, 0.0f, 0);
    assert_int_equal(bb_anim_frame_grid(0.5f, 0, true, 1, 1, NULL), 0);
    float uv[4];
    bb_anim_cell_uv_grid(5, 4, 2, uv); /* column 1 of the image's bottom row */
    assert_float_equal(uv[0], 0.25f, 1e-6);
    assert_float_equal(uv[1], 0.0f, 1e-6);
    assert_float_equal(uv[2], 0.5f, 1e-6);
    assert_float_equal(uv[3], 0.5f, 1e-6);

    enum { N = 16 };
    particles *p = particles_create(&(particles_desc){.capacity = N});
    for (int i = 0; i < N; i++) {
        particle b = particle_init(i % BB_ATLAS_MAX, BB_BLEND_ADDITIVE);
        b.phase = 20.5f;
        b.flags = BB_ANIM_LOOP;
        particles_add(p, &b);
    }
    bb_camera cam;
    test_camera(&cam, false);
    cam.grid[6][0] = 3; /* 9 cells */
    cam.grid[6][1] = 3;
    cam.grid[7][0] = 4; /* 8 cells */
    cam.grid[7][1] = 2;
    bb_batch *b = bb_batch_create(N);
    bb_instance *inst = calloc(N, sizeof *inst);
    float *cpu = calloc((size_t)N * 4 * BB_QUAD_FLOATS, sizeof *cpu);
    assert_int_equal(bb_batch_build_instances(b, p, &cam, inst), N);
    for (int k = 0; k < N; k++) {
        const int a = (inst[k].flags >> 3) & 7;
        const float want = a == 6 ? 2.5f : a == 7 ? 4.5f : 20.5f;
        assert_float_equal(bb_instance_phase(&inst[k]), want, 1e-3);
    }
    assert_int_equal(bb_batch_build_cpu(b, p, &cam, cpu), N);
    for (int k = 0; k < N; k++) {
        const bb_cpu_vertex *v = (const bb_cpu_vertex *)(cpu + (size_t)k * 4 * BB_QUAD_FLOATS);
        const int a = (int)v[0].layer_blend;
        const int cols = a == 6 ? 3 : a == 7 ? 4 : 8, rows = a == 6 ? 3 : a == 7 ? 2 : 8;
        bb_anim_cell_uv_grid(bb_anim_frame_grid(20.5f, 0, true, cols, rows, NULL), cols, rows, uv);
        assert_float_equal(v[0].uv[0], uv[0], 1e-6);
        assert_float_equal(v[0].uv[1], uv[1], 1e-6);
        assert_float_equal(v[2].uv[0], uv[2], 1e-6);
        assert_float_equal(v[2].uv[1], uv[3], 1e-6);
    }
    free(cpu);
    free(inst);
    bb_batch_destroy(b);
    particles_destroy(p);
}

/* The CPU mirror of the corner expansion: the plane and the long side each alignment promises. */
static void corners_follow_the_alignment(void **state)
{
    (void)state;
    bb_camera cam;
    test_camera(&cam, false);
    particles *p = particles_create(&(particles_desc){.capacity = 4});
    for (int align = 0; align < BB_ALIGN_COUNT; align++) {
        particle b = particle_init(BB_ATLAS_FIRE, BB_BLEND_ALPHA);
        b.pos[0] = 3.0f; /* off the view axis: view-point and screen alignment differ */
        b.pos[1] = 1.0f;
        b.vel[1] = 20.0f;
        b.size = 0.5f;
        b.align = (uint8_t)align;
        particles_clear(p);
        particles_add(p, &b);
        bb_instance q;
        bb_batch_pack(p, 0, &q);
        float centre[3], off[4][3];
        bb_corners(&cam, &q, centre, off);
        vec3 e1, e2, n, to_cam = {-centre[0], -centre[1], -centre[2]};
        glm_vec3_sub(off[1], off[0], e1);
        glm_vec3_sub(off[3], off[0], e2);
        glm_vec3_cross(e1, e2, n);
        glm_vec3_normalize(n);
        glm_vec3_normalize(to_cam);
        if (align == BB_ALIGN_VIEWPOINT) {
            assert_float_equal(glm_vec3_dot(n, to_cam), 1.0f, 1e-5); /* faces the camera's position */
            assert_float_equal(e1[1], 0.0f, 1e-5);                   /* upright: its x edge is level */
        } else {
            assert_float_equal(n[2], 1.0f, 1e-5); /* in the view plane */
        }
        const float len1 = glm_vec3_norm(e1), len2 = glm_vec3_norm(e2);
        if (align == BB_ALIGN_VELOCITY) {
            /* straight up the screen, size + |v| * stretch long (here v is in the view plane) */
            assert_float_equal(e1[0], 0.0f, 1e-4);
            assert_float_equal(len1, 0.5f + bb_instance_vel(&q, 1) * BB_VELOCITY_STRETCH, 1e-4);
            assert_float_equal(len2, 0.5f, 1e-5);
        } else {
            assert_float_equal(len1, 0.5f, 1e-5);
            assert_float_equal(len2, 0.5f, 1e-5);
        }
    }
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
    const float *f1[] = {p1->x, p1->y, p1->z, p1->size, p1->rot, p1->phase, p1->vx, p1->vy, p1->vz,
                         p1->spin, p1->grow, p1->drag, p1->grav, p1->age, p1->life, p1->rate};
    const float *f2[] = {p2->x, p2->y, p2->z, p2->size, p2->rot, p2->phase, p2->vx, p2->vy, p2->vz,
                         p2->spin, p2->grow, p2->drag, p2->grav, p2->age, p2->life, p2->rate};
    for (size_t a = 0; a < sizeof f1 / sizeof f1[0]; a++) assert_memory_equal(f1[a], f2[a], 71 * sizeof(float));
    assert_memory_equal(p1->color, p2->color, 71 * sizeof(uint32_t));
    assert_memory_equal(p1->meta, p2->meta, 71 * sizeof(uint32_t));
    for (int i = 0; i < 30; i++) {
        particle b;
        particles_get(p1, i, &b);
        assert_int_equal(b.atlas, BB_ATLAS_SPARK);
        assert_int_equal(b.blend, BB_BLEND_ADDITIVE);
        assert_true(b.vel[2] >= 0.0f); /* into the hemisphere of the normal */
    }
    for (int i = 61; i < 71; i++) {
        particle b;
        particles_get(p1, i, &b);
        assert_int_equal(b.atlas, BB_ATLAS_CLOD);
        assert_true(b.vel[1] > 0.0f && b.gravity == 1.0f);
        assert_true((b.color & 0xffu) < 120); /* dark */
    }
    /* each effect picks its alignment: sparks stretch with motion, smoke faces the camera */
    for (int i = 0; i < 30; i++) assert_int_equal(particles_meta_align(p1->meta[i]), BB_ALIGN_VELOCITY);
    for (int i = 61; i < 71; i++) assert_int_equal(particles_meta_align(p1->meta[i]), BB_ALIGN_SCREEN);
    assert_int_equal(particles_meta_align(p1->meta[45]), BB_ALIGN_SCREEN); /* fireball fire */
    assert_int_equal(particles_meta_align(p1->meta[52]), BB_ALIGN_VIEWPOINT); /* its smoke */
    /* a tracer flies straight: velocity-aligned, no gravity, no drag */
    particles *tr = particles_create(&(particles_desc){.capacity = 2});
    assert_int_equal(bb_emit_tracer(tr, (float[3]){0, 1, 0}, (float[3]){0, 0, -40}, 0.05f, 0.2f), 1);
    assert_int_equal(particles_meta_align(tr->meta[0]), BB_ALIGN_VELOCITY);
    assert_int_equal(particles_meta_blend(tr->meta[0]), BB_BLEND_ADDITIVE);
    for (int i = 0; i < 6; i++) particles_step(tr, 0.025f);
    assert_float_equal(tr->z[0], -6.0f, 1e-4);
    assert_float_equal(tr->y[0], 1.0f, 0);
    for (int i = 0; i < 3; i++) particles_step(tr, 0.025f);
    assert_int_equal(tr->alive, 0); /* after its life */
    particles_destroy(tr);
    /* smoke rises on its own: after a second it is above where it started */
    particles_clear(p1);
    rng r;
    rng_seed(&r, 3);
    bb_emit_smoke(p1, &r, (float[3]){0, 0, 0}, 0.2f, 4);
    for (int i = 0; i < 60; i++) particles_step(p1, 1.0f / 60.0f);
    for (int i = 0; i < p1->alive; i++) assert_true(p1->y[i] > 0.3f);
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

/* The wheels' spray: alpha billboards of the spray atlas, thrown at the wheel's velocity with a
 * kick up, nearly upright (the atlas's droplets fall down the sprite); a full pool drops the rest. */
static void spray_is_thrown_up_and_typed(void **state)
{
    (void)state;
    particles *p = particles_create(&(particles_desc){.capacity = 16});
    assert_non_null(p);
    rng r;
    rng_seed(&r, 9);
    const float at[3] = {1, 0.2f, 2}, vel[3] = {0, 0, -3};
    assert_int_equal(bb_emit_spray(p, &r, at, vel, 10), 10);
    for (int i = 0; i < p->alive; i++) {
        particle b;
        particles_get(p, i, &b);
        assert_int_equal(b.atlas, BB_ATLAS_SPRAY);
        assert_int_equal(b.blend, BB_BLEND_ALPHA);
        assert_true(b.vel[1] > vel[1] + 0.8f && b.vel[2] < 0.0f && fabsf(b.rot) < 0.4f && b.life > 0.0f);
    }
    assert_int_equal(bb_emit_spray(p, &r, at, vel, 10), 6);
    particles_destroy(p);
}

int main(void)
{
    log_set_quiet(true);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pool_exhaustion_returns_minus_one_and_counts_drops),
        cmocka_unit_test(release_then_add_reuses_the_arrays),
        cmocka_unit_test(step_integrates_and_kills_at_end_of_life),
        cmocka_unit_test(frame_index_after_t),
        cmocka_unit_test(culling_in_out_straddling),
        cmocka_unit_test(batchers_agree_and_quads_face_the_camera),
        cmocka_unit_test(sort_orders_alpha_back_to_front),
        cmocka_unit_test(chunk_culling_equals_per_billboard_culling),
        cmocka_unit_test(packed_records_match_the_scalar_packing),
        cmocka_unit_test(other_grids_wrap_and_cut_by_their_cells),
        cmocka_unit_test(corners_follow_the_alignment),
        cmocka_unit_test(emitters_are_deterministic_and_typed),
        cmocka_unit_test(fountain_keeps_n_alive),
        cmocka_unit_test(spray_is_thrown_up_and_typed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
