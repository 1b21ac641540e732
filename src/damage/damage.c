#include "damage/damage.h"
#include "base/alloc.h"

#include <assert.h>
#include <stddef.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "damage/damage_look.h"
#include "gfx/dump.h"
#include "gfx/mesh_gl.h"
#include "gfx/bench.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/target.h"
#include "gfx/texture.h"
#include "gfx/timer.h"

/* Fade steps per frame at most: after a stall the map catches up over a few frames. */
#define DAMAGE_MAX_FADES_PER_FRAME 3

typedef struct damage__armor_uniforms {
    GLint model, albedo, skin, skin_on;
    dissolve_uniforms dissolve;
} damage__armor_uniforms;

/* A run of consecutive armor triangles (the builders emit them strip by strip, so a run is one
 * compact piece of a panel) with a bounding sphere in plate-local space. */
enum { DAMAGE_CLUSTER_TRIS = 24 };
typedef struct damage__cluster {
    float c[3], r;
    int first_tri, tris;      /* triangles of the merged armor mesh */
} damage__cluster;

/* A vertex of the culled unwrap's stream: a corner of a UV scissor and the sphere it is for. */
typedef struct damage__vert {
    float uv[2], sphere;
} damage__vert;

struct damage_map {
    damage_map_desc d;
    int size;
    int plate_count;
    int plate_first[ROBOT_PLATE_COUNT], plate_indices[ROBOT_PLATE_COUNT];
    vec3 plate_albedo[ROBOT_PLATE_COUNT];
    vec3 plate_center[ROBOT_PLATE_COUNT];
    mat4 rest[ROBOT_PLATE_COUNT];      /* plate -> bind space: the model of a skinned plate */
    float plate_radius[ROBOT_PLATE_COUNT];
    gfx_mesh armor;
    /* the culled unwrap: bounds to find what each sphere reaches, its scissors drawn from a stream */
    uint32_t *idx;                   /* the merged armor mesh's indices */
    float (*pos)[3], (*uv)[2];       /* its plate-local positions and atlas uv */
    float (*tri_bound)[4];           /* per triangle: plate-local centre, radius */
    damage__cluster *clusters;
    int plate_cluster[ROBOT_PLATE_COUNT + 1]; /* clusters of plate p: [plate_cluster[p], plate_cluster[p + 1]) */
    int *tri_chart;                  /* per triangle: its atlas chart */
    gfx_target positions;            /* RGBA32F: bind-space position per armor texel, a = plate + 1 */
    GLuint prog_positions, prog_unwrap_map;
    GLint positions_model, positions_plate;
    GLint map_spheres, map_count, map_attached;
    GLuint unwrap_vao, unwrap_vbo;
    damage__vert *cull;
    int cull_cap;
    gfx_target raw, map;
    gfx_pingpong fading;
    GLuint island_tex, cut_tex;
    GLuint detail_tex;               /* baked panel detail in the atlas (assets/damage/armor_detail.png) */
    GLuint layout_tex;               /* the atlas layout for the panels: charts dim, their outlines brighter */
    GLuint prog_unwrap, prog_dilate, prog_cut, prog_armor, prog_armor_shadow, prog_panel;
    gfx_mesh panel;
    GLint panel_model;
    /* uniform locations, looked up once after linking */
    GLint unwrap_model, unwrap_spheres, unwrap_count, dilate_fade, dilate_sub;
    damage__armor_uniforms armor_u[2]; /* per damage_pass */
    float (*queue)[4];           /* grows; the unwrap takes up to max_spheres of it per frame */
    int queued, queue_cap;
    bool needs_dilate, cut_pending;
    float fade_accum;
    int fade_due, fade_steps_left, fade_steps_full;
    damage_map_stats st;
};

int damage_fade_steps_to_zero(float factor)
{
    /* the GPU writes round-to-nearest of the shader's float into 8 bits; mirror it */
    int v = 255, steps = 0;
    while (v > 0 && steps < 10000) {
        float x = (float)v * factor - 1.0f;
        v = x <= 0.0f ? 0 : (int)lroundf(x);
        steps++;
    }
    return steps;
}

/* Bounding spheres of every armor triangle and of every cluster, in plate-local space, and the
 * triangles' positions and uv the culled unwrap clips to find each sphere's scissors. */
static bool build_bounds(damage_map *dm, const mesh_data *all)
{
    const int tris = all->index_count / 3;
    int nclusters = 0;
    for (int p = 0; p < dm->plate_count; p++) nclusters += (dm->plate_indices[p] / 3 + DAMAGE_CLUSTER_TRIS - 1) / DAMAGE_CLUSTER_TRIS;
    dm->idx = malloc((size_t)all->index_count * sizeof *dm->idx);
    dm->pos = malloc((size_t)all->vertex_count * sizeof *dm->pos);
    dm->uv = malloc((size_t)all->vertex_count * sizeof *dm->uv);
    dm->tri_bound = malloc((size_t)tris * sizeof *dm->tri_bound);
    dm->clusters = malloc((size_t)nclusters * sizeof *dm->clusters);
    if (!dm->idx || !dm->pos || !dm->uv || !dm->tri_bound || !dm->clusters) {
        log_error("damage: out of memory for the unwrap's bounds");
        return false;
    }
    memcpy(dm->idx, all->idx, (size_t)all->index_count * sizeof *dm->idx);
    memcpy(dm->pos, all->pos, (size_t)all->vertex_count * sizeof *dm->pos);
    memcpy(dm->uv, all->uv, (size_t)all->vertex_count * sizeof *dm->uv);
    for (int t = 0; t < tris; t++) {
        const float *a = all->pos[all->idx[3 * t]], *b = all->pos[all->idx[3 * t + 1]], *c = all->pos[all->idx[3 * t + 2]];
        float *o = dm->tri_bound[t];
        for (int k = 0; k < 3; k++) o[k] = (a[k] + b[k] + c[k]) / 3.0f;
        o[3] = fmaxf(glm_vec3_distance(o, (float *)a), fmaxf(glm_vec3_distance(o, (float *)b), glm_vec3_distance(o, (float *)c)));
    }
    int k = 0;
    for (int p = 0; p < dm->plate_count; p++) {
        dm->plate_cluster[p] = k;
        const int t0 = dm->plate_first[p] / 3, t1 = t0 + dm->plate_indices[p] / 3;
        for (int t = t0; t < t1; t += DAMAGE_CLUSTER_TRIS, k++) {
            damage__cluster *cl = &dm->clusters[k];
            cl->first_tri = t;
            cl->tris = t1 - t < DAMAGE_CLUSTER_TRIS ? t1 - t : DAMAGE_CLUSTER_TRIS;
            vec3 lo = {1e30f, 1e30f, 1e30f}, hi = {-1e30f, -1e30f, -1e30f};
            for (int i = t; i < t + cl->tris; i++) {
                glm_vec3_minv(lo, (float *)dm->tri_bound[i], lo);
                glm_vec3_maxv(hi, (float *)dm->tri_bound[i], hi);
            }
            glm_vec3_center(lo, hi, cl->c);
            cl->r = 0;
            for (int i = t; i < t + cl->tris; i++) cl->r = fmaxf(cl->r, glm_vec3_distance(cl->c, (float *)dm->tri_bound[i]) + dm->tri_bound[i][3]);
        }
    }
    dm->plate_cluster[dm->plate_count] = k;
    return true;
}

