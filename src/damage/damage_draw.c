/* What the damage map draws in a frame's scene passes: the holed surface (main and shadow) and the
 * two map panels behind the robot; and the scorch dump of the report. */
#include "damage/damage_internal.h"

#include <stdlib.h>

#include "base/log.h"
#include "damage/core/damage_panel.h"
#include "gfx/dump.h"
#include "gfx/state.h"

void damage_draw(damage_map *dm, const damage_draw_desc *d, damage_pass pass)
{
    GLuint prog = pass == DAMAGE_PASS_SHADOW ? dm->prog_armor_shadow : dm->prog_armor;
    const damage__armor_uniforms *u = &dm->armor_u[pass];
    const damage_pose *pose = &d->pose;
    /* two-sided: holes show the inside of the shell */
    gfx_state_set(pass == DAMAGE_PASS_SHADOW ? GFX_STATE_CASTER : GFX_STATE_OPAQUE_TWO_SIDED);
    glUseProgram(prog);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, dm->map.color[0]);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, gfx_pingpong_read(&dm->fading));
    glActiveTexture(GL_TEXTURE2);
    glBindTexture(GL_TEXTURE_2D, dm->detail_tex);
    glActiveTexture(GL_TEXTURE0);
    const bool bones = pose->bones && dm->bone_count > 0;
    if (bones) glUniformMatrix4fv(u->skin, dm->bone_count, GL_FALSE, (const float *)pose->bones);
    for (int m = 0; m < dm->mesh_count; m++) {
        if (d->visible && !d->visible[m]) continue;
        if (d->dv && d->dissolve)
            dissolve_bind(d->dv, &u->dissolve, &d->dissolve[m], pass == DAMAGE_PASS_SHADOW ? DISSOLVE_PASS_SHADOW : DISSOLVE_PASS_MAIN);
        else dissolve_unbind(&u->dissolve);
        /* skinned: its model takes it into bind space, then the bones; else its own world matrix */
        const bool skinned = bones && dm->has_skin[m] && (!pose->skinned || pose->skinned[m]);
        glUniform1i(u->skin_on, skinned ? 1 : 0);
        glUniformMatrix4fv(u->model, 1, GL_FALSE, pose->models ? (const float *)pose->models[m] : (const float *)GLM_MAT4_IDENTITY);
        glUniform3fv(u->albedo, 1, dm->paint[m]);
        gfx_mesh_draw_range(&dm->surface, dm->mesh_first[m], dm->mesh_indices[m]);
    }
    glActiveTexture(GL_TEXTURE0);
}

bool damage_map_dump_scorch(const damage_map *dm, const char *path)
{
    const int n = dm->size;
    unsigned char *rgba = malloc((size_t)n * n * 4), *grey = malloc((size_t)n * n);
    bool ok = false;
    if (rgba && grey) {
        ok = gfx_texture_read_rgba8(dm->map.color[0], n, n, rgba);
        for (size_t i = 0; ok && i < (size_t)n * n; i++) grey[i] = rgba[4 * i + 3];
        ok = ok && gfx_write_png(path, n, n, 1, grey, true);
    } else {
        log_error("%s: out of memory for the scorch dump", path);
    }
    free(rgba);
    free(grey);
    return ok;
}

bool damage_map_dump_view(const damage_map *dm, bool fading, const char *path)
{
    const int n = dm->size;
    unsigned char *rgba = malloc((size_t)n * n * 4), *layout = malloc((size_t)n * n * 4), *rgb = malloc((size_t)n * n * 3);
    bool ok = false;
    if (rgba && layout && rgb) {
        /* the atlas layout (its red channel), as the panels read it */
        ok = gfx_texture_read_rgba8(fading ? gfx_pingpong_read(&dm->fading) : dm->map.color[0], n, n, rgba) &&
             gfx_texture_read_rgba8(dm->layout_tex, n, n, layout);
        for (size_t i = 0; ok && i < (size_t)n * n; i++) damage_panel_rgb(rgba + 4 * i, layout[4 * i], rgb + 3 * i);
        ok = ok && gfx_write_png(path, n, n, 3, rgb, true);
    } else {
        log_error("%s: out of memory for the map view dump", path);
    }
    free(rgba);
    free(layout);
    free(rgb);
    return ok;
}

void damage_panel_model(int i, mat4 out)
{
    glm_translate_make(out, (vec3){i ? 1.45f : -1.45f, 1.5f, -1.6f});
    glm_rotate_x(out, GLM_PI_2f, out);
    glm_scale(out, (vec3){1.4f, 1.0f, 1.4f});
}

void damage_draw_panels(damage_map *dm)
{
    GLuint texs[2] = {dm->map.color[0], gfx_pingpong_read(&dm->fading)};
    gfx_state_set(GFX_STATE_OPAQUE_TWO_SIDED);
    glUseProgram(dm->prog_panel);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, dm->layout_tex); /* the atlas, dimly, under the map */
    glActiveTexture(GL_TEXTURE0);
    for (int i = 0; i < 2; i++) {
        mat4 m;
        damage_panel_model(i, m);
        glUniformMatrix4fv(dm->panel_model, 1, GL_FALSE, (const float *)m);
        glBindTexture(GL_TEXTURE_2D, texs[i]);
        gfx_mesh_draw(&dm->panel);
    }
}
