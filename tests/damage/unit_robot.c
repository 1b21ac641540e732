/* Robot builder and its shared armor atlas: size and placement, no overlapping islands,
 * gutters, balanced texel density, and the panel parameter -> outer texel mapping. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "damage/core/robot.h"

static int setup(void **state)
{
    *state = robot_create(&(robot_desc){0});
    return *state ? 0 : -1;
}

static int teardown(void **state)
{
    robot_destroy(*state);
    robot_destroy(NULL);
    return 0;
}

static void plate_bounds_ws(const robot_plate *pl, vec3 lo, vec3 hi)
{
    glm_vec3_broadcast(1e9f, lo);
    glm_vec3_broadcast(-1e9f, hi);
    for (int v = 0; v < pl->mesh.vertex_count; v++) {
        vec3 p;
        glm_mat4_mulv3((vec4 *)pl->rest, pl->mesh.pos[v], 1.0f, p);
        glm_vec3_minv(lo, p, lo);
        glm_vec3_maxv(hi, p, hi);
    }
}

static void robot_has_the_right_size_and_pose(void **state)
{
    const robot *r = *state;
    vec3 lo, hi;
    mesh_bounds(&r->body, lo, hi);
    assert_true(fabsf(lo[1]) < 1e-4f);            /* feet on the ground */
    assert_true(r->height > 2.05f && r->height < 2.35f);
    assert_true(fabsf(lo[0] + hi[0]) < 1e-3f);    /* centred on the origin, symmetric */
    plate_bounds_ws(&r->plates[ROBOT_PLATE_CHEST], lo, hi);
    assert_true(lo[1] <= 1.3f && hi[1] >= 1.5f);  /* chest spans 1.3..1.5 m */
    assert_true(hi[2] > 0.15f);                    /* and is in front: the robot faces +z */
    plate_bounds_ws(&r->plates[ROBOT_PLATE_BACK], lo, hi);
    assert_true(lo[2] < -0.15f && hi[2] < 0.1f);
    assert_int_equal(r->plate_count, ROBOT_PLATE_COUNT);
    assert_true(r->glow.index_count > 0);
}

/* Every plate is a shell: outer, inner and rim charts, and the outer faces point away from
 * the inner faces (the inner face lies behind the outer one along its normal). */
static void plates_are_shells(void **state)
{
    const robot *r = *state;
    for (int p = 0; p < r->plate_count; p++) {
        int kinds[3] = {0};
        for (int c = 0; c < r->chart_count; c++)
            if (r->charts[c].plate == p) kinds[r->charts[c].kind]++;
        assert_true(kinds[ROBOT_CHART_OUTER] >= 1);
        assert_int_equal(kinds[ROBOT_CHART_INNER], kinds[ROBOT_CHART_OUTER]);
        assert_true(kinds[ROBOT_CHART_RIM] >= 1);
        const mesh_data *m = &r->plates[p].mesh;
        int checked = 0;
        for (int t = 0; t < m->index_count; t += 3) {
            uint32_t a = m->idx[t];
            if (r->charts[r->plates[p].chart[a]].kind != ROBOT_CHART_OUTER) continue;
            vec3 e1, e2, n, c;
            glm_vec3_sub(m->pos[m->idx[t + 1]], m->pos[a], e1);
            glm_vec3_sub(m->pos[m->idx[t + 2]], m->pos[a], e2);
            glm_vec3_cross(e1, e2, n);
            glm_vec3_normalize(n);
            /* the nearest inner vertex lies on the inside of the outer triangle */
            float best = 1e9f;
            vec3 bestp = {0};
            for (int v = 0; v < m->vertex_count; v++) {
                if (r->charts[r->plates[p].chart[v]].kind != ROBOT_CHART_INNER) continue;
                float d = glm_vec3_distance(m->pos[v], m->pos[a]);
                if (d < best) { best = d; glm_vec3_copy(m->pos[v], bestp); }
            }
            glm_vec3_sub(bestp, m->pos[a], c);
            assert_true(glm_vec3_dot(c, n) < 0.0f);
            assert_true(best > 0.005f && best < 0.03f); /* thickness */
            checked++;
        }
        assert_true(checked > 4);
    }
}

