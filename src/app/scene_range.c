/* The range: shoot the armored robot. Hitscan weapons (core/weapon.h) trace the real body and
 * armor triangles through holes (core/blast.h); every armor hit becomes a blast sphere for the
 * damage map (src/damage). Plates whose intact area falls under the threshold blow off, tumble
 * and dissolve; islands cut loose are removed; hits knock the robot back a little. The two maps
 * stand on panels behind the robot, as in the reference.
 *
 * Script: weapon, fire, hold, blast, robot respawn. Keys: LMB / right trigger fire, 1-3 weapon,
 * R respawn. Views damage / damage-fading, dumps damage / damage-fading.
 */
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "app/scene.h"
#include "core/damage/blast.h"
#include "core/base/log.h"
#include "core/damage/robot.h"
#include "core/damage/weapon.h"
#include "damage/damage.h"
#include "dissolve/dissolve.h"
#include "gfx/dump.h"
#include "gfx/hud.h"
#include "gfx/mesh_gl.h"
#include "gfx/shader.h"
#include "gfx/timer.h"

#define RANGE_PLATE_LIFE 2.6f  /* seconds a blown-off plate lives: tumble, then dissolve */
#define RANGE_RESPAWN_OUT 0.5f
#define RANGE_RESPAWN_IN 0.9f

typedef struct flying_plate {
    bool active;
    float age;
    vec3 pos;        /* world position of the plate's centre */
    versor rot;
    vec3 vel, spin;  /* m/s, rad/s (world axis * rate) */
} flying_plate;

typedef struct range {
    mat4 models[ROBOT_PLATE_COUNT];
    mat4 root;
    scene_ctx *ctx;
    robot *rb;
    blast_state *bs;
    damage_map *dm;
    dissolve *dv;
    gfx_mesh body, glow, panel;
    GLuint prog_panel;
    weapon gun;
    bool attached[ROBOT_PLATE_COUNT], visible[ROBOT_PLATE_COUNT];
    dissolve_params plate_dissolve[ROBOT_PLATE_COUNT];
    flying_plate fly[ROBOT_PLATE_COUNT];
    vec3 knock, knock_vel;       /* robot root offset from the origin, and its rate */
    float flash;                 /* muzzle flash time left */
    int respawn_phase;           /* 0 none, 1 dissolving out, 2 dissolving in */
    float respawn_t, robot_amount;
    bool cut_dirty, clear_pending;
    bool trigger_was;            /* the trigger's state last step, for semi-automatic pulls */
    rng rng;
    long long shots, hits_armor, hits_body, passed_holes, blown_off, cut_texels;
} range;

static void range__world_to_robot(const range *s, const float w[3], float out[3])
{
    for (int k = 0; k < 3; k++) out[k] = w[k] - s->knock[k];
}

static void range__update_models(range *s)
{
    glm_translate_make(s->root, s->knock);
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++) {
        const robot_plate *pl = &s->rb->plates[p];
        if (s->attached[p]) {
            glm_mat4_mul(s->root, (vec4 *)pl->rest, s->models[p]);
            continue;
        }
        /* tumbling about the plate's own centre: T(pos) R(rot) T(-centre) */
        mat4 t, r;
        glm_translate_make(t, s->fly[p].pos);
        glm_quat_mat4(s->fly[p].rot, r);
        glm_mat4_mul(t, r, t);
        vec3 back;
        glm_vec3_negate_to((float *)pl->center, back);
        glm_translate(t, back);
        glm_mat4_copy(t, s->models[p]);
    }
}

static float range__rand(range *s) { return rng_float(&s->rng); }
static void range__dissolve_params(range *s);

