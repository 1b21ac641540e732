/* The plant and chunk models (mud/core/prop_models.h): unit sizes that match the physics' shapes,
 * faces that look outwards, materials in uv.x, a tree with a bare trunk, and instance matrices that put a model where the
 * plant or chunk is. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>

#include "mud/core/prop_models.h"

/* every face normal points away from the point `inside` (convex, star-shaped models) */
static void faces_look_out(const mesh_data *m, const float inside[3])
{
    for (int t = 0; t < m->index_count; t += 3) {
        const float *a = m->pos[m->idx[t]], *b = m->pos[m->idx[t + 1]], *c = m->pos[m->idx[t + 2]];
        vec3 e1, e2, n, mid;
        glm_vec3_sub((float *)b, (float *)a, e1);
        glm_vec3_sub((float *)c, (float *)a, e2);
        glm_vec3_cross(e1, e2, n);
        for (int k = 0; k < 3; k++) mid[k] = (a[k] + b[k] + c[k]) / 3.0f - inside[k];
        assert_true(glm_vec3_dot(n, mid) > 0.0f);
        assert_true(glm_vec3_dot(n, m->nrm[m->idx[t]]) > 0.0f); /* the stored normal agrees */
    }
}

static void models_match_the_physics_shapes(void **state)
{
    (void)state;
    for (int k = 0; k < PROP_MODELS; k++) {
        mesh_data m = {0};
        prop_model_build(&m, (prop_model)k);
        assert_true(m.index_count >= 36 && m.index_count % 3 == 0);
        vec3 lo, hi;
        mesh_bounds(&m, lo, hi);
        for (int v = 0; v < m.vertex_count; v++) assert_in_range((int)lrintf(m.uv[v][0]), PROP_MAT_BARK, PROP_MAT_DEBUG);
        switch (k) {
        case PROP_TREE:
            assert_float_equal(lo[1], 0.0f, 1e-5f); /* stands on its foot */
            assert_float_equal(hi[1], 1.02f, 0.03f);
            break;
        case PROP_CHUNK: /* the physics' box, give or take the lumps of its faces (12 % of a half) */
            assert_float_equal(hi[0] - lo[0], 1.0f, 0.125f);
            assert_float_equal(hi[1] - lo[1], CHUNK_HEIGHT_RATIO, 0.065f);
            faces_look_out(&m, (float[3]){0, 0, 0});
            break;
        case PROP_ROCK:
            assert_float_equal(hi[0], 1.0f, 0.15f);
            faces_look_out(&m, (float[3]){0, 0, 0});
            break;
        case PROP_SHAPE_BOX:
            assert_float_equal(hi[0] - lo[0], 1.0f, 1e-5f);
            faces_look_out(&m, (float[3]){0, 0, 0});
            break;
        case PROP_SHAPE_SPHERE:
            assert_float_equal(hi[1], 1.0f, 1e-5f);
            faces_look_out(&m, (float[3]){0, 0, 0});
            break;
        case PROP_SHAPE_CYLINDER:
            assert_float_equal(hi[1] - lo[1], 1.0f, 1e-5f);
            faces_look_out(&m, (float[3]){0, 0, 0});
            break;
        default: break;
        }
        mesh_data_free(&m);
    }
}

/* The tree reads as a tree standing and felled: bark alone from the foot up to PROP_TREE_CROWN
 * (at least a third of the height: 2.6 m of an 8 m tree), as thick as the physics' capsule there,
 * a flared foot capped by a face looking down (the cut end a felled tree shows), the needles above. */
static void a_tree_has_a_bare_trunk(void **state)
{
    (void)state;
    mesh_data m = {0};
    prop_model_build(&m, PROP_TREE);
    const float r = plant_tree_radius(1.0f);
    float leaves_lo = 2.0f, bark_hi = 0.0f, stem_lo = 1.0f, stem_hi = 0.0f, foot_r = 0.0f;
    bool cap = false;
    for (int v = 0; v < m.vertex_count; v++) {
        const float *p = m.pos[v];
        float rad = sqrtf(p[0] * p[0] + p[2] * p[2]);
        if (lrintf(m.uv[v][0]) == PROP_MAT_LEAVES) {
            leaves_lo = fminf(leaves_lo, p[1]);
            continue;
        }
        assert_int_equal(lrintf(m.uv[v][0]), PROP_MAT_BARK);
        bark_hi = fmaxf(bark_hi, p[1]);
        if (p[1] > 0.02f && p[1] < PROP_TREE_CROWN + 1e-4f && rad > 1e-4f) { /* the bare stem's rings */
            stem_lo = fminf(stem_lo, rad);
            stem_hi = fmaxf(stem_hi, rad);
        }
        if (p[1] < 1e-4f) foot_r = fmaxf(foot_r, rad);
        if (m.nrm[v][1] < -0.99f && p[1] < 1e-4f) cap = true;
    }
    assert_true(PROP_TREE_CROWN >= 1.0f / 3.0f);
    assert_true(leaves_lo >= PROP_TREE_CROWN - 1e-5f); /* no needles hide the trunk */
    assert_true(bark_hi > 0.95f);                      /* and it runs up through the crown */
    assert_true(stem_lo >= 0.75f * r && stem_hi <= r + 1e-5f); /* the capsule's thickness */
    assert_true(foot_r >= 1.3f * r);
    assert_true(cap);
    mesh_data_free(&m);
}

static void instance_matrices_place_the_model(void **state)
{
    (void)state;
    plant p = {{10, 2, 30}, {0, sinf(0.5f), 0, cosf(0.5f)}, 8.0f, PLANT_TREE, false, -1, 0};
    mat4 m;
    vec3 top;
    prop_plant_matrix(&p, m);
    glm_mat4_mulv3(m, (vec3){0, 1, 0}, 1.0f, top);
    assert_float_equal(top[0], 10.0f, 1e-4f);
    assert_float_equal(top[1], 10.0f, 1e-4f); /* an 8 m tree on a foot at y = 2 */
    mud_chunk c = {{5, 1, 6}, {0, 0, 0, 1}, 1.5f, true, -1};
    prop_chunk_matrix(&c, m);
    glm_mat4_mulv3(m, (vec3){0.5f, 0, 0}, 1.0f, top);
    assert_float_equal(top[0], 5.75f, 1e-5f);
    assert_true(prop_plant_radius(&p) >= 8.0f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(models_match_the_physics_shapes),
        cmocka_unit_test(a_tree_has_a_bare_trunk),
        cmocka_unit_test(instance_matrices_place_the_model),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
