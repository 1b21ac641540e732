/* Mud field: stamps conserve volume, borders stay identical, footprint and depth follow the
 * tyre, the rut edge is anti-aliased, softer ground sinks deeper, dirty rectangles cover exactly
 * the changed texels, tracks dry with age. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mud/core/mud_prim.h"
#include "mud/core/mudfield.h"

#define R MUDFIELD_RES
#define SEG (MUDFIELD_RES - 1)

static terrain *flat(float softness, float mud)
{
    return terrain_create(&(terrain_desc){.level_size = 64, .flat = true, .flat_height = 4.0f, .flat_softness = softness, .flat_mud = mud});
}

/* A block's texels decoded (NULL when the field has none): heights, slides (2 per texel), tracks.
 * A ring of buffers, so one comparison can hold several blocks. */
typedef struct decoded { float h[R * R], s[R * R * 2], t[R * R]; } decoded;
static const decoded *decode(const mudfield *mf, int bx, int bz)
{
    static decoded ring[8];
    static int next;
    const uint8_t *px = mudfield_block_texels(mf, bx, bz);
    const uint16_t *h16 = mudfield_block_heights(mf, bx, bz);
    if (!px) return NULL;
    decoded *d = &ring[next++ % 8];
    for (int k = 0; k < R * R; k++) {
        d->h[k] = mudfield_unpack_height16(h16[k]);
        d->s[2 * k] = mudfield_unpack_slide(px[4 * k + 1]);
        d->s[2 * k + 1] = mudfield_unpack_slide(px[4 * k + 2]);
        d->t[k] = (float)px[4 * k + 3] / 255.0f;
    }
    return d;
}
static const float *block_heights(const mudfield *mf, int bx, int bz) { const decoded *d = decode(mf, bx, bz); return d ? d->h : NULL; }
static const float *block_slide(const mudfield *mf, int bx, int bz) { const decoded *d = decode(mf, bx, bz); return d ? d->s : NULL; }
static const float *block_track(const mudfield *mf, int bx, int bz) { const decoded *d = decode(mf, bx, bz); return d ? d->t : NULL; }

/* A wheel rolling along +z at (x, z) whose tyre bottom is depth below the base. */
static mudfield_wheel wheel(float x, float z, float depth)
{
    float h = 4.0f; /* flat_height, exactly representable with the 0.08 m step */
    return (mudfield_wheel){.center = {x, h + 0.55f - depth, z}, .radius = 0.55f, .width = 0.42f,
                            .forward = {0, 1}, .velocity = {0, 2}, .slip = 1.0f, .penetration = depth};
}

/* The test's own walk over distinct world texels: first allocated holder wins. */
static double volume_by_texels(const mudfield *mf, int nb)
{
    double sum = 0;
    for (int gz = 0; gz <= nb * SEG; gz++)
        for (int gx = 0; gx <= nb * SEG; gx++) {
            int bx = gx / SEG, bz = gz / SEG;
            int cand[4][2] = {{bx, bz}, {bx - 1, bz}, {bx, bz - 1}, {bx - 1, bz - 1}};
            for (int c = 0; c < 4; c++) {
                int cx = cand[c][0], cz = cand[c][1];
                if (cx < 0 || cz < 0 || cx >= nb || cz >= nb) continue;
                int i = gx - cx * SEG, j = gz - cz * SEG;
                if (i > SEG || j > SEG) continue;
                const uint16_t *h16 = mudfield_block_heights(mf, cx, cz);
                if (!h16) continue;
                sum += mudfield_unpack_height16(h16[j * R + i]);
                break;
            }
        }
    return sum * MUDFIELD_SPACING * MUDFIELD_SPACING;
}

