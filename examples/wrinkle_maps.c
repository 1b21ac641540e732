/* wrinkle_maps.c — wrinkle maps on a mesh of its own: a ball of skin 20 cm across (a UV sphere with
 * tangents) and two blendshapes made here, "raise" (a band on the upper front slides up) and "pinch"
 * (a patch below it squeezes towards the middle), each with its wrinkle layer painted here too:
 * horizontal folds across the band, vertical folds across the patch (a normal and an occlusion map
 * each, and a mask whose red and green say where each layer acts). The weights rise and fall, so the
 * folds come and go. --check composes the ball head-on (orthographic) with one shape at full weight
 * and the other at 0, reads the composed RGB10_A2 buffer back and finds folds where the weighted
 * shape's layer lies (tilted normals, occlusion below 1) and flat, open skin where only the other's
 * lies and where none does; then the other way round. Exit 1 when any fails.
 *
 *   build/bin/wrinkle_maps                    a window: 1/2 cycle a shape (animated, 1, 0), space pauses
 *   build/bin/wrinkle_maps --headless --frames 30 --screenshot ball.png --check
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "gfx/renderer.h"
#include "gfx/texture.h"
#include "gfx/timer.h"
#include "wrinkle/wrinkle.h"

enum { SLICES = 160, STACKS = 112, NV = (SLICES + 1) * (STACKS + 1), MAP = 512 };
#define R 0.1f          /* ball radius, m */
#define DEPTH 0.0012f   /* fold depth, m */
#define FOLD_TILT 0.02f /* --check: a fold pixel's normal x or y is this far from 0.5 (encoded) ... */
#define FLAT_TILT 0.004f /* ... and a flat one's within this */

/* Where each shape's layer acts, in uv (u round the ball, 0.5 at the front; v from the bottom up):
 * an ellipse, full inside 0.7 of its radii, fading out to 1. */
typedef struct region { float uc, vc, ru, rv; } region;
static const region regions[2] = {{0.5f, 0.71f, 0.12f, 0.10f}, {0.5f, 0.43f, 0.07f, 0.10f}};
static const char *names[2] = {"raise", "pinch"};
static unsigned char px[5][MAP * MAP * 4];        /* RGBA8, row 0 at v = 0: both normals, both occlusions (R), the mask */
static float dpos[2][NV][3], dnrm[2][NV][3], curv[NV]; /* per shape and vertex at full weight; the skin's curvature */

static float dist(int s, float u, float v) { return hypotf((u - regions[s].uc) / regions[s].ru, (v - regions[s].vc) / regions[s].rv); }
static float smooth01(float a, float b, float x) { x = fminf(fmaxf((x - a) / (b - a), 0.0f), 1.0f); return x * x * (3 - 2 * x); }
static float mask(int s, float u, float v) { return 1.0f - smooth01(0.7f, 1.0f, dist(s, u, v)); }

/* The skin's height (m) where layer s folds it: creases, each of its own depth and length, with the
 * skin bunched up between them, slightly wavy; or (crease) how deep in a crease, for the occlusion. */
static float fold(int s, float u, float v, bool crease)
{
    const region *g = &regions[s];
    const float phi = s ? (u - g->uc) * 38.0f / (1.0f + 3.0f * (v - g->vc)) + 0.5f : (v - g->vc) * 30.0f + 0.15f * sinf(18.8f * u);
    const unsigned k = (unsigned)(int)floorf(phi + 100.5f) * 2654435761u; /* which crease: a hash of it */
    const float h1 = (float)(k >> 24) / 255.0f, h2 = (float)(k >> 16 & 255u) / 255.0f;
    const float along = s ? (v - g->vc) / g->rv : (u - g->uc) / g->ru; /* -1..1 across the region */
    const float c = 0.5f + 0.5f * cosf(2.0f * GLM_PIf * phi), len = 0.45f + 0.5f * h1;
    const float cr = powf(c, s ? 2.0f : 3.0f) * (0.55f + 0.45f * h2) * (1.0f - smooth01(0.4f * len, len, fabsf(along - 0.4f * (h2 - 0.5f))));
    return crease ? cr : DEPTH * (s ? 0.8f : 1.0f) * (0.3f * (1.0f - c) - cr);
}

