/* dump.h — PNG files from pixels, render targets and textures (stb_image_write).
 *
 *   gfx_write_png("a.png", w, h, 4, pixels, true);   rows bottom-up as GL reads them -> flipped
 *   gfx_dump_texture(tex, "damage.png");              raw values as stored (RGBA8 conversion)
 *
 * Depth textures are written as grey (depth mapped to 0..255). Returns false and logs the path
 * and reason when the file cannot be written; nothing is left half-written under that name
 * (written to PATH.tmp, then renamed).
 */
#ifndef IMPRINT_GFX_DUMP_H
#define IMPRINT_GFX_DUMP_H

#include <stdbool.h>
#include <stdint.h>

#include "gfx/gl.h"

bool gfx_write_png(const char *path, int w, int h, int comps, const unsigned char *pixels, bool bottom_up);
bool gfx_dump_texture(GLuint tex, const char *path);
/* A texture made readable: each texel read as float RGBA (its stored precision) and turned into
 * an opaque sRGB byte triple by decode; written like gfx_dump_texture. */
typedef void (*gfx_decode_fn)(const float rgba[4], unsigned char rgb[3], void *user);
bool gfx_dump_texture_decoded(GLuint tex, const char *path, gfx_decode_fn decode, void *user);
/* A 16-bit greyscale PNG, rows top first (uncompressed deflate: small images only). */
bool gfx_write_png16(const char *path, int w, int h, const uint16_t *grey);

#endif
