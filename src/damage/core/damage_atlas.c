/* The damage map's atlas tables, apart from GL so that what the dilation copies from and what the
 * panels outline are tested without a driver; damage.c and damage_look.c upload them. */
#include "damage/core/damage_atlas.h"

void damage_atlas_islands(const int16_t *grid, int n, unsigned char *code)
{
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int best = 0, bd = 100;
            for (int dy = -2; dy <= 2; dy++)
                for (int dx = -2; dx <= 2; dx++) {
                    int xx = x + dx, yy = y + dy, d = dx * dx + dy * dy;
                    if (xx < 0 || yy < 0 || xx >= n || yy >= n || grid[yy * n + xx] < 0 || d >= bd) continue;
                    bd = d;
                    best = 1 + (dy + 2) * 5 + (dx + 2);
                }
            code[y * n + x] = (unsigned char)best;
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
