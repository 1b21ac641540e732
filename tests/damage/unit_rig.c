/* The robot's skeleton, skin and animation on the CPU: baked weights (at most four, summing to 1,
 * blended across joints), the bind pose reproducing the rest mesh, a BVH refitted to a posed
 * robot against brute force and a fresh build, rays meeting the drawn pose and going through its
 * holes, the animation's contract (idle at the origin and small, walk only on command, stop
 * freezes, flinch and stagger, smooth crossfades, determinism) and plates leaving with their
 * bone's velocity. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/bvh.h"
#include "base/rng.h"
#include "damage/core/blast.h"
#include "damage/scene/range_play.h"
#include "damage/core/rig.h"
#include "damage/core/robot_anim.h"

static robot *rb;

static int setup(void **state)
{
    (void)state;
    rb = robot_create(NULL);
    return rb ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    robot_destroy(rb);
    return 0;
}

static void check_skin(const rig_skin *s, int verts, int *blended, int used[RIG_BONE_COUNT])
{
    assert_int_equal(s->count, verts);
    for (int v = 0; v < verts; v++) {
        float sum = 0;
        int nonzero = 0;
        for (int i = 0; i < RIG_INFLUENCES; i++) {
            assert_true(s->weight[v][i] >= 0.0f && s->weight[v][i] <= 1.0f);
            assert_true(s->bone[v][i] < RIG_BONE_COUNT);
            sum += s->weight[v][i];
            if (s->weight[v][i] > 0) {
                nonzero++;
                used[s->bone[v][i]] = 1;
            }
        }
        assert_float_equal(sum, 1.0f, 1e-5);
        *blended += nonzero > 1;
    }
}

static void weights_sum_to_one_with_at_most_four_bones(void **state)
{
    (void)state;
    assert_true(RIG_BONE_COUNT >= 15);
    int blended = 0, plate_blended = 0, used[RIG_BONE_COUNT] = {0};
    check_skin(&rb->body_skin, rb->body.vertex_count, &blended, used);
    check_skin(&rb->glow_skin, rb->glow.vertex_count, &blended, used);
    for (int p = 0; p < rb->plate_count; p++) check_skin(&rb->plates[p].skin, rb->plates[p].mesh.vertex_count, &plate_blended, used);
    /* joints blend two bones (elbows, knees, the spine), plates too where they cross a joint */
    assert_true(blended > 50);
    assert_true(plate_blended > 20);
    int n = 0;
    for (int b = 0; b < RIG_BONE_COUNT; b++) n += used[b];
    assert_true(n >= RIG_BONE_COUNT - 1); /* every bone but the root moves some vertex */
    /* the parents come before their children: one pass forms the pose */
    for (int b = 1; b < RIG_BONE_COUNT; b++) assert_true(rig_parent[b] >= 0 && rig_parent[b] < b);
}

static void bind_pose_reproduces_the_rest_mesh(void **state)
{
    (void)state;
    rig_pose p;
    rig_pose_bind(&p);
    mat4 pal[RIG_BONE_COUNT], root;
    rig_palette(&p, GLM_MAT4_IDENTITY, pal);
    for (int b = 0; b < RIG_BONE_COUNT; b++)
        for (int i = 0; i < 16; i++) assert_float_equal(((float *)pal[b])[i], ((float *)GLM_MAT4_IDENTITY)[i], 1e-6);
    glm_translate_make(root, (vec3){0.3f, 0, -0.2f});
    rig_palette(&p, root, pal);
    for (int q = 0; q < rb->plate_count; q++) {
        const robot_plate *pl = &rb->plates[q];
        for (int v = 0; v < pl->mesh.vertex_count; v++) {
            float bind[3], out[3];
            glm_mat4_mulv3((vec4 *)pl->rest, pl->mesh.pos[v], 1.0f, bind);
            rig_skin_point((const mat4 *)pal, pl->skin.bone[v], pl->skin.weight[v], bind, out);
            assert_float_equal(out[0], bind[0] + 0.3f, 1e-5);
            assert_float_equal(out[1], bind[1], 1e-5);
            assert_float_equal(out[2], bind[2] - 0.2f, 1e-5);
        }
    }
    /* the animation starts in exactly that pose */
    robot_anim a;
    robot_anim_init(&a);
    robot_anim_update(&a, 0.0f);
    rig_palette(&a.pose, GLM_MAT4_IDENTITY, pal);
    for (int b = 0; b < RIG_BONE_COUNT; b++)
        for (int i = 0; i < 16; i++) assert_float_equal(((float *)pal[b])[i], ((float *)GLM_MAT4_IDENTITY)[i], 1e-5);
}