static void range__blow_off(range *s, int p, const float dir[3])
{
    const robot_plate *pl = &s->rb->plates[p];
    blast_detach(s->bs, p);
    s->attached[p] = false;
    s->blown_off++;
    flying_plate *f = &s->fly[p];
    memset(f, 0, sizeof *f);
    f->active = true;
    /* centre in world space at the moment it leaves */
    vec3 c;
    glm_mat4_mulv3(s->models[p], (float *)pl->center, 1.0f, c);
    /* it keeps the orientation it had on the body */
    glm_vec3_copy(c, f->pos);
    mat4 rest_only;
    glm_mat4_copy((vec4 *)pl->rest, rest_only);
    rest_only[3][0] = rest_only[3][1] = rest_only[3][2] = 0;
    glm_mat4_quat(rest_only, f->rot);
    vec3 out = {c[0] - s->knock[0], 0, c[2] - s->knock[2]};
    if (glm_vec3_norm(out) < 1e-3f) out[2] = 1;
    glm_vec3_normalize(out);
    /* the blast throws it off the body, a little along the shot, and up */
    for (int k = 0; k < 3; k++) f->vel[k] = out[k] * 2.6f + dir[k] * 0.6f;
    f->vel[1] += 2.2f;
    for (int k = 0; k < 3; k++) f->spin[k] = (range__rand(s) * 2 - 1) * 9.0f;
    if (s->ctx->fx.fireball) s->ctx->fx.fireball(s->ctx->fx.user, c, 0.25f);
    if (s->ctx->fx.sparks) s->ctx->fx.sparks(s->ctx->fx.user, c, (float[3]){0, 1, 0}, 40);
}

/* A blast sphere in world space: CPU history (robot space), GPU queue, plate bookkeeping. */
static void range__blast(range *s, const float w[3], float radius, const float dir[3])
{
    float rp[3];
    range__world_to_robot(s, w, rp);
    unsigned touched = blast_add(s->bs, rp, radius);
    damage_blast(s->dm, w, radius);
    int cut = blast_cut_islands(s->bs);
    if (cut) {
        s->cut_texels += cut;
        s->cut_dirty = true;
    }
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++)
        if ((touched >> p & 1u) && s->attached[p] && blast_intact(s->bs, p) < blast_blowoff_threshold(s->bs))
            range__blow_off(s, p, dir);
}

static void range__shoot(range *s, const float org[3], const float dir[3], float radius)
{
    float ro[3];
    range__world_to_robot(s, org, ro);
    blast_ray_hit h;
    s->shots++;
    if (!blast_raycast(s->bs, ro, dir, 200.0f, &h)) return;
    float w[3];
    for (int k = 0; k < 3; k++) w[k] = h.pos[k] + s->knock[k];
    s->passed_holes += h.holes_passed;
    if (s->ctx->fx.sparks) s->ctx->fx.sparks(s->ctx->fx.user, w, h.normal, h.plate >= 0 ? 14 : 8);
    /* knock back along the shot, horizontally */
    s->knock_vel[0] += dir[0] * 0.05f;
    s->knock_vel[2] += dir[2] * 0.05f;
    if (h.plate < 0) {
        s->hits_body++; /* the body is hit, never holed */
        return;
    }
    s->hits_armor++;
    range__blast(s, w, radius, dir);
}

static void range__respawn(range *s)
{
    if (s->respawn_phase == 0) {
        s->respawn_phase = 1;
        s->respawn_t = 0;
    }
}

static void range__reset_robot(range *s)
{
    blast_reset(s->bs);
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++) {
        s->attached[p] = true;
        s->fly[p].active = false;
    }
    glm_vec3_zero(s->knock);
    glm_vec3_zero(s->knock_vel);
    s->clear_pending = true;
    s->cut_dirty = false;
}

