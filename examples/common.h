/* common.h — what every example shares and no example is about: a GL 3.3 context (a GLFW window,
 * or EGL headless), the command line, screenshots, key help, a frame clock. It names no technique;
 * each examples/NAME.c is one technique over it.
 *
 *   example ex = {.name = "boxes", .keys = "space  drop a box\n"};
 *   example_init(&ex, argc, argv);              // exits 2 on a bad option, 1 without a context
 *   while (example_frame(&ex)) {                 // false after --frames N, or when the window closes
 *       if (example_key(&ex, 'R')) ...           // GLFW key codes; never true headless
 *       ... draw into your own target t at ex.width x ex.height ...
 *       example_present(&ex, &t);                // window: onto the screen
 *   }
 *   example_screenshot(&ex, &t);                 // --screenshot PATH (.png or .jpg), if given
 *   example_shutdown(&ex);
 *
 * Options: --headless (no window: EGL, also when no display is found), --frames N (headless
 * default 60; in a window 0 = until closed), --screenshot PATH (.png, or .jpg), --check (the example asserts its
 * technique's property and exits 1 when it fails), --size WxH (default 640x360), --help. A bad
 * option prints the valid ones and exits 2. The frame clock is fixed: frame i is at i / 60 s, so a
 * headless run is the same every time. In a window the key help goes to stdout at start.
 */
#ifndef IMPRINT_EXAMPLES_COMMON_H
#define IMPRINT_EXAMPLES_COMMON_H

#include <stdbool.h>

#include "gfx/target.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EXAMPLE_DT (1.0f / 60.0f)

typedef struct example {
    const char *name;        /* the window's title and the messages' prefix */
    const char *keys;        /* key help: one "key  what it does" per line */
    bool headless, check;
    int frames;              /* frames to run; 0: until the window closes */
    int frame;               /* the current frame, from 0 */
    float time;              /* frame * EXAMPLE_DT */
    const char *screenshot;  /* NULL: none */
    int width, height;
    void *window;            /* GLFWwindow, NULL headless */
    void *context;           /* the EGL context, NULL in a window */
    unsigned char down[512]; /* keys pressed since the last frame */
} example;

void example_init(example *ex, int argc, char **argv);
bool example_frame(example *ex);
/* A key (GLFW_KEY_*, or an upper-case letter) went down since the last frame. */
bool example_key(const example *ex, int key);
void example_present(example *ex, const gfx_target *t);
/* --screenshot's picture of t (colour attachment 0): PNG, or JPEG (quality 90) for a .jpg path;
 * true when none was asked for. */
bool example_screenshot(const example *ex, const gfx_target *t);
void example_shutdown(example *ex);

#ifdef __cplusplus
}
#endif

#endif
