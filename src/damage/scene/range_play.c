#include "damage/scene/range_play.h"

#include <assert.h>
#include <math.h>
#include <string.h>

static void range_play__models(range_play *rp)
{
    glm_translate_make(rp->root, rp->knock);
    rig_palette(&rp->anim.pose, rp->root, rp->palette);
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++) {
        const robot_plate *pl = &rp->rb->plates[p];
        if (rp->attached[p]) {
            /* where the plate's own bone carries it (the draw skins every vertex) */
            glm_mat4_mul(rp->palette[pl->bone], (vec4 *)pl->rest, rp->models[p]);
            continue;
        }
        /* tumbling about the plate's own centre: T(pos) R(rot) T(-centre) */
        mat4 t, r;
        glm_translate_make(t, rp->fly[p].pos);
        glm_quat_mat4(rp->fly[p].rot, r);
        glm_mat4_mul(t, r, t);
        vec3 back;
        glm_vec3_negate_to((float *)pl->center, back);
        glm_translate(t, back);
        glm_mat4_copy(t, rp->models[p]);
    }
}

static void range_play__dissolve(range_play *rp)
{
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++) {
        dissolve_params d = dissolve_params_defaults();
        rp->visible[p] = rp->attached[p] || rp->fly[p].active;
        if (rp->attached[p]) {
            d.mode = DISSOLVE_MODE_PUSH;
            d.shape = DISSOLVE_SHAPE_DIRECTION;
            d.push_distance = 0.05f;
            d.amount = rp->robot_amount;
            glm_vec3_copy((vec3){rp->knock[0] + rp->anim.pos[0], 2.3f, rp->knock[2] + rp->anim.pos[2]}, d.from);
            glm_vec3_copy((vec3){rp->knock[0] + rp->anim.pos[0], -0.1f, rp->knock[2] + rp->anim.pos[2]}, d.to);
        } else {
            d.mode = DISSOLVE_MODE_PUSH;
            d.shape = DISSOLVE_SHAPE_NOISE;
            d.noise_scale = 4.0f;
            d.push_distance = 0.03f;
            d.amount = glm_clamp((rp->fly[p].age - 0.7f) / (RANGE_PLAY_PLATE_LIFE - 0.8f), 0.0f, 1.0f);
        }
        rp->plate_dissolve[p] = d;
    }
}

void range_play_init(range_play *rp, const robot *rb, uint64_t seed)
{
    assert(rp && rb);
    memset(rp, 0, sizeof *rp);
    rp->rb = rb;
    rng_seed(&rp->rng, 0x5eed0000ull + seed * 2654435761ull);
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++) rp->attached[p] = true;
    robot_anim_init(&rp->anim);
    for (int i = 0; i < RANGE_PLAY_TRACERS; i++) rp->tracers[i].age = -1.0f;
    range_play__models(rp);
    memcpy(rp->palette_prev, rp->palette, sizeof rp->palette);
    range_play__dissolve(rp);
}

void range_play_knock(range_play *rp, const float dir[3])
{
    /* along the shot, horizontally */
    rp->knock_vel[0] += dir[0] * RANGE_PLAY_KNOCK;
    rp->knock_vel[2] += dir[2] * RANGE_PLAY_KNOCK;
}