/* Every armor texel's bind-space position and plate, rasterized once exactly as the unwrap of the
 * whole plates would (uv * 2 - 1, texel centres): what the unwrap's footprint quads read. */
static void bake_positions(damage_map *dm)
{
    gfx_target_bind(&dm->positions);
    glClearColor(0, 0, 0, 0);
    gfx_state_clear(GL_COLOR_BUFFER_BIT);
    gfx_state_set(GFX_STATE_FULLSCREEN);
    glUseProgram(dm->prog_positions);
    for (int p = 0; p < dm->plate_count; p++) {
        glUniformMatrix4fv(dm->positions_model, 1, GL_FALSE, (const float *)dm->rest[p]);
        glUniform1i(dm->positions_plate, p);
        gfx_mesh_draw_range(&dm->armor, dm->plate_first[p], dm->plate_indices[p]);
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

/* The culled unwrap's stream: one VAO over a vertex buffer refilled per pass. */
static bool build_stream(damage_map *dm)
{
    GLint sphere = glGetAttribLocation(dm->prog_unwrap_map, "a_sphere");
    if (sphere < 0) {
        log_error("damage: shaders/damage_unwrap.vert has no a_sphere");
        return false;
    }
    glGenVertexArrays(1, &dm->unwrap_vao);
    glBindVertexArray(dm->unwrap_vao);
    glGenBuffers(1, &dm->unwrap_vbo);
    glBindBuffer(GL_ARRAY_BUFFER, dm->unwrap_vbo);
    const GLsizei stride = sizeof(damage__vert);
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, stride, (const void *)offsetof(damage__vert, uv));
    glEnableVertexAttribArray((GLuint)sphere);
    glVertexAttribPointer((GLuint)sphere, 1, GL_FLOAT, GL_FALSE, stride, (const void *)offsetof(damage__vert, sphere));
    glBindVertexArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    gfx_label(GL_VERTEX_ARRAY, dm->unwrap_vao, "damage.unwrap_culled");
    return true;
}

static bool build_armor_mesh(damage_map *dm, const robot *r)
{
    mesh_data all = {0};
    int verts = 0, tris = 0;
    for (int p = 0; p < r->plate_count; p++) {
        verts += r->plates[p].mesh.vertex_count;
        tris += r->plates[p].mesh.index_count / 3;
    }
    dm->tri_chart = malloc((size_t)tris * sizeof *dm->tri_chart);
    /* every plate's baked weights, next to its vertices in the merged mesh */
    uint8_t (*bone)[4] = malloc((size_t)verts * sizeof *bone);
    float (*weight)[4] = malloc((size_t)verts * sizeof *weight);
    for (int p = 0; p < r->plate_count && bone && weight && dm->tri_chart; p++) {
        const int first = all.vertex_count;
        dm->plate_first[p] = all.index_count;
        mesh_append(&all, &r->plates[p].mesh, GLM_MAT4_IDENTITY);
        dm->plate_indices[p] = all.index_count - dm->plate_first[p];
        glm_vec3_copy((float *)r->plates[p].center, dm->plate_center[p]);
        dm->plate_radius[p] = r->plates[p].radius;
        glm_mat4_copy((vec4 *)r->plates[p].rest, dm->rest[p]);
        for (int t = 0; t < r->plates[p].mesh.index_count; t += 3) dm->tri_chart[(dm->plate_first[p] + t) / 3] = r->plates[p].chart[r->plates[p].mesh.idx[t]];
        memcpy(bone + first, r->plates[p].skin.bone, (size_t)r->plates[p].skin.count * sizeof *bone);
        memcpy(weight + first, r->plates[p].skin.weight, (size_t)r->plates[p].skin.count * sizeof *weight);
    }
    bool ok = false;
    if (bone && weight && dm->tri_chart) {
        dm->plate_count = r->plate_count;
        dm->armor = gfx_mesh_create(&all, "damage.armor");
        ok = dm->armor.vao != 0 && gfx_mesh_set_skin(&dm->armor, (const uint8_t (*)[4])bone, (const float (*)[4])weight) &&
             build_bounds(dm, &all);
    } else {
        log_error("damage: out of memory for the armor's skin");
    }
    mesh_data_free(&all);
    free(bone);
    free(weight);
    return ok;
}

/* Where each texel takes its value from, as one byte: 0 = nowhere (stays 0), else
 * 1 + (dy + 2) * 5 + (dx + 2) for the nearest island texel within 2 texels (13: itself). A
 * precomputed nearest source keeps dilation at two fetches per texel. */
static GLuint island_texture(const robot *r)
{
    const int n = r->atlas_size;
    int16_t *grid = malloc((size_t)n * n * sizeof *grid);
    unsigned char *code = malloc((size_t)n * n);
    GLuint tex = 0;
    if (grid && code) {
        robot_atlas_grid(r, grid);
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
                int best = 0, bd = 100;
                for (int dy = -2; dy <= 2; dy++)
                    for (int dx = -2; dx <= 2; dx++) {
                        int xx = x + dx, yy = y + dy, d = dx * dx + dy * dy;
                        if (xx < 0 || yy < 0 || xx >= n || yy >= n || grid[yy * n + xx] < 0 || d >= bd) continue;
                        bd = d;
                        best = 1 + (dy + 2) * 5 + (dx + 2);
                    }
                code[y * n + x] = (unsigned char)best;
            }
        tex = gfx_texture_create(&(gfx_texture_desc){.width = n, .height = n, .internal_format = GL_R8, .data = code,
                                                     .flags = GFX_TEX_NEAREST, .label = "damage.islands"});
    } else {
        log_error("damage: out of memory for the island mask");
    }
    free(grid);
    free(code);
    return tex;
}

