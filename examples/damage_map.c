/* damage_map.c — the damage-map technique on a mesh of its own: a barrel (side and bottom, mesh 0)
 * with a lid (mesh 1) that turns faster than the barrel, three charts in one 512² atlas. Shots at
 * world points open holes with hot, cooling rims; each hole stays on its mesh as the mesh turns on.
 * --check reads the damage map back: holes where it shot and nowhere else (exit 1 if not).
 *
 *   build/bin/damage_map                       a window: space shoots, R repairs, Esc quits
 *   build/bin/damage_map --headless --frames 40 --screenshot barrel.png --check
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "common.h"
#include "damage/damage.h"
#include "gfx/dump.h"
#include "gfx/renderer.h"
#include "gfx/timer.h"

enum { ATLAS = 512, SEG = 48, RINGS = 8, MAXV = 600, MAXI = 4000, MAX_SHOTS = 64 };
#define R 0.45f       /* barrel radius, m */
#define H 1.1f        /* barrel height, m */
#define TEXELS 150.0f /* atlas texels per metre, every chart alike */

typedef struct part {
    float pos[MAXV][3], nrm[MAXV][3], uv[MAXV][2];
    int chart[MAXV], nv, ni;
    uint32_t idx[MAXI];
} part;

static part body, lid; /* mesh 0: side (chart 0) and bottom (chart 1); mesh 1: lid (chart 2) */

/* u, v in atlas texels */
static uint32_t vert(part *p, const float x[3], const float n[3], float u, float v, int chart)
{
    for (int k = 0; k < 3; k++) p->pos[p->nv][k] = x[k], p->nrm[p->nv][k] = n[k];
    p->uv[p->nv][0] = u / ATLAS, p->uv[p->nv][1] = v / ATLAS;
    p->chart[p->nv] = chart;
    return (uint32_t)p->nv++;
}

static void tri(part *p, uint32_t a, uint32_t b, uint32_t c) { p->idx[p->ni++] = a, p->idx[p->ni++] = b, p->idx[p->ni++] = c; }

/* A disc at height y facing up (+1) or down (-1), its chart a square at texel (x0, y0). */
static void cap(part *p, float y, float up, int chart, float x0, float y0)
{
    const float n[3] = {0, up, 0}, c = R * TEXELS;
    const uint32_t mid = vert(p, (float[3]){0, y, 0}, n, x0 + c, y0 + c, chart);
    for (int i = 0; i <= SEG; i++) {
        const float a = 2.0f * GLM_PIf * (float)i / SEG;
        vert(p, (float[3]){R * sinf(a), y, R * cosf(a)}, n, x0 + c + c * sinf(a), y0 + c + c * cosf(a), chart);
        const uint32_t a0 = mid + (uint32_t)i, a1 = a0 + 1;
        if (i) up > 0 ? tri(p, mid, a0, a1) : tri(p, mid, a1, a0);
    }
}

static void build_barrel(void)
{
    /* the side unrolled: 2 pi R by H metres at TEXELS per metre, 8 texels from the atlas' corner */
    for (int j = 0; j <= RINGS; j++)
        for (int i = 0; i <= SEG; i++) {
            const float a = 2.0f * GLM_PIf * (float)i / SEG, y = H * (float)j / RINGS;
            vert(&body, (float[3]){R * sinf(a), y, R * cosf(a)}, (float[3]){sinf(a), 0, cosf(a)},
                 8 + 2 * GLM_PIf * R * TEXELS * (float)i / SEG, 8 + H * TEXELS * (float)j / RINGS, 0);
            const uint32_t k = (uint32_t)(j * (SEG + 1) + i);
            if (i < SEG && j < RINGS) tri(&body, k, k + 1, k + SEG + 2), tri(&body, k, k + SEG + 2, k + SEG + 1);
        }
    cap(&body, 0, -1, 1, 8, 190);
    cap(&lid, 0, 1, 2, 160, 190); /* the lid's own space: its centre at the origin */
}

