/* bake_wrinkle — bakes the wrinkle-map textures of the face scene from the procedural head.
 *
 *   bake_wrinkle [OUTDIR]                      writes the PNGs into OUTDIR (default assets/wrinkle)
 *   bake_wrinkle --preview OUT.png [SHAPE=W ...] [--yaw DEG] [--maps DIR]
 *                                              CPU render of the head with blendshape weights, to
 *                                              check the sculpt without a GPU; with --maps, shaded
 *                                              with the baked maps through the CPU reference of
 *                                              the compositing (wrinkle_compose_texel)
 *
 * Everything is painted in 3D on the neutral skin point of each texel (head_surface_point), so
 * features land where the mesh has them. Outputs, 512 x 512, top row = v = 1 (the crown):
 *   base_normal.png, base_occlusion.png       skin pores, lip lines; ambient occlusion of the head
 *   LAYER_normal.png, LAYER_occlusion.png     one pair per blendshape (wrinkle_layer_defaults)
 *   mask.png                                   RGBA = forehead, eyes, nose/glabella, mouth/cheeks
 * Normals are tangent space, tangent = dP/du, bitangent = dP/dv (mesh_compute_tangents agrees).
 * Exit status 0 on success, 1 if a file cannot be written, 2 on bad arguments.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stb_image.h>
#include <stb_image_write.h>
#include <stb_perlin.h>

#include "wrinkle/core/head.h"
#include "base/log.h"
#include "wrinkle/core/wrinkle_math.h"


#define BAKE_SIZE 512

/* ---- preview: a small z-buffered rasterizer, optionally with the composed wrinkle maps ---- */

typedef struct preview_maps {
    int n;
    unsigned char *base_n, *base_o, *mask, *layer_n[WRINKLE_LAYER_COUNT], *layer_o[WRINKLE_LAYER_COUNT];
    wrinkle_selection sel;
} preview_maps;

typedef struct preview {
    int w, h;
    float *depth;
    unsigned char *rgb;
    mat4 vp;
    vec3 light; /* model space */
    const preview_maps *maps; /* NULL: geometry only */
} preview;

typedef struct preview_mesh {
    const float (*pos)[3], (*nrm)[3], (*uv)[2], (*tan)[4];
    const uint32_t *idx;
    int index_count;
    int eyes;
} preview_mesh;

static unsigned char *load_map(const char *dir, const char *name, int comp, int n)
{
    char path[1024];
    int w, h, c;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    unsigned char *d = stbi_load(path, &w, &h, &c, comp);
    if (d && (w != n || h != n)) { stbi_image_free(d); d = NULL; }
    if (!d) fprintf(stderr, "bake_wrinkle: cannot read %s (%dx%d expected; run the bake first)\n", path, n, n);
    return d;
}

/* Nearest texel; row 0 of the PNG is v = 1. */
static const unsigned char *map_texel(const preview_maps *m, const unsigned char *img, int comp, const float uv[2])
{
    int x = (int)glm_clamp(uv[0] * m->n, 0, m->n - 1), y = (int)glm_clamp((1.0f - uv[1]) * m->n, 0, m->n - 1);
    return img + (y * m->n + x) * comp;
}

