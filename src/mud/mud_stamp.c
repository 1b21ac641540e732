/* mud_stamp.c — the stamp pass: the steps' primitives and mask growth queued in order, then drawn
 * into the layers of the blocks they touch with the same arithmetic as the CPU field
 * (mud/core/mudfield.h), so GPU and physics see the same mud. */
#include "mud/mud_internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/target.h"

/* A new queue entry. When the queue cannot grow, what it holds is drawn now (a stamp pass, in
 * order as always), which empties it: nothing queued is lost. */
static mud_queue_item *queue_push(mud_renderer *mr)
{
    if (mr->nqueue == mr->queue_cap) {
        int cap = mr->queue_cap * 2;
        mud_queue_item *grown = realloc(mr->queue, (size_t)cap * sizeof *mr->queue);
        if (grown) {
            mr->queue = grown;
            mr->queue_cap = cap;
        } else {
            log_error("mud: out of memory for %d queued stamps: the %d queued are drawn now", cap, mr->nqueue);
            mud_renderer_stamp(mr);
        }
    }
    return &mr->queue[mr->nqueue++];
}

void mud_renderer_queue(mud_renderer *mr, const mudfield_stamp_geom *prims, int count)
{
    for (int i = 0; i < count; i++) {
        mud_queue_item *q = queue_push(mr);
        q->base = false;
        q->dry = 0;
        q->slump_block = -1;
        q->g = prims[i];
    }
}

void mud_renderer_queue_dry(mud_renderer *mr, int levels)
{
    if (levels <= 0) return;
    mud_queue_item *q = queue_push(mr);
    q->base = false;
    q->dry = levels;
    q->slump_block = -1;
}

void mud_renderer_queue_slump(mud_renderer *mr, const int *blocks, const mudfield_rect *rects, int count,
                              const mudfield_slump_rule *rule)
{
    for (int i = 0; i < count; i++) {
        mud_queue_item *q = queue_push(mr);
        q->base = false;
        q->dry = 0;
        q->slump_block = blocks[i];
        q->slump_rect = rects ? rects[i] : (mudfield_rect){0, 0, SEG, SEG};
        q->slump_rule = *rule;
    }
}

/* The base samples of rect (global, inclusive) from the terrain, rows along z. */
static void copy_base(const mud_renderer *mr, const int r[4], uint8_t *px)
{
    int w = r[2] - r[0] + 1;
    for (int gj = r[1]; gj <= r[3]; gj++)
        for (int gi = r[0]; gi <= r[2]; gi++) {
            int bx = gi / BASE_SEG < mr->nb ? gi / BASE_SEG : mr->nb - 1, bz = gj / BASE_SEG < mr->nb ? gj / BASE_SEG : mr->nb - 1;
            const uint8_t *src = terrain_block_data(mr->terr, bx, bz) +
                                 ((gj - bz * BASE_SEG) * TERRAIN_BLOCK_SAMPLES + (gi - bx * BASE_SEG)) * 4;
            memcpy(px + ((size_t)(gj - r[1]) * w + (gi - r[0])) * 4, src, 4);
        }
}

void mud_renderer_queue_base(mud_renderer *mr, const int rect[4])
{
    mud_queue_item *q = queue_push(mr);
    q->base = true;
    q->dry = 0;
    q->slump_block = -1;
    memcpy(q->rect, rect, sizeof q->rect);
    /* the samples as this step left them: a later step of the same frame may grow them further,
     * and the primitives between must be drawn over this step's mask, as the CPU stamped them */
    q->snapped = (rect[2] - rect[0] + 1) * (rect[3] - rect[1] + 1) <= BASE_SNAP_MAX;
    if (q->snapped) copy_base(mr, rect, q->px);
}

void mud_renderer_queue_step(mud_renderer *mr, const mud_sim *sim)
{
    int n, rect[4];
    const mudfield_stamp_geom *prims = mud_sim_prims(sim, &n);
    mud_renderer_queue_dry(mr, mud_sim_dried_last_step(sim)); /* the sim dried, slumped, then stamped */
    int ns;
    mudfield_slump_rule rule;
    const mudfield_rect *rects;
    const int *slumped = mud_sim_slumped_last_step(sim, &ns, &rects, &rule);
    mud_renderer_queue_slump(mr, slumped, rects, ns, &rule);
    mud_renderer_queue(mr, prims, n);
    if (mud_sim_base_changed(sim, rect)) mud_renderer_queue_base(mr, rect);
}