static void stamps_conserve_volume(void **state)
{
    (void)state;
    terrain *t = flat(0.8f, 1.0f);
    mudfield *mf = mudfield_create(t, NULL);
    double displaced = 0;
    /* a wheel driving diagonally across block borders, with sideways slip and varying depth */
    for (int k = 0; k < 200; k++) {
        float s = (float)k * 0.1f;
        mudfield_wheel w = wheel(10.0f + s * 0.7f, 12.0f + s, 0.1f + 0.2f * (float)(k % 7) / 7.0f);
        w.forward[0] = 0.57f;
        w.forward[1] = 0.82f;
        w.velocity[0] = 1.5f;
        displaced += mudfield_stamp(mf, &w);
    }
    assert_true(displaced > 1.0); /* real work was done: over a cubic metre moved */
    double vol = mudfield_volume(mf), mine = volume_by_texels(mf, 4);
    assert_true(fabs(vol) <= 0.01 * displaced);
    assert_true(fabs(mine) <= 0.01 * displaced);
    assert_true(fabs(vol - mine) < 1e-6 * displaced);
    assert_true(mudfield_blocks_allocated(mf) >= 3);
    mudfield_destroy(mf);
    terrain_destroy(t);
}

static void corner_stamp_keeps_borders_identical(void **state)
{
    (void)state;
    terrain *t = flat(1.0f, 1.0f);
    mudfield *mf = mudfield_create(t, NULL);
    /* centred exactly on the corner shared by blocks (1,1), (2,1), (1,2), (2,2) */
    mudfield_wheel w = wheel(32.0f, 32.0f, 0.3f);
    w.forward[0] = 0.6f;
    w.forward[1] = 0.8f;
    assert_true(mudfield_stamp(mf, &w) > 0.0f);
    mudfield_stamp(mf, &(mudfield_wheel){.center = {32.3f, 4.3f, 31.6f}, .radius = 0.55f, .width = 0.42f,
                                         .forward = {1, 0}, .velocity = {-2, 0}, .slip = -3, .penetration = 0.25f});
    for (int bz = 1; bz <= 2; bz++)
        for (int bx = 1; bx <= 2; bx++) assert_true(mudfield_block_allocated(mf, bx, bz));
    int changed = 0;
    for (int k = 0; k < R; k++) {
        /* vertical border between (1,b) and (2,b), horizontal between (b,1) and (b,2) */
        for (int b = 1; b <= 2; b++) {
            const float *l = block_heights(mf, 1, b), *r = block_heights(mf, 2, b);
            const float *ls = block_slide(mf, 1, b), *rs = block_slide(mf, 2, b);
            const float *lt = block_track(mf, 1, b), *rt = block_track(mf, 2, b);
            assert_true(l[k * R + SEG] == r[k * R]);
            assert_true(ls[2 * (k * R + SEG)] == rs[2 * (k * R)] && ls[2 * (k * R + SEG) + 1] == rs[2 * (k * R) + 1]);
            assert_true(lt[k * R + SEG] == rt[k * R]);
            changed += l[k * R + SEG] != 0.0f;
            const float *d = block_heights(mf, b, 1), *u = block_heights(mf, b, 2);
            assert_true(d[SEG * R + k] == u[k]);
            assert_true(block_track(mf, b, 1)[SEG * R + k] == block_track(mf, b, 2)[k]);
        }
    }
    assert_true(changed > 4); /* the stamp really crossed the borders */
    /* the corner texel is one world point held by four blocks */
    float c = block_heights(mf, 1, 1)[SEG * R + SEG];
    assert_true(c < -0.1f);
    assert_true(block_heights(mf, 2, 1)[SEG * R] == c);
    assert_true(block_heights(mf, 1, 2)[SEG] == c);
    assert_true(block_heights(mf, 2, 2)[0] == c);
    mudfield_destroy(mf);
    terrain_destroy(t);
}

static void late_block_adopts_neighbour_border(void **state)
{
    (void)state;
    terrain *t = flat(1.0f, 1.0f);
    mudfield *mf = mudfield_create(t, NULL);
    /* a stamp just left of the border x = 16 touches texels of block 0 only... */
    mudfield_stamp(mf, &(mudfield_wheel){.center = {15.6f, 4.25f, 8.0f}, .radius = 0.55f, .width = 0.42f,
                                         .forward = {0, 1}, .velocity = {0, 1}, .penetration = 0.3f});
    assert_true(mudfield_block_allocated(mf, 0, 0));
    /* ...its berm reached the border column, which block 1 shares */
    assert_true(mudfield_block_allocated(mf, 1, 0));
    mudfield_stamp(mf, &(mudfield_wheel){.center = {16.9f, 4.25f, 8.2f}, .radius = 0.55f, .width = 0.42f,
                                         .forward = {0, 1}, .velocity = {0, 1}, .penetration = 0.3f});
    for (int j = 0; j < R; j++)
        assert_true(block_heights(mf, 0, 0)[j * R + SEG] == block_heights(mf, 1, 0)[j * R]);
    mudfield_destroy(mf);
    terrain_destroy(t);
}

