/* mud_pool.c — the fixed pool of GPU mud layers: which block holds which slot, eviction of the
 * least recently used one (read back so it returns exactly), and a block made resident again
 * (restored, or fresh mud with its neighbours' borders). GPU memory never grows. */
#include "mud/mud_internal.h"

#include <math.h>
#include <stdlib.h>

#include "base/log.h"
#include "gfx/state.h"
#include "gfx/target.h"

bool mud__attach_read_layer(mud_renderer *mr, GLuint array, int layer)
{
    (void)mr;
    glFramebufferTextureLayer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, array, 0, layer);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    return glCheckFramebufferStatus(GL_READ_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
}

/* Read as RGBA (the one read format GL ES / WebGL2 guarantee for a normalized target) through
 * mr->scratch, then packed: hi x 256 + lo. read_fbo must be the read framebuffer. */
static bool read_height_layer(mud_renderer *mr, int layer, uint8_t *rg, uint16_t *h16)
{
    if (!mud__attach_read_layer(mr, mr->height_array, layer)) return false;
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glReadPixels(0, 0, RES, RES, GL_RGBA, GL_UNSIGNED_BYTE, mr->scratch);
    for (int k = 0; k < RES * RES; k++) {
        if (rg) {
            rg[2 * k] = mr->scratch[4 * k];
            rg[2 * k + 1] = mr->scratch[4 * k + 1];
        }
        if (h16) h16[k] = (uint16_t)(mr->scratch[4 * k] << 8 | mr->scratch[4 * k + 1]);
    }
    return true;
}

bool mud__read_heights(mud_renderer *mr, int layer, uint16_t *out)
{
    gfx_read_begin(mr->read_fbo);
    bool ok = read_height_layer(mr, layer, NULL, out);
    gfx_read_end();
    return ok;
}

/* A slot for block b: a free one, else the least recently used one not wanted this frame. The
 * evicted block's layers are read back (64 + 32 KiB, once per eviction) so it comes back exactly. */
static int claim_slot(mud_renderer *mr, int b)
{
    int best = -1;
    for (int s = 0; s < mr->slots; s++) {
        if (mr->slot[s].block < 0) {
            best = s;
            break;
        }
        if (mr->slot[s].last_used < mr->frame && (best < 0 || mr->slot[s].last_used < mr->slot[best].last_used)) best = s;
    }
    if (best < 0) return -1; /* every slot is active this frame: the block draws its base only */
    int old = mr->slot[best].block;
    if (old >= 0) {
        if (!mr->saved[old]) {
            if (!(mr->saved[old] = malloc(SAVED_BYTES))) { /* nothing evicted: the block draws its base only */
                log_error("mud: out of memory to keep an evicted layer");
                return -1;
            }
            mr->saved_blocks++;
        }
        if (mud__attach_read_layer(mr, mr->mud_array, best)) {
            glPixelStorei(GL_PACK_ALIGNMENT, 4);
            glReadPixels(0, 0, RES, RES, GL_RGBA, GL_UNSIGNED_BYTE, mr->saved[old]);
            mr->stats.readback_bytes_total += LAYER_BYTES;
        }
        if (read_height_layer(mr, best, mr->saved[old] + LAYER_BYTES, NULL)) mr->stats.readback_bytes_total += HEIGHT_BYTES;
        mr->gpu_state[old] = GPU_SAVED;
        mr->block_slot[old] = -1;
    }
    mr->slot[best].block = b;
    mr->block_slot[b] = best;
    return best;
}

/* Shared border texels from the resident neighbours (GPU copies, no upload): the stamps they got
 * while this block was not on the GPU. */
static void adopt_borders(mud_renderer *mr, int bx, int bz, int layer)
{
    for (int a = 0; a < 2; a++) {
        GLuint array = a ? mr->height_array : mr->mud_array;
        glBindTexture(GL_TEXTURE_2D_ARRAY, array);
        for (int oz = -1; oz <= 1; oz++)
            for (int ox = -1; ox <= 1; ox++) {
                int s = mud_renderer_slot(mr, bx + ox, bz + oz);
                if ((!ox && !oz) || s < 0 || !mud__attach_read_layer(mr, array, s)) continue;
                int sx = ox < 0 ? SEG : 0, sz = oz < 0 ? SEG : 0, dx = ox > 0 ? SEG : 0, dz = oz > 0 ? SEG : 0;
                glCopyTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, dx, dz, layer, sx, sz, ox ? 1 : RES, oz ? 1 : RES);
            }
    }
    glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
}

