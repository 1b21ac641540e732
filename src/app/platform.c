#include "app/platform.h"
#include "base/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

#include "app/ui.h"
#include "base/log.h"
#include "gfx/gl.h"
#include "gfx/headless.h"
#include "gfx/target.h"
#include "gfx/timer.h"

struct platform {
    GLFWwindow *win;
    gfx_headless *headless;
    int width, height; /* headless framebuffer size */
    bool close;
    double last_x, last_y;
    bool have_last;
    input_accum in;
};

static void platform__glfw_error(int code, const char *msg) { log_warn("glfw (%d): %s", code, msg); }

/* Buttons come from the event callbacks, not from polling their state once a frame: a tap
 * pressed and released between two polls is still one press, in order with the others. */
static void platform__key(GLFWwindow *win, int key, int scancode, int action, int mods)
{
    (void)scancode;
    (void)mods;
    platform *p = glfwGetWindowUserPointer(win);
    /* a press the panel takes (a text field) never reaches the scene; a release always does, so
     * nothing stays held */
    if (action == GLFW_PRESS && ui_wants_keyboard()) return;
    if (action != GLFW_REPEAT) input_key(&p->in, key, action == GLFW_PRESS);
}

static void platform__mouse_button(GLFWwindow *win, int button, int action, int mods)
{
    (void)mods;
    platform *p = glfwGetWindowUserPointer(win);
    if (action == GLFW_PRESS && ui_wants_mouse()) return; /* a click on the panel: not a shot, no capture */
    input_mouse_button(&p->in, button, action == GLFW_PRESS);
}

/* gfx_target_begin(NULL, ...) binds the window's framebuffer at the size it has now */
static void platform__framebuffer_resized(GLFWwindow *win, int width, int height)
{
    (void)win;
    gfx_target_set_default_size(width, height);
}

static bool platform__open_window(platform *p, const platform_desc *d)
{
#if !GFX_GLES /* the browser always has a canvas */
    const char *x = getenv("DISPLAY"), *wl = getenv("WAYLAND_DISPLAY");
    if ((!x || !*x) && (!wl || !*wl)) return false;
#endif
    glfwSetErrorCallback(platform__glfw_error);
    if (!glfwInit()) return false;
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_DEPTH_BITS, 0); /* we render into our own targets */
    p->win = glfwCreateWindow(d->width, d->height, d->title ? d->title : "imprint", NULL, NULL);
    if (!p->win) {
        glfwTerminate();
        return false;
    }
    glfwMakeContextCurrent(p->win);
#if !GFX_GLES /* WebGL2's functions are linked, not loaded */
    if (!gladLoadGL((GLADloadfunc)glfwGetProcAddress)) {
        log_error("window: cannot load OpenGL 3.3 core functions");
        glfwDestroyWindow(p->win);
        glfwTerminate();
        p->win = NULL;
        return false;
    }
#endif
    glfwSwapInterval(1);
    glfwSetWindowUserPointer(p->win, p);
    glfwSetKeyCallback(p->win, platform__key);
    glfwSetMouseButtonCallback(p->win, platform__mouse_button);
    glfwSetFramebufferSizeCallback(p->win, platform__framebuffer_resized);
    int fw, fh;
    glfwGetFramebufferSize(p->win, &fw, &fh);
    gfx_target_set_default_size(fw, fh);
#ifdef GLFW_RAW_MOUSE_MOTION
    if (glfwRawMouseMotionSupported()) glfwSetInputMode(p->win, GLFW_RAW_MOUSE_MOTION, GLFW_TRUE);
#endif
    return true;
}

platform *platform_create(const platform_desc *d)
{
    platform *p = ALLOC_STRUCT(platform);
    if (!p) return NULL;
    p->width = d->width;
    p->height = d->height;
    input_init(&p->in);
    if (!d->headless && platform__open_window(p, d)) return p;
#if GFX_GLES
    log_error("this browser gives no WebGL2 context: imprint needs WebGL2");
    free(p);
    return NULL;
#else
    if (!d->headless) log_info("no display found: running headless (offscreen through EGL)");
    p->headless = gfx_headless_create();
    if (!p->headless) {
        free(p);
        return NULL;
    }
    /* a surfaceless context has no default framebuffer (frames go to targets and screenshots);
     * its nominal size is the one platform_framebuffer_size reports */
    gfx_target_set_default_size(p->width, p->height);
    return p;
#endif
}

void platform_destroy(platform *p)
{
    if (!p) return;
    if (p->win) {
        glfwDestroyWindow(p->win);
        glfwTerminate();
    }
#if !GFX_GLES
    gfx_headless_destroy(p->headless);
#endif
    free(p);
}

bool platform_headless(const platform *p) { return p->win == NULL; }

/* GLFW 3.3's gamepad state; the browser's (emscripten's GLFW 3.2 joystick) in the "standard"
 * layout, whose triggers are buttons 6 and 7 and whose button order differs after the bumpers. */
