/* The damage map's creation, its targets and its CPU queue: everything a frame's passes
 * (damage_passes.c) and draws (damage_draw.c) start from. The split keeps each file one concern;
 * the state they share is damage_internal.h. */
#include "damage/damage_internal.h"

#include <assert.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "base/log.h"
#include "damage/core/damage_atlas.h"
#include "damage/damage_look.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/texture.h"

/* Every armor texel's bind-space position and plate, rasterized once exactly as the unwrap of the
 * whole plates would (uv * 2 - 1, texel centres): what the unwrap's footprint quads read. */
static void bake_positions(damage_map *dm)
{
    gfx_target_begin(&dm->positions, &(gfx_clear){.color = true});
    gfx_state_set(GFX_STATE_FULLSCREEN);
    glUseProgram(dm->prog_positions);
    for (int p = 0; p < dm->plate_count; p++) {
        glUniformMatrix4fv(dm->positions_model, 1, GL_FALSE, (const float *)dm->rest[p]);
        glUniform1i(dm->positions_plate, p);
        gfx_mesh_draw_range(&dm->armor, dm->plate_first[p], dm->plate_indices[p]);
    }
    gfx_target_end();
}

/* The culled unwrap's stream: one VAO over a vertex buffer refilled per pass. A failed unwrap
 * program is the magenta fallback (its FILE:LINE already logged), which has no a_sphere: the
 * stream then feeds uv alone and the range keeps running without holes. */
static void build_stream(damage_map *dm)
{
    const GLint sphere = glGetAttribLocation(dm->prog_unwrap_map, "a_sphere");
    if (sphere < 0 && !gfx_program_is_fallback(dm->prog_unwrap_map))
        log_error("damage: shaders/damage_unwrap.vert has no a_sphere: the culled unwrap draws no holes");
    glGenVertexArrays(1, &dm->unwrap_vao);
    glBindVertexArray(dm->unwrap_vao);
    glGenBuffers(1, &dm->unwrap_vbo);
    glBindBuffer(GL_ARRAY_BUFFER, dm->unwrap_vbo);
    const GLsizei stride = sizeof(damage_cull_vert);
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, stride, (const void *)offsetof(damage_cull_vert, uv));
    if (sphere >= 0) {
        glEnableVertexAttribArray((GLuint)sphere);
        glVertexAttribPointer((GLuint)sphere, 1, GL_FLOAT, GL_FALSE, stride, (const void *)offsetof(damage_cull_vert, sphere));
    }
    glBindVertexArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    gfx_label(GL_VERTEX_ARRAY, dm->unwrap_vao, "damage.unwrap_culled");
}

static bool build_armor_mesh(damage_map *dm, const robot *r)
{
    mesh_data all = {0};
    int verts = 0;
    for (int p = 0; p < r->plate_count; p++) verts += r->plates[p].mesh.vertex_count;
    /* every plate's baked weights, next to its vertices in the merged mesh */
    uint8_t (*bone)[4] = malloc((size_t)verts * sizeof *bone);
    float (*weight)[4] = malloc((size_t)verts * sizeof *weight);
    for (int p = 0; p < r->plate_count && bone && weight; p++) {
        const int first = all.vertex_count;
        dm->plate_first[p] = all.index_count;
        mesh_append(&all, &r->plates[p].mesh, GLM_MAT4_IDENTITY);
        dm->plate_indices[p] = all.index_count - dm->plate_first[p];
        glm_mat4_copy((vec4 *)r->plates[p].rest, dm->rest[p]);
        memcpy(bone + first, r->plates[p].skin.bone, (size_t)r->plates[p].skin.count * sizeof *bone);
        memcpy(weight + first, r->plates[p].skin.weight, (size_t)r->plates[p].skin.count * sizeof *weight);
    }
    bool ok = false;
    if (bone && weight) {
        dm->plate_count = r->plate_count;
        dm->armor = gfx_mesh_create(&all, "damage.armor");
        ok = dm->armor.vao != 0 && gfx_mesh_set_skin(&dm->armor, (const uint8_t (*)[4])bone, (const float (*)[4])weight) &&
             (dm->cull = damage_cull_create(r)) != NULL;
    } else {
        log_error("damage: out of memory for the armor's skin");
    }
    mesh_data_free(&all);
    free(bone);
    free(weight);
    return ok;
}

/* Where each texel takes its value from, as one byte (core/damage_atlas.h). */
static GLuint island_texture(const robot *r)
{
    const int n = r->atlas_size;
    int16_t *grid = malloc((size_t)n * n * sizeof *grid);
    unsigned char *code = malloc((size_t)n * n);
    GLuint tex = 0;
    if (grid && code) {
        robot_atlas_grid(r, grid);
        damage_atlas_islands(grid, n, code);
        tex = gfx_texture_create(&(gfx_texture_desc){.width = n, .height = n, .internal_format = GL_R8, .data = code,
                                                     .flags = GFX_TEX_NEAREST, .label = "damage.islands"});
    } else {
        log_error("damage: out of memory for the island mask");
    }
    free(grid);
    free(code);
    return tex;
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
    if (dm->d.fade_factor <= 0 || dm->d.fade_factor >= 1) dm->d.fade_factor = DAMAGE_FADE_FACTOR;
    dm->size = r->atlas_size;
    damage_fade_init(&dm->fade, dm->d.fade_hz, dm->d.fade_factor);
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
    build_stream(dm);
    bake_positions(dm);
    char last[32];
    snprintf(last, sizeof last, "u_skin[%d]", RIG_BONE_COUNT - 1);
    /* (the magenta fallback of a failed armor program has no bones: it draws the armor at rest) */
    if (!gfx_program_is_fallback(dm->prog_armor) && gfx_uniform(dm->prog_armor, last) < 0) {
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
    damage_cull_destroy(dm->cull);
    gfx_target_destroy(&dm->positions);
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

void damage_map_clear(damage_map *dm)
{
    const gfx_target *maps[4] = {&dm->raw, &dm->map, &dm->fading.t[0], &dm->fading.t[1]};
    for (int i = 0; i < 4; i++) {
        gfx_target_begin(maps[i], &(gfx_clear){.color = true});
        gfx_target_end();
    }
    dm->queued = 0;
    dm->needs_dilate = dm->cut_pending = false;
    damage_fade_reset(&dm->fade);
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
    damage_fade_set_hz(&dm->fade, hz);
}

void damage_map_update(damage_map *dm, float dt) { damage_fade_update(&dm->fade, dt); }

void damage_map_set_cut(damage_map *dm, const unsigned char *mask)
{
    glBindTexture(GL_TEXTURE_2D, dm->cut_tex);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, dm->size, dm->size, GL_RED, GL_UNSIGNED_BYTE, mask);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    dm->cut_pending = true;
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
    s.fade_steps_left = dm->fade.steps_left;
    s.queued = dm->queued;
    return s;
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
