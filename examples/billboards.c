/* billboards.c — the billboard technique with a pool and an atlas of its own: a 16 x 9 grid of
 * camera-facing billboards, each playing the atlas's 64 frames (a ring that grows and fades) at
 * its own pace, then dying and being replaced from the pool; half additive, half alpha-blended,
 * all in one draw per blend mode. --check reads the frame back: every live billboard drawn (its
 * centre lit, one separate blob each, as many blobs as billboards; exit 1 if not).
 *
 *   build/bin/billboards                      a window: B next batcher, space restarts every ring
 *   build/bin/billboards --headless --frames 60 --screenshot rings.png --check
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bb/bb.h"
#include "common.h"

enum { COLS = 16, ROWS = 9, CELL = 32, SIDE = 8 * CELL, LIT = 24 };
#define SPACING 1.0f /* metres between grid points */
#define SIZE 0.8f    /* billboard edge, metres: the biggest ring stays inside its grid cell */

/* The atlas: 8 x 8 frames of CELL pixels, frame f a ring of radius 0.12 .. 0.42 (of the frame)
 * around a softer core, fading as it grows. White: each billboard's tint colours it. */
static void make_atlas(uint8_t *px)
{
    for (int y = 0; y < SIDE; y++)
        for (int x = 0; x < SIDE; x++) {
            const int f = (y / CELL) * 8 + x / CELL; /* rows top-down: frame 0 top-left */
            const float t = (float)f / 63.0f, r = 0.12f + 0.30f * t;
            const float dx = ((float)(x % CELL) + 0.5f) / CELL - 0.5f, dy = ((float)(y % CELL) + 0.5f) / CELL - 0.5f;
            const float d = sqrtf(dx * dx + dy * dy), ring = expf(-powf((d - r) / 0.04f, 2.0f));
            float a = fmaxf(ring, d < r ? 0.4f : 0.0f) * (1.0f - 0.4f * t);
            if (d > 0.47f) a = 0.0f; /* nothing bleeds into the next frame */
            uint8_t *q = px + ((size_t)y * SIDE + (size_t)x) * 4;
            q[0] = q[1] = q[2] = 255;
            q[3] = (uint8_t)(a * 255.0f + 0.5f);
        }
}

static float rnd(void) { return (float)rand() / (float)RAND_MAX; }

/* Where grid point (i, j) is, and its colour: a hue across the grid. */
static void grid_point(int i, int j, float pos[3]) { pos[0] = ((float)i - (COLS - 1) * 0.5f) * SPACING, pos[1] = ((float)j - (ROWS - 1) * 0.5f) * SPACING, pos[2] = 0.0f; }

static uint32_t tint(int i, int j)
{
    const float h = (float)(i + j * 3) / (float)(COLS + ROWS * 3) * 6.0f;
    const float r = fabsf(h - 3.0f) - 1.0f, g = 2.0f - fabsf(h - 2.0f), b = 2.0f - fabsf(h - 4.0f);
    return particles_rgba(0.12f + 0.88f * fminf(fmaxf(r, 0), 1), 0.12f + 0.88f * fminf(fmaxf(g, 0), 1),
                          0.12f + 0.88f * fminf(fmaxf(b, 0), 1), 1.0f);
}

/* Fills every grid point that has no live billboard: acquire from the pool, 64 frames over 1-2 s. */
static void refill(particles *p, bool restart)
{
    if (restart) particles_clear(p);
    bool taken[ROWS][COLS] = {{false}};
    for (int k = 0; k < p->alive; k++) {
        const int i = (int)lroundf(p->x[k] / SPACING + (COLS - 1) * 0.5f), j = (int)lroundf(p->y[k] / SPACING + (ROWS - 1) * 0.5f);
        if (i >= 0 && i < COLS && j >= 0 && j < ROWS) taken[j][i] = true;
    }
    for (int j = 0; j < ROWS; j++)
        for (int i = 0; i < COLS; i++) {
            if (taken[j][i]) continue;
            particle b = particle_init(0, (i + j) % 2 ? BB_BLEND_ADDITIVE : BB_BLEND_ALPHA);
            grid_point(i, j, b.pos);
            b.size = SIZE;
            b.rot = rnd() * 6.2831853f;
            b.spin = rnd() - 0.5f;
            b.color = tint(i, j);
            b.life = 1.0f + rnd();
            b.frame_rate = 64.0f / b.life; /* the whole animation over its life */
            b.phase = restart ? 0.0f : rnd() * 8.0f; /* newcomers start a little in, so the grid never pulses as one */
            b.age = b.phase / b.frame_rate;
            b.gravity = 0.0f;
            particles_add(p, &b);
        }
}

/* 4-connected components of pixels brighter than LIT (flood fill, explicit stack). */
static int luma(const uint8_t *px, int w, int x, int y)
{
    const uint8_t *q = px + ((size_t)y * (size_t)w + (size_t)x) * 4;
    return (q[0] + q[1] + q[2]) / 3;
}

