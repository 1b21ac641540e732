/* mud_relief.h — the mud layer of a block made readable (GL-free): `dump mud-view`.
 *
 *   unsigned char rgb[MUD_RELIEF_SIZE * MUD_RELIEF_SIZE * 3];
 *   mud_relief_rgb(h16, rgba, rgb);  // h16: the block's 16-bit heights; rgba: its RGBA8 layer
 *
 * Opaque, MUD_RELIEF_SCALE pixels per texel: the 16-bit height as shaded relief (light from the
 * upper left, 45 degrees up; brown, lighter where the mud stands above the base level, darker
 * below it), the track blend (A, mudfield_track_blend) as a blue wash over the relief, bluer
 * where the track is fresh, and the slide (G, B) as white arrows every MUD_RELIEF_ARROW_STEP
 * texels, 10 cm of slide (or more) as long as the step (none under 1 cm).
 * No allocation, no failure.
 */
#ifndef IMPRINT_MUD_CORE_MUD_RELIEF_H
#define IMPRINT_MUD_CORE_MUD_RELIEF_H

#include <stdint.h>

#include "mud/core/mudfield.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { MUD_RELIEF_SCALE = 4, MUD_RELIEF_SIZE = MUDFIELD_RES * MUD_RELIEF_SCALE, MUD_RELIEF_ARROW_STEP = 8 };

void mud_relief_rgb(const uint16_t *h16, const uint8_t *rgba, unsigned char *rgb);

#ifdef __cplusplus
}
#endif

#endif
