/* docs_figures — the annotated teaching figures of the docs, written as PNG (tools/docs_pictures.sh
 * runs it; every figure is made from the project's own code and pictures, nothing is drawn by hand).
 *
 *   docs_figures dissolve-weights OUT.png
 *       the dissolve's glow, push and pull weights (and the pull's lerp factor w²) against
 *       d = t - threshold, at the default edge width and band, from the CPU mirror
 *       (dissolve/core/dissolve_math.h: the same formulas as shaders/dissolve.glsl)
 *   docs_figures damage-atlas OUT.png [MAP.png]
 *       the robot's armor atlas (damage/core/robot.h): every chart filled in its plate's colour,
 *       outlined, outer charts labelled with the plate name; MAP.png (a `dump damage`) drawn over it
 *   docs_figures zoom OUT.png SCALE X Y W H LABEL IN.png [LABEL IN.png ...]
 *       the same rectangle of every IN.png, enlarged SCALE times (nearest texel, so pixels stay
 *       visible), side by side, each with its LABEL
 *   docs_figures zoom-diff OUT.png SCALE W H LABEL_A A.png LABEL_B B.png
 *       the same, for the W x H rectangle where A and B differ most (below the HUD's top 48 rows):
 *       where a pitfall changes the picture, found anew whenever the pictures are remade
 *   docs_figures diffmap OUT.png SCALE K X Y W H LABEL_A A.png LABEL_B B.png
 *       the rectangle X Y W H of A and of B, enlarged SCALE times, and beside them |A - B| x K
 *       (the largest of the three channels, grey on black): where an effect too small to see at
 *       page size changes the picture; X and Y `auto`: the W x H window where the summed
 *       difference is largest
 *
 * Pictures are read as PNG, or as JPEG when the name ends in .jpg (the pages' scene shots).
 * Exit status 0, or 2 with a one-line message on stderr (bad arguments, unreadable picture). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stb_easy_font.h>
#include <stb_image.h>
#include <stb_image_write.h>

#include "base/image.h"
#include "damage/core/robot.h"
#include "dissolve/core/dissolve_math.h"

typedef struct canvas {
    int w, h;
    unsigned char *px; /* RGBA8, top row first */
} canvas;

static canvas canvas_make(int w, int h, const unsigned char bg[3])
{
    canvas c = {w, h, malloc((size_t)w * h * 4)};
    if (!c.px) { fprintf(stderr, "docs_figures: out of memory\n"); exit(2); }
    for (int i = 0; i < w * h; i++) {
        memcpy(c.px + i * 4, bg, 3);
        c.px[i * 4 + 3] = 255;
    }
    return c;
}

static void put(canvas *c, int x, int y, const unsigned char rgb[3])
{
    if (x < 0 || y < 0 || x >= c->w || y >= c->h) return;
    memcpy(c->px + ((size_t)y * c->w + x) * 4, rgb, 3);
}

static void rect(canvas *c, int x0, int y0, int x1, int y1, const unsigned char rgb[3])
{
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) put(c, x, y, rgb);
}

static void outline(canvas *c, int x0, int y0, int x1, int y1, const unsigned char rgb[3])
{
    rect(c, x0, y0, x1, y0 + 1, rgb);
    rect(c, x0, y1 - 1, x1, y1, rgb);
    rect(c, x0, y0, x0 + 1, y1, rgb);
    rect(c, x1 - 1, y0, x1, y1, rgb);
}

/* A thick line by stamping squares along it. */
static void line(canvas *c, float x0, float y0, float x1, float y1, int thick, const unsigned char rgb[3])
{
    float len = fmaxf(fabsf(x1 - x0), fabsf(y1 - y0));
    int n = (int)len + 1;
    for (int i = 0; i <= n; i++) {
        float t = (float)i / (float)n;
        int x = (int)lroundf(x0 + (x1 - x0) * t), y = (int)lroundf(y0 + (y1 - y0) * t);
        rect(c, x - thick / 2, y - thick / 2, x - thick / 2 + thick, y - thick / 2 + thick, rgb);
    }
}