static float shade_wrinkled(const preview_maps *m, const float uv[2], const vec3 n, const vec4 t, const vec3 light)
{
    wrinkle_texel in = {0};
    const unsigned char *b = map_texel(m, m->base_n, 3, uv), *mk = map_texel(m, m->mask, 4, uv);
    for (int k = 0; k < 3; k++) in.base_normal[k] = wrinkle_decode_snorm_from8(b[k]);
    in.base_occ = wrinkle_decode_unorm8(*map_texel(m, m->base_o, 1, uv));
    for (int k = 0; k < 4; k++) in.mask[k] = wrinkle_decode_unorm8(mk[k]);
    for (int i = 0; i < m->sel.count; i++) {
        const unsigned char *ln = map_texel(m, m->layer_n[m->sel.layer[i]], 3, uv);
        for (int k = 0; k < 3; k++) in.layer_normal[i][k] = wrinkle_decode_snorm_from8(ln[k]);
        in.layer_occ[i] = wrinkle_decode_unorm8(*map_texel(m, m->layer_o[m->sel.layer[i]], 1, uv));
    }
    float c[3];
    wrinkle_compose_texel(&m->sel, wrinkle_layer_defaults(), &in, c);
    /* through the 10-bit buffer, as the GPU path does */
    wrinkle_unpack(wrinkle_pack(c[0], c[1], c[2], 3), &c[0], &c[1], &c[2], NULL);
    vec3 bt, wn;
    glm_vec3_cross((float *)n, (float *)t, bt);
    glm_vec3_scale(bt, t[3], bt);
    glm_vec3_scale((float *)t, c[0], wn);
    glm_vec3_muladds(bt, c[1], wn);
    glm_vec3_muladds((float *)n, wrinkle_rebuild_z(c[0], c[1]), wn);
    glm_vec3_normalize(wn);
    return (0.1f + 0.9f * fmaxf(0.0f, glm_vec3_dot(wn, (float *)light))) * (0.3f + 0.7f * c[2]);
}

static void preview_tri(preview *pv, const preview_mesh *pm, int t)
{
    const uint32_t *ix = &pm->idx[t];
    float sx[3], sy[3], sz[3];
    for (int k = 0; k < 3; k++) {
        vec4 c;
        const float *p = pm->pos[ix[k]];
        glm_mat4_mulv(pv->vp, (vec4){p[0], p[1], p[2], 1.0f}, c);
        if (c[3] <= 1e-4f) return;
        sx[k] = (c[0] / c[3] * 0.5f + 0.5f) * pv->w;
        sy[k] = (0.5f - c[1] / c[3] * 0.5f) * pv->h;
        sz[k] = c[2] / c[3];
    }
    float area = (sx[1] - sx[0]) * (sy[2] - sy[0]) - (sx[2] - sx[0]) * (sy[1] - sy[0]);
    if (area >= 0.0f) return; /* screen y points down: front faces have negative area */
    int x0 = (int)fmaxf(0, floorf(fminf(sx[0], fminf(sx[1], sx[2]))));
    int x1 = (int)fminf(pv->w - 1, ceilf(fmaxf(sx[0], fmaxf(sx[1], sx[2]))));
    int y0 = (int)fmaxf(0, floorf(fminf(sy[0], fminf(sy[1], sy[2]))));
    int y1 = (int)fminf(pv->h - 1, ceilf(fmaxf(sy[0], fmaxf(sy[1], sy[2]))));
    for (int y = y0; y <= y1; y++) {
        for (int x = x0; x <= x1; x++) {
            float px = x + 0.5f, py = y + 0.5f, b[3];
            b[0] = ((sx[1] - px) * (sy[2] - py) - (sx[2] - px) * (sy[1] - py)) / area;
            b[1] = ((sx[2] - px) * (sy[0] - py) - (sx[0] - px) * (sy[2] - py)) / area;
            b[2] = 1.0f - b[0] - b[1];
            if (b[0] < 0 || b[1] < 0 || b[2] < 0) continue;
            float z = b[0] * sz[0] + b[1] * sz[1] + b[2] * sz[2];
            float *dz = &pv->depth[y * pv->w + x];
            if (z >= *dz) continue;
            *dz = z;
            vec3 nn = {0};
            vec4 tt = {0};
            float uv[2] = {0, 0};
            for (int k = 0; k < 3; k++) {
                glm_vec3_muladds((float *)pm->nrm[ix[k]], b[k], nn);
                glm_vec4_muladds((float *)pm->tan[ix[k]], b[k], tt);
                uv[0] += b[k] * pm->uv[ix[k]][0];
                uv[1] += b[k] * pm->uv[ix[k]][1];
            }
            glm_vec3_normalize(nn);
            float lit, albedo[3] = {0.85f, 0.66f, 0.55f};
            if (pm->eyes) {
                bool iris = uv[1] > 0.9f;
                glm_vec3_copy(iris ? (vec3){0.2f, 0.3f, 0.5f} : (vec3){0.95f, 0.95f, 0.95f}, albedo);
                lit = 0.15f + 0.85f * fmaxf(0.0f, glm_vec3_dot(nn, pv->light));
            } else if (pv->maps) {
                vec3 t3 = {tt[0], tt[1], tt[2]};
                glm_vec3_muladds(nn, -glm_vec3_dot(nn, t3), t3); /* re-orthogonalize after interpolation */
                glm_vec3_normalize(t3);
                lit = shade_wrinkled(pv->maps, uv, nn, (vec4){t3[0], t3[1], t3[2], pm->tan[ix[0]][3]}, pv->light);
            } else {
                lit = 0.15f + 0.85f * fmaxf(0.0f, glm_vec3_dot(nn, pv->light));
            }
            for (int k = 0; k < 3; k++) pv->rgb[(y * pv->w + x) * 3 + k] = (unsigned char)fminf(255.0f, 255.0f * albedo[k] * lit);
        }
    }
}

