/* Embers of a burning mesh (dissolve/core/dissolve_embers.h) lie in its edge band: the CPU
 * mirror's |d| <= band at every picked point, written where the vertex stage draws the vertex;
 * none while the mesh is whole or gone; the same seed picks the same points. The ember emitter
 * (bb/core/bb_emit.h) tags what it spawns, so `stats` can count them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "base/mesh.h"
#include "base/rng.h"
#include "bb/core/bb_emit.h"
#include "dissolve/core/dissolve_embers.h"
#include "dissolve/core/noise_bake.h"

#define WANT 64

static void picks(const dissolve_ember_src *src, const dissolve_params *p, const noise_tex *n, mat4 model,
                  uint64_t seed, float (*out)[3], int *idx, int *count)
{
    rng r;
    rng_seed(&r, seed);
    *count = dissolve_embers_pick(src, p, n, model, 2.0f * p->edge_width, &r, WANT, 4000, out, idx);
}

static void points_lie_on_the_edge_band(void **state)
{
    (void)state;
    noise_tex *n = noise_bake(&(noise_desc){0});
    assert_non_null(n);
    mesh_data m = {0};
    mesh_build_box(&m, (float[3]){0.4f, 0.4f, 0.4f}, 24);
    dissolve_ember_src src;
    assert_true(dissolve_ember_src_build(&src, &m, 1000));
    assert_true(src.count > 0 && src.count <= 1000);
    mat4 model;
    glm_translate_make(model, (vec3){0.3f, 0.4f, -0.2f});
    glm_scale_uni(model, 1.5f);
    const dissolve_mode modes[] = {DISSOLVE_MODE_PUSH, DISSOLVE_MODE_PULL, DISSOLVE_MODE_NONE};
    const dissolve_shape shapes[] = {DISSOLVE_SHAPE_DIRECTION, DISSOLVE_SHAPE_SPHERE, DISSOLVE_SHAPE_NOISE};
    for (int k = 0; k < 3; k++) {
        for (float amount = 0.2f; amount < 0.9f; amount += 0.25f) {
            dissolve_params p = dissolve_params_defaults();
            p.amount = amount;
            p.mode = modes[k];
            p.shape = shapes[k];
            p.from[1] = 1.0f;
            p.to[1] = -0.2f;
            float at[WANT][3];
            int idx[WANT], got = 0;
            picks(&src, &p, n, model, 7, at, idx, &got);
            assert_true(got > 0);
            const float band = dissolve_embers_band(&p, 2.0f * p.edge_width);
            assert_true(band <= p.band);
            for (int i = 0; i < got; i++) {
                vec3 dir, drawn;
                dissolve_direction(&p, src.nrm[idx[i]], src.snrm[idx[i]], dir);
                const float d = dissolve_fragment_d(&p, n, src.pos[idx[i]], dir, model);
                assert_true(fabsf(d) <= band);
                dissolve_vertex(&p, n, src.pos[idx[i]], src.nrm[idx[i]], src.snrm[idx[i]], model, drawn);
                assert_true(glm_vec3_distance(drawn, at[i]) < 1e-5f);
            }
            /* the same seed: the same points */
            float again[WANT][3];
            int idx2[WANT], got2 = 0;
            picks(&src, &p, n, model, 7, again, idx2, &got2);
            assert_int_equal(got, got2);
            assert_memory_equal(at, again, (size_t)got * sizeof at[0]);
        }
    }
    /* whole or gone: nothing burns */
    dissolve_params p = dissolve_params_defaults();
    float at[WANT][3];
    int got = 0;
    for (int k = 0; k < 2; k++) {
        p.amount = (float)k;
        picks(&src, &p, n, model, 7, at, NULL, &got);
        assert_int_equal(got, 0);
    }
    dissolve_ember_src_free(&src);
    dissolve_ember_src_free(&src); /* twice is harmless */
    mesh_data_free(&m);
    noise_destroy(n);
}

static void the_emitter_tags_its_embers(void **state)
{
    (void)state;
    particles *p = particles_create(&(particles_desc){.capacity = 100});
    assert_non_null(p);
    rng r;
    rng_seed(&r, 3);
    const float at[3][3] = {{0, 1, 0}, {1, 1, 0}, {0, 2, 1}};
    bb_emit_sparks(p, &r, at[0], (float[3]){0, 1, 0}, 5);
    assert_int_equal(bb_emit_embers(p, &r, at, 3), 3);
    assert_int_equal(particles_count_tag(p, BB_TAG_EMBER), 3);
    for (int i = 0; i < p->alive; i++) {
        particle b;
        particles_get(p, i, &b);
        if (b.tag != BB_TAG_EMBER) continue;
        assert_int_equal(b.atlas, BB_ATLAS_SPARK);
        assert_int_equal(b.blend, BB_BLEND_ADDITIVE);
        assert_true(b.vel[1] > 0.0f && b.life >= 0.6f && b.life <= 1.5f && b.grow < 0.0f);
    }
    for (int s = 0; s < 120; s++) particles_step(p, 1.0f / 60.0f); /* 2 s: every ember has died */
    assert_int_equal(particles_count_tag(p, BB_TAG_EMBER), 0);
    particles_destroy(p);
}

/* Embers sucked into a pull's target: tagged embers too, each flying straight at the target and
 * reaching it as it dies (closest approach within 3 cm stepping at 600 Hz), gone by 0.8 s. */
static void embers_to_arrive_at_the_target_as_they_die(void **state)
{
    (void)state;
    const float at[4][3] = {{0, 1, 0}, {1, 0.5f, 0}, {-0.5f, 0.2f, 1}, {0.3f, 1.5f, -0.4f}};
    const float target[3] = {1.5f, 2.0f, 1.2f};
    rng r;
    rng_seed(&r, 5);
    for (int k = 0; k < 4; k++) { /* one mote per pool: its slot never moves */
        particles *p = particles_create(&(particles_desc){.capacity = 8});
        assert_non_null(p);
        assert_int_equal(bb_emit_embers_to(p, &r, &at[k], 1, target), 1);
        assert_int_equal(particles_count_tag(p, BB_TAG_EMBER), 1);
        float closest = 1e9f;
        int steps = 0;
        for (; p->alive > 0 && steps < 600; steps++) {
            particle b;
            particles_get(p, 0, &b);
            const float dx = b.pos[0] - target[0], dy = b.pos[1] - target[1], dz = b.pos[2] - target[2];
            closest = fminf(closest, sqrtf(dx * dx + dy * dy + dz * dz));
            particles_step(p, 1.0f / 600.0f);
        }
        assert_int_equal(p->alive, 0);
        assert_true(steps <= 481); /* 0.8 s */
        assert_true(closest < 0.03f);
        particles_destroy(p);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(points_lie_on_the_edge_band),
        cmocka_unit_test(the_emitter_tags_its_embers),
        cmocka_unit_test(embers_to_arrive_at_the_target_as_they_die),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
