/* mud_views.c — what the renderer shows of itself: layers and base samples read back or copied
 * for debug panels and dumps, stats as JSON, and the long-drive bench. Reading only: nothing
 * here changes what is drawn. */
#include "mud/mud_internal.h"

#include "gfx/dump.h"
#include "gfx/target.h"
#include "mud/core/mud_sim.h"

static bool bind_layer(mud_renderer *mr, int bx, int bz)
{
    int s = mud_renderer_slot(mr, bx, bz);
    return s >= 0 && mud__attach_read_layer(mr, mr->mud_array, s);
}

bool mud_renderer_read_block(mud_renderer *mr, int bx, int bz, uint8_t *rgba)
{
    gfx_read_begin(mr->read_fbo);
    bool ok = bind_layer(mr, bx, bz);
    if (ok) {
        glPixelStorei(GL_PACK_ALIGNMENT, 4);
        glReadPixels(0, 0, RES, RES, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    }
    gfx_read_end();
    return ok;
}

bool mud_renderer_read_block_heights(mud_renderer *mr, int bx, int bz, uint16_t *h16)
{
    int s = mud_renderer_slot(mr, bx, bz);
    return s >= 0 && mud__read_heights(mr, s, h16);
}

GLuint mud_renderer_block_texture(mud_renderer *mr, int bx, int bz)
{
    gfx_read_begin(mr->read_fbo);
    bool ok = bind_layer(mr, bx, bz);
    if (ok) {
        glBindTexture(GL_TEXTURE_2D, mr->view_tex);
        glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, RES, RES);
        glBindTexture(GL_TEXTURE_2D, 0);
    }
    gfx_read_end();
    return ok ? mr->view_tex : 0;
}

GLuint mud_renderer_base_texture(const mud_renderer *mr) { return mr->base_tex; }

GLuint mud_renderer_base_view_texture(mud_renderer *mr, int bx, int bz)
{
    int n = 3 * BASE_SEG + 1, size = mr->nb * BASE_SEG + 1;
    int x0 = (bx - 1) * BASE_SEG, z0 = (bz - 1) * BASE_SEG;
    x0 = x0 < 0 ? 0 : x0 + n > size ? size - n : x0;
    z0 = z0 < 0 ? 0 : z0 + n > size ? size - n : z0;
    gfx_read_begin(mr->read_fbo);
    glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, mr->base_tex, 0);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    bool ok = glCheckFramebufferStatus(GL_READ_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE && size >= n;
    if (ok) {
        glBindTexture(GL_TEXTURE_2D, mr->view_base_tex);
        glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, x0, z0, n, n);
        glBindTexture(GL_TEXTURE_2D, 0);
    }
    glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 0, 0);
    gfx_read_end();
    return ok ? mr->view_base_tex : 0;
}

bool mud_renderer_read_base_block(mud_renderer *mr, int bx, int bz, uint8_t *rgba)
{
    if (bx < 0 || bz < 0 || bx >= mr->nb || bz >= mr->nb) return false;
    gfx_read_begin(mr->read_fbo);
    glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, mr->base_tex, 0);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    bool ok = glCheckFramebufferStatus(GL_READ_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
    if (ok) {
        glPixelStorei(GL_PACK_ALIGNMENT, 4);
        glReadPixels(bx * BASE_SEG, bz * BASE_SEG, TERRAIN_BLOCK_SAMPLES, TERRAIN_BLOCK_SAMPLES, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    }
    glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 0, 0);
    gfx_read_end();
    return ok;
}

size_t mud_renderer_cpu_bytes(const mud_renderer *mr)
{
    return mudfield_memory_bytes(mr->field) + (size_t)mr->saved_blocks * SAVED_BYTES;
}

void mud_renderer_write_stats(const mud_renderer *mr, json_writer *w)
{
    const mud_renderer_stats *st = mud_renderer_get_stats(mr);
    json_int(w, "blocks_active", st->blocks_active);
    json_int(w, "blocks_drawn", st->blocks_drawn);
    json_int(w, "blocks_resident", st->blocks_resident);
    json_object_begin(w, "mud_patches");
    json_int(w, "quarter", st->patches_drawn[0]);
    json_int(w, "half", st->patches_drawn[1]);
    json_int(w, "texel", st->patches_drawn[2]);
    json_object_end(w);
    json_object_begin(w, "mud_upload_bytes");
    json_int(w, "frame", st->upload_bytes_frame);
    json_int(w, "total", st->upload_bytes_total);
    json_object_end(w);
    json_int(w, "mud_stamp_draws", st->stamp_draws_frame);
    json_int(w, "mud_stamp_draws_total", st->stamp_draws_total);
    json_int(w, "mud_dry_passes", st->dry_passes_total);
    json_int(w, "mud_slump_passes", st->slump_passes_total);
    json_object_begin(w, "mud_base_upload_bytes");
    json_int(w, "frame", st->base_upload_bytes_frame);
    json_int(w, "total", st->base_upload_bytes_total);
    json_object_end(w);
    json_int(w, "mud_cpu_bytes", (long long)mud_renderer_cpu_bytes(mr));
    json_int(w, "mud_gpu_bytes", (long long)st->gpu_bytes);
    json_int(w, "mud_height_bits", MUDFIELD_HEIGHT_BITS);
}

void mud_renderer_write_upload(const mud_renderer *mr, long long frames, json_writer *w)
{
    const mud_renderer_stats *st = mud_renderer_get_stats(mr);
    long long whole = (long long)MUDFIELD_RES * MUDFIELD_RES * 4;
    double n = frames ? (double)frames : 1.0;
    json_object_begin(w, "upload");
    json_number(w, "bytes_per_frame", (double)st->upload_bytes_total / n);
    json_number(w, "whole_block_bytes_per_frame", (double)st->uploads_total * (double)whole / n);
    json_int(w, "whole_block_bytes", whole);
    json_int(w, "full_block_uploads", st->full_uploads);
    json_object_end(w);
}

void mud_renderer_write_stream(const mud_renderer *mr, int steps, json_writer *w)
{
    const mud_renderer_stats *st = mud_renderer_get_stats(mr);
    json_int(w, "gpu_bytes", (long long)st->gpu_bytes);
    json_int(w, "gpu_slots_resident", st->blocks_resident);
    json_int(w, "upload_bytes_total", st->upload_bytes_total);
    json_number(w, "upload_bytes_per_step", (double)st->upload_bytes_total / steps);
    json_number(w, "whole_block_bytes_per_step", (double)st->uploads_total * MUDFIELD_RES * MUDFIELD_RES * 4 / steps);
    json_int(w, "full_block_uploads", st->full_uploads);
    json_int(w, "mud_cpu_bytes", (long long)mud_renderer_cpu_bytes(mr));
    json_int(w, "saved_layers", mr->saved_blocks);
    json_int(w, "stamp_draws", st->stamp_draws_total);
}

bool mud_renderer_dump_base_block(mud_renderer *mr, int bx, int bz, const char *path)
{
    uint8_t base[TERRAIN_BLOCK_SAMPLES * TERRAIN_BLOCK_SAMPLES * 4];
    return mud_renderer_read_base_block(mr, bx, bz, base) &&
           gfx_write_png(path, TERRAIN_BLOCK_SAMPLES, TERRAIN_BLOCK_SAMPLES, 4, base, false);
}