/* Base samples (global, inclusive) into the base texture: the mud mask grew. */
static void upload_base(mud_renderer *mr, const mud_queue_item *q)
{
    const int *r = q->rect;
    int w = r[2] - r[0] + 1, h = r[3] - r[1] + 1;
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glBindTexture(GL_TEXTURE_2D, mr->base_tex);
    if (q->snapped) {
        glTexSubImage2D(GL_TEXTURE_2D, 0, r[0], r[1], w, h, GL_RGBA, GL_UNSIGNED_BYTE, q->px);
    } else {
        /* too large to keep: the newest samples, in bands of rows through the scratch block (a row of
         * the largest level, 64 blocks, is 6 KiB of its 64) */
        int band = LAYER_BYTES / (w * 4);
        assert(band >= 1);
        for (int z = r[1]; z <= r[3]; z += band) {
            int rows = r[3] - z + 1 < band ? r[3] - z + 1 : band;
            copy_base(mr, (const int[4]){r[0], z, r[2], z + rows - 1}, mr->scratch);
            glTexSubImage2D(GL_TEXTURE_2D, 0, r[0], z, w, rows, GL_RGBA, GL_UNSIGNED_BYTE, mr->scratch);
        }
    }
    mud__mark_mud(mr, r);
    mr->stats.base_upload_bytes_frame += (long long)w * h * 4;
    mr->stats.base_upload_bytes_total += (long long)w * h * 4;
}

static void set_prim_uniforms(mud_renderer *mr, const stamp_uniforms *u, const mudfield_stamp_geom *g)
{
    glUniform4i(u->rect, g->gx0, g->gz0, g->gx1, g->gz1);
    glUniform3i(u->mud_blocks, g->mud_bx, g->mud_bz, g->mud_mask);
    glUniform1i(u->nb, mr->nb);
    glUniform1f(u->spacing, MUDFIELD_SPACING);
    glUniform1f(u->edge_ramp, 1.25f * MUDFIELD_SPACING);
    glUniform4f(u->wheel, g->w.center[0], g->w.center[1], g->w.center[2], g->w.radius);
    glUniform4f(u->dir, g->fwd[0], g->fwd[1], g->side[0], g->side[1]);
    glUniform4f(u->shape, g->pen, g->half_len, g->half_w, g->berm_width);
    glUniform4f(u->motion, g->w.velocity[0], g->w.velocity[1], g->speed, g->w.slip);
    glUniform1f(u->max_sink, g->max_sink);
    glUniform4f(u->tread, g->tread_inv, g->w.tread_depth, g->w.tread_phase, MUDFIELD_TREAD_CHEVRON);
    glUniform1fv(u->row_prefix, g->gz1 - g->gz0 + 2, g->row_prefix);
    glUniform4f(u->body, g->flat[0], g->flat[1], g->corner, g->ring);
    glUniform2f(u->slope, g->slope[0], g->slope[1]);
}

/* The range of blocks holding global texels lo..hi along one axis. */
static void block_span(int lo, int hi, int nb, int *b0, int *b1)
{
    *b0 = lo > 0 ? (lo - 1) / SEG : 0;
    *b1 = hi / SEG < nb - 1 ? hi / SEG : nb - 1;
}

/* One primitive: scratch copy of the touched rectangle from every resident block holding it, the
 * removed steps into sums_tex, then the stamp into each of those blocks' layers. */
