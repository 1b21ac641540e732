/* headless.h — an OpenGL context without a window, through EGL (Mesa surfaceless, or an EGL
 * device when the driver offers one). Used by `imprint --headless` and by every `gl` test.
 *
 *   gfx_headless *h = gfx_headless_create();
 *   if (!h) -> log_error said why (no libEGL, no GL 3.3 core, ...)
 *   ... GL calls; render into your own framebuffer objects: there is no default framebuffer ...
 *   gfx_headless_destroy(h);
 *
 * The context asks for GL 3.3 core (Mesa answers with its newest core version) and loads GL
 * through glad. IMPRINT_EGL_PLATFORM=surfaceless|device forces one back end.
 */
#ifndef IMPRINT_GFX_HEADLESS_H
#define IMPRINT_GFX_HEADLESS_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gfx_headless gfx_headless;

gfx_headless *gfx_headless_create(void);
void gfx_headless_destroy(gfx_headless *h);
/* "surfaceless" or "device" */
const char *gfx_headless_platform(const gfx_headless *h);

#ifdef __cplusplus
}
#endif

#endif