static void atlas_islands_never_overlap_and_keep_gutters(void **state)
{
    const robot *r = *state;
    const int n = r->atlas_size;
    assert_int_equal(n, 1024);
    int16_t *grid = malloc((size_t)n * n * sizeof *grid);
    assert_non_null(grid);
    assert_int_equal(robot_atlas_grid(r, grid), 0);
    int covered = 0, *per_chart = calloc((size_t)r->chart_count, sizeof(int));
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int c = grid[y * n + x];
            if (c < 0) continue;
            covered++;
            per_chart[c]++;
            /* no texel of another island within the gutter */
            for (int dy = -4; dy <= 4; dy++)
                for (int dx = -4; dx <= 4; dx++) {
                    int xx = x + dx, yy = y + dy;
                    if (xx < 0 || yy < 0 || xx >= n || yy >= n) continue;
                    int o = grid[yy * n + xx];
                    assert_true(o < 0 || o == c);
                }
            assert_true(x >= 4 && y >= 4 && x < n - 4 && y < n - 4);
        }
    for (int c = 0; c < r->chart_count; c++) assert_true(per_chart[c] > 0);
    /* the packer used the atlas well: more than a third of it is armor */
    assert_true(covered > n * n / 3);
    free(per_chart);
    free(grid);
}

static void texel_density_is_balanced(void **state)
{
    const robot *r = *state;
    const float n = (float)r->atlas_size;
    float dens[ROBOT_PLATE_COUNT], mean = 0;
    for (int p = 0; p < r->plate_count; p++) {
        const mesh_data *m = &r->plates[p].mesh;
        double uv_area = 0, area = 0;
        for (int t = 0; t < m->index_count; t += 3) {
            const float *a = m->uv[m->idx[t]], *b = m->uv[m->idx[t + 1]], *c = m->uv[m->idx[t + 2]];
            uv_area += 0.5 * fabs((double)((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])));
            vec3 e1, e2, x;
            glm_vec3_sub(m->pos[m->idx[t + 1]], m->pos[m->idx[t]], e1);
            glm_vec3_sub(m->pos[m->idx[t + 2]], m->pos[m->idx[t]], e2);
            glm_vec3_cross(e1, e2, x);
            area += 0.5 * glm_vec3_norm(x);
        }
        assert_float_equal(area, r->plates[p].area, 1e-3 * area);
        dens[p] = (float)(uv_area * n * n / area);
        mean += dens[p] / (float)r->plate_count;
    }
    for (int p = 0; p < r->plate_count; p++) {
        assert_true(dens[p] > 0.75f * mean && dens[p] < 1.25f * mean);
    }
    /* and density matches the packing scale */
    assert_float_equal(mean, r->texels_per_m * r->texels_per_m, 0.1f * mean);
    /* enough texels that a 2 cm pellet hole is several texels wide */
    assert_true(r->texels_per_m * 0.02f > 4.0f);
}

/* Outer-surface vertices sit exactly where the panel's parameter mapping says: the mapping
 * that carries cuts from the outer chart to the inner chart and rims. */
static void panel_parameter_maps_to_outer_uv(void **state)
{
    const robot *r = *state;
    int checked = 0;
    for (int p = 0; p < r->plate_count; p++) {
        const robot_plate *pl = &r->plates[p];
        for (int v = 0; v < pl->mesh.vertex_count; v++) {
            if (r->charts[pl->chart[v]].kind != ROBOT_CHART_OUTER) continue;
            float t[2];
            robot_panel_texel(r, pl->panel[v], pl->param[v][0], pl->param[v][1], t);
            assert_float_equal(t[0], pl->mesh.uv[v][0] * (float)r->atlas_size, 0.05);
            assert_float_equal(t[1], pl->mesh.uv[v][1] * (float)r->atlas_size, 0.05);
            assert_int_equal(r->panels[pl->panel[v]].plate, p);
            checked++;
        }
    }
    assert_true(checked > 100);
}

/* The atlas size is the caller's: one too small for the charts is a logged error, not an assert
 * that release builds compile out. */
static void atlas_too_small_is_an_error(void **state)
{
    (void)state;
    int errors = log_error_count();
    assert_null(robot_create(&(robot_desc){.atlas_size = 16}));
    assert_int_equal(log_error_count(), errors + 1);
    assert_non_null(strstr(log_last_error(), "do not fit a 16x16 atlas"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(robot_has_the_right_size_and_pose),
        cmocka_unit_test(plates_are_shells),
        cmocka_unit_test(atlas_islands_never_overlap_and_keep_gutters),
        cmocka_unit_test(texel_density_is_balanced),
        cmocka_unit_test(panel_parameter_maps_to_outer_uv),
        cmocka_unit_test(atlas_too_small_is_an_error),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
