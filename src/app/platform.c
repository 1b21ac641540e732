#include "app/platform.h"
#include "core/base/alloc.h"

#include <stdlib.h>
#include <string.h>

#include "core/base/log.h"
#include "gfx/gl.h"
#include "gfx/headless.h"
#include "gfx/timer.h"

struct platform {
    GLFWwindow *win;
    gfx_headless *headless;
    int width, height; /* headless framebuffer size */
    bool close, captured;
    double last_x, last_y;
    bool have_last;
    bool prev_down[INPUT_KEYS], prev_mouse[3], prev_pad[15];
};

static void platform__glfw_error(int code, const char *msg) { log_warn("glfw (%d): %s", code, msg); }

static bool platform__open_window(platform *p, const platform_desc *d)
{
    const char *x = getenv("DISPLAY"), *wl = getenv("WAYLAND_DISPLAY");
    if ((!x || !*x) && (!wl || !*wl)) return false;
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
    if (!gladLoadGL((GLADloadfunc)glfwGetProcAddress)) {
        log_error("window: cannot load OpenGL 3.3 core functions");
        glfwDestroyWindow(p->win);
        glfwTerminate();
        p->win = NULL;
        return false;
    }
    glfwSwapInterval(1);
    /* A tap shorter than a frame (slow software rendering, or a quick click) must still count:
     * sticky state keeps a press visible to the next glfwGetKey even after the release. */
    glfwSetInputMode(p->win, GLFW_STICKY_KEYS, GLFW_TRUE);
    glfwSetInputMode(p->win, GLFW_STICKY_MOUSE_BUTTONS, GLFW_TRUE);
    if (glfwRawMouseMotionSupported()) glfwSetInputMode(p->win, GLFW_RAW_MOUSE_MOTION, GLFW_TRUE);
    return true;
}

platform *platform_create(const platform_desc *d)
{
    platform *p = ALLOC_STRUCT(platform);
    if (!p) return NULL;
    p->width = d->width;
    p->height = d->height;
    if (!d->headless && platform__open_window(p, d)) return p;
    if (!d->headless) log_info("no display found: running headless (offscreen through EGL)");
    p->headless = gfx_headless_create();
    if (!p->headless) {
        free(p);
        return NULL;
    }
    return p;
}

void platform_destroy(platform *p)
{
    if (!p) return;
    if (p->win) {
        glfwDestroyWindow(p->win);
        glfwTerminate();
    }
    gfx_headless_destroy(p->headless);
    free(p);
}

bool platform_headless(const platform *p) { return p->win == NULL; }

void platform_poll(platform *p, app_input *in)
{
    bool captured = in->mouse_captured;
    memset(in, 0, sizeof *in);
    if (!p->win) return;
    glfwPollEvents();
    if (glfwWindowShouldClose(p->win)) p->close = true;
    for (int k = GLFW_KEY_SPACE; k < INPUT_KEYS; k++) {
        bool dn = glfwGetKey(p->win, k) == GLFW_PRESS;
        in->down[k] = dn;
        in->pressed[k] = dn && !p->prev_down[k];
        p->prev_down[k] = dn;
    }
    for (int b = 0; b < 3; b++) {
        bool dn = glfwGetMouseButton(p->win, b) == GLFW_PRESS;
        in->mouse_down[b] = dn;
        in->mouse_pressed[b] = dn && !p->prev_mouse[b];
        p->prev_mouse[b] = dn;
    }
    double mx, my;
    glfwGetCursorPos(p->win, &mx, &my);
    if (captured && p->have_last) {
        in->mouse_dx = (float)(mx - p->last_x);
        in->mouse_dy = (float)(my - p->last_y);
    }
    p->last_x = mx;
    p->last_y = my;
    p->have_last = true;
    in->mouse_captured = p->captured;
    GLFWgamepadstate gp;
    if (glfwJoystickIsGamepad(GLFW_JOYSTICK_1) && glfwGetGamepadState(GLFW_JOYSTICK_1, &gp)) {
        in->gamepad = true;
        for (int a = 0; a < 6; a++) {
            float v = gp.axes[a];
            /* dead zone on the sticks so a resting pad does not drift the camera */
            if (a < 4 && v > -0.15f && v < 0.15f) v = 0.0f;
            in->pad_axes[a] = v;
        }
        for (int b = 0; b < 15; b++) {
            bool dn = gp.buttons[b] == GLFW_PRESS;
            in->pad_down[b] = dn;
            in->pad_pressed[b] = dn && !p->prev_pad[b];
            p->prev_pad[b] = dn;
        }
    } else {
        in->pad_axes[GLFW_GAMEPAD_AXIS_LEFT_TRIGGER] = -1.0f;
        in->pad_axes[GLFW_GAMEPAD_AXIS_RIGHT_TRIGGER] = -1.0f;
    }
}

bool platform_should_close(const platform *p) { return p->close; }
void platform_request_close(platform *p) { p->close = true; }

void platform_framebuffer_size(const platform *p, int *w, int *h)
{
    if (p->win) glfwGetFramebufferSize(p->win, w, h);
    else { *w = p->width; *h = p->height; }
}

void platform_set_mouse_capture(platform *p, bool on)
{
    p->captured = on;
    if (p->win) glfwSetInputMode(p->win, GLFW_CURSOR, on ? GLFW_CURSOR_DISABLED : GLFW_CURSOR_NORMAL);
    p->have_last = false;
}

void platform_present(platform *p, const gfx_target *img)
{
    if (!p->win) return;
    int w, h;
    glfwGetFramebufferSize(p->win, &w, &h);
    if (w > 0 && h > 0) {
        glBindFramebuffer(GL_READ_FRAMEBUFFER, img->fbo);
        glReadBuffer(GL_COLOR_ATTACHMENT0);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
        glBlitFramebuffer(0, 0, img->width, img->height, 0, 0, w, h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
    }
    glfwSwapBuffers(p->win);
}

double platform_time(void) { return gfx_now(); }