static int run_preview(const char *out, int argc, char **argv)
{
    float w[HEAD_MORPH_COUNT] = {0}, yaw = 0.0f;
    const char *maps_dir = NULL;
    for (int i = 0; i < argc; i++) {
        char name[64];
        float v;
        if (strcmp(argv[i], "--yaw") == 0 && i + 1 < argc) { yaw = strtof(argv[++i], NULL); continue; }
        if (strcmp(argv[i], "--maps") == 0 && i + 1 < argc) { maps_dir = argv[++i]; continue; }
        if (sscanf(argv[i], "%63[a-z_]=%f", name, &v) != 2 || head_shape_find(name) < 0) {
            fprintf(stderr, "bake_wrinkle: bad preview argument '%s' (want SHAPE=WEIGHT, --yaw DEG, --maps DIR)\n", argv[i]);
            return 2;
        }
        w[head_shape_find(name)] = v;
    }
    preview_maps maps = {.n = BAKE_SIZE};
    int rc = 0;
    if (maps_dir) {
        maps.base_n = load_map(maps_dir, "base_normal.png", 3, maps.n);
        maps.base_o = load_map(maps_dir, "base_occlusion.png", 1, maps.n);
        maps.mask = load_map(maps_dir, "mask.png", 4, maps.n);
        rc |= !maps.base_n || !maps.base_o || !maps.mask;
        for (int l = 0; l < WRINKLE_LAYER_COUNT; l++) {
            char name[96];
            snprintf(name, sizeof name, "%s_normal.png", head_shape_name(wrinkle_layer_defaults()[l].shape));
            maps.layer_n[l] = load_map(maps_dir, name, 3, maps.n);
            snprintf(name, sizeof name, "%s_occlusion.png", head_shape_name(wrinkle_layer_defaults()[l].shape));
            maps.layer_o[l] = load_map(maps_dir, name, 1, maps.n);
            rc |= !maps.layer_n[l] || !maps.layer_o[l];
        }
        wrinkle_select(wrinkle_layer_defaults(), WRINKLE_LAYER_COUNT, w, &maps.sel);
    }
    head_model h;
    if (rc || !head_build(&h, &(head_desc){0})) return 1;
    int n = h.skin.vertex_count;
    float (*pos)[3] = malloc((size_t)n * sizeof *pos), (*nrm)[3] = malloc((size_t)n * sizeof *nrm);
    head_apply_shapes(&h, w, pos, nrm);

    preview pv = {.w = 480, .h = 480, .maps = maps_dir ? &maps : NULL};
    pv.depth = malloc(sizeof(float) * (size_t)(pv.w * pv.h));
    pv.rgb = calloc((size_t)(pv.w * pv.h * 3), 1);
    for (int i = 0; i < pv.w * pv.h; i++) pv.depth[i] = 1e9f;
    mat4 proj, view, model;
    glm_perspective(glm_rad(maps_dir ? 22.0f : 30.0f), 1.0f, 0.05f, 5.0f, proj);
    glm_lookat((vec3){0.0f, 0.0f, 0.75f}, (vec3){0.0f, maps_dir ? -0.01f : -0.05f, 0.0f}, (vec3){0, 1, 0}, view);
    glm_rotate_make(model, glm_rad(yaw), (vec3){0, 1, 0});
    glm_mat4_mul(proj, view, pv.vp);
    glm_mat4_mul(pv.vp, model, pv.vp);
    glm_vec3_copy((vec3){0.5f, 0.6f, 0.8f}, pv.light);
    glm_vec3_rotate(pv.light, glm_rad(-yaw), (vec3){0, 1, 0});
    glm_vec3_normalize(pv.light);
    preview_mesh skin = {(const float (*)[3])pos, (const float (*)[3])nrm, (const float (*)[2])h.skin.uv,
                         (const float (*)[4])h.skin.tan, h.skin.idx, h.skin.index_count, 0};
    preview_mesh eyes = {(const float (*)[3])h.eyes.pos, (const float (*)[3])h.eyes.nrm, (const float (*)[2])h.eyes.uv,
                         (const float (*)[4])h.eyes.tan, h.eyes.idx, h.eyes.index_count, 1};
    for (int t = 0; t < skin.index_count; t += 3) preview_tri(&pv, &skin, t);
    for (int t = 0; t < eyes.index_count; t += 3) preview_tri(&pv, &eyes, t);
    if (!stbi_write_png(out, pv.w, pv.h, 3, pv.rgb, pv.w * 3)) {
        fprintf(stderr, "bake_wrinkle: cannot write %s\n", out);
        rc = 1;
    }
    free(pv.depth); free(pv.rgb); free(pos); free(nrm);
    stbi_image_free(maps.base_n); stbi_image_free(maps.base_o); stbi_image_free(maps.mask);
    for (int l = 0; l < WRINKLE_LAYER_COUNT; l++) { stbi_image_free(maps.layer_n[l]); stbi_image_free(maps.layer_o[l]); }
    head_free(&h);
    return rc;
}

