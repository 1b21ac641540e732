/* The textures that dress the armor and the debug panels: loaded (the baked detail) or uploaded
 * from core/damage_atlas (the layout). */
#include "damage/damage_look.h"

#include <stdint.h>
#include <stdlib.h>

#include "base/log.h"
#include "damage/core/damage_atlas.h"
#include "gfx/texture.h"

#define DAMAGE_LOOK_DETAIL "assets/damage/armor_detail.png"

GLuint damage_look_detail_texture(int atlas_size)
{
    GLuint tex = gfx_texture_load(DAMAGE_LOOK_DETAIL, GFX_TEX_MIPMAPS);
    if (!tex) return 0;
    int w = 0, h = 0;
    GLenum ifmt;
    gfx_texture_info(tex, &w, &h, &ifmt);
    if (w == atlas_size && h == atlas_size) return tex;
    log_warn("damage: %s is %dx%d, the atlas %dx%d: the armor is drawn without its detail", DAMAGE_LOOK_DETAIL, w, h,
             atlas_size, atlas_size);
    gfx_texture_destroy(tex);
    const unsigned char flat[4] = {128, 128, 255, 0};
    return gfx_texture_create(&(gfx_texture_desc){.width = 1, .height = 1, .data = flat, .label = "damage.detail_flat"});
}

GLuint damage_look_layout_texture(const robot *r)
{
    const int n = r->atlas_size;
    int16_t *grid = malloc((size_t)n * n * sizeof *grid);
    unsigned char *v = malloc((size_t)n * n);
    GLuint tex = 0;
    if (grid && v) {
        robot_atlas_grid(r, grid);
        damage_atlas_layout(grid, n, v);
        tex = gfx_texture_create(&(gfx_texture_desc){.width = n, .height = n, .internal_format = GL_R8, .data = v,
                                                     .flags = GFX_TEX_MIPMAPS, .label = "damage.layout"});
    } else {
        log_error("damage: out of memory for the atlas layout");
    }
    free(grid);
    free(v);
    return tex;
}
