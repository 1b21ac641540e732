/* PNG loader: pixels round-trip through a real PNG, the rows flip, and every limit (size, exact
 * size, file bytes, format, truncation, a header that lies about its size) is an error with a
 * reason, never a crash or a huge allocation. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stb_image_write.h>

#include "base/image.h"

typedef struct png_buf {
    unsigned char *data;
    size_t len;
} png_buf;

static void png_append(void *ctx, void *data, int size)
{
    png_buf *b = ctx;
    b->data = realloc(b->data, b->len + (size_t)size);
    memcpy(b->data + b->len, data, (size_t)size);
    b->len += (size_t)size;
}

/* A w x h RGB PNG whose pixel (x, y) is (x, y, x + y). */
static png_buf make_png(int w, int h)
{
    unsigned char *px = malloc((size_t)w * h * 3);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            unsigned char *p = px + (y * w + x) * 3;
            p[0] = (unsigned char)x;
            p[1] = (unsigned char)y;
            p[2] = (unsigned char)(x + y);
        }
    png_buf b = {0};
    assert_true(stbi_write_png_to_func(png_append, &b, w, h, 3, px, w * 3));
    free(px);
    return b;
}

static void pixels_round_trip_as_rgba_and_flip(void **state)
{
    (void)state;
    png_buf b = make_png(5, 3);
    image img;
    char err[256];
    assert_true(image_decode_png(b.data, b.len, "t.png", NULL, false, &img, err, sizeof err));
    assert_int_equal(img.width, 5);
    assert_int_equal(img.height, 3);
    assert_int_equal(img.channels, 3);
    const unsigned char *p = img.pixels + (2 * 5 + 4) * 4; /* (4, 2) */
    assert_int_equal(p[0], 4);
    assert_int_equal(p[1], 2);
    assert_int_equal(p[2], 6);
    assert_int_equal(p[3], 255);
    image_free(&img);
    assert_null(img.pixels);

    assert_true(image_decode_png(b.data, b.len, "t.png", NULL, true, &img, err, sizeof err));
    assert_int_equal(img.pixels[1], 2); /* the file's last row comes first */
    assert_int_equal(img.pixels[(2 * 5) * 4 + 1], 0);
    image_free(&img);
    free(b.data);
}

static void limits_are_errors_with_reasons(void **state)
{
    (void)state;
    png_buf b = make_png(40, 10);
    image img;
    char err[256];
    assert_false(image_decode_png(b.data, b.len, "big.png", &(image_limits){.max_width = 32}, false, &img, err, sizeof err));
    assert_null(img.pixels);
    assert_non_null(strstr(err, "big.png: 40x10 pixels, the limit is 32x8192"));
    assert_false(image_decode_png(b.data, b.len, "big.png", &(image_limits){.need_width = 40, .need_height = 40}, false,
                                  &img, err, sizeof err));
    assert_non_null(strstr(err, "expected 40x40"));
    assert_false(image_decode_png(b.data, b.len, "big.png", &(image_limits){.max_bytes = b.len - 1}, false, &img, err,
                                  sizeof err));
    assert_non_null(strstr(err, "bytes"));
    assert_true(image_decode_png(b.data, b.len, "big.png", &(image_limits){.need_width = 40, .need_height = 10}, false,
                                 &img, err, sizeof err));
    image_free(&img);
    free(b.data);
}

static void broken_files_fail_cleanly(void **state)
{
    (void)state;
    png_buf b = make_png(16, 16);
    image img;
    char err[256];
    assert_false(image_decode_png("GIF89a....", 10, "x.gif", NULL, false, &img, err, sizeof err));
    assert_string_equal(err, "x.gif: not a PNG file");
    assert_false(image_decode_png(b.data, 0, "empty.png", NULL, false, &img, err, sizeof err));
    assert_false(image_decode_png(b.data, 40, "cut.png", NULL, false, &img, err, sizeof err));
    assert_null(img.pixels);
    assert_int_equal(img.width, 0);
    /* IHDR width (bytes 16..19) set to 100000: refused from the header, before any decoding */
    b.data[16] = 0x00, b.data[17] = 0x01, b.data[18] = 0x86, b.data[19] = 0xa0;
    assert_false(image_decode_png(b.data, b.len, "liar.png", NULL, false, &img, err, sizeof err));
    assert_non_null(strstr(err, "liar.png:"));
    assert_null(img.pixels);
    free(b.data);
    assert_false(image_load_png("/nonexistent/x.png", NULL, false, &img, err, sizeof err));
    assert_non_null(strstr(err, "/nonexistent/x.png: cannot open"));
}