/* How far a sphere reaches, in units of its radius: the scorch (A) is the widest channel. */
static float sphere_reach(const float s[4]) { return fabsf(s[3]) * DAMAGE_SCORCH_REACH; }

/* Only plates a sphere can reach are rasterized: the unwrap costs what the blast touches. */
static bool plate_reached(const damage_map *dm, int p, mat4 model, const float (*spheres)[4], int n)
{
    vec3 c;
    glm_mat4_mulv3(model, (float *)dm->plate_center[p], 1.0f, c);
    for (int i = 0; i < n; i++)
        if (glm_vec3_distance(c, (float *)spheres[i]) < dm->plate_radius[p] + sphere_reach(spheres[i])) return true;
    return false;
}

/* Locations once per program; samplers are fixed units, set here for good. */
static void damage__uniforms(damage_map *dm)
{
    dm->unwrap_model = gfx_uniform(dm->prog_unwrap, "u_model");
    dm->unwrap_spheres = gfx_uniform(dm->prog_unwrap, "u_spheres");
    dm->unwrap_count = gfx_uniform(dm->prog_unwrap, "u_count");
    dm->positions_model = gfx_uniform(dm->prog_positions, "u_model");
    dm->positions_plate = gfx_uniform(dm->prog_positions, "u_plate");
    dm->map_spheres = gfx_uniform(dm->prog_unwrap_map, "u_spheres");
    dm->map_count = gfx_uniform(dm->prog_unwrap_map, "u_count");
    dm->map_attached = gfx_uniform(dm->prog_unwrap_map, "u_attached");
    glUseProgram(dm->prog_unwrap_map);
    glUniform1i(gfx_uniform(dm->prog_unwrap_map, "u_positions"), 0);
    glUseProgram(dm->prog_dilate);
    glUniform1i(gfx_uniform(dm->prog_dilate, "u_src"), 0);
    glUniform1i(gfx_uniform(dm->prog_dilate, "u_island"), 1);
    dm->dilate_fade = gfx_uniform(dm->prog_dilate, "u_fade");
    dm->dilate_sub = gfx_uniform(dm->prog_dilate, "u_sub");
    glUseProgram(dm->prog_cut);
    glUniform1i(gfx_uniform(dm->prog_cut, "u_cut"), 0);
    const GLuint armor[2] = {[DAMAGE_PASS_MAIN] = dm->prog_armor, [DAMAGE_PASS_SHADOW] = dm->prog_armor_shadow};
    for (int i = 0; i < 2; i++) {
        glUseProgram(armor[i]);
        glUniform1i(gfx_uniform(armor[i], "u_damage"), 0);
        glUniform1i(gfx_uniform(armor[i], "u_fading"), 1);
        glUniform1i(gfx_uniform(armor[i], "u_detail"), 2);
        dm->armor_u[i].model = gfx_uniform(armor[i], "u_model");
        dm->armor_u[i].albedo = gfx_uniform(armor[i], "u_albedo");
        dm->armor_u[i].skin = gfx_uniform(armor[i], "u_skin");
        dm->armor_u[i].skin_on = gfx_uniform(armor[i], "u_skin_on");
        dissolve_uniforms_lookup(armor[i], &dm->armor_u[i].dissolve);
    }
    glUseProgram(0);
}

damage_map *damage_map_create(const damage_map_desc *desc, const robot *r)
{
    assert(r);
    damage_map *dm = ALLOC_STRUCT(damage_map);
    if (!dm) {
        log_error("damage: out of memory");
        return NULL;
    }
    dm->d = desc ? *desc : (damage_map_desc){0};
    if (dm->d.max_spheres <= 0) dm->d.max_spheres = 64;
    if (dm->d.fade_hz <= 0) dm->d.fade_hz = 10.0f;
    if (dm->d.fade_factor <= 0 || dm->d.fade_factor >= 1) dm->d.fade_factor = 0.86f;
    dm->size = r->atlas_size;
    /* +2: a driver that rounds a half-way value up instead of to even still gets there */
    dm->fade_steps_full = damage_fade_steps_to_zero(dm->d.fade_factor) + 2;
    dm->queue_cap = dm->d.max_spheres;
    dm->queue = malloc((size_t)dm->queue_cap * sizeof *dm->queue);
    char defines[64];
    snprintf(defines, sizeof defines, "#define MAX_SPHERES %d\n", dm->d.max_spheres);
    const gfx_target_desc td = {.width = dm->size, .height = dm->size, .color = {GL_RGBA8}};
    gfx_target_desc raw = td, map = td, fade = td;
    raw.label = "damage.raw";
    map.label = "damage.map";
    fade.label = "damage.fading";
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++) {
        /* dark painted gunmetal, steel blue on helmet and shoulders, each plate a shade apart so
         * the plates read as separate pieces and the bright holes and rims stand out */
        bool accent = p == ROBOT_PLATE_HELMET || p == ROBOT_PLATE_SHOULDER_L || p == ROBOT_PLATE_SHOULDER_R;
        float shade = 0.9f + 0.2f * (float)((p * 7 + 3) % 13) / 12.0f;
        vec3 paint = {0.12f, 0.13f, 0.15f}, blue = {0.055f, 0.11f, 0.17f};
        glm_vec3_scale(accent ? blue : paint, shade, dm->plate_albedo[p]);
    }
    if (!dm->queue || !build_armor_mesh(dm, r)) goto fail;
    if (!gfx_target_create(&dm->raw, &raw) || !gfx_target_create(&dm->map, &map) || !gfx_pingpong_create(&dm->fading, &fade))
        goto fail;
    if (!gfx_target_create(&dm->positions, &(gfx_target_desc){.width = dm->size, .height = dm->size, .color = {GL_RGBA32F},
                                                              .label = "damage.positions"}))
        goto fail;
    if (!(dm->island_tex = island_texture(r))) goto fail;
    if (!(dm->detail_tex = damage_look_detail_texture(dm->size)) || !(dm->layout_tex = damage_look_layout_texture(r))) goto fail;
    dm->cut_tex = gfx_texture_create(&(gfx_texture_desc){.width = dm->size, .height = dm->size, .internal_format = GL_R8,
                                                         .flags = GFX_TEX_NEAREST, .label = "damage.cut"});
    dm->prog_unwrap = gfx_program_load("damage_unwrap.vert", "damage_unwrap.frag", defines);
    dm->prog_dilate = gfx_program_load("gfx_fullscreen.vert", "damage_dilate.frag", NULL);
    dm->prog_cut = gfx_program_load("gfx_fullscreen.vert", "damage_cut.frag", NULL);
    dm->prog_armor = gfx_program_load("damage_armor.vert", "damage_armor.frag", NULL);
    dm->prog_armor_shadow = gfx_program_load("damage_armor.vert", "damage_armor.frag", "#define SHADOW_PASS 1\n");
    dm->prog_panel = gfx_program_load("damage_panel.vert", "damage_panel.frag", NULL);
    dm->prog_positions = gfx_program_load("damage_unwrap.vert", "damage_positions.frag", NULL);
    char map_defines[96];
    snprintf(map_defines, sizeof map_defines, "%s#define POSITION_MAP 1\n", defines);
    dm->prog_unwrap_map = gfx_program_load("damage_unwrap.vert", "damage_unwrap.frag", map_defines);
    if (!dm->prog_positions || !dm->prog_unwrap_map) goto fail;
    if (!dm->cut_tex || !dm->prog_unwrap || !dm->prog_dilate || !dm->prog_cut || !dm->prog_armor || !dm->prog_armor_shadow ||
        !dm->prog_panel)
        goto fail;
    dm->panel_model = gfx_uniform(dm->prog_panel, "u_model"); /* u_tex stays on unit 0, u_layout on 1 */
    glUseProgram(dm->prog_panel);
    glUniform1i(gfx_uniform(dm->prog_panel, "u_layout"), 1);
    glUseProgram(0);
    mesh_data quad = {0};
    mesh_build_plane(&quad, 1.0f, 1.0f, 1);
    dm->panel = gfx_mesh_create(&quad, "damage.panel");
    mesh_data_free(&quad);
    damage__uniforms(dm);
    if (!build_stream(dm)) goto fail;
    bake_positions(dm);
    char last[32];
    snprintf(last, sizeof last, "u_skin[%d]", RIG_BONE_COUNT - 1);
    if (gfx_uniform(dm->prog_armor, last) < 0) {
        log_error("damage: shaders/gfx_skin.glsl holds fewer than the rig's %d bones", RIG_BONE_COUNT);
        goto fail;
    }
    damage_map_clear(dm);
    return dm;