static void stamp_one(mud_renderer *mr, const mudfield_stamp_geom *g)
{
    int bxa, bxb, bza, bzb;
    block_span(g->gx0, g->gx1, mr->nb, &bxa, &bxb);
    block_span(g->gz0, g->gz1, mr->nb, &bza, &bzb);
    int layers[4], lbx[4], lbz[4], n = 0;
    for (int bz = bza; bz <= bzb; bz++)
        for (int bx = bxa; bx <= bxb; bx++)
            if (((g->mud_mask >> ((bz - g->mud_bz) * 3 + bx - g->mud_bx)) & 1) && mud__make_resident(mr, bx, bz) && n < 4) {
                layers[n] = mr->block_slot[bz * mr->nb + bx];
                lbx[n] = bx;
                lbz[n++] = bz;
            }
    if (!n) return;
    for (int a = 0; a < 2; a++) {
        glBindTexture(GL_TEXTURE_2D, a ? mr->scratch_h_tex : mr->scratch_tex);
        for (int k = 0; k < n; k++) {
            int ox = lbx[k] * SEG, oz = lbz[k] * SEG;
            int x0 = g->gx0 > ox ? g->gx0 : ox, x1 = g->gx1 < ox + SEG ? g->gx1 : ox + SEG;
            int z0 = g->gz0 > oz ? g->gz0 : oz, z1 = g->gz1 < oz + SEG ? g->gz1 : oz + SEG;
            if (mud__attach_read_layer(mr, a ? mr->height_array : mr->mud_array, layers[k]))
                glCopyTexSubImage2D(GL_TEXTURE_2D, 0, x0 - g->gx0, z0 - g->gz0, x0 - ox, z0 - oz, x1 - x0 + 1, z1 - z0 + 1);
        }
    }
    glActiveTexture(GL_TEXTURE3);
    glBindTexture(GL_TEXTURE_2D, mr->scratch_h_tex);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, mr->scratch_tex);
    glActiveTexture(GL_TEXTURE2);
    glBindTexture(GL_TEXTURE_2D, mr->sums_tex);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, mr->base_tex);

    gfx_target_begin_fbo(mr->sums_fbo, 1, 1, NULL);
    glUseProgram(mr->stamp_prog[0]);
    set_prim_uniforms(mr, &mr->su[0], g);
    gfx_fullscreen_draw();
    gfx_target_end(); /* back to the pass's draw_fbo */

    glUseProgram(mr->stamp_prog[1]);
    set_prim_uniforms(mr, &mr->su[1], g);
    for (int k = 0; k < n; k++) {
        int ox = lbx[k] * SEG, oz = lbz[k] * SEG;
        int x0 = g->gx0 > ox ? g->gx0 : ox, x1 = g->gx1 < ox + SEG ? g->gx1 : ox + SEG;
        int z0 = g->gz0 > oz ? g->gz0 : oz, z1 = g->gz1 < oz + SEG ? g->gz1 : oz + SEG;
        glFramebufferTextureLayer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, mr->mud_array, 0, layers[k]);
        glFramebufferTextureLayer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, mr->height_array, 0, layers[k]);
        gfx_target_viewport(x0 - ox, z0 - oz, x1 - x0 + 1, z1 - z0 + 1);
        glUniform2i(mr->su[1].block, ox, oz);
        gfx_fullscreen_draw();
    }
    mr->stats.stamp_draws_frame++;
    mr->stats.stamp_draws_total++;
}

/* The tracks' drying, in the queue's order: every resident layer copied whole and drawn back
 * through mud_dry.frag; the layers evicted to the CPU aged there with the same byte rule. */
static void dry_all(mud_renderer *mr, int levels)
{
    for (int b = 0; b < mr->nb * mr->nb; b++)
        if (mr->gpu_state[b] == GPU_SAVED && mr->saved[b])
            for (int i = 0; i < RES * RES; i++) mr->saved[b][i * 4 + 3] = mudfield_dry_byte(mr->saved[b][i * 4 + 3], levels);
    gfx_target_begin_fbo(mr->dry_fbo, RES, RES, NULL);
    glUseProgram(mr->dry_prog);
    glUniform1i(mr->u_dry_levels, levels);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, mr->dry_tex);
    for (int s = 0; s < mr->slots; s++) {
        if (mr->slot[s].block < 0 || !mud__attach_read_layer(mr, mr->mud_array, s)) continue;
        glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, RES, RES);
        glFramebufferTextureLayer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, mr->mud_array, 0, s);
        gfx_target_viewport(0, 0, RES, RES);
        gfx_fullscreen_draw();
    }
    gfx_target_end(); /* back to the pass's draw_fbo */
    mr->stats.dry_passes_total++;
}

void mud_renderer_stamp(mud_renderer *mr)
{
    if (!mr->nqueue) return;
    /* one pass over draw_fbo (its layer attached per block) reading the slot array through read_fbo */
    gfx_target_begin_fbo(mr->draw_fbo, RES, RES, NULL);
    gfx_read_begin(mr->read_fbo);
    gfx_state_set(GFX_STATE_FULLSCREEN);
    /* in order: each primitive reads what the ones before it drew */
    for (int i = 0; i < mr->nqueue; i++) {
        if (mr->queue[i].base) upload_base(mr, &mr->queue[i]);
        else if (mr->queue[i].dry) dry_all(mr, mr->queue[i].dry);
        else if (mr->queue[i].slump_block >= 0) mud__slump_block(mr, mr->queue[i].slump_block, &mr->queue[i].slump_rect, &mr->queue[i].slump_rule);
        else stamp_one(mr, &mr->queue[i].g);
    }
    mr->nqueue = 0;
    glUseProgram(0);
    for (int u = 3; u >= 0; u--) {
        glActiveTexture(GL_TEXTURE0 + (GLenum)u);
        glBindTexture(GL_TEXTURE_2D, 0);
    }
    gfx_read_end();
    gfx_target_end();
    int resident = 0;
    for (int s = 0; s < mr->slots; s++) resident += mr->slot[s].block >= 0;
    mr->stats.blocks_resident = resident;
}
