#include "gfx/hud.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wsign-compare"
#include <stb_easy_font.h>
#pragma GCC diagnostic pop

#include "gfx/gl.h"
#include "gfx/shader.h"
#include "gfx/state.h"

/* One HUD vertex: pixel position + RGBA8 colour. */
typedef struct hud__vert { float x, y; unsigned char rgba[4]; } hud__vert;

static struct {
    GLuint prog, vao, vbo;
    GLint u_screen;
    int w, h, nquads, dropped;
    hud__vert verts[GFX_HUD_MAX_QUADS * 6];
    char scratch[512 * 1024]; /* stb_easy_font output: 4 verts x 16 bytes per quad; a help page is ~3000 quads */
} hud;

bool gfx_hud_init(void)
{
    hud.prog = gfx_program_load("hud.vert", "hud.frag", NULL);
    if (!hud.prog) return false;
    hud.u_screen = gfx_uniform(hud.prog, "u_screen");
    glGenVertexArrays(1, &hud.vao);
    glGenBuffers(1, &hud.vbo);
    glBindVertexArray(hud.vao);
    glBindBuffer(GL_ARRAY_BUFFER, hud.vbo);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(hud__vert), (void *)0);
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(hud__vert), (void *)8);
    glBindVertexArray(0);
    gfx_label(GL_VERTEX_ARRAY, hud.vao, "hud");
    return true;
}

void gfx_hud_shutdown(void)
{
    if (hud.prog) glDeleteProgram(hud.prog);
    if (hud.vbo) glDeleteBuffers(1, &hud.vbo);
    if (hud.vao) glDeleteVertexArrays(1, &hud.vao);
    hud.prog = hud.vbo = hud.vao = 0;
}

void gfx_hud_begin(int w, int h)
{
    hud.w = w;
    hud.h = h;
    hud.nquads = 0;
}

static void hud__quad(const float x[4], const float y[4], const unsigned char c[4])
{
    if (hud.nquads == GFX_HUD_MAX_QUADS) {
        hud.dropped++;
        return;
    }
    static const int order[6] = {0, 1, 2, 0, 2, 3};
    hud__vert *v = &hud.verts[hud.nquads++ * 6];
    for (int i = 0; i < 6; i++) {
        v[i].x = x[order[i]];
        v[i].y = y[order[i]];
        memcpy(v[i].rgba, c, 4);
    }
}

static void hud__color(const float rgba[4], unsigned char c[4])
{
    for (int i = 0; i < 4; i++) {
        float f = rgba[i] < 0 ? 0 : rgba[i] > 1 ? 1 : rgba[i];
        c[i] = (unsigned char)(f * 255.0f + 0.5f);
    }
}

void gfx_hud_rect(float x, float y, float w, float h, const float rgba[4])
{
    unsigned char c[4];
    hud__color(rgba, c);
    hud__quad((float[4]){x, x + w, x + w, x}, (float[4]){y, y, y + h, y + h}, c);
}

void gfx_hud_measure(const char *text, float scale, float *w, float *h)
{
    *w = (float)stb_easy_font_width((char *)text) * scale;
    *h = (float)stb_easy_font_height((char *)text) * scale;
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
    int nq = stb_easy_font_print(0, 0, text, NULL, hud.scratch, sizeof hud.scratch);
    const float *q = (const float *)hud.scratch;
    for (int i = 0; i < nq; i++, q += 16) {
        /* each vertex: x, y, z, colour (4 floats' worth of bytes) */
        float xs[4], ys[4];
        for (int k = 0; k < 4; k++) {
            xs[k] = x + q[k * 4 + 0] * scale;
            ys[k] = y + q[k * 4 + 1] * scale;
        }
        hud__quad(xs, ys, c);
    }
    return (float)stb_easy_font_width(text) * scale;
}

void gfx_hud_end(void)
{
    if (!hud.nquads || !hud.prog) return;
    gfx_state_set(GFX_BLEND_ALPHA);
    glUseProgram(hud.prog);
    glUniform2f(hud.u_screen, (float)hud.w, (float)hud.h);
    glBindVertexArray(hud.vao);
    glBindBuffer(GL_ARRAY_BUFFER, hud.vbo);
    GLsizeiptr bytes = (GLsizeiptr)((size_t)hud.nquads * 6 * sizeof(hud__vert));
    glBufferData(GL_ARRAY_BUFFER, bytes, NULL, GL_STREAM_DRAW); /* orphan, then fill */
    glBufferSubData(GL_ARRAY_BUFFER, 0, bytes, hud.verts);
    glDrawArrays(GL_TRIANGLES, 0, hud.nquads * 6);
    glBindVertexArray(0);
    hud.nquads = 0;
}

int gfx_hud_dropped(void) { return hud.dropped; }

void gfx_hud_crosshair(float cx, float cy, float scale)
{
    float a = 7.0f * scale, t = 1.0f * scale;
    const float ch[4] = {1, 1, 1, 0.85f};
    gfx_hud_rect(cx - a, cy - t * 0.5f, a * 0.6f, t, ch);
    gfx_hud_rect(cx + a * 0.4f, cy - t * 0.5f, a * 0.6f, t, ch);
    gfx_hud_rect(cx - t * 0.5f, cy - a, t, a * 0.6f, ch);
    gfx_hud_rect(cx - t * 0.5f, cy + a * 0.4f, t, a * 0.6f, ch);
}