static void *range_create(scene_ctx *ctx)
{
    range *s = aligned_alloc(32, (sizeof(range) + 31) & ~(size_t)31);
    if (!s) {
        log_error("range scene: out of memory");
        return NULL;
    }
    memset(s, 0, sizeof *s);
    s->ctx = ctx;
    rng_seed(&s->rng, 0x5eed0000ull + ctx->seed * 2654435761ull);
    weapon_init(&s->gun, WEAPON_MARKSMAN, ctx->seed);
    s->rb = robot_create(NULL);
    s->bs = s->rb ? blast_create(s->rb, NULL) : NULL;
    s->dm = s->bs ? damage_map_create(&(damage_map_desc){0}, s->rb) : NULL;
    s->prog_panel = gfx_program_load("damage_panel.vert", "damage_panel.frag", NULL);
    if (!s->bs || !s->dm || !s->prog_panel) {
        log_error("range scene: the damage map could not be created");
        damage_map_destroy(s->dm);
        blast_destroy(s->bs);
        robot_destroy(s->rb);
        if (s->prog_panel) glDeleteProgram(s->prog_panel);
        free(s);
        return NULL;
    }
    /* Without the dissolve module plates just vanish; with it they burn away. */
    s->dv = dissolve_create(&(dissolve_desc){.pitfall = DISSOLVE_PITFALL_NONE});
    if (!s->dv) log_warn("range scene: no dissolve; blown-off plates vanish instead");
    s->body = gfx_mesh_create(&s->rb->body, "robot.body");
    s->glow = gfx_mesh_create(&s->rb->glow, "robot.glow");
    mesh_data q = {0};
    mesh_build_plane(&q, 1.0f, 1.0f, 1);
    s->panel = gfx_mesh_create(&q, "damage.panel");
    mesh_data_free(&q);
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++) s->attached[p] = true;
    range__update_models(s);
    range__dissolve_params(s);
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
    gfx_mesh_destroy(&s->panel);
    if (s->prog_panel) glDeleteProgram(s->prog_panel);
    dissolve_destroy(s->dv);
    damage_map_destroy(s->dm);
    blast_destroy(s->bs);
    robot_destroy(s->rb);
    free(s);
}

static void range__integrate_plates(range *s, float dt)
{
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++) {
        flying_plate *f = &s->fly[p];
        if (!f->active) continue;
        f->age += dt;
        f->vel[1] -= 9.81f * dt;
        glm_vec3_muladds(f->vel, dt, f->pos);
        float floor_y = s->rb->plates[p].radius * 0.35f;
        if (f->pos[1] < floor_y) {
            /* a dull bounce: metal plates on dirt */
            f->pos[1] = floor_y;
            f->vel[1] = fabsf(f->vel[1]) * 0.3f;
            f->vel[0] *= 0.6f;
            f->vel[2] *= 0.6f;
            glm_vec3_scale(f->spin, 0.6f, f->spin);
        }
        float rate = glm_vec3_norm(f->spin);
        if (rate > 1e-4f) {
            versor dq;
            vec3 axis;
            glm_vec3_scale(f->spin, 1.0f / rate, axis);
            glm_quatv(dq, rate * dt, axis);
            glm_quat_mul(dq, f->rot, f->rot);
            glm_quat_normalize(f->rot);
        }
        if (f->age > RANGE_PLATE_LIFE) f->active = false;
    }
}

static void range__dissolve_params(range *s)
{
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++) {
        dissolve_params d = dissolve_params_defaults();
        s->visible[p] = s->attached[p] || s->fly[p].active;
        if (s->attached[p]) {
            d.mode = DISSOLVE_MODE_PUSH;
            d.shape = DISSOLVE_SHAPE_DIRECTION;
            d.push_distance = 0.05f;
            d.amount = s->robot_amount;
            glm_vec3_copy((vec3){s->knock[0], 2.3f, s->knock[2]}, d.from);
            glm_vec3_copy((vec3){s->knock[0], -0.1f, s->knock[2]}, d.to);
        } else {
            d.mode = DISSOLVE_MODE_PUSH;
            d.shape = DISSOLVE_SHAPE_NOISE;
            d.noise_scale = 4.0f;
            d.push_distance = 0.03f;
            d.amount = glm_clamp((s->fly[p].age - 0.7f) / (RANGE_PLATE_LIFE - 0.8f), 0.0f, 1.0f);
        }
        s->plate_dissolve[p] = d;
    }
}

