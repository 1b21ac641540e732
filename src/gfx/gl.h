/* gl.h — the one include for OpenGL in imprint, and the profile it runs on.
 *
 * Native: GL 3.3 core through glad (generated at build time). Web (emscripten): WebGL2 through
 * emscripten's GLES 3.0 headers. One code path serves both; the few differences are named here
 * and hidden in src/gfx/:
 *   GFX_GLES                1 on WebGL2 / GLES 3.0, 0 on GL 3.3 core
 *   gfx_gl_has_debug()      glObjectLabel exists (KHR_debug); never on WebGL2
 *   gfx_gl_has_timers()     GL_TIMESTAMP / GL_TIME_ELAPSED queries (ARB_timer_query); not on WebGL2
 *                           without EXT_disjoint_timer_query_webgl2 (SwiftShader has none)
 * What both accept, and so the only forms used: buffer maps with WRITE | INVALIDATE_BUFFER,
 * glClientWaitSync with timeout 0, glDrawBuffers (never glDrawBuffer), no texture borders (edge clamp
 * and a test in the shader), read-backs through a framebuffer (never glGetTexImage), shaders with
 * their header chosen by the loader (gfx/shader.h).
 */
#ifndef IMPRINT_GFX_GL_H
#define IMPRINT_GFX_GL_H

#include <stdbool.h>

#ifdef __EMSCRIPTEN__
#define GL_GLEXT_PROTOTYPES 1
#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h>
#define GFX_GLES 1
/* timer queries: the names GL 3.3 gives them, only called when gfx_gl_has_timers() */
#define GL_TIME_ELAPSED GL_TIME_ELAPSED_EXT
#define GL_TIMESTAMP GL_TIMESTAMP_EXT
#define glQueryCounter glQueryCounterEXT
#define glGetQueryObjectui64v glGetQueryObjectui64vEXT
#define glGetQueryObjectiv(q, pname, v) glGetQueryObjectuiv((q), (pname), (GLuint *)(v))
/* object kinds for gfx_label (a no-op here) */
#define GL_VERTEX_ARRAY GL_VERTEX_ARRAY_KHR
#define GL_BUFFER GL_BUFFER_KHR
#define GL_PROGRAM GL_PROGRAM_KHR
#define glClearDepth(d) glClearDepthf((GLfloat)(d))
#ifdef __cplusplus
extern "C" {
#endif
/* WebGL2 has getBufferSubData; emscripten implements it but GLES 3.0's header does not declare it */
GL_APICALL void GL_APIENTRY glGetBufferSubData(GLenum target, GLintptr offset, GLsizeiptr size, void *data);
static inline bool gfx_gl_has_debug(void) { return false; }
static inline bool gfx_gl_has_timers(void) { return false; }
#ifdef __cplusplus
}
#endif
#else
#include <glad/gl.h>
#define GFX_GLES 0
#ifdef __cplusplus
extern "C" {
#endif
static inline bool gfx_gl_has_debug(void) { return GLAD_GL_KHR_debug && glObjectLabel; }
static inline bool gfx_gl_has_timers(void) { return true; } /* core in 3.3 */
#ifdef __cplusplus
}
#endif
#endif

#endif
