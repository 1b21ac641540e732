/* The range: shoot the armored robot. This file wires the modules, maps input to actions and
 * draws: the weapons (damage/scene/weapon.h) aim through the screen centre; the gameplay (hits
 * through holes, blow-offs, knock-back, respawn) is damage/scene/range_play.h; every armor hit
 * becomes a blast sphere for the damage map (src/damage), whose two maps stand on panels behind
 * the robot, as in the reference; the floor, walls, stands and lamps around them: damage/scene/range_stage.h.
 * The robot is skinned and animated (damage/core/robot_anim.h through range_play): every frame the
 * pose's palette goes to the GPU (body, glow and plates, in the main and the shadow pass) and to
 * the blast state, which skins the same vertices on the CPU and refits its BVH, so shots meet the
 * pose that was drawn. Blasts are stored in bind space (the hit's barycentric point on the bind
 * triangle), and the unwrap draws the plates at their rest transforms: a hole opens where the
 * shot landed and travels with the limb.
 * Script: weapon, fire, hold, blast, robot respawn, robot anim; views damage, damage-fading; dumps
 * those and damage-scorch: registered by damage/scene/range_vocab.h, with the robot it lends the
 * dissolve gallery (what the scene shows and reports — views, dumps, stats, bench, HUD — is
 * scene_range_report.c).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "damage/scene/scene_range_state.h"
#include "base/alloc.h"
#include "base/log.h"
#include "gfx/hud.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/timer.h"


/* Plates that just left the body go in a shower of sparks (no fireball: its smoke would hang over
 * the robot for seconds; the plate's own burning edge shows it going). */
static void range__blown(range *s, const range_play_blasted *b)
{
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++)
        if ((b->blown >> p & 1u) && s->ctx->fx.sparks) s->ctx->fx.sparks(s->ctx->fx.user, b->centre[p], (float[3]){0, 1, 0}, 40);
}

/* A blast sphere in bind space: CPU history and blow-offs (core), GPU queue (the plates at their
 * rest transforms: robot_damage.h), effects. */
static void range__blast(range *s, const float bind[3], float radius, const float dir[3])
{
    damage_blast(s->dm, bind, radius, &s->rdm.blast_pose);
    range_play_blasted b = range_play_blast(&s->play, s->bs, bind, radius, dir);
    if (b.cut) s->cut_dirty = true;
    range__blown(s, &b);
}

/* What a hit does: sparks, and a blast or only heat (range_play_holes). */
static void range__impact(range *s, const range_play_hit *h, float radius, int volley)
{
    float at[3] = {h->pos_bind[0], h->pos_bind[1], h->pos_bind[2]};
    /* a bullet throws a fan of sparks; a shell's pellets a few each, so a volley stays ~50 and the
     * robot is not hidden behind them */
    int sparks = volley > 1 ? (h->plate >= 0 ? 4 : 2) : (h->plate >= 0 ? 14 : 8);
    if (s->ctx->fx.sparks) s->ctx->fx.sparks(s->ctx->fx.user, h->pos, h->normal, sparks);
    if (range_play_holes(&s->play, h, s->gun.kind)) range__blast(s, at, radius, h->dir);
    else damage_scorch(s->dm, at, radius, &s->rdm.blast_pose);
    range_play_blasted b = range_play_load(&s->play, s->bs, h, radius);
    range__blown(s, &b);
}

/* The drawn pose for the next shots: CPU skinning of every ray-tested vertex and a BVH refit. */
static void range__pose(range *s)
{
    double t0 = gfx_now();
    blast_set_pose(s->bs, s->play.palette);
    s->refit_ms = (gfx_now() - t0) * 1000.0;
}

/* The gun's frame in the world for the camera as it is now. */
static void range__gun(const range *s, mat4 gun)
{
    mat4 view, proj;
    camera_matrices(s->ctx->cam, (float)s->ctx->width / (float)(s->ctx->height > 0 ? s->ctx->height : 1), view, proj);
    viewmodel_pose(view, s->kick, gun);
}

