/* Brows and lashes of the procedural head: strands over each eye on the skin, lash cards on
 * the upper lids over the eyeballs, every vertex anchored to a real skin vertex, and the hair's
 * blendshape deltas exactly its anchors'. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "base/log.h"
#include "wrinkle/core/head_hair.h"
#include "wrinkle/core/head_lids.h"

static head_model head;
static head_hair hair;

static int setup(void **state)
{
    (void)state;
    if (!head_build(&head, &(head_desc){0})) return -1;
    head_hair_build(&head, &hair);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    head_hair_free(&hair);
    head_free(&head);
    return 0;
}

static float dist3(const float *a, const float *b)
{
    return sqrtf((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]));
}

static void brows_lie_on_the_skin_over_the_eyes(void **state)
{
    (void)state;
    assert_int_equal(hair.brows.vertex_count, 2 * HEAD_HAIR_BROW_STRANDS * 4); /* a card: root pair, tip pair */
    assert_int_equal(hair.brows.index_count, 2 * HEAD_HAIR_BROW_STRANDS * 6);
    int right = 0;
    for (int v = 0; v < hair.brows.vertex_count; v++) {
        const float *p = hair.brows.pos[v];
        int a = hair.anchor[v];
        assert_true(a >= 0 && a < head.skin.vertex_count);
        /* within 2 mm of its anchor's skin point, in front of it (lifted along the normal) */
        assert_true(dist3(p, head.skin.pos[a]) < 0.002f);
        /* above the eyes, below the forehead's middle, beside the nose */
        assert_true(p[1] > HEAD_EYE_Y + 0.01f && p[1] < HEAD_BROW_Y + 0.02f);
        assert_true(fabsf(p[0]) > 0.01f && fabsf(p[0]) < 0.065f);
        assert_true(p[2] > 0.0f);
        right += p[0] > 0.0f;
    }
    assert_int_equal(right, hair.brows.vertex_count / 2); /* one brow each side */
}

/* Each card vertex's tan: the unit side direction and the signed half width (the renderer widens a
 * card thinner than a pixel along it): the pair's two vertices are the half width either side. */
static void brow_cards_carry_their_side_and_width(void **state)
{
    (void)state;
    for (int v = 0; v + 3 < hair.brows.vertex_count; v += 4)
        for (int pair = 0; pair < 2; pair++) {
            const float *a = hair.brows.tan[v + 2 * pair], *b = hair.brows.tan[v + 2 * pair + 1];
            assert_true(fabsf(sqrtf(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]) - 1.0f) < 1e-4f);
            assert_true(a[3] < 0.0f && b[3] > 0.0f && fabsf(a[3] + b[3]) < 1e-7f);
            vec3 d, c;
            glm_vec3_sub(hair.brows.pos[v + 2 * pair + 1], hair.brows.pos[v + 2 * pair], d);
            glm_vec3_scale((float *)a, b[3] - a[3], c);
            assert_true(dist3(d, c) < 1e-6f); /* pos[1] - pos[0] = side x (w1 - w0) */
        }
}

/* On the coarse grid of face.detail 0.5 every strand keeps its length (3.1 mm at the least):
 * root and tip follow the drawn point, not the grid vertex under it, which two points of a
 * strand could share (the brows thinned to clumps). */
static void brows_keep_their_strands_on_a_coarse_grid(void **state)
{
    (void)state;
    head_model coarse = {0};
    head_hair ch = {0};
    assert_true(head_build(&coarse, &(head_desc){.slices = HEAD_SLICES / 2, .stacks = HEAD_STACKS / 2}));
    assert_true(head_hair_build(&coarse, &ch));
    assert_int_equal(ch.brows.vertex_count, hair.brows.vertex_count);
    float shortest = 1.0f;
    for (int v = 0; v + 3 < ch.brows.vertex_count; v += 4) {
        vec3 mid, tip;
        glm_vec3_lerp(ch.brows.pos[v], ch.brows.pos[v + 1], 0.5f, mid);
        glm_vec3_lerp(ch.brows.pos[v + 2], ch.brows.pos[v + 3], 0.5f, tip);
        shortest = fminf(shortest, dist3(mid, tip));
        /* and each vertex where the full grid puts it, within 1.5 mm */
        for (int k = 0; k < 4; k++) assert_true(dist3(ch.brows.pos[v + k], hair.brows.pos[v + k]) < 0.0015f);
    }
    print_message("shortest brow strand on the coarse grid: %.2f mm\n", shortest * 1000.0f);
    assert_true(shortest > 0.0025f);
    head_hair_free(&ch);
    head_free(&coarse);
}

