/* imgtool — small PNG checks for the app tests.
 *
 *   imgtool stats A.png              prints: width height mean_luma stddev_luma distinct_colors
 *   imgtool notblank A.png           exit 0 when the image has real content (stddev > 2, > 16 colours)
 *   imgtool diff A.png B.png         prints the fraction of pixels that differ by more than 8/255
 *   imgtool diff A.png B.png X Y W H the same fraction within a rectangle (below a HUD, say)
 *   imgtool same A.png B.png         exit 0 when every byte is equal
 *   imgtool region A.png X Y W H     prints mean R G B A of the rectangle
 *   imgtool changed A.png B.png X Y W H   prints how many pixels of the rectangle differ at all
 *   imgtool hot|sd|dark|whitish A.png X Y W H   in the rectangle: pixels glowing red-orange, the luma
 *                                    deviation, pixels with luma below 40, near-white pixels (each
 *                                    channel above 150, within 45 of each other: teeth, not skin)
 *   imgtool glow|clipped A.png X Y W H  pixels of hot metal (R >= 180 and R - B >= 80), pixels clipped
 *                                    to white (every channel >= 250); W H 0 0: the whole picture
 *   imgtool darker A.png B.png X Y W H  over the pixels of the rectangle that differ (by > 8/255):
 *                                    prints the mean luma in A, then in B, and how many
 *   imgtool steps A.png X Y W H      pixels whose luma steps by more than 24 to a neighbour (hard edges)
 *   imgtool edges A.png X Y W H      mean luma step between neighbouring pixels in the rectangle
 *                                    (fine detail: seams, joints, markings; a smooth shade scores low)
 *   imgtool mad A.png B.png X Y W H  mean absolute difference of R, G, B over the rectangle, 0..255
 *   imgtool covered M.png A.png B.png  pixels where A and B differ (by > 8/255), then how many of them
 *                                    lie where M's alpha is not 0 (a debug panel over its subject)
 *   imgtool over A.png B.png|black LEVEL X Y W H  the fraction of the rectangle's pixels where A and B
 *                                    differ by more than LEVEL/255 in some RGB channel (B black: where A
 *                                    is over LEVEL: a difference map); W or H 0: to the picture's edge
 *                                    (the docs' pixel claims, tests/support/docs_expect.py)
 *   imgtool compare REF.png ACT.png LEVEL MAXFRAC MAXMEAN [SIDE.png]
 *                                    the reference-image rule: ACT is within tolerance of REF when at
 *                                    most MAXFRAC of its pixels differ by more than LEVEL/255 in some
 *                                    RGB channel and the mean |difference| over RGB is at most
 *                                    MAXMEAN/255 (tests/golden: 5 0.001 0.5). Prints one line; exit 0
 *                                    within, 1 beyond (or sizes differ), 2 on a bad call. SIDE.png:
 *                                    actual | reference | difference x8 (red where over LEVEL)
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stb_image.h>
#include <stb_image_write.h>

static unsigned char *load(const char *p, int *w, int *h)
{
    int n;
    unsigned char *d = stbi_load(p, w, h, &n, 4);
    if (!d) {
        fprintf(stderr, "imgtool: cannot read %s: %s\n", p, stbi_failure_reason());
        exit(2);
    }
    return d;
}

static int cmp_u32(const void *a, const void *b)
{
    unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
    return (x > y) - (x < y);
}

/* How much of a rectangle changes visibly between two pictures (see the header). */
static int over(int argc, char **argv)
{
    if (argc != 9) {
        fprintf(stderr, "usage: imgtool over A.png B.png|black LEVEL X Y W H\n");
        return 2;
    }
    int w, h, w2 = 0, h2 = 0;
    unsigned char *a = load(argv[2], &w, &h), *b = NULL;
    const bool black = !strcmp(argv[3], "black");
    if (!black) {
        b = load(argv[3], &w2, &h2);
        if (w != w2 || h != h2) {
            fprintf(stderr, "imgtool: sizes differ: %dx%d vs %dx%d\n", w, h, w2, h2);
            return 2;
        }
    }
    const int level = atoi(argv[4]), x0 = atoi(argv[5]), y0 = atoi(argv[6]);
    int rw = atoi(argv[7]), rh = atoi(argv[8]);
    if (rw <= 0) rw = w - x0;
    if (rh <= 0) rh = h - y0;
    if (x0 < 0 || y0 < 0 || rw <= 0 || rh <= 0 || x0 + rw > w || y0 + rh > h) {
        fprintf(stderr, "imgtool: rectangle %d %d %d %d is not inside %dx%d\n", x0, y0, rw, rh, w, h);
        return 2;
    }
    size_t n = 0;
    for (int y = y0; y < y0 + rh; y++)
        for (int x = x0; x < x0 + rw; x++) {
            const size_t i = ((size_t)y * w + x) * 4;
            int d = 0;
            for (int k = 0; k < 3; k++) {
                const int e = abs(a[i + k] - (b ? b[i + k] : 0));
                if (e > d) d = e;
            }
            n += d > level;
        }
    printf("%.6f\n", (double)n / ((double)rw * rh));
    stbi_image_free(a);
    if (b) stbi_image_free(b);
    return 0;
}

