/* The damage map's atlas tables, apart from GL so that what the dilation copies from and what the
 * panels outline are tested without a driver; damage.c and damage_look.c upload them. */
#include "damage/core/damage_atlas.h"

/* The 25 offsets of the 5 x 5 window, nearest first, ties in scan order (row by row): the first
 * inside an island is the one a scan keeping the strictly nearest would keep. */
typedef struct atlas_offset {
    signed char dx, dy;
    unsigned char code;
} atlas_offset;

static int atlas__by_distance(atlas_offset *o)
{
    int k = 0;
    for (int d = 0; d <= 8; d++)
        for (int dy = -2; dy <= 2; dy++)
            for (int dx = -2; dx <= 2; dx++)
                if (dx * dx + dy * dy == d) o[k++] = (atlas_offset){(signed char)dx, (signed char)dy, (unsigned char)(1 + (dy + 2) * 5 + (dx + 2))};
    return k;
}

void damage_atlas_islands(const int16_t *grid, int n, unsigned char *code)
{
    atlas_offset o[25];
    const int count = atlas__by_distance(o);
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            unsigned char best = 0;
            for (int k = 0; k < count; k++) {
                const int xx = x + o[k].dx, yy = y + o[k].dy;
                if (xx < 0 || yy < 0 || xx >= n || yy >= n || grid[yy * n + xx] < 0) continue;
                best = o[k].code;
                break;
            }
            code[y * n + x] = best;
        }
}

void damage_atlas_layout(const int16_t *grid, int n, unsigned char *layout)
{
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            unsigned char o = 0;
            if (grid[y * n + x] >= 0) o = DAMAGE_ATLAS_INTERIOR;
            else
                for (int dy = -2; dy <= 2 && !o; dy++)
                    for (int dx = -2; dx <= 2; dx++) {
                        const int xx = x + dx, yy = y + dy;
                        if (xx >= 0 && yy >= 0 && xx < n && yy < n && grid[yy * n + xx] >= 0) {
                            o = 255;
                            break;
                        }
                    }
            layout[y * n + x] = o;
        }
}
