/* Embers of a burning mesh (dissolve/core/dissolve_embers.h) lie in its edge band: the CPU
 * mirror's |d| <= band at every picked point, written where the vertex stage draws the vertex;
 * none while the mesh is whole or gone; the same seed picks the same points (the emitter that
 * flies them, bb/core/bb_emit.h, is tested in tests/bb/unit_bb_embers.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "base/mesh.h"
#include "base/rng.h"
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(points_lie_on_the_edge_band),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
