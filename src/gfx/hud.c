#include "gfx/hud.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wsign-compare"
#include <stb_easy_font.h>
#define STB_TRUETYPE_IMPLEMENTATION
#define STBTT_STATIC
#include <stb_truetype.h>
#pragma GCC diagnostic pop

#include "base/log.h"
#include "gfx/gl.h"
#include "gfx/shader.h"
#include "gfx/state.h"

/* One HUD vertex: pixel position, atlas uv (u < 0: a flat rectangle), RGBA8 colour. */
typedef struct hud__vert { float x, y, u, v; unsigned char rgba[4]; } hud__vert;

enum { HUD_ATLAS_W = 1024, HUD_ATLAS_H = 1024, HUD_FIRST = 32, HUD_GLYPHS = 95 };
/* stb_easy_font: 7 pixel glyphs on a 12 pixel line at scale 1 */
#define HUD_EASY_LINE 12.0f

static struct {
    GLuint prog, vao, vbo, atlas;
    GLint u_screen, u_font;
    int w, h, nquads, dropped;
    float px;        /* this frame's rule: pixel height of scale-1 text */
    unsigned char *ttf;  /* the font file, kept for baking again */
    stbtt_fontinfo info;
    stbtt_bakedchar glyph[HUD_GLYPHS];
    float baked_px, ascent, line; /* at baked_px: baseline below the top, line advance */
    hud__vert verts[GFX_HUD_MAX_QUADS * 6];
    char scratch[512 * 1024]; /* stb_easy_font output: 4 verts x 16 bytes per quad */
} hud;

float gfx_hud_text_px(int fb_height) { return fmaxf(11.0f, roundf((float)fb_height / 40.0f)); }

static unsigned char *hud__read(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    unsigned char *data = NULL;
    long n = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (n > 0 && n < (64L << 20) && fseek(f, 0, SEEK_SET) == 0 && (data = malloc((size_t)n)) &&
        fread(data, 1, (size_t)n, f) != (size_t)n) {
        free(data);
        data = NULL;
    }
    fclose(f);
    return data;
}

/* Rasterize the printable ASCII glyphs at px pixels into the atlas. */
static bool hud__bake(float px)
{
    unsigned char *pixels = calloc(HUD_ATLAS_W, HUD_ATLAS_H);
    if (!pixels) return false;
    int rows = stbtt_BakeFontBitmap(hud.ttf, 0, px, pixels, HUD_ATLAS_W, HUD_ATLAS_H, HUD_FIRST, HUD_GLYPHS, hud.glyph);
    if (rows <= 0) {
        free(pixels);
        log_error("hud: %.0f px glyphs do not fit the %dx%d atlas", px, HUD_ATLAS_W, HUD_ATLAS_H);
        return false;
    }
    int asc, desc, gap;
    stbtt_GetFontVMetrics(&hud.info, &asc, &desc, &gap);
    float s = stbtt_ScaleForPixelHeight(&hud.info, px);
    hud.ascent = roundf((float)asc * s);
    hud.line = ceilf((float)(asc - desc + gap) * s);
    if (!hud.atlas) glGenTextures(1, &hud.atlas);
    glBindTexture(GL_TEXTURE_2D, hud.atlas);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, HUD_ATLAS_W, HUD_ATLAS_H, 0, GL_RED, GL_UNSIGNED_BYTE, pixels);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glBindTexture(GL_TEXTURE_2D, 0);
    gfx_label(GL_TEXTURE, hud.atlas, "hud.font");
    free(pixels);
    hud.baked_px = px;
    return true;
}

bool gfx_hud_init(void) { return gfx_hud_init_font(GFX_HUD_FONT_PATH); }

bool gfx_hud_init_font(const char *font_path)
{
    hud.prog = gfx_program_load("gfx_hud.vert", "gfx_hud.frag", NULL);
    if (!hud.prog) return false;
    hud.u_screen = gfx_uniform(hud.prog, "u_screen");
    hud.u_font = gfx_uniform(hud.prog, "u_font");
    glGenVertexArrays(1, &hud.vao);
    glGenBuffers(1, &hud.vbo);
    glBindVertexArray(hud.vao);
    glBindBuffer(GL_ARRAY_BUFFER, hud.vbo);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, sizeof(hud__vert), (void *)0);
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(hud__vert), (void *)16);
    glBindVertexArray(0);
    gfx_label(GL_VERTEX_ARRAY, hud.vao, "hud");
    hud.ttf = hud__read(font_path);
    if (hud.ttf && (!stbtt_InitFont(&hud.info, hud.ttf, stbtt_GetFontOffsetForIndex(hud.ttf, 0)) || !hud__bake(gfx_hud_text_px(720)))) {
        free(hud.ttf);
        hud.ttf = NULL;
    }
    if (!hud.ttf) log_warn("hud: no usable font at %s (install fonts-dejavu-core); using stb_easy_font", font_path);
    hud.px = gfx_hud_text_px(720);
    return true;
}

