/* The damage map's atlas tables: the dilation's island mask points every gutter texel near a
 * chart at its nearest chart texel (and nothing else anywhere), the layout marks chart interiors
 * and a two-texel outline; on small grids with known answers and on the robot's whole atlas. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdbool.h>
#include <stdlib.h>

#include "damage/core/damage_atlas.h"
#include "damage/core/robot.h"

enum { N = 9 };

static void empty(int16_t *g, int n)
{
    for (int i = 0; i < n * n; i++) g[i] = -1;
}

/* The texel a code points at, or -1 for 0. */
static int source(int code, int x, int y, int n)
{
    if (!code) return -1;
    const int dx = (code - 1) % 5 - 2, dy = (code - 1) / 5 - 2;
    return (y + dy) * n + x + dx;
}

static void one_chart_texel_is_the_source_of_its_5x5_square(void **state)
{
    (void)state;
    int16_t g[N * N];
    unsigned char code[N * N];
    empty(g, N);
    g[4 * N + 4] = 7;
    damage_atlas_islands(g, N, code);
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++) {
            const bool near = abs(x - 4) <= 2 && abs(y - 4) <= 2;
            if (near) assert_int_equal(source(code[y * N + x], x, y, N), 4 * N + 4);
            else assert_int_equal(code[y * N + x], 0);
        }
    assert_int_equal(code[4 * N + 4], DAMAGE_ATLAS_ISLAND);
    assert_int_equal(code[5 * N + 6], 1 + 1 * 5 + 0); /* dx = -2, dy = -1 */
}

static void the_nearest_chart_texel_wins_and_ties_go_to_the_first_in_row_order(void **state)
{
    (void)state;
    int16_t g[N * N];
    unsigned char code[N * N];
    empty(g, N);
    g[4 * N + 2] = 0;
    g[4 * N + 6] = 1;
    damage_atlas_islands(g, N, code);
    assert_int_equal(source(code[4 * N + 3], 3, 4, N), 4 * N + 2);
    assert_int_equal(source(code[4 * N + 5], 5, 4, N), 4 * N + 6);
    assert_int_equal(source(code[4 * N + 4], 4, 4, N), 4 * N + 2); /* both 2 away */
    assert_int_equal(source(code[2 * N + 4], 4, 2, N), 4 * N + 2); /* both sqrt(8) away */
    /* a chart texel in a corner: sources never leave the grid */
    empty(g, N);
    g[0] = 3;
    damage_atlas_islands(g, N, code);
    assert_int_equal(source(code[1 * N + 1], 1, 1, N), 0);
    assert_int_equal(code[3 * N + 0], 0);
}

static void the_layout_marks_interiors_and_a_two_texel_outline(void **state)
{
    (void)state;
    int16_t g[N * N];
    unsigned char v[N * N];
    empty(g, N);
    g[4 * N + 4] = g[4 * N + 5] = 2;
    damage_atlas_layout(g, N, v);
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++) {
            const int dx = x < 4 ? 4 - x : x > 5 ? x - 5 : 0, dy = abs(y - 4);
            const int want = g[y * N + x] >= 0 ? DAMAGE_ATLAS_INTERIOR : (dx <= 2 && dy <= 2 ? 255 : 0);
            assert_int_equal(v[y * N + x], want);
        }
}

static void every_texel_of_the_robots_atlas_follows_the_rule(void **state)
{
    (void)state;
    robot *r = robot_create(NULL);
    assert_non_null(r);
    const int n = r->atlas_size;
    int16_t *g = malloc((size_t)n * n * sizeof *g);
    unsigned char *code = malloc((size_t)n * n), *v = malloc((size_t)n * n);
    assert_true(g && code && v);
    robot_atlas_grid(r, g);
    damage_atlas_islands(g, n, code);
    damage_atlas_layout(g, n, v);
    long islands = 0, filled = 0, outline = 0;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            const int i = y * n + x, c = code[i];
            assert_true(c <= 25);
            if (g[i] >= 0) {
                assert_int_equal(c, DAMAGE_ATLAS_ISLAND);
                assert_int_equal(v[i], DAMAGE_ATLAS_INTERIOR);
                islands++;
                continue;
            }
            bool near = false;
            for (int dy = -2; dy <= 2; dy++)
                for (int dx = -2; dx <= 2; dx++) {
                    const int xx = x + dx, yy = y + dy;
                    near |= xx >= 0 && yy >= 0 && xx < n && yy < n && g[yy * n + xx] >= 0;
                }
            assert_int_equal(v[i], near ? 255 : 0);
            outline += near;
            if (!near) {
                assert_int_equal(c, 0);
                continue;
            }
            const int s = source(c, x, y, n);
            assert_true(s >= 0 && s < n * n && g[s] >= 0); /* a gutter texel copies a chart texel */
            filled++;
        }
    assert_true(islands > 500000 && filled > 10000 && outline == filled);
    free(g);
    free(code);
    free(v);
    robot_destroy(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_chart_texel_is_the_source_of_its_5x5_square),
        cmocka_unit_test(the_nearest_chart_texel_wins_and_ties_go_to_the_first_in_row_order),
        cmocka_unit_test(the_layout_marks_interiors_and_a_two_texel_outline),
        cmocka_unit_test(every_texel_of_the_robots_atlas_follows_the_rule),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