static void footprint_and_depth_follow_the_tyre(void **state)
{
    (void)state;
    terrain *t = flat(1.0f, 1.0f);
    mudfield *mf = mudfield_create(t, NULL);
    const float x = 24.1f, z = 24.3f, depth = 0.2f;
    mudfield_stamp(mf, &(mudfield_wheel){.center = {x, 4.0f + 0.55f - depth, z}, .radius = 0.55f, .width = 0.42f,
                                         .forward = {0, 1}, .velocity = {0, 0}, .penetration = depth});
    const float *h = block_heights(mf, 1, 1);
    assert_non_null(h);
    int inside = 0, raised = 0;
    float deepest = 0;
    for (int j = 0; j < R; j++)
        for (int i = 0; i < R; i++) {
            float wx = 16.0f + (float)i * MUDFIELD_SPACING, wz = 16.0f + (float)j * MUDFIELD_SPACING;
            float u = wz - z, v = wx - x, v0 = h[j * R + i];
            float half_len = sqrtf(2 * 0.55f * depth - depth * depth) + 0.5f * MUDFIELD_SPACING;
            if (fabsf(u) <= half_len && fabsf(v) <= 0.21f) {
                /* under the tyre: the cylinder's bottom, on the 16-bit height's 1 mm grid */
                float tyre = 0.55f - depth - sqrtf(0.55f * 0.55f - u * u);
                assert_float_equal(v0, fminf(tyre, 0.0f), 0.5 * MUDFIELD_HEIGHT_STEP + 1e-5);
                inside++;
                deepest = fminf(deepest, v0);
            } else if (fabsf(v) > 0.21f + 0.61f || fabsf(u) > half_len + 0.61f) { /* berm_width 0.6 */
                assert_true(v0 == 0.0f); /* beyond the berms nothing moved */
            } else if (v0 > 0.0f) {
                raised++;
            }
        }
    assert_true(inside >= 6 * 3); /* about 1 m x 0.42 m of 0.126 m texels */
    assert_float_equal(deepest, -depth, 0.01);
    assert_true(raised > inside); /* the berm ring is wider than the rut */
    mudfield_destroy(mf);
    terrain_destroy(t);
}

/* The rut edge is anti-aliased: moving the wheel sideways by an eighth of a texel changes every
 * texel a little, never flips one from untouched to the full depth (the saw-tooth of a hard
 * footprint), and the edge texels sit between the rut bottom and the untouched level. */
static void rut_edge_moves_smoothly(void **state)
{
    (void)state;
    terrain *t = flat(1.0f, 1.0f);
    const float depth = 0.2f;
    static float prev[R * R];
    float worst = 0.0f;
    int between = 0;
    for (int s = 0; s <= 8; s++) {
        mudfield *mf = mudfield_create(t, NULL);
        float x = 24.0f + (float)s * MUDFIELD_SPACING / 8.0f;
        mudfield_stamp(mf, &(mudfield_wheel){.center = {x, 4.0f + 0.55f - depth, 24.0f}, .radius = 0.55f, .width = 0.42f,
                                             .forward = {0, 1}, .velocity = {0, 0}, .penetration = depth});
        const float *h = block_heights(mf, 1, 1);
        assert_non_null(h);
        for (int k = 0; k < R * R; k++) {
            if (s > 0) worst = fmaxf(worst, fabsf(h[k] - prev[k]));
            between += h[k] < -0.02f && h[k] > -depth + 0.02f;
            prev[k] = h[k];
        }
        mudfield_destroy(mf);
    }
    assert_true(worst < 0.3f * depth);
    assert_true(between >= 9 * 4); /* every placement has shoulder texels on both sides */
    terrain_destroy(t);
}