/* The respawn burns the whole robot out and back in from the head down: its edge band throws
 * embers as the gallery's items do, on the drawn pose. A sample is a body vertex in bind space;
 * its skinning of the frame's palette (blast_bind_frame: the vertex itself) is the model the
 * vertex stage draws it with, so the CPU mirror's d and displaced point are the GPU's. The
 * attached plates burn along the same edge (same shape and amount), so the body's band stands
 * for them. */
static void range__respawn_embers(range *s, const noise_tex *noise)
{
    dissolve_params d;
    range_play_robot_dissolve(&s->play, &d);
    if (!(d.amount > 0.0f && d.amount < 1.0f) || s->body_src.count <= 0) return;
    const float band = dissolve_embers_band(&d, 2.0f * d.edge_width);
    float at[RANGE_RESPAWN_EMBERS][3];
    int got = 0;
    for (int t = 0; t < RANGE_RESPAWN_EMBER_TRIES && got < RANGE_RESPAWN_EMBERS; t++) {
        const int i = (int)(rng_u32(&s->ember_rng) % (uint32_t)s->body_src.count);
        vec3 dir, nrm;
        mat4 model;
        blast_bind_frame(s->bs, s->body_src.pos[i], nrm, model);
        dissolve_direction(&d, s->body_src.nrm[i], s->body_src.snrm[i], dir);
        if (fabsf(dissolve_fragment_d(&d, noise, s->body_src.pos[i], dir, model)) > band) continue;
        dissolve_vertex(&d, noise, s->body_src.pos[i], s->body_src.nrm[i], s->body_src.snrm[i], model, at[got++]);
    }
    if (got) s->ctx->fx.embers(s->ctx->fx.user, (const float (*)[3])at, got);
}

/* Embers from the hot rims of fresh holes, on the pose just set: the CPU blast history and the
 * fading map's cadence give each hole's heat (damage/core/rim_embers.h), nothing is read back. */
static void range__embers(range *s, float dt, float fade_hz)
{
    rim_embers_sync(&s->rims, s->bs);
    rim_embers_update(&s->rims, dt, fade_hz);
    if (!s->ctx->fx.embers) return;
    float at[RANGE_EMBERS_MAX][3];
    const float heat = params_f(s->ctx->params, params_id(range_param_rows, RANGE_P_EMBER_HEAT));
    const int n = rim_embers_points(&s->rims, s->bs, heat, &s->ember_rng, RANGE_EMBERS_PER_HOLE, at, RANGE_EMBERS_MAX, NULL);
    if (n) s->ctx->fx.embers(s->ctx->fx.user, (const float (*)[3])at, n);
    /* a blown-off plate burns away in flight: its edge band throws embers too */
    const noise_tex *noise = dissolve_noise_data(s->dv);
    for (int p = 0; p < ROBOT_PLATE_COUNT && noise; p++) {
        if (s->play.attached[p] || !s->play.visible[p]) continue;
        const dissolve_params *d = &s->play.plate_dissolve[p];
        const int k = dissolve_embers_pick(&s->plate_src[p], d, noise, s->play.models[p], 2.0f * d->edge_width,
                                           &s->ember_rng, RANGE_PLATE_EMBERS, RANGE_PLATE_EMBER_TRIES, at, NULL);
        if (k) s->ctx->fx.embers(s->ctx->fx.user, (const float (*)[3])at, k);
    }
    if (noise) range__respawn_embers(s, noise);
}

static void range_destroy(void *p);

