/* image.h — PNG files into RGBA8 pixels, checked against limits (GL-free; stb_image, PNG only).
 *
 *   image_limits lim = { .max_width = 4096, .max_height = 4096 };   // zero fields: defaults
 *   image img;
 *   char err[256];
 *   if (!image_load_png("assets/atlas_fire.png", &lim, true, &img, err, sizeof err)) -> err says why
 *   ... img.width, img.height, img.channels (of the file), img.pixels (width*height*4 bytes) ...
 *   image_free(&img);
 *
 * Every image is returned as 4 channels. flip_y puts the file's last row first (GL's row order).
 * Defaults: max_width/max_height IMAGE_MAX_SIDE (8192), max_bytes IMAGE_MAX_FILE_BYTES (64 MiB of
 * file), channels 1..4 accepted. `need_width`/`need_height` (0 = any) demand an exact size.
 * Header checks (size, channel count) happen before any pixel is decoded, so a file that claims
 * 100000 x 100000 pixels costs nothing. Only PNG is decoded: other formats are errors.
 * Failure: returns false, *out zeroed, err holds "NAME: reason" (NAME = path or the given name).
 */
#ifndef IMPRINT_CORE_IMAGE_H
#define IMPRINT_CORE_IMAGE_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define IMAGE_MAX_SIDE 8192
#define IMAGE_MAX_FILE_BYTES (64u << 20)

typedef struct image_limits {
    int max_width, max_height;  /* default IMAGE_MAX_SIDE */
    int need_width, need_height; /* 0 = any */
    size_t max_bytes;           /* largest accepted file; default IMAGE_MAX_FILE_BYTES */
} image_limits;

typedef struct image {
    int width, height;
    int channels;          /* in the file (1..4); pixels always hold 4 */
    unsigned char *pixels; /* width * height * 4 bytes, rows top-down unless flip_y */
} image;

bool image_load_png(const char *path, const image_limits *lim, bool flip_y, image *out, char *err, size_t errlen);
/* Same from memory; name is used in messages. */
bool image_decode_png(const void *data, size_t len, const char *name, const image_limits *lim, bool flip_y,
                      image *out, char *err, size_t errlen);
void image_free(image *img);

#ifdef __cplusplus
}
#endif

#endif