/* Every ray-tested vertex of the robot (body, glow, plates) in bind space, with its skin. */
typedef struct all_mesh {
    mesh_data m;
    rig_skin s;
} all_mesh;

static void all_build(all_mesh *a)
{
    memset(a, 0, sizeof *a);
    const rig_skin *skins[2 + ROBOT_PLATE_COUNT] = {&rb->body_skin, &rb->glow_skin};
    mesh_append(&a->m, &rb->body, GLM_MAT4_IDENTITY);
    mesh_append(&a->m, &rb->glow, GLM_MAT4_IDENTITY);
    for (int p = 0; p < rb->plate_count; p++) {
        mesh_append(&a->m, &rb->plates[p].mesh, rb->plates[p].rest);
        skins[2 + p] = &rb->plates[p].skin;
    }
    a->s.count = a->m.vertex_count;
    a->s.bone = malloc((size_t)a->s.count * sizeof *a->s.bone);
    a->s.weight = malloc((size_t)a->s.count * sizeof *a->s.weight);
    int at = 0;
    for (int i = 0; i < 2 + ROBOT_PLATE_COUNT; i++) {
        memcpy(a->s.bone + at, skins[i]->bone, (size_t)skins[i]->count * sizeof *a->s.bone);
        memcpy(a->s.weight + at, skins[i]->weight, (size_t)skins[i]->count * sizeof *a->s.weight);
        at += skins[i]->count;
    }
    assert_int_equal(at, a->m.vertex_count);
}

static void walk_pose(float seconds, mat4 pal[RIG_BONE_COUNT])
{
    robot_anim a;
    robot_anim_init(&a);
    robot_anim_set_mode(&a, ROBOT_ANIM_WALK);
    for (float t = 0; t < seconds; t += 1.0f / 60.0f) robot_anim_update(&a, 1.0f / 60.0f);
    robot_anim_flinch(&a, RIG_LOWER_ARM_R, (float[3]){0, 0, -1});
    for (int i = 0; i < 6; i++) robot_anim_update(&a, 1.0f / 60.0f);
    rig_palette(&a.pose, GLM_MAT4_IDENTITY, pal);
}

static void refitted_bvh_matches_brute_force_and_a_fresh_build_on_a_posed_robot(void **state)
{
    (void)state;
    all_mesh a;
    all_build(&a);
    const int tris = a.m.index_count / 3;
    bvh *b = bvh_create(&(bvh_desc){.pos = (const float (*)[3])a.m.pos, .idx = a.m.idx, .tri_count = tris});
    assert_non_null(b);
    mat4 pal[RIG_BONE_COUNT];
    walk_pose(1.3f, pal);
    float (*posed)[3] = malloc((size_t)a.m.vertex_count * sizeof *posed);
    float moved = 0;
    for (int v = 0; v < a.m.vertex_count; v++) {
        rig_skin_point((const mat4 *)pal, a.s.bone[v], a.s.weight[v], a.m.pos[v], posed[v]);
        moved = fmaxf(moved, glm_vec3_distance(posed[v], a.m.pos[v]));
    }
    assert_true(moved > 0.3f); /* really a different pose: the robot walked and swings its limbs */
    bvh_refit(b, (const float (*)[3])posed, a.m.idx);
    bvh *fresh = bvh_create(&(bvh_desc){.pos = (const float (*)[3])posed, .idx = a.m.idx, .tri_count = tris});
    rng r = {.state = 7};
    int hits = 0;
    for (int i = 0; i < 3000; i++) {
        float o[3] = {(rng_float(&r) * 2 - 1) * 3, rng_float(&r) * 2.5f, (rng_float(&r) * 2 - 1) * 3};
        float t[3] = {moved * 0 + (rng_float(&r) * 2 - 1) * 0.6f, rng_float(&r) * 2.2f, (rng_float(&r) * 2 - 1) * 0.6f};
        float d[3] = {t[0] - o[0], t[1] - o[1], t[2] - o[2]};
        bvh_hit h1, h2, h3;
        bool a1 = bvh_raycast(b, o, d, 0, 10, &h1), a2 = bvh_raycast_brute(b, o, d, 0, 10, &h2);
        bool a3 = bvh_raycast(fresh, o, d, 0, 10, &h3);
        assert_int_equal(a1, a2);
        assert_int_equal(a1, a3);
        if (!a1) continue;
        hits++;
        assert_int_equal(h1.tri, h2.tri);
        assert_float_equal(h1.t, h2.t, 1e-6);
        assert_float_equal(h1.t, h3.t, 1e-5);
    }
    assert_true(hits > 300);
    print_message("posed robot: %d vertices, %d triangles refitted\n", a.m.vertex_count, tris);
    bvh_destroy(b);
    bvh_destroy(fresh);
    free(posed);
    mesh_data_free(&a.m);
    rig_skin_free(&a.s);
}