static float rut_depth(float softness)
{
    terrain *t = flat(softness, 1.0f);
    mudfield *mf = mudfield_create(t, &(mudfield_desc){.max_sink = 0.5f});
    /* a heavy wheel pressing 0.6 m down: only the hard floor stops it */
    mudfield_stamp(mf, &(mudfield_wheel){.center = {24.0f, 4.0f + 0.55f - 0.6f, 24.0f}, .radius = 0.55f, .width = 0.42f,
                                         .forward = {0, 1}, .penetration = 0.6f});
    float d = -mudfield_mud_height(mf, 24.0f, 24.0f);
    assert_float_equal(mudfield_floor_height(mf, 24.0f, 24.0f), 4.0f - 0.5f * roundf(softness * 255) / 255, 1e-4);
    mudfield_destroy(mf);
    terrain_destroy(t);
    return d;
}

static void softer_ground_sinks_deeper(void **state)
{
    (void)state;
    float hard = rut_depth(0.2f), mid = rut_depth(0.5f), soft = rut_depth(0.9f);
    assert_true(hard > 0.05f);
    assert_true(mid > hard + 0.1f);
    assert_true(soft > mid + 0.1f);
    assert_float_equal(soft, 0.45f, 0.01);
    /* no mud mask: hard ground, nothing allocated, nothing moves */
    terrain *t = flat(1.0f, 0.0f);
    mudfield *mf = mudfield_create(t, NULL);
    assert_true(mudfield_stamp(mf, &(mudfield_wheel){.center = {24, 4.0f, 24}, .radius = 0.55f, .width = 0.42f, .forward = {0, 1}, .penetration = 0.5f}) == 0.0f);
    assert_int_equal(mudfield_blocks_allocated(mf), 0);
    mudfield_destroy(mf);
    terrain_destroy(t);
}

typedef struct snapshot { float h[R * R], s[R * R * 2], t[R * R]; } snapshot;

static void take(const mudfield *mf, int bx, int bz, snapshot *s)
{
    const float *h = block_heights(mf, bx, bz);
    if (!h) {
        memset(s, 0, sizeof *s);
        return;
    }
    memcpy(s->h, h, sizeof s->h);
    memcpy(s->s, block_slide(mf, bx, bz), sizeof s->s);
    memcpy(s->t, block_track(mf, bx, bz), sizeof s->t);
}

static void dirty_rect_is_exactly_the_changed_texels(void **state)
{
    (void)state;
    terrain *t = flat(0.7f, 1.0f);
    mudfield *mf = mudfield_create(t, NULL);
    static snapshot before[16], after;
    const float path[][3] = {{31.5f, 20.0f, 0.25f}, {31.9f, 20.4f, 0.3f}, {20.0f, 40.0f, 0.2f}, {47.9f, 47.9f, 0.35f}};
    for (int p = 0; p < 4; p++) {
        for (int b = 0; b < 16; b++) take(mf, b % 4, b / 4, &before[b]);
        mudfield_stamp(mf, &(mudfield_wheel){.center = {path[p][0], 4.55f - path[p][2], path[p][1]}, .radius = 0.55f, .width = 0.42f,
                                             .forward = {0.8f, 0.6f}, .velocity = {2, 1}, .slip = 2, .penetration = path[p][2]});
        int dirty_blocks = 0;
        for (int b = 0; b < 16; b++) {
            int bx = b % 4, bz = b / 4;
            take(mf, bx, bz, &after);
            mudfield_rect expect = {R, R, -1, -1};
            for (int j = 0; j < R; j++)
                for (int i = 0; i < R; i++) {
                    int k = j * R + i;
                    if (before[b].h[k] == after.h[k] && before[b].t[k] == after.t[k] && before[b].s[2 * k] == after.s[2 * k] &&
                        before[b].s[2 * k + 1] == after.s[2 * k + 1])
                        continue;
                    expect.x0 = i < expect.x0 ? i : expect.x0;
                    expect.y0 = j < expect.y0 ? j : expect.y0;
                    expect.x1 = i > expect.x1 ? i : expect.x1;
                    expect.y1 = j > expect.y1 ? j : expect.y1;
                }
            mudfield_rect got;
            bool dirty = mudfield_take_dirty(mf, bx, bz, &got);
            assert_int_equal(dirty, expect.x1 >= 0);
            if (!dirty) continue;
            dirty_blocks++;
            assert_memory_equal(&got, &expect, sizeof got);
            assert_false(mudfield_take_dirty(mf, bx, bz, &got)); /* taking clears it */
            /* the packed rect decodes to the field values */
            int w = got.x1 - got.x0 + 1, hgt = got.y1 - got.y0 + 1;
            uint8_t *px = malloc((size_t)w * hgt * 4);
            mudfield_pack(mf, bx, bz, &got, px);
            for (int j = 0; j < hgt; j++)
                for (int i = 0; i < w; i++) {
                    const uint8_t *q = px + (j * w + i) * 4;
                    int k = (got.y0 + j) * R + got.x0 + i;
                    /* R: the tread print; these tyres are smooth: none */
                    assert_int_equal(q[0], 0);
                    uint8_t rg[2];
                    mudfield_pack_heights(mf, bx, bz, &(mudfield_rect){got.x0 + i, got.y0 + j, got.x0 + i, got.y0 + j}, rg);
                    assert_float_equal(mudfield_unpack_height16((uint16_t)(rg[0] << 8 | rg[1])), after.h[k], 1e-6);
                    assert_float_equal(mudfield_unpack_slide(q[1]), after.s[2 * k], 0.5 * MUDFIELD_SLIDE_MAX / 127 + 1e-6);
                    assert_float_equal(mudfield_unpack_slide(q[2]), after.s[2 * k + 1], 0.5 * MUDFIELD_SLIDE_MAX / 127 + 1e-6);
                    assert_float_equal(q[3] / 255.0f, after.t[k], 0.5 / 255 + 1e-6);
                }
            free(px);
        }
        assert_true(dirty_blocks >= 1);
        if (p == 3) assert_int_equal(dirty_blocks, 4); /* the last stamp sits on a four-block corner */
    }
    mudfield_destroy(mf);
    terrain_destroy(t);
}

