/* What the range scene shows and measures (docs/damage.md, docs/cli.md): the debug views of the
 * damage maps, the dumps, the stats and bench keys, the HUD and the key help. The frame itself is
 * scene_range.c; the state both share is scene_range_state.h. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "damage/scene/scene_range_state.h"
#include "base/names.h"
#include "gfx/dump.h"
#include "gfx/hud.h"
#include "gfx/timer.h"

/* The map of a view or dump: RANGE_VIEW_DAMAGE / RANGE_DUMP_DAMAGE, or the fading one. */
static GLuint range__map(range *s, int map)
{
    return map == RANGE_VIEW_DAMAGE ? damage_map_texture(s->dm) : map == RANGE_VIEW_FADING ? damage_map_fading_texture(s->dm) : 0;
}

bool range_view(void *p, const char *name, scene_view *out)
{
    const int v = names_find(range_views, name);
    GLuint tex = range__map(p, v);
    if (tex) *out = (scene_view){tex, GFX_PANEL_RGB, v == RANGE_VIEW_FADING ? "fading damage map" : "damage map (R hole, G 1.1r, B 1.2r)",
                                 damage_map_layout_texture(((range *)p)->dm)}; /* the atlas dimly under the map */
    return tex != 0;
}

bool range_dump(void *p, const char *target, const char *path)
{
    range *s = p;
    const int d = names_find(range_dumps, target);
    if (d == RANGE_DUMP_SCORCH) return damage_map_dump_scorch(s->dm, path);
    if (d == RANGE_DUMP_DAMAGE_VIEW || d == RANGE_DUMP_FADING_VIEW) return damage_map_dump_view(s->dm, d == RANGE_DUMP_FADING_VIEW, path);
    /* damage and damage-fading: the maps of the two views */
    GLuint tex = range__map(p, d == RANGE_DUMP_DAMAGE ? RANGE_VIEW_DAMAGE : d == RANGE_DUMP_FADING ? RANGE_VIEW_FADING : -1);
    if (!tex) return false;
    glFinish(); /* the maps were just rendered through an FBO */
    return gfx_dump_texture(tex, path);
}

/* [x0, y0, x1, y1] clamped to the view */
static void range__screen_box(json_writer *w, const char *key, const float box[4], int width, int height)
{
    json_array_begin(w, key);
    for (int k = 0; k < 4; k++) json_number(w, NULL, glm_clamp(box[k], 0.0f, (float)(k & 1 ? height : width)));
    json_array_end(w);
}

void range_stats(void *p, json_writer *w)
{
    range *s = p;
    damage_map_write_stats(s->dm, w);
    json_int(w, "plates_attached", blast_plates_attached(s->bs));
    json_string(w, "weapon", weapon_name(s->gun.kind));
    json_int(w, "shells", s->gun.shells); /* trigger events: one per semi-automatic pull */
    range_play_stats(&s->play, s->bs, w);
    json_number(w, "robot_refit_ms", s->refit_ms);
    json_bool(w, "robot_drawn", s->robot_drawn);
    mat4 view, proj, vp;
    camera_matrices(s->ctx->cam, (float)s->ctx->width / (float)(s->ctx->height > 0 ? s->ctx->height : 1), view, proj);
    glm_mat4_mul(proj, view, vp);
    range_play_stats_hole(&s->play, s->bs, vp, s->ctx->width, s->ctx->height, w);
    /* "robot_screen": [x0, y0, x1, y1] pixels from the top left, the box of the drawn pose's
     * corners on screen (clamped to it): where a test looks for what covers the robot */
    vec3 lo, hi;
    blast_posed_bounds(s->bs, lo, hi);
    float box[4] = {1e9f, 1e9f, -1e9f, -1e9f};
    for (int k = 0; k < 8; k++) {
        vec4 c;
        glm_mat4_mulv(vp, (vec4){k & 1 ? hi[0] : lo[0], k & 2 ? hi[1] : lo[1], k & 4 ? hi[2] : lo[2], 1.0f}, c);
        if (c[3] <= 1e-4f) continue;
        float x = (c[0] / c[3] * 0.5f + 0.5f) * (float)s->ctx->width, y = (0.5f - c[1] / c[3] * 0.5f) * (float)s->ctx->height;
        box[0] = fminf(box[0], x), box[1] = fminf(box[1], y), box[2] = fmaxf(box[2], x), box[3] = fmaxf(box[3], y);
    }
    range__screen_box(w, "robot_screen", box, s->ctx->width, s->ctx->height);
    /* "panel_left_screen", "panel_right_screen": the same for the two map panels (four corners each) */
    float pbox[2][4];
    for (int i = 0; i < 2; i++) {
        mat4 m;
        damage_panel_model(i, m);
        for (int k = 0; k < 4; k++) pbox[i][k] = k < 2 ? 1e9f : -1e9f;
        for (int k = 0; k < 4; k++) {
            vec4 c, wp;
            glm_mat4_mulv(m, (vec4){k & 1 ? 0.5f : -0.5f, 0.0f, k & 2 ? 0.5f : -0.5f, 1.0f}, wp);
            glm_mat4_mulv(vp, wp, c);
            if (c[3] <= 1e-4f) continue;
            float x = (c[0] / c[3] * 0.5f + 0.5f) * (float)s->ctx->width, y = (0.5f - c[1] / c[3] * 0.5f) * (float)s->ctx->height;
            pbox[i][0] = fminf(pbox[i][0], x), pbox[i][1] = fminf(pbox[i][1], y);
            pbox[i][2] = fmaxf(pbox[i][2], x), pbox[i][3] = fmaxf(pbox[i][3], y);
        }
    }
    range__screen_box(w, "panel_left_screen", pbox[0], s->ctx->width, s->ctx->height);
    range__screen_box(w, "panel_right_screen", pbox[1], s->ctx->width, s->ctx->height);
}

