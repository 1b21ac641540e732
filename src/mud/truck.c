#include "mud/truck.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "mud/core/truck_model.h"
#include "gfx/dump.h"
#include "gfx/mesh_gl.h"
#include "gfx/shader.h"
#include "gfx/state.h"

enum { DIRT_UNIT = 3, WET_UNIT = 4 };

typedef struct truck_prog {
    GLuint prog;
    GLint model, albedo, emissive, spec, dirt_on, drip_step, dirt_take, wheel;
} truck_prog;

struct mud_truck {
    vehicle_desc vd;
    truck_model tm;
    truck_atlas ta;
    gfx_mesh mesh[TRUCK_ATLAS_MESHES];
    bool boxes, built, dirt_on;
    truck_prog prog[2]; /* [MUD_PASS_SHADOW], [MUD_PASS_MAIN] */
    damage_map *dm;
    unsigned char *region; /* atlas² bytes: 0 none, 1 lower body, 2 tyre */
    unsigned char *readback;
    long long cleans;          /* the measure's cache: the map's passes and cleans it was read at */
    long long measured_at[4];
    mud_truck_dirt measured;
};

static const char *const body_labels[TRUCK_BODY_PARTS] = {"truck.chassis", "truck.cab", "truck.bed", "truck.trim", "truck.glass", "truck.lights", "truck.tail"};
static const char *const wheel_labels[TRUCK_WHEEL_PARTS] = {"truck.tyre", "truck.rim"};
/* how much of the mud each part shows: glass and lenses are wiped by rain and wipers, a little */
static const float body_take[TRUCK_BODY_PARTS] = {1.0f, 1.0f, 1.0f, 1.0f, 0.35f, 0.4f, 0.5f};
static const float wheel_take[TRUCK_WHEEL_PARTS] = {1.0f, 0.7f};

static const truck_part *part_of(const mud_truck *t, int i)
{
    return i < TRUCK_BODY_PARTS ? &t->tm.body[i] : &t->tm.wheel[(i - TRUCK_BODY_PARTS) % TRUCK_WHEEL_PARTS];
}

static void free_meshes(mud_truck *t)
{
    if (!t->built) return;
    for (int i = 0; i < t->ta.mesh_count; i++) gfx_mesh_destroy(&t->mesh[i]);
    damage_map_destroy(t->dm);
    t->dm = NULL;
    truck_atlas_free(&t->ta);
    truck_model_free(&t->tm);
    t->built = false;
}

typedef struct region_ctx {
    const truck_atlas *ta;
    unsigned char *region;
    int n;
} region_ctx;

static void region_texel(void *user, int mesh, int chart, int tri, int x, int y, const float w[3])
{
    (void)chart;
    region_ctx *c = user;
    const mesh_data *m = &c->ta->mesh[mesh];
    float py = 0.0f;
    for (int k = 0; k < 3; k++) py += w[k] * m->pos[m->idx[tri + k]][1];
    unsigned char r = 0;
    if (mesh >= TRUCK_BODY_PARTS) r = (mesh - TRUCK_BODY_PARTS) % TRUCK_WHEEL_PARTS == TRUCK_TYRE ? 2 : 0;
    else if (py < MUD_TRUCK_LOWER_Y) r = 1;
    c->region[y * c->n + x] = r;
}

static bool build_meshes(mud_truck *t)
{
    free_meshes(t);
    if (t->boxes) truck_model_build_boxes(&t->tm, &t->vd);
    else truck_model_build(&t->tm, &t->vd);
    if (!truck_atlas_build(&t->ta, &t->tm, t->vd.wheel_count, MUD_TRUCK_ATLAS)) {
        log_error("mud truck: its charts do not fit a %d² atlas", MUD_TRUCK_ATLAS);
        truck_model_free(&t->tm);
        return false;
    }
    t->built = true;
    damage_mesh dms[TRUCK_ATLAS_MESHES];
    for (int i = 0; i < t->ta.mesh_count; i++) {
        const mesh_data *m = &t->ta.mesh[i];
        const char *label = i < TRUCK_BODY_PARTS ? body_labels[i] : wheel_labels[(i - TRUCK_BODY_PARTS) % TRUCK_WHEEL_PARTS];
        t->mesh[i] = gfx_mesh_create(m, label);
        dms[i] = (damage_mesh){.positions = (const float(*)[3])m->pos, .normals = (const float(*)[3])m->nrm,
                               .uvs = (const float(*)[2])m->uv, .charts = t->ta.chart[i], .indices = m->idx,
                               .vertex_count = m->vertex_count, .index_count = m->index_count};
        memcpy(dms[i].paint, part_of(t, i)->color, sizeof dms[i].paint);
    }
    t->dm = damage_map_create(&(damage_map_desc){.meshes = dms, .mesh_count = t->ta.mesh_count, .atlas_size = MUD_TRUCK_ATLAS,
                                                 .chart_count = t->ta.chart_count, .fade_hz = MUD_TRUCK_DRY_HZ,
                                                 .fade_factor = MUD_TRUCK_DRY_FACTOR});
    if (!t->dm) return false;
    t->cleans++;
    memset(t->region, 0, (size_t)MUD_TRUCK_ATLAS * MUD_TRUCK_ATLAS);
    region_ctx rc = {&t->ta, t->region, MUD_TRUCK_ATLAS};
    damage_surface_raster(dms, t->ta.mesh_count, MUD_TRUCK_ATLAS, region_texel, &rc);
    return true;
}

