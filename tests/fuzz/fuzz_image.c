/* libFuzzer target: the PNG loader (base/image.c) that every texture of the program goes
 * through. A decode either fails with a reason or yields pixels inside the limits; every pixel is
 * read so the sanitizers see any short buffer. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/image.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* small limits keep each run fast; the checks are the same at any size */
    const image_limits lim = {.max_width = 512, .max_height = 512};
    image img;
    char err[256];
    if (image_decode_png(data, size, "fuzz.png", &lim, size & 1, &img, err, sizeof err)) {
        if (img.width < 1 || img.width > 512 || img.height < 1 || img.height > 512) abort();
        if (img.channels < 1 || img.channels > 4 || !img.pixels) abort();
        unsigned sum = 0;
        for (size_t i = 0; i < (size_t)img.width * img.height * 4; i++) sum += img.pixels[i];
        if (sum == 0xffffffffu) abort(); /* keeps the loop from being optimized away */
        image_free(&img);
    } else {
        if (img.pixels || img.width || !err[0]) abort();
    }
    return 0;
}