static void lashes_sit_on_the_upper_lids(void **state)
{
    (void)state;
    assert_true(hair.lashes.vertex_count >= 2 * 2 * 12); /* most columns of both lids found */
    for (int v = 0; v < hair.lash_vertex_count; v++) {
        const float *p = hair.lashes.pos[v];
        int a = hair.anchor[hair.brows.vertex_count + v];
        assert_true(a >= 0 && a < head.skin.vertex_count);
        const float *c = head.eye_center[p[0] > 0.0f ? 0 : 1];
        assert_true(p[1] > c[1]);                     /* the upper lid */
        float r = dist3(p, c);
        assert_true(r > HEAD_EYE_RADIUS - 0.001f && r < HEAD_EYE_RADIUS + 0.012f);
        assert_true(p[2] > c[2]);                     /* in front of the eye's centre */
    }
}

/* Each lash is a card of six vertices (root, bend, tip pairs), HEAD_HAIR_LASHES a lid: the bends
 * and tips stand out of the lid into the air (grown up and only a little forward, half of them
 * ended inside the thick upper lid and never showed), the roots in front of the ball (a root
 * inside it was cut off along the ball's hard edge), the cards taper (root wider than tip) and
 * rise from root to tip, 1.5 to 9 mm long. */
static void lash_cards_stand_out_of_the_lid(void **state)
{
    (void)state;
    assert_int_equal(hair.lash_vertex_count % 6, 0);
    int cards = hair.lash_vertex_count / 6, inside = 0;
    assert_true(cards >= 2 * HEAD_HAIR_LASHES * 8 / 10); /* most of both lids' lashes placed */
    float shortest = 1.0f, longest = 0.0f;
    for (int c = 0; c < cards; c++) {
        float (*p)[3] = hair.lashes.pos + 6 * c;
        for (int k = 2; k < 6; k++) inside += head_inside(&head, p[k]);
        const float *e = head.eye_center[p[0][0] > 0.0f ? 0 : 1];
        for (int k = 0; k < 2; k++) assert_true(dist3(p[k], e) > HEAD_EYE_RADIUS + 0.0003f);
        assert_true(dist3(p[0], p[1]) > 2.5f * dist3(p[4], p[5])); /* tapered */
        float root[3], tip[3];
        for (int k = 0; k < 3; k++) root[k] = 0.5f * (p[0][k] + p[1][k]), tip[k] = 0.5f * (p[4][k] + p[5][k]);
        assert_true(tip[1] > root[1]);
        float len = dist3(root, tip);
        shortest = fminf(shortest, len);
        longest = fmaxf(longest, len);
    }
    print_message("%d lash cards, %.1f to %.1f mm root to tip\n", cards, shortest * 1000.0f, longest * 1000.0f);
    assert_true(shortest > 0.0015f && longest < 0.009f);
    assert_int_equal(inside, 0);
}

/* The tear line on each lower lid: along the lid's rim (its margin: within 3 mm of the ball), under
 * the eye's centre, in front, each strip 0.7 mm high, anchored on that rim vertex within 2 mm
 * (the line is smoothed along the lid, so a column's point moves off its vertex by up to a grid
 * row: 1 mm before, 1.7 mm now). */
static void tear_lines_lie_on_the_balls_over_the_lower_lids(void **state)
{
    (void)state;
    const int n = hair.lashes.vertex_count - hair.lash_vertex_count;
    assert_true(n >= 2 * 2 * 12); /* most columns of both lids found */
    assert_true(hair.lashes.index_count > hair.lash_index_count);
    float far = 0.0f;
    for (int v = hair.lash_vertex_count; v < hair.lashes.vertex_count; v++) {
        const float *p = hair.lashes.pos[v];
        const float *c = head.eye_center[p[0] > 0.0f ? 0 : 1];
        assert_true(dist3(p, c) > HEAD_EYE_RADIUS - 0.001f && dist3(p, c) < HEAD_EYE_RADIUS + 0.0035f);
        assert_true(p[1] < c[1] && p[2] > c[2]);
        int a = hair.anchor[hair.brows.vertex_count + v];
        assert_true(a >= 0 && a < head.skin.vertex_count && head.skin.pos[a][1] < c[1]);
        far = fmaxf(far, dist3(p, head.skin.pos[a]));
    }
    print_message("tear line: at most %.2f mm from its anchor\n", far * 1000.0f);
    assert_true(far < 0.002f);
}

