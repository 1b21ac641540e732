#include "damage/core/robot_anim.h"

#include <assert.h>
#include <math.h>
#include <string.h>

const char *const robot_anim_mode_names[ROBOT_ANIM_MODE_COUNT + 1] = {"idle", "walk", "stop", NULL};

#define TAU (2.0f * GLM_PIf)
#define STRIDE_S 1.1f

/* Rotation of bone b about a robot-frame axis, applied in its parent's frame after what it had. */
static void turn(rig_pose *p, int b, const float axis[3], float angle)
{
    if (angle == 0.0f) return;
    versor q, r;
    glm_quatv(q, angle, (float *)axis);
    glm_quat_mul(q, p->rot[b], r);
    glm_quat_copy(r, p->rot[b]);
}

static void turn_xyz(rig_pose *p, int b, float x, float y, float z)
{
    turn(p, b, (float[3]){1, 0, 0}, x);
    turn(p, b, (float[3]){0, 1, 0}, y);
    turn(p, b, (float[3]){0, 0, 1}, z);
}

static void idle_pose(float t, rig_pose *p)
{
    rig_pose_bind(p);
    float breath = sinf(TAU * 0.25f * t);
    turn_xyz(p, RIG_SPINE, -0.003f * breath, 0, 0);
    turn_xyz(p, RIG_CHEST, -0.007f * breath, 0, 0);
    turn_xyz(p, RIG_CLAVICLE_L, 0, 0, 0.005f * breath);
    turn_xyz(p, RIG_CLAVICLE_R, 0, 0, -0.005f * breath);
    /* weight shift: the pelvis sways and rolls, the legs lean so the feet stay where they are */
    float shift = sinf(TAU * t / 5.0f), dx = 0.006f * shift, roll = 0.008f * shift;
    p->offset[RIG_PELVIS][0] = dx;
    turn_xyz(p, RIG_PELVIS, 0, 0, roll);
    float lean = -dx / 0.83f;
    turn_xyz(p, RIG_THIGH_L, 0, 0, lean - roll);
    turn_xyz(p, RIG_THIGH_R, 0, 0, lean - roll);
    turn_xyz(p, RIG_FOOT_L, 0, 0, -lean);
    turn_xyz(p, RIG_FOOT_R, 0, 0, -lean);
    turn_xyz(p, RIG_SPINE, 0, 0, -0.7f * roll);
    turn_xyz(p, RIG_HEAD, 0.01f * sinf(TAU * t / 3.1f), 0.03f * sinf(TAU * t / 7.0f), 0);
}

static void walk_pose(float phase, rig_pose *p)
{
    rig_pose_bind(p);
    float s = sinf(phase);
    for (int side = 0; side < 2; side++) {
        float k = side ? -1.0f : 1.0f, ph = phase + (side ? GLM_PIf : 0.0f);
        int o = side ? RIG_THIGH_R - RIG_THIGH_L : 0, a = side ? RIG_CLAVICLE_R - RIG_CLAVICLE_L : 0;
        float thigh = -0.42f * k * s, knee = 0.08f + 0.6f * fmaxf(0.0f, cosf(ph + 0.5f));
        turn_xyz(p, RIG_THIGH_L + o, thigh, 0, 0);
        turn_xyz(p, RIG_SHIN_L + o, knee, 0, 0);
        turn_xyz(p, RIG_FOOT_L + o, -0.6f * (thigh + knee), 0, 0);
        /* arms swing against the legs, elbows a little bent */
        turn_xyz(p, RIG_UPPER_ARM_L + a, 0.3f * k * s, 0, 0);
        turn_xyz(p, RIG_LOWER_ARM_L + a, -0.25f - 0.12f * fmaxf(0.0f, -k * s), 0, 0);
    }
    p->offset[RIG_PELVIS][1] = -0.02f + 0.015f * cosf(2.0f * phase);
    turn_xyz(p, RIG_PELVIS, 0, 0.07f * s, 0);
    turn_xyz(p, RIG_SPINE, 0.05f, 0, 0);
    turn_xyz(p, RIG_CHEST, 0, -0.09f * s, 0);
}

/* The bind direction a bone points in: towards its first child, else its parent's. */
static void bone_axis(int b, float out[3])
{
    for (int c = b + 1; c < RIG_BONE_COUNT; c++)
        if (rig_parent[c] == b) {
            glm_vec3_sub((float *)rig_joint[c], (float *)rig_joint[b], out);
            glm_vec3_normalize(out);
            return;
        }
    if (rig_parent[b] >= 0) bone_axis(rig_parent[b], out);
    else glm_vec3_copy((vec3){0, 1, 0}, out);
}

/* A world direction in the robot's own frame (its heading taken out), flattened if asked. */
static void to_robot_frame(const robot_anim *a, const float dir[3], bool flat, float out[3])
{
    float c = cosf(a->heading), s = sinf(a->heading);
    out[0] = c * dir[0] - s * dir[2];
    out[1] = flat ? 0.0f : dir[1];
    out[2] = s * dir[0] + c * dir[2];
    if (glm_vec3_norm(out) < 1e-4f) glm_vec3_copy((vec3){0, 0, -1}, out);
    glm_vec3_normalize(out);
}

void robot_anim_init(robot_anim *a)
{
    assert(a);
    memset(a, 0, sizeof *a);
    a->mode = ROBOT_ANIM_IDLE;
    a->flinch_t = a->stagger_t = -1.0f;
    rig_pose_bind(&a->pose);
}

void robot_anim_set_mode(robot_anim *a, robot_anim_mode m)
{
    assert(m >= 0 && m < ROBOT_ANIM_MODE_COUNT);
    a->mode = m;
}