fail:
    log_error("damage: could not create the damage map (%d²)", dm->size);
    damage_map_destroy(dm);
    return NULL;
}

void damage_map_destroy(damage_map *dm)
{
    if (!dm) return;
    gfx_mesh_destroy(&dm->armor);
    if (dm->unwrap_vao) glDeleteVertexArrays(1, &dm->unwrap_vao);
    if (dm->unwrap_vbo) glDeleteBuffers(1, &dm->unwrap_vbo);
    free(dm->idx);
    free(dm->pos);
    free(dm->uv);
    free(dm->tri_bound);
    free(dm->tri_chart);
    free(dm->clusters);
    gfx_target_destroy(&dm->positions);
    free(dm->cull);
    gfx_target_destroy(&dm->raw);
    gfx_target_destroy(&dm->map);
    gfx_pingpong_destroy(&dm->fading);
    gfx_texture_destroy(dm->island_tex);
    gfx_texture_destroy(dm->cut_tex);
    gfx_texture_destroy(dm->detail_tex);
    gfx_texture_destroy(dm->layout_tex);
    gfx_mesh_destroy(&dm->panel);
    GLuint progs[] = {dm->prog_unwrap, dm->prog_dilate, dm->prog_cut, dm->prog_armor, dm->prog_armor_shadow, dm->prog_panel,
                      dm->prog_positions, dm->prog_unwrap_map};
    for (size_t i = 0; i < sizeof progs / sizeof *progs; i++)
        if (progs[i]) glDeleteProgram(progs[i]);
    free(dm->queue);
    free(dm);
}

static void clear_target(const gfx_target *t)
{
    gfx_target_bind(t);
    glClearColor(0, 0, 0, 0);
    gfx_state_clear(GL_COLOR_BUFFER_BIT);
}

void damage_map_clear(damage_map *dm)
{
    clear_target(&dm->raw);
    clear_target(&dm->map);
    clear_target(&dm->fading.t[0]);
    clear_target(&dm->fading.t[1]);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    dm->queued = 0;
    dm->needs_dilate = dm->cut_pending = false;
    dm->fade_accum = 0;
    dm->fade_due = dm->fade_steps_left = 0;
}

static void damage__queue(damage_map *dm, const float c[3], float radius)
{
    if (dm->queued == dm->queue_cap) {
        /* a burst beyond one pass waits for the next frames' passes: a blast is never lost */
        int cap = dm->queue_cap * 2;
        float (*q)[4] = realloc(dm->queue, (size_t)cap * sizeof *q);
        if (!q) {
            log_error("damage: out of memory queueing blast %lld", dm->st.blasts + dm->st.scorches);
            return;
        }
        dm->queue = q;
        dm->queue_cap = cap;
    }
    float *q = dm->queue[dm->queued++];
    q[0] = c[0]; q[1] = c[1]; q[2] = c[2]; q[3] = radius;
}

void damage_blast(damage_map *dm, const float c[3], float radius)
{
    assert(radius > 0);
    dm->st.blasts++;
    damage__queue(dm, c, radius);
}

void damage_scorch(damage_map *dm, const float c[3], float radius)
{
    assert(radius > 0);
    dm->st.scorches++;
    /* a negative radius tells the unwrap: heat only, no hole */
    damage__queue(dm, c, -radius);
}

void damage_map_set_fade_hz(damage_map *dm, float hz)
{
    assert(hz > 0.0f);
    dm->d.fade_hz = hz;
}

void damage_map_update(damage_map *dm, float dt)
{
    if (dm->fade_steps_left <= 0) return;
    const float period = 1.0f / dm->d.fade_hz;
    dm->fade_accum += dt;
    while (dm->fade_accum >= period - 1e-6f) {
        dm->fade_accum -= period;
        if (dm->fade_due < dm->fade_steps_left) dm->fade_due++;
    }
}

void damage_map_set_cut(damage_map *dm, const unsigned char *mask)
{
    glBindTexture(GL_TEXTURE_2D, dm->cut_tex);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, dm->size, dm->size, GL_RED, GL_UNSIGNED_BYTE, mask);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    dm->cut_pending = true;
}