/* Both layers' maps and the mask, painted texel by texel; the base maps flat and open (1 x 1). */
static wrinkle_maps make_maps(void)
{
    memset(px, 255, 4 * sizeof px[0]);
    const float e = 0.5f / MAP;
    for (int y = 0; y < MAP; y++)
        for (int x = 0; x < MAP; x++) {
            const float u = (x + 0.5f) / MAP, v = (y + 0.5f) / MAP, lat = GLM_PIf * (v - 0.5f);
            const int i = (y * MAP + x) * 4;
            for (int s = 0; s < 2; s++) { /* tangent space: x along dP/du, y along dP/dv, both in metres */
                const float hx = (fold(s, u + e, v, false) - fold(s, u - e, v, false)) / (4 * e * GLM_PIf * R * fmaxf(cosf(lat), 0.05f));
                const float hy = (fold(s, u, v + e, false) - fold(s, u, v - e, false)) / (2 * e * GLM_PIf * R);
                const float len = sqrtf(hx * hx + hy * hy + 1.0f), n[3] = {-hx / len, -hy / len, 1.0f / len};
                for (int k = 0; k < 3; k++) px[2 * s][i + k] = (unsigned char)lrintf((n[k] * 0.5f + 0.5f) * 255.0f);
                px[2 * s + 1][i] = (unsigned char)lrintf(255.0f * (1.0f - 0.5f * fold(s, u, v, true)));
                px[4][i + s] = (unsigned char)lrintf(255.0f * mask(s, u, v)); /* red: raise, green: pinch */
            }
        }
    wrinkle_maps maps = {0};
    const gfx_texture_desc flat = {.width = 1, .height = 1, .data = (unsigned char[4]){128, 128, 255, 255}};
    maps.base_normal = gfx_texture_create(&flat);
    maps.base_occ = gfx_texture_create(&(gfx_texture_desc){.width = 1, .height = 1, .data = (unsigned char[4]){255, 255, 255, 255}});
    for (int k = 0; k < 5; k++) {
        const GLuint t = gfx_texture_create(&(gfx_texture_desc){.width = MAP, .height = MAP, .data = px[k], .flags = GFX_TEX_MIPMAPS});
        *(k == 4 ? &maps.mask : k & 1 ? &maps.layer_occ[k / 2] : &maps.layer_normal[k / 2]) = t;
    }
    return maps;
}

/* The ball on the uv grid (seam at the back), normals out, tangents along u. */
static void build_ball(mesh_data *m)
{
    for (int j = 0; j <= STACKS; j++)
        for (int i = 0; i <= SLICES; i++) {
            const float u = (float)i / SLICES, v = (float)j / STACKS, lon = 2 * GLM_PIf * (u - 0.5f), lat = GLM_PIf * (v - 0.5f);
            const float n[3] = {cosf(lat) * sinf(lon), sinf(lat), cosf(lat) * cosf(lon)};
            mesh_add_vertex(m, (float[3]){R * n[0], R * n[1], R * n[2]}, n, (float[2]){u, v});
        }
    for (int j = 0; j < STACKS; j++) /* the vertices first: a triangle names ones that exist */
        for (int i = 0; i < SLICES; i++) {
            const uint32_t a = (uint32_t)(j * (SLICES + 1) + i), b = a + 1, c = a + SLICES + 1, d = c + 1;
            if (j > 0) mesh_add_tri(m, a, b, d);
            if (j < STACKS - 1) mesh_add_tri(m, a, d, c);
        }
    mesh_compute_tangents(m);
}

/* The two blendshapes at full weight: raise slides the band up 5 mm and bunches it out 1.5 mm;
 * pinch draws the patch's sides 5 mm towards its middle and bulges it 2 mm. Normal deltas: the
 * normals of the moved grid less the rest grid's, both computed the same way. */
static void build_shapes(const mesh_data *m)
{
    mesh_data a = {0}, b = {0};
    mesh_copy(&a, m);
    mesh_compute_normals(&a);
    for (int s = 0; s < 2; s++) {
        mesh_copy(&b, m);
        for (int v = 0; v < m->vertex_count; v++) {
            const float *uv = m->uv[v], *n = m->nrm[v], d = dist(s, uv[0], uv[1]) / 1.5f, k = d < 1 ? (1 - d * d) * (1 - d * d) : 0;
            const float lon = 2 * GLM_PIf * (uv[0] - 0.5f), east[3] = {cosf(lon), 0, -sinf(lon)};
            const float up[3] = {-n[1] * n[0], 1 - n[1] * n[1], -n[1] * n[2]}, side = fminf(fmaxf((uv[0] - 0.5f) / regions[1].ru, -1), 1);
            for (int c = 0; c < 3; c++)
                dpos[s][v][c] = s ? k * (-0.005f * side * east[c] + 0.002f * n[c]) : k * (0.005f * up[c] + 0.0015f * n[c]);
            glm_vec3_add(b.pos[v], dpos[s][v], b.pos[v]);
        }
        mesh_compute_normals(&b);
        for (int v = 0; v < m->vertex_count; v++) glm_vec3_sub(b.nrm[v], a.nrm[v], dnrm[s][v]);
        mesh_data_free(&b);
    }
    mesh_data_free(&a);
}