void range_play_blow_off(range_play *rp, int p, const float dir[3], float centre_ws[3])
{
    assert(p >= 0 && p < ROBOT_PLATE_COUNT && rp->attached[p]);
    const robot_plate *pl = &rp->rb->plates[p];
    rp->attached[p] = false;
    range_plate_flight *f = &rp->fly[p];
    memset(f, 0, sizeof *f);
    f->active = true;
    /* centre in world space at the moment it leaves, and where its bone had it a step before */
    vec3 c, c_prev, bone_vel = {0, 0, 0};
    glm_mat4_mulv3(rp->models[p], (float *)pl->center, 1.0f, c);
    mat4 prev;
    glm_mat4_mul(rp->palette_prev[pl->bone], (vec4 *)pl->rest, prev);
    glm_mat4_mulv3(prev, (float *)pl->center, 1.0f, c_prev);
    if (rp->last_dt > 0.0f) {
        glm_vec3_sub(c, c_prev, bone_vel);
        glm_vec3_scale(bone_vel, 1.0f / rp->last_dt, bone_vel);
    }
    /* it keeps the orientation it had on the body, as posed */
    glm_vec3_copy(c, f->pos);
    mat4 rot_only;
    glm_mat4_copy(rp->models[p], rot_only);
    rot_only[3][0] = rot_only[3][1] = rot_only[3][2] = 0;
    glm_mat4_quat(rot_only, f->rot);
    vec3 out = {c[0] - rp->knock[0] - rp->anim.pos[0], 0, c[2] - rp->knock[2] - rp->anim.pos[2]};
    if (glm_vec3_norm(out) < 1e-3f) out[2] = 1;
    glm_vec3_normalize(out);
    /* it leaves with its bone's velocity; the blast throws it off the body, a little along the
     * shot, and up */
    for (int k = 0; k < 3; k++) f->vel[k] = bone_vel[k] + out[k] * RANGE_PLAY_THROW + dir[k] * 0.6f;
    glm_vec3_copy(bone_vel, f->bone_vel);
    f->vel[1] += RANGE_PLAY_LIFT;
    for (int k = 0; k < 3; k++) f->spin[k] = (rng_float(&rp->rng) * 2 - 1) * RANGE_PLAY_SPIN;
    glm_vec3_copy(c, centre_ws);
}

bool range_play_shoot(range_play *rp, const blast_state *bs, const float org[3], const float dir[3], range_play_hit *out)
{
    blast_ray_hit h;
    rp->shots++;
    if (!blast_raycast(bs, org, dir, 200.0f, &h)) return false;
    glm_vec3_copy(h.pos, out->pos);
    glm_vec3_copy(h.pos_bind, out->pos_bind);
    glm_vec3_copy(h.normal, out->normal);
    out->plate = h.plate;
    out->bone = h.bone;
    out->passed_plate = h.passed_plate;
    out->t = h.t;
    glm_vec3_copy((float *)dir, out->dir);
    rp->holes_passed += h.holes_passed;
    range_play_knock(rp, dir);
    robot_anim_flinch(&rp->anim, h.bone, dir);
    if (h.plate < 0) rp->hits_body++; /* the body is hit, never holed */
    else rp->hits_armor++;
    return true;
}

/* Plate p leaves the body: history, flight, counters; the robot staggers. */
static void range_play__off(range_play *rp, blast_state *bs, int p, const float dir[3], range_play_blasted *b)
{
    blast_detach(bs, p);
    range_play_blow_off(rp, p, dir, b->centre[p]);
    rp->blown_off++;
    b->blown |= 1u << p;
    robot_anim_stagger(&rp->anim, dir);
}

range_play_blasted range_play_blast(range_play *rp, blast_state *bs, const float bind[3], float radius, const float dir[3])
{
    range_play_blasted b = {0};
    int before = 0, after = 0;
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++) before += rp->attached[p] ? blast_intact_texels(bs, p) : 0;
    unsigned touched = blast_add(bs, bind, radius);
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++) after += rp->attached[p] ? blast_intact_texels(bs, p) : 0;
    rp->last_hole_texels = before - after;
    b.cut = blast_cut_islands(bs);
    rp->cut_texels += b.cut;
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++)
        if ((touched >> p & 1u) && rp->attached[p] && blast_intact(bs, p) < blast_blowoff_threshold(bs))
            range_play__off(rp, bs, p, dir, &b);
    return b;
}

range_play_blasted range_play_load(range_play *rp, blast_state *bs, const range_play_hit *h, float radius)
{
    range_play_blasted b = {0};
    int p = h->plate >= 0 ? h->plate : h->passed_plate;
    if (p < 0 || !rp->attached[p]) return b;
    rp->load[p] += (float)GLM_PI * radius * radius;
    if (rp->load[p] >= RANGE_PLAY_BLOWOFF_LOAD * rp->rb->plates[p].area) range_play__off(rp, bs, p, h->dir, &b);
    return b;
}

