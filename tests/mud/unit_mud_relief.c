/* The readable mud map (`dump mud-view`): a flat block at the base level is one even colour; a
 * mound is lit on its upper-left flank and shaded on the lower-right; mud below the base level is
 * darker than mud above it; the track blend washes the relief blue; a slide draws a white arrow
 * from its texel in its direction, and no slide draws none. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "mud/core/mud_relief.h"

static uint16_t h[MUDFIELD_RES * MUDFIELD_RES];
static uint8_t t[MUDFIELD_RES * MUDFIELD_RES * 4];
static unsigned char rgb[MUD_RELIEF_SIZE * MUD_RELIEF_SIZE * 3];

static void flat(uint16_t level)
{
    for (int k = 0; k < MUDFIELD_RES * MUDFIELD_RES; k++) {
        h[k] = level;
        t[4 * k] = 128;
        t[4 * k + 1] = t[4 * k + 2] = 128;
        t[4 * k + 3] = 0;
    }
}

static const unsigned char WHITE[3] = {255, 255, 255};

static const unsigned char *px(int x, int y) { return rgb + ((size_t)y * MUD_RELIEF_SIZE + (size_t)x) * 3; }
static int luma(int x, int y) { return px(x, y)[0] + px(x, y)[1] + px(x, y)[2]; }

static void flat_is_even(void **state)
{
    (void)state;
    flat(MUDFIELD_HEIGHT_ZERO);
    mud_relief_rgb(h, t, rgb);
    for (int y = 0; y < MUD_RELIEF_SIZE; y += 7)
        for (int x = 0; x < MUD_RELIEF_SIZE; x += 7) assert_memory_equal(px(x, y), px(0, 0), 3);
    assert_true(luma(0, 0) > 60); /* opaque and visible, not black */
}

static void mound_is_lit_from_upper_left(void **state)
{
    (void)state;
    flat(MUDFIELD_HEIGHT_ZERO);
    for (int j = 0; j < MUDFIELD_RES; j++)
        for (int i = 0; i < MUDFIELD_RES; i++) {
            const int di = i - 64, dj = j - 64, r2 = di * di + dj * dj;
            if (r2 < 400) h[j * MUDFIELD_RES + i] = (uint16_t)(MUDFIELD_HEIGHT_ZERO + (400 - r2) / 4); /* 10 cm mound */
        }
    mud_relief_rgb(h, t, rgb);
    const int c = 64 * MUD_RELIEF_SCALE, o = 12 * MUD_RELIEF_SCALE;
    assert_true(luma(c - o, c - o) > luma(c + o, c + o) + 30);
    flat(MUDFIELD_HEIGHT_ZERO - 150); /* 15 cm below */
    mud_relief_rgb(h, t, rgb);
    const int low = luma(10, 10);
    flat(MUDFIELD_HEIGHT_ZERO + 150);
    mud_relief_rgb(h, t, rgb);
    assert_true(luma(10, 10) > low + 30);
}

static void track_washes_blue(void **state)
{
    (void)state;
    flat(MUDFIELD_HEIGHT_ZERO);
    mud_relief_rgb(h, t, rgb);
    unsigned char before[3];
    memcpy(before, px(100, 100), 3);
    for (int k = 0; k < MUDFIELD_RES * MUDFIELD_RES; k++) t[4 * k + 3] = 255;
    mud_relief_rgb(h, t, rgb);
    assert_true(px(100, 100)[2] > before[2] + 20);
    assert_true(px(100, 100)[2] > px(100, 100)[0]);
}

static void slide_draws_an_arrow(void **state)
{
    (void)state;
    flat(MUDFIELD_HEIGHT_ZERO);
    mud_relief_rgb(h, t, rgb);
    int white = 0;
    for (int k = 0; k < MUD_RELIEF_SIZE * MUD_RELIEF_SIZE; k++) white += rgb[3 * k] == 255 && rgb[3 * k + 1] == 255 && rgb[3 * k + 2] == 255;
    assert_int_equal(white, 0);
    const int i = 4 + 8 * 5, j = 4 + 8 * 7; /* an arrow texel */
    t[(j * MUDFIELD_RES + i) * 4 + 1] = 255; /* +0.5 m along x */
    mud_relief_rgb(h, t, rgb);
    const int y = (int)((j + 0.5f) * MUD_RELIEF_SCALE), x0 = (int)((i + 0.5f) * MUD_RELIEF_SCALE);
    for (int u = 0; u < 12; u++) assert_memory_equal(px(x0 + u, y), WHITE, 3); /* to the right */
    assert_memory_not_equal(px(x0 - 3, y), WHITE, 3); /* not to the left */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(flat_is_even),
        cmocka_unit_test(mound_is_lit_from_upper_left),
        cmocka_unit_test(track_washes_blue),
        cmocka_unit_test(slide_draws_an_arrow),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
