#include "gfx/dump.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stb_image_write.h>

#include "base/log.h"

bool gfx_write_png(const char *path, int w, int h, int comps, const unsigned char *pixels, bool bottom_up)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    int stride = w * comps;
    const unsigned char *start = bottom_up ? pixels + (size_t)(h - 1) * stride : pixels;
    int ok = stbi_write_png(tmp, w, h, comps, start, bottom_up ? -stride : stride);
    if (!ok) {
        log_error("%s: cannot write PNG: %s", path, strerror(errno ? errno : EIO));
        remove(tmp);
        return false;
    }
    if (rename(tmp, path) != 0) {
        log_error("%s: cannot write PNG: %s", path, strerror(errno));
        remove(tmp);
        return false;
    }
    return true;
}

bool gfx_dump_texture(GLuint tex, const char *path)
{
    if (!tex) {
        log_error("%s: nothing to dump (no texture)", path);
        return false;
    }
    /* Rendering into the texture must be finished before it is read as a texture: llvmpipe has
     * been seen returning stale texels to glGetTexImage right after a framebuffer pass. */
    glFinish();
    glBindTexture(GL_TEXTURE_2D, tex);
    GLint w = 0, h = 0, ifmt = 0;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &w);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT, &h);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &ifmt);
    if (w <= 0 || h <= 0) {
        log_error("%s: texture %u has no storage", path, tex);
        return false;
    }
    bool depth = ifmt == GL_DEPTH_COMPONENT24 || ifmt == GL_DEPTH_COMPONENT32F || ifmt == GL_DEPTH_COMPONENT16 ||
                 ifmt == GL_DEPTH_COMPONENT || ifmt == GL_DEPTH24_STENCIL8;
    unsigned char *px = malloc((size_t)w * h * 4);
    if (!px) return false;
    bool ok;
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    if (depth) {
        float *d = malloc((size_t)w * h * sizeof *d);
        if (!d) { free(px); return false; }
        glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, d);
        for (size_t i = 0; i < (size_t)w * h; i++) px[i] = (unsigned char)(d[i] * 255.0f + 0.5f);
        free(d);
        ok = gfx_write_png(path, w, h, 1, px, true);
    } else {
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
        ok = gfx_write_png(path, w, h, 4, px, true);
    }
    glBindTexture(GL_TEXTURE_2D, 0);
    free(px);
    return ok;
}