static int count_blobs(const uint8_t *px, int w, int h)
{
    uint8_t *seen = calloc((size_t)w * (size_t)h, 1);
    int *stack = malloc(sizeof(int) * (size_t)w * (size_t)h), blobs = 0;
    for (int s = 0; seen && stack && s < w * h; s++) {
        if (seen[s] || luma(px, w, s % w, s / w) <= LIT) continue;
        int top = 0;
        stack[top++] = s;
        seen[s] = 1;
        blobs++;
        while (top) {
            const int c = stack[--top], x = c % w, y = c / w;
            const int next[4][2] = {{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}};
            for (int n = 0; n < 4; n++) {
                const int nx = next[n][0], ny = next[n][1];
                if (nx < 0 || ny < 0 || nx >= w || ny >= h || seen[ny * w + nx] || luma(px, w, nx, ny) <= LIT) continue;
                seen[ny * w + nx] = 1;
                stack[top++] = ny * w + nx;
            }
        }
    }
    free(seen);
    free(stack);
    return blobs;
}

/* The property: each live billboard is in the picture: its centre lit, one blob apiece. */
static bool check(const gfx_target *t, const particles *p, const bb_renderer *r, mat4 viewproj)
{
    uint8_t *px = malloc((size_t)t->width * (size_t)t->height * 4);
    if (!px) return false;
    gfx_target_read_rgba8(t, px);
    int centres = 0;
    for (int k = 0; k < p->alive; k++) {
        vec4 c;
        glm_mat4_mulv(viewproj, (vec4){p->x[k], p->y[k], p->z[k], 1.0f}, c);
        const int x = (int)((c[0] / c[3] * 0.5f + 0.5f) * (float)t->width), y = (int)((c[1] / c[3] * 0.5f + 0.5f) * (float)t->height);
        centres += x >= 0 && y >= 0 && x < t->width && y < t->height && luma(px, t->width, x, y) > LIT;
    }
    const int blobs = count_blobs(px, t->width, t->height), drawn = bb_renderer_info(r).drawn;
    const bool ok = p->alive == COLS * ROWS && drawn == p->alive && centres == p->alive && blobs == p->alive;
    printf("billboards: check %s: %d live, %d drawn, %d centres lit, %d blobs\n", ok ? "ok" : "FAILED", p->alive, drawn,
           centres, blobs);
    free(px);
    return ok;
}

int main(int argc, char **argv)
{
    example ex = {.name = "billboards", .keys = "B      next batcher (instanced, quads, cpu)\nspace  restart every ring\n"};
    example_init(&ex, argc, argv);
    srand(7);
    uint8_t *pixels = malloc((size_t)SIDE * SIDE * 4);
    if (!pixels) return 1;
    make_atlas(pixels);
    /* the caller's atlas: 8 x 8 frames (the default grid), glowing at twice its colour */
    const bb_atlas ring = {.pixels = pixels, .width = SIDE, .height = SIDE, .emission = 2.0f};
    bb_batcher batcher = BB_BATCHER_INSTANCED;
    bb_renderer *bb = bb_renderer_create(&(bb_desc){.capacity = COLS * ROWS, .atlases = &ring, .atlas_count = 1});
    particles *pool = particles_create(&(particles_desc){.capacity = COLS * ROWS});
    gfx_target target = {0};
    if (!bb || !pool || !gfx_target_create(&target, &(gfx_target_desc){.width = ex.width, .height = ex.height,
                                                                       .color = {GL_RGBA8}, .depth = GL_DEPTH_COMPONENT24,
                                                                       .label = "billboards"}))
        return 1;
    mat4 view, proj, viewproj;
    glm_lookat((vec3){0, 0, 11.5f}, (vec3){0, 0, 0}, (vec3){0, 1, 0}, view);
    glm_perspective(glm_rad(45.0f), (float)ex.width / (float)ex.height, 0.1f, 100.0f, proj);
    glm_mat4_mul(proj, view, viewproj);
    refill(pool, true);
    while (example_frame(&ex)) {
        if (example_key(&ex, 'B')) { /* another batcher is another renderer: same desc, same atlas */
            batcher = (bb_batcher)((batcher + 1) % BB_BATCHER_COUNT);
            bb_renderer_destroy(bb);
            bb = bb_renderer_create(&(bb_desc){.capacity = COLS * ROWS, .batcher = batcher, .atlases = &ring, .atlas_count = 1});
            if (!bb) return 1;
            printf("billboards: batcher %s\n", bb_batcher_name(batcher));
        }
        particles_step(pool, EXAMPLE_DT); /* ages, spins; releases the ones at the end of their life */
        refill(pool, example_key(&ex, ' '));
        gfx_target_begin(&target, &(gfx_clear){.color = true, .rgba = {0.01f, 0.01f, 0.02f, 1}, .depth = true});
        bb_renderer_build(bb, pool, view, proj);
        bb_renderer_draw(bb, &(bb_draw_params){.width = ex.width, .height = ex.height});
        gfx_target_end();
        example_present(&ex, &target);
    }
    bool ok = example_screenshot(&ex, &target);
    if (ex.check) ok = check(&target, pool, bb, viewproj) && ok;
    gfx_target_destroy(&target);
    particles_destroy(pool);
    bb_renderer_destroy(bb);
    free(pixels);
    example_shutdown(&ex);
    return ok ? 0 : 1;
}
