/* hud.h — screen-space text and flat rectangles, batched into one draw.
 *
 *   gfx_hud_begin(width, height);                       pixel coordinates, origin top-left
 *   gfx_hud_rect(x, y, w, h, (float[4]){0,0,0,0.5f});  backgrounds, crosshair bars
 *   gfx_hud_text(x, y, 1.0f, (float[4]){1,1,1,1}, "fps %.0f", fps);
 *   float line = gfx_hud_line_height(1.0f);             the next line's offset
 *   gfx_hud_end();                                      draws everything queued, alpha-blended
 *
 * One text scale rule for every scene: text of scale 1 is gfx_hud_text_px(framebuffer height)
 * pixels high (ascent + descent), set by gfx_hud_begin; `scale` multiplies it, so a caller never
 * looks at the framebuffer size to size its text. `\n` starts a new line. Text that would run off
 * the framebuffer's right edge is drawn smaller to fit (down to half its size). gfx_hud_text
 * returns the width in pixels of the longest line as drawn.
 * Font: DejaVu Sans Mono (Debian's fonts-dejavu-core, GFX_HUD_FONT_PATH) rasterized with
 * stb_truetype into an R8 atlas at gfx_hud_init for the first framebuffer, baked again when a
 * frame's rule asks for another size (a window resize); glyphs get a one-pixel dark drop shadow
 * so they read over a bright sky. Without the .ttf, gfx_hud_init logs one warning and the HUD
 * falls back to stb_easy_font's bitmap strokes at the same line height.
 * Up to GFX_HUD_MAX_QUADS quads per frame; more are dropped (and counted) rather than
 * reallocating in the frame loop.
 */
#ifndef IMPRINT_GFX_HUD_H
#define IMPRINT_GFX_HUD_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GFX_HUD_MAX_QUADS 32768
#define GFX_HUD_FONT_PATH "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"

/* gfx_hud_init = gfx_hud_init_font(GFX_HUD_FONT_PATH). False only when the program does not build. */
bool gfx_hud_init(void);
bool gfx_hud_init_font(const char *font_path);
void gfx_hud_shutdown(void);
/* The text scale rule: pixel height of scale-1 text for a framebuffer height (h / 40 rounded, at least 11). */
float gfx_hud_text_px(int fb_height);
void gfx_hud_begin(int width, int height);
void gfx_hud_rect(float x, float y, float w, float h, const float rgba[4]);
float gfx_hud_text(float x, float y, float scale, const float rgba[4], const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* Pixels from one line of text of this scale to the next (this frame's rule). */
float gfx_hud_line_height(float scale);
/* A crosshair of four bars around (cx, cy), sized from this frame's text rule times scale. */
void gfx_hud_crosshair(float cx, float cy, float scale);
/* Width and height in pixels that gfx_hud_text would cover. */
void gfx_hud_measure(const char *text, float scale, float *w, float *h);
void gfx_hud_end(void);
int gfx_hud_dropped(void);
/* True when the TrueType font is in use (false: the stb_easy_font fallback). */
bool gfx_hud_has_font(void);
/* The glyph atlas (R8), its size, and the pixel height it was baked for; 0 without the font. */
unsigned gfx_hud_atlas(int *width, int *height, float *baked_px);

#ifdef __cplusplus
}
#endif

#endif