void range_play_respawn(range_play *rp)
{
    if (rp->phase == RANGE_PLAY_ALIVE) {
        rp->phase = RANGE_PLAY_OUT;
        rp->phase_t = 0;
    }
}

bool range_play_can_fire(const range_play *rp) { return rp->phase == RANGE_PLAY_ALIVE; }

static void range_play__fly(range_play *rp, float dt)
{
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++) {
        range_plate_flight *f = &rp->fly[p];
        if (!f->active) continue;
        f->age += dt;
        f->vel[1] -= 9.81f * dt;
        glm_vec3_muladds(f->vel, dt, f->pos);
        float floor_y = rp->rb->plates[p].radius * RANGE_PLAY_FLOOR;
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
        if (f->age > RANGE_PLAY_PLATE_LIFE) f->active = false;
    }
}

unsigned range_play_update(range_play *rp, float dt)
{
    unsigned events = 0;
    memcpy(rp->palette_prev, rp->palette, sizeof rp->palette);
    rp->last_dt = dt;
    robot_anim_update(&rp->anim, dt);
    /* knock-back spring: a few centimetres, settles in a fraction of a second */
    for (int k = 0; k < 3; k += 2) {
        float a = -90.0f * rp->knock[k] - 11.0f * rp->knock_vel[k];
        rp->knock_vel[k] += a * dt;
        rp->knock[k] += rp->knock_vel[k] * dt;
    }
    range_play__fly(rp, dt);
    for (int i = 0; i < RANGE_PLAY_TRACERS; i++) {
        range_tracer *t = &rp->tracers[i];
        if (t->age >= 0.0f && (t->age += dt) >= RANGE_PLAY_TRACER_LIFE) t->age = -1.0f;
    }
    if (rp->phase != RANGE_PLAY_ALIVE) {
        rp->phase_t += dt;
        if (rp->phase == RANGE_PLAY_OUT) {
            rp->robot_amount = glm_clamp(rp->phase_t / RANGE_PLAY_RESPAWN_OUT, 0.0f, 1.0f);
            if (rp->phase_t >= RANGE_PLAY_RESPAWN_OUT) {
                /* restored while invisible: plates back on, the spring at rest */
                for (int p = 0; p < ROBOT_PLATE_COUNT; p++) {
                    rp->attached[p] = true;
                    rp->load[p] = 0.0f;
                    rp->fly[p].active = false;
                }
                glm_vec3_zero(rp->knock);
                glm_vec3_zero(rp->knock_vel);
                rp->has_hole = false;
                events |= RANGE_PLAY_RESET;
                rp->phase = RANGE_PLAY_IN;
                rp->phase_t = 0;
            }
        } else {
            rp->robot_amount = 1.0f - glm_clamp(rp->phase_t / RANGE_PLAY_RESPAWN_IN, 0.0f, 1.0f);
            if (rp->phase_t >= RANGE_PLAY_RESPAWN_IN) rp->phase = RANGE_PLAY_ALIVE;
        }
    }
    range_play__models(rp);
    range_play__dissolve(rp);
    return events;
}

void range_play_robot_dissolve(const range_play *rp, dissolve_params *d)
{
    /* plate 0's parameters as the base: its noise scale and push carry over to the body */
    *d = rp->plate_dissolve[0];
    d->mode = DISSOLVE_MODE_PUSH;
    d->shape = DISSOLVE_SHAPE_DIRECTION;
    d->amount = rp->robot_amount;
    glm_vec3_copy((vec3){rp->knock[0] + rp->anim.pos[0], 2.3f, rp->knock[2] + rp->anim.pos[2]}, d->from);
    glm_vec3_copy((vec3){rp->knock[0] + rp->anim.pos[0], -0.1f, rp->knock[2] + rp->anim.pos[2]}, d->to);
}