/* stb_easy_font's quads, filled, scale s (its glyphs are about 7 units tall). */
static void text(canvas *c, int x, int y, int s, const char *str, const unsigned char rgb[3])
{
    static char buf[64 * 1024];
    int q = stb_easy_font_print(0, 0, (char *)str, NULL, buf, sizeof buf);
    for (int i = 0; i < q; i++) {
        const float *v = (const float *)(buf + i * 64); /* 4 vertices of x, y, z, colour */
        float ax = v[0], ay = v[1], bx = v[8], by = v[9];
        rect(c, x + (int)(ax * s), y + (int)(ay * s), x + (int)(bx * s), y + (int)(by * s), rgb);
    }
}

static int text_width(const char *str, int s) { return stb_easy_font_width((char *)str) * s; }

static int save(const canvas *c, const char *path)
{
    if (!stbi_write_png(path, c->w, c->h, 4, c->px, c->w * 4)) {
        fprintf(stderr, "docs_figures: %s: cannot write\n", path);
        return 2;
    }
    return 0;
}

/* A picture as RGBA8: PNG through the project's checked loader, a .jpg through stb_image; need_w
 * and need_h (0: any) demand a size. */
static bool load_picture(const char *path, int need_w, int need_h, image *out, char *err, size_t errlen)
{
    size_t n = strlen(path);
    if (n < 4 || strcmp(path + n - 4, ".jpg") != 0)
        return image_load_png(path, &(image_limits){.need_width = need_w, .need_height = need_h}, false, out, err, errlen);
    memset(out, 0, sizeof *out);
    int w, h, ch;
    unsigned char *px = stbi_load(path, &w, &h, &ch, 4);
    if (!px) {
        snprintf(err, errlen, "%s: cannot read the JPEG: %s", path, stbi_failure_reason());
        return false;
    }
    if ((need_w && w != need_w) || (need_h && h != need_h)) {
        snprintf(err, errlen, "%s: %dx%d pixels, expected %dx%d", path, w, h, need_w ? need_w : w, need_h ? need_h : h);
        stbi_image_free(px);
        return false;
    }
    out->width = w, out->height = h, out->channels = ch, out->pixels = px;
    return true;
}

static const unsigned char WHITE[3] = {255, 255, 255}, BLACK[3] = {20, 20, 24}, GREY[3] = {150, 150, 155},
                           LIGHT[3] = {225, 225, 228};

/* ---- dissolve-weights ---- */

