/* damage_panel.h — the false colours of the damage-map panels (GL-free): what
 * shaders/damage_panel.frag shows, for the dumps damage-view and damage-fading-view.
 *
 *   unsigned char rgb[3];
 *   damage_panel_rgb(map_texel_rgba, layout_byte, rgb);   // sRGB bytes, opaque
 *
 * Marks on black, each channel its own colour, painted outermost first so a blast reads as a
 * target: A (scorch, 1.6 r) a dim rust haze, B (glow, 1.2 r) blue, G (ring, 1.1 r) amber, R (the
 * hole) red with a red-white core where R passes 0.35-0.6; the atlas layout's outline ring
 * (damage_atlas_layout: 255) a faint grey, so a mark can be placed on its plate. Mirrors the
 * shader's damage_panel_rgb: change both together. No allocation, no failure.
 */
#ifndef IMPRINT_DAMAGE_CORE_DAMAGE_PANEL_H
#define IMPRINT_DAMAGE_CORE_DAMAGE_PANEL_H

#ifdef __cplusplus
extern "C" {
#endif

void damage_panel_rgb(const unsigned char map[4], unsigned char layout, unsigned char out[3]);

#ifdef __cplusplus
}
#endif

#endif