/* ---- bake ---- */

/* A groove along a quadratic Bezier in sculpt coordinates (millimetres), mirrored to -x when
 * mirror is set; depth and width in millimetres. */
typedef struct groove {
    float p0[2], p1[2], p2[2];
    float depth, width;
    int mirror;
} groove;

#define MM 0.001f

/* The grooves and the face-part mask below are drawn in millimetres on the head before issue 51
 * (eyes 28 mm off the midline, nose tip at -36, mouth at -75.5, chin at -125 mm). The adult sculpt
 * moved those landmarks (head.h: eyes at 31, nose tip -31, mouth -67, chin -116.5): a sculpt point
 * maps back to that drawing's frame, piecewise linear in y between the landmarks and scaled in x
 * by the eyes' spacing, so every line lands on the same feature it was drawn for. */
static void drawn_frame(const vec3 s, float q[2])
{
    static const float now[4] = {HEAD_EYE_Y / MM, HEAD_NOSE_TIP_Y / MM, HEAD_MOUTH_Y / MM, HEAD_CHIN_Y / MM};
    static const float drawn[4] = {4.0f, -36.0f, -75.5f, -125.0f};
    float y = s[1] / MM, x = s[0] / MM * (28.0f / (HEAD_EYE_X / MM));
    if (y >= now[0]) q[1] = y;
    else if (y <= now[3]) q[1] = y - now[3] + drawn[3];
    else {
        int k = y > now[1] ? 0 : y > now[2] ? 1 : 2;
        float t = (y - now[k]) / (now[k + 1] - now[k]);
        q[1] = drawn[k] + t * (drawn[k + 1] - drawn[k]);
    }
    q[0] = x;
}


