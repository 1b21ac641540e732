/* hud.h — screen-space text (stb_easy_font) and flat rectangles, batched into one draw.
 *
 *   gfx_hud_begin(width, height);                       pixel coordinates, origin top-left
 *   gfx_hud_rect(x, y, w, h, (float[4]){0,0,0,0.5f});  backgrounds, crosshair bars
 *   gfx_hud_text(x, y, 2.0f, (float[4]){1,1,1,1}, "fps %.0f", fps);
 *   gfx_hud_end();                                      draws everything queued, alpha-blended
 *
 * Text is stb_easy_font's 7-pixel-high bitmap style scaled by `scale`; `\n` starts a new line.
 * gfx_hud_text returns the width in pixels of the longest line. Up to GFX_HUD_MAX_QUADS quads per
 * frame; more are dropped (and counted) rather than reallocating in the frame loop.
 */
#ifndef IMPRINT_GFX_HUD_H
#define IMPRINT_GFX_HUD_H

#include <stdbool.h>

#define GFX_HUD_MAX_QUADS 16384

bool gfx_hud_init(void);
void gfx_hud_shutdown(void);
void gfx_hud_begin(int width, int height);
void gfx_hud_rect(float x, float y, float w, float h, const float rgba[4]);
float gfx_hud_text(float x, float y, float scale, const float rgba[4], const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* A crosshair of four bars around (cx, cy), 7 px (times scale) from the centre. */
void gfx_hud_crosshair(float cx, float cy, float scale);
/* Width and height in pixels that gfx_hud_text would cover. */
void gfx_hud_measure(const char *text, float scale, float *w, float *h);
void gfx_hud_end(void);
int gfx_hud_dropped(void);

#endif
