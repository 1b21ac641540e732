/* The damage map's GPU passes of a frame: unwrap (culled, and the whole-plate reference the bench
 * keeps), cut, dilate and fade, each a render-target pass that restores the target bound before.
 * What is due comes from the GL-free halves: the queue, core/damage_cull (what an entry reaches)
 * and core/damage_fade (when a fade pass runs). */
#include "damage/damage_internal.h"

#include <string.h>

#include "base/log.h"
#include "gfx/state.h"
#include "gfx/timer.h"

/* At most this many spheres per draw of a whole mesh (the program's u_spheres holds max_spheres). */
static int whole_chunk(const damage_map *dm) { return dm->d.max_spheres < 64 ? dm->d.max_spheres : 64; }

void damage__unwrap_whole(damage_map *dm, const damage__entry *e, int n, const bool *enabled, const gfx_target *const *targets,
                          int ntargets)
{
    /* UV space: no depth, both faces of every mesh, max of the old and the new value */
    gfx_state_set(GFX_BLEND_MAX);
    glUseProgram(dm->prog_unwrap);
    glUniformMatrix4fv(dm->unwrap_model, 1, GL_FALSE, (const float *)GLM_MAT4_IDENTITY); /* entries are in mesh space */
    float spheres[64][4];
    const int chunk = whole_chunk(dm);
    for (int i = 0; i < ntargets; i++) {
        gfx_target_begin(targets[i], NULL);
        for (int m = 0; m < dm->mesh_count; m++) {
            if (enabled && !enabled[m]) continue;
            int k = 0;
            for (int j = 0; j <= n; j++) {
                if (j < n && e[j].mesh == m) memcpy(spheres[k++], e[j].sphere, sizeof spheres[0]);
                if (k == chunk || (j == n && k > 0)) {
                    glUniform4fv(dm->unwrap_spheres, k, (const float *)spheres);
                    glUniform1i(dm->unwrap_count, k);
                    gfx_mesh_draw_range(&dm->surface, dm->mesh_first[m], dm->mesh_indices[m]);
                    k = 0;
                }
            }
        }
        gfx_target_end();
    }
}

/* Only the triangles each entry can reach, one draw per target, each fragment against its own
 * sphere alone; so a shotgun shell costs its fifteen small footprints instead of fifteen whole
 * meshes times fifteen spheres. */
void damage__unwrap(damage_map *dm, const damage__entry *e, int n, const bool *enabled, const gfx_target *const *targets,
                    int ntargets)
{
    const damage_cull_vert *verts;
    int nv = damage_cull_entries(dm->cull, e, n, enabled, &verts);
    if (nv < 0) {
        log_error("damage: out of memory culling %d spheres; the whole meshes are drawn instead", n);
        damage__unwrap_whole(dm, e, n, enabled, targets, ntargets);
        return;
    }
    if (nv) {
        glBindBuffer(GL_ARRAY_BUFFER, dm->unwrap_vbo);
        glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)((size_t)nv * sizeof *verts), verts, GL_STREAM_DRAW);
        glBindBuffer(GL_ARRAY_BUFFER, 0);
    }
    gfx_state_set(GFX_BLEND_MAX);
    glUseProgram(dm->prog_unwrap_map);
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

void damage_map_prepare(damage_map *dm, const bool *enabled)
{
    if (dm->queued > 0) {
        /* one pass per frame, oldest first; the rest move to the front for the next frame */
        const int n = dm->queued < dm->d.max_spheres ? dm->queued : dm->d.max_spheres;
        int ne = 0;
        for (int i = 0; i < n; i++) ne += dm->queue_blast[i];
        gfx_pass_begin("damage.unwrap");
        const gfx_target *targets[2] = {&dm->raw, &dm->fading.t[dm->fading.cur]};
        damage__unwrap(dm, dm->queue, ne, enabled, targets, 2);
        gfx_pass_end();
        dm->queued -= n;
        dm->queue_entries -= ne;
        memmove(dm->queue_blast, dm->queue_blast + n, (size_t)dm->queued * sizeof *dm->queue_blast);
        memmove(dm->queue, dm->queue + ne, (size_t)dm->queue_entries * sizeof *dm->queue);
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
    if (dm->wash_pending) damage__wash(dm);
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