/* The reference-image rule (see the header); the side-by-side picture shows where it fails. */
static int compare(int argc, char **argv)
{
    if (argc != 7 && argc != 8) {
        fprintf(stderr, "usage: imgtool compare REF.png ACT.png LEVEL MAXFRAC MAXMEAN [SIDE.png]\n");
        return 2;
    }
    const int level = atoi(argv[4]);
    const double maxfrac = atof(argv[5]), maxmean = atof(argv[6]);
    int w, h, w2, h2;
    unsigned char *r = load(argv[2], &w, &h), *a = load(argv[3], &w2, &h2);
    if (w != w2 || h != h2) {
        printf("sizes differ: reference %dx%d, actual %dx%d\n", w, h, w2, h2);
        stbi_image_free(r);
        stbi_image_free(a);
        return 1;
    }
    const size_t n = (size_t)w * h;
    size_t over = 0;
    double sum = 0;
    unsigned char *side = argc == 8 ? calloc(n * 3 * 3, 1) : NULL;
    for (size_t i = 0; i < n; i++) {
        int d = 0;
        for (int k = 0; k < 3; k++) {
            const int e = abs(a[i * 4 + k] - r[i * 4 + k]);
            sum += e;
            if (e > d) d = e;
        }
        over += d > level;
        if (side) {
            const size_t x = i % (size_t)w, y = i / (size_t)w, row = (size_t)w * 3;
            unsigned char *pa = side + (y * row + x) * 3, *pr = pa + (size_t)w * 3, *pd = pr + (size_t)w * 3;
            for (int k = 0; k < 3; k++) {
                pa[k] = a[i * 4 + k];
                pr[k] = r[i * 4 + k];
                const int e = abs(a[i * 4 + k] - r[i * 4 + k]) * 8;
                pd[k] = (unsigned char)(e > 255 ? 255 : e);
            }
            if (d > level) pd[0] = 255;
        }
    }
    const double frac = (double)over / (double)n, mean = sum / (double)(n * 3);
    const bool ok = frac <= maxfrac && mean <= maxmean;
    printf("%s: %.4f %% of pixels off by > %d/255 (allowed %.4f %%), mean %.3f/255 (allowed %.3f)\n",
           ok ? "within" : "BEYOND", frac * 100.0, level, maxfrac * 100.0, mean, maxmean);
    if (side && !stbi_write_png(argv[7], w * 3, h, 3, side, w * 3 * 3)) {
        fprintf(stderr, "imgtool: cannot write %s\n", argv[7]);
    }
    free(side);
    stbi_image_free(r);
    stbi_image_free(a);
    return ok ? 0 : 1;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: imgtool stats|notblank|diff|same|region|hot|sd|dark|whitish|glow|clipped|darker|changed|steps|edges|mad|covered A.png [B.png] [X Y W H]\n");
        return 2;
    }
    if (!strcmp(argv[1], "compare")) return compare(argc, argv);
    if (!strcmp(argv[1], "over")) return over(argc, argv);
    int w, h;
    unsigned char *a = load(argv[2], &w, &h);
    size_t n = (size_t)w * h;
    if (!strcmp(argv[1], "stats") || !strcmp(argv[1], "notblank")) {
        double s = 0, s2 = 0;
        unsigned *cols = malloc(n * sizeof *cols);
        for (size_t i = 0; i < n; i++) {
            double l = 0.2126 * a[i * 4] + 0.7152 * a[i * 4 + 1] + 0.0722 * a[i * 4 + 2];
            s += l; s2 += l * l;
            cols[i] = (unsigned)a[i * 4] << 16 | (unsigned)a[i * 4 + 1] << 8 | a[i * 4 + 2];
        }
        qsort(cols, n, sizeof *cols, cmp_u32);
        size_t distinct = n ? 1 : 0;
        for (size_t i = 1; i < n; i++) distinct += cols[i] != cols[i - 1];
        double mean = s / n, sd = sqrt(fmax(0, s2 / n - mean * mean));
        free(cols);
        stbi_image_free(a);
        if (!strcmp(argv[1], "stats")) {
            printf("%d %d %.2f %.2f %zu\n", w, h, mean, sd, distinct);
            return 0;
        }
        if (sd > 2.0 && distinct > 16) return 0;
        fprintf(stderr, "imgtool: %s looks blank (stddev %.2f, %zu colours)\n", argv[2], sd, distinct);
        return 1;
    }
    /* steps: pixels of a region whose luma steps by more than 24 (of 255) to the right or lower
     * neighbour: a hard shadow edge counts along its length, a soft one hardly at all */
    if (!strcmp(argv[1], "steps") && argc == 7) {
        int x = atoi(argv[3]), y = atoi(argv[4]), rw = atoi(argv[5]), rh = atoi(argv[6]);
        long edges = 0;
        for (int j = y; j < y + rh && j + 1 < h; j++)
            for (int i = x; i < x + rw && i + 1 < w; i++) {
                const unsigned char *p = a + ((size_t)j * w + i) * 4, *r = p + 4, *d = p + (size_t)w * 4;
                double l = 0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2];
                double lr = 0.2126 * r[0] + 0.7152 * r[1] + 0.0722 * r[2];
                double ld = 0.2126 * d[0] + 0.7152 * d[1] + 0.0722 * d[2];
                edges += fabs(l - lr) > 24.0 || fabs(l - ld) > 24.0;
            }
        stbi_image_free(a);
        printf("%ld\n", edges);
        return 0;
    }
    if (!strcmp(argv[1], "region") && argc == 7) {
        int x = atoi(argv[3]), y = atoi(argv[4]), rw = atoi(argv[5]), rh = atoi(argv[6]);
        double acc[4] = {0};
        int cnt = 0;
        for (int j = y; j < y + rh && j < h; j++)
            for (int i = x; i < x + rw && i < w; i++, cnt++)
                for (int k = 0; k < 4; k++) acc[k] += a[((size_t)j * w + i) * 4 + k];
        stbi_image_free(a);
        if (!cnt) return 2;
        printf("%.2f %.2f %.2f %.2f\n", acc[0] / cnt, acc[1] / cnt, acc[2] / cnt, acc[3] / cnt);
        return 0;
    }
    /* hot: pixels glowing red-orange (hot metal, fire) in a region; sd: luma deviation there */
    if ((!strcmp(argv[1], "glow") || !strcmp(argv[1], "clipped")) && argc == 7) {
        int x = atoi(argv[3]), y = atoi(argv[4]), rw = atoi(argv[5]), rh = atoi(argv[6]);
        if (rw <= 0 || rh <= 0) x = 0, y = 0, rw = w, rh = h;
        int glow = 0, clipped = 0;
        for (int j = y; j < y + rh && j < h; j++)
            for (int i = x; i < x + rw && i < w; i++) {
                const unsigned char *p = a + ((size_t)j * w + i) * 4;
                glow += p[0] >= 180 && p[0] - p[2] >= 80;
                clipped += p[0] >= 250 && p[1] >= 250 && p[2] >= 250;
            }
        stbi_image_free(a);
        printf("%d\n", !strcmp(argv[1], "glow") ? glow : clipped);
        return 0;
    }
    if ((!strcmp(argv[1], "hot") || !strcmp(argv[1], "sd") || !strcmp(argv[1], "dark") || !strcmp(argv[1], "whitish")) &&
        argc == 7) {
        int x = atoi(argv[3]), y = atoi(argv[4]), rw = atoi(argv[5]), rh = atoi(argv[6]);
        double s = 0, s2 = 0;
        int cnt = 0, hot = 0, dark = 0, whitish = 0;
        for (int j = y; j < y + rh && j < h; j++)
            for (int i = x; i < x + rw && i < w; i++, cnt++) {
                const unsigned char *p = a + ((size_t)j * w + i) * 4;
                double l = 0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2];
                s += l;
                s2 += l * l;
                hot += p[0] > 180 && p[0] > p[2] + 90;
                dark += 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2] < 40.0;
                int lo = p[0] < p[1] ? (p[0] < p[2] ? p[0] : p[2]) : (p[1] < p[2] ? p[1] : p[2]);
                int hi = p[0] > p[1] ? (p[0] > p[2] ? p[0] : p[2]) : (p[1] > p[2] ? p[1] : p[2]);
                whitish += lo > 150 && hi - lo < 45;
            }
        stbi_image_free(a);
        if (!cnt) return 2;
        if (!strcmp(argv[1], "hot")) printf("%d\n", hot);
        else if (!strcmp(argv[1], "dark")) printf("%d\n", dark);
        else if (!strcmp(argv[1], "whitish")) printf("%d\n", whitish);
        else printf("%.2f\n", sqrt(fmax(0, s2 / cnt - (s / cnt) * (s / cnt))));
        return 0;
    }
    if (!strcmp(argv[1], "edges") && argc == 7) {
        int x = atoi(argv[3]), y = atoi(argv[4]), rw = atoi(argv[5]), rh = atoi(argv[6]), cnt = 0;
        double sum = 0;
#define IMGTOOL_LUMA(i, j) (0.2126 * a[((size_t)(j) * w + (i)) * 4] + 0.7152 * a[((size_t)(j) * w + (i)) * 4 + 1] + \
                            0.0722 * a[((size_t)(j) * w + (i)) * 4 + 2])
        for (int j = y; j < y + rh && j + 1 < h; j++)
            for (int i = x; i < x + rw && i + 1 < w; i++, cnt++)
                sum += fabs(IMGTOOL_LUMA(i + 1, j) - IMGTOOL_LUMA(i, j)) + fabs(IMGTOOL_LUMA(i, j + 1) - IMGTOOL_LUMA(i, j));
