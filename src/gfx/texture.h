/* texture.h — 2D textures: from PNG files (stb_image) or from memory.
 *
 *   GLuint t = gfx_texture_load("assets/atlas_fire.png", GFX_TEX_SRGB | GFX_TEX_MIPMAPS);
 *   GLuint m = gfx_texture_create(&(gfx_texture_desc){ .width = 1024, .height = 1024,
 *                                                      .internal_format = GL_RGBA8, .label = "damage" });
 *
 * Colour data (albedo, atlases) is GFX_TEX_SRGB so the GPU linearizes it when sampling; data
 * textures (normals, masks, heights, noise) are not. Zero desc fields mean: GL_RGBA8, format/type
 * derived from internal_format, linear filtering, clamp to edge, no mipmaps, no data (uninitialized
 * storage is cleared to zero so nothing reads garbage).
 * Failure (missing file, bad PNG) logs the path and the reason and returns a 64x64 magenta and black
 * checker (8-texel cells, the caller's flags) in its place: the scene keeps running, visibly.
 */
#ifndef IMPRINT_GFX_TEXTURE_H
#define IMPRINT_GFX_TEXTURE_H

#include <stdbool.h>

#include "gfx/gl.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    GFX_TEX_SRGB = 1 << 0,
    GFX_TEX_MIPMAPS = 1 << 1,
    GFX_TEX_REPEAT = 1 << 2,
    GFX_TEX_NEAREST = 1 << 3,
};

typedef struct gfx_texture_desc {
    int width, height;
    GLenum internal_format; /* default GL_RGBA8 */
    GLenum format, type;    /* of data; default derived from internal_format */
    const void *data;       /* may be NULL */
    unsigned flags;         /* GFX_TEX_* */
    const char *label;
} gfx_texture_desc;

GLuint gfx_texture_create(const gfx_texture_desc *desc);
/* rel is relative to the data directory ("assets/x.png"). */
GLuint gfx_texture_load(const char *rel, unsigned flags);
void gfx_texture_destroy(GLuint tex);
/* What gfx knows of a texture: size and internal format. gfx_texture_create notes its own; a
 * texture made with glTexImage2D elsewhere can be noted. GL 3.3 asks GL for the others; GLES
 * cannot, and there info is false. */
void gfx_texture_note(GLuint tex, int w, int h, GLenum ifmt);
bool gfx_texture_info(GLuint tex, int *w, int *h, GLenum *ifmt);
/* Pixel format and type matching an internal format (for uploads and read-backs). */
void gfx_format_of(GLenum internal_format, GLenum *format, GLenum *type);

#ifdef __cplusplus
}
#endif

#endif