static bool platform__gamepad(bool *buttons, float *axes)
{
#if GFX_GLES
    int nb = 0, na = 0;
    if (!glfwJoystickPresent(GLFW_JOYSTICK_1)) return false;
    const unsigned char *b = glfwGetJoystickButtons(GLFW_JOYSTICK_1, &nb);
    const float *ax = glfwGetJoystickAxes(GLFW_JOYSTICK_1, &na);
    if (!b || !ax || nb < 16 || na < 4) return false;
    static const int from_standard[INPUT_PAD_BUTTONS] = {0, 1, 2, 3, 4, 5, 8, 9, 16, 10, 11, 12, 15, 13, 14};
    for (int i = 0; i < INPUT_PAD_BUTTONS; i++) buttons[i] = from_standard[i] < nb && b[from_standard[i]];
    for (int i = 0; i < 4; i++) axes[i] = ax[i];
    axes[GLFW_GAMEPAD_AXIS_LEFT_TRIGGER] = b[6] ? 1.0f : -1.0f;
    axes[GLFW_GAMEPAD_AXIS_RIGHT_TRIGGER] = b[7] ? 1.0f : -1.0f;
    return true;
#else
    GLFWgamepadstate gp;
    if (!glfwJoystickIsGamepad(GLFW_JOYSTICK_1) || !glfwGetGamepadState(GLFW_JOYSTICK_1, &gp)) return false;
    for (int i = 0; i < INPUT_PAD_BUTTONS; i++) buttons[i] = gp.buttons[i] == GLFW_PRESS;
    for (int i = 0; i < INPUT_PAD_AXES; i++) axes[i] = gp.axes[i];
    return true;
#endif
}

void platform_poll(platform *p)
{
    if (!p->win) return;
    glfwPollEvents(); /* runs the key and mouse button callbacks */
    if (glfwWindowShouldClose(p->win)) p->close = true;
    double mx, my;
    glfwGetCursorPos(p->win, &mx, &my);
    if (p->have_last) input_mouse_move(&p->in, (float)(mx - p->last_x), (float)(my - p->last_y));
    p->last_x = mx;
    p->last_y = my;
    p->have_last = true;
    /* the gamepad has no events: its state is polled and the accumulator finds the edges */
    bool buttons[INPUT_PAD_BUTTONS];
    float raw[INPUT_PAD_AXES];
    if (platform__gamepad(buttons, raw)) {
        float axes[INPUT_PAD_AXES];
        for (int a = 0; a < INPUT_PAD_AXES; a++) {
            float v = raw[a];
            /* dead zone on the sticks so a resting pad does not drift the camera */
            if (a < 4 && v > -0.15f && v < 0.15f) v = 0.0f;
            axes[a] = v;
        }
        input_pad(&p->in, true, buttons, axes);
    } else {
        input_pad(&p->in, false, NULL, NULL);
    }
}

input_accum *platform_input(platform *p) { return &p->in; }

bool platform_should_close(const platform *p) { return p->close; }
void platform_request_close(platform *p) { p->close = true; }

void platform_framebuffer_size(const platform *p, int *w, int *h)
{
    if (p->win) glfwGetFramebufferSize(p->win, w, h);
    else { *w = p->width; *h = p->height; }
}

void platform_set_mouse_capture(platform *p, bool on)
{
    input_set_captured(&p->in, on);
    if (p->win) glfwSetInputMode(p->win, GLFW_CURSOR, on ? GLFW_CURSOR_DISABLED : GLFW_CURSOR_NORMAL);
    p->have_last = false;
}

void platform_present(platform *p, const gfx_target *img)
{
    if (!p->win) return;
    int w, h;
    glfwGetFramebufferSize(p->win, &w, &h);
    if (w > 0 && h > 0) {
        gfx_read_begin(img->fbo);
        glReadBuffer(GL_COLOR_ATTACHMENT0);
        gfx_target_begin(NULL, NULL);
        glBlitFramebuffer(0, 0, img->width, img->height, 0, 0, w, h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
        gfx_target_end();
        gfx_read_end();
    }
    glfwSwapBuffers(p->win);
}

double platform_time(void) { return gfx_now(); }

void *platform_window(const platform *p) { return p->win; }

const char *platform_gl_renderer(void)
{
#ifdef __EMSCRIPTEN__
    static char name[256];
    /* the unmasked name ("ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device ...))") where allowed */
    char *js = emscripten_run_script_string(
        "(function(){var c=(typeof GLctx!=='undefined')?GLctx:null;if(!c)return '';"
        "var e=c.getExtension('WEBGL_debug_renderer_info');return e?String(c.getParameter(e.UNMASKED_RENDERER_WEBGL)):'';})()");
    if (js && js[0]) {
        snprintf(name, sizeof name, "%s", js);
        return name;
    }
#endif
    return (const char *)glGetString(GL_RENDERER);
}

void platform_report_exit(int rc)
{
#ifdef __EMSCRIPTEN__
    char js[96];
    snprintf(js, sizeof js, "if (Module.onImprintDone) Module.onImprintDone(%d);", rc);
    emscripten_run_script(js);
#else
    (void)rc;
#endif
}

#ifdef __EMSCRIPTEN__
static struct {
    bool (*frame)(void *);
    int (*finish)(void *);
    void *user;
} platform__loop;

static void platform__browser_frame(void)
{
    if (platform__loop.frame(platform__loop.user)) return;
    emscripten_cancel_main_loop();
    platform_report_exit(platform__loop.finish(platform__loop.user));
}
#endif

int platform_run(platform *p, bool (*frame)(void *), int (*finish)(void *), void *user)
{
    (void)p;
#ifdef __EMSCRIPTEN__
    platform__loop.frame = frame;
    platform__loop.finish = finish;
    platform__loop.user = user;
    emscripten_set_main_loop(platform__browser_frame, 0, 1); /* does not return */
    return 0;
#else
    while (frame(user)) continue;
    return finish(user);
#endif
}