/* --check for one shape on: compose head-on (orthographic, the composed buffer's own size) and sort
 * each pixel by the uv the rest ball has there, with margins for what the shape moves (<= 5 mm). */
static bool check_shape(renderer *r, wrinkle *wr, const gfx_mesh *ball, mat4 model, int on)
{
    float wt[WRINKLE_SHAPE_COUNT] = {0};
    wt[on] = 1.0f;
    wrinkle_set_weights(wr, wt);
    wrinkle_set_shape_weights(wr, wt);
    int w, h;
    wrinkle_size(wr, &w, &h);
    const float hh = 1.1f * R, hw = hh * (float)w / (float)h;
    mat4 view, proj;
    glm_lookat((vec3){0, R, 1}, (vec3){0, R, 0}, (vec3){0, 1, 0}, view);
    glm_ortho(-hw, hw, -hh, hh, 0.5f, 1.5f, proj);
    renderer_begin_frame(r, view, proj, (vec3){0, R, 1}, 0.0f);
    wrinkle_compose(wr, ball, model);
    uint32_t *px = malloc(sizeof *px * (size_t)w * (size_t)h);
    if (!px) return false;
    wrinkle_read_composed(wr, px);
    int n[3] = {0}, folded = 0; /* pixels: in the weighted layer, in the other's only, in none */
    float occ_sum = 0, along[2] = {0}, flat_tilt[3] = {0}, flat_occ[3] = {1, 1, 1};
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            const float ox = ((x + 0.5f) / w * 2 - 1) * hw, oy = ((y + 0.5f) / h * 2 - 1) * hh;
            if (ox * ox + oy * oy > 0.81f * R * R) continue; /* the rim: seen too obliquely */
            const float u = 0.5f + atan2f(ox, sqrtf(R * R - ox * ox - oy * oy)) / (2 * GLM_PIf), v = 0.5f + asinf(oy / R) / GLM_PIf;
            const float d_on = dist(on, u, v), d_off = dist(!on, u, v);
            const int k = d_on < 0.5f ? 0 : d_off < 0.5f ? 1 : d_on > 1.2f && d_off > 1.2f ? 2 : -1;
            if (k < 0) continue; /* the layers' fades, and a margin */
            float nx, ny, occ;
            wrinkle_unpack(px[y * w + x], &nx, &ny, &occ, NULL);
            const float tilt = 0.5f * fmaxf(fabsf(nx), fabsf(ny)); /* as stored: x * 0.5 + 0.5 */
            n[k]++;
            if (k == 0) folded += tilt > FOLD_TILT, occ_sum += occ, along[0] += fabsf(nx), along[1] += fabsf(ny);
            else flat_tilt[k] = fmaxf(flat_tilt[k], tilt), flat_occ[k] = fminf(flat_occ[k], occ);
        }
    free(px);
    /* raise's folds run across (they tilt y), pinch's up and down (they tilt x) */
    const bool axis = along[!on] > 2 * along[on];
    const bool ok = n[0] > 500 && n[1] > 500 && n[2] > 500 && folded > n[0] / 2 && occ_sum < 0.9f * n[0] && axis &&
                    fmaxf(flat_tilt[1], flat_tilt[2]) <= FLAT_TILT && fminf(flat_occ[1], flat_occ[2]) >= 0.99f;
    printf("wrinkle_maps: check %s, %s at 1 and %s at 0: in %s's layer %d of %d pixels tilted over %.3f, mean occlusion %.3f, "
           "%.1fx more along %s; only in %s's (%d) and in none (%d): tilt at most %.4f, %.4f, occlusion at least %.3f, %.3f\n",
           ok ? "ok" : "FAILED", names[on], names[!on], names[on], folded, n[0], FOLD_TILT, occ_sum / fmaxf(n[0], 1),
           along[!on] / fmaxf(along[on], 1e-6f), on ? "x" : "y", names[!on], n[1], n[2], flat_tilt[1], flat_tilt[2], flat_occ[1], flat_occ[2]);
    return ok;
}