/* The pose at time t: the barrel turns slowly, the lid on it faster. */
static void pose_at(float t, mat4 models[2])
{
    glm_translate_make(models[0], (vec3){0, 0.02f, 0});
    glm_rotate_y(models[0], 0.4f * t, models[0]);
    glm_translate_to(models[0], (vec3){0, H, 0}, models[1]);
    glm_rotate_y(models[1], 2.5f * t, models[1]);
}

typedef struct shot {
    int frame, mesh;
    float local[3], radius; /* where on the mesh, in its own space */
    float world[3];         /* filled when fired */
    mat4 models[2];         /* the pose it was fired at */
} shot;

static shot shots[MAX_SHOTS] = {
    {4, 0, {0.0f, 0.55f, R}, 0.07f},      /* the side, facing the camera at t = 0 */
    {12, 0, {R * 0.7071f, 0.3f, R * 0.7071f}, 0.05f},
    {20, 1, {0.22f, 0, 0.08f}, 0.06f},    /* the lid, off its centre: it carries the hole round */
    {28, 0, {-R, 0.8f, 0.0f}, 0.09f},     /* the side, round to the left */
};
static int nshots = 4, fired = 0;

static float rnd(void) { return (float)rand() / (float)RAND_MAX; }

static void fire(damage_map *dm, shot *s, float t)
{
    pose_at(t, s->models);
    glm_mat4_mulv3(s->models[s->mesh], s->local, 1.0f, s->world);
    damage_blast(dm, s->world, s->radius, &(damage_pose){.models = (const mat4 *)s->models});
}

typedef struct texel_at {
    int mesh;
    float pos[3];
} texel_at;

static void on_texel(void *user, int mesh, int chart, int t, int x, int y, const float w[3])
{
    (void)chart;
    texel_at *at = (texel_at *)user + y * ATLAS + x;
    const part *p = mesh ? &lid : &body;
    at->mesh = mesh;
    for (int k = 0; k < 3; k++)
        at->pos[k] = w[0] * p->pos[p->idx[t]][k] + w[1] * p->pos[p->idx[t + 1]][k] + w[2] * p->pos[p->idx[t + 2]][k];
}

/* The property: every surface texel within 0.95 r of a shot (in its mesh's space at that shot's
 * pose) is a hole; nothing is written beyond the scorch's reach of every shot, nor off the charts. */
static bool check(damage_map *dm, const damage_mesh meshes[2])
{
    texel_at *at = calloc(ATLAS * ATLAS, sizeof *at);
    unsigned char *px = malloc(ATLAS * ATLAS * 4);
    for (int i = 0; at && i < ATLAS * ATLAS; i++) at[i].mesh = -1;
    if (!at || !px || !gfx_texture_read_rgba8(damage_map_raw_texture(dm), ATLAS, ATLAS, px)) {
        free(at), free(px);
        return false;
    }
    damage_surface_raster(meshes, 2, ATLAS, on_texel, at);
    int holes = 0, missed = 0, stray = 0, per_shot[MAX_SHOTS] = {0};
    for (int i = 0; i < ATLAS * ATLAS; i++) {
        const unsigned char *p = px + 4 * i;
        const bool written = p[0] | p[1] | p[2] | p[3];
        float near = 1e9f;
        for (int s = 0; s < fired && at[i].mesh >= 0; s++) {
            mat4 inv;
            vec3 c;
            glm_mat4_inv(shots[s].models[at[i].mesh], inv);
            glm_mat4_mulv3(inv, shots[s].world, 1.0f, c);
            const float d = glm_vec3_distance(c, at[i].pos) / shots[s].radius;
            if (d < 0.95f) per_shot[s]++, missed += p[0] == 0;
            near = fminf(near, d);
        }
        holes += p[0] > 0;
        stray += written && near > DAMAGE_SCORCH_REACH * 1.05f;
    }
    bool ok = missed == 0 && stray == 0;
    for (int s = 0; s < fired; s++) ok = ok && per_shot[s] > 20;
    printf("damage_map: check %s: %d shots, %d hole texels, %d missed inside a sphere, %d written outside every reach\n",
           ok ? "ok" : "FAILED", fired, holes, missed, stray);
    free(at);
    free(px);
    return ok;
}