static void rays_meet_the_drawn_pose_and_go_through_its_holes(void **state)
{
    (void)state;
    blast_state *bs = blast_create(rb, NULL);
    rig_pose p;
    rig_pose_bind(&p);
    glm_quatv(p.rot[RIG_UPPER_ARM_L], 1.2f, (vec3){0, 0, 1}); /* the left arm raised sideways */
    mat4 pal[RIG_BONE_COUNT];
    rig_palette(&p, GLM_MAT4_IDENTITY, pal);
    /* at rest the forearm hangs at x = 0.38: a ray there hits it */
    blast_ray_hit h;
    const float down_arm[3] = {0.38f, 1.0f, 2.0f}, fwd[3] = {0, 0, -1};
    assert_true(blast_raycast(bs, down_arm, fwd, 10, &h));
    assert_int_equal(h.plate, ROBOT_PLATE_LOWER_ARM_L);
    blast_set_pose(bs, (const mat4 *)pal);
    /* posed, the same ray meets nothing there, and the raised forearm is hit where it is drawn */
    assert_false(blast_raycast(bs, down_arm, fwd, 10, &h) && h.plate == ROBOT_PLATE_LOWER_ARM_L);
    const robot_plate *arm = &rb->plates[ROBOT_PLATE_LOWER_ARM_L];
    float c[3];
    glm_mat4_mul(pal[RIG_LOWER_ARM_L], (vec4 *)arm->rest, pal[0]);
    glm_mat4_mulv3(pal[0], (float *)arm->center, 1.0f, c);
    rig_palette(&p, GLM_MAT4_IDENTITY, pal);
    const float at[3] = {c[0], c[1], 2.0f};
    assert_true(blast_raycast(bs, at, fwd, 10, &h));
    assert_int_equal(h.plate, ROBOT_PLATE_LOWER_ARM_L);
    assert_int_equal(h.holes_passed, 0);
    assert_true(h.bone == RIG_LOWER_ARM_L);
    float first_t = h.t;
    /* a hole there (stored in bind space): the next ray goes through the front wall */
    blast_add(bs, h.pos_bind, 0.04f);
    assert_true(blast_raycast(bs, at, fwd, 10, &h));
    assert_true(h.holes_passed >= 1);
    assert_true(h.t > first_t + 0.01f);
    /* a world point near the drawn arm maps back to the bind space the hole was stored in */
    float w[3] = {c[0], c[1], c[2]}, bind[3], want[3];
    blast_world_to_bind(bs, w, bind);
    glm_mat4_mulv3((vec4 *)arm->rest, (float *)arm->center, 1.0f, want);
    assert_true(glm_vec3_distance(bind, want) < 0.01f);
    blast_destroy(bs);
}

/* The robot is culled with the box of its drawn pose: it holds every skinned vertex, follows a
 * raised arm out of the rest box, grows with the dissolve's push, and a frustum that sees only
 * the raised arm keeps the robot while the rest box would have culled it. */