static void *range_create(scene_ctx *ctx)
{
    range *s = ALLOC_STRUCT(range);
    if (!s) {
        log_error("range scene: out of memory");
        return NULL;
    }
    s->ctx = ctx;
    weapon_init(&s->gun, WEAPON_MARKSMAN, ctx->seed);
    s->rb = robot_create(NULL);
    s->bs = s->rb ? blast_create(s->rb, NULL) : NULL;
    s->dm = s->bs ? robot_damage_create(&s->rdm, s->rb, NULL) : NULL; /* the robot: one client of the damage map */
    /* the robot, its plates and their respawn all burn through the dissolve stage */
    s->dv = dissolve_create(&(dissolve_desc){.pitfall = DISSOLVE_PITFALL_NONE});
    s->vm = viewmodel_create();
    if (!s->bs || !s->dm || !s->dv || !s->vm || !(s->stage = range_stage_create(ctx->r))) {
        log_error("range scene: the damage map, the dissolve stage or the range could not be created");
        range_destroy(s);
        return NULL;
    }
    s->body = gfx_mesh_create(&s->rb->body, "robot.body");
    s->glow = gfx_mesh_create(&s->rb->glow, "robot.glow");
    gfx_mesh_set_skin(&s->body, (const uint8_t (*)[4])s->rb->body_skin.bone, (const float (*)[4])s->rb->body_skin.weight);
    gfx_mesh_set_skin(&s->glow, (const uint8_t (*)[4])s->rb->glow_skin.bone, (const float (*)[4])s->rb->glow_skin.weight);
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++) {
        dissolve_ember_src_build(&s->plate_src[p], &s->rb->plates[p].mesh, 1024); /* none on failure (logged) */
    }
    dissolve_ember_src_build(&s->body_src, &s->rb->body, 2048); /* none on failure (logged) */
    range_play_init(&s->play, s->rb, ctx->seed);
    rim_embers_init(&s->rims);
    rng_seed(&s->ember_rng, (uint64_t)ctx->seed ^ 0x72696d656d62ull);
    range__pose(s);
    if (!ctx->camera_from_script) camera_look_at(ctx->cam, (vec3){0.6f, 1.55f, 3.6f}, (vec3){0, 1.25f, 0});
    renderer_set_shadow_focus(ctx->r, (vec3){0, 1.1f, -0.4f}, 3.2f);
    return s;
}

static void range_destroy(void *p)
{
    range *s = p;
    if (!s) return;
    gfx_mesh_destroy(&s->body);
    gfx_mesh_destroy(&s->glow);
    for (int i = 0; i < ROBOT_PLATE_COUNT; i++) dissolve_ember_src_free(&s->plate_src[i]);
    dissolve_ember_src_free(&s->body_src);
    viewmodel_destroy(s->vm);
    dissolve_destroy(s->dv);
    range_stage_destroy(s->stage);
    damage_map_destroy(s->dm);
    blast_destroy(s->bs);
    robot_destroy(s->rb);
    free(s);
}