static int fig_dissolve(const char *out)
{
    dissolve_params p = dissolve_params_defaults();
    const float e = p.edge_width, band = p.band, d0 = -0.3f, d1 = 0.35f;
    const int W = 900, H = 460, L = 70, R = 250, T = 40, B = 60;
    canvas c = canvas_make(W, H, WHITE);
    int pw = W - L - R, ph = H - T - B;
#define PX(d) (L + (int)lroundf(((d) - d0) / (d1 - d0) * (float)pw))
#define PY(v) (T + ph - (int)lroundf((v) * (float)ph))
    /* the burnt side (discarded), shaded */
    rect(&c, L, T, PX(0.0f), T + ph, (const unsigned char[3]){242, 228, 224});
    for (int k = -6; k <= 7; k++) { /* grid every 0.05 */
        float d = 0.05f * (float)k;
        if (d < d0 || d > d1) continue;
        line(&c, (float)PX(d), (float)T, (float)PX(d), (float)(T + ph), 1, LIGHT);
        if (k % 2 == 0) {
            char s[16];
            snprintf(s, sizeof s, "%.1f", d);
            text(&c, PX(d) - text_width(s, 2) / 2, T + ph + 10, 2, s, BLACK);
        }
    }
    for (int k = 0; k <= 4; k++) {
        float v = 0.25f * (float)k;
        char s[16];
        line(&c, (float)L, (float)PY(v), (float)(L + pw), (float)PY(v), 1, LIGHT);
        snprintf(s, sizeof s, "%.2f", v);
        text(&c, L - text_width(s, 2) - 8, PY(v) - 6, 2, s, BLACK);
    }
    outline(&c, L, T, L + pw, T + ph + 1, GREY);
    /* marks: the edge (d = 0), the glow width, the band either side */
    const float marks[] = {0.0f, e, band, -band};
    const char *mark_names[] = {"d = 0: the edge", "edge_width", "band", "-band"};
    for (int i = 0; i < 4; i++) {
        line(&c, (float)PX(marks[i]), (float)T, (float)PX(marks[i]), (float)(T + ph), i == 0 ? 2 : 1, GREY);
        text(&c, PX(marks[i]) + 4, T + ph / 2 + 14 * i, 1, mark_names[i], BLACK);
    }
    static const unsigned char GLOW[3] = {235, 120, 20}, PUSH[3] = {30, 110, 220}, PULL[3] = {40, 160, 60},
                               LERP[3] = {150, 60, 170};
    float prev[4] = {0};
    for (int x = 0; x <= pw; x++) {
        float d = d0 + (d1 - d0) * (float)x / (float)pw;
        float pull = dissolve_pull_weight(d, band);
        float v[4] = {d < 0.0f ? -1.0f : dissolve_glow(d, e), dissolve_push_weight(d, band), pull, pull * pull};
        const unsigned char *col[4] = {GLOW, PUSH, PULL, LERP};
        for (int k = 0; k < 4; k++) {
            if (x > 0 && v[k] >= 0.0f && prev[k] >= 0.0f)
                line(&c, (float)(L + x - 1), (float)PY(prev[k]), (float)(L + x), (float)PY(v[k]), k == 3 ? 2 : 3, col[k]);
            prev[k] = v[k];
        }
    }
    text(&c, L + pw / 2 - 140, H - 24, 2, "d = t - threshold", BLACK);
    text(&c, L + 6, T + ph - 36, 2, "burnt: discarded", (const unsigned char[3]){150, 60, 50});
    int lx = L + pw + 20, ly = T + 10;
    text(&c, lx, ly, 2, "defaults:", BLACK);
    char s[64];
    snprintf(s, sizeof s, "edge_width %.2f", e);
    text(&c, lx, ly + 20, 2, s, BLACK);
    snprintf(s, sizeof s, "band %.2f", band);
    text(&c, lx, ly + 40, 2, s, BLACK);
    const char *names[4] = {"glow (fragment)", "push w (vertex)", "pull w (vertex)", "pull lerp w^2"};
    const char *forms[4] = {"(1-sat(d/edge))^2", "ss(1-sat(|d|/band))", "ss(1-sat(d/band))", "w * w"};
    const unsigned char *col[4] = {GLOW, PUSH, PULL, LERP};
    for (int k = 0; k < 4; k++) {
        int y = ly + 80 + 50 * k;
        rect(&c, lx, y + 4, lx + 24, y + 10, col[k]);
        text(&c, lx + 32, y, 2, names[k], BLACK);
        text(&c, lx + 32, y + 20, 1, forms[k], GREY);
    }
    text(&c, lx, ly + 290, 1, "ss(x) = x*x*(3-2x): smoothstep(0,1,x)", GREY);
    text(&c, lx, ly + 304, 1, "sat(x) = clamp(x, 0, 1)", GREY);
#undef PX
#undef PY
    int rc = save(&c, out);
    free(c.px);
    return rc;
}

/* ---- damage-atlas ---- */

static void plate_colour(int plate, unsigned char out[3])
{
    /* a hue per plate, well apart */
    float h = fmodf((float)plate * 0.618034f, 1.0f) * 6.0f;
    float x = 1.0f - fabsf(fmodf(h, 2.0f) - 1.0f);
    float r = 0, g = 0, b = 0;
    switch ((int)h) {
    case 0: r = 1, g = x; break;
    case 1: r = x, g = 1; break;
    case 2: g = 1, b = x; break;
    case 3: g = x, b = 1; break;
    case 4: r = x, b = 1; break;
    default: r = 1, b = x; break;
    }
    out[0] = (unsigned char)(70 + 130 * r);
    out[1] = (unsigned char)(70 + 130 * g);
    out[2] = (unsigned char)(70 + 130 * b);
}