static void culling_bounds_follow_the_pose(void **state)
{
    (void)state;
    blast_state *bs = blast_create(rb, NULL);
    vec3 rlo, rhi, lo, hi;
    blast_posed_bounds(bs, rlo, rhi); /* the bind pose */
    rig_pose p;
    rig_pose_bind(&p);
    glm_quatv(p.rot[RIG_UPPER_ARM_L], 1.2f, (vec3){0, 0, 1}); /* the left arm raised sideways */
    mat4 pal[RIG_BONE_COUNT];
    rig_palette(&p, GLM_MAT4_IDENTITY, pal);
    blast_set_pose(bs, (const mat4 *)pal);
    blast_posed_bounds(bs, lo, hi);
    int n;
    const float (*v)[3] = blast_posed_positions(bs, &n);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 3; k++) assert_true(v[i][k] >= lo[k] && v[i][k] <= hi[k]);
    assert_true(hi[0] > rhi[0] + 0.2f); /* the hand is out of the rest box */
    /* an orthographic view of only the space beside the rest box (x beyond its side) */
    mat4 proj, view, vp;
    glm_ortho(rhi[0] + 0.05f, rhi[0] + 2.0f, -1.0f, 3.0f, 0.1f, 20.0f, proj);
    glm_lookat((vec3){0, 0, 5}, (vec3){0, 0, 0}, (vec3){0, 1, 0}, view);
    glm_mat4_mul(proj, view, vp);
    vec4 planes[6];
    glm_frustum_planes(vp, planes);
    dissolve_params d = {.mode = DISSOLVE_MODE_NONE, .amount = 0.5f, .band = 0.1f, .edge_width = 0.02f};
    assert_true(range_play_robot_in_view(bs, &d, planes));
    vec3 rest_box[2] = {{rlo[0], rlo[1], rlo[2]}, {rhi[0], rhi[1], rhi[2]}};
    assert_false(glm_aabb_frustum(rest_box, planes)); /* culled with the rest box, it would vanish */
    /* back in the bind pose nothing reaches up there ... unless the dissolve's push does */
    rig_pose_bind(&p);
    rig_palette(&p, GLM_MAT4_IDENTITY, pal);
    blast_set_pose(bs, (const mat4 *)pal);
    assert_false(range_play_robot_in_view(bs, &d, planes));
    d.mode = DISSOLVE_MODE_PUSH;
    d.push_distance = 0.3f;
    assert_true(range_play_robot_in_view(bs, &d, planes));
    blast_destroy(bs);
}

/* The largest distance any plate vertex moves from the bind pose. */
static float max_offset(const rig_pose *p)
{
    mat4 pal[RIG_BONE_COUNT];
    rig_palette(p, GLM_MAT4_IDENTITY, pal);
    float worst = 0;
    for (int q = 0; q < rb->plate_count; q++) {
        const robot_plate *pl = &rb->plates[q];
        for (int v = 0; v < pl->mesh.vertex_count; v++) {
            float bind[3], out[3];
            glm_mat4_mulv3((vec4 *)pl->rest, pl->mesh.pos[v], 1.0f, bind);
            rig_skin_point((const mat4 *)pal, pl->skin.bone[v], pl->skin.weight[v], bind, out);
            worst = fmaxf(worst, glm_vec3_distance(bind, out));
        }
    }
    return worst;
}

static void idle_is_small_walk_only_on_command_stop_freezes(void **state)
{
    (void)state;
    robot_anim a;
    robot_anim_init(&a);
    assert_string_equal(robot_anim_state(&a), "idle");
    float worst = 0, moved = 0;
    for (int i = 0; i < 600; i++) {
        robot_anim_update(&a, 1.0f / 60.0f);
        float m = max_offset(&a.pose);
        worst = fmaxf(worst, m);
        moved = fmaxf(moved, m);
    }
    /* it breathes (something moves) but stays where shots aimed at rest still land */
    assert_true(moved > 0.002f);
    print_message("idle: armor moves %.4f m at most\n", worst);
    assert_true(worst < 0.015f);
    assert_float_equal(a.pos[0], 0, 0);
    assert_float_equal(a.pos[2], 0, 0);
    robot_anim_set_mode(&a, ROBOT_ANIM_WALK);
    float prev_x = 0;
    for (int i = 0; i < 240; i++) {
        robot_anim_update(&a, 1.0f / 60.0f);
        /* crossfade and pace: the robot never jumps */
        assert_true(fabsf(a.pos[0] - prev_x) <= ROBOT_ANIM_SPEED / 60.0f + 1e-5f);
        prev_x = a.pos[0];
    }
    assert_string_equal(robot_anim_state(&a), "walk");
    assert_true(a.pos[0] > 0.5f); /* turned towards +x and walked */
    assert_true(fabsf(a.pos[2]) < 1e-6f);
    for (int i = 0; i < 600; i++) {
        robot_anim_update(&a, 1.0f / 60.0f);
        assert_true(fabsf(a.pos[0]) <= ROBOT_ANIM_PATROL + 0.02f); /* patrols within its track */
    }
    robot_anim_set_mode(&a, ROBOT_ANIM_STOP);
    rig_pose frozen = a.pose;
    for (int i = 0; i < 60; i++) robot_anim_update(&a, 1.0f / 60.0f);
    robot_anim_flinch(&a, RIG_CHEST, (float[3]){0, 0, -1});
    robot_anim_update(&a, 1.0f / 60.0f);
    assert_memory_equal(&frozen, &a.pose, sizeof frozen);
    assert_string_equal(robot_anim_state(&a), "stop");
}

