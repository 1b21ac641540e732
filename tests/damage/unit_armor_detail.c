/* The armor's baked detail (damage/core/armor_detail.h): the committed texture is what the bake
 * makes of today's robot (so a changed atlas cannot leave a stale texture behind), every outer
 * chart gets seams, bolts and tilted normals, inner faces and rims stay flat, and the gutters
 * copy their chart so filtering never reads empty texels at a seam. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/image.h"
#include "damage/core/armor_detail.h"
#include "damage/core/robot.h"
#include "testdata.h"

typedef struct fixture {
    robot *r;
    unsigned char *rgba;
    int16_t *grid;
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    f->r = robot_create(NULL);
    if (!f->r) return -1;
    const int n = f->r->atlas_size;
    f->rgba = malloc((size_t)n * n * 4);
    f->grid = malloc((size_t)n * n * sizeof *f->grid);
    if (!f->rgba || !f->grid || !armor_detail_bake(f->r, f->rgba)) return -1;
    robot_atlas_grid(f->r, f->grid);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    robot_destroy(f->r);
    free(f->rgba);
    free(f->grid);
    free(f);
    return 0;
}

static void committed_texture_is_the_bake_of_todays_robot(void **state)
{
    fixture *f = *state;
    const int n = f->r->atlas_size;
    image img = {0};
    char err[256];
    /* flip_y: the file's last row first, the atlas' row 0 (tools/bake_armor writes it flipped) */
    assert_true(image_load_png(testdata_path("../../assets/damage/armor_detail.png"), NULL, true, &img, err, sizeof err));
    assert_int_equal(img.width, n);
    assert_int_equal(img.height, n);
    /* a compiler may round a float differently at a step's edge: a byte or two, on a few texels */
    size_t off = 0;
    for (size_t i = 0; i < (size_t)n * n * 4; i++) off += abs((int)img.pixels[i] - (int)f->rgba[i]) > 2;
    if (off > (size_t)n * n / 2000) fail_msg("%zu bytes differ: run build/bin/bake_armor after changing the robot", off);
    image_free(&img);
}

static void outer_charts_carry_detail_inner_faces_stay_flat(void **state)
{
    fixture *f = *state;
    const robot *r = f->r;
    const int n = r->atlas_size;
    int tilted[ROBOT_MAX_CHARTS] = {0}, dark[ROBOT_MAX_CHARTS] = {0}, bare[ROBOT_MAX_CHARTS] = {0}, texels[ROBOT_MAX_CHARTS] = {0};
    for (int i = 0; i < n * n; i++) {
        const int c = f->grid[i];
        if (c < 0) continue;
        const unsigned char *t = f->rgba + 4 * (size_t)i;
        texels[c]++;
        tilted[c] += abs(t[0] - 128) > 20 || abs(t[1] - 128) > 20;
        dark[c] += t[2] < 160;
        bare[c] += t[3] > 100;
        if (r->charts[c].kind != ROBOT_CHART_OUTER) {
            assert_int_equal(t[0], ARMOR_DETAIL_FLAT_R);
            assert_int_equal(t[1], ARMOR_DETAIL_FLAT_R);
            assert_int_equal(t[2], ARMOR_DETAIL_FLAT_B);
        }
    }
    for (int c = 0; c < r->chart_count; c++) {
        if (r->charts[c].kind != ROBOT_CHART_OUTER) continue;
        /* edges and seams tilt the normal and darken the cavity on a real share of every plate,
         * but most of the plate stays painted surface */
        assert_true(tilted[c] > texels[c] / 50);
        if (dark[c] <= texels[c] / 100) fail_msg("chart %d (plate %d): %d of %d texels dark", c, r->charts[c].plate, dark[c], texels[c]);
        assert_true(bare[c] > 0);
        assert_true(tilted[c] < texels[c] / 2);
    }
}

static void gutters_copy_their_chart(void **state)
{
    fixture *f = *state;
    const robot *r = f->r;
    const int n = r->atlas_size;
    int checked = 0;
    for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++) {
            if (f->grid[y * n + x] >= 0 || f->grid[y * n + x + 1] < 0) continue;
            /* the empty texel left of a chart texel holds the detail of a chart texel next to it */
            const int nb[4] = {y * n + x + 1, y * n + x - 1, (y + 1) * n + x, (y - 1) * n + x};
            bool same = false;
            for (int k = 0; k < 4; k++)
                same |= f->grid[nb[k]] >= 0 && !memcmp(f->rgba + 4 * ((size_t)y * n + x), f->rgba + 4 * (size_t)nb[k], 4);
            assert_true(same);
            checked++;
        }
    assert_true(checked > 100);
    /* far from every chart: flat */
    int far = 0;
    for (int i = 0; i < n * n; i += 97) {
        const int x = i % n, y = i / n;
        bool near = false;
        for (int dy = -r->gutter - 1; dy <= r->gutter + 1 && !near; dy++)
            for (int dx = -r->gutter - 1; dx <= r->gutter + 1; dx++) {
                const int xx = x + dx, yy = y + dy;
                if (xx >= 0 && yy >= 0 && xx < n && yy < n && f->grid[yy * n + xx] >= 0) near = true;
            }
        if (near) continue;
        assert_int_equal(f->rgba[4 * (size_t)i + 2], ARMOR_DETAIL_FLAT_B);
        far++;
    }
    assert_true(far > 0);
}

static void seams_are_cut_bolts_raised(void **state)
{
    (void)state;
    /* a tube 0.6 m around and 0.34 m high: its wrap seam at um = 0 is a panel seam */
    armor_detail_point seam = armor_detail_at(3, 0.0005f, 0.08f, 0.6f, 0.34f, 1);
    assert_true(seam.height < -0.001f);
    assert_true(seam.feature & ARMOR_DETAIL_SEAM);
    assert_true(seam.cavity < 0.6f);
    /* a sheet's own side edge is a worn bevel, not a seam */
    armor_detail_point edge = armor_detail_at(3, 0.001f, 0.08f, 0.6f, 0.34f, 0);
    assert_true(edge.feature & ARMOR_DETAIL_EDGE);
    assert_false(edge.feature & ARMOR_DETAIL_SEAM);
    assert_true(edge.bare > 0.3f);
    /* a bolt near a cell's corner stands proud of the surface, bare metal */
    bool bolt = false;
    for (float u = 0.005f; u < 0.03f && !bolt; u += 0.0005f) {
        armor_detail_point b = armor_detail_at(3, u, 0.011f, 0.6f, 0.34f, 1);
        if (b.feature & ARMOR_DETAIL_BOLT) bolt = b.height > 0.0005f && b.bare > 0.3f;
    }
    assert_true(bolt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(committed_texture_is_the_bake_of_todays_robot),
        cmocka_unit_test(outer_charts_carry_detail_inner_faces_stay_flat),
        cmocka_unit_test(gutters_copy_their_chart),
        cmocka_unit_test(seams_are_cut_bolts_raised),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
