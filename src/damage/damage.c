/* The damage map's creation from a surface description, its targets and its CPU queue: everything
 * a frame's passes (damage_passes.c) and draws (damage_draw.c) start from. The split keeps each file one concern;
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
#include "damage/core/damage_surface.h"
#include "damage/damage_look.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/texture.h"

/* Every texel's mesh-space position and mesh, rasterized once exactly as the unwrap of whole
 * meshes would (uv * 2 - 1, texel centres): what the unwrap's footprint quads read. */
static void bake_positions(damage_map *dm)
{
    gfx_target_begin(&dm->positions, &(gfx_clear){.color = true});
    gfx_state_set(GFX_STATE_FULLSCREEN);
    glUseProgram(dm->prog_positions);
    glUniformMatrix4fv(dm->positions_model, 1, GL_FALSE, (const float *)GLM_MAT4_IDENTITY);
    for (int m = 0; m < dm->mesh_count; m++) {
        glUniform1i(dm->positions_plate, m);
        gfx_mesh_draw_range(&dm->surface, dm->mesh_first[m], dm->mesh_indices[m]);
    }
    gfx_target_end();
}

/* The culled unwrap's stream: one VAO over a vertex buffer refilled per pass. A failed unwrap
 * program is the magenta fallback (its FILE:LINE already logged), which has no a_sphere: the
 * stream then feeds uv alone and the surface keeps running without holes. */
static void build_stream(damage_map *dm)
{
    const GLint sphere = glGetAttribLocation(dm->prog_unwrap_map, "a_sphere");
    const GLint mesh = glGetAttribLocation(dm->prog_unwrap_map, "a_mesh");
    if ((sphere < 0 || mesh < 0) && !gfx_program_is_fallback(dm->prog_unwrap_map))
        log_error("damage: shaders/damage_unwrap.vert has no a_sphere or a_mesh: the culled unwrap draws no holes");
    glGenVertexArrays(1, &dm->unwrap_vao);
    glBindVertexArray(dm->unwrap_vao);
    glGenBuffers(1, &dm->unwrap_vbo);
    glBindBuffer(GL_ARRAY_BUFFER, dm->unwrap_vbo);
    const GLsizei stride = sizeof(damage_cull_vert);
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, stride, (const void *)offsetof(damage_cull_vert, uv));
    if (sphere >= 0) {
        glEnableVertexAttribArray((GLuint)sphere);
        glVertexAttribPointer((GLuint)sphere, 4, GL_FLOAT, GL_FALSE, stride, (const void *)offsetof(damage_cull_vert, sphere));
    }
    if (mesh >= 0) {
        glEnableVertexAttribArray((GLuint)mesh);
        glVertexAttribPointer((GLuint)mesh, 1, GL_FLOAT, GL_FALSE, stride, (const void *)offsetof(damage_cull_vert, mesh));
    }
    glBindVertexArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    gfx_label(GL_VERTEX_ARRAY, dm->unwrap_vao, "damage.unwrap_culled");
}

/* One mesh of the description as a core mesh: its arrays copied, what it leaves out computed. */
static void mesh_from_desc(const damage_mesh *s, mesh_data *m)
{
    for (int v = 0; v < s->vertex_count; v++) mesh_add_vertex(m, s->positions[v], s->normals ? s->normals[v] : NULL, s->uvs[v]);
    for (int i = 0; i + 2 < s->index_count; i += 3) mesh_add_tri(m, s->indices[i], s->indices[i + 1], s->indices[i + 2]);
    if (m->failed) return;
    if (!s->normals) mesh_compute_normals(m);
    if (s->tangents) memcpy(m->tan, s->tangents, (size_t)s->vertex_count * sizeof *m->tan);
    else mesh_compute_tangents(m);
    memcpy(m->snrm, s->smooth_normals ? s->smooth_normals : (const float (*)[3])m->nrm, (size_t)s->vertex_count * sizeof *m->snrm);
}

/* Every mesh into one GPU mesh (index ranges), the skins beside their vertices, the CPU copies a
 * blast needs, and the culling's bounds. */