/* Block b on the GPU: restored from its read-back copy (the only upload of mud texels), or a
 * fresh layer of untouched mud with its neighbours' borders. False when the pool is full or memory
 * to keep an evicted layer runs out (logged). */
bool mud__make_resident(mud_renderer *mr, int bx, int bz)
{
    int b = bz * mr->nb + bx;
    if (mr->block_slot[b] >= 0) {
        mr->slot[mr->block_slot[b]].last_used = mr->frame;
        return true;
    }
    gfx_read_begin(mr->read_fbo); /* the evicted layer read back, the neighbours' borders copied */
    int s = claim_slot(mr, b);
    if (s < 0) {
        gfx_read_end();
        return false;
    }
    mr->slot[s].last_used = mr->frame;
    if (mr->gpu_state[b] == GPU_SAVED) {
        glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
        glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
        glBindTexture(GL_TEXTURE_2D_ARRAY, mr->mud_array);
        glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, s, RES, RES, 1, GL_RGBA, GL_UNSIGNED_BYTE, mr->saved[b]);
        glBindTexture(GL_TEXTURE_2D_ARRAY, mr->height_array);
        glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, s, RES, RES, 1, GL_RG, GL_UNSIGNED_BYTE, mr->saved[b] + LAYER_BYTES);
        glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
        mr->stats.upload_bytes_frame += SAVED_BYTES;
        mr->stats.uploads_frame++;
        mr->stats.full_uploads++;
    } else {
        gfx_target_begin_fbo(mr->draw_fbo, RES, RES, NULL);
        glFramebufferTextureLayer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, mr->mud_array, 0, s);
        glFramebufferTextureLayer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, mr->height_array, 0, s);
        gfx_state_set(GFX_STATE_FULLSCREEN); /* colour writes on, no scissor: the clear reaches every texel */
        const float untouched[4] = {0.0f, 128.0f / 255.0f, 128.0f / 255.0f, 0.0f}; /* no print, no slide, no track */
        const float level[4] = {(float)(MUDFIELD_HEIGHT_ZERO >> 8) / 255.0f, (float)(MUDFIELD_HEIGHT_ZERO & 255) / 255.0f, 0.0f, 0.0f};
        glClearBufferfv(GL_COLOR, 0, untouched);
        glClearBufferfv(GL_COLOR, 1, level);
        gfx_target_end();
    }
    adopt_borders(mr, bx, bz, s);
    gfx_read_end();
    mr->gpu_state[b] = GPU_RESIDENT;
    return true;
}

void mud_renderer_update(mud_renderer *mr, const vec3 truck_pos)
{
    mr->frame++;
    mr->stats.upload_bytes_frame = 0;
    mr->stats.uploads_frame = 0;
    mr->stats.stamp_draws_frame = 0;
    mr->stats.base_upload_bytes_frame = 0;
    mr->stats.blocks_active = 0;
    int reach = (int)ceilf(mr->active_radius / TERRAIN_BLOCK_SIZE) + 1;
    int cx = (int)floorf(truck_pos[0] / TERRAIN_BLOCK_SIZE), cz = (int)floorf(truck_pos[2] / TERRAIN_BLOCK_SIZE);
    for (int bz = cz - reach; bz <= cz + reach; bz++)
        for (int bx = cx - reach; bx <= cx + reach; bx++) {
            if (bx < 0 || bz < 0 || bx >= mr->nb || bz >= mr->nb) continue;
            float dx = ((float)bx + 0.5f) * TERRAIN_BLOCK_SIZE - truck_pos[0];
            float dz = ((float)bz + 0.5f) * TERRAIN_BLOCK_SIZE - truck_pos[2];
            if (dx * dx + dz * dz > mr->active_radius * mr->active_radius) continue;
            mr->stats.blocks_active++;
            /* never drawn into: untouched mud, the base terrain draws it */
            if (mr->gpu_state[bz * mr->nb + bx] != GPU_NONE) mud__make_resident(mr, bx, bz);
        }
    mr->stats.upload_bytes_total += mr->stats.upload_bytes_frame;
    mr->stats.uploads_total += mr->stats.uploads_frame;
    int resident = 0;
    for (int s = 0; s < mr->slots; s++) resident += mr->slot[s].block >= 0;
    mr->stats.blocks_resident = resident;
}

int mud_renderer_slot(const mud_renderer *mr, int bx, int bz)
{
    if (bx < 0 || bz < 0 || bx >= mr->nb || bz >= mr->nb) return -1;
    return mr->block_slot[bz * mr->nb + bx];
}