static void draw_plates(const damage_map *dm, GLint loc, mat4 *models, const bool *on, const float (*spheres)[4], int n)
{
    for (int p = 0; p < dm->plate_count; p++) {
        if ((on && !on[p]) || !plate_reached(dm, p, models[p], spheres, n)) continue;
        glUniformMatrix4fv(loc, 1, GL_FALSE, (const float *)models[p]);
        gfx_mesh_draw_range(&dm->armor, dm->plate_first[p], dm->plate_indices[p]);
    }
}

/* The reference's way, kept for the bench: every plate a sphere reaches, whole, against all n
 * spheres in the fragment loop. */
static void unwrap_whole(damage_map *dm, const float (*spheres)[4], int n, mat4 *models, const bool *on,
                         const gfx_target *const *targets, int ntargets)
{
    /* UV space: no depth, both faces of every plate, max of the old and the new value */
    gfx_state_set(GFX_BLEND_MAX);
    glUseProgram(dm->prog_unwrap);
    glUniform4fv(dm->unwrap_spheres, n, (const float *)spheres);
    glUniform1i(dm->unwrap_count, n);
    for (int i = 0; i < ntargets; i++) {
        gfx_target_bind(targets[i]);
        draw_plates(dm, dm->unwrap_model, models, on, spheres, n);
    }
}

static bool damage__grow(void **p, int need, int *cap, size_t elem)
{
    if (need <= *cap) return true;
    int nc = *cap ? *cap : 256;
    while (nc < need) nc *= 2;
    void *q = realloc(*p, (size_t)nc * elem);
    if (!q) return false;
    *p = q;
    *cap = nc;
    return true;
}

/* A point of a triangle being clipped: atlas uv and bind-space position (affine along the face). */
typedef struct damage__cv {
    float uv[2], pos[3];
} damage__cv;

/* The point where edge a-b crosses uv[axis] = at. Endpoints are taken in one fixed order, so the
 * two triangles sharing an edge get the very same point and the clipped mesh has no cracks. */
static damage__cv clip_point(damage__cv a, damage__cv b, int axis, float at)
{
    if (a.uv[0] > b.uv[0] || (a.uv[0] == b.uv[0] && a.uv[1] > b.uv[1])) {
        damage__cv t = a;
        a = b;
        b = t;
    }
    float f = (at - a.uv[axis]) / (b.uv[axis] - a.uv[axis]);
    damage__cv o;
    for (int k = 0; k < 2; k++) o.uv[k] = a.uv[k] + (b.uv[k] - a.uv[k]) * f;
    for (int k = 0; k < 3; k++) o.pos[k] = a.pos[k] + (b.pos[k] - a.pos[k]) * f;
    o.uv[axis] = at;
    return o;
}

/* Sutherland-Hodgman against one side of the rect: keep uv[axis] >= at (sign 1) or <= at (-1). */
static int clip_side(const damage__cv *in, int n, damage__cv *out, int axis, float at, float sign)
{
    int m = 0;
    for (int i = 0; i < n; i++) {
        const damage__cv *a = &in[i], *b = &in[(i + 1) % n];
        bool ia = (a->uv[axis] - at) * sign >= 0, ib = (b->uv[axis] - at) * sign >= 0;
        if (ia) out[m++] = *a;
        if (ia != ib) out[m++] = clip_point(*a, *b, axis, at);
    }
    return m;
}

/* The UV scissor of one triangle: the bounding box of the sphere's footprint on the triangle's
 * plane (a disc) as the face's affine uv map draws it, plus a texel and a half. False when the
 * sphere misses the plane. */
static bool footprint_rect(const damage__cv v[3], const float c[3], float reach, float texel, float rect[4])
{
    vec3 e1, e2, n, d;
    glm_vec3_sub((float *)v[1].pos, (float *)v[0].pos, e1);
    glm_vec3_sub((float *)v[2].pos, (float *)v[0].pos, e2);
    glm_vec3_cross(e1, e2, n);
    float area2 = glm_vec3_norm(n);
    if (area2 < 1e-12f) return false;
    glm_vec3_scale(n, 1.0f / area2, n);
    glm_vec3_sub((float *)c, (float *)v[0].pos, d);
    float h = glm_vec3_dot(d, n);
    if (fabsf(h) >= reach) return false;
    float rho = sqrtf(reach * reach - h * h);
    /* barycentric (u, w) of the footprint's centre on the plane, outside the triangle or not */
    vec3 q;
    glm_vec3_muladds(n, -h, d);
    glm_vec3_copy(d, q);
    float d11 = glm_vec3_dot(e1, e1), d12 = glm_vec3_dot(e1, e2), d22 = glm_vec3_dot(e2, e2);
    float q1 = glm_vec3_dot(q, e1), q2 = glm_vec3_dot(q, e2), den = d11 * d22 - d12 * d12;
    float u = (d22 * q1 - d12 * q2) / den, w = (d11 * q2 - d12 * q1) / den;
    float cu[2];
    for (int k = 0; k < 2; k++) cu[k] = v[0].uv[k] + u * (v[1].uv[k] - v[0].uv[k]) + w * (v[2].uv[k] - v[0].uv[k]);
    /* the face's affine map from its plane to uv, J, in an orthonormal frame (t along e1): the
     * footprint disc of radius rho maps to an ellipse whose bounding box has half-widths
     * rho * |row k of J| */
    vec3 t, b;
    glm_vec3_normalize_to(e1, t);
    glm_vec3_cross(n, t, b);
    float x1 = glm_vec3_norm(e1), x2 = glm_vec3_dot(e2, t), y2 = glm_vec3_dot(e2, b);
    if (x1 < 1e-9f || fabsf(y2) < 1e-9f) return false;
    float j[2][2];
    for (int k = 0; k < 2; k++) {
        float du1 = v[1].uv[k] - v[0].uv[k], du2 = v[2].uv[k] - v[0].uv[k];
        j[k][0] = du1 / x1;
        j[k][1] = (du2 - j[k][0] * x2) / y2;
    }
    float hx = rho * hypotf(j[0][0], j[0][1]) + 1.5f * texel, hy = rho * hypotf(j[1][0], j[1][1]) + 1.5f * texel;
    rect[0] = cu[0] - hx; rect[1] = cu[1] - hy; rect[2] = cu[0] + hx; rect[3] = cu[1] + hy;
    return true;
}

