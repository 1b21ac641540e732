/* gl_renderer.c — print the GL_RENDERER string of the EGL display imprint --headless would
 * take, for tools/gpu_bench.sh's table (imprint's --bench JSON does not carry it).
 *
 *   cc -std=c11 -O2 tools/gl_renderer.c -lEGL -o gl_renderer && ./gl_renderer
 *
 * The same choice as src/gfx/headless.c: surfaceless Mesa first, then the first EGL device that
 * gives a display; IMPRINT_EGL_PLATFORM=surfaceless|device forces one. Prints one line, e.g.
 * "llvmpipe (LLVM 15.0.6, 256 bits)"; exit 1 with a reason on stderr when no context is made. */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GL_RENDERER_ENUM 0x1F01 /* GL_RENDERER, without pulling in a GL header */

typedef const unsigned char *(*get_string_fn)(unsigned name);

static EGLDisplay device_display(PFNEGLGETPLATFORMDISPLAYEXTPROC get_display)
{
    PFNEGLQUERYDEVICESEXTPROC query = (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
    if (!query || !get_display) return EGL_NO_DISPLAY;
    EGLDeviceEXT devs[8];
    EGLint n = 0;
    if (!query(8, devs, &n)) return EGL_NO_DISPLAY;
    for (EGLint i = 0; i < n; i++) {
        EGLDisplay d = get_display(EGL_PLATFORM_DEVICE_EXT, devs[i], NULL);
        if (d != EGL_NO_DISPLAY && eglInitialize(d, NULL, NULL)) return d;
    }
    return EGL_NO_DISPLAY;
}

static EGLDisplay surfaceless_display(PFNEGLGETPLATFORMDISPLAYEXTPROC get_display)
{
    if (!get_display) return EGL_NO_DISPLAY;
    EGLDisplay d = get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    return d != EGL_NO_DISPLAY && eglInitialize(d, NULL, NULL) ? d : EGL_NO_DISPLAY;
}

int main(void)
{
    PFNEGLGETPLATFORMDISPLAYEXTPROC get_display =
        (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    const char *force = getenv("IMPRINT_EGL_PLATFORM");
    EGLDisplay dpy = EGL_NO_DISPLAY;
    if (!force || !strcmp(force, "surfaceless")) dpy = surfaceless_display(get_display);
    if (dpy == EGL_NO_DISPLAY && (!force || !strcmp(force, "device"))) dpy = device_display(get_display);
    if (dpy == EGL_NO_DISPLAY) {
        fprintf(stderr, "gl_renderer: no EGL display\n");
        return 1;
    }
    const EGLint cfg_attr[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
    const EGLint ctx_attr[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                               EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    EGLConfig cfg;
    EGLint ncfg = 0;
    EGLContext ctx = EGL_NO_CONTEXT;
    if (eglBindAPI(EGL_OPENGL_API) && eglChooseConfig(dpy, cfg_attr, &cfg, 1, &ncfg) && ncfg > 0)
        ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, ctx_attr);
    if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
        fprintf(stderr, "gl_renderer: no OpenGL 3.3 core context (EGL error 0x%x)\n", (unsigned)eglGetError());
        eglTerminate(dpy);
        return 1;
    }
    get_string_fn get_string = (get_string_fn)eglGetProcAddress("glGetString");
    const unsigned char *s = get_string ? get_string(GL_RENDERER_ENUM) : NULL;
    printf("%s\n", s ? (const char *)s : "unknown");
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, ctx);
    eglTerminate(dpy);
    return s ? 0 : 1;
}
