/* The first-person guns (damage/scene/gun_model.h): every weapon has its three materials, unit
 * normals, the muzzle at the open end of the barrel (the model's front-most point, on the barrel's
 * axis), the hand's grip inside the gun, sights above the barrel, faces wound outwards, and the
 * three read apart by length (the marksman rifle longest, the carbine shortest), by silhouette and
 * by material. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>

#include "damage/scene/gun_model.h"

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

static int triangles(const gun_model *g)
{
    int n = 0;
    for (int p = 0; p < GUN_PART_COUNT; p++) n += g->part[p].index_count / 3;
    return n;
}

/* Faces wind counter-clockwise seen from outside: every triangle's own normal agrees with its
 * vertices' normals (a flipped face would be culled or lit from inside). */
static void faces_point_out(void **state)
{
    (void)state;
    for (int k = 0; k < WEAPON_KIND_COUNT; k++) {
        gun_model g;
        gun_model_build((weapon_kind)k, &g);
        for (int p = 0; p < GUN_PART_COUNT; p++) {
            const mesh_data *m = &g.part[p];
            for (int i = 0; i < m->index_count; i += 3) {
                const uint32_t a = m->idx[i], b = m->idx[i + 1], c = m->idx[i + 2];
                vec3 e1, e2, n, avg;
                glm_vec3_sub(m->pos[b], m->pos[a], e1);
                glm_vec3_sub(m->pos[c], m->pos[a], e2);
                glm_vec3_cross(e1, e2, n);
                if (glm_vec3_norm(n) < 1e-9f) continue; /* a sliver of a zero chamfer */
                glm_vec3_add(m->nrm[a], m->nrm[b], avg);
                glm_vec3_add(avg, m->nrm[c], avg);
                assert_true(glm_vec3_dot(n, avg) > 0.0f);
            }
        }
        gun_model_free(&g);
    }
}

/* What makes each read as what it is, in silhouette: the bounding box's length to height (the
 * pump gun slim, the rifle long with a tall scope, the carbine short with a deep magazine), the
 * round barrel at the muzzle (no hexagon), the walnut on both ends of the shotgun, a sane triangle
 * budget for a 640x360 view model. */
static void the_silhouettes(void **state)
{
    (void)state;
    float ratio[WEAPON_KIND_COUNT], top[WEAPON_KIND_COUNT], bottom[WEAPON_KIND_COUNT];
    for (int k = 0; k < WEAPON_KIND_COUNT; k++) {
        gun_model g;
        gun_model_build((weapon_kind)k, &g);
        vec3 lo, hi;
        bounds_all(&g, lo, hi);
        ratio[k] = (hi[2] - lo[2]) / (hi[1] - lo[1]);
        top[k] = hi[1] - g.muzzle[1];
        bottom[k] = lo[1];
        int tris = triangles(&g);
        print_message("%d: %.3f m long, %.3f m high (ratio %.2f), %d triangles\n", k, hi[2] - lo[2], hi[1] - lo[1], ratio[k], tris);
        assert_true(tris >= 1000 && tris <= 12000);
        /* the barrel's end is round: its metal vertices there lie at 12 or more angles */
        const mesh_data *mt = &g.part[GUN_PART_METAL];
        bool seen[72] = {0};
        int angles = 0;
        for (int v = 0; v < mt->vertex_count; v++) {
            float dx = mt->pos[v][0] - g.muzzle[0], dy = mt->pos[v][1] - g.muzzle[1];
            if (mt->pos[v][2] > g.muzzle[2] + 0.005f || hypotf(dx, dy) < 0.005f) continue;
            int bin = (int)floorf((atan2f(dy, dx) + GLM_PIf) / (2.0f * GLM_PIf) * 72.0f) % 72;
            angles += !seen[bin];
            seen[bin] = true;
        }
        assert_true(angles >= 12);
        if (k == WEAPON_SHOTGUN) { /* walnut on the pump, ahead of the hand, and on the stock behind */
            vec3 flo, fhi;
            mesh_bounds(&g.part[GUN_PART_FURNITURE], flo, fhi);
            assert_true(flo[2] < -0.3f && fhi[2] > 0.2f);
        }
        gun_model_free(&g);
    }
    assert_true(ratio[WEAPON_SHOTGUN] > 4.5f);
    assert_true(ratio[WEAPON_MARKSMAN] > 3.5f && ratio[WEAPON_MARKSMAN] < ratio[WEAPON_SHOTGUN]);
    assert_true(ratio[WEAPON_AUTO] < 3.0f);
    /* the scope towers over the bore; the carbine's curved magazine hangs lowest */
    assert_true(top[WEAPON_MARKSMAN] > 0.10f && top[WEAPON_MARKSMAN] > top[WEAPON_AUTO] && top[WEAPON_MARKSMAN] > 2.0f * top[WEAPON_SHOTGUN]);
    assert_true(bottom[WEAPON_AUTO] < bottom[WEAPON_MARKSMAN] - 0.05f && bottom[WEAPON_AUTO] < bottom[WEAPON_SHOTGUN] - 0.05f);
    /* three materials apart: walnut warm, the marksman's tan lighter than the carbine's black */
    float fu[WEAPON_KIND_COUNT][3], mt[3];
    for (int k = 0; k < WEAPON_KIND_COUNT; k++) gun_part_albedo((weapon_kind)k, GUN_PART_FURNITURE, fu[k]);
    gun_part_albedo(WEAPON_AUTO, GUN_PART_METAL, mt);
    assert_true(fu[WEAPON_MARKSMAN][1] > 3.0f * fu[WEAPON_AUTO][1]);
    assert_true(mt[0] > 1.5f * fu[WEAPON_AUTO][0]); /* the carbine's metal reads apart from its polymer */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_gun_is_whole),
        cmocka_unit_test(the_guns_read_apart),
        cmocka_unit_test(faces_point_out),
        cmocka_unit_test(the_silhouettes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