/* Per sphere, the triangles it can reach: plates by bounding sphere, then clusters, then single
 * triangles, each against the sphere's reach in the plate's own space, each clipped to its UV
 * scissor. They are streamed as bind-space vertices tagged with their sphere, so one draw serves
 * every sphere and each fragment evaluates only its own. Returns the vertex count (-1 out of
 * memory). */
static int cull_spheres(damage_map *dm, const float (*spheres)[4], int n, mat4 *models, const bool *on)
{
    mat4 inv[ROBOT_PLATE_COUNT];
    for (int p = 0; p < dm->plate_count; p++) glm_mat4_inv(models[p], inv[p]);
    const float texel = 1.0f / (float)dm->size;
    int nv = 0;
    float rect[ROBOT_MAX_CHARTS][4];
    int used[ROBOT_MAX_CHARTS], nused;
    for (int i = 0; i < n; i++) {
        const float reach = sphere_reach(spheres[i]);
        nused = 0;
        for (int p = 0; p < dm->plate_count; p++) {
            if ((on && !on[p]) || !plate_reached(dm, p, models[p], spheres + i, 1)) continue;
            vec3 c;
            glm_mat4_mulv3(inv[p], (float *)spheres[i], 1.0f, c);
            for (int k = dm->plate_cluster[p]; k < dm->plate_cluster[p + 1]; k++) {
                const damage__cluster *cl = &dm->clusters[k];
                if (glm_vec3_distance(c, (float *)cl->c) > cl->r + reach) continue;
                for (int t = cl->first_tri; t < cl->first_tri + cl->tris; t++) {
                    if (glm_vec3_distance(c, dm->tri_bound[t]) > dm->tri_bound[t][3] + reach) continue;
                    damage__cv poly[2][8];
                    for (int j = 0; j < 3; j++) {
                        uint32_t vi = dm->idx[3 * t + j];
                        memcpy(poly[0][j].uv, dm->uv[vi], sizeof poly[0][j].uv);
                        memcpy(poly[0][j].pos, dm->pos[vi], sizeof poly[0][j].pos);
                    }
                    float fr[4];
                    if (!footprint_rect(poly[0], c, reach, texel, fr)) continue;
                    int m = clip_side(poly[0], 3, poly[1], 0, fr[0], 1.0f);
                    m = clip_side(poly[1], m, poly[0], 1, fr[1], 1.0f);
                    m = clip_side(poly[0], m, poly[1], 0, fr[2], -1.0f);
                    m = clip_side(poly[1], m, poly[0], 1, fr[3], -1.0f);
                    if (m < 3) continue;
                    /* the footprint of this face, grown into its chart's UV scissor */
                    int ch = dm->tri_chart[t], u;
                    for (u = 0; u < nused && used[u] != ch; u++) {}
                    if (u == nused) {
                        used[nused++] = ch;
                        rect[ch][0] = rect[ch][1] = 1e30f;
                        rect[ch][2] = rect[ch][3] = -1e30f;
                    }
                    for (int j = 0; j < m; j++) {
                        rect[ch][0] = fminf(rect[ch][0], poly[0][j].uv[0]);
                        rect[ch][1] = fminf(rect[ch][1], poly[0][j].uv[1]);
                        rect[ch][2] = fmaxf(rect[ch][2], poly[0][j].uv[0]);
                        rect[ch][3] = fmaxf(rect[ch][3], poly[0][j].uv[1]);
                    }
                }
            }
        }
        /* one quad per chart the sphere reaches; every fragment reads its own position */
        if (!damage__grow((void **)&dm->cull, nv + 6 * nused, &dm->cull_cap, sizeof *dm->cull)) return -1;
        for (int u = 0; u < nused; u++) {
            const float *r = rect[used[u]], e = 0.01f * texel;
            const float corner[6][2] = {{r[0] - e, r[1] - e}, {r[2] + e, r[1] - e}, {r[2] + e, r[3] + e},
                                        {r[0] - e, r[1] - e}, {r[2] + e, r[3] + e}, {r[0] - e, r[3] + e}};
            for (int j = 0; j < 6; j++)
                dm->cull[nv++] = (damage__vert){{corner[j][0], corner[j][1]}, (float)i};
        }
    }
    if (nv) {
        glBindBuffer(GL_ARRAY_BUFFER, dm->unwrap_vbo);
        glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)((size_t)nv * sizeof *dm->cull), dm->cull, GL_STREAM_DRAW);
        glBindBuffer(GL_ARRAY_BUFFER, 0);
    }
    return nv;
}

/* One unwrap pass of n spheres into the given targets: only the triangles each sphere can reach,
 * one draw per target, each fragment against its own sphere alone; so a shotgun shell costs its
 * fifteen small footprints instead of fifteen whole plates times fifteen spheres. */
static void unwrap(damage_map *dm, const float (*spheres)[4], int n, mat4 *models, const bool *on,
                   const gfx_target *const *targets, int ntargets)
{
    int nv = cull_spheres(dm, spheres, n, models, on);
    if (nv < 0) {
        log_error("damage: out of memory culling %d spheres; the whole plates are drawn instead", n);
        unwrap_whole(dm, spheres, n, models, on, targets, ntargets);
        return;
    }
    gfx_state_set(GFX_BLEND_MAX);
    glUseProgram(dm->prog_unwrap_map);
    glUniform4fv(dm->map_spheres, n, (const float *)spheres);
    glUniform1i(dm->map_count, n);
    int attached = 0;
    for (int p = 0; p < dm->plate_count; p++) attached |= (!on || on[p]) ? 1 << p : 0;
    glUniform1i(dm->map_attached, attached);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, dm->positions.color[0]);
    glBindVertexArray(dm->unwrap_vao);
    for (int t = 0; t < ntargets && nv > 0; t++) {
        gfx_target_bind(targets[t]);
        glDrawArrays(GL_TRIANGLES, 0, nv);
    }
    glBindVertexArray(0);
}

static void dilate(const damage_map *dm, GLuint src, const gfx_target *dst, float fade, float sub)
{
    gfx_state_set(GFX_STATE_FULLSCREEN);
    gfx_target_bind(dst);
    glUseProgram(dm->prog_dilate);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, src);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, dm->island_tex);
    glUniform1f(dm->dilate_fade, fade);
    glUniform1f(dm->dilate_sub, sub);
    gfx_fullscreen_draw();
    glActiveTexture(GL_TEXTURE0);
}

static void fade_step(const damage_map *dm, gfx_pingpong *pp)
{
    dilate(dm, gfx_pingpong_read(pp), gfx_pingpong_write(pp), dm->d.fade_factor, 1.0f / 255.0f);
    gfx_pingpong_swap(pp);
}

