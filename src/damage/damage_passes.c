/* The damage map's GPU passes of a frame: unwrap (culled, and the whole-plate reference the bench
 * keeps), cut, dilate and fade, each a render-target pass that restores the target bound before.
 * What is due comes from the GL-free halves: the queue, core/damage_cull (what a sphere reaches)
 * and core/damage_fade (when a fade pass runs). */
#include "damage/damage_internal.h"

#include <string.h>

#include "base/log.h"
#include "gfx/state.h"
#include "gfx/timer.h"

static void draw_plates(const damage_map *dm, GLint loc, mat4 *models, const bool *on, const float (*spheres)[4], int n)
{
    for (int p = 0; p < dm->plate_count; p++) {
        if ((on && !on[p]) || !damage_cull_plate_reached(dm->cull, p, models[p], spheres, n)) continue;
        glUniformMatrix4fv(loc, 1, GL_FALSE, (const float *)models[p]);
        gfx_mesh_draw_range(&dm->armor, dm->plate_first[p], dm->plate_indices[p]);
    }
}

void damage__unwrap_whole(damage_map *dm, const float (*spheres)[4], int n, mat4 *models, const bool *on,
                          const gfx_target *const *targets, int ntargets)
{
    /* UV space: no depth, both faces of every plate, max of the old and the new value */
    gfx_state_set(GFX_BLEND_MAX);
    glUseProgram(dm->prog_unwrap);
    glUniform4fv(dm->unwrap_spheres, n, (const float *)spheres);
    glUniform1i(dm->unwrap_count, n);
    for (int i = 0; i < ntargets; i++) {
        gfx_target_begin(targets[i], NULL);
        draw_plates(dm, dm->unwrap_model, models, on, spheres, n);
        gfx_target_end();
    }
}

/* Only the triangles each sphere can reach, one draw per target, each fragment against its own
 * sphere alone; so a shotgun shell costs its fifteen small footprints instead of fifteen whole
 * plates times fifteen spheres. */
void damage__unwrap(damage_map *dm, const float (*spheres)[4], int n, mat4 *models, const bool *on,
                    const gfx_target *const *targets, int ntargets)
{
    const damage_cull_vert *verts;
    int nv = damage_cull_spheres(dm->cull, spheres, n, models, on, &verts);
    if (nv < 0) {
        log_error("damage: out of memory culling %d spheres; the whole plates are drawn instead", n);
        damage__unwrap_whole(dm, spheres, n, models, on, targets, ntargets);
        return;
    }
    if (nv) {
        glBindBuffer(GL_ARRAY_BUFFER, dm->unwrap_vbo);
        glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)((size_t)nv * sizeof *verts), verts, GL_STREAM_DRAW);
        glBindBuffer(GL_ARRAY_BUFFER, 0);
    }
    gfx_state_set(GFX_BLEND_MAX);
    glUseProgram(dm->prog_unwrap_map);
    glUniform4fv(dm->map_spheres, n, (const float *)spheres);
    glUniform1i(dm->map_count, n);
    int attached = 0;
    for (int p = 0; p < dm->plate_count; p++) attached |= (!on || on[p]) ? 1 << p : 0;
    glUniform1i(dm->map_attached, attached);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, dm->positions.color[0]);
    glBindVertexArray(dm->unwrap_vao);
    for (int t = 0; t < ntargets && nv > 0; t++) {
        gfx_target_begin(targets[t], NULL);
        glDrawArrays(GL_TRIANGLES, 0, nv);
        gfx_target_end();
    }
    glBindVertexArray(0);
}

static void dilate(const damage_map *dm, GLuint src, const gfx_target *dst, float fade, float sub)
{
    gfx_state_set(GFX_STATE_FULLSCREEN);
    gfx_target_begin(dst, NULL);
    glUseProgram(dm->prog_dilate);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, src);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, dm->island_tex);
    glUniform1f(dm->dilate_fade, fade);
    glUniform1f(dm->dilate_sub, sub);
    gfx_fullscreen_draw();
    glActiveTexture(GL_TEXTURE0);
    gfx_target_end();
}

void damage__fade_step(const damage_map *dm, gfx_pingpong *pp)
{
    dilate(dm, gfx_pingpong_read(pp), gfx_pingpong_write(pp), dm->d.fade_factor, 1.0f / 255.0f);
    gfx_pingpong_swap(pp);
}

void damage_map_prepare(damage_map *dm, mat4 *models, const bool *attached)
{
    if (dm->queued > 0) {
        /* one pass per frame, oldest first; the rest move to the front for the next frame */
        const int n = dm->queued < dm->d.max_spheres ? dm->queued : dm->d.max_spheres;
        gfx_pass_begin("damage.unwrap");
        const gfx_target *targets[2] = {&dm->raw, &dm->fading.t[dm->fading.cur]};
        damage__unwrap(dm, (const float (*)[4])dm->queue, n, models, attached, targets, 2);
        gfx_pass_end();
        dm->queued -= n;
        memmove(dm->queue, dm->queue + n, (size_t)dm->queued * sizeof *dm->queue);
        dm->st.unwrap_passes++;
        dm->needs_dilate = true;
        damage_fade_hit(&dm->fade);
    }
    if (dm->cut_pending) {
        gfx_pass_begin("damage.cut");
        gfx_state_set(GFX_BLEND_MAX);
        gfx_target_begin(&dm->raw, NULL);
        glUseProgram(dm->prog_cut);
        glActiveTexture(GL_TEXTURE0);
        glBindTexture(GL_TEXTURE_2D, dm->cut_tex);
        gfx_fullscreen_draw();
        gfx_target_end();
        gfx_pass_end();
        dm->cut_pending = false;
        dm->needs_dilate = true;
    }
    if (dm->needs_dilate) {
        gfx_pass_begin("damage.dilate");
        dilate(dm, dm->raw.color[0], &dm->map, 1.0f, 0.0f);
        gfx_pass_end();
        dm->needs_dilate = false;
        dm->st.dilate_passes++;
    }
    for (int k = damage_fade_take(&dm->fade); k > 0; k--) {
        gfx_pass_begin("damage.fade");
        damage__fade_step(dm, &dm->fading);
        gfx_pass_end();
        dm->st.fade_passes++;
    }
}
