#include "mud/truck.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "mud/core/truck_model.h"
#include "gfx/mesh_gl.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/texture.h"

enum { DIRT_UNIT = 3 };

typedef struct truck_prog {
    GLuint prog;
    GLint model, albedo, emissive, spec, dirt_box, dirt_rows, dirt_wheel, dirt_take;
} truck_prog;

struct mud_truck {
    vehicle_desc vd;
    truck_model tm;
    gfx_mesh body[TRUCK_BODY_PARTS], wheel[TRUCK_WHEEL_PARTS];
    bool boxes, built;
    truck_prog prog[2]; /* [MUD_PASS_SHADOW], [MUD_PASS_MAIN] */
    GLuint mask_tex;
    uint8_t mask[TRUCK_DIRT_TEX_W * TRUCK_DIRT_TEX_H];
    float tyre[VEHICLE_MAX_WHEELS];
    float box[4];
};

static const char *const body_labels[TRUCK_BODY_PARTS] = {"truck.chassis", "truck.cab", "truck.bed", "truck.trim", "truck.glass", "truck.lights", "truck.tail"};
static const char *const wheel_labels[TRUCK_WHEEL_PARTS] = {"truck.tyre", "truck.rim"};
/* how much of the mud each part shows: glass and lenses are wiped by rain and wipers, a little */
static const float body_take[TRUCK_BODY_PARTS] = {1.0f, 1.0f, 1.0f, 1.0f, 0.35f, 0.4f, 0.5f};
static const float wheel_take[TRUCK_WHEEL_PARTS] = {1.0f, 0.7f};

static void free_meshes(mud_truck *t)
{
    if (!t->built) return;
    for (int i = 0; i < TRUCK_BODY_PARTS; i++) gfx_mesh_destroy(&t->body[i]);
    for (int i = 0; i < TRUCK_WHEEL_PARTS; i++) gfx_mesh_destroy(&t->wheel[i]);
    truck_model_free(&t->tm);
    t->built = false;
}

static void build_meshes(mud_truck *t)
{
    free_meshes(t);
    if (t->boxes) truck_model_build_boxes(&t->tm, &t->vd);
    else truck_model_build(&t->tm, &t->vd);
    for (int i = 0; i < TRUCK_BODY_PARTS; i++) t->body[i] = gfx_mesh_create(&t->tm.body[i].mesh, body_labels[i]);
    for (int i = 0; i < TRUCK_WHEEL_PARTS; i++) t->wheel[i] = gfx_mesh_create(&t->tm.wheel[i].mesh, wheel_labels[i]);
    t->built = true;
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
    for (int p = 0; p < 2; p++) {
        truck_prog *tp = &t->prog[p];
        tp->prog = gfx_program_load("mud_truck.vert", "mud_truck.frag", p == MUD_PASS_SHADOW ? "#define SHADOW_PASS 1\n" : NULL);
        if (!tp->prog) goto fail;
        tp->model = gfx_uniform(tp->prog, "u_model");
        if (p == MUD_PASS_SHADOW) continue;
        glUseProgram(tp->prog);
        glUniform1i(gfx_uniform(tp->prog, "u_dirt_mask"), DIRT_UNIT);
        tp->albedo = gfx_uniform(tp->prog, "u_albedo");
        tp->emissive = gfx_uniform(tp->prog, "u_emissive");
        tp->spec = gfx_uniform(tp->prog, "u_spec");
        tp->dirt_box = gfx_uniform(tp->prog, "u_dirt_box");
        tp->dirt_rows = gfx_uniform(tp->prog, "u_dirt_rows");
        tp->dirt_wheel = gfx_uniform(tp->prog, "u_dirt_wheel");
        tp->dirt_take = gfx_uniform(tp->prog, "u_dirt_take");
    }
    t->mask_tex = gfx_texture_create(&(gfx_texture_desc){.width = TRUCK_DIRT_TEX_W, .height = TRUCK_DIRT_TEX_H,
                                                         .internal_format = GL_R8, .data = t->mask, .label = "truck.dirt_mask"});
    if (!t->mask_tex) goto fail;
    truck_dirt td;
    truck_dirt_init(&td, &t->vd);
    t->box[0] = td.z0, t->box[1] = 1.0f / (td.z1 - td.z0), t->box[2] = td.y0, t->box[3] = 1.0f / (td.y1 - td.y0);
    build_meshes(t);
    return t;
fail:
    log_error("mud truck: cannot create its program or mask");
    mud_truck_destroy(t);
    return NULL;
}

