#include "damage/scene/range_stage.h"

#include <stdlib.h>

#include "base/alloc.h"
#include "base/log.h"
#include "damage/scene/range_set.h"
#include "gfx/mesh_gl.h"
#include "gfx/shader.h"
#include "gfx/state.h"

struct range_stage {
    renderer *r;
    gfx_mesh floor, part[RANGE_SET_PART_COUNT];
    GLuint prog;
    GLint u_model, u_kind;
};

range_stage *range_stage_create(renderer *r)
{
    range_stage *st = ALLOC_STRUCT(range_stage);
    if (!st) {
        log_error("range stage: out of memory");
        return NULL;
    }
    st->r = r;
    st->prog = gfx_program_load("gfx_lit.vert", "damage_range_concrete.frag", NULL);
    if (!st->prog) {
        range_stage_destroy(st);
        return NULL;
    }
    st->u_model = gfx_uniform(st->prog, "u_model");
    st->u_kind = gfx_uniform(st->prog, "u_kind");
    range_set set;
    range_set_build(&set);
    static const char *const labels[RANGE_SET_PART_COUNT] = {"range.concrete", "range.steel", "range.targets", "range.lamps"};
    for (int p = 0; p < RANGE_SET_PART_COUNT; p++) st->part[p] = gfx_mesh_create(&set.part[p], labels[p]);
    range_set_free(&set);
    mesh_data plane = {0};
    mesh_build_plane(&plane, 2.0f * RANGE_SET_FLOOR_HALF, 2.0f * RANGE_SET_FLOOR_HALF, 8);
    st->floor = gfx_mesh_create(&plane, "range.floor");
    mesh_data_free(&plane);
    return st;
}

void range_stage_destroy(range_stage *st)
{
    if (!st) return;
    gfx_mesh_destroy(&st->floor);
    for (int p = 0; p < RANGE_SET_PART_COUNT; p++) gfx_mesh_destroy(&st->part[p]);
    if (st->prog) glDeleteProgram(st->prog);
    free(st);
}

static void range_stage__concrete(range_stage *st, const gfx_mesh *m, int kind)
{
    mat4 id = GLM_MAT4_IDENTITY_INIT;
    gfx_state_set(GFX_STATE_OPAQUE);
    glUseProgram(st->prog);
    glUniformMatrix4fv(st->u_model, 1, GL_FALSE, (const float *)id);
    glUniform1i(st->u_kind, kind);
    gfx_mesh_draw(m);
}

void range_stage_draw(range_stage *st, scene_pass pass)
{
    mat4 id = GLM_MAT4_IDENTITY_INIT;
    if (pass == SCENE_PASS_SHADOW) {
        /* the floor only receives; the rest casts */
        for (int p = 0; p < RANGE_SET_LAMPS; p++) renderer_draw_caster(st->r, &st->part[p], id);
        return;
    }
    /* near and small things first, the floor last: the depth test then spares the floor's
     * shading wherever the set covers it */
    renderer_draw_lit(st->r, &st->part[RANGE_SET_STEEL], id, (vec3){0.05f, 0.055f, 0.06f}, NULL);
    renderer_draw_lit(st->r, &st->part[RANGE_SET_TARGETS], id, (vec3){0.62f, 0.56f, 0.44f}, NULL);
    /* HDR: well above 1 so the bloom catches the lamps */
    renderer_draw_lit(st->r, &st->part[RANGE_SET_LAMPS], id, (vec3){0.1f, 0.1f, 0.1f}, (vec3){24.0f, 23.0f, 20.0f});
    range_stage__concrete(st, &st->part[RANGE_SET_CONCRETE], 1);
    range_stage__concrete(st, &st->floor, 0);
}
