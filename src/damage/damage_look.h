/* damage_look.h — the detail texture that dresses a damage map's surface (private to src/damage;
 * damage.c creates and owns it).
 *
 *   GLuint detail = damage_look_detail_texture("assets/damage/armor_detail.png", atlas_size);
 *
 * detail: an RGBA8 texture with mipmaps in the atlas' uv (RG tangent-space normal, B cavity, A bare
 * metal: tools/bake_armor's format, damage/core/armor_detail.h). No path, or a file of another size
 * than the atlas (which cannot line up): a flat 1x1 texture stands in (the second with one log
 * line). A missing or unreadable file returns 0 (logged).
 */
#ifndef IMPRINT_DAMAGE_DAMAGE_LOOK_H
#define IMPRINT_DAMAGE_DAMAGE_LOOK_H

#include "gfx/gl.h"

#ifdef __cplusplus
extern "C" {
#endif

GLuint damage_look_detail_texture(const char *path, int atlas_size);

#ifdef __cplusplus
}
#endif

#endif