int main(int argc, char **argv)
{
    example ex = {.name = "wrinkle_maps", .keys = "1      raise: animated, held at 1, at 0\n2      pinch: the same\nspace  pause\n"};
    example_init(&ex, argc, argv);
    gfx_timers_init();
    mesh_data m = {0};
    build_ball(&m);
    build_shapes(&m);
    float (*dp[WRINKLE_SHAPE_COUNT])[3] = {dpos[0], dpos[1]}, (*dn[WRINKLE_SHAPE_COUNT])[3] = {dnrm[0], dnrm[1]}; /* 2..: NULL */
    const bool curved = mesh_vertex_curvature(&m, curv); /* for the skin's scattering */
    gfx_mesh ball = gfx_mesh_create(&m, "ball");
    /* a layer per shape: layer l is driven by shape layers[l].shape, acts where its mask weights . the
     * mask texel; layers left zero have no strength and are never chosen */
    const wrinkle_layer_def layers[WRINKLE_LAYER_COUNT] = {{0, 1.0f, 1.0f, {1, 0, 0, 0}}, {1, 1.0f, 1.0f, {0, 1, 0, 0}}};
    const wrinkle_maps maps = make_maps();
    renderer *r = renderer_create(&(renderer_desc){.width = ex.width, .height = ex.height, .shadow_size = 1024});
    int w = ex.width, h = ex.height;
    if (r) renderer_size(r, &w, &h); /* the composed buffer covers the scene's pixels */
    wrinkle *wr = wrinkle_create(&(wrinkle_desc){.width = w, .height = h, .layers = layers, .maps = maps, .plain_skin = true});
    const bool shapes = wr && curved && wrinkle_set_shapes(wr, NV, dp, dn, curv, NULL, NV);
    mesh_data_free(&m);
    if (!r || !wr || !shapes || !ball.vao) return 1;
    renderer_set_shadow_focus(r, (vec3){0, R, 0}, 0.3f);
    vec3 eye = {-0.17f, 0.2f, 0.5f};
    mat4 view, proj, model;
    glm_lookat(eye, (vec3){0, 0.095f, 0}, (vec3){0, 1, 0}, view);
    glm_perspective(glm_rad(30.0f), (float)ex.width / (float)ex.height, 0.05f, 50.0f, proj);
    glm_translate_make(model, (vec3){0, R, 0});
    glm_rotate_y(model, -0.35f, model); /* its front towards the camera */
    int hold[2] = {0, 0}; /* 0 animated, 1 held at 1, 2 held at 0 */
    bool paused = false;
    float t = 0.0f;
    while (example_frame(&ex)) {
        paused ^= example_key(&ex, ' ');
        for (int s = 0; s < 2; s++) hold[s] = (hold[s] + example_key(&ex, '1' + s)) % 3;
        if (!paused) t += EXAMPLE_DT;
        float wt[WRINKLE_SHAPE_COUNT] = {0};
        for (int s = 0; s < 2; s++) /* each comes and goes on its own period, 4 s and 6 s */
            wt[s] = hold[s] ? (float)(2 - hold[s]) : 0.5f - 0.5f * cosf(2 * GLM_PIf * (t + 2 + 0.6f * s) / (4 + 2.0f * s));
        wrinkle_set_weights(wr, wt);       /* the layers: which, how strong */
        wrinkle_set_shape_weights(wr, wt); /* the vertices: how far */
        renderer_begin_frame(r, view, proj, eye, ex.time);
        renderer_shadow_begin(r);
        wrinkle_draw_caster(wr, &ball, model);
        renderer_shadow_end(r);
        wrinkle_compose(wr, &ball, model); /* its own pass: the layers into the composed buffer */
        renderer_main_begin(r);
        renderer_draw_ground(r);
        wrinkle_draw_skin(wr, &ball, model, (vec3){0.32f, 0.18f, 0.13f});
        renderer_opaque_end(r);
        renderer_finish(r);
        example_present(&ex, renderer_output(r));
        gfx_timers_frame_end();
    }
    bool ok = example_screenshot(&ex, renderer_final(r));
    if (ex.check) {
        glm_translate_make(model, (vec3){0, R, 0}); /* unturned: the check looks down +z at its front */
        ok = check_shape(r, wr, &ball, model, 0) && ok;
        ok = check_shape(r, wr, &ball, model, 1) && ok;
    }
    gfx_mesh_destroy(&ball);
    wrinkle_destroy(wr);
    gfx_texture_destroy(maps.base_normal), gfx_texture_destroy(maps.base_occ), gfx_texture_destroy(maps.mask);
    for (int s = 0; s < 2; s++) gfx_texture_destroy(maps.layer_normal[s]), gfx_texture_destroy(maps.layer_occ[s]);
    renderer_destroy(r);
    gfx_timers_shutdown();
    example_shutdown(&ex);
    return ok ? 0 : 1;
}
