#include "gfx/dump.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stb_image_write.h>

#include "base/log.h"
#include "gfx/target.h"
#include "gfx/texture.h"

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

bool gfx_write_jpg(const char *path, int w, int h, int comps, const unsigned char *pixels, bool bottom_up, int quality)
{
    /* stbi_write_jpg takes no stride: flip into a copy when the rows come bottom-up */
    const size_t stride = (size_t)w * comps;
    unsigned char *rows = NULL;
    if (bottom_up) {
        rows = malloc(stride * (size_t)h);
        if (!rows) {
            log_error("%s: cannot write JPEG: out of memory", path);
            return false;
        }
        for (int y = 0; y < h; y++) memcpy(rows + (size_t)y * stride, pixels + (size_t)(h - 1 - y) * stride, stride);
    }
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    int ok = stbi_write_jpg(tmp, w, h, comps, rows ? rows : pixels, quality);
    free(rows);
    if (!ok || rename(tmp, path) != 0) {
        log_error("%s: cannot write JPEG: %s", path, strerror(errno ? errno : EIO));
        remove(tmp);
        return false;
    }
    return true;
}

static uint32_t png16__crc(uint32_t c, const unsigned char *p, size_t n)
{
    c = ~c;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++) c = c >> 1 ^ (0xEDB88320u & (0u - (c & 1u)));
    }
    return ~c;
}

static void png16__be32(unsigned char *p, uint32_t v)
{
    for (int k = 0; k < 4; k++) p[k] = (unsigned char)(v >> (24 - 8 * k));
}

static bool png16__chunk(FILE *f, const char *kind, const unsigned char *data, size_t n)
{
    unsigned char head[8], tail[4];
    png16__be32(head, (uint32_t)n);
    memcpy(head + 4, kind, 4);
    png16__be32(tail, png16__crc(png16__crc(0, head + 4, 4), data, n));
    return fwrite(head, 1, 8, f) == 8 && fwrite(data, 1, n, f) == n && fwrite(tail, 1, 4, f) == 4;
}

/* 16-bit grey, stored (uncompressed) deflate blocks of one row each: stb_image_write has 8 bits only. */
bool gfx_write_png16(const char *path, int w, int h, const uint16_t *grey)
{
    size_t row = (size_t)w * 2 + 1, raw_n = row * (size_t)h, n = 2 + raw_n + (size_t)h * 5 + 4;
    unsigned char *z = (w > 0 && h > 0 && row <= 65535) ? malloc(n) : NULL, *p = z;
    if (!z) {
        log_error("%s: cannot write PNG: %s", path, w > 0 && h > 0 && row <= 65535 ? "out of memory" : "bad size");
        return false;
    }
    uint32_t a = 1, b = 0; /* adler-32 of the raw rows */
    *p++ = 0x78;
    *p++ = 0x01;
    for (int y = 0; y < h; y++) {
        *p++ = y == h - 1; /* BFINAL, stored */
        *p++ = (unsigned char)(row & 255);
        *p++ = (unsigned char)(row >> 8);
        *p++ = (unsigned char)(~row & 255);
        *p++ = (unsigned char)((~row >> 8) & 255);
        unsigned char *line = p;
        *p++ = 0; /* filter: none */
        for (int x = 0; x < w; x++) {
            *p++ = (unsigned char)(grey[(size_t)y * w + x] >> 8);
            *p++ = (unsigned char)(grey[(size_t)y * w + x] & 255);
        }
        for (size_t i = 0; i < row; i++) {
            a = (a + line[i]) % 65521u;
            b = (b + a) % 65521u;
        }
    }
    png16__be32(p, b << 16 | a);
    unsigned char ihdr[13] = {0, 0, 0, 0, 0, 0, 0, 0, 16, 0, 0, 0, 0}; /* 16 bits, grey */
    png16__be32(ihdr, (uint32_t)w);
    png16__be32(ihdr + 4, (uint32_t)h);
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "wb");
    bool ok = f && fwrite("\x89PNG\r\n\x1a\n", 1, 8, f) == 8 && png16__chunk(f, "IHDR", ihdr, 13) &&
              png16__chunk(f, "IDAT", z, n) && png16__chunk(f, "IEND", ihdr, 0);
    int err = errno;
    if (f && fclose(f) != 0) ok = false;
    free(z);
    if (!ok || rename(tmp, path) != 0) {
        log_error("%s: cannot write PNG: %s", path, strerror(ok ? errno : err ? err : EIO));
        remove(tmp);
        return false;
    }
    return true;
}