static void hair_deltas_are_their_anchors(void **state)
{
    (void)state;
    float (*dpos[HEAD_MORPH_COUNT])[3], (*dnrm[HEAD_MORPH_COUNT])[3];
    assert_true(head_hair_deltas(&head, &hair, dpos, dnrm));
    int n = head_hair_delta_count(&head, &hair);
    assert_int_equal(n, head.shape_vertex_count + hair.brows.vertex_count + hair.lashes.vertex_count);
    float moved = 0.0f;
    for (int s = 0; s < HEAD_MORPH_COUNT; s++) {
        for (int v = 0; v < head.shape_vertex_count; v += 97)
            assert_memory_equal(dpos[s][v], head.shape_dpos[s][v], sizeof dpos[s][v]);
        for (int v = head.shape_vertex_count; v < n; v++) {
            int a = hair.anchor[v - head.shape_vertex_count], l = v - head.shape_vertex_count - hair.brows.vertex_count;
            if (s == HEAD_BLINK && l >= 0 && l < hair.lash_vertex_count) continue; /* the lashes turn: lashes_turn_down_with_the_blink */
            assert_memory_equal(dpos[s][v], head.shape_dpos[s][a], sizeof dpos[s][v]);
            assert_memory_equal(dnrm[s][v], head.shape_dnrm[s][a], sizeof dnrm[s][v]);
            if (s == HEAD_FROWN && v < head.shape_vertex_count + hair.brows.vertex_count)
                moved = fmaxf(moved, sqrtf(dpos[s][v][0] * dpos[s][v][0] + dpos[s][v][1] * dpos[s][v][1] +
                                           dpos[s][v][2] * dpos[s][v][2]));
        }
        free(dpos[s]);
        free(dnrm[s]);
    }
    assert_true(moved > 0.002f); /* frown really moves the brows */
}

/* Shut, a lash hangs down out of the closed lid instead of riding down upright across it (dark
 * streaks over the lid shell): the cards' mean direction, root to tip, points down at blink 1,
 * and every root of a lash whose lid shut lies outside the lid shell. */
static void lashes_turn_down_with_the_blink(void **state)
{
    (void)state;
    float (*dpos[HEAD_MORPH_COUNT])[3], (*dnrm[HEAD_MORPH_COUNT])[3];
    assert_true(head_hair_deltas(&head, &hair, dpos, dnrm));
    const int first = head.shape_vertex_count + hair.brows.vertex_count;
    float up_open = 0.0f, up_shut = 0.0f, least = 1.0f;
    int cards = 0;
    for (int l = 0; l + 5 < hair.lash_vertex_count; l += 6) {
        float r[2][3], t[2][3];
        for (int w = 0; w < 2; w++)
            for (int k = 0; k < 3; k++) {
                float b = (float)w;
                r[w][k] = 0.5f * (hair.lashes.pos[l][k] + hair.lashes.pos[l + 1][k] + b * (dpos[HEAD_BLINK][first + l][k] + dpos[HEAD_BLINK][first + l + 1][k]));
                t[w][k] = 0.5f * (hair.lashes.pos[l + 4][k] + hair.lashes.pos[l + 5][k] + b * (dpos[HEAD_BLINK][first + l + 4][k] + dpos[HEAD_BLINK][first + l + 5][k]));
            }
        float d0[3], d1[3];
        glm_vec3_sub(t[0], r[0], d0);
        glm_vec3_sub(t[1], r[1], d1);
        up_open += d0[1] / glm_vec3_norm(d0), up_shut += d1[1] / glm_vec3_norm(d1), cards++;
        const float *c = head.eye_center[r[0][0] < 0.0f];
        if (r[1][1] < r[0][1] - 0.004f) least = fminf(least, glm_vec3_distance(r[1], (float *)c) - HEAD_EYE_RADIUS);
    }
    printf("lashes: %d cards, mean up component open %.2f, shut %.2f; shut roots at least %.2f mm over the ball\n", cards,
           up_open / cards, up_shut / cards, least * 1000.0f);
    assert_true(cards > 20);
    assert_true(up_open / cards > 0.3f);
    assert_true(up_shut / cards < 0.0f);
    assert_true(least >= HEAD_LIDS_SHELL_OUT);
    for (int s = 0; s < HEAD_MORPH_COUNT; s++) free(dpos[s]), free(dnrm[s]);
}

int main(void)
{
    log_set_quiet(true);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(brows_lie_on_the_skin_over_the_eyes),
        cmocka_unit_test(brows_keep_their_strands_on_a_coarse_grid),
        cmocka_unit_test(brow_cards_carry_their_side_and_width),
        cmocka_unit_test(lashes_sit_on_the_upper_lids),
        cmocka_unit_test(tear_lines_lie_on_the_balls_over_the_lower_lids),
        cmocka_unit_test(lash_cards_stand_out_of_the_lid),
        cmocka_unit_test(hair_deltas_are_their_anchors),
        cmocka_unit_test(lashes_turn_down_with_the_blink),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