static void flinch_and_stagger_play_and_end(void **state)
{
    (void)state;
    robot_anim a, b;
    robot_anim_init(&a);
    robot_anim_update(&a, 1.0f / 60.0f);
    b = a;
    robot_anim_flinch(&a, RIG_LOWER_ARM_L, (float[3]){0, 0, -1});
    assert_string_equal(robot_anim_state(&a), "flinch");
    float biggest = 0;
    for (int i = 0; i < 20; i++) {
        robot_anim_update(&a, 1.0f / 60.0f);
        robot_anim_update(&b, 1.0f / 60.0f);
        mat4 wa[RIG_BONE_COUNT], wb[RIG_BONE_COUNT];
        rig_pose_world(&a.pose, GLM_MAT4_IDENTITY, wa);
        rig_pose_world(&b.pose, GLM_MAT4_IDENTITY, wb);
        /* the struck forearm's hand swings back along the shot, the other arm does not move */
        biggest = fmaxf(biggest, wb[RIG_HAND_L][3][2] - wa[RIG_HAND_L][3][2]);
        assert_float_equal(wa[RIG_HAND_R][3][2], wb[RIG_HAND_R][3][2], 1e-5);
    }
    assert_true(biggest > 0.02f);
    for (int i = 0; i < 30; i++) robot_anim_update(&a, 1.0f / 60.0f);
    assert_string_equal(robot_anim_state(&a), "idle");
    robot_anim_stagger(&a, (float[3]){0, 0, -1});
    assert_string_equal(robot_anim_state(&a), "stagger");
    float back = 0;
    for (int i = 0; i < 60; i++) {
        robot_anim_update(&a, 1.0f / 60.0f);
        back = fminf(back, a.pose.offset[RIG_PELVIS][2]);
    }
    assert_true(back < -0.05f); /* pushed back along the shot */
    assert_string_equal(robot_anim_state(&a), "idle");
    /* determinism: the same calls give the same pose, bit for bit */
    robot_anim c, d;
    robot_anim_init(&c);
    robot_anim_init(&d);
    robot_anim *both[2] = {&c, &d};
    for (int k = 0; k < 2; k++) {
        robot_anim_set_mode(both[k], ROBOT_ANIM_WALK);
        for (int i = 0; i < 100; i++) {
            if (i == 40) robot_anim_flinch(both[k], RIG_HEAD, (float[3]){0.3f, 0, -0.95f});
            robot_anim_update(both[k], 1.0f / 60.0f);
        }
    }
    assert_memory_equal(&c.pose, &d.pose, sizeof c.pose);
}

static void a_blown_plate_leaves_with_its_bone_velocity(void **state)
{
    (void)state;
    static range_play rp; /* mat4 inside: static storage is aligned */
    blast_state *bs = blast_create(rb, NULL);
    range_play_init(&rp, rb, 1);
    robot_anim_set_mode(&rp.anim, ROBOT_ANIM_WALK);
    for (int i = 0; i < 150; i++) range_play_update(&rp, 1.0f / 60.0f);
    float c[3];
    range_play_blow_off(&rp, ROBOT_PLATE_CHEST, (float[3]){0, 0, -1}, c);
    /* walking towards +x at its pace: the chest plate carries that velocity off the body */
    assert_true(rp.fly[ROBOT_PLATE_CHEST].bone_vel[0] > 0.6f * ROBOT_ANIM_SPEED);
    assert_true(rp.fly[ROBOT_PLATE_CHEST].bone_vel[0] < 1.6f * ROBOT_ANIM_SPEED);
    /* it starts where the posed chest was: the palette's plate matrix */
    float want[3];
    glm_mat4_mulv3(rp.models[ROBOT_PLATE_CHEST], rb->plates[ROBOT_PLATE_CHEST].center, 1.0f, want);
    assert_true(glm_vec3_distance(c, want) < 1e-5f);
    assert_true(c[0] > 0.4f);
    blast_destroy(bs);
}