void mud_truck_destroy(mud_truck *t)
{
    if (!t) return;
    free_meshes(t);
    for (int p = 0; p < 2; p++)
        if (t->prog[p].prog) glDeleteProgram(t->prog[p].prog);
    gfx_texture_destroy(t->mask_tex);
    free(t);
}

void mud_truck_set_boxes(mud_truck *t, bool boxes)
{
    if (boxes == t->boxes) return;
    t->boxes = boxes;
    build_meshes(t);
}

void mud_truck_set_dirt(mud_truck *t, const truck_dirt *td)
{
    uint8_t px[sizeof t->mask];
    truck_dirt_pack(td, px);
    memcpy(t->tyre, td->tyre, sizeof t->tyre);
    if (!memcmp(px, t->mask, sizeof px)) return;
    memcpy(t->mask, px, sizeof px);
    glBindTexture(GL_TEXTURE_2D, t->mask_tex);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, TRUCK_DIRT_TEX_W, TRUCK_DIRT_TEX_H, GL_RED, GL_UNSIGNED_BYTE, px);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
}

static void draw_part(const truck_prog *tp, mud_pass pass, const truck_part *p, const gfx_mesh *m, mat4 model, float wheel_dirt, float take)
{
    glUniformMatrix4fv(tp->model, 1, GL_FALSE, (const float *)model);
    if (pass == MUD_PASS_MAIN) {
        glUniform3fv(tp->albedo, 1, p->color);
        glUniform3fv(tp->emissive, 1, p->emissive);
        glUniform1f(tp->spec, p->spec);
        glUniform1f(tp->dirt_wheel, wheel_dirt);
        glUniform1f(tp->dirt_take, take);
    }
    gfx_mesh_draw(m);
}

void mud_truck_draw(mud_truck *t, mud_pass pass, const vehicle *v)
{
    const truck_prog *tp = &t->prog[pass];
    gfx_state_set(pass == MUD_PASS_SHADOW ? GFX_STATE_CASTER : GFX_STATE_OPAQUE);
    glUseProgram(tp->prog);
    if (pass == MUD_PASS_MAIN) {
        glActiveTexture(GL_TEXTURE0 + DIRT_UNIT);
        glBindTexture(GL_TEXTURE_2D, t->mask_tex);
        glActiveTexture(GL_TEXTURE0);
        glUniform4fv(tp->dirt_box, 1, t->box);
        glUniform1f(tp->dirt_rows, (float)TRUCK_DIRT_H);
    }
    mat4 m;
    vehicle_body_matrix(v, m);
    for (int i = 0; i < TRUCK_BODY_PARTS; i++) {
        if (pass == MUD_PASS_SHADOW && (i == TRUCK_GLASS || i == TRUCK_LIGHTS || i == TRUCK_TAIL)) continue;
        draw_part(tp, pass, &t->tm.body[i], &t->body[i], m, -1.0f, body_take[i]);
    }
    for (int w = 0; w < vehicle_wheel_count(v); w++) {
        vehicle_wheel_matrix(v, w, m);
        for (int k = 0; k < TRUCK_WHEEL_PARTS; k++) draw_part(tp, pass, &t->tm.wheel[k], &t->wheel[k], m, t->tyre[w], wheel_take[k]);
    }
}
