/* libFuzzer target: the mud level parser (mud/core/level.c) on arbitrary text. A parse either
 * fails with a "FILE:LINE: " (or "FILE: ") message and a zeroed level, or succeeds with a size in
 * 64..1024 (a multiple of 16), the spawn inside the level, item counts within their limits and
 * finite numbers; anything else (or any sanitizer report) is a crash. The first byte, when
 * present, picks a --level-size override so the `c` coordinates are exercised at other sizes. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mud/core/level.h"

static void check_finite(const float *v, int n)
{
    for (int i = 0; i < n; i++)
        if (!isfinite(v[i])) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int override = size && data[0] < 64 ? 64 + 16 * (data[0] % 61) : 0;
    char *text = malloc(size + 1);
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    static mud_level lv;
    char err[512];
    if (mud_level_parse(text, "fuzz.level", override, &lv, err, sizeof err)) {
        if (lv.size < 64 || lv.size > 1024 || lv.size % 16) abort();
        if (override && lv.size != override) abort();
        if (lv.spawn[0] < 4 || lv.spawn[1] < 4 || lv.spawn[0] > lv.size - 4 || lv.spawn[1] > lv.size - 4) abort();
        if (lv.nmud < 0 || lv.nmud > LEVEL_MAX_ITEMS || lv.nroads < 0 || lv.nroads > LEVEL_MAX_ITEMS) abort();
        if (lv.nplants < 0 || lv.nplants > LEVEL_MAX_ITEMS || lv.nwater < 0 || lv.nwater > LEVEL_MAX_ITEMS) abort();
        for (int i = 0; i < lv.nmud; i++) check_finite(lv.mud[i].v, 5);
        for (int i = 0; i < lv.nroads; i++) {
            const level_road *r = &lv.roads[i];
            if (r->npoints < 2 || r->npoints > LEVEL_ROAD_POINTS || !(r->width >= 1 && r->width <= 16)) abort();
            check_finite(&r->pts[0][0], 2 * r->npoints);
        }
        for (int i = 0; i < lv.nplants; i++)
            if (!(lv.plants[i].rect[0] < lv.plants[i].rect[2]) || (unsigned)lv.plants[i].kind >= LEVEL_PLANT_KIND_COUNT) abort();
        for (int i = 0; i < lv.nwater; i++)
            if (!(lv.water[i].rect[1] < lv.water[i].rect[3]) || !isfinite(lv.water[i].surface_y)) abort();
    } else {
        if (lv.size != 0 || lv.nroads != 0 || strncmp(err, "fuzz.level:", 11) != 0) abort();
    }
    free(text);
    return 0;
}
