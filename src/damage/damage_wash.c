/* The wash (damage.h's damage_map_wash): a plane per mesh, in its own space; one fullscreen pass
 * over the atlas per map reads each texel's mesh-space position (the position map baked at create)
 * and lowers what lies below its mesh's plane, from the raw map into a scratch target of its size
 * that then takes the raw map's place (the old raw map is the next wash's scratch), and from the
 * fading map's read side into its write side. Batches of DAMAGE__WASH_BATCH meshes a pass. The
 * scratch target and the program are made at the first wash: a map never washed costs nothing. */
#include "damage/damage_internal.h"

#include <math.h>
#include <stdlib.h>

#include "base/log.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/timer.h"

#define DAMAGE__WASH_BATCH 16 /* shaders/damage_wash.frag's u_planes */

void damage_map_wash(damage_map *dm, const float plane[4], float amount, const damage_pose *pose)
{
    if (!(amount > 0.0f)) return;
    if (amount > 1.0f) amount = 1.0f;
    if (!dm->wash_planes && !(dm->wash_planes = calloc((size_t)dm->mesh_count, sizeof *dm->wash_planes))) {
        log_error("damage: out of memory for the wash planes");
        return;
    }
    for (int m = 0; m < dm->mesh_count; m++) {
        /* p_world = M p_mesh, so n . (M p) + d = (M^T (n, d)) . (p, 1); then unit length */
        mat4 model;
        if (pose && pose->models) glm_mat4_copy((vec4 *)pose->models[m], model);
        else glm_mat4_identity(model);
        float *q = dm->wash_planes[m];
        for (int k = 0; k < 4; k++) q[k] = model[k][0] * plane[0] + model[k][1] * plane[1] + model[k][2] * plane[2] + model[k][3] * plane[3];
        const float len = sqrtf(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
        for (int k = 0; k < 4 && len > 0.0f; k++) q[k] /= len;
    }
    dm->wash_keep = (dm->wash_pending ? dm->wash_keep : 1.0f) * (1.0f - amount);
    dm->wash_pending = true;
}

static bool wash_program(damage_map *dm)
{
    if (dm->prog_wash) return true;
    if (!dm->wash_scratch.fbo && !gfx_target_create(&dm->wash_scratch, &(gfx_target_desc){.width = dm->size, .height = dm->size, .color = {GL_RGBA8},
                                                               .label = "damage.wash_scratch"}))
        return false;
    if (!(dm->prog_wash = gfx_program_load("gfx_fullscreen.vert", "damage_wash.frag", NULL))) return false;
    glUseProgram(dm->prog_wash);
    glUniform1i(gfx_uniform(dm->prog_wash, "u_positions"), 0);
    glUniform1i(gfx_uniform(dm->prog_wash, "u_src"), 1);
    dm->wash_planes_u = gfx_uniform(dm->prog_wash, "u_planes");
    dm->wash_first = gfx_uniform(dm->prog_wash, "u_first");
    dm->wash_count = gfx_uniform(dm->prog_wash, "u_count");
    dm->wash_keep_u = gfx_uniform(dm->prog_wash, "u_keep");
    dm->wash_sub = gfx_uniform(dm->prog_wash, "u_sub");
    return true;
}

static void wash_into(const damage_map *dm, GLuint src, const gfx_target *dst, int first, int count)
{
    gfx_target_begin(dst, NULL);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, src);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, dm->positions.color[0]);
    glUniform4fv(dm->wash_planes_u, count, (const float *)(dm->wash_planes + first));
    glUniform1i(dm->wash_first, first);
    glUniform1i(dm->wash_count, count);
    gfx_fullscreen_draw();
    gfx_target_end();
}

void damage__wash(damage_map *dm)
{
    dm->wash_pending = false;
    if (!wash_program(dm)) {
        log_error("damage: no wash program; the maps stay as they are");
        return;
    }
    gfx_pass_begin("damage.wash");
    gfx_state_set(GFX_STATE_FULLSCREEN);
    glUseProgram(dm->prog_wash);
    glUniform1f(dm->wash_keep_u, dm->wash_keep);
    glUniform1f(dm->wash_sub, 1.0f / 255.0f);
    for (int first = 0; first < dm->mesh_count; first += DAMAGE__WASH_BATCH) {
        const int count = dm->mesh_count - first < DAMAGE__WASH_BATCH ? dm->mesh_count - first : DAMAGE__WASH_BATCH;
        /* the raw map into the scratch target, which becomes the raw map */
        wash_into(dm, dm->raw.color[0], &dm->wash_scratch, first, count);
        const gfx_target t = dm->raw;
        dm->raw = dm->wash_scratch;
        dm->wash_scratch = t;
        wash_into(dm, gfx_pingpong_read(&dm->fading), gfx_pingpong_write(&dm->fading), first, count);
        gfx_pingpong_swap(&dm->fading);
    }
    gfx_pass_end();
    dm->needs_dilate = true;
    dm->st.wash_passes++;
}