static bool build_surface(damage_map *dm, const damage_mesh *meshes)
{
    mesh_data all = {0};
    int verts = 0;
    bool skin = false;
    for (int m = 0; m < dm->mesh_count; m++) {
        verts += meshes[m].vertex_count;
        skin |= dm->has_skin[m] = meshes[m].bones != NULL;
    }
    dm->pos = malloc((size_t)verts * sizeof *dm->pos);
    if (skin) {
        dm->bone = calloc((size_t)verts, sizeof *dm->bone);
        dm->weight = calloc((size_t)verts, sizeof *dm->weight);
    }
    bool ok = dm->pos && (!skin || (dm->bone && dm->weight));
    for (int m = 0; m < dm->mesh_count && ok; m++) {
        const damage_mesh *s = &meshes[m];
        mesh_data one = {0};
        mesh_from_desc(s, &one);
        const int first = all.vertex_count;
        dm->vert_first[m] = first;
        dm->vert_count[m] = s->vertex_count;
        dm->mesh_first[m] = all.index_count;
        mesh_append(&all, &one, GLM_MAT4_IDENTITY);
        dm->mesh_indices[m] = all.index_count - dm->mesh_first[m];
        ok = !one.failed && !all.failed;
        mesh_data_free(&one);
        memcpy(dm->pos + first, s->positions, (size_t)s->vertex_count * sizeof *dm->pos);
        if (s->bones) {
            memcpy(dm->bone + first, s->bones, (size_t)s->vertex_count * sizeof *dm->bone);
            memcpy(dm->weight + first, s->weights, (size_t)s->vertex_count * sizeof *dm->weight);
        }
    }
    if (ok) {
        dm->surface = gfx_mesh_create(&all, "damage.surface");
        ok = dm->surface.vao != 0 &&
             (!skin || gfx_mesh_set_skin(&dm->surface, (const uint8_t (*)[4])dm->bone, (const float (*)[4])dm->weight)) &&
             (dm->cull = damage_cull_create(meshes, dm->mesh_count, dm->size)) != NULL;
    } else {
        log_error("damage: out of memory for the surface (%d vertices)", verts);
    }
    mesh_data_free(&all);
    return ok;
}

/* The atlas' two textures from one raster: where each texel takes its value from (the dilation,
 * core/damage_atlas.h) and the layout the panels show. */
static bool atlas_textures(damage_map *dm, const damage_mesh *meshes)
{
    const int n = dm->size;
    int16_t *grid = malloc((size_t)n * n * sizeof *grid);
    unsigned char *code = malloc((size_t)n * n);
    if (grid && code) {
        if (damage_surface_grid(meshes, dm->mesh_count, n, grid))
            log_warn("damage: charts of the surface overlap in the atlas: holes may show on the wrong chart");
        damage_atlas_islands(grid, n, code);
        dm->island_tex = gfx_texture_create(&(gfx_texture_desc){.width = n, .height = n, .internal_format = GL_R8,
                                                                .data = code, .flags = GFX_TEX_NEAREST, .label = "damage.islands"});
        damage_atlas_layout(grid, n, code);
        dm->layout_tex = gfx_texture_create(&(gfx_texture_desc){.width = n, .height = n, .internal_format = GL_R8,
                                                                .data = code, .flags = GFX_TEX_MIPMAPS, .label = "damage.layout"});
    } else {
        log_error("damage: out of memory for the island mask");
    }
    free(grid);
    free(code);
    return dm->island_tex && dm->layout_tex;
}

