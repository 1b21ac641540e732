/* level.h — the mud level file: size, spawn, mud areas, roads, plant scatter, water (GL-free).
 *
 *   mud_level lv;
 *   char err[512];
 *   if (!mud_level_load("assets/levels/default.level", 0, &lv, err, sizeof err)) -> print err, exit 2
 *   terrain_create(&(terrain_desc){ .level = &lv, .seed = 1 });   // the terrain bakes it
 *
 * The format (docs/mud.md has the full page): a text file, one statement a line, `#` starts a
 * comment, blank lines are ignored. The first statement is `imprint-level 1`, the second
 * `size METRES` (a multiple of 16 in 64..1024). Coordinates are metres from the level's corner
 * (x, z); a coordinate written `c`, `c+D` or `c-D` is D metres from the level's centre, so a level
 * laid out around its centre keeps its shape when the size changes.
 *
 *   spawn X Z                          truck spawn point (heading 0 faces +z); default the centre
 *   mud valleys TOP BOTTOM             ground below BOTTOM m of height is mud, fading up to TOP
 *   mud track X Z LENGTH HALF_WIDTH    a flattened straight muddy track from (X, Z) along +z
 *   mud rect X0 Z0 X1 Z1 SOFTNESS      mud in a rectangle (1 m soft edge), softness 0..1
 *   mud circle X Z RADIUS SOFTNESS     mud in a disc
 *   mud everywhere                     every sample is mud, softness at least 0.5
 *   road WIDTH X Z X Z [X Z ...]       a gravel road along a polyline (2..LEVEL_ROAD_POINTS points)
 *   plants tree|rock|bush PER_HECTARE X0 Z0 X1 Z1   scatter density in a rectangle (stored only)
 *   water X0 Z0 X1 Z1 SURFACE_Y        a water area and its surface height (stored only)
 *
 * size_override (0 = none) replaces the file's size (`--level-size`); the `c` coordinates follow
 * it. Everything is checked here: numbers (finite, in range), point counts, rectangles (x0 < x1,
 * z0 < z1), the spawn at least 4 m inside the level, item limits. Errors read "FILE:LINE:
 * message"; on failure *out is zeroed. Items that reach past the level's edge are kept (the
 * terrain uses the part inside).
 */
#ifndef IMPRINT_CORE_MUD_LEVEL_H
#define IMPRINT_CORE_MUD_LEVEL_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define LEVEL_MAX_ITEMS 64      /* of each kind: mud areas, roads, plant areas, water areas */
#define LEVEL_ROAD_POINTS 32    /* points of one road polyline */
#define LEVEL_FILE_MAX (1 << 20)
#define LEVEL_LINE_MAX 1024

typedef enum mud_area_kind { MUD_AREA_VALLEYS, MUD_AREA_TRACK, MUD_AREA_RECT, MUD_AREA_CIRCLE, MUD_AREA_KIND_COUNT } mud_area_kind;
typedef enum level_plant_kind { LEVEL_PLANT_TREE, LEVEL_PLANT_ROCK, LEVEL_PLANT_BUSH, LEVEL_PLANT_KIND_COUNT } level_plant_kind;
extern const char *const mud_area_kind_names[MUD_AREA_KIND_COUNT + 1];   /* valleys, track, rect, circle */
extern const char *const level_plant_kind_names[LEVEL_PLANT_KIND_COUNT + 1]; /* tree, rock, bush */

typedef struct mud_area {
    mud_area_kind kind;
    /* valleys: v[0] top, v[1] bottom; track: x z length half_width; rect: x0 z0 x1 z1 softness;
     * circle: x z radius softness */
    float v[5];
} mud_area;

typedef struct level_road {
    float width;
    int npoints;
    float pts[LEVEL_ROAD_POINTS][2]; /* x, z */
} level_road;

typedef struct level_plants {
    level_plant_kind kind;
    float per_hectare;
    float rect[4]; /* x0 z0 x1 z1 */
} level_plants;

typedef struct level_water {
    float rect[4];
    float surface_y;
} level_water;

typedef struct mud_level {
    char file[256];
    int size; /* metres */
    float spawn[2];
    bool mud_everywhere;
    int nmud, nroads, nplants, nwater;
    mud_area mud[LEVEL_MAX_ITEMS];
    level_road roads[LEVEL_MAX_ITEMS];
    level_plants plants[LEVEL_MAX_ITEMS];
    level_water water[LEVEL_MAX_ITEMS];
} mud_level;

/* text: the whole file; filename is used in messages. */
bool mud_level_parse(const char *text, const char *filename, int size_override, mud_level *out, char *err, size_t errlen);
bool mud_level_load(const char *path, int size_override, mud_level *out, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
