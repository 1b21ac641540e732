#include "base/image.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"

/* A private PNG-only stb_image: the less a decoder of untrusted files can parse, the less can go
 * wrong (the fuzz target tests/fuzz/fuzz_image.c runs exactly this code). Static, so it does not
 * clash with the full stb_image of libstb that tools and tests link. */
#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#define STBI_NO_STDIO
#define STBI_NO_LINEAR
#define STBI_NO_HDR
#define STBI_MAX_DIMENSIONS IMAGE_MAX_SIDE
#if defined(__GNUC__)
/* a static stb_image declares functions this file never calls; that check runs at the end of the file */
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wimplicit-fallthrough"
#endif
#include <stb_image.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

static bool image__fail(char *err, size_t errlen, const char *name, const char *fmt, ...) LOG_PRINTF(4, 5);

static bool image__fail(char *err, size_t errlen, const char *name, const char *fmt, ...)
{
    if (err && errlen) {
        int n = snprintf(err, errlen, "%s: ", name);
        if (n >= 0 && (size_t)n < errlen) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
            va_end(ap);
        }
    }
    return false;
}

static unsigned image__be32(const unsigned char *p)
{
    return (unsigned)p[0] << 24 | (unsigned)p[1] << 16 | (unsigned)p[2] << 8 | p[3];
}

/* Walks the chunks up to IEND before stb_image sees them, for two things it gets wrong:
 * - a chunk that claims more bytes than the file holds: stb_image grows its buffer to the claimed
 *   size first (up to 2 GiB for a 100-byte file) and notices the missing data after; refused here.
 * - zero-length IDAT chunks: legal and empty, but stb_image offsets its still-NULL buffer by zero
 *   for one (undefined behaviour; UBSan stops there); *clean gets a copy without them.
 * Returns false with the byte offset of the bad chunk in *bad_off. */
static bool image__check_chunks(const unsigned char *buf, size_t len, unsigned char **clean, size_t *clean_len,
                                size_t *bad_off)
{
    *clean = NULL;
    size_t off = 8, empty = 0;
    bool iend = false;
    while (!iend && off < len) {
        size_t n = len - off >= 12 ? image__be32(buf + off) : 0;
        if (len - off < 12 || n > len - off - 12) {
            *bad_off = off;
            return false;
        }
        if (n == 0 && !memcmp(buf + off + 4, "IDAT", 4)) empty++;
        iend = !memcmp(buf + off + 4, "IEND", 4);
        off += 12 + n;
    }
    if (!empty) return true;
    unsigned char *copy = malloc(len);
    if (!copy) return true; /* decode the original; the decoder's report stands */
    memcpy(copy, buf, 8);
    size_t end = off, dst = 8;
    for (off = 8; off < end;) {
        size_t n = image__be32(buf + off);
        if (!(n == 0 && !memcmp(buf + off + 4, "IDAT", 4))) {
            memcpy(copy + dst, buf + off, 12 + n);
            dst += 12 + n;
        }
        off += 12 + n;
    }
    memcpy(copy + dst, buf + end, len - end); /* whatever follows, as it was */
    *clean = copy;
    *clean_len = dst + (len - end);
    return true;
}

static image_limits image__resolve(const image_limits *lim)
{
    image_limits l = lim ? *lim : (image_limits){0};
    if (l.max_width <= 0 || l.max_width > IMAGE_MAX_SIDE) l.max_width = IMAGE_MAX_SIDE;
    if (l.max_height <= 0 || l.max_height > IMAGE_MAX_SIDE) l.max_height = IMAGE_MAX_SIDE;
    if (l.max_bytes == 0) l.max_bytes = IMAGE_MAX_FILE_BYTES;
    return l;
}

bool image_decode_png(const void *data, size_t len, const char *name, const image_limits *lim, bool flip_y,
                      image *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (err && errlen) err[0] = '\0';
    image_limits l = image__resolve(lim);
    if (!data || len == 0) return image__fail(err, errlen, name, "empty file");
    if (len > l.max_bytes || len > INT_MAX)
        return image__fail(err, errlen, name, "file is %zu bytes, more than the %zu allowed", len, l.max_bytes);
    const stbi_uc *buf = data;
    static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    if (len < sizeof sig || memcmp(buf, sig, sizeof sig)) return image__fail(err, errlen, name, "not a PNG file");
    int w = 0, h = 0, n = 0;
    if (!stbi_info_from_memory(buf, (int)len, &w, &h, &n))
        return image__fail(err, errlen, name, "bad PNG header: %s", stbi_failure_reason());
    if (w <= 0 || h <= 0 || w > l.max_width || h > l.max_height)
        return image__fail(err, errlen, name, "%dx%d pixels, the limit is %dx%d", w, h, l.max_width, l.max_height);
    if ((l.need_width && w != l.need_width) || (l.need_height && h != l.need_height))
        return image__fail(err, errlen, name, "%dx%d pixels, expected %dx%d", w, h,
                           l.need_width ? l.need_width : w, l.need_height ? l.need_height : h);
    if (n < 1 || n > 4) return image__fail(err, errlen, name, "%d channels, expected 1..4", n);
    size_t clean_len = 0, bad_off = 0;
    unsigned char *clean = NULL;
    if (!image__check_chunks(buf, len, &clean, &clean_len, &bad_off))
        return image__fail(err, errlen, name, "truncated PNG: the chunk at byte %zu runs past the end of the file", bad_off);
    if (clean) {
        buf = clean;
        len = clean_len;
    }
    /* the flip flag is global in stb_image; set it for this call only (loading is single-threaded) */
    stbi_set_flip_vertically_on_load(flip_y);
    int dw = 0, dh = 0, dn = 0;
    stbi_uc *px = stbi_load_from_memory(buf, (int)len, &dw, &dh, &dn, 4);
    stbi_set_flip_vertically_on_load(0);
    free(clean);
    if (!px) return image__fail(err, errlen, name, "cannot decode PNG: %s", stbi_failure_reason());
    if (dw != w || dh != h) {
        /* the header and the decoder must agree, or the size checks above checked nothing */
        stbi_image_free(px);
        return image__fail(err, errlen, name, "decoded %dx%d, header said %dx%d", dw, dh, w, h);
    }
    out->width = w;
    out->height = h;
    out->channels = dn;
    out->pixels = px;
    return true;
}

bool image_load_png(const char *path, const image_limits *lim, bool flip_y, image *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    image_limits l = image__resolve(lim);
    FILE *f = fopen(path, "rb");
    if (!f) return image__fail(err, errlen, path, "cannot open: %s", strerror(errno));
    unsigned char *data = NULL;
    size_t len = 0, cap = 0;
    bool ok = false;
    for (;;) {
        if (len == cap) {
            if (cap > l.max_bytes) {
                image__fail(err, errlen, path, "file is larger than the %zu bytes allowed", l.max_bytes);
                goto done;
            }
            size_t ncap = cap ? cap * 2 : 65536;
            unsigned char *grown = realloc(data, ncap);
            if (!grown) {
                image__fail(err, errlen, path, "out of memory");
                goto done;
            }
            data = grown;
            cap = ncap;
        }
        size_t got = fread(data + len, 1, cap - len, f);
        len += got;
        if (got == 0) break;
    }
    if (ferror(f)) {
        image__fail(err, errlen, path, "read error");
        goto done;
    }
    ok = image_decode_png(data, len, path, &l, flip_y, out, err, errlen);
done:
    fclose(f);
    free(data);
    return ok;
}

void image_free(image *img)
{
    if (!img) return;
    stbi_image_free(img->pixels);
    memset(img, 0, sizeof *img);
}
