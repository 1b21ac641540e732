/* panel.h — draws any texture into a screen rectangle: debug views of render targets.
 *
 *   gfx_panel_draw(tex, x, y, w, h, GFX_PANEL_RGB, screen_w, screen_h);   pixels, origin top-left
 *
 * Modes: RGB (as stored), ALPHA / RED (one channel as grey), NORMAL_XY (two signed channels stored
 * as 0..1, tilt exaggerated x4 so detail normals are visible, shown as a normal map with z rebuilt), DEPTH (non-linear depth stretched for contrast).
 * The panel writes over whatever is bound; call it after tone mapping so values show as stored.
 * gfx_panel_draw_layout also takes an R8 layout texture of the same uv (0 empty, ~0.35 inside an
 * atlas chart, 1 on a chart's outline; 0 = none) and shows it dimly under dark texels, so an empty
 * atlas map still reads as a map of its charts. crop (NULL = all of it) is the part of the texture
 * shown, u0 v0 u1 v1: a screen-sized buffer shows only where its subject is.
 */
#ifndef IMPRINT_GFX_PANEL_H
#define IMPRINT_GFX_PANEL_H

#include <stdbool.h>

#include "gfx/gl.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum gfx_panel_mode {
    GFX_PANEL_RGB,
    GFX_PANEL_RED,
    GFX_PANEL_ALPHA,
    GFX_PANEL_NORMAL_XY,
    GFX_PANEL_DEPTH,
    GFX_PANEL_BLUE,
    GFX_PANEL_NORMAL_GB, /* as NORMAL_XY, the two signed channels in G and B */
} gfx_panel_mode;

bool gfx_panel_init(void);
void gfx_panel_shutdown(void);
void gfx_panel_draw(GLuint tex, float x, float y, float w, float h, gfx_panel_mode mode, int screen_w, int screen_h);
void gfx_panel_draw_layout(GLuint tex, GLuint layout, const float crop[4], float x, float y, float w, float h,
                           gfx_panel_mode mode, int screen_w, int screen_h);

#ifdef __cplusplus
}
#endif

#endif
