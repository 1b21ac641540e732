/* dump.h — PNG files from pixels, render targets and textures (stb_image_write).
 *
 *   gfx_write_png("a.png", w, h, 4, pixels, true);   rows bottom-up as GL reads them -> flipped
 *   gfx_dump_texture(tex, "damage.png");              raw values as stored (RGBA8 conversion)
 *
 *   gfx_texture_read_rgba8(tex, w, h, rgba)           a colour texture's level 0 as RGBA bytes, rows
 *                                                     bottom-up, through a framebuffer (GL and WebGL2)
 *
 * Depth textures are written as grey (depth mapped to 0..255; GL 3.3 only: WebGL2 cannot read depth). Returns false and logs the path
 * and reason when the file cannot be written; nothing is left half-written under that name
 * (written to PATH.tmp, then renamed).
 */
#ifndef IMPRINT_GFX_DUMP_H
#define IMPRINT_GFX_DUMP_H

#include <stdbool.h>
#include <stdint.h>

#include "gfx/gl.h"

#ifdef __cplusplus
extern "C" {
#endif

bool gfx_write_png(const char *path, int w, int h, int comps, const unsigned char *pixels, bool bottom_up);
/* The same as a baseline JPEG (stb_image_write) at quality 1..100; alpha is dropped. */
bool gfx_write_jpg(const char *path, int w, int h, int comps, const unsigned char *pixels, bool bottom_up, int quality);
bool gfx_dump_texture(GLuint tex, const char *path);
/* A texture made readable: each texel read through a framebuffer (8 bits a channel, as on WebGL2),
 * handed to decode as 0..1 floats and turned into an opaque sRGB byte triple; written like
 * gfx_dump_texture. */
typedef void (*gfx_decode_fn)(const float rgba[4], unsigned char rgb[3], void *user);
bool gfx_dump_texture_decoded(GLuint tex, const char *path, gfx_decode_fn decode, void *user);
bool gfx_texture_read_rgba8(GLuint tex, int w, int h, unsigned char *rgba);
/* A 16-bit greyscale PNG, rows top first (uncompressed deflate: small images only). */
bool gfx_write_png16(const char *path, int w, int h, const uint16_t *grey);

#ifdef __cplusplus
}
#endif

#endif
