#include "gfx/headless.h"
#include "gfx/state.h"
#include "base/alloc.h"

#include <stdlib.h>
#include <string.h>

#include <glad/egl.h>

#include "base/log.h"
#include "gfx/gl.h"

struct gfx_headless {
    EGLDisplay dpy;
    EGLContext ctx;
    const char *platform;
};

/* First EGL device that can give a display: a real GPU where one is present. */
static EGLDisplay headless__device_display(void)
{
    if (!eglQueryDevicesEXT || !eglGetPlatformDisplayEXT) return EGL_NO_DISPLAY;
    EGLDeviceEXT devs[8];
    EGLint n = 0;
    if (!eglQueryDevicesEXT(8, devs, &n)) return EGL_NO_DISPLAY;
    for (EGLint i = 0; i < n; i++) {
        EGLDisplay d = eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, devs[i], NULL);
        if (d != EGL_NO_DISPLAY && eglInitialize(d, NULL, NULL)) return d;
    }
    return EGL_NO_DISPLAY;
}

static EGLDisplay headless__surfaceless_display(void)
{
    if (!eglGetPlatformDisplayEXT) return EGL_NO_DISPLAY;
    EGLDisplay d = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (d != EGL_NO_DISPLAY && eglInitialize(d, NULL, NULL)) return d;
    return EGL_NO_DISPLAY;
}

gfx_headless *gfx_headless_create(void)
{
    if (!gladLoaderLoadEGL(EGL_NO_DISPLAY)) {
        log_error("headless: cannot load libEGL (install libegl1 and libegl-mesa0)");
        return NULL;
    }
    gfx_headless *h = ALLOC_STRUCT(gfx_headless);
    if (!h) return NULL;
    const char *force = getenv("IMPRINT_EGL_PLATFORM");
    bool want_dev = !force || !strcmp(force, "device");
    bool want_sl = !force || !strcmp(force, "surfaceless");
    h->dpy = EGL_NO_DISPLAY;
    /* Surfaceless Mesa first: it is what CI has; a device display is the way onto a real GPU. */
    if (want_sl && (h->dpy = headless__surfaceless_display()) != EGL_NO_DISPLAY) h->platform = "surfaceless";
    else if (want_dev && (h->dpy = headless__device_display()) != EGL_NO_DISPLAY) h->platform = "device";
    if (h->dpy == EGL_NO_DISPLAY) {
        log_error("headless: no EGL display (neither EGL_MESA_platform_surfaceless nor an EGL device)");
        goto fail;
    }
    gladLoaderLoadEGL(h->dpy); /* now the display's extensions too */
    if (!eglBindAPI(EGL_OPENGL_API)) {
        log_error("headless: EGL cannot bind the desktop OpenGL API");
        goto fail;
    }
    const EGLint cfg_attr[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                               EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_NONE};
    EGLConfig cfg;
    EGLint ncfg = 0;
    if (!eglChooseConfig(h->dpy, cfg_attr, &cfg, 1, &ncfg) || ncfg < 1) {
        log_error("headless: no EGL config renders desktop OpenGL");
        goto fail;
    }
    const EGLint ctx_attr[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                               EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    h->ctx = eglCreateContext(h->dpy, cfg, EGL_NO_CONTEXT, ctx_attr);
    if (h->ctx == EGL_NO_CONTEXT) {
        log_error("headless: EGL cannot create an OpenGL 3.3 core context (error 0x%x)", eglGetError());
        goto fail;
    }
    if (!eglMakeCurrent(h->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, h->ctx)) {
        log_error("headless: context cannot be made current without a surface (error 0x%x)", eglGetError());
        goto fail;
    }
    if (!gladLoadGL((GLADloadfunc)eglGetProcAddress)) {
        log_error("headless: cannot load OpenGL functions");
        goto fail;
    }
    gfx_state_invalidate(); /* a new context: whatever the state cache held was another context's */
    return h;
fail:
    gfx_headless_destroy(h);
    return NULL;
}

void gfx_headless_destroy(gfx_headless *h)
{
    if (!h) return;
    if (h->dpy != EGL_NO_DISPLAY) {
        eglMakeCurrent(h->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        if (h->ctx != EGL_NO_CONTEXT) eglDestroyContext(h->dpy, h->ctx);
        /* No eglTerminate: Mesa would dlclose the driver, and the memory it keeps until exit
         * would then show up in leak checkers as leaks from an unknown module. A display is one
         * per process anyway; eglInitialize on it again is valid. */
        eglReleaseThread();
    }
    free(h);
}

const char *gfx_headless_platform(const gfx_headless *h) { return h ? h->platform : "none"; }