bool range_play_robot_in_view(const blast_state *bs, const dissolve_params *d, vec4 planes[6])
{
    vec3 box[2];
    blast_posed_bounds(bs, box[0], box[1]);
    dissolve_bounds(d, box[0], box[1], box[0], box[1]);
    return glm_aabb_frustum(box, planes);
}

int range_play_shell_spheres(const range_play *rp, const blast_state *bs, float out[RANGE_PLAY_SHELL][4])
{
    int n = 0;
    for (int i = 0; i < RANGE_PLAY_SHELL; i++) {
        /* in front of the robot wherever it stands; the spheres go to the unwrap in bind space */
        float o[3] = {rp->anim.pos[0] + rp->knock[0] - 0.16f + 0.08f * (float)(i % 5), 1.25f + 0.1f * (float)(i / 5),
                      rp->anim.pos[2] + 3.0f};
        blast_ray_hit h;
        if (!blast_raycast(bs, o, (float[3]){0, 0, -1}, 10, &h)) continue;
        for (int k = 0; k < 3; k++) out[n][k] = h.pos_bind[k];
        out[n++][3] = 0.04f;
    }
    return n;
}

void range_play_stats(const range_play *rp, const blast_state *bs, json_writer *w)
{
    json_int(w, "shots", rp->shots);
    json_int(w, "hits_armor", rp->hits_armor);
    json_int(w, "hits_body", rp->hits_body);
    json_int(w, "holes_passed", rp->holes_passed);
    json_int(w, "plates_blown_off", rp->blown_off);
    json_int(w, "cut_texels", rp->cut_texels);
    json_object_begin(w, "plate_intact");
    for (int q = 0; q < ROBOT_PLATE_COUNT; q++) json_number(w, robot_plate_name(q), blast_intact(bs, q));
    json_object_end(w);
    /* the load of the shots each plate took, in shares of its area (it blows off at RANGE_PLAY_BLOWOFF_LOAD) */
    json_object_begin(w, "plate_load");
    for (int q = 0; q < ROBOT_PLATE_COUNT; q++) json_number(w, robot_plate_name(q), rp->load[q] / rp->rb->plates[q].area);
    json_object_end(w);
    json_string(w, "robot_anim", robot_anim_state(&rp->anim));
    json_number(w, "robot_dissolve", rp->robot_amount); /* the respawn's burn: 0 whole .. 1 gone */
    json_int(w, "robot_bones", RIG_BONE_COUNT);
    json_array_begin(w, "robot_pos");
    for (int k = 0; k < 3; k++) json_number(w, NULL, rp->anim.pos[k] + rp->knock[k]);
    json_array_end(w);
    json_array_begin(w, "knock");
    for (int k = 0; k < 3; k++) json_number(w, NULL, rp->knock[k]);
    json_array_end(w);
}

void range_play_aim(const float muzzle[3], const float aim_point[3], const float cam_dir[3], const float shot_dir[3],
                    float out[3])
{
    vec3 m, spread;
    glm_vec3_sub((float *)aim_point, (float *)muzzle, m);
    glm_vec3_normalize(m);
    glm_vec3_sub((float *)shot_dir, (float *)cam_dir, spread);
    glm_vec3_add(m, spread, out);
    glm_vec3_normalize(out);
}

void range_play_volley(range_play *rp, const blast_state *bs, const float eye[3], const float aim_dir[3],
                       const float muzzle[3], const weapon_shot *shots, int n, range_play_hit *hits, bool *hit)
{
    enum { FAR = 60 };
    blast_ray_hit ah;
    float t = aim_dir[1] < -1e-4f ? -eye[1] / aim_dir[1] : (float)FAR;
    if (blast_raycast(bs, eye, aim_dir, (float)FAR, &ah) && ah.t < t) t = ah.t;
    vec3 aim;
    glm_vec3_copy((float *)eye, aim);
    glm_vec3_muladds((float *)aim_dir, fminf(t, (float)FAR), aim);
    for (int i = 0; i < n; i++) {
        vec3 d, end;
        range_play_aim(muzzle, aim, aim_dir, shots[i].dir, d);
        hit[i] = range_play_shoot(rp, bs, muzzle, d, &hits[i]);
        glm_vec3_copy((float *)muzzle, end);
        glm_vec3_muladds(d, (float)FAR, end);
        range_play_tracer(rp, muzzle, hit[i] ? hits[i].pos : end);
    }
}