mud_truck *mud_truck_create(const mud_truck_desc *desc)
{
    assert(desc && desc->vehicle);
    mud_truck *t = calloc(1, sizeof *t);
    if (!t) {
        log_error("mud truck: out of memory");
        return NULL;
    }
    t->vd = *desc->vehicle;
    t->boxes = desc->boxes;
    t->dirt_on = true;
    t->region = malloc((size_t)MUD_TRUCK_ATLAS * MUD_TRUCK_ATLAS);
    t->readback = malloc((size_t)MUD_TRUCK_ATLAS * MUD_TRUCK_ATLAS * 4);
    if (!t->region || !t->readback) goto fail;
    for (int p = 0; p < 2; p++) {
        truck_prog *tp = &t->prog[p];
        tp->prog = gfx_program_load("mud_truck.vert", "mud_truck.frag", p == MUD_PASS_SHADOW ? "#define SHADOW_PASS 1\n" : NULL);
        if (!tp->prog) goto fail;
        tp->model = gfx_uniform(tp->prog, "u_model");
        if (p == MUD_PASS_SHADOW) continue;
        glUseProgram(tp->prog);
        glUniform1i(gfx_uniform(tp->prog, "u_dirt"), DIRT_UNIT);
        glUniform1i(gfx_uniform(tp->prog, "u_wet"), WET_UNIT);
        tp->albedo = gfx_uniform(tp->prog, "u_albedo");
        tp->emissive = gfx_uniform(tp->prog, "u_emissive");
        tp->spec = gfx_uniform(tp->prog, "u_spec");
        tp->dirt_on = gfx_uniform(tp->prog, "u_dirt_on");
        tp->drip_step = gfx_uniform(tp->prog, "u_drip_step");
        tp->dirt_take = gfx_uniform(tp->prog, "u_dirt_take");
        tp->wheel = gfx_uniform(tp->prog, "u_wheel");
    }
    if (!build_meshes(t)) goto fail;
    return t;
fail:
    log_error("mud truck: cannot create its program, meshes or dirt map");
    mud_truck_destroy(t);
    return NULL;
}

void mud_truck_destroy(mud_truck *t)
{
    if (!t) return;
    free_meshes(t);
    for (int p = 0; p < 2; p++)
        if (t->prog[p].prog) glDeleteProgram(t->prog[p].prog);
    free(t->region);
    free(t->readback);
    free(t);
}

void mud_truck_set_boxes(mud_truck *t, bool boxes)
{
    if (boxes == t->boxes) return;
    t->boxes = boxes;
    if (!build_meshes(t)) log_error("mud truck: no model after truck.detail changed");
}

void mud_truck_set_dirt_on(mud_truck *t, bool on) { t->dirt_on = on; }

int mud_truck_pose(const mud_truck *t, const vehicle *v, mat4 *models)
{
    mat4 body;
    vehicle_body_matrix(v, body);
    for (int i = 0; i < t->ta.mesh_count; i++) {
        if (i < TRUCK_BODY_PARTS) glm_mat4_copy(body, models[i]);
        else vehicle_wheel_matrix(v, (i - TRUCK_BODY_PARTS) / TRUCK_WHEEL_PARTS, models[i]);
    }
    return t->ta.mesh_count;
}

void mud_truck_paint(mud_truck *t, const vehicle *v, const truck_splat *s, int n)
{
    if (!t->dm || !t->dirt_on || n <= 0) return;
    mat4 models[TRUCK_ATLAS_MESHES];
    mud_truck_pose(t, v, models);
    const damage_pose pose = {.models = (const mat4 *)models};
    for (int i = 0; i < n; i++) damage_blast(t->dm, s[i].pos, s[i].radius, &pose);
}

void mud_truck_wash(mud_truck *t, const vehicle *v, float water_y, float amount)
{
    if (!t->dm) return;
    mat4 models[TRUCK_ATLAS_MESHES];
    mud_truck_pose(t, v, models);
    damage_map_wash(t->dm, (const float[4]){0.0f, 1.0f, 0.0f, -water_y}, amount, &(damage_pose){.models = (const mat4 *)models});
}

void mud_truck_update(mud_truck *t, float dt)
{
    if (t->dm) damage_map_update(t->dm, dt);
}