static void range_update(void *p, const app_input *in, float dt)
{
    range *s = p;
    if (in->pressed[GLFW_KEY_1]) weapon_select(&s->gun, WEAPON_MARKSMAN);
    if (in->pressed[GLFW_KEY_2]) weapon_select(&s->gun, WEAPON_AUTO);
    if (in->pressed[GLFW_KEY_3]) weapon_select(&s->gun, WEAPON_SHOTGUN);
    if (in->pressed[GLFW_KEY_R]) range__respawn(s);
    bool trigger = in->mouse_captured && in->mouse_down[0];
    bool pulled = in->mouse_captured && in->mouse_pressed[0];
    if (in->gamepad) {
        trigger |= in->pad_axes[GLFW_GAMEPAD_AXIS_RIGHT_TRIGGER] > 0.3f;
        pulled |= in->pad_pressed[GLFW_GAMEPAD_BUTTON_RIGHT_BUMPER];
    }
    pulled |= trigger && !s->trigger_was;
    s->trigger_was = trigger;
    if (pulled) weapon_press(&s->gun);
    s->gun.held = trigger;

    vec3 org, dir;
    camera_ray(s->ctx->cam, (float)s->ctx->width / (float)(s->ctx->height > 0 ? s->ctx->height : 1), 0, 0, org, dir);
    glm_vec3_normalize(dir);
    weapon_shot shots[WEAPON_MAX_SHOTS];
    int n = s->respawn_phase ? 0 : weapon_update(&s->gun, dt, dir, shots, WEAPON_MAX_SHOTS);
    if (n) s->flash = 0.06f;
    for (int i = 0; i < n; i++) range__shoot(s, org, shots[i].dir, shots[i].radius);
    s->flash = fmaxf(0.0f, s->flash - dt);

    /* knock-back spring: a few centimetres, settles in a fraction of a second */
    for (int k = 0; k < 3; k += 2) {
        float a = -90.0f * s->knock[k] - 11.0f * s->knock_vel[k];
        s->knock_vel[k] += a * dt;
        s->knock[k] += s->knock_vel[k] * dt;
    }
    range__integrate_plates(s, dt);

    if (s->respawn_phase) {
        s->respawn_t += dt;
        if (s->respawn_phase == 1) {
            s->robot_amount = glm_clamp(s->respawn_t / RANGE_RESPAWN_OUT, 0.0f, 1.0f);
            if (s->respawn_t >= RANGE_RESPAWN_OUT) {
                range__reset_robot(s);
                s->respawn_phase = 2;
                s->respawn_t = 0;
            }
        } else {
            s->robot_amount = 1.0f - glm_clamp(s->respawn_t / RANGE_RESPAWN_IN, 0.0f, 1.0f);
            if (s->respawn_t >= RANGE_RESPAWN_IN) s->respawn_phase = 0;
        }
    }
    damage_map_update(s->dm, dt);
    range__update_models(s);
    range__dissolve_params(s);
}

static void range_prepare(void *p)
{
    range *s = p;
    if (s->clear_pending) {
        damage_map_clear(s->dm);
        s->clear_pending = false;
    }
    if (s->cut_dirty) {
        damage_map_set_cut(s->dm, blast_cut_mask(s->bs));
        s->cut_dirty = false;
    }
    damage_map_prepare(s->dm, s->models, s->attached);
}

static void range__robot_dissolve(const range *s, dissolve_params *d)
{
    *d = s->plate_dissolve[0];
    d->mode = DISSOLVE_MODE_PUSH;
    d->shape = DISSOLVE_SHAPE_DIRECTION;
    d->amount = s->robot_amount;
    glm_vec3_copy((vec3){s->knock[0], 2.3f, s->knock[2]}, d->from);
    glm_vec3_copy((vec3){s->knock[0], -0.1f, s->knock[2]}, d->to);
}

static void range__draw_panels(range *s)
{
    GLuint texs[2] = {damage_map_texture(s->dm), damage_map_fading_texture(s->dm)};
    glUseProgram(s->prog_panel);
    glEnable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);
    glActiveTexture(GL_TEXTURE0);
    glUniform1i(gfx_uniform(s->prog_panel, "u_tex"), 0);
    for (int i = 0; i < 2; i++) {
        mat4 m;
        glm_translate_make(m, (vec3){i ? 1.45f : -1.45f, 1.5f, -1.6f});
        glm_rotate_x(m, GLM_PI_2f, m);
        glm_scale(m, (vec3){1.4f, 1.0f, 1.4f});
        glUniformMatrix4fv(gfx_uniform(s->prog_panel, "u_model"), 1, GL_FALSE, (const float *)m);
        glBindTexture(GL_TEXTURE_2D, texs[i]);
        gfx_mesh_draw(&s->panel);
    }
}