/* Found by fuzz_image: a zero-length IDAT before the data made stb_image offset a NULL pointer
 * (UBSan stops the sanitizer build there). Such a file is legal and decodes to the same pixels. */
static void empty_idat_chunk_decodes_like_the_plain_file(void **state)
{
    (void)state;
    png_buf b = make_png(6, 4);
    const size_t ihdr_end = 8 + 12 + 13; /* signature, IHDR chunk */
    const unsigned char empty_idat[12] = {0, 0, 0, 0, 'I', 'D', 'A', 'T', 0x35, 0xaf, 0x06, 0x1e};
    unsigned char *odd = malloc(b.len + 2 * sizeof empty_idat);
    memcpy(odd, b.data, ihdr_end);
    memcpy(odd + ihdr_end, empty_idat, sizeof empty_idat);
    memcpy(odd + ihdr_end + sizeof empty_idat, b.data + ihdr_end, b.len - ihdr_end - 12);
    memcpy(odd + b.len + sizeof empty_idat - 12, empty_idat, sizeof empty_idat); /* one more before IEND */
    memcpy(odd + b.len + 2 * sizeof empty_idat - 12, b.data + b.len - 12, 12);
    image plain, img;
    char err[256];
    assert_true(image_decode_png(b.data, b.len, "plain.png", NULL, false, &plain, err, sizeof err));
    bool ok = image_decode_png(odd, b.len + 2 * sizeof empty_idat, "odd.png", NULL, false, &img, err, sizeof err);
    if (!ok) fprintf(stderr, "%s\n", err);
    assert_true(ok);
    assert_int_equal(img.width, 6);
    assert_int_equal(img.height, 4);
    assert_memory_equal(img.pixels, plain.pixels, 6 * 4 * 4);
    image_free(&img);
    image_free(&plain);
    free(odd);
    free(b.data);
}

/* Found by fuzz_image: an IDAT chunk claiming 1 GiB in a small file made stb_image allocate 2 GiB
 * before it noticed the data was missing. The chunk walk refuses it first. */
static void chunk_longer_than_the_file_is_refused(void **state)
{
    (void)state;
    png_buf b = make_png(8, 8);
    const size_t idat = 8 + 12 + 13;
    assert_memory_equal(b.data + idat + 4, "IDAT", 4);
    b.data[idat] = 0x3f, b.data[idat + 1] = 0xff, b.data[idat + 2] = 0xff, b.data[idat + 3] = 0xff;
    image img;
    char err[256];
    assert_false(image_decode_png(b.data, b.len, "huge_idat.png", NULL, false, &img, err, sizeof err));
    assert_string_equal(err, "huge_idat.png: truncated PNG: the chunk at byte 33 runs past the end of the file");
    assert_null(img.pixels);
    /* and a chunk header cut short at the end of the file (stb_image reads past it as zeros) */
    b.data[idat] = 0, b.data[idat + 1] = 0, b.data[idat + 2] = 0, b.data[idat + 3] = 0;
    memcpy(b.data + idat + 12, "\x7f\xff\xff\xffIDAT", 8);
    assert_false(image_decode_png(b.data, idat + 12 + 8, "cut_header.png", NULL, false, &img, err, sizeof err));
    assert_string_equal(err, "cut_header.png: truncated PNG: the chunk at byte 45 runs past the end of the file");
    free(b.data);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pixels_round_trip_as_rgba_and_flip),
        cmocka_unit_test(limits_are_errors_with_reasons),
        cmocka_unit_test(broken_files_fail_cleanly),
        cmocka_unit_test(empty_idat_chunk_decodes_like_the_plain_file),
        cmocka_unit_test(chunk_longer_than_the_file_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