static int fig_atlas(const char *out, const char *map_path)
{
    robot *r = robot_create(&(robot_desc){0});
    if (!r) { fprintf(stderr, "docs_figures: robot_create failed\n"); return 2; }
    int n = r->atlas_size;
    int16_t *grid = malloc(sizeof *grid * (size_t)n * n);
    if (!grid) { robot_destroy(r); return 2; }
    robot_atlas_grid(r, grid);
    image map = {0};
    if (map_path) {
        char err[256];
        image_limits lim = {.need_width = n, .need_height = n};
        if (!image_load_png(map_path, &lim, false, &map, err, sizeof err)) {
            fprintf(stderr, "docs_figures: %s\n", err);
            free(grid);
            robot_destroy(r);
            return 2;
        }
    }
    canvas c = canvas_make(n, n + 52, (const unsigned char[3]){28, 28, 32}); /* a legend strip below */
    /* the atlas is addressed with uv (0,0) at the bottom: texel row y is picture row n-1-y */
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int ch = grid[y * n + x];
            if (ch < 0) continue;
            unsigned char col[3];
            plate_colour(r->charts[ch].plate, col);
            float k = r->charts[ch].kind == ROBOT_CHART_OUTER ? 1.0f : r->charts[ch].kind == ROBOT_CHART_INNER ? 0.6f : 0.4f;
            for (int i = 0; i < 3; i++) col[i] = (unsigned char)(col[i] * k);
            if (map.pixels) { /* the dump's rows are top-down as written: row 0 is v = 1 */
                const unsigned char *m = map.pixels + ((size_t)(n - 1 - y) * n + x) * 4;
                float a = m[0] / 255.0f; /* the hole channel R, in white */
                float ring = m[2] / 255.0f;
                for (int i = 0; i < 3; i++) {
                    float v = col[i] * (1.0f - 0.5f * ring) + 60.0f * ring;
                    col[i] = (unsigned char)fminf(255.0f, v * (1.0f - a) + 255.0f * a);
                }
            }
            put(&c, x, n - 1 - y, col);
        }
    for (int i = 0; i < r->chart_count; i++) {
        const robot_chart *ch = &r->charts[i];
        int x0 = ch->x0, y1 = n - ch->y0, x1 = ch->x0 + (int)ceilf(ch->w), y0 = n - (ch->y0 + (int)ceilf(ch->h));
        outline(&c, x0 - 1, y0 - 1, x1 + 1, y1 + 1, LIGHT);
        if (ch->kind != ROBOT_CHART_OUTER) continue;
        const char *name = robot_plate_name(ch->plate);
        int s = (ch->w > 90 && ch->h > 30) ? 2 : 1;
        int tw = text_width(name, s);
        int tx = x0 + ((x1 - x0) - tw) / 2, ty = y0 + ((y1 - y0) - 7 * s) / 2;
        rect(&c, tx - 3, ty - 3, tx + tw + 3, ty + 8 * s + 2, BLACK);
        text(&c, tx, ty, s, name, WHITE);
    }
    rect(&c, 0, n, n, n + 52, WHITE);
    text(&c, 8, n + 6, 2, "1024 x 1024 texels; bright: outer face, mid: inner face, dark: rims; named: outer faces", BLACK);
    text(&c, 8, n + 28, 2, map_path ? "white: R (the hole) of a dump damage drawn over it; grey ring: B (1.2 r)" : "4 empty texels around every chart", BLACK);
    int rc = save(&c, out);
    free(c.px);
    free(grid);
    image_free(&map);
    robot_destroy(r);
    return rc;
}

/* ---- zoom ---- */

static int fig_zoom(const char *out, int scale, int x, int y, int w, int h, int pairs, char **argv)
{
    if (scale < 1 || scale > 16 || w < 1 || h < 1 || w > 2048 || h > 2048 || pairs < 1 || pairs > 8) {
        fprintf(stderr, "docs_figures: zoom: SCALE 1..16, W and H 1..2048, 1..8 pictures\n");
        return 2;
    }
    const int gap = 8, label = 26;
    canvas c = canvas_make(pairs * w * scale + (pairs - 1) * gap, h * scale + label, WHITE);
    for (int k = 0; k < pairs; k++) {
        image img;
        char err[256];
        if (!load_picture(argv[2 * k + 1], 0, 0, &img, err, sizeof err)) {
            fprintf(stderr, "docs_figures: %s\n", err);
            free(c.px);
            return 2;
        }
        if (x + w > img.width || y + h > img.height || x < 0 || y < 0) {
            fprintf(stderr, "docs_figures: %s: the rectangle %d %d %d %d leaves the %dx%d picture\n", argv[2 * k + 1], x, y,
                    w, h, img.width, img.height);
            image_free(&img);
            free(c.px);
            return 2;
        }
        int ox = k * (w * scale + gap);
        for (int j = 0; j < h * scale; j++)
            for (int i = 0; i < w * scale; i++)
                put(&c, ox + i, label + j, img.pixels + ((size_t)(y + j / scale) * img.width + (x + i / scale)) * 4);
        text(&c, ox + 4, 5, 2, argv[2 * k], BLACK);
        image_free(&img);
    }
    int rc = save(&c, out);
    free(c.px);
    return rc;
}