void mud_truck_prepare(mud_truck *t)
{
    if (t->dm) damage_map_prepare(t->dm, NULL);
}

void mud_truck_clean(mud_truck *t)
{
    if (t->dm) damage_map_clear(t->dm);
    t->cleans++;
}

damage_map *mud_truck_dirt_map(mud_truck *t) { return t->dm; }
const truck_atlas *mud_truck_atlas(const mud_truck *t) { return &t->ta; }
const unsigned char *mud_truck_texel_regions(const mud_truck *t) { return t->region; }

mud_truck_dirt mud_truck_measure(mud_truck *t)
{
    mud_truck_dirt r = {0};
    if (!t->dm) return r;
    const damage_map_stats st = damage_map_get_stats(t->dm);
    const long long key[4] = {st.unwrap_passes, st.wash_passes, st.fade_passes, t->cleans};
    if (!memcmp(key, t->measured_at, sizeof key)) return t->measured;
    memcpy(t->measured_at, key, sizeof key);
    const int n = MUD_TRUCK_ATLAS;
    double sum[3] = {0}, wet = 0.0;
    long cnt[3] = {0}, covered = 0;
    int most = 0;
    glFinish(); /* llvmpipe: a read through a new framebuffer did not wait for the map's passes */
    gfx_texture_read_rgba8(damage_map_raw_texture(t->dm), n, n, t->readback);
    for (int k = 0; k < n * n; k++) {
        const int c = t->readback[4 * k];
        sum[t->region[k]] += c, cnt[t->region[k]]++;
        most = c > most ? c : most;
        covered += c > 0;
    }
    gfx_texture_read_rgba8(damage_map_fading_texture(t->dm), n, n, t->readback);
    for (int k = 0; k < n * n; k++) wet += t->readback[4 * k];
    const double lower = cnt[1] ? sum[1] / (double)cnt[1] : 0.0, tyre = cnt[2] ? sum[2] / (double)cnt[2] : 0.0;
    r.mean = (float)(0.5 * (lower + tyre) / 255.0);
    r.max = (float)most / 255.0f;
    r.wet = covered ? (float)(wet / (double)covered / 255.0) : 0.0f;
    t->measured = r;
    return r;
}

static void draw_part(const truck_prog *tp, mud_pass pass, const truck_part *p, const gfx_mesh *m, mat4 model, bool wheel, float take)
{
    glUniformMatrix4fv(tp->model, 1, GL_FALSE, (const float *)model);
    if (pass == MUD_PASS_MAIN) {
        glUniform3fv(tp->albedo, 1, p->color);
        glUniform3fv(tp->emissive, 1, p->emissive);
        glUniform1f(tp->spec, p->spec);
        glUniform1f(tp->wheel, wheel ? 1.0f : 0.0f);
        glUniform1f(tp->dirt_take, take);
    }
    gfx_mesh_draw(m);
}

void mud_truck_draw(mud_truck *t, mud_pass pass, const vehicle *v)
{
    if (!t->built) return;
    const truck_prog *tp = &t->prog[pass];
    gfx_state_set(pass == MUD_PASS_SHADOW ? GFX_STATE_CASTER : GFX_STATE_OPAQUE);
    glUseProgram(tp->prog);
    if (pass == MUD_PASS_MAIN) {
        glActiveTexture(GL_TEXTURE0 + DIRT_UNIT);
        glBindTexture(GL_TEXTURE_2D, t->dm ? damage_map_texture(t->dm) : 0);
        glActiveTexture(GL_TEXTURE0 + WET_UNIT);
        glBindTexture(GL_TEXTURE_2D, t->dm ? damage_map_fading_texture(t->dm) : 0);
        glActiveTexture(GL_TEXTURE0);
        glUniform1f(tp->dirt_on, t->dirt_on && t->dm ? 1.0f : 0.0f);
        glUniform1f(tp->drip_step, 0.04f * t->ta.density / (float)MUD_TRUCK_ATLAS); /* 4 cm a step */
    }
    mat4 models[TRUCK_ATLAS_MESHES];
    mud_truck_pose(t, v, models);
    for (int i = 0; i < t->ta.mesh_count; i++) {
        const bool wheel = i >= TRUCK_BODY_PARTS;
        if (pass == MUD_PASS_SHADOW && (i == TRUCK_GLASS || i == TRUCK_LIGHTS || i == TRUCK_TAIL)) continue;
        if (wheel && (i - TRUCK_BODY_PARTS) / TRUCK_WHEEL_PARTS >= vehicle_wheel_count(v)) continue;
        const float take = wheel ? wheel_take[(i - TRUCK_BODY_PARTS) % TRUCK_WHEEL_PARTS] : body_take[i];
        draw_part(tp, pass, part_of(t, i), &t->mesh[i], models[i], wheel, take);
    }
}