static const groove grooves_brow_raise[] = {
    {{-47, 41}, {-24, 44}, {-2, 40.5f}, 0.45f, 1.0f, 0}, {{2, 40.5f}, {24, 43.5f}, {47, 41.5f}, 0.45f, 1.0f, 0},
    {{-45, 50}, {-20, 53.5f}, {6, 50}, 0.5f, 1.1f, 0},   {{9, 50.5f}, {28, 53}, {44, 50}, 0.45f, 1.0f, 0},
    {{-42, 59}, {-22, 62}, {-3, 59.5f}, 0.4f, 1.0f, 0},  {{1, 59.5f}, {22, 62.5f}, {42, 59.5f}, 0.4f, 1.0f, 0},
    {{-36, 67.5f}, {-12, 70.5f}, {14, 68}, 0.3f, 0.9f, 0}, {{18, 68}, {28, 69.5f}, {37, 68}, 0.25f, 0.9f, 0},
    {{-26, 76}, {0, 78}, {26, 76}, 0.2f, 0.9f, 0},
};
static const groove grooves_frown[] = {
    {{4.5f, 17}, {5.0f, 27}, {8, 37}, 0.8f, 0.9f, 1},
    {{9.5f, 20}, {11, 28}, {14.5f, 34}, 0.5f, 0.8f, 1},
    {{15, 30}, {20, 33}, {26, 34}, 0.3f, 0.8f, 1},
};
static const groove grooves_squint[] = {
    {{50, 0}, {56, -4}, {60, -11}, 0.5f, 0.7f, 1},   {{51, 2}, {58, 0}, {65, -3}, 0.5f, 0.7f, 1},
    {{51, 5}, {58, 6}, {66, 7}, 0.45f, 0.7f, 1},     {{50, 8}, {56, 11}, {62, 15}, 0.4f, 0.7f, 1},
    {{20, -7}, {32, -12}, {45, -6}, 0.35f, 0.8f, 1}, {{24, -12}, {34, -16}, {44, -12}, 0.25f, 0.8f, 1},
};
static const groove grooves_smile[] = {
    {{21, -43}, {37, -67}, {30, -96}, 1.3f, 2.2f, 1},
    {{28, -40}, {43, -61}, {39, -86}, 0.45f, 1.2f, 1},
    {{27, -70}, {30, -75}, {31, -82}, 0.4f, 0.8f, 1},
    {{36, -18}, {44, -22}, {52, -20}, 0.3f, 0.9f, 1},
};
static const groove grooves_jaw_open[] = {
    {{-14, -96}, {0, -101}, {14, -96}, 0.7f, 1.6f, 0},
    {{27, -80}, {30, -90}, {27, -103}, 0.7f, 1.4f, 1},
    {{20, -105}, {26, -112}, {23, -122}, 0.35f, 1.2f, 1},
};
static const groove grooves_nose_wrinkle[] = {
    {{3, 6}, {8, 4}, {13, -2}, 0.5f, 0.8f, 1},    {{3, 1}, {8.5f, -1}, {14, -7}, 0.5f, 0.8f, 1},
    {{3.5f, -4}, {9, -6}, {15, -12}, 0.4f, 0.8f, 1}, {{-7, 14}, {0, 12.5f}, {7, 14}, 0.45f, 0.8f, 0},
    {{-6, 8.5f}, {0, 7.5f}, {6, 8.5f}, 0.35f, 0.7f, 0}, {{16, -33}, {20, -37}, {23, -43}, 0.3f, 0.8f, 1},
};

typedef struct layer_grooves {
    const groove *g;
    int count;
} layer_grooves;

#define GROOVES(a) {a, (int)(sizeof a / sizeof a[0])}
static const layer_grooves bake_layers[HEAD_SHAPE_COUNT] = {
    [HEAD_BROW_RAISE] = GROOVES(grooves_brow_raise), [HEAD_FROWN] = GROOVES(grooves_frown),
    [HEAD_SMILE] = GROOVES(grooves_smile),           [HEAD_SQUINT] = GROOVES(grooves_squint),
    [HEAD_JAW_OPEN] = GROOVES(grooves_jaw_open),     [HEAD_NOSE_WRINKLE] = GROOVES(grooves_nose_wrinkle),
};

static void bezier(const groove *g, float sx, float t, float out[2])
{
    float a = (1 - t) * (1 - t), b = 2 * (1 - t) * t, c = t * t;
    out[0] = sx * (a * g->p0[0] + b * g->p1[0] + c * g->p2[0]);
    out[1] = a * g->p0[1] + b * g->p1[1] + c * g->p2[1];
}