static void surface_query_includes_mud(void **state)
{
    (void)state;
    terrain *t = flat(1.0f, 1.0f);
    mudfield *mf = mudfield_create(t, NULL);
    assert_float_equal(mudfield_surface_height(mf, 30, 30), 4.0f, 1e-5);
    mudfield_stamp(mf, &(mudfield_wheel){.center = {30, 4.3f, 30}, .radius = 0.55f, .width = 0.42f, .forward = {0, 1}, .penetration = 0.25f});
    assert_float_equal(mudfield_surface_height(mf, 30, 30), 4.0f - 0.25f, 0.01);
    float n[3];
    mudfield_surface_normal(mf, 30.0f, 30.0f - 0.45f, n); /* rut end slopes up toward -z */
    assert_true(n[2] > 0.2f && n[1] > 0.3f);
    mudfield_surface_normal(mf, 10, 10, n);
    assert_float_equal(n[1], 1.0f, 1e-6);
    mudfield_destroy(mf);
    mudfield_destroy(NULL);
    terrain_destroy(t);
}

/* The track's age: a stamp leaves its bearing patch fresh (A 255) and its soft edge and berms dry
 * (A <= 127); mudfield_dry lowers only the fresh bytes, by whole levels, down to 128 and no
 * further, marks them dirty, and a second stamp over a dried track makes it fresh again. */
