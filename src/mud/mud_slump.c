/* mud_slump.c — the ruts' slump and refill on the GPU's layers (pass mud.slump): of a queued
 * block's height layer, the rectangle the CPU's step changed (and its ring of neighbours) copied
 * and drawn back through mud_slump.frag, the rule of mud/core/mudfield_slump.h; an evicted block
 * steps on the CPU over its saved bytes by the same rule, so it returns byte for byte. */
#include "mud/mud_internal.h"

#include <stdlib.h>

#include "base/log.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/target.h"
#include "gfx/texture.h"
#include "gfx/timer.h"

bool mud__slump_create(mud_renderer *mr)
{
    mr->slump_prog = gfx_program_load("gfx_fullscreen.vert", "mud_slump.frag", NULL);
    mr->slump_tex = gfx_texture_create(&(gfx_texture_desc){.width = RES, .height = RES, .internal_format = GL_RG8,
                                                           .flags = GFX_TEX_NEAREST, .label = "mud.slump_scratch"});
    glGenFramebuffers(1, &mr->slump_fbo);
    mr->slump_h = malloc(sizeof *mr->slump_h * RES * RES);
    mr->slump_tmp = malloc(sizeof *mr->slump_tmp * RES * RES);
    if (!mr->slump_h || !mr->slump_tmp) log_error("mud: out of memory for the slump's scratch");
    if (!mr->slump_prog || !mr->slump_tex || !mr->slump_h || !mr->slump_tmp) return false;
    glUseProgram(mr->slump_prog);
    glUniform1i(gfx_uniform(mr->slump_prog, "u_heights"), 0);
    glUniform1i(gfx_uniform(mr->slump_prog, "u_mud"), 1);
    mr->u_slump_layer = gfx_uniform(mr->slump_prog, "u_layer");
    mr->u_slump_threshold = gfx_uniform(mr->slump_prog, "u_threshold");
    mr->u_slump_threshold_diag = gfx_uniform(mr->slump_prog, "u_threshold_diag");
    mr->u_slump_refill = gfx_uniform(mr->slump_prog, "u_refill");
    glUseProgram(0);
    return true;
}

void mud__slump_destroy(mud_renderer *mr)
{
    if (mr->slump_prog) glDeleteProgram(mr->slump_prog);
    gfx_texture_destroy(mr->slump_tex);
    if (mr->slump_fbo) glDeleteFramebuffers(1, &mr->slump_fbo);
    free(mr->slump_h);
    free(mr->slump_tmp);
}

/* An evicted block: its saved heights (hi, lo after the RGBA8 layer) stepped on the CPU. */
static void slump_saved(mud_renderer *mr, uint8_t *saved, const mudfield_slump_rule *rule)
{
    uint8_t *rg = saved + LAYER_BYTES;
    for (int k = 0; k < RES * RES; k++) mr->slump_h[k] = (uint16_t)(rg[2 * k] << 8 | rg[2 * k + 1]);
    if (!mudfield_slump_heights(mr->slump_h, saved, rule, mr->slump_tmp, NULL)) return;
    for (int k = 0; k < RES * RES; k++) {
        rg[2 * k] = (uint8_t)(mr->slump_h[k] >> 8);
        rg[2 * k + 1] = (uint8_t)(mr->slump_h[k] & 255);
    }
    mr->stats.slump_saved_total++;
}

/* Called inside the stamp pass (read_fbo is the read framebuffer), in the queue's order. */
void mud__slump_block(mud_renderer *mr, int block, const mudfield_rect *rect, const mudfield_slump_rule *rule)
{
    if (mr->gpu_state[block] == GPU_SAVED) {
        if (mr->saved[block]) slump_saved(mr, mr->saved[block], rule);
        return;
    }
    int s = mr->block_slot[block];
    /* a block the GPU never held is untouched mud there: the stamps that shaped it on the CPU
     * found no slot (a full pool), and the slump has nothing to move */
    if (s < 0 || !mud__attach_read_layer(mr, mr->height_array, s)) return;
    gfx_pass_begin("mud.slump");
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, mr->slump_tex);
    /* the rectangle and the ring of texels around it that its step reads, at their own place */
    int x0 = rect->x0 > 0 ? rect->x0 - 1 : 0, z0 = rect->y0 > 0 ? rect->y0 - 1 : 0;
    int x1 = rect->x1 < SEG ? rect->x1 + 1 : SEG, z1 = rect->y1 < SEG ? rect->y1 + 1 : SEG;
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, x0, z0, x0, z0, x1 - x0 + 1, z1 - z0 + 1);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D_ARRAY, mr->mud_array);
    gfx_target_begin_fbo(mr->slump_fbo, RES, RES, NULL);
    glFramebufferTextureLayer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, mr->height_array, 0, s);
    gfx_target_viewport(rect->x0, rect->y0, rect->x1 - rect->x0 + 1, rect->y1 - rect->y0 + 1);
    glUseProgram(mr->slump_prog);
    glUniform1i(mr->u_slump_layer, s);
    glUniform1i(mr->u_slump_threshold, rule->threshold);
    glUniform1i(mr->u_slump_threshold_diag, rule->threshold_diag);
    glUniform1i(mr->u_slump_refill, rule->refill ? 1 : 0);
    gfx_fullscreen_draw();
    gfx_target_end(); /* back to the pass's draw_fbo */
    glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
    glActiveTexture(GL_TEXTURE0);
    gfx_pass_end();
    mr->stats.slump_passes_total++;
}