/* Distance (mm) from q to the curve and the curve parameter of the nearest point. */
static float groove_distance(const groove *g, float sx, const float q[2], float *t_out)
{
    enum { SEG = 24 };
    float best = 1e9f, best_t = 0.0f, a[2], b[2];
    bezier(g, sx, 0.0f, a);
    for (int i = 1; i <= SEG; i++) {
        bezier(g, sx, (float)i / SEG, b);
        float ex = b[0] - a[0], ey = b[1] - a[1], len2 = ex * ex + ey * ey;
        float s = len2 > 0 ? glm_clamp(((q[0] - a[0]) * ex + (q[1] - a[1]) * ey) / len2, 0.0f, 1.0f) : 0.0f;
        float dx = a[0] + s * ex - q[0], dy = a[1] + s * ey - q[1], d = dx * dx + dy * dy;
        if (d < best) { best = d; best_t = ((float)(i - 1) + s) / SEG; }
        a[0] = b[0]; a[1] = b[1];
    }
    *t_out = best_t;
    return sqrtf(best);
}

/* Grooves are drawn wider and deeper than real skin folds so they still read at the few pixels a
 * face covers on screen. */
#define GROOVE_WIDEN 1.5f
#define GROOVE_DEEPEN 1.6f

/* Height (m) and occlusion of one layer's grooves at a sculpt point. The wobble keeps the lines
 * from looking drawn with a ruler. */
static void layer_relief(const layer_grooves *L, const vec3 s, float *height, float *occ)
{
    *height = 0.0f;
    *occ = 1.0f;
    if (s[2] <= 0.0f) return;
    float q[2];
    drawn_frame(s, q);
    q[1] += 0.7f * stb_perlin_noise3(q[0] * 0.09f, q[1] * 0.05f, 3.7f, 0, 0, 0);
    for (int i = 0; i < L->count; i++) {
        const groove *g = &L->g[i];
        for (int side = 0; side < (g->mirror ? 2 : 1); side++) {
            float t, d = groove_distance(g, side ? -1.0f : 1.0f, q, &t);
            float width = g->width * GROOVE_WIDEN, depth = g->depth * GROOVE_DEEPEN;
            if (d > 4.0f * width) continue;
            float taper = powf(fmaxf(sinf(GLM_PIf * t), 0.0f), 0.7f), x = d / width, x2 = d / (2.2f * width);
            *height -= MM * depth * taper * (expf(-x * x) - 0.3f * expf(-x2 * x2));
            float c = glm_clamp(0.6f * taper * depth * expf(-x * x / 1.44f), 0.0f, 0.95f);
            *occ *= 1.0f - c;
        }
    }
}

static float base_height(const vec3 p, const vec3 s)
{
    /* pores, and fine vertical lines on the lips */
    float h = 0.00003f * (stb_perlin_noise3(p[0] * 450.0f, p[1] * 450.0f, p[2] * 450.0f, 0, 0, 0)
                         + 0.5f * stb_perlin_noise3(p[0] * 1100.0f, p[1] * 1100.0f, p[2] * 1100.0f, 0, 0, 0));
    float lips = (1.0f - glm_smoothstep(0.016f, 0.022f, fabsf(s[0]))) * (1.0f - glm_smoothstep(0.007f, 0.011f, fabsf(s[1] - HEAD_MOUTH_Y)))
               * (s[2] > 0.0f ? 1.0f : 0.0f);
    float c = 0.5f + 0.5f * cosf(2.0f * GLM_PIf * s[0] / 0.0016f);
    return h - 0.00006f * lips * c * c * c * c;
}

static void face_mask(const vec3 s, float m[4])
{
    float q[2];
    drawn_frame(s, q);
    float x = fabsf(q[0]), y = q[1];
    float front = glm_smoothstep(0.005f, 0.03f, s[2]);
    m[0] = glm_smoothstep(31, 38, y) * (1 - glm_smoothstep(88, 100, y)) * (1 - glm_smoothstep(48, 60, x));
    float ex = (x - 38) / 31, ey = (y - 2) / 18;
    m[1] = 1 - glm_smoothstep(0.6f, 1.0f, ex * ex + ey * ey);
    float w = y > 0 ? 12.0f : 12.0f + glm_clamp(-y / 50.0f, 0.0f, 1.0f) * 12.0f;
    m[2] = (1 - glm_smoothstep(w - 4, w + 2, x)) * glm_smoothstep(-60, -52, y) * (1 - glm_smoothstep(40, 48, y));
    m[3] = (1 - glm_smoothstep(-22, -14, y)) * glm_smoothstep(-132, -120, y) * (1 - glm_smoothstep(55, 66, x));
    for (int k = 0; k < 4; k++) m[k] *= front;
}

