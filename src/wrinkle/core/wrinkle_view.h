/* wrinkle_view.h — the composed wrinkle buffer made readable (GL-free): `dump wrinkle-view`.
 *
 *   wrinkle_view_rgb(texel_rgba, rgb);  // texel: R occlusion, G B normal x y (0.5 + n / 2), A face
 *
 * Opaque: black where no face (A < 0.5); else the tangent-space normal as a normal map's colours
 * with its tilt amplified WRINKLE_VIEW_GAIN times (x to red, y to green around mid grey; blue
 * a constant mid grey, z being ~1 everywhere), darkened by the occlusion, so a fold reads as a
 * red/green relief on grey instead of a faint lavender. No allocation, no failure.
 */
#ifndef IMPRINT_WRINKLE_CORE_WRINKLE_VIEW_H
#define IMPRINT_WRINKLE_CORE_WRINKLE_VIEW_H

#ifdef __cplusplus
extern "C" {
#endif

#define WRINKLE_VIEW_GAIN 6.0f

void wrinkle_view_rgb(const float rgba[4], unsigned char rgb[3]);

#ifdef __cplusplus
}
#endif

#endif