#undef IMGTOOL_LUMA
        stbi_image_free(a);
        if (!cnt) return 2;
        printf("%.2f\n", sum / cnt);
        return 0;
    }
    if ((!strcmp(argv[1], "diff") && (argc == 4 || argc == 8)) || (!strcmp(argv[1], "same") && argc == 4)) {
        int rx = 0, ry = 0, rw = w, rh = h;
        if (argc == 8) {
            rx = atoi(argv[4]); ry = atoi(argv[5]); rw = atoi(argv[6]); rh = atoi(argv[7]);
        }
        int w2, h2;
        unsigned char *b = load(argv[3], &w2, &h2);
        if (w != w2 || h != h2) {
            fprintf(stderr, "imgtool: sizes differ: %dx%d vs %dx%d\n", w, h, w2, h2);
            stbi_image_free(a);
            stbi_image_free(b);
            return !strcmp(argv[1], "same") ? 1 : 2;
        }
        size_t differ = 0, bytes = 0, inside = 0;
        for (size_t i = 0; i < n; i++) {
            int x = (int)(i % (size_t)w), y = (int)(i / (size_t)w);
            if (x < rx || y < ry || x >= rx + rw || y >= ry + rh) continue;
            inside++;
            int d = 0;
            for (int k = 0; k < 4; k++) {
                int e = abs(a[i * 4 + k] - b[i * 4 + k]);
                if (e) bytes++;
                if (e > d) d = e;
            }
            differ += d > 8;
        }
        stbi_image_free(a);
        stbi_image_free(b);
        if (!strcmp(argv[1], "same")) {
            if (bytes) fprintf(stderr, "imgtool: %zu bytes differ\n", bytes);
            return bytes ? 1 : 0;
        }
        printf("%.6f\n", inside ? (double)differ / inside : 0.0);
        return 0;
    }
    if (!strcmp(argv[1], "darker") && argc == 8) {
        int w2, h2;
        unsigned char *b = load(argv[3], &w2, &h2);
        int x = atoi(argv[4]), y = atoi(argv[5]), rw = atoi(argv[6]), rh = atoi(argv[7]);
        double la = 0, lb = 0;
        long cnt = 0;
        if (w == w2 && h == h2)
            for (int j = y; j < y + rh && j < h; j++)
                for (int i = x; i < x + rw && i < w; i++) {
                    const unsigned char *p = a + ((size_t)j * w + i) * 4, *q = b + ((size_t)j * w + i) * 4;
                    if (abs(p[0] - q[0]) <= 8 && abs(p[1] - q[1]) <= 8 && abs(p[2] - q[2]) <= 8) continue;
                    la += 0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2];
                    lb += 0.2126 * q[0] + 0.7152 * q[1] + 0.0722 * q[2];
                    cnt++;
                }
        stbi_image_free(a);
        stbi_image_free(b);
        if (w != w2 || h != h2) return 2;
        printf("%.2f %.2f %ld\n", cnt ? la / cnt : 0.0, cnt ? lb / cnt : 0.0, cnt);
        return 0;
    }
    if (!strcmp(argv[1], "mad") && argc == 8) {
        int w2, h2;
        unsigned char *b = load(argv[3], &w2, &h2);
        int x = atoi(argv[4]), y = atoi(argv[5]), rw = atoi(argv[6]), rh = atoi(argv[7]);
        double sum = 0;
        long cnt = 0;
        if (w == w2 && h == h2)
            for (int j = y; j < y + rh && j < h; j++)
                for (int i = x; i < x + rw && i < w; i++, cnt++)
                    for (int c = 0; c < 3; c++) sum += abs(a[((size_t)j * w + i) * 4 + c] - b[((size_t)j * w + i) * 4 + c]);
        stbi_image_free(a);
        stbi_image_free(b);
        if (w != w2 || h != h2 || !cnt) {
            fprintf(stderr, "imgtool: sizes differ (%dx%d vs %dx%d) or empty rectangle\n", w, h, w2, h2);
            return 2;
        }
        printf("%.2f\n", sum / (3.0 * (double)cnt));
        return 0;
    }
    if (!strcmp(argv[1], "changed") && argc == 8) {
        int w2, h2;
        unsigned char *b = load(argv[3], &w2, &h2);
        int x = atoi(argv[4]), y = atoi(argv[5]), rw = atoi(argv[6]), rh = atoi(argv[7]);
        long changed = 0;
        if (w == w2 && h == h2)
            for (int j = y; j < y + rh && j < h; j++)
                for (int i = x; i < x + rw && i < w; i++)
                    changed += memcmp(a + ((size_t)j * w + i) * 4, b + ((size_t)j * w + i) * 4, 4) != 0;
        stbi_image_free(a);
        stbi_image_free(b);
        if (w != w2 || h != h2) {
            fprintf(stderr, "imgtool: sizes differ: %dx%d vs %dx%d\n", w, h, w2, h2);
            return 2;
        }
        printf("%ld\n", changed);
        return 0;
    }
    if (!strcmp(argv[1], "covered") && argc == 5) {
        int wa, ha, wb, hb;
        unsigned char *pa = load(argv[3], &wa, &ha), *pb = load(argv[4], &wb, &hb);
        if (wa != w || wb != w || ha != h || hb != h) {
            fprintf(stderr, "imgtool: sizes differ: %dx%d, %dx%d, %dx%d\n", w, h, wa, ha, wb, hb);
            return 2;
        }
        long changed = 0, covered = 0;
        for (size_t i = 0; i < n; i++) {
            bool differ = false;
            for (int c = 0; c < 3; c++) differ |= abs(pa[i * 4 + c] - pb[i * 4 + c]) > 8;
            changed += differ;
            covered += differ && a[i * 4 + 3] != 0;
        }
        stbi_image_free(pa);
        stbi_image_free(pb);
        stbi_image_free(a);
        printf("%ld %ld\n", changed, covered);
        return 0;
    }
    fprintf(stderr, "imgtool: bad arguments\n");
    return 2;
}