void gfx_hud_shutdown(void)
{
    if (hud.prog) glDeleteProgram(hud.prog);
    if (hud.vbo) glDeleteBuffers(1, &hud.vbo);
    if (hud.vao) glDeleteVertexArrays(1, &hud.vao);
    if (hud.atlas) glDeleteTextures(1, &hud.atlas);
    free(hud.ttf);
    hud.ttf = NULL;
    hud.prog = hud.vbo = hud.vao = hud.atlas = 0;
    hud.baked_px = 0.0f;
}

bool gfx_hud_has_font(void) { return hud.ttf != NULL; }

unsigned gfx_hud_atlas(int *width, int *height, float *baked_px)
{
    *width = hud.atlas ? HUD_ATLAS_W : 0;
    *height = hud.atlas ? HUD_ATLAS_H : 0;
    *baked_px = hud.baked_px;
    return hud.atlas;
}

void gfx_hud_begin(int w, int h)
{
    hud.w = w;
    hud.h = h;
    hud.nquads = 0;
    hud.px = gfx_hud_text_px(h);
    /* a window resized to another rule: glyphs rasterized at the size they are drawn stay sharp */
    if (hud.ttf && hud.px != hud.baked_px && !hud__bake(hud.px)) {
        free(hud.ttf);
        hud.ttf = NULL;
    }
}

static void hud__quad(const float x[4], const float y[4], const float u[4], const float v[4], const unsigned char c[4])
{
    if (hud.nquads == GFX_HUD_MAX_QUADS) {
        hud.dropped++;
        return;
    }
    static const int order[6] = {0, 1, 2, 0, 2, 3};
    hud__vert *vt = &hud.verts[hud.nquads++ * 6];
    for (int i = 0; i < 6; i++) {
        vt[i] = (hud__vert){x[order[i]], y[order[i]], u[order[i]], v[order[i]], {0}};
        memcpy(vt[i].rgba, c, 4);
    }
}

static void hud__color(const float rgba[4], unsigned char c[4])
{
    for (int i = 0; i < 4; i++) {
        float f = rgba[i] < 0 ? 0 : rgba[i] > 1 ? 1 : rgba[i];
        c[i] = (unsigned char)(f * 255.0f + 0.5f);
    }
}

static const float hud__flat[4] = {-1, -1, -1, -1};

void gfx_hud_rect(float x, float y, float w, float h, const float rgba[4])
{
    unsigned char c[4];
    hud__color(rgba, c);
    hud__quad((float[4]){x, x + w, x + w, x}, (float[4]){y, y, y + h, y + h}, hud__flat, hud__flat, c);
}

float gfx_hud_line_height(float scale)
{
    return hud.ttf ? hud.line * (hud.px / hud.baked_px) * scale : hud.px * 1.2f * scale;
}

/* stb_easy_font units -> pixels, so its 12-unit line matches the rule's line */
static float hud__easy_scale(float scale) { return gfx_hud_line_height(scale) / HUD_EASY_LINE; }

void gfx_hud_measure(const char *text, float scale, float *w, float *h)
{
    if (!hud.ttf) {
        *w = (float)stb_easy_font_width((char *)text) * hud__easy_scale(scale);
        *h = (float)stb_easy_font_height((char *)text) * hud__easy_scale(scale);
        return;
    }
    float s = hud.px / hud.baked_px * scale, x = 0.0f, widest = 0.0f;
    int lines = 1;
    for (const char *p = text; *p; p++) {
        if (*p == '\n') {
            lines++;
            x = 0.0f;
            continue;
        }
        int g = (unsigned char)*p - HUD_FIRST;
        if (g >= 0 && g < HUD_GLYPHS) x += hud.glyph[g].xadvance * s;
        widest = fmaxf(widest, x);
    }
    *w = widest;
    *h = (float)(lines - 1) * gfx_hud_line_height(scale) + hud.px * scale;
}