static void range_update(void *p, const app_input *in, float dt)
{
    range *s = p;
    if (in->pressed[GLFW_KEY_1]) weapon_select(&s->gun, WEAPON_MARKSMAN);
    if (in->pressed[GLFW_KEY_2]) weapon_select(&s->gun, WEAPON_AUTO);
    if (in->pressed[GLFW_KEY_3]) weapon_select(&s->gun, WEAPON_SHOTGUN);
    if (in->pressed[GLFW_KEY_R]) range_play_respawn(&s->play);
    if (in->pressed[GLFW_KEY_T]) robot_anim_set_mode(&s->play.anim, (robot_anim_mode)((s->play.anim.mode + 1) % ROBOT_ANIM_MODE_COUNT));
    bool trigger = in->mouse_captured && in->mouse_down[0];
    bool pulled = in->mouse_captured && in->mouse_pressed[0];
    if (in->gamepad) {
        trigger |= in->pad_axes[GLFW_GAMEPAD_AXIS_RIGHT_TRIGGER] > 0.3f;
        pulled |= in->pad_pressed[GLFW_GAMEPAD_BUTTON_RIGHT_BUMPER];
    }
    weapon_trigger(&s->gun, trigger, pulled);

    vec3 org, dir;
    const float aspect = (float)s->ctx->width / (float)(s->ctx->height > 0 ? s->ctx->height : 1);
    camera_ray(s->ctx->cam, aspect, 0, 0, org, dir);
    glm_vec3_normalize(dir);
    s->gun.pellets = params_i(s->ctx->params, params_id(range_param_rows, RANGE_P_PELLETS)); /* the row's max is WEAPON_MAX_SHOTS */
    weapon_shot shots[WEAPON_MAX_SHOTS];
    int n = !range_play_can_fire(&s->play) ? 0 : weapon_update(&s->gun, dt, dir, shots, WEAPON_MAX_SHOTS);
    if (n) {
        /* from the gun's muzzle as it stands before this shot's kick, towards the crosshair */
        mat4 gun;
        vec3 muzzle;
        range__gun(s, gun);
        viewmodel_muzzle(s->vm, s->gun.kind, gun, muzzle);
        s->flash = RANGE_FLASH_S;
        s->kick = 1.0f;
        range_play_hit hits[WEAPON_MAX_SHOTS];
        bool hit[WEAPON_MAX_SHOTS];
        range_play_volley(&s->play, s->bs, org, dir, muzzle, shots, n, hits, hit);
        for (int i = 0; i < n; i++)
            if (hit[i]) range__impact(s, &hits[i], shots[i].radius * params_f(s->ctx->params, params_id(range_param_rows, RANGE_P_RADIUS_SCALE)), n);
    }
    s->flash = fmaxf(0.0f, s->flash - dt);
    if (!n) s->kick = fmaxf(0.0f, s->kick - dt / RANGE_KICK_S);

    if (range_play_update(&s->play, dt) & RANGE_PLAY_RESET) {
        /* the robot is invisible now: forget every hole */
        blast_reset(s->bs);
        s->clear_pending = true;
        s->cut_dirty = false;
    }
    range__pose(s);
    const float fade_hz = params_f(s->ctx->params, params_id(range_param_rows, RANGE_P_FADE_RATE));
    damage_map_set_fade_hz(s->dm, fade_hz);
    damage_map_update(s->dm, dt);
    range__embers(s, dt, fade_hz);
}

static void range_prepare(void *p)
{
    range *s = p;
    if (s->clear_pending) damage_map_clear(s->dm);
    if (s->cut_dirty) damage_map_set_cut(s->dm, blast_cut_mask(s->bs));
    s->clear_pending = s->cut_dirty = false;
    damage_map_prepare(s->dm, s->play.attached); /* plates in flight take no new holes */
    /* tracers: a chain of additive spark sprites along each shot in flight */
    float sprite[RANGE_TRACER_SPRITES][4];
    int n = params_b(s->ctx->params, params_id(range_param_rows, RANGE_P_TRACERS)) ? range_play_tracer_sprites(&s->play, sprite, RANGE_TRACER_SPRITES) : 0;
    for (int i = 0; i < n; i++) {
        unsigned char a = (unsigned char)(255.0f * sprite[i][3]);
        s->tracer_bb[i] = (fx_billboard){{sprite[i][0], sprite[i][1], sprite[i][2]}, 0.06f, 0.0f, {255, 220, 150, a}};
    }
    if (n && s->ctx->fx.transient) s->ctx->fx.transient(s->ctx->fx.user, FX_TRACER, s->tracer_bb, n);
    if (s->flash > 0.0f && s->ctx->fx.transient) {
        mat4 gun;
        fx_billboard fl[VIEWMODEL_FLASH_SPRITES];
        range__gun(s, gun);
        viewmodel_flash(s->vm, s->gun.kind, gun, s->flash / RANGE_FLASH_S, fl);
        s->ctx->fx.transient(s->ctx->fx.user, FX_TRACER, fl, VIEWMODEL_FLASH_GLARE);
        s->ctx->fx.transient(s->ctx->fx.user, FX_FLASH, fl + VIEWMODEL_FLASH_GLARE, VIEWMODEL_FLASH_SPRITES - VIEWMODEL_FLASH_GLARE);
    }
}

