#include "gfx/texture.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/image.h"
#include "base/log.h"
#include "gfx/shader.h"
#include "gfx/state.h"

void gfx_format_of(GLenum ifmt, GLenum *format, GLenum *type)
{
    switch (ifmt) {
    case GL_R8: *format = GL_RED; *type = GL_UNSIGNED_BYTE; break;
    case GL_RG8: *format = GL_RG; *type = GL_UNSIGNED_BYTE; break;
    case GL_R16F: case GL_R32F: *format = GL_RED; *type = GL_FLOAT; break;
    case GL_RG16F: case GL_RG32F: *format = GL_RG; *type = GL_FLOAT; break;
    case GL_RGB16F: case GL_RGB32F: case GL_R11F_G11F_B10F: *format = GL_RGB; *type = GL_FLOAT; break;
    case GL_RGBA16F: case GL_RGBA32F: *format = GL_RGBA; *type = GL_FLOAT; break;
    case GL_RGB10_A2: *format = GL_RGBA; *type = GL_UNSIGNED_INT_2_10_10_10_REV; break;
    /* the types GLES requires for each depth format (GL 3.3 takes any) */
    case GL_DEPTH_COMPONENT24: *format = GL_DEPTH_COMPONENT; *type = GL_UNSIGNED_INT; break;
    case GL_DEPTH_COMPONENT16: *format = GL_DEPTH_COMPONENT; *type = GL_UNSIGNED_SHORT; break;
    case GL_DEPTH_COMPONENT32F: *format = GL_DEPTH_COMPONENT; *type = GL_FLOAT; break;
    case GL_DEPTH24_STENCIL8: *format = GL_DEPTH_STENCIL; *type = GL_UNSIGNED_INT_24_8; break;
    case GL_RGB8: case GL_SRGB8: *format = GL_RGB; *type = GL_UNSIGNED_BYTE; break;
    default: *format = GL_RGBA; *type = GL_UNSIGNED_BYTE; break;
    }
}

/* Size and format of the textures gfx made: GLES (WebGL2) cannot ask a texture for them. */
enum { TEXTURE_NOTES = 256 };
static struct { GLuint tex; int w, h; GLenum ifmt; } texture__notes[TEXTURE_NOTES];

void gfx_texture_note(GLuint tex, int w, int h, GLenum ifmt)
{
    int slot = -1;
    for (int i = 0; i < TEXTURE_NOTES && slot < 0; i++)
        if (texture__notes[i].tex == tex || !texture__notes[i].tex) slot = i;
    if (slot < 0) slot = (int)(tex % TEXTURE_NOTES); /* full: forget one */
    texture__notes[slot].tex = tex;
    texture__notes[slot].w = w;
    texture__notes[slot].h = h;
    texture__notes[slot].ifmt = ifmt;
}

bool gfx_texture_info(GLuint tex, int *w, int *h, GLenum *ifmt)
{
    for (int i = 0; i < TEXTURE_NOTES && tex; i++)
        if (texture__notes[i].tex == tex) {
            *w = texture__notes[i].w, *h = texture__notes[i].h, *ifmt = texture__notes[i].ifmt;
            return true;
        }
#if GFX_GLES
    return false;
#else
    GLint iw = 0, ih = 0, f = 0;
    glBindTexture(GL_TEXTURE_2D, tex);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &iw);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT, &ih);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &f);
    glBindTexture(GL_TEXTURE_2D, 0);
    *w = iw, *h = ih, *ifmt = (GLenum)f;
    return true;
#endif
}

GLuint gfx_texture_create(const gfx_texture_desc *d)
{
    GLenum ifmt = d->internal_format ? d->internal_format : GL_RGBA8;
    if ((d->flags & GFX_TEX_SRGB) && ifmt == GL_RGBA8) ifmt = GL_SRGB8_ALPHA8;
    GLenum fmt, type;
    gfx_format_of(ifmt, &fmt, &type);
    if (d->format) fmt = d->format;
    if (d->type) type = d->type;
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, (GLint)ifmt, d->width, d->height, 0, fmt, type, d->data);
    gfx_texture_note(t, d->width, d->height, ifmt);
    bool mips = d->flags & GFX_TEX_MIPMAPS;
    GLint minf = (d->flags & GFX_TEX_NEAREST) ? (mips ? GL_NEAREST_MIPMAP_NEAREST : GL_NEAREST)
                                              : (mips ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, minf);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, (d->flags & GFX_TEX_NEAREST) ? GL_NEAREST : GL_LINEAR);
    GLint wrap = (d->flags & GFX_TEX_REPEAT) ? GL_REPEAT : GL_CLAMP_TO_EDGE;
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, wrap);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, wrap);
    if (!mips) glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
    if (mips && d->data) glGenerateMipmap(GL_TEXTURE_2D);
    if (!d->data && fmt != GL_DEPTH_COMPONENT && fmt != GL_DEPTH_STENCIL) {
        /* Uninitialized storage is undefined: clear it once through a temporary framebuffer. */
        GLuint fbo;
        GLint prev = 0;
        glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &prev);
        glGenFramebuffers(1, &fbo);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
        if (glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE) {
            glClearColor(0, 0, 0, 0);
            gfx_state_clear(GL_COLOR_BUFFER_BIT);
        }
        glBindFramebuffer(GL_FRAMEBUFFER, (GLuint)prev);
        glDeleteFramebuffers(1, &fbo);
    }
    gfx_label(GL_TEXTURE, t, d->label);
    return t;
}

/* What a texture that cannot be loaded becomes: a magenta and black checker (8 texels a cell),
 * loud enough to be seen in any picture, with the caller's flags so it samples like the real one. */
static GLuint texture__checker(const char *rel, unsigned flags)
{
    enum { N = 64, CELL = 8 };
    static unsigned char px[N * N * 4];
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++) {
            unsigned char on = ((x / CELL) ^ (y / CELL)) & 1 ? 255 : 0;
            unsigned char *p = px + (y * N + x) * 4;
            p[0] = on, p[1] = 0, p[2] = on, p[3] = 255;
        }
    char label[300];
    snprintf(label, sizeof label, "missing:%s", rel);
    return gfx_texture_create(&(gfx_texture_desc){.width = N, .height = N, .internal_format = GL_RGBA8, .data = px,
                                                  .flags = flags, .label = label});
}

GLuint gfx_texture_load(const char *rel, unsigned flags)
{
    char path[PATH_MAX];
    if (!gfx_data_path(rel, path, sizeof path)) {
        log_error("%s: texture not found (drawn as a checker)", path);
        return texture__checker(rel, flags);
    }
    image img;
    char err[512];
    if (!image_load_png(path, NULL, true, &img, err, sizeof err)) { /* GL's first row is the bottom one */
        log_error("cannot load texture %s (drawn as a checker)", err);
        return texture__checker(rel, flags);
    }
    GLuint t = gfx_texture_create(&(gfx_texture_desc){
        .width = img.width, .height = img.height, .internal_format = GL_RGBA8, .data = img.pixels, .flags = flags,
        .label = rel});
    image_free(&img);
    return t;
}

void gfx_texture_destroy(GLuint tex)
{
    if (!tex) return;
    for (int i = 0; i < TEXTURE_NOTES; i++)
        if (texture__notes[i].tex == tex) texture__notes[i].tex = 0;
    glDeleteTextures(1, &tex);
}
