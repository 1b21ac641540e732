/* viewmodel.h — a flat first-person weapon on the HUD: a barrel pointing at the screen centre from
 * the bottom right, and a muzzle flash.
 *
 *   viewmodel_draw(width, height, 85.0f, flash);   // between gfx_hud calls, in the HUD pass
 *
 * Sizes are in 1/360 of the framebuffer height, so the gun looks the same at every resolution;
 * barrel is its length in those units; flash in [0, 1] fades the flash (0: none).
 */
#ifndef IMPRINT_APP_VIEWMODEL_H
#define IMPRINT_APP_VIEWMODEL_H

void viewmodel_draw(int width, int height, float barrel, float flash);
/* Where the barrel's tip is drawn, in normalized device coordinates (x right, y up): shots and
 * their tracers leave the world from there. */
void viewmodel_muzzle_ndc(int width, int height, float barrel, float out[2]);

#endif
