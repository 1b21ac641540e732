/* web_stb.c — the stb implementations Debian's libstb provides to the native build (-lstb), compiled
 * into the WebGL2 build instead (cmake/web.cmake). */
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_PERLIN_IMPLEMENTATION
#define STB_RECT_PACK_IMPLEMENTATION
#include <stb_image_write.h>
#include <stb_perlin.h>
#include <stb_rect_pack.h>