static void tracks_dry_with_age(void **state)
{
    (void)state;
    terrain *t = flat(1.0f, 1.0f);
    mudfield *mf = mudfield_create(t, NULL);
    const mudfield_wheel w = {.center = {30, 4.3f, 30}, .radius = 0.55f, .width = 0.42f, .forward = {0, 1}, .penetration = 0.25f};
    mudfield_stamp(mf, &w);
    const int bx = 30 / 16, bz = 30 / 16;
    static uint8_t px[R * R * 4], before[R * R * 4];
    const mudfield_rect all = {0, 0, R - 1, R - 1};
    mudfield_pack(mf, bx, bz, &all, px);
    int fresh = 0, edge = 0, other = 0;
    for (int k = 0; k < R * R; k++) {
        int a = px[4 * k + 3];
        fresh += a == 255;
        edge += a > 0 && a <= 127;
        other += a > 127 && a < 255;
    }
    print_message("track bytes: %d fresh, %d edge or berm, %d other\n", fresh, edge, other);
    assert_true(fresh > 30 && edge > 20 && other == 0);
    mudfield_rect r;
    mudfield_take_dirty(mf, bx, bz, &r);
    memcpy(before, px, sizeof px);
    for (int tick = 1; tick <= 40; tick++) {
        mudfield_dry(mf, MUDFIELD_DRY_LEVELS);
        assert_true(mudfield_take_dirty(mf, bx, bz, &r) == (tick <= 32)); /* 127 levels in 32 ticks of 4 */
    }
    mudfield_pack(mf, bx, bz, &all, px);
    for (int k = 0; k < R * R; k++) {
        int a = before[4 * k + 3], d = px[4 * k + 3];
        assert_int_equal(d, a == 255 ? MUDFIELD_TRACK_FRESH : a); /* dried to 128; the dry bytes kept */
        assert_memory_equal(&px[4 * k], &before[4 * k], 3);        /* print and slide untouched */
    }
    assert_int_equal(mudfield_dry_byte(255, 4), 251);
    assert_int_equal(mudfield_dry_byte(130, 4), 128);
    assert_int_equal(mudfield_dry_byte(127, 4), 127);
    assert_float_equal(mudfield_track_blend(128), 1.0f, 0);
    assert_float_equal(mudfield_track_fresh(128), 0.0f, 0);
    assert_float_equal(mudfield_track_fresh(255), 1.0f, 0);
    mudfield_stamp(mf, &w); /* driven over again: fresh */
    mudfield_pack(mf, bx, bz, &all, px);
    int again = 0;
    for (int k = 0; k < R * R; k++) again += px[4 * k + 3] == 255;
    assert_true(again >= fresh);
    mudfield_destroy(mf);
    terrain_destroy(t);
}

/* One primitive per wheel in contact whose tyre is below the mud surface; none for a wheel in the
 * air, above the mud or on its side; the rolling direction comes out unit length in xz. */
static void primitive_formation(void **state)
{
    (void)state;
    vehicle_wheel w = {.hub = {10, 4.4f, 20}, .forward = {0.6f, 0.1f, 0.8f}, .velocity = {1, 0, 2}, .slip = 0.5f,
                       .penetration = 0.02f, .contact = true};
    mudfield_wheel p;
    assert_true(mud_prim_form(&w, 0.55f, 0.42f, 4.0f, &p)); /* bottom 3.85 under a 4.0 surface */
    assert_float_equal(p.penetration, 0.15f, 1e-5);
    assert_float_equal(p.forward[0] * p.forward[0] + p.forward[1] * p.forward[1], 1.0f, 1e-5);
    assert_float_equal(p.forward[0], 0.6f, 1e-5);
    assert_float_equal(p.velocity[1], 2.0f, 0.0);
    assert_float_equal(p.radius, 0.55f, 0.0);
    assert_float_equal(p.width, 0.42f, 0.0);
    assert_float_equal(p.center[2], 20.0f, 0.0);
    w.penetration = 0.3f; /* the mud ahead of the tyre counts when it is more */
    assert_true(mud_prim_form(&w, 0.55f, 0.42f, 4.0f, &p));
    assert_float_equal(p.penetration, 0.3f, 1e-6);
    w.penetration = 0.0f;
    assert_false(mud_prim_form(&w, 0.55f, 0.42f, 3.8f, &p)); /* above the surface */
    w.penetration = 0.1f;
    w.contact = false;
    assert_false(mud_prim_form(&w, 0.55f, 0.42f, 4.0f, &p));
    w.contact = true;
    w.forward[0] = w.forward[2] = 0.0f;
    assert_false(mud_prim_form(&w, 0.55f, 0.42f, 4.0f, &p));
}

/* The berm gets exactly the whole height steps the tyre removed (integer shares); the layout's
 * last row prefix is the total berm weight, and every texel of the field stays on the RGBA8 grid. */