static void range_draw(void *p, scene_pass pass)
{
    range *s = p;
    dissolve_params rd;
    range__robot_dissolve(s, &rd);
    dissolve_pass dp = pass == SCENE_PASS_SHADOW ? DISSOLVE_PASS_SHADOW : DISSOLVE_PASS_MAIN;
    if (pass == SCENE_PASS_MAIN) {
        renderer_draw_ground(s->ctx->r);
        range__draw_panels(s);
    }
    gfx_pass_begin(pass == SCENE_PASS_SHADOW ? "damage.shadow" : "damage.armor");
    if (s->dv) {
        dissolve_draw_mesh(s->dv, &s->body, s->root, (vec3){0.035f, 0.035f, 0.04f}, NULL, &rd, dp);
        dissolve_draw_mesh(s->dv, &s->glow, s->root, (vec3){0.05f, 0.1f, 0.12f}, (vec3){0.4f, 2.6f, 3.4f}, &rd, dp);
    } else if (pass == SCENE_PASS_SHADOW) {
        renderer_draw_caster(s->ctx->r, &s->body, s->root);
    } else {
        renderer_draw_lit(s->ctx->r, &s->body, s->root, (vec3){0.035f, 0.035f, 0.04f}, NULL);
        renderer_draw_lit(s->ctx->r, &s->glow, s->root, (vec3){0.05f, 0.1f, 0.12f}, (vec3){0.4f, 2.6f, 3.4f});
    }
    damage_draw_armor(s->dm, &(damage_armor_draw){.models = s->models, .visible = s->visible, .dv = s->dv,
                                                   .dissolve = s->plate_dissolve},
                      pass == SCENE_PASS_SHADOW ? DAMAGE_PASS_SHADOW : DAMAGE_PASS_MAIN);
    gfx_pass_end();
}

static bool range_supports(script_op op)
{
    return op == SCRIPT_WEAPON || op == SCRIPT_FIRE || op == SCRIPT_HOLD || op == SCRIPT_BLAST || op == SCRIPT_ROBOT;
}

static scene_cmd_result range_command(void *p, const script_cmd *c)
{
    range *s = p;
    switch (c->op) {
    case SCRIPT_WEAPON: {
        int k = weapon_from_name(c->str);
        if (k < 0) {
            log_error("weapon %s: expected marksman, auto or shotgun", c->str);
            return SCENE_CMD_FAILED;
        }
        weapon_select(&s->gun, (weapon_kind)k);
        return SCENE_CMD_OK;
    }
    case SCRIPT_FIRE: weapon_press(&s->gun); return SCENE_CMD_OK;
    case SCRIPT_HOLD: weapon_hold(&s->gun, c->num[0]); return SCENE_CMD_OK;
    case SCRIPT_BLAST: {
        vec3 down = {0, -1, 0};
        range__blast(s, c->num, c->num[3], down);
        return SCENE_CMD_OK;
    }
    case SCRIPT_ROBOT:
        if (strcmp(c->str, "respawn")) {
            log_error("robot %s: expected respawn", c->str);
            return SCENE_CMD_FAILED;
        }
        range__respawn(s);
        return SCENE_CMD_OK;
    default: return SCENE_CMD_UNSUPPORTED;
    }
}

static bool range_view(void *p, const char *name, scene_view *out)
{
    range *s = p;
    if (!strcmp(name, "damage")) *out = (scene_view){damage_map_texture(s->dm), GFX_PANEL_RGB, "damage map (R hole, G 1.1r, B 1.2r)"};
    else if (!strcmp(name, "damage-fading")) *out = (scene_view){damage_map_fading_texture(s->dm), GFX_PANEL_RGB, "fading damage map"};
    else return false;
    return true;
}

static bool range_dump(void *p, const char *target, const char *path)
{
    range *s = p;
    GLuint tex;
    if (!strcmp(target, "damage")) tex = damage_map_texture(s->dm);
    else if (!strcmp(target, "damage-fading")) tex = damage_map_fading_texture(s->dm);
    else return false;
    glFinish(); /* the maps were just rendered through an FBO */
    return gfx_dump_texture(tex, path);
}