/* The W x H window (below row 48) holding the most pixels that differ by more than 24 levels. */
static int fig_zoom_diff(const char *out, int scale, int w, int h, char **argv)
{
    image a, b;
    char err[256];
    if (!load_picture(argv[1], 0, 0, &a, err, sizeof err)) {
        fprintf(stderr, "docs_figures: %s\n", err);
        return 2;
    }
    if (!load_picture(argv[3], a.width, a.height, &b, err, sizeof err)) {
        fprintf(stderr, "docs_figures: %s\n", err);
        image_free(&a);
        return 2;
    }
    const int top = 48;
    if (w < 1 || h < 1 || w > a.width || h > a.height - top) {
        fprintf(stderr, "docs_figures: zoom-diff: the window %dx%d does not fit the %dx%d pictures\n", w, h, a.width, a.height);
        image_free(&a);
        image_free(&b);
        return 2;
    }
    /* summed-area table of the difference mask */
    int W = a.width, H = a.height;
    long *sat = calloc((size_t)(W + 1) * (H + 1), sizeof *sat);
    if (!sat) {
        fprintf(stderr, "docs_figures: out of memory\n");
        image_free(&a);
        image_free(&b);
        return 2;
    }
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            const unsigned char *pa = a.pixels + ((size_t)y * W + x) * 4, *pb = b.pixels + ((size_t)y * W + x) * 4;
            int dm = 0;
            for (int k = 0; k < 3; k++) dm |= abs(pa[k] - pb[k]) > 24;
            if (y < top) dm = 0;
            sat[(size_t)(y + 1) * (W + 1) + x + 1] = dm + sat[(size_t)y * (W + 1) + x + 1] + sat[(size_t)(y + 1) * (W + 1) + x] -
                                                     sat[(size_t)y * (W + 1) + x];
        }
    long best = -1;
    int bx = 0, by = top;
    for (int y = top; y + h <= H; y += 2)
        for (int x = 0; x + w <= W; x += 2) {
            long n = sat[(size_t)(y + h) * (W + 1) + x + w] - sat[(size_t)y * (W + 1) + x + w] - sat[(size_t)(y + h) * (W + 1) + x] +
                     sat[(size_t)y * (W + 1) + x];
            if (n > best) best = n, bx = x, by = y;
        }
    free(sat);
    image_free(&a);
    image_free(&b);
    printf("docs_figures: %s: %ld differing pixels in %dx%d at (%d, %d)\n", out, best, w, h, bx, by);
    return fig_zoom(out, scale, bx, by, w, h, 2, argv);
}