void damage_map_prepare(damage_map *dm, mat4 *models, const bool *attached)
{
    if (dm->queued > 0) {
        /* one pass per frame, oldest first; the rest move to the front for the next frame */
        const int n = dm->queued < dm->d.max_spheres ? dm->queued : dm->d.max_spheres;
        gfx_pass_begin("damage.unwrap");
        const gfx_target *targets[2] = {&dm->raw, &dm->fading.t[dm->fading.cur]};
        unwrap(dm, (const float (*)[4])dm->queue, n, models, attached, targets, 2);
        gfx_pass_end();
        dm->queued -= n;
        memmove(dm->queue, dm->queue + n, (size_t)dm->queued * sizeof *dm->queue);
        dm->st.unwrap_passes++;
        dm->needs_dilate = true;
        if (dm->fade_steps_left == 0) dm->fade_accum = 0;
        dm->fade_steps_left = dm->fade_steps_full;
    }
    if (dm->cut_pending) {
        gfx_pass_begin("damage.cut");
        gfx_state_set(GFX_BLEND_MAX);
        gfx_target_bind(&dm->raw);
        glUseProgram(dm->prog_cut);
        glActiveTexture(GL_TEXTURE0);
        glBindTexture(GL_TEXTURE_2D, dm->cut_tex);
        gfx_fullscreen_draw();
        gfx_pass_end();
        dm->cut_pending = false;
        dm->needs_dilate = true;
    }
    if (dm->needs_dilate) {
        gfx_pass_begin("damage.dilate");
        dilate(dm, dm->raw.color[0], &dm->map, 1.0f, 0.0f);
        gfx_pass_end();
        dm->needs_dilate = false;
        dm->st.dilate_passes++;
    }
    for (int i = 0; i < DAMAGE_MAX_FADES_PER_FRAME && dm->fade_due > 0 && dm->fade_steps_left > 0; i++) {
        gfx_pass_begin("damage.fade");
        fade_step(dm, &dm->fading);
        gfx_pass_end();
        dm->fade_due--;
        dm->fade_steps_left--;
        dm->st.fade_passes++;
    }
    if (dm->fade_steps_left == 0) dm->fade_due = 0;
}

void damage_draw_armor(damage_map *dm, const damage_armor_draw *d, damage_pass pass)
{
    GLuint prog = pass == DAMAGE_PASS_SHADOW ? dm->prog_armor_shadow : dm->prog_armor;
    const damage__armor_uniforms *u = &dm->armor_u[pass];
    /* two-sided: holes show the inside of the shell */
    gfx_state_set(pass == DAMAGE_PASS_SHADOW ? GFX_STATE_CASTER : GFX_STATE_OPAQUE_TWO_SIDED);
    glUseProgram(prog);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, dm->map.color[0]);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, gfx_pingpong_read(&dm->fading));
    glActiveTexture(GL_TEXTURE2);
    glBindTexture(GL_TEXTURE_2D, dm->detail_tex);
    glActiveTexture(GL_TEXTURE0);
    if (d->palette) glUniformMatrix4fv(u->skin, RIG_BONE_COUNT, GL_FALSE, (const float *)d->palette);
    for (int p = 0; p < dm->plate_count; p++) {
        if (d->visible && !d->visible[p]) continue;
        if (d->dv && d->dissolve)
            dissolve_bind(d->dv, &u->dissolve, &d->dissolve[p], pass == DAMAGE_PASS_SHADOW ? DISSOLVE_PASS_SHADOW : DISSOLVE_PASS_MAIN);
        else dissolve_unbind(&u->dissolve);
        /* on the body: bind space, then the bones; blown off: its own world matrix */
        bool skinned = d->palette && d->skinned && d->skinned[p];
        glUniform1i(u->skin_on, skinned ? 1 : 0);
        glUniformMatrix4fv(u->model, 1, GL_FALSE, (const float *)(skinned ? dm->rest[p] : d->models[p]));
        glUniform3fv(u->albedo, 1, dm->plate_albedo[p]);
        gfx_mesh_draw_range(&dm->armor, dm->plate_first[p], dm->plate_indices[p]);
    }
    glActiveTexture(GL_TEXTURE0);
}

bool damage_map_dump_scorch(const damage_map *dm, const char *path)
{
    const int n = dm->size;
    unsigned char *rgba = malloc((size_t)n * n * 4), *grey = malloc((size_t)n * n);
    bool ok = false;
    if (rgba && grey) {
        glFinish(); /* the map was just rendered through an FBO */
        glBindTexture(GL_TEXTURE_2D, dm->map.color[0]);
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
        glPixelStorei(GL_PACK_ALIGNMENT, 4);
        for (size_t i = 0; i < (size_t)n * n; i++) grey[i] = rgba[4 * i + 3];
        ok = gfx_write_png(path, n, n, 1, grey, true);
    } else {
        log_error("%s: out of memory for the scorch dump", path);
    }
    free(rgba);
    free(grey);
    return ok;
}

void damage_draw_panels(damage_map *dm)
{
    GLuint texs[2] = {dm->map.color[0], gfx_pingpong_read(&dm->fading)};
    gfx_state_set(GFX_STATE_OPAQUE_TWO_SIDED);
    glUseProgram(dm->prog_panel);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, dm->layout_tex); /* the atlas, dimly, under the map */
    glActiveTexture(GL_TEXTURE0);
    for (int i = 0; i < 2; i++) {
        mat4 m;
        glm_translate_make(m, (vec3){i ? 1.45f : -1.45f, 1.5f, -1.6f});
        glm_rotate_x(m, GLM_PI_2f, m);
        glm_scale(m, (vec3){1.4f, 1.0f, 1.4f});
        glUniformMatrix4fv(dm->panel_model, 1, GL_FALSE, (const float *)m);
        glBindTexture(GL_TEXTURE_2D, texs[i]);
        gfx_mesh_draw(&dm->panel);
    }
}

GLuint damage_map_texture(const damage_map *dm) { return dm->map.color[0]; }
GLuint damage_map_raw_texture(const damage_map *dm) { return dm->raw.color[0]; }
GLuint damage_map_fading_texture(const damage_map *dm) { return gfx_pingpong_read(&dm->fading); }
GLuint damage_map_island_texture(const damage_map *dm) { return dm->island_tex; }
GLuint damage_map_layout_texture(const damage_map *dm) { return dm->layout_tex; }
int damage_map_size(const damage_map *dm) { return dm->size; }