static void stamp_moves_whole_steps_exactly(void **state)
{
    (void)state;
    terrain *t = flat(0.8f, 1.0f);
    mudfield *mf = mudfield_create(t, NULL);
    for (int k = 0; k < 60; k++) {
        mudfield_wheel w = wheel(15.0f + 0.05f * (float)k, 15.5f + 0.07f * (float)k, 0.15f);
        mudfield_stamp_geom g;
        assert_true(mudfield_stamp_layout(mf, &w, &g));
        assert_true(g.gx1 - g.gx0 < MUDFIELD_STAMP_MAX && g.gz1 - g.gz0 < MUDFIELD_STAMP_MAX);
        for (int r = 0; r <= g.gz1 - g.gz0; r++) assert_true(g.row_prefix[r + 1] >= g.row_prefix[r]);
        assert_true(g.row_prefix[g.gz1 - g.gz0 + 1] > 0.0f);
        mudfield_stamp(mf, &w);
        double steps = mudfield_volume(mf) / (MUDFIELD_HEIGHT_STEP * MUDFIELD_SPACING * MUDFIELD_SPACING);
        assert_true(fabs(steps) < 1e-3); /* not one step lost or made */
    }
    for (int bz = 0; bz < 4; bz++)
        for (int bx = 0; bx < 4; bx++) {
            const float *h = block_heights(mf, bx, bz);
            for (int k = 0; h && k < R * R; k++) {
                float q = h[k] / MUDFIELD_HEIGHT_STEP;
                assert_float_equal(q, roundf(q), 1e-3);
            }
        }
    mudfield_destroy(mf);
    terrain_destroy(t);
}

/* The 16-bit height: steps of 1 mm or finer, a round trip through the RG8 bytes, and the shader's
 * unpack (mud_common.glsl: hi and lo as normalized floats, linear in both) mirrored in C; the R
 * byte is the same height rounded to 1 cm, ties up (shaders/mud_stamp.frag's integer rounding). */
static float shader_unpack_height16(float r, float g) { return (r * 65280.0f + g * 255.0f - 32768.0f) * 0.001f; }
static void height16_pack_unpack(void **state)
{
    (void)state;
    assert_true(MUDFIELD_HEIGHT_STEP <= 0.001f + 1e-9f);
    assert_int_equal(MUDFIELD_HEIGHT_BITS, 16);
    assert_int_equal(mudfield_pack_height16(0.0f), MUDFIELD_HEIGHT_ZERO);
    for (int mm = -1500; mm <= 1500; mm += 7) {
        float h = (float)mm * 0.001f;
        uint16_t q = mudfield_pack_height16(h);
        assert_int_equal((int)q - MUDFIELD_HEIGHT_ZERO, mm);
        assert_float_equal(mudfield_unpack_height16(q), h, 1e-6);
        float r = (float)(q >> 8) / 255.0f, g = (float)(q & 255) / 255.0f;
        assert_float_equal(shader_unpack_height16(r, g), h, 1e-5);
        /* `dump mud`'s R: the 16-bit height rounded to 1 cm, ties up */
        int cm = (int)floorf(((float)mm + 5.0f) / 10.0f);
        cm = cm < -128 ? -128 : cm > 127 ? 127 : cm;
        assert_int_equal(mudfield_height_byte(q), 128 + cm);
        assert_float_equal(mudfield_unpack_height(mudfield_height_byte(q)), fmaxf(fminf(h, 1.27f), -1.28f), 0.5 * MUDFIELD_R_STEP + 1e-6);
    }
    /* a filtered fetch (the texel pair blended) unpacks to the blended height: hi x 256 + lo is linear */
    uint16_t a = mudfield_pack_height16(0.255f), b = mudfield_pack_height16(0.257f);
    float t = 0.37f, fr = ((float)(a >> 8) * (1 - t) + (float)(b >> 8) * t) / 255.0f;
    float fg = ((float)(a & 255) * (1 - t) + (float)(b & 255) * t) / 255.0f;
    assert_float_equal(shader_unpack_height16(fr, fg), 0.255f * (1 - t) + 0.257f * t, 1e-5);
    assert_int_equal(mudfield_pack_height16(100.0f), 65535); /* clamped */
    assert_int_equal(mudfield_pack_height16(-100.0f), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(stamps_conserve_volume),
        cmocka_unit_test(corner_stamp_keeps_borders_identical),
        cmocka_unit_test(late_block_adopts_neighbour_border),
        cmocka_unit_test(footprint_and_depth_follow_the_tyre),
        cmocka_unit_test(rut_edge_moves_smoothly),
        cmocka_unit_test(softer_ground_sinks_deeper),
        cmocka_unit_test(dirty_rect_is_exactly_the_changed_texels),
        cmocka_unit_test(surface_query_includes_mud),
        cmocka_unit_test(tracks_dry_with_age),
        cmocka_unit_test(primitive_formation),
        cmocka_unit_test(stamp_moves_whole_steps_exactly),
        cmocka_unit_test(height16_pack_unpack),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
