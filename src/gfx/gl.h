/* gl.h — the one include for OpenGL in imprint (glad, generated at build time for 3.3 core). */
#ifndef IMPRINT_GFX_GL_H
#define IMPRINT_GFX_GL_H
#include <glad/gl.h>
#endif