damage_map_stats damage_map_get_stats(const damage_map *dm)
{
    damage_map_stats s = dm->st;
    s.fade_steps_left = dm->fade_steps_left;
    s.queued = dm->queued;
    return s;
}

/* ---- bench: scratch targets only (gfx/bench.h), the live maps are never touched ---- */

typedef struct damage__bench_unwrap {
    damage_map *dm;
    mat4 *models;
    const float (*spheres)[4];
    int n;
    bool separate;
} damage__bench_unwrap;

static void bench_unwrap_pass(void *user, gfx_pingpong *scratch, int rep)
{
    const damage__bench_unwrap *b = user;
    const gfx_target *t[1] = {&scratch->t[0]};
    if (b->separate)
        for (int i = 0; i < b->n; i++) unwrap_whole(b->dm, b->spheres + i, 1, b->models, NULL, t, 1);
    else
        unwrap(b->dm, b->spheres, b->n, b->models, NULL, t, 1);
}

damage_bench_ms damage_bench_unwrap(damage_map *dm, mat4 *models, const float (*spheres)[4], int n, bool separate, int reps)
{
    damage__bench_unwrap b = {dm, models, spheres, n, separate};
    return gfx_bench_run(&(gfx_bench_desc){.target = {.width = dm->size, .height = dm->size, .color = {GL_RGBA8},
                                                      .label = "damage.bench"},
                                           .reps = reps, .pass = bench_unwrap_pass, .user = &b});
}

static void bench_fade_pass(void *user, gfx_pingpong *scratch, int rep) { fade_step(user, scratch); }

damage_bench_ms damage_bench_fade(damage_map *dm, int reps)
{
    /* the scratch pair starts as a copy of the live fading map: same work, nothing live changes */
    const gfx_target *live = &dm->fading.t[dm->fading.cur];
    return gfx_bench_run(&(gfx_bench_desc){.target = {.width = dm->size, .height = dm->size, .color = {GL_RGBA8},
                                                      .label = "damage.bench_fade"},
                                           .seed = live, .reps = reps, .pass = bench_fade_pass, .user = dm});
}

static void damage__bench_entry(json_writer *w, const char *name, damage_bench_ms ms)
{
    json_object_begin(w, name);
    json_number(w, "gpu_ms", ms.gpu);
    json_number(w, "wall_ms", ms.wall);
    json_object_end(w);
}

static int bench_ms_cmp(const void *a, const void *b)
{
    double x = ((const damage_bench_ms *)a)->wall, y = ((const damage_bench_ms *)b)->wall;
    return x < y ? -1 : x > y;
}

/* The median batch of DAMAGE_BENCH_BATCHES, after one untimed batch: the first draw of a program
 * into a target pays the driver's one-time work (llvmpipe compiles the shader variant then), which
 * is no cost of a pass. */
enum { DAMAGE_BENCH_BATCHES = 5 };
static damage_bench_ms bench_unwrap_median(damage_map *dm, mat4 *models, const float (*sp)[4], int n, bool separate, int reps)
{
    damage_bench_ms ms[DAMAGE_BENCH_BATCHES];
    damage_bench_unwrap(dm, models, sp, n, separate, 1);
    for (int i = 0; i < DAMAGE_BENCH_BATCHES; i++) ms[i] = damage_bench_unwrap(dm, models, sp, n, separate, reps);
    qsort(ms, DAMAGE_BENCH_BATCHES, sizeof *ms, bench_ms_cmp);
    return ms[DAMAGE_BENCH_BATCHES / 2];
}

void damage_bench_write(damage_map *dm, mat4 *models, const bool *attached, const float (*sp)[4], int n,
                        json_writer *w)
{
    const int reps = 20;
    json_int(w, "bench_spheres", n);
    damage_bench_ms u1 = bench_unwrap_median(dm, models, sp, 1, false, reps);
    damage_bench_ms un = bench_unwrap_median(dm, models, sp, n, false, reps);
    damage_bench_ms us = bench_unwrap_median(dm, models, sp, n, true, 4);
    damage__bench_entry(w, "unwrap_1_sphere", u1);
    damage__bench_entry(w, "unwrap_15_one_pass", un);
    damage__bench_entry(w, "unwrap_15_separate_passes", us);
    /* the contract's keys: wall ms to glFinish */
    json_object_begin(w, "damage");
    json_number(w, "unwrap_1_ms", u1.wall);
    json_number(w, "unwrap_15_ms", un.wall);
    json_number(w, "unwrap_15_separate_ms", us.wall);
    json_object_end(w);
    damage__bench_entry(w, "fade_pass", damage_bench_fade(dm, reps));
    /* at rest: what prepare costs when nothing is due (no pass at all) */
    damage_map_stats before = damage_map_get_stats(dm);
    GLuint q;
    glGenQueries(1, &q);
    glFinish();
    double t0 = gfx_now();
    glBeginQuery(GL_TIME_ELAPSED, q);
    for (int i = 0; i < 600 && before.fade_steps_left == 0; i++) {
        damage_map_update(dm, 1.0f / 60.0f);
        damage_map_prepare(dm, models, attached);
    }
    glEndQuery(GL_TIME_ELAPSED);
    GLuint64 ns = 0;
    glGetQueryObjectui64v(q, GL_QUERY_RESULT, &ns);
    glDeleteQueries(1, &q);
    damage_map_stats after = damage_map_get_stats(dm);
    json_bool(w, "at_rest", before.fade_steps_left == 0);
    json_int(w, "fade_passes_at_rest_10s", after.fade_passes - before.fade_passes);
    json_number(w, "fade_at_rest_gpu_ms_per_frame", (double)ns / 1e6 / 600.0);
    json_number(w, "fade_at_rest_cpu_ms_per_frame", (gfx_now() - t0) * 1000.0 / 600.0);
    json_int(w, "fade_steps_to_zero", damage_fade_steps_to_zero(0.86f));
}

void damage_map_write_stats(const damage_map *dm, json_writer *w)
{
    damage_map_stats st = damage_map_get_stats(dm);
    json_int(w, "blasts", st.blasts);
    json_int(w, "scorches", st.scorches);
    json_int(w, "unwrap_passes", st.unwrap_passes);
    json_int(w, "fade_passes", st.fade_passes);
    json_int(w, "fade_steps_left", st.fade_steps_left);
    json_int(w, "dilate_passes", st.dilate_passes);
}
