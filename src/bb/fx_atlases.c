/* fx_atlases.c — see fx_atlases.h. */
#include "bb/fx_atlases.h"

#include <stdlib.h>
#include <string.h>

#include "base/image.h"
#include "base/log.h"
#include "gfx/shader.h"

#define SIDE 512 /* every file: 8 x 8 cells of 64 pixels */

static const char *const files[BB_ATLAS_COUNT] = {
    "assets/atlas_fire.png", "assets/atlas_spark.png", "assets/atlas_smoke.png", "assets/atlas_clod.png",
    "assets/atlas_spray.png",
};
/* HDR gain of the glowing ones; 0 here = lit */
static const float emission[BB_ATLAS_COUNT] = {3.0f, 6.0f, 0.0f, 0.0f, 0.0f};

void fx_atlases_load(fx_atlases *out)
{
    memset(out, 0, sizeof *out);
    for (int a = 0; a < BB_ATLAS_COUNT; a++) {
        char path[1024], err[512];
        image img = {0};
        if (gfx_data_path(files[a], path, sizeof path) &&
            image_load_png(path, &(image_limits){.need_width = SIDE, .need_height = SIDE}, false, &img, err, sizeof err)) {
            out->pixels[a] = img.pixels;
        } else {
            log_error("particles: atlas %s missing or not %dx%d: billboards of that kind show as white squares", files[a],
                      SIDE, SIDE);
            image_free(&img);
            out->pixels[a] = malloc((size_t)SIDE * SIDE * 4);
            if (out->pixels[a]) memset(out->pixels[a], 255, (size_t)SIDE * SIDE * 4);
        }
        out->atlas[a] = (bb_atlas){.pixels = out->pixels[a], .width = SIDE, .height = SIDE, .emission = emission[a],
                                   .lit = emission[a] == 0.0f};
    }
}

void fx_atlases_free(fx_atlases *a)
{
    /* stb_image's pixels are malloc's (image.c sets no STBI_MALLOC), as the white ones */
    for (int i = 0; i < BB_ATLAS_COUNT; i++) free(a->pixels[i]);
    memset(a, 0, sizeof *a);
}