/* Read-back through a framebuffer (what GLES and WebGL2 have; GL 3.3 reads the same bytes):
 * normalized formats as RGBA bytes; float formats where GL wants floats (GLES) as floats, clamped
 * and scaled like GL's own conversion. */
bool gfx_texture_read_rgba8(GLuint tex, int w, int h, unsigned char *rgba)
{
    GLuint fbo;
    glGenFramebuffers(1, &fbo);
    gfx_read_begin(fbo);
    glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    bool ok = glCheckFramebufferStatus(GL_READ_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
    if (ok) {
        glReadBuffer(GL_COLOR_ATTACHMENT0);
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        GLint type = GL_UNSIGNED_BYTE;
#if GFX_GLES
        glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &type);
#endif
        if (type == GL_FLOAT || type == GL_HALF_FLOAT) {
            float *f = malloc((size_t)w * h * 4 * sizeof *f);
            if (f) {
                glReadPixels(0, 0, w, h, GL_RGBA, GL_FLOAT, f);
                for (size_t i = 0; i < (size_t)w * h * 4; i++) {
                    float v = f[i] < 0.0f ? 0.0f : f[i] > 1.0f ? 1.0f : f[i];
                    rgba[i] = (unsigned char)(v * 255.0f + 0.5f);
                }
            }
            ok = f != NULL;
            free(f);
        } else {
            glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
        }
        glPixelStorei(GL_PACK_ALIGNMENT, 4);
    }
    glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 0, 0);
    gfx_read_end();
    glDeleteFramebuffers(1, &fbo);
    return ok;
}

bool gfx_dump_texture(GLuint tex, const char *path)
{
    if (!tex) {
        log_error("%s: nothing to dump (no texture)", path);
        return false;
    }
    int w = 0, h = 0;
    GLenum ifmt = 0;
    if (!gfx_texture_info(tex, &w, &h, &ifmt) || w <= 0 || h <= 0) {
        log_error("%s: texture %u has no storage", path, tex);
        return false;
    }
    bool depth = ifmt == GL_DEPTH_COMPONENT24 || ifmt == GL_DEPTH_COMPONENT32F || ifmt == GL_DEPTH_COMPONENT16 ||
                 ifmt == GL_DEPTH_COMPONENT || ifmt == GL_DEPTH24_STENCIL8;
    unsigned char *px = malloc((size_t)w * h * 4);
    if (!px) return false;
    bool ok;
    if (depth) {
#if GFX_GLES
        log_error("%s: depth textures cannot be read back on WebGL2", path);
        ok = false;
#else
        /* GL 3.3 reads depth from the texture (a framebuffer gives depth to glReadPixels on GLES
         * only with an extension WebGL lacks). Rendering into it must be finished: llvmpipe has
         * been seen returning stale texels right after a framebuffer pass. */
        glFinish();
        float *d = malloc((size_t)w * h * sizeof *d);
        if (!d) { free(px); return false; }
        glBindTexture(GL_TEXTURE_2D, tex);
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, d);
        glPixelStorei(GL_PACK_ALIGNMENT, 4);
        glBindTexture(GL_TEXTURE_2D, 0);
        for (size_t i = 0; i < (size_t)w * h; i++) px[i] = (unsigned char)(d[i] * 255.0f + 0.5f);
        free(d);
        ok = gfx_write_png(path, w, h, 1, px, true);
#endif
    } else {
        ok = gfx_texture_read_rgba8(tex, w, h, px) && gfx_write_png(path, w, h, 4, px, true);
    }
    free(px);
    return ok;
}

bool gfx_dump_texture_decoded(GLuint tex, const char *path, gfx_decode_fn decode, void *user)
{
    int w = 0, h = 0;
    GLenum ifmt = 0;
    if (!tex || !gfx_texture_info(tex, &w, &h, &ifmt) || w <= 0 || h <= 0) {
        log_error("%s: nothing to dump (no texture, or no storage)", path);
        return false;
    }
    unsigned char *px = malloc((size_t)w * h * 4), *rgb = malloc((size_t)w * h * 3);
    bool ok = false;
    if (px && rgb && gfx_texture_read_rgba8(tex, w, h, px)) {
        for (size_t i = 0; i < (size_t)w * h; i++) {
            const float f[4] = {px[4 * i] / 255.0f, px[4 * i + 1] / 255.0f, px[4 * i + 2] / 255.0f, px[4 * i + 3] / 255.0f};
            decode(f, rgb + 3 * i, user);
        }
        ok = gfx_write_png(path, w, h, 3, rgb, true);
    } else if (!px || !rgb) {
        log_error("%s: out of memory for the decoded dump", path);
    }
    free(px);
    free(rgb);
    return ok;
}