void range_bench(void *p, json_writer *w)
{
    range *s = p;
    float spheres[RANGE_PLAY_SHELL][4];
    int n = range_play_shell_spheres(&s->play, s->bs, spheres);
    damage_bench_write(s->dm, &s->rdm.blast_pose, s->play.attached, (const float (*)[4])spheres, n, w);
    /* the per-step cost of hits on the drawn pose: CPU skinning of every ray-tested vertex + refit */
    enum { REPS = 50 };
    double t0 = gfx_now();
    for (int i = 0; i < REPS; i++) blast_set_pose(s->bs, s->play.palette);
    json_number(w, "robot_skin_refit_ms", (gfx_now() - t0) * 1000.0 / REPS);
}

void range_hud(void *p, float x, float y)
{
    range *s = p;
    const int w = s->ctx->width, h = s->ctx->height;
    const float scale = 1.0f, line = gfx_hud_line_height(scale); /* the HUD's text rule sizes it from h */
    const float white[4] = {1, 1, 1, 0.95f}, shade[4] = {0, 0, 0, 0.45f};
    damage_map_stats st = damage_map_get_stats(s->dm);
    char top[160];
    snprintf(top, sizeof top, "weapon: %s   blasts %lld   plates %d/%d   robot %s", weapon_name(s->gun.kind), st.blasts,
             blast_plates_attached(s->bs), ROBOT_PLATE_COUNT, robot_anim_state(&s->play.anim));
    float tw, th;
    gfx_hud_measure(top, scale, &tw, &th);
    gfx_hud_rect(x - 4, y - 3, tw + 8, line * 2.0f + 4, shade);
    gfx_hud_text(x, y, scale, white, "%s", top);
    gfx_hud_text(x, y + line, scale, (float[4]){0.8f, 0.9f, 1, 0.9f}, "unwrap %lld  fade %lld%s", st.unwrap_passes,
                 st.fade_passes, st.fade_steps_left ? "  (cooling)" : "  (at rest)");
    gfx_hud_crosshair((float)w * 0.5f, (float)h * 0.5f, scale);
}

void range_keys_help(char *buf, size_t len)
{
    char keys[128] = "";
    for (int k = 0; k < WEAPON_KIND_COUNT; k++) /* keys 1.. select the weapons in table order */
        snprintf(keys + strlen(keys), sizeof keys - strlen(keys), "%s%d %s", k ? "  " : "", k + 1, weapon_names[k]);
    snprintf(buf, len, "LMB / right trigger  fire\n%s\nR  respawn the robot\nT  robot: idle, walk, stop", keys);
}