int main(int argc, char **argv)
{
    example ex = {.name = "damage_map", .keys = "space  shoot the barrel at a random point\nR      repair (clear the map)\n"};
    example_init(&ex, argc, argv);
    gfx_timers_init();
    build_barrel();
    damage_mesh meshes[2];
    for (int m = 0; m < 2; m++) {
        const part *p = m ? &lid : &body;
        meshes[m] = (damage_mesh){.positions = (const float (*)[3])p->pos, .normals = (const float (*)[3])p->nrm,
                                  .uvs = (const float (*)[2])p->uv, .charts = p->chart, .indices = p->idx,
                                  .vertex_count = p->nv, .index_count = p->ni};
    }
    glm_vec3_copy((vec3){0.30f, 0.05f, 0.03f}, meshes[0].paint); /* red paint; the lid keeps the default grey */
    damage_map *dm = damage_map_create(&(damage_map_desc){.meshes = meshes, .mesh_count = 2, .atlas_size = ATLAS,
                                                          .chart_count = 3});
    renderer *r = renderer_create(&(renderer_desc){.width = ex.width, .height = ex.height, .shadow_size = 1024});
    if (!dm || !r) return 1;
    renderer_set_shadow_focus(r, (vec3){0, 0.6f, 0}, 1.6f);
    vec3 eye = {1.3f, 1.85f, 2.0f};
    mat4 view, proj, models[2];
    glm_lookat(eye, (vec3){0, 0.5f, 0}, (vec3){0, 1, 0}, view);
    glm_perspective(glm_rad(45.0f), (float)ex.width / (float)ex.height, 0.1f, 100.0f, proj);
    while (example_frame(&ex)) {
        while (fired < nshots && shots[fired].frame <= ex.frame) fire(dm, &shots[fired++], ex.time);
        if (example_key(&ex, ' ') && fired == nshots && nshots < MAX_SHOTS) { /* a random point on the side, now */
            const float a = 2.0f * GLM_PIf * rnd(), y = 0.1f + 0.9f * rnd();
            shots[nshots] = (shot){ex.frame, 0, {R * sinf(a), y, R * cosf(a)}, 0.04f + 0.05f * rnd()};
            fire(dm, &shots[nshots++], ex.time);
            fired++;
        }
        if (example_key(&ex, 'R')) damage_map_clear(dm), nshots = fired = 0;
        damage_map_update(dm, EXAMPLE_DT);
        damage_map_prepare(dm, NULL); /* the due passes: unwrap, dilate, fade */
        pose_at(ex.time, models);
        const damage_draw_desc draw = {.pose = {.models = (const mat4 *)models}};
        renderer_begin_frame(r, view, proj, eye, ex.time);
        renderer_shadow_begin(r);
        damage_draw(dm, &draw, DAMAGE_PASS_SHADOW);
        renderer_shadow_end(r);
        renderer_main_begin(r);
        renderer_draw_ground(r);
        damage_draw(dm, &draw, DAMAGE_PASS_MAIN);
        renderer_opaque_end(r);
        renderer_finish(r);
        example_present(&ex, renderer_output(r));
        gfx_timers_frame_end();
    }
    bool ok = example_screenshot(&ex, renderer_final(r));
    if (ex.check) ok = check(dm, meshes) && ok;
    damage_map_destroy(dm);
    renderer_destroy(r);
    gfx_timers_shutdown();
    example_shutdown(&ex);
    return ok ? 0 : 1;
}