typedef struct texel_geo {
    vec3 p, s, n;      /* skin point, sculpt point, geometric normal */
    float len_u, len_v; /* metres per unit of u and v */
} texel_geo;

static texel_geo *bake_geometry(int n)
{
    texel_geo *g = malloc(sizeof *g * (size_t)n * (size_t)n);
    if (!g) return NULL;
    const float e = 0.25f / n;
    for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
            texel_geo *t = &g[y * n + x];
            float u = (x + 0.5f) / n, v = 1.0f - (y + 0.5f) / n;
            vec3 a, b, c, d, du, dv;
            head_surface_point(u, v, t->p);
            head_sculpt_point(u, v, t->s);
            head_surface_point(u - e, v, a);
            head_surface_point(u + e, v, b);
            head_surface_point(u, v - e, c);
            head_surface_point(u, v + e, d);
            glm_vec3_sub(b, a, du);
            glm_vec3_sub(d, c, dv);
            t->len_u = glm_vec3_norm(du) / (2 * e);
            t->len_v = glm_vec3_norm(dv) / (2 * e);
            glm_vec3_cross(du, dv, t->n);
            if (glm_vec3_norm2(t->n) < 1e-20f) glm_vec3_normalize_to(t->p, t->n);
            glm_vec3_normalize(t->n);
        }
    }
    return g;
}

/* Tangent-space normals of a height field (metres) sampled on the texel grid. */
static void height_to_normals(const texel_geo *g, const float *h, int n, unsigned char *rgb)
{
    for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
            const texel_geo *t = &g[y * n + x];
            int xl = x > 0 ? x - 1 : x, xr = x < n - 1 ? x + 1 : x;
            int yu = y > 0 ? y - 1 : y, yd = y < n - 1 ? y + 1 : y; /* row y - 1 is higher v */
            float st = xr > xl && t->len_u > 1e-6f ? (h[y * n + xr] - h[y * n + xl]) / (t->len_u * (float)(xr - xl) / n) : 0.0f;
            float sb = yd > yu && t->len_v > 1e-6f ? (h[yu * n + x] - h[yd * n + x]) / (t->len_v * (float)(yd - yu) / n) : 0.0f;
            vec3 nn = {-st, -sb, 1.0f};
            glm_vec3_normalize(nn);
            for (int k = 0; k < 3; k++) rgb[(y * n + x) * 3 + k] = (unsigned char)lrintf(glm_clamp(nn[k] * 0.5f + 0.5f, 0, 1) * 255.0f);
        }
    }
}

static float ambient_occlusion(const head_model *h, const texel_geo *t, float spin)
{
    enum { DIRS = 24 };
    static const float steps[] = {0.0008f, 0.0015f, 0.0025f, 0.004f, 0.006f, 0.009f, 0.013f, 0.018f, 0.025f, 0.034f};
    vec3 tx, ty;
    vec3 up = {0, 1, 0};
    if (fabsf(t->n[1]) > 0.9f) glm_vec3_copy((vec3){1, 0, 0}, up);
    glm_vec3_crossn(up, (float *)t->n, tx);
    glm_vec3_cross((float *)t->n, tx, ty);
    float open = 0.0f;
    for (int i = 0; i < DIRS; i++) {
        /* cosine-weighted directions on a golden-angle spiral, turned per texel so the few
         * directions give noise (blurred away later) instead of contour bands */
        float r = sqrtf((i + 0.5f) / DIRS), a = (float)i * 2.39996f + spin;
        vec3 d;
        glm_vec3_scale(tx, r * cosf(a), d);
        glm_vec3_muladds(ty, r * sinf(a), d);
        glm_vec3_muladds((float *)t->n, sqrtf(1.0f - r * r), d);
        bool hit = false;
        for (size_t k = 0; k < sizeof steps / sizeof steps[0] && !hit; k++) {
            vec3 q;
            glm_vec3_copy((float *)t->p, q);
            glm_vec3_muladds(d, steps[k], q);
            hit = head_inside(h, q);
        }
        open += hit ? 0.0f : 1.0f;
    }
    return 0.2f + 0.8f * powf(open / DIRS, 1.5f);
}

