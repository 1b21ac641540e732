/* bake_armor — bakes the surface detail of the range robot's armor plates into its atlas.
 *
 *   bake_armor [OUTDIR]        writes OUTDIR/armor_detail.png (default assets/damage)
 *
 * The robot is the one the range builds (robot_create with the default desc); the texture lies
 * in its shared armor atlas, the damage map's UV space, so the armor shader reads the detail at
 * the same uv as the holes. Panel seams, inset panels, bolts, vents and worn bevelled edges come
 * from damage/core/armor_detail.h (channels: RG tangent-space normal, B cavity, A bare metal).
 * PNG rows are top-down: the first row is the atlas' top (v = 1), as the loader expects.
 * Rebuild it whenever the robot's plates or atlas change (unit_armor_detail fails until then).
 * Exit status 0 on success, 1 if the file cannot be written, 2 on bad arguments.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stb_image_write.h>

#include "damage/core/armor_detail.h"
#include "damage/core/robot.h"

int main(int argc, char **argv)
{
    if (argc > 2 || (argc == 2 && (!strcmp(argv[1], "--help") || argv[1][0] == '-'))) {
        fprintf(stderr, "usage: bake_armor [OUTDIR]   (default assets/damage)\n");
        return 2;
    }
    const char *dir = argc == 2 ? argv[1] : "assets/damage";
    robot *r = robot_create(NULL);
    if (!r) return 1;
    const int n = r->atlas_size;
    unsigned char *rgba = malloc((size_t)n * n * 4);
    if (!rgba) {
        fprintf(stderr, "bake_armor: out of memory\n");
        robot_destroy(r);
        return 1;
    }
    if (!armor_detail_bake(r, rgba)) {
        free(rgba);
        robot_destroy(r);
        return 1;
    }
    char path[1024];
    snprintf(path, sizeof path, "%s/armor_detail.png", dir);
    stbi_flip_vertically_on_write(1); /* atlas row 0 is v = 0, the bottom of the picture */
    int ok = stbi_write_png(path, n, n, 4, rgba, n * 4);
    free(rgba);
    robot_destroy(r);
    if (!ok) {
        fprintf(stderr, "bake_armor: cannot write %s\n", path);
        return 1;
    }
    printf("bake_armor: wrote %s (%dx%d)\n", path, n, n);
    return 0;
}
