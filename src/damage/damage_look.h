/* damage_look.h — the textures that dress the damage map's armor and its debug panels (private to
 * src/damage; damage.c creates and owns them).
 *
 *   GLuint detail = damage_look_detail_texture(atlas_size);   // assets/damage/armor_detail.png
 *   GLuint layout = damage_look_layout_texture(robot);        // chart interiors and outlines
 *
 * detail: the baked armor detail (tools/bake_armor, damage/core/armor_detail.h), RGBA8 with
 * mipmaps, in the atlas' uv. A file of another size than the atlas (a robot built with a
 * non-default atlas) cannot line up: a flat 1x1 texture stands in, with one log line. A missing
 * or unreadable file returns 0 (logged).
 * layout: R8 with mipmaps, atlas_size², damage_atlas_layout's table (core/damage_atlas.h: 0 empty,
 * DAMAGE_ATLAS_INTERIOR inside a chart, 255 on the two-texel ring of gutter around every chart).
 * Returns 0 when out of memory (logged).
 */
#ifndef IMPRINT_DAMAGE_DAMAGE_LOOK_H
#define IMPRINT_DAMAGE_DAMAGE_LOOK_H

#include "damage/core/robot.h"
#include "gfx/gl.h"

#ifdef __cplusplus
extern "C" {
#endif

GLuint damage_look_detail_texture(int atlas_size);
GLuint damage_look_layout_texture(const robot *r);

#ifdef __cplusplus
}
#endif

#endif
