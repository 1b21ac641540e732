/* The examples' shared part (common.h): context, options, keys, screenshots. No technique here. */
#include "common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "base/log.h"
#include "gfx/dump.h"
#include "gfx/headless.h"

static void usage(const example *ex, FILE *to)
{
    fprintf(to,
            "usage: %s [--headless] [--frames N] [--screenshot PATH] [--check] [--size WxH] [--help]\n"
            "  --headless         no window: an EGL context (also when no display is found)\n"
            "  --frames N         frames to run (headless default 60; window: until closed)\n"
            "  --screenshot PATH  the last frame as a PNG\n"
            "  --check            assert the technique's property: exit 1 when it fails\n"
            "  --size WxH         the frame's size (default 640x360)\n",
            ex->name);
}

static void bad(const example *ex, const char *what, const char *arg)
{
    fprintf(stderr, "%s: %s%s%s\n", ex->name, what, arg ? ": " : "", arg ? arg : "");
    usage(ex, stderr);
    exit(2);
}

static void on_key(GLFWwindow *w, int key, int scancode, int action, int mods)
{
    (void)scancode; (void)mods;
    example *ex = glfwGetWindowUserPointer(w);
    if (key >= 0 && key < 512 && action == GLFW_PRESS) ex->down[key] = 1;
    if (key == GLFW_KEY_ESCAPE && action == GLFW_PRESS) glfwSetWindowShouldClose(w, GLFW_TRUE);
}

static bool open_window(example *ex)
{
    if (!glfwInit()) return false;
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    GLFWwindow *w = glfwCreateWindow(ex->width, ex->height, ex->name, NULL, NULL);
    if (!w) {
        glfwTerminate();
        return false;
    }
    glfwMakeContextCurrent(w);
    if (!gladLoadGL((GLADloadfunc)glfwGetProcAddress)) {
        glfwDestroyWindow(w);
        glfwTerminate();
        return false;
    }
    glfwSwapInterval(1);
    glfwSetWindowUserPointer(w, ex);
    glfwSetKeyCallback(w, on_key);
    int fw, fh;
    glfwGetFramebufferSize(w, &fw, &fh);
    gfx_target_set_default_size(fw, fh);
    ex->window = w;
    return true;
}

void example_init(example *ex, int argc, char **argv)
{
    ex->width = 640;
    ex->height = 360;
    int frames = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        char end;
        if (!strcmp(a, "--headless")) ex->headless = true;
        else if (!strcmp(a, "--check")) ex->check = true;
        else if (!strcmp(a, "--help")) usage(ex, stdout), exit(0);
        else if (!strcmp(a, "--frames")) {
            if (!v || sscanf(v, "%d%c", &frames, &end) != 1 || frames < 1) bad(ex, "--frames takes a count >= 1", v);
            i++;
        } else if (!strcmp(a, "--screenshot")) {
            if (!v) bad(ex, "--screenshot takes a path", NULL);
            ex->screenshot = argv[++i];
        } else if (!strcmp(a, "--size")) {
            if (!v || sscanf(v, "%dx%d%c", &ex->width, &ex->height, &end) != 2 || ex->width < 16 || ex->height < 16 ||
                ex->width > 8192 || ex->height > 8192)
                bad(ex, "--size takes WxH, 16..8192 each", v);
            i++;
        } else bad(ex, "unknown option", a);
    }
    if (!ex->headless && !open_window(ex)) {
        fprintf(stderr, "%s: no window (no display?): running headless\n", ex->name);
        ex->headless = true;
    }
    if (ex->headless) {
        if (!(ex->context = gfx_headless_create())) {
            fprintf(stderr, "%s: no GL 3.3 context: %s\n", ex->name, log_last_error());
            exit(1);
        }
        gfx_target_set_default_size(ex->width, ex->height);
    }
    ex->frames = frames > 0 ? frames : ex->headless ? 60 : 0;
    ex->frame = -1;
    if (ex->window && ex->keys) printf("%s — keys:\n%sEsc    quit\n", ex->name, ex->keys);
}

bool example_frame(example *ex)
{
    memset(ex->down, 0, sizeof ex->down);
    if (ex->window) {
        glfwPollEvents(); /* on_key marks the keys pressed since the last frame */
        if (glfwWindowShouldClose(ex->window)) return false;
    }
    ex->frame++;
    ex->time = (float)ex->frame * EXAMPLE_DT;
    return ex->frames == 0 || ex->frame < ex->frames;
}

bool example_key(const example *ex, int key) { return key >= 0 && key < 512 && ex->down[key]; }

void example_present(example *ex, const gfx_target *t)
{
    if (!ex->window) return;
    int w, h;
    glfwGetFramebufferSize(ex->window, &w, &h);
    if (w > 0 && h > 0) {
        gfx_target_set_default_size(w, h);
        gfx_read_begin(t->fbo);
        glReadBuffer(GL_COLOR_ATTACHMENT0);
        gfx_target_begin(NULL, NULL);
        glBlitFramebuffer(0, 0, t->width, t->height, 0, 0, w, h, GL_COLOR_BUFFER_BIT, GL_LINEAR);
        gfx_target_end();
        gfx_read_end();
    }
    glfwSwapBuffers(ex->window);
}

bool example_screenshot(const example *ex, const gfx_target *t)
{
    if (!ex->screenshot) return true;
    unsigned char *px = malloc((size_t)t->width * (size_t)t->height * 4);
    bool ok = px != NULL;
    if (ok) gfx_target_read_rgba8(t, px);
    const size_t n = strlen(ex->screenshot);
    const bool jpg = n > 4 && (!strcmp(ex->screenshot + n - 4, ".jpg") || !strcmp(ex->screenshot + n - 4, ".JPG"));
    ok = ok && (jpg ? gfx_write_jpg(ex->screenshot, t->width, t->height, 4, px, true, 90)
                    : gfx_write_png(ex->screenshot, t->width, t->height, 4, px, true));
    free(px);
    if (ok) printf("%s: wrote %s (%dx%d)\n", ex->name, ex->screenshot, t->width, t->height);
    else fprintf(stderr, "%s: could not write %s\n", ex->name, ex->screenshot);
    return ok;
}

void example_shutdown(example *ex)
{
    if (ex->window) {
        glfwDestroyWindow(ex->window);
        glfwTerminate();
    }
    gfx_headless_destroy(ex->context);
    ex->window = ex->context = NULL;
}