static void range_stats(void *p, json_writer *w)
{
    range *s = p;
    damage_map_stats st = damage_map_get_stats(s->dm);
    json_int(w, "blasts", st.blasts);
    json_int(w, "unwrap_passes", st.unwrap_passes);
    json_int(w, "fade_passes", st.fade_passes);
    json_int(w, "plates_attached", blast_plates_attached(s->bs));
    json_int(w, "fade_steps_left", st.fade_steps_left);
    json_int(w, "dilate_passes", st.dilate_passes);
    json_string(w, "weapon", weapon_name(s->gun.kind));
    json_int(w, "shots", s->shots);
    json_int(w, "hits_armor", s->hits_armor);
    json_int(w, "hits_body", s->hits_body);
    json_int(w, "holes_passed", s->passed_holes);
    json_int(w, "plates_blown_off", s->blown_off);
    json_int(w, "cut_texels", s->cut_texels);
    json_object_begin(w, "plate_intact");
    for (int q = 0; q < ROBOT_PLATE_COUNT; q++) json_number(w, robot_plate_name(q), blast_intact(s->bs, q));
    json_object_end(w);
    json_array_begin(w, "knock");
    for (int k = 0; k < 3; k++) json_number(w, NULL, s->knock[k]);
    json_array_end(w);
}

static void range__bench_entry(json_writer *w, const char *name, damage_bench_ms ms)
{
    json_object_begin(w, name);
    json_number(w, "gpu_ms", ms.gpu);
    json_number(w, "wall_ms", ms.wall);
    json_object_end(w);
}

static void range_bench(void *p, json_writer *w)
{
    range *s = p;
    /* 15 spheres on the chest, as one shotgun shell would put them */
    float spheres[15][4];
    int n = 0;
    for (int i = 0; i < 15; i++) {
        float o[3] = {-0.16f + 0.08f * (float)(i % 5), 1.25f + 0.1f * (float)(i / 5), 3.0f};
        blast_ray_hit h;
        if (!blast_raycast(s->bs, o, (float[3]){0, 0, -1}, 10, &h)) continue;
        for (int k = 0; k < 3; k++) spheres[n][k] = h.pos[k] + s->knock[k];
        spheres[n++][3] = 0.04f;
    }
    const int reps = 10;
    json_int(w, "bench_spheres", n);
    const float (*sp)[4] = (const float (*)[4])spheres;
    range__bench_entry(w, "unwrap_1_sphere", damage_bench_unwrap(s->dm, s->models, sp, 1, false, reps));
    range__bench_entry(w, "unwrap_15_one_pass", damage_bench_unwrap(s->dm, s->models, sp, n, false, reps));
    range__bench_entry(w, "unwrap_15_separate_passes", damage_bench_unwrap(s->dm, s->models, sp, n, true, reps));
    range__bench_entry(w, "fade_pass", damage_bench_fade(s->dm, reps));
    /* at rest: what prepare costs when nothing is due (no pass at all) */
    damage_map_stats before = damage_map_get_stats(s->dm);
    GLuint q;
    glGenQueries(1, &q);
    glFinish();
    double t0 = gfx_now();
    glBeginQuery(GL_TIME_ELAPSED, q);
    for (int i = 0; i < 600 && before.fade_steps_left == 0; i++) {
        damage_map_update(s->dm, 1.0f / 60.0f);
        damage_map_prepare(s->dm, s->models, s->attached);
    }
    glEndQuery(GL_TIME_ELAPSED);
    GLuint64 ns = 0;
    glGetQueryObjectui64v(q, GL_QUERY_RESULT, &ns);
    glDeleteQueries(1, &q);
    damage_map_stats after = damage_map_get_stats(s->dm);
    json_bool(w, "at_rest", before.fade_steps_left == 0);
    json_int(w, "fade_passes_at_rest_10s", after.fade_passes - before.fade_passes);
    json_number(w, "fade_at_rest_gpu_ms_per_frame", (double)ns / 1e6 / 600.0);
    json_number(w, "fade_at_rest_cpu_ms_per_frame", (gfx_now() - t0) * 1000.0 / 600.0);
    json_int(w, "fade_steps_to_zero", damage_fade_steps_to_zero(0.86f));
}