/* A | B | |A - B| x K of one rectangle, each enlarged SCALE times. */
static int fig_diffmap(const char *out, int scale, int k, const char *xs, const char *ys, int w, int h, char **argv)
{
    image a, b;
    char err[256];
    if (scale < 1 || scale > 16 || k < 1 || k > 64 || w < 1 || h < 1 || w > 2048 || h > 2048) {
        fprintf(stderr, "docs_figures: diffmap: SCALE 1..16, K 1..64, W and H 1..2048\n");
        return 2;
    }
    if (!load_picture(argv[1], 0, 0, &a, err, sizeof err)) {
        fprintf(stderr, "docs_figures: %s\n", err);
        return 2;
    }
    if (!load_picture(argv[3], a.width, a.height, &b, err, sizeof err)) {
        fprintf(stderr, "docs_figures: %s\n", err);
        image_free(&a);
        return 2;
    }
    int W = a.width, H = a.height, x = atoi(xs), y = atoi(ys);
    if (strcmp(xs, "auto") == 0 || strcmp(ys, "auto") == 0) {
        /* summed-area table of the difference, the best window on a 2-pixel grid */
        double *sat = w <= W && h <= H ? calloc((size_t)(W + 1) * (H + 1), sizeof *sat) : NULL;
        if (!sat) {
            fprintf(stderr, "docs_figures: diffmap: out of memory or a window larger than the picture\n");
            image_free(&a);
            image_free(&b);
            return 2;
        }
        for (int j = 0; j < H; j++)
            for (int i = 0; i < W; i++) {
                const unsigned char *pa = a.pixels + ((size_t)j * W + i) * 4, *pb = b.pixels + ((size_t)j * W + i) * 4;
                int d = 0;
                for (int c = 0; c < 3; c++) d += abs(pa[c] - pb[c]);
                sat[(size_t)(j + 1) * (W + 1) + i + 1] =
                    d + sat[(size_t)j * (W + 1) + i + 1] + sat[(size_t)(j + 1) * (W + 1) + i] - sat[(size_t)j * (W + 1) + i];
            }
        double best = -1;
        for (int j = 0; j + h <= H; j += 2)
            for (int i = 0; i + w <= W; i += 2) {
                double n = sat[(size_t)(j + h) * (W + 1) + i + w] - sat[(size_t)j * (W + 1) + i + w] -
                           sat[(size_t)(j + h) * (W + 1) + i] + sat[(size_t)j * (W + 1) + i];
                if (n > best) best = n, x = i, y = j;
            }
        free(sat);
        printf("docs_figures: %s: the %dx%d window at (%d, %d)\n", out, w, h, x, y);
    }
    if (x < 0 || y < 0 || x + w > W || y + h > H) {
        fprintf(stderr, "docs_figures: diffmap: the rectangle %d %d %d %d leaves the %dx%d pictures\n", x, y, w, h, W, H);
        image_free(&a);
        image_free(&b);
        return 2;
    }
    const int gap = 8, label = 26, pw = w * scale;
    canvas c = canvas_make(3 * pw + 2 * gap, h * scale + label, WHITE);
    const image *src[2] = {&a, &b};
    for (int j = 0; j < h * scale; j++)
        for (int i = 0; i < pw; i++) {
            size_t o = ((size_t)(y + j / scale) * W + (x + i / scale)) * 4;
            int d = 0;
            for (int q = 0; q < 2; q++) put(&c, q * (pw + gap) + i, label + j, src[q]->pixels + o);
            for (int q = 0; q < 3; q++) d = abs(a.pixels[o + q] - b.pixels[o + q]) > d ? abs(a.pixels[o + q] - b.pixels[o + q]) : d;
            d *= k;
            unsigned char g = (unsigned char)(d > 255 ? 255 : d);
            put(&c, 2 * (pw + gap) + i, label + j, (const unsigned char[3]){g, g, g});
        }
    char diff_label[64];
    snprintf(diff_label, sizeof diff_label, "|difference| x %d", k);
    text(&c, 4, 5, 2, argv[0], BLACK);
    text(&c, pw + gap + 4, 5, 2, argv[2], BLACK);
    text(&c, 2 * (pw + gap) + 4, 5, 2, diff_label, BLACK);
    image_free(&a);
    image_free(&b);
    int rc = save(&c, out);
    free(c.px);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc == 10 && strcmp(argv[1], "zoom-diff") == 0)
        return fig_zoom_diff(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5]), argv + 6);
    if (argc == 13 && strcmp(argv[1], "diffmap") == 0)
        return fig_diffmap(argv[2], atoi(argv[3]), atoi(argv[4]), argv[5], argv[6], atoi(argv[7]), atoi(argv[8]), argv + 9);
    if (argc == 3 && strcmp(argv[1], "dissolve-weights") == 0) return fig_dissolve(argv[2]);
    if ((argc == 3 || argc == 4) && strcmp(argv[1], "damage-atlas") == 0) return fig_atlas(argv[2], argc == 4 ? argv[3] : NULL);
    if (argc >= 10 && strcmp(argv[1], "zoom") == 0 && (argc - 8) % 2 == 0)
        return fig_zoom(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5]), atoi(argv[6]), atoi(argv[7]), (argc - 8) / 2,
                        argv + 8);
    fprintf(stderr, "usage: docs_figures dissolve-weights OUT.png | damage-atlas OUT.png [MAP.png] | "
                    "zoom OUT.png SCALE X Y W H LABEL IN.png [LABEL IN.png ...] | "
                    "zoom-diff OUT.png SCALE W H LABEL_A A.png LABEL_B B.png | "
                    "diffmap OUT.png SCALE K X|auto Y|auto W H LABEL_A A.png LABEL_B B.png\n");
    return 2;
}