void range_play_tracer(range_play *rp, const float from[3], const float to[3])
{
    int slot = 0;
    for (int i = 0; i < RANGE_PLAY_TRACERS; i++) {
        if (rp->tracers[i].age < 0.0f) { slot = i; break; }
        if (rp->tracers[i].age > rp->tracers[slot].age) slot = i;
    }
    range_tracer *t = &rp->tracers[slot];
    glm_vec3_copy((float *)from, t->from);
    glm_vec3_copy((float *)to, t->to);
    t->age = 0.0f;
}

int range_play_tracer_sprites(const range_play *rp, float (*out)[4], int max)
{
    int n = 0;
    for (int i = 0; i < RANGE_PLAY_TRACERS; i++) {
        const range_tracer *t = &rp->tracers[i];
        if (t->age < 0.0f) continue;
        float len = glm_vec3_distance((float *)t->from, (float *)t->to);
        /* the head runs the whole path over the life, dragging a streak a third as long */
        float head = glm_clamp((t->age + 1.0f / 60.0f) / RANGE_PLAY_TRACER_LIFE, 0.0f, 1.0f) * len;
        float tail = fmaxf(0.0f, head - len / 3.0f);
        for (float d = head; d >= tail && n < max; d -= RANGE_PLAY_TRACER_STEP) {
            float f = len > 0 ? d / len : 0;
            glm_vec3_lerp((float *)t->from, (float *)t->to, f, out[n]);
            out[n++][3] = head > tail ? 0.25f + 0.75f * (d - tail) / (head - tail) : 1.0f;
        }
    }
    return n;
}

bool range_play_holes(range_play *rp, const range_play_hit *h, weapon_kind kind)
{
    if (h->plate < 0 || !weapon_penetrates(kind, h->t)) return false;
    glm_vec3_copy((float *)h->pos_bind, rp->last_hole);
    rp->has_hole = true;
    return true;
}

void range_play_stats_hole(const range_play *rp, const blast_state *bs, mat4 vp, int width, int height, json_writer *w)
{
    if (!rp->has_hole) return;
    float wp[3];
    vec4 c;
    blast_bind_to_world(bs, rp->last_hole, wp);
    glm_mat4_mulv(vp, (vec4){wp[0], wp[1], wp[2], 1.0f}, c);
    json_object_begin(w, "last_hole");
    json_array_begin(w, "world");
    for (int k = 0; k < 3; k++) json_number(w, NULL, wp[k]);
    json_array_end(w);
    json_array_begin(w, "screen");
    json_number(w, NULL, (c[0] / c[3] * 0.5f + 0.5f) * (float)width);
    json_number(w, NULL, (0.5f - c[1] / c[3] * 0.5f) * (float)height);
    json_array_end(w);
    /* its size: the outer texels it opened, as a disc's diameter in metres, and that diameter
     * stood upright at the hole, in pixels on screen */
    float across = 2.0f * sqrtf((float)rp->last_hole_texels / (float)GLM_PI) / rp->rb->texels_per_m;
    vec4 c2;
    glm_mat4_mulv(vp, (vec4){wp[0], wp[1] + across, wp[2], 1.0f}, c2);
    json_int(w, "texels", rp->last_hole_texels);
    json_number(w, "across_m", across);
    json_number(w, "across_px", fabsf(c2[1] / c2[3] - c[1] / c[3]) * 0.5f * (float)height);
    json_object_end(w);
}