/* 5 x 5 box blur, clamped at the borders. */
static void blur5(const float *in, float *out, int n)
{
    for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
            float sum = 0.0f;
            for (int dy = -2; dy <= 2; dy++)
                for (int dx = -2; dx <= 2; dx++) {
                    int xx = glm_clamp(x + dx, 0, n - 1), yy = glm_clamp(y + dy, 0, n - 1);
                    sum += in[yy * n + xx];
                }
            out[y * n + x] = sum / 25.0f;
        }
    }
}

static int write_png(const char *dir, const char *name, int n, int comp, const unsigned char *data)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (!stbi_write_png(path, n, n, comp, data, n * comp)) {
        fprintf(stderr, "bake_wrinkle: cannot write %s\n", path);
        return 1;
    }
    printf("bake_wrinkle: wrote %s\n", path);
    return 0;
}

static int run_bake(const char *dir)
{
    const int n = BAKE_SIZE;
    head_model h;
    if (!head_build(&h, &(head_desc){0})) return 1;
    texel_geo *g = bake_geometry(n);
    float *height = malloc(sizeof(float) * (size_t)(n * n)), *ao = malloc(sizeof(float) * (size_t)(n * n));
    unsigned char *rgb = malloc((size_t)(n * n * 4)), *gray = malloc((size_t)(n * n));
    int rc = 0;
    if (!g || !height || !ao || !rgb || !gray) { fprintf(stderr, "bake_wrinkle: out of memory\n"); rc = 1; goto done; }

    for (int i = 0; i < n * n; i++) height[i] = ambient_occlusion(&h, &g[i], (float)((i * 2654435761u) >> 8 & 1023) / 1024.0f * 6.2832f);
    blur5(height, ao, n);
    for (int i = 0; i < n * n; i++) {
        gray[i] = (unsigned char)lrintf(ao[i] * 255.0f);
        height[i] = base_height(g[i].p, g[i].s);
    }
    height_to_normals(g, height, n, rgb);
    rc |= write_png(dir, "base_normal.png", n, 3, rgb);
    rc |= write_png(dir, "base_occlusion.png", n, 1, gray);

    const wrinkle_layer_def *layers = wrinkle_layer_defaults();
    for (int l = 0; l < WRINKLE_LAYER_COUNT; l++) {
        for (int i = 0; i < n * n; i++) {
            float occ;
            layer_relief(&bake_layers[layers[l].shape], g[i].s, &height[i], &occ);
            gray[i] = (unsigned char)lrintf(occ * 255.0f);
        }
        char name[96];
        height_to_normals(g, height, n, rgb);
        snprintf(name, sizeof name, "%s_normal.png", head_shape_name(layers[l].shape));
        rc |= write_png(dir, name, n, 3, rgb);
        snprintf(name, sizeof name, "%s_occlusion.png", head_shape_name(layers[l].shape));
        rc |= write_png(dir, name, n, 1, gray);
    }

    for (int i = 0; i < n * n; i++) {
        float m[4];
        face_mask(g[i].s, m);
        for (int k = 0; k < 4; k++) rgb[i * 4 + k] = (unsigned char)lrintf(m[k] * 255.0f);
    }
    rc |= write_png(dir, "mask.png", n, 4, rgb);
done:
    free(g); free(height); free(ao); free(rgb); free(gray);
    head_free(&h);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc >= 3 && strcmp(argv[1], "--preview") == 0) return run_preview(argv[2], argc - 3, argv + 3);
    if (argc > 2 || (argc == 2 && argv[1][0] == '-')) {
        fprintf(stderr, "usage: bake_wrinkle [OUTDIR] | --preview OUT.png [SHAPE=W ...] [--yaw DEG] [--maps DIR]\n");
        return 2;
    }
    return run_bake(argc == 2 ? argv[1] : "assets/wrinkle");
}