/* Locations once per program; samplers are fixed units, set here for good. */
static void damage__uniforms(damage_map *dm)
{
    dm->unwrap_model = gfx_uniform(dm->prog_unwrap, "u_model");
    dm->unwrap_spheres = gfx_uniform(dm->prog_unwrap, "u_spheres");
    dm->unwrap_count = gfx_uniform(dm->prog_unwrap, "u_count");
    dm->positions_model = gfx_uniform(dm->prog_positions, "u_model");
    dm->positions_plate = gfx_uniform(dm->prog_positions, "u_plate");
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

#define DAMAGE__DEF(v, def) ((v) ? (v) : (def))

/* Every default of the description, in one place (sokol's _def): the resolved copy in dm->d and
 * each mesh's paint. */
static void desc_defaults(damage_map *dm, const damage_map_desc *in)
{
    damage_map_desc d = *in;
    d.atlas_size = DAMAGE__DEF(d.atlas_size, DAMAGE_ATLAS_DEFAULT);
    d.chart_count = DAMAGE__DEF(d.chart_count, DAMAGE_MAX_CHARTS);
    d.max_spheres = d.max_spheres > 0 ? d.max_spheres : 64;
    d.fade_hz = d.fade_hz > 0 ? d.fade_hz : 10.0f;
    d.fade_factor = d.fade_factor > 0 && d.fade_factor < 1 ? d.fade_factor : DAMAGE_FADE_FACTOR;
    for (int m = 0; m < d.mesh_count; m++) {
        const float *p = in->meshes[m].paint;
        const bool none = p[0] == 0 && p[1] == 0 && p[2] == 0;
        glm_vec3_copy(none ? (vec3){DAMAGE_DEFAULT_PAINT_R, DAMAGE_DEFAULT_PAINT_G, DAMAGE_DEFAULT_PAINT_B} : (float *)p,
                      dm->paint[m]);
    }
    d.meshes = NULL; /* not kept: create copies what it needs */
    d.look.detail_path = NULL;
    dm->d = d;
}

damage_map *damage_map_create(const damage_map_desc *desc)
{
    char why[192];
    if (!desc) {
        log_error("damage: damage_map_create needs a description (desc is NULL)");
        return NULL;
    }
    if (!damage_surface_check(desc->meshes, desc->mesh_count, desc->atlas_size, desc->chart_count, desc->bone_count, why,
                              sizeof why)) {
        log_error("damage: %s", why);
        return NULL;
    }
    damage_map *dm = ALLOC_STRUCT(damage_map);
    if (!dm) {
        log_error("damage: out of memory");
        return NULL;
    }
    const int nm = desc->mesh_count;
    dm->mesh_count = nm;
    dm->bone_count = desc->bone_count;
    dm->mesh_first = calloc((size_t)nm, sizeof *dm->mesh_first);
    dm->mesh_indices = calloc((size_t)nm, sizeof *dm->mesh_indices);
    dm->vert_first = calloc((size_t)nm, sizeof *dm->vert_first);
    dm->vert_count = calloc((size_t)nm, sizeof *dm->vert_count);
    dm->has_skin = calloc((size_t)nm, sizeof *dm->has_skin);
    dm->paint = alloc_zeroed((size_t)nm * sizeof *dm->paint, _Alignof(vec3));
    if (!dm->mesh_first || !dm->mesh_indices || !dm->vert_first || !dm->vert_count || !dm->has_skin || !dm->paint) {
        log_error("damage: out of memory for %d meshes", nm);
        goto fail;
    }
    desc_defaults(dm, desc);
    dm->size = dm->d.atlas_size;
    damage_fade_init(&dm->fade, dm->d.fade_hz, dm->d.fade_factor);
    dm->blast_cap = dm->d.max_spheres;
    dm->queue_cap = dm->d.max_spheres * nm;
    dm->queue = malloc((size_t)dm->queue_cap * sizeof *dm->queue);
    dm->queue_blast = malloc((size_t)dm->blast_cap * sizeof *dm->queue_blast);
    char defines[64], skin_defines[96];
    snprintf(defines, sizeof defines, "#define MAX_SPHERES %d\n", dm->d.max_spheres);
    const int bones = dm->bone_count > 0 ? dm->bone_count : 1;
    snprintf(skin_defines, sizeof skin_defines, "#define SKIN_BONES %d\n", bones);
    char shadow_defines[128];
    snprintf(shadow_defines, sizeof shadow_defines, "%s#define SHADOW_PASS 1\n", skin_defines);
    const gfx_target_desc td = {.width = dm->size, .height = dm->size, .color = {GL_RGBA8}};
    gfx_target_desc raw = td, map = td, fade = td;
    raw.label = "damage.raw";
    map.label = "damage.map";
    fade.label = "damage.fading";
    if (!dm->queue || !dm->queue_blast || !build_surface(dm, desc->meshes)) goto fail;
    if (!gfx_target_create(&dm->raw, &raw) || !gfx_target_create(&dm->map, &map) || !gfx_pingpong_create(&dm->fading, &fade))
        goto fail;
    if (!gfx_target_create(&dm->positions, &(gfx_target_desc){.width = dm->size, .height = dm->size, .color = {GL_RGBA32F},
                                                              .label = "damage.positions"}))
        goto fail;
    if (!atlas_textures(dm, desc->meshes)) goto fail;
    if (desc->look.detail_texture) dm->detail_tex = desc->look.detail_texture;
    else if (!(dm->detail_tex = damage_look_detail_texture(desc->look.detail_path, dm->size))) goto fail;
    dm->detail_owned = !desc->look.detail_texture;
    dm->cut_tex = gfx_texture_create(&(gfx_texture_desc){.width = dm->size, .height = dm->size, .internal_format = GL_R8,
                                                         .flags = GFX_TEX_NEAREST, .label = "damage.cut"});
    dm->prog_unwrap = gfx_program_load("damage_unwrap.vert", "damage_unwrap.frag", defines);
    dm->prog_dilate = gfx_program_load("gfx_fullscreen.vert", "damage_dilate.frag", NULL);
    dm->prog_cut = gfx_program_load("gfx_fullscreen.vert", "damage_cut.frag", NULL);
    dm->prog_armor = gfx_program_load("damage_armor.vert", "damage_armor.frag", skin_defines);
    dm->prog_armor_shadow = gfx_program_load("damage_armor.vert", "damage_armor.frag", shadow_defines);
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
    snprintf(last, sizeof last, "u_skin[%d]", bones - 1);
    /* (the magenta fallback of a failed program has no bones: it draws the surface at rest) */
    if (dm->bone_count > 0 && !gfx_program_is_fallback(dm->prog_armor) && gfx_uniform(dm->prog_armor, last) < 0) {
        log_error("damage: shaders/gfx_skin.glsl holds fewer than desc.bone_count = %d bones", dm->bone_count);
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
    gfx_mesh_destroy(&dm->surface);
    if (dm->unwrap_vao) glDeleteVertexArrays(1, &dm->unwrap_vao);
    if (dm->unwrap_vbo) glDeleteBuffers(1, &dm->unwrap_vbo);
    damage_cull_destroy(dm->cull);
    gfx_target_destroy(&dm->positions);
    gfx_target_destroy(&dm->raw);
    gfx_target_destroy(&dm->map);
    gfx_target_destroy(&dm->wash_scratch);
    gfx_pingpong_destroy(&dm->fading);
    gfx_texture_destroy(dm->island_tex);
    gfx_texture_destroy(dm->cut_tex);
    if (dm->detail_owned) gfx_texture_destroy(dm->detail_tex);
    gfx_texture_destroy(dm->layout_tex);
    gfx_mesh_destroy(&dm->panel);
    GLuint progs[] = {dm->prog_unwrap, dm->prog_dilate, dm->prog_cut, dm->prog_armor, dm->prog_armor_shadow, dm->prog_panel,
                      dm->prog_positions, dm->prog_unwrap_map, dm->prog_wash};
    for (size_t i = 0; i < sizeof progs / sizeof *progs; i++)
        if (progs[i]) glDeleteProgram(progs[i]);
    free(dm->queue);
    free(dm->queue_blast);
    free(dm->wash_planes);
    free(dm->mesh_first);
    free(dm->mesh_indices);
    free(dm->vert_first);
    free(dm->vert_count);
    free(dm->has_skin);
    free(dm->paint);
    free(dm->pos);
    free(dm->bone);
    free(dm->weight);
    free(dm);
}

int damage_map_mesh_count(const damage_map *dm) { return dm->mesh_count; }

void damage_map_clear(damage_map *dm)
{
    const gfx_target *maps[4] = {&dm->raw, &dm->map, &dm->fading.t[0], &dm->fading.t[1]};
    for (int i = 0; i < 4; i++) {
        gfx_target_begin(maps[i], &(gfx_clear){.color = true});
        gfx_target_end();
    }
    dm->queued = dm->queue_entries = 0;
    dm->needs_dilate = dm->cut_pending = dm->wash_pending = false;
    damage_fade_reset(&dm->fade);
}

/* The skinning matrix of vertex v (bones bind -> world) times its mesh's model. */
static void vertex_skin_model(const damage_map *dm, const mat4 *bones, int v, mat4 model, mat4 out)
{
    mat4 s = GLM_MAT4_ZERO_INIT;
    for (int k = 0; k < DAMAGE_BONE_INFLUENCES; k++) {
        const float w = dm->weight[v][k];
        if (w == 0.0f) continue;
        for (int c = 0; c < 4; c++)
            for (int r = 0; r < 4; r++) s[c][r] += w * bones[dm->bone[v][k]][c][r];
    }
    glm_mat4_mul(s, model, out);
}

int damage__entries(const damage_map *dm, const damage_pose *pose, const float c[3], float radius, damage__entry *out)
{
    const float sphere[4] = {c[0], c[1], c[2], radius};
    int n = 0;
    for (int m = 0; m < dm->mesh_count; m++) {
        mat4 model;
        glm_mat4_copy(pose && pose->models ? (vec4 *)pose->models[m] : GLM_MAT4_IDENTITY, model);
        const bool skinned = pose && pose->bones && dm->has_skin[m] && (!pose->skinned || pose->skinned[m]);
        if (skinned) {
            /* into bind space through the skinning of the vertex nearest the centre */
            float best = 1e30f;
            int at = dm->vert_first[m];
            for (int v = dm->vert_first[m]; v < dm->vert_first[m] + dm->vert_count[m]; v++) {
                mat4 sm;
                vec3 w;
                vertex_skin_model(dm, pose->bones, v, model, sm);
                glm_mat4_mulv3(sm, dm->pos[v], 1.0f, w);
                const float d = glm_vec3_distance2(w, (float *)c);
                if (d < best) best = d, at = v;
            }
            mat4 sm;
            vertex_skin_model(dm, pose->bones, at, model, sm);
            glm_mat4_copy(sm, model);
        }
        if (damage_cull_entry_make(dm->cull, m, model, sphere, 0, &out[n])) n++;
    }
    return n;
}

static void damage__queue(damage_map *dm, const float c[3], float radius, const damage_pose *pose)
{
    /* a burst beyond one pass waits for the next frames' passes: a blast is never lost */
    if (dm->queued == dm->blast_cap) {
        int *q = realloc(dm->queue_blast, (size_t)dm->blast_cap * 2 * sizeof *q);
        if (!q) goto oom;
        dm->queue_blast = q;
        dm->blast_cap *= 2;
    }
    if (dm->queue_entries + dm->mesh_count > dm->queue_cap) {
        damage__entry *q = realloc(dm->queue, (size_t)dm->queue_cap * 2 * sizeof *q);
        if (!q) goto oom;
        dm->queue = q;
        dm->queue_cap *= 2;
    }
    const int n = damage__entries(dm, pose, c, radius, dm->queue + dm->queue_entries);
    dm->queue_blast[dm->queued++] = n;
    dm->queue_entries += n;
    return;
oom:
    log_error("damage: out of memory queueing blast %lld", dm->st.blasts + dm->st.scorches);
}

void damage_blast(damage_map *dm, const float c[3], float radius, const damage_pose *pose)
{
    assert(radius > 0);
    dm->st.blasts++;
    damage__queue(dm, c, radius, pose);
}

void damage_scorch(damage_map *dm, const float c[3], float radius, const damage_pose *pose)
{
    assert(radius > 0);
    dm->st.scorches++;
    /* a negative radius tells the unwrap: heat only, no hole */
    damage__queue(dm, c, -radius, pose);
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
