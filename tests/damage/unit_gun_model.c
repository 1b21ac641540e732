/* The first-person guns (damage/core/gun_model.h): every weapon has its three materials, unit
 * normals, the muzzle at the open end of the barrel (the model's front-most point, on the barrel's
 * axis), the hand's grip inside the gun, sights above the barrel, and the three read apart by
 * length: the marksman rifle longest, the carbine shortest. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>

#include "damage/core/gun_model.h"

static void bounds_all(const gun_model *g, vec3 lo, vec3 hi)
{
    glm_vec3_fill(lo, 1e9f);
    glm_vec3_fill(hi, -1e9f);
    for (int p = 0; p < GUN_PART_COUNT; p++) {
        vec3 a, b;
        mesh_bounds(&g->part[p], a, b);
        glm_vec3_minv(lo, a, lo);
        glm_vec3_maxv(hi, b, hi);
    }
}

static void every_gun_is_whole(void **state)
{
    (void)state;
    for (int k = 0; k < WEAPON_KIND_COUNT; k++) {
        gun_model g;
        gun_model_build((weapon_kind)k, &g);
        for (int p = 0; p < GUN_PART_COUNT; p++) {
            assert_true(g.part[p].index_count >= 12); /* at least a box's worth */
            for (int v = 0; v < g.part[p].vertex_count; v++) assert_float_equal(glm_vec3_norm(g.part[p].nrm[v]), 1.0f, 1e-3);
        }
        vec3 lo, hi;
        bounds_all(&g, lo, hi);
        /* the muzzle is the front-most point, within a millimetre, and on the bore: the metal
         * within 2 cm behind it stays within 2 cm of its axis */
        assert_float_equal(lo[2], g.muzzle[2], 1e-3);
        const mesh_data *mt = &g.part[GUN_PART_METAL];
        int near = 0;
        for (int v = 0; v < mt->vertex_count; v++)
            if (mt->pos[v][2] < g.muzzle[2] + 0.02f) {
                near++;
                assert_true(hypotf(mt->pos[v][0] - g.muzzle[0], mt->pos[v][1] - g.muzzle[1]) < 0.02f);
            }
        assert_true(near > 0);
        /* the grip (the origin) is inside the gun: stock behind, barrel ahead, grip below */
        assert_true(lo[2] < -0.4f && hi[2] > 0.15f && lo[1] < -0.05f && hi[1] > 0.05f);
        assert_true(lo[0] < 0.0f && hi[0] > 0.0f && hi[0] < 0.05f); /* a gun is narrow */
        /* the sights sit above the bore */
        vec3 slo, shi;
        mesh_bounds(&g.part[GUN_PART_SIGHT], slo, shi);
        assert_true(slo[1] > g.muzzle[1]);
        /* only the sights glow */
        vec3 e;
        gun_part_emissive((weapon_kind)k, GUN_PART_SIGHT, e);
        assert_true(e[0] + e[1] + e[2] > 1.0f);
        gun_part_emissive((weapon_kind)k, GUN_PART_METAL, e);
        assert_true(e[0] + e[1] + e[2] == 0.0f);
        gun_model_free(&g);
    }
}

static void the_guns_read_apart(void **state)
{
    (void)state;
    float len[WEAPON_KIND_COUNT], wood[WEAPON_KIND_COUNT][3];
    for (int k = 0; k < WEAPON_KIND_COUNT; k++) {
        gun_model g;
        gun_model_build((weapon_kind)k, &g);
        len[k] = -g.muzzle[2];
        gun_part_albedo((weapon_kind)k, GUN_PART_FURNITURE, wood[k]);
        gun_model_free(&g);
    }
    assert_true(len[WEAPON_MARKSMAN] > len[WEAPON_SHOTGUN] + 0.1f);
    assert_true(len[WEAPON_SHOTGUN] > len[WEAPON_AUTO] + 0.05f);
    /* the shotgun's walnut is warm and brighter than the polymer of the others */
    assert_true(wood[WEAPON_SHOTGUN][0] > 2.0f * wood[WEAPON_SHOTGUN][2]);
    assert_true(wood[WEAPON_SHOTGUN][0] > 2.0f * wood[WEAPON_AUTO][0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_gun_is_whole),
        cmocka_unit_test(the_guns_read_apart),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
