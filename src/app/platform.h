/* platform.h — one interface, two back ends: a GLFW window (GL 3.3 core, vsync, resizable,
 * mouse capture, keyboard, gamepad) or a headless EGL context (gfx/headless.h).
 *
 *   platform *p = platform_create(&(platform_desc){ .width = 1280, .height = 720, .headless = false });
 *   platform_headless(p)   true when no window could be opened (no display): the app says so
 *   while (!platform_should_close(p)) {
 *       platform_poll(p);                                  // events into the input accumulator
 *       input_take(platform_input(p), INPUT_FRAME, &in);   // app keys; INPUT_STEP per fixed step
 *       ... render ...; platform_present(p, ldr);
 *   }
 *   platform_destroy(p);
 *
 * The app renders into its own targets in both cases; present blits the final image to the window
 * (nothing to do headless). A minimized window reports a 0x0 framebuffer: skip rendering then.
 * Keys and mouse buttons reach the accumulator from GLFW's event callbacks, so a tap shorter
 * than a frame is one press; the gamepad is polled. Headless the accumulator stays empty.
 */
#ifndef IMPRINT_APP_PLATFORM_H
#define IMPRINT_APP_PLATFORM_H

#include <stdbool.h>

#include "scene/input.h"
#include "gfx/target.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct platform platform;

typedef struct platform_desc {
    int width, height;
    bool headless; /* force headless even when a display exists */
    const char *title;
} platform_desc;

platform *platform_create(const platform_desc *desc);
void platform_destroy(platform *p);
bool platform_headless(const platform *p);
void platform_poll(platform *p);
input_accum *platform_input(platform *p); /* owned by the platform; never NULL */
bool platform_should_close(const platform *p);
void platform_request_close(platform *p);
void platform_framebuffer_size(const platform *p, int *w, int *h);
void platform_set_mouse_capture(platform *p, bool on);
void platform_present(platform *p, const gfx_target *image);
double platform_time(void);
/* Runs the frame loop: frame(user) until it returns false, then finish(user), whose status is
 * returned. Native: a plain loop. Browser: the browser calls frame once per animation frame
 * (emscripten_set_main_loop) and this call never returns; after finish the page hears the status
 * (Module.onImprintDone(rc)). finish may destroy the platform. */
int platform_run(platform *p, bool (*frame)(void *), int (*finish)(void *), void *user);
/* The program's exit status where main returns without platform_run's finish (bad input):
 * the browser's page hears it (Module.onImprintDone(rc)); nothing natively. */
void platform_report_exit(int rc);
/* The GLFWwindow (for the panel's input backend), NULL headless. */
void *platform_window(const platform *p);
/* The GL renderer's name for --quality auto and the bench's budgets: GL_RENDERER, or on the page
 * the unmasked one (WEBGL_debug_renderer_info: WebGL's GL_RENDERER says only "WebKit WebGL") when
 * the browser gives it. NULL without a context. */
const char *platform_gl_renderer(void);

#ifdef __cplusplus
}
#endif

#endif