void robot_anim_flinch(robot_anim *a, int bone, const float dir[3])
{
    assert(bone >= 0 && bone < RIG_BONE_COUNT);
    if (a->mode == ROBOT_ANIM_STOP) return;
    float d[3], ax[3];
    to_robot_frame(a, dir, false, d);
    bone_axis(bone, ax);
    glm_vec3_cross(ax, d, a->flinch_axis);
    if (glm_vec3_norm(a->flinch_axis) < 1e-3f) glm_vec3_copy((vec3){1, 0, 0}, a->flinch_axis);
    glm_vec3_normalize(a->flinch_axis);
    a->flinch_bone = bone;
    a->flinch_t = 0.0f;
}

void robot_anim_stagger(robot_anim *a, const float dir[3])
{
    if (a->mode == ROBOT_ANIM_STOP) return;
    to_robot_frame(a, dir, true, a->stagger_dir);
    a->stagger_t = 0.0f;
}

static float wrap_angle(float x)
{
    while (x > GLM_PIf) x -= TAU;
    while (x < -GLM_PIf) x += TAU;
    return x;
}

/* Patrol between the two ends of the walk: turn in place towards the next end, then walk. */
static void locomote(robot_anim *a, float dt)
{
    float w = a->walk_w * a->walk_w * (3.0f - 2.0f * a->walk_w);
    if (w <= 0.0f) return;
    float goal_x = a->leg == 0 ? ROBOT_ANIM_PATROL : -ROBOT_ANIM_PATROL;
    float want = a->leg == 0 ? GLM_PI_2f : -GLM_PI_2f;
    float err = wrap_angle(want - a->heading), step = 1.8f * dt * w;
    a->heading = wrap_angle(a->heading + (fabsf(err) < step ? err : copysignf(step, err)));
    a->phase = fmodf(a->phase + TAU * dt / STRIDE_S * w, TAU);
    if (fabsf(err) < 0.3f) {
        float dx = copysignf(ROBOT_ANIM_SPEED * w * dt, goal_x);
        a->pos[0] += dx;
        if ((goal_x > 0 && a->pos[0] >= goal_x) || (goal_x < 0 && a->pos[0] <= goal_x)) a->leg ^= 1;
    }
}

void robot_anim_update(robot_anim *a, float dt)
{
    if (a->mode == ROBOT_ANIM_STOP) return;
    a->time += dt;
    float target = a->mode == ROBOT_ANIM_WALK ? 1.0f : 0.0f, rate = dt / ROBOT_ANIM_FADE;
    a->walk_w += glm_clamp(target - a->walk_w, -rate, rate);
    locomote(a, dt);
    rig_pose idle, walk;
    idle_pose(a->time, &idle);
    walk_pose(a->phase, &walk);
    float w = a->walk_w * a->walk_w * (3.0f - 2.0f * a->walk_w);
    rig_pose_blend(&idle, &walk, w, &a->pose);
    if (a->flinch_t >= 0.0f) {
        a->flinch_t += dt;
        float t = a->flinch_t, tau = 0.09f;
        if (t >= ROBOT_ANIM_FLINCH_S) a->flinch_t = -1.0f;
        else {
            float e = (t / tau) * expf(1.0f - t / tau) * (1.0f - t / ROBOT_ANIM_FLINCH_S);
            turn(&a->pose, a->flinch_bone, a->flinch_axis, 0.3f * e);
            if (rig_parent[a->flinch_bone] > RIG_ROOT) turn(&a->pose, rig_parent[a->flinch_bone], a->flinch_axis, 0.15f * e);
        }
    }
    if (a->stagger_t >= 0.0f) {
        a->stagger_t += dt;
        float t = a->stagger_t;
        if (t >= ROBOT_ANIM_STAGGER_S) a->stagger_t = -1.0f;
        else {
            float e = sinf(GLM_PIf * t / ROBOT_ANIM_STAGGER_S);
            e *= e;
            float axis[3];
            glm_vec3_cross((vec3){0, 1, 0}, a->stagger_dir, axis);
            glm_vec3_normalize(axis);
            glm_vec3_muladds(a->stagger_dir, 0.07f * e, a->pose.offset[RIG_PELVIS]);
            a->pose.offset[RIG_PELVIS][1] -= 0.03f * e;
            turn(&a->pose, RIG_SPINE, axis, 0.12f * e);
            turn(&a->pose, RIG_CHEST, axis, 0.1f * e);
            turn(&a->pose, RIG_HEAD, axis, 0.15f * e);
            for (int s = 0; s < 2; s++) {
                int o = s ? RIG_THIGH_R - RIG_THIGH_L : 0, ar = s ? RIG_CLAVICLE_R - RIG_CLAVICLE_L : 0;
                turn_xyz(&a->pose, RIG_THIGH_L + o, -0.2f * e, 0, 0);
                turn_xyz(&a->pose, RIG_SHIN_L + o, 0.3f * e, 0, 0);
                turn_xyz(&a->pose, RIG_UPPER_ARM_L + ar, 0, 0, (s ? -0.3f : 0.3f) * e);
            }
        }
    }
    glm_vec3_copy(a->pos, a->pose.offset[RIG_ROOT]);
    glm_quatv(a->pose.rot[RIG_ROOT], a->heading, (vec3){0, 1, 0});
}

const char *robot_anim_state(const robot_anim *a)
{
    if (a->mode == ROBOT_ANIM_STOP) return "stop";
    if (a->stagger_t >= 0.0f) return "stagger";
    if (a->flinch_t >= 0.0f) return "flinch";
    return a->mode == ROBOT_ANIM_WALK ? "walk" : "idle";
}