static void range_draw(void *p, scene_pass pass)
{
    range *s = p;
    dissolve_params rd;
    range_play_robot_dissolve(&s->play, &rd);
    dissolve_pass dp = pass == SCENE_PASS_SHADOW ? DISSOLVE_PASS_SHADOW : DISSOLVE_PASS_MAIN;
    range_stage_draw(s->stage, pass);
    if (pass == SCENE_PASS_MAIN) damage_draw_panels(s->dm);
    gfx_pass_begin(pass == SCENE_PASS_SHADOW ? "damage.shadow" : "damage.armor");
    const mat4 *pal = (const mat4 *)s->play.palette;
    const renderer_frame *f = renderer_frame_uniforms(s->ctx->r);
    vec4 planes[6];
    glm_frustum_planes((vec4 *)(pass == SCENE_PASS_SHADOW ? f->light_viewproj : f->viewproj), planes);
    bool in_view = range_play_robot_in_view(s->bs, &rd, planes);
    if (pass == SCENE_PASS_MAIN) s->robot_drawn = in_view;
    if (in_view) {
        dissolve_draw_mesh_skinned(s->dv, &s->body, pal, RIG_BONE_COUNT, (vec3){0.035f, 0.035f, 0.04f}, NULL, &rd, dp);
        dissolve_draw_mesh_skinned(s->dv, &s->glow, pal, RIG_BONE_COUNT, (vec3){0.05f, 0.1f, 0.12f}, (vec3){2.0f, 13.0f, 18.0f}, &rd, dp);
    }
    /* attached plates: rest transform into bind space, then the bones; blown off: their flight */
    robot_damage_draw_models(&s->rdm, s->play.attached, s->play.models, s->draw_models);
    damage_draw(s->dm,
                &(damage_draw_desc){.pose = {.models = (const mat4 *)s->draw_models, .bones = pal, .skinned = s->play.attached},
                                    .visible = s->play.visible, .dv = s->dv, .dissolve = s->play.plate_dissolve},
                pass == SCENE_PASS_SHADOW ? DAMAGE_PASS_SHADOW : DAMAGE_PASS_MAIN);
    gfx_pass_end();
    if (pass == SCENE_PASS_MAIN) { /* last: nothing of the range stands between the eye and the gun */
        mat4 gun;
        range__gun(s, gun);
        viewmodel_draw(s->vm, s->ctx->r, s->gun.kind, gun);
    }
}

static scene_cmd_result range_command(void *p, const script_cmd *c)
{
    range *s = p;
    switch (c->op) {
    case RANGE_CMD_WEAPON: weapon_select(&s->gun, (weapon_kind)c->index); return SCENE_CMD_OK;
    case RANGE_CMD_FIRE: weapon_press(&s->gun); return SCENE_CMD_OK;
    case RANGE_CMD_HOLD: weapon_hold(&s->gun, c->num[0]); return SCENE_CMD_OK;
    case RANGE_CMD_BLAST: {
        /* a world point: into bind space through the skinning of the nearest drawn vertex */
        float bind[3];
        blast_world_to_bind(s->bs, c->num, bind);
        range__blast(s, bind, c->num[3], (float[3]){0, -1, 0});
        return SCENE_CMD_OK;
    }
    case RANGE_CMD_ROBOT:
        if (c->index == RANGE_ROBOT_ANIM) robot_anim_set_mode(&s->play.anim, (robot_anim_mode)c->num[0]);
        else range_play_respawn(&s->play);
        return SCENE_CMD_OK;
    default: return SCENE_CMD_UNSUPPORTED;
    }
}

extern const char showcase_range[]; /* docs/scripts/showcase_range.txt, embedded by CMake */

const scene_vtable scene_range = {
    .script = &range_vocab,
    .params = range_param_rows,
    .param_count = RANGE_P_COUNT,
    .showcase = showcase_range,
    .exposure_ev = -0.5f, /* white concrete under strip lights: a high-key hall */
    .showpiece = {"robot", range_showpiece_build},
    .keys_help = range_keys_help,
    .free_camera = true,
    .create = range_create,
    .destroy = range_destroy,
    .update = range_update,
    .prepare = range_prepare,
    .draw = range_draw,
    .command = range_command,
    .view = range_view,
    .dump = range_dump,
    .stats = range_stats,
    .bench = range_bench,
    .hud = range_hud,
};