static void shots_leave_the_muzzle_towards_the_crosshair_point_with_a_tracer(void **state)
{
    (void)state;
    const float muzzle[3] = {0.2f, 1.3f, 3.0f}, aim[3] = {0, 1.4f, 0}, cam[3] = {0, 0, -1};
    float d[3], want[3];
    glm_vec3_sub((float *)aim, (float *)muzzle, want);
    glm_vec3_normalize(want);
    range_play_aim(muzzle, aim, cam, cam, d);
    for (int k = 0; k < 3; k++) assert_float_equal(d[k], want[k], 1e-6);
    /* a pellet's spread around the camera's aim carries over to the muzzle's */
    const float pellet[3] = {0.03f, 0, -1};
    range_play_aim(muzzle, aim, cam, pellet, d);
    assert_true(d[0] > want[0] + 0.02f);
    static range_play rp;
    range_play_init(&rp, rb, 2);
    float sp[256][4];
    assert_int_equal(range_play_tracer_sprites(&rp, sp, 256), 0);
    range_play_tracer(&rp, muzzle, aim);
    float last_head = 1e9f;
    for (int step = 0; step < 10; step++) {
        int n = range_play_tracer_sprites(&rp, sp, 256);
        if (step * (1.0f / 60.0f) >= RANGE_PLAY_TRACER_LIFE) {
            assert_int_equal(n, 0); /* gone after its life */
            break;
        }
        assert_true(n > 0);
        /* the head (first sprite, brightest) runs from the muzzle to the end */
        float head = glm_vec3_distance(sp[0], (float *)aim);
        assert_true(head < last_head);
        assert_float_equal(sp[0][3], 1.0f, 1e-6);
        for (int i = 0; i < n; i++) assert_true(sp[i][3] > 0.0f && sp[i][3] <= 1.0f);
        last_head = head;
        range_play_update(&rp, 1.0f / 60.0f);
    }
    assert_true(last_head < 0.5f);
}

static void heat_without_penetration_for_body_hits_and_far_pellets(void **state)
{
    (void)state;
    static range_play rp;
    range_play_init(&rp, rb, 3);
    range_play_hit h = {.plate = ROBOT_PLATE_CHEST, .t = 3.0f, .pos_bind = {0.01f, 1.4f, 0.18f}};
    assert_true(range_play_holes(&rp, &h, WEAPON_SHOTGUN));
    assert_true(rp.has_hole);
    assert_float_equal(rp.last_hole[1], 1.4f, 0);
    h.t = WEAPON_HEAT_RANGE + 0.5f; /* a far pellet only heats */
    assert_false(range_play_holes(&rp, &h, WEAPON_SHOTGUN));
    assert_true(range_play_holes(&rp, &h, WEAPON_MARKSMAN)); /* a rifle goes through */
    h.plate = -1;                   /* the inner body: heat on the plates around */
    assert_false(range_play_holes(&rp, &h, WEAPON_MARKSMAN));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(weights_sum_to_one_with_at_most_four_bones),
        cmocka_unit_test(bind_pose_reproduces_the_rest_mesh),
        cmocka_unit_test(refitted_bvh_matches_brute_force_and_a_fresh_build_on_a_posed_robot),
        cmocka_unit_test(rays_meet_the_drawn_pose_and_go_through_its_holes),
        cmocka_unit_test(idle_is_small_walk_only_on_command_stop_freezes),
        cmocka_unit_test(flinch_and_stagger_play_and_end),
        cmocka_unit_test(a_blown_plate_leaves_with_its_bone_velocity),
        cmocka_unit_test(shots_leave_the_muzzle_towards_the_crosshair_point_with_a_tracer),
        cmocka_unit_test(heat_without_penetration_for_body_hits_and_far_pellets),
        cmocka_unit_test(culling_bounds_follow_the_pose),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