static void range_hud(void *p, float x, float y)
{
    range *s = p;
    const int w = s->ctx->width, h = s->ctx->height;
    const float scale = h >= 600 ? 2.0f : 1.0f;
    const float white[4] = {1, 1, 1, 0.95f}, shade[4] = {0, 0, 0, 0.45f};
    damage_map_stats st = damage_map_get_stats(s->dm);
    gfx_hud_rect(x - 4, y - 3, 300 * scale, 20 * scale, shade);
    gfx_hud_text(x, y, scale, white, "weapon: %s   blasts %lld   plates %d/%d", weapon_name(s->gun.kind), st.blasts,
                 blast_plates_attached(s->bs), ROBOT_PLATE_COUNT);
    gfx_hud_text(x, y + 9 * scale, scale, (float[4]){0.8f, 0.9f, 1, 0.9f}, "unwrap %lld  fade %lld%s", st.unwrap_passes,
                 st.fade_passes, st.fade_steps_left ? "  (cooling)" : "  (at rest)");
    /* crosshair */
    float cx = (float)w * 0.5f, cy = (float)h * 0.5f, a = 7.0f * scale, t = 1.0f * scale;
    const float ch[4] = {1, 1, 1, 0.85f};
    gfx_hud_rect(cx - a, cy - t * 0.5f, a * 0.6f, t, ch);
    gfx_hud_rect(cx + a * 0.4f, cy - t * 0.5f, a * 0.6f, t, ch);
    gfx_hud_rect(cx - t * 0.5f, cy - a, t, a * 0.6f, ch);
    gfx_hud_rect(cx - t * 0.5f, cy + a * 0.4f, t, a * 0.6f, ch);
    /* a flat view model at the bottom right, its barrel pointing at the centre */
    float gx = (float)w * 0.78f, gy = (float)h * 0.86f, gs = (float)h / 360.0f;
    const float metal[4] = {0.12f, 0.12f, 0.14f, 0.95f}, edge[4] = {0.3f, 0.3f, 0.34f, 0.95f};
    float len = s->gun.kind == WEAPON_SHOTGUN ? 70.0f : s->gun.kind == WEAPON_AUTO ? 60.0f : 85.0f;
    gfx_hud_rect(gx - len * gs, gy - 6 * gs, len * gs, 9 * gs, metal);
    gfx_hud_rect(gx - len * gs, gy - 6 * gs, len * gs, 2 * gs, edge);
    gfx_hud_rect(gx - 4 * gs, gy - 10 * gs, 40 * gs, 22 * gs, metal);
    gfx_hud_rect(gx + 8 * gs, gy + 10 * gs, 12 * gs, (float)h - gy, metal);
    if (s->flash > 0) {
        float fx = gx - len * gs, k = s->flash / 0.06f;
        const float hot[4] = {1.0f, 0.85f, 0.4f, 0.9f * k}, core[4] = {1, 1, 0.9f, k};
        gfx_hud_rect(fx - 26 * gs, gy - 11 * gs, 24 * gs, 19 * gs, hot);
        gfx_hud_rect(fx - 36 * gs, gy - 4 * gs, 36 * gs, 5 * gs, hot);
        gfx_hud_rect(fx - 18 * gs, gy - 6 * gs, 14 * gs, 9 * gs, core);
    }
}

const scene_vtable scene_range = {
    .name = "range",
    .keys_help = "LMB / right trigger  fire\n1 marksman  2 auto  3 shotgun\nR  respawn the robot",
    .free_camera = true,
    .create = range_create,
    .destroy = range_destroy,
    .update = range_update,
    .prepare = range_prepare,
    .draw = range_draw,
    .supports = range_supports,
    .command = range_command,
    .view = range_view,
    .dump = range_dump,
    .stats = range_stats,
    .bench = range_bench,
    .hud = range_hud,
};
