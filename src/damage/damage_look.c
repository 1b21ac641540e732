/* The texture that dresses the surface: the look's detail in the atlas, or a flat stand-in. */
#include "damage/damage_look.h"

#include "base/log.h"
#include "gfx/texture.h"

static GLuint flat_detail(void)
{
    const unsigned char flat[4] = {128, 128, 255, 0};
    return gfx_texture_create(&(gfx_texture_desc){.width = 1, .height = 1, .data = flat, .label = "damage.detail_flat"});
}

GLuint damage_look_detail_texture(const char *path, int atlas_size)
{
    if (!path) return flat_detail();
    GLuint tex = gfx_texture_load(path, GFX_TEX_MIPMAPS);
    if (!tex) return 0;
    int w = 0, h = 0;
    GLenum ifmt;
    gfx_texture_info(tex, &w, &h, &ifmt);
    if (w == atlas_size && h == atlas_size) return tex;
    log_warn("damage: %s is %dx%d, the atlas %dx%d: the surface is drawn without its detail", path, w, h, atlas_size,
             atlas_size);
    gfx_texture_destroy(tex);
    return flat_detail();
}