/* Queue the glyphs of text with their top-left corner at (x, y). */
static void hud__glyphs(float x, float y, float scale, const unsigned char c[4], const char *text)
{
    float s = hud.px / hud.baked_px * scale, line = gfx_hud_line_height(scale);
    float pen = 0.0f, base = hud.ascent; /* in baked pixels from (x, y) */
    for (const char *p = text; *p; p++) {
        if (*p == '\n') {
            pen = 0.0f;
            base += line / s;
            continue;
        }
        int g = (unsigned char)*p - HUD_FIRST;
        if (g < 0 || g >= HUD_GLYPHS) continue;
        stbtt_aligned_quad q;
        stbtt_GetBakedQuad(hud.glyph, HUD_ATLAS_W, HUD_ATLAS_H, g, &pen, &base, &q, 1);
        /* whole pixels at scale 1, so the rasterized coverage lands on the pixel grid */
        float ox = s == 1.0f ? roundf(x) : x, oy = s == 1.0f ? roundf(y) : y;
        float x0 = ox + q.x0 * s, x1 = ox + q.x1 * s, y0 = oy + q.y0 * s, y1 = oy + q.y1 * s;
        hud__quad((float[4]){x0, x1, x1, x0}, (float[4]){y0, y0, y1, y1}, (float[4]){q.s0, q.s1, q.s1, q.s0},
                  (float[4]){q.t0, q.t0, q.t1, q.t1}, c);
    }
}

float gfx_hud_text(float x, float y, float scale, const float rgba[4], const char *fmt, ...)
{
    char text[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    unsigned char c[4];
    hud__color(rgba, c);
    /* a line that would run off the right edge (a narrow framebuffer) is drawn smaller to fit,
     * down to half the size; past that it is clipped */
    float tw0, th0;
    gfx_hud_measure(text, scale, &tw0, &th0);
    if (hud.w > 0 && tw0 > 0.0f && x + tw0 > (float)hud.w - 2.0f) scale *= fmaxf(((float)hud.w - 2.0f - x) / tw0, 0.5f);
    if (hud.ttf) {
        float off = fmaxf(1.0f, roundf(hud.px * scale / 14.0f)), tw, th;
        const unsigned char shade[4] = {0, 0, 0, (unsigned char)(c[3] * 0.7f)};
        hud__glyphs(x + off, y + off, scale, shade, text);
        hud__glyphs(x, y, scale, c, text);
        gfx_hud_measure(text, scale, &tw, &th);
        return tw;
    }
    float es = hud__easy_scale(scale);
    int nq = stb_easy_font_print(0, 0, text, NULL, hud.scratch, sizeof hud.scratch);
    const float *q = (const float *)hud.scratch;
    for (int i = 0; i < nq; i++, q += 16) {
        /* each vertex: x, y, z, colour (4 floats' worth of bytes) */
        float xs[4], ys[4];
        for (int k = 0; k < 4; k++) {
            xs[k] = x + q[k * 4 + 0] * es;
            ys[k] = y + q[k * 4 + 1] * es;
        }
        hud__quad(xs, ys, hud__flat, hud__flat, c);
    }
    return (float)stb_easy_font_width(text) * es;
}

void gfx_hud_end(void)
{
    if (!hud.nquads || !hud.prog) return;
    gfx_state_set(GFX_BLEND_ALPHA);
    glUseProgram(hud.prog);
    glUniform2f(hud.u_screen, (float)hud.w, (float)hud.h);
    glUniform1i(hud.u_font, 0);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, hud.atlas);
    glBindVertexArray(hud.vao);
    glBindBuffer(GL_ARRAY_BUFFER, hud.vbo);
    GLsizeiptr bytes = (GLsizeiptr)((size_t)hud.nquads * 6 * sizeof(hud__vert));
    glBufferData(GL_ARRAY_BUFFER, bytes, NULL, GL_STREAM_DRAW); /* orphan, then fill */
    glBufferSubData(GL_ARRAY_BUFFER, 0, bytes, hud.verts);
    glDrawArrays(GL_TRIANGLES, 0, hud.nquads * 6);
    glBindVertexArray(0);
    glBindTexture(GL_TEXTURE_2D, 0);
    hud.nquads = 0;
}

int gfx_hud_dropped(void) { return hud.dropped; }

void gfx_hud_crosshair(float cx, float cy, float scale)
{
    float u = hud.px / 10.0f * scale, a = 7.0f * u, t = fmaxf(1.0f, roundf(u));
    const float ch[4] = {1, 1, 1, 0.85f};
    gfx_hud_rect(cx - a, cy - t * 0.5f, a * 0.6f, t, ch);
    gfx_hud_rect(cx + a * 0.4f, cy - t * 0.5f, a * 0.6f, t, ch);
    gfx_hud_rect(cx - t * 0.5f, cy - a, t, a * 0.6f, ch);
    gfx_hud_rect(cx - t * 0.5f, cy + a * 0.4f, t, a * 0.6f, ch);
}
