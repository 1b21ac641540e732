/* The living robot on a real driver: a blast at a limb's world point in pose A is stored in bind
 * space and unwrapped into the map; drawn (skinned on the GPU) in pose B, the hole is on the limb
 * where it moved, and nothing changed at the old world point. Queued at the world point instead
 * (no bind space), the same blast writes no texel at all. The scorch (A) is the blasts' alone,
 * and shaders/gfx_skin.glsl equals the CPU's rig_skin_point. The body dissolves with its skinning:
 * the dissolve module's lit and caster programs draw the raised arm where the pose puts it, and
 * burn it away there. */
#include "testgl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "damage/core/blast.h"
#include "damage/core/rig.h"
#include "damage/damage.h"
#include "damage/robot_damage.h"
#include "dissolve/dissolve.h"
#include "gfx/renderer.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/target.h"
#include "gfx/timer.h"

enum { W = 320, H = 240 };

typedef struct fixture {
    renderer *r;
    gfx_target out;
    robot *rb;
    blast_state *bs;
    damage_map *dm;
    robot_damage rd; /* the robot as the map's surface; rd.blast_pose: spheres in bind space */
    mat4 rest[ROBOT_PLATE_COUNT];
    mat4 view, proj;
    vec3 eye;
    unsigned char *px;
} fixture;

static int setup(void **state)
{
    int rc = testgl_setup(state);
    if (rc) return rc;
    gfx_timers_init();
    log_set_quiet(true);
    fixture *f = calloc(1, sizeof *f);
    f->r = renderer_create(&(renderer_desc){.width = W, .height = H, .shadow_size = 256});
    f->rb = robot_create(NULL);
    f->bs = f->rb ? blast_create(f->rb, NULL) : NULL;
    f->dm = f->bs ? robot_damage_create(&f->rd, f->rb, NULL) : NULL;
    if (!f->r || !f->bs || !f->dm) return -1;
    if (!gfx_target_create(&f->out, &(gfx_target_desc){.width = W, .height = H, .color = {GL_RGBA8},
                                                        .depth = GL_DEPTH_COMPONENT24, .label = "test.robot"}))
        return -1;
    renderer_shadow_begin(f->r);
    renderer_shadow_end(f->r);
    glActiveTexture(GL_TEXTURE0 + GFX_UNIT_SHADOW);
    glBindTexture(GL_TEXTURE_2D, renderer_shadow_map(f->r));
    glActiveTexture(GL_TEXTURE0);
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++) glm_mat4_copy(f->rb->plates[p].rest, f->rest[p]);
    glm_vec3_copy((vec3){0.6f, 1.2f, 2.4f}, f->eye);
    glm_lookat(f->eye, (vec3){0.6f, 1.2f, 0}, (vec3){0, 1, 0}, f->view);
    glm_perspective(glm_rad(60.0f), (float)W / (float)H, 0.1f, 50.0f, f->proj);
    f->px = malloc((size_t)W * H * 4);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    if (f) {
        damage_map_destroy(f->dm);
        blast_destroy(f->bs);
        robot_destroy(f->rb);
        gfx_target_destroy(&f->out);
        renderer_destroy(f->r);
        free(f->px);
        free(f);
    }
    return testgl_teardown(state);
}

/* Pose A: the left arm raised sideways, the forearm out to the right of the body. B: at rest. */
static void palette_a(mat4 pal[RIG_BONE_COUNT])
{
    rig_pose p;
    rig_pose_bind(&p);
    glm_quatv(p.rot[RIG_UPPER_ARM_L], 1.2f, (vec3){0, 0, 1});
    rig_palette(&p, GLM_MAT4_IDENTITY, pal);
}

static void palette_b(mat4 pal[RIG_BONE_COUNT])
{
    rig_pose p;
    rig_pose_bind(&p);
    rig_palette(&p, GLM_MAT4_IDENTITY, pal);
}

static void draw_armor(fixture *f, const mat4 *pal)
{
    bool on[ROBOT_PLATE_COUNT];
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++) on[p] = true;
    renderer_begin_frame(f->r, f->view, f->proj, f->eye, 0.0f);
    gfx_target_bind(&f->out);
    gfx_state_set(GFX_STATE_OPAQUE);
    glClearColor(0, 1, 0, 1);
    gfx_state_clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    /* every plate skinned: its rest transform into bind space, then the bones */
    damage_draw(f->dm, &(damage_draw_desc){.pose = {.models = (const mat4 *)f->rest, .bones = pal, .skinned = on}}, DAMAGE_PASS_MAIN);
    gfx_target_read_rgba8(&f->out, f->px);
    testgl_assert_no_error();
}

static bool project(const fixture *f, const float w[3], int *x, int *y)
{
    mat4 vp;
    vec4 c;
    glm_mat4_mul((vec4 *)f->proj, (vec4 *)f->view, vp);
    glm_mat4_mulv(vp, (vec4){w[0], w[1], w[2], 1.0f}, c);
    if (c[3] <= 0) return false;
    *x = (int)lroundf((c[0] / c[3] * 0.5f + 0.5f) * W);
    *y = (int)lroundf((c[1] / c[3] * 0.5f + 0.5f) * H); /* rows bottom-up, as GL reads them */
    return *x >= 3 && *y >= 3 && *x < W - 3 && *y < H - 3;
}

/* Summed |difference| of a 5 x 5 window around (x, y) between two pictures. */
static int window_diff(const unsigned char *a, const unsigned char *b, int x, int y)
{
    int d = 0;
    for (int dy = -2; dy <= 2; dy++)
        for (int dx = -2; dx <= 2; dx++)
            for (int k = 0; k < 3; k++) {
                size_t i = 4 * ((size_t)(y + dy) * W + (size_t)(x + dx)) + (size_t)k;
                d += abs((int)a[i] - (int)b[i]);
            }
    return d;
}

static void hole_made_in_pose_a_travels_with_the_limb_to_pose_b(void **state)
{
    fixture *f = *state;
    mat4 pal_a[RIG_BONE_COUNT], pal_b[RIG_BONE_COUNT];
    palette_a(pal_a);
    palette_b(pal_b);

    /* pose A: shoot the front of the raised forearm plate */
    blast_set_pose(f->bs, (const mat4 *)pal_a);
    const robot_plate *arm = &f->rb->plates[ROBOT_PLATE_LOWER_ARM_L];
    float c_bind[3], c_a[3];
    glm_mat4_mulv3((vec4 *)arm->rest, (float *)arm->center, 1.0f, c_bind);
    glm_mat4_mulv3(pal_a[RIG_LOWER_ARM_L], c_bind, 1.0f, c_a);
    assert_true(c_a[0] > 0.7f); /* the forearm really is out to the side in pose A */
    blast_ray_hit h;
    assert_true(blast_raycast(f->bs, (float[3]){c_a[0], c_a[1], 3.0f}, (float[3]){0, 0, -1}, 10, &h));
    assert_int_equal(h.plate, ROBOT_PLATE_LOWER_ARM_L);
    /* the stored point is the hit's own point on the bind triangle: skinned with pose A, it is
     * the world point the ray met */
    float back[3];
    glm_mat4_mulv3(pal_a[RIG_LOWER_ARM_L], h.pos_bind, 1.0f, back);
    assert_true(glm_vec3_distance(back, h.pos) < 1e-3f);

    draw_armor(f, (const mat4 *)pal_b);
    unsigned char *ref = malloc((size_t)W * H * 4);
    memcpy(ref, f->px, (size_t)W * H * 4);

    damage_blast(f->dm, h.pos_bind, 0.05f, &f->rd.blast_pose);
    damage_map_prepare(f->dm, NULL);
    const int n = damage_map_size(f->dm);
    unsigned char *map = malloc((size_t)n * n * 4);
    glBindTexture(GL_TEXTURE_2D, damage_map_raw_texture(f->dm));
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, map);
    int written = 0;
    for (int i = 0; i < n * n; i++) written += map[4 * i] > 0;
    assert_true(written > 500); /* texels of both faces of the forearm plate */

    /* pose B: the hole is where the limb took it, nothing moved at the old world point */
    draw_armor(f, (const mat4 *)pal_b);
    float hit_b[3];
    glm_mat4_mulv3(pal_b[RIG_LOWER_ARM_L], h.pos_bind, 1.0f, hit_b);
    int xb, yb, xa, ya;
    assert_true(project(f, hit_b, &xb, &yb));
    assert_true(project(f, h.pos, &xa, &ya));
    assert_true(abs(xa - xb) + abs(ya - yb) > 30);
    assert_true(window_diff(ref, f->px, xb, yb) > 5 * 5 * 30);
    assert_int_equal(window_diff(ref, f->px, xa, ya), 0);
    free(ref);
    free(map);
    damage_map_clear(f->dm);
}

/* The scorch (A) is written by blasts only: a cut (islands cut away: a full hole in R, G, B)
 * leaves A as it was, and a heat-only sphere writes A alone. */
static void scorch_is_the_heat_of_blasts_only(void **state)
{
    fixture *f = *state;
    const int n = damage_map_size(f->dm);
    unsigned char *mask = calloc((size_t)n * n, 1), *map = malloc((size_t)n * n * 4);
    for (int y = 0; y < n / 8; y++) /* the atlas' first rows: thin rims, away from the chest's faces */
        for (int x = 0; x < n; x++) mask[y * n + x] = 255;
    damage_map_set_cut(f->dm, mask);
    /* a heat-only sphere on the chest's front */
    mat4 pal[RIG_BONE_COUNT];
    palette_b(pal);
    blast_set_pose(f->bs, (const mat4 *)pal);
    blast_ray_hit h;
    assert_true(blast_raycast(f->bs, (float[3]){0.02f, 1.4f, 3}, (float[3]){0, 0, -1}, 10, &h));
    assert_int_equal(h.plate, ROBOT_PLATE_CHEST);
    /* 10 cm in front of the plate: too far for a hole (1.2 r), near enough for heat (1.6 r) */
    float c[3] = {h.pos_bind[0], h.pos_bind[1], h.pos_bind[2] + 0.1f};
    damage_scorch(f->dm, c, 0.08f, &f->rd.blast_pose);
    damage_map_prepare(f->dm, NULL);
    glBindTexture(GL_TEXTURE_2D, damage_map_raw_texture(f->dm));
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, map);
    int cut_r = 0, cut_a = 0, heated = 0, heated_rgb = 0;
    for (int i = 0; i < n * n; i++) {
        const unsigned char *p = map + 4 * i;
        if (mask[i]) { cut_r += p[0] == 255; cut_a += p[3] > 0 && p[0] == 255 && p[1] == 255 && p[3] == 255; }
        if (p[3] > 0 && !mask[i]) { heated++; heated_rgb += p[0] | p[1] | p[2]; }
    }
    assert_true(cut_r > 1000);
    assert_true(cut_a < cut_r / 4); /* the cut did not heat what it cut */
    assert_true(heated > 100);      /* the heat-only sphere wrote A ... */
    assert_int_equal(heated_rgb, 0); /* ... and nothing else */
    free(mask);
    free(map);
    damage_map_clear(f->dm);
}

/* shaders/gfx_skin.glsl on the driver equals rig_skin_point: the body mesh skinned with a walking pose
 * by transform feedback, every vertex within 1e-5 m of the CPU's. */
static void gpu_skinning_matches_the_cpu(void **state)
{
    fixture *f = *state;
    const char *const varyings[] = {"v_skinned"};
    GLuint prog = gfx_program_load_feedback("gfx_skin_feedback.vert", NULL, varyings, 1);
    assert_true(prog != 0);
    gfx_mesh gm = gfx_mesh_create(&f->rb->body, "test.body");
    assert_true(gfx_mesh_set_skin(&gm, (const uint8_t (*)[4])f->rb->body_skin.bone, (const float (*)[4])f->rb->body_skin.weight));
    rig_pose p;
    rig_pose_bind(&p);
    glm_quatv(p.rot[RIG_UPPER_ARM_L], 0.9f, (vec3){0, 0, 1});
    glm_quatv(p.rot[RIG_SHIN_R], 0.7f, (vec3){1, 0, 0});
    glm_quatv(p.rot[RIG_SPINE], 0.2f, (vec3){0, 1, 0});
    p.offset[RIG_ROOT][0] = 0.4f;
    mat4 pal[RIG_BONE_COUNT];
    rig_palette(&p, GLM_MAT4_IDENTITY, pal);
    glUseProgram(prog);
    glUniformMatrix4fv(glGetUniformLocation(prog, "u_skin"), RIG_BONE_COUNT, GL_FALSE, (const float *)pal);
    glUniform1i(glGetUniformLocation(prog, "u_skin_on"), 1);
    const int n = gm.vertex_count;
    float *gpu = malloc((size_t)n * 4 * sizeof *gpu);
    testgl_feedback_run(gm.vao, n, 4, gpu);
    float worst = 0, moved = 0;
    for (int v = 0; v < n; v++) {
        float cpu[3];
        rig_skin_point((const mat4 *)pal, f->rb->body_skin.bone[v], f->rb->body_skin.weight[v], f->rb->body.pos[v], cpu);
        worst = fmaxf(worst, glm_vec3_distance(cpu, gpu + 4 * v));
        moved = fmaxf(moved, glm_vec3_distance(cpu, f->rb->body.pos[v]));
    }
    assert_true(moved > 0.3f);
    assert_true(worst < 1e-5f);
    free(gpu);
    gfx_mesh_destroy(&gm);
    glDeleteProgram(prog);
    testgl_assert_no_error();
}

/* Pixels of the body drawn right of column x0 and in all, in the main pass (colour, the camera)
 * or the shadow pass (depth written, the sun's view), by the dissolve module's skinned programs;
 * mask (W * H, or NULL) gets 1 where drawn. */
static void draw_body(fixture *f, const dissolve *dv, const gfx_mesh *body, const mat4 *pal, float amount,
                      dissolve_pass pass, int x0, int *right, int *all, unsigned char *mask)
{
    dissolve_params d = dissolve_params_defaults();
    d.amount = amount;
    renderer_begin_frame(f->r, f->view, f->proj, f->eye, 0.0f);
    gfx_target_bind(&f->out);
    gfx_state_set(GFX_STATE_OPAQUE);
    glClearColor(0, 1, 0, 1);
    gfx_state_clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    dissolve_draw_mesh_skinned(dv, body, pal, RIG_BONE_COUNT, (vec3){0.5f, 0.5f, 0.5f}, NULL, &d, pass);
    static float depth[W * H];
    gfx_target_read_rgba8(&f->out, f->px);
    gfx_target_bind(&f->out);
    glReadPixels(0, 0, W, H, GL_DEPTH_COMPONENT, GL_FLOAT, depth);
    testgl_assert_no_error();
    *right = *all = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            const unsigned char *p = f->px + (y * W + x) * 4;
            bool drawn = pass == DISSOLVE_PASS_SHADOW ? depth[y * W + x] < 1.0f : !(p[0] == 0 && p[1] == 255 && p[2] == 0);
            *all += drawn;
            *right += drawn && x > x0;
            if (mask) mask[y * W + x] = drawn;
        }
}

static void the_skinned_body_dissolves_where_it_is_drawn(void **state)
{
    fixture *f = *state;
    dissolve *dv = dissolve_create(&(dissolve_desc){0});
    assert_non_null(dv);
    gfx_mesh body = gfx_mesh_create(&f->rb->body, "test.body");
    assert_true(gfx_mesh_set_skin(&body, (const uint8_t (*)[4])f->rb->body_skin.bone, (const float (*)[4])f->rb->body_skin.weight));
    mat4 a[RIG_BONE_COUNT], b[RIG_BONE_COUNT];
    palette_a(a);
    palette_b(b);
    /* the rest silhouette's rightmost column */
    int right, all, edge = 0;
    draw_body(f, dv, &body, (const mat4 *)b, 0.0f, DISSOLVE_PASS_MAIN, W, &right, &all, NULL);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            const unsigned char *p = f->px + (y * W + x) * 4;
            if (!(p[0] == 0 && p[1] == 255 && p[2] == 0) && x > edge) edge = x;
        }
    assert_true(all > 2000 && edge < W - 20);
    /* main pass: the raised arm beyond the rest silhouette, whole, half burnt, gone */
    int whole_r, whole, half_r, half, gone_r, gone;
    draw_body(f, dv, &body, (const mat4 *)a, 0.0f, DISSOLVE_PASS_MAIN, edge, &whole_r, &whole, NULL);
    draw_body(f, dv, &body, (const mat4 *)a, 0.5f, DISSOLVE_PASS_MAIN, edge, &half_r, &half, NULL);
    draw_body(f, dv, &body, (const mat4 *)a, 1.0f, DISSOLVE_PASS_MAIN, edge, &gone_r, &gone, NULL);
    print_message("main pass, raised arm beyond the rest silhouette: whole %d px, half burnt %d, gone %d (body %d, %d, %d)\n",
                  whole_r, half_r, gone_r, whole, half, gone);
    assert_true(whole_r > 200);                           /* skinned: the arm is drawn where the pose put it */
    assert_true(half_r > 0 && half_r < whole_r * 9 / 10); /* and burns there */
    assert_true(half > whole / 10 && half < whole * 9 / 10);
    assert_int_equal(gone, 0); /* every fragment of the posed body is discarded */
    /* shadow pass, in the sun's view: the caster moves with the pose and burns with it */
    static unsigned char ma[W * H], mb[W * H], mh[W * H];
    int sa, sb, sh, r0;
    renderer_set_shadow_focus(f->r, (vec3){0, 1.2f, 0}, 1.6f);
    draw_body(f, dv, &body, (const mat4 *)a, 0.0f, DISSOLVE_PASS_SHADOW, W, &r0, &sa, ma);
    draw_body(f, dv, &body, (const mat4 *)b, 0.0f, DISSOLVE_PASS_SHADOW, W, &r0, &sb, mb);
    draw_body(f, dv, &body, (const mat4 *)a, 0.5f, DISSOLVE_PASS_SHADOW, W, &r0, &sh, mh);
    int moved = 0, burnt = 0;
    for (int k = 0; k < W * H; k++) {
        moved += ma[k] != mb[k];
        burnt += ma[k] && !mh[k];
        assert_true(!mh[k] || ma[k]); /* burning only takes away */
    }
    draw_body(f, dv, &body, (const mat4 *)a, 1.0f, DISSOLVE_PASS_SHADOW, W, &r0, &gone, NULL);
    print_message("shadow pass: pose A %d px, pose B %d, differing %d; half burnt takes %d away; gone %d\n", sa, sb, moved,
                  burnt, gone);
    assert_true(sa > 1000 && moved > 100);
    assert_true(burnt > sa / 10 && burnt < sa * 9 / 10);
    assert_int_equal(gone, 0);
    gfx_mesh_destroy(&body);
    dissolve_destroy(dv);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hole_made_in_pose_a_travels_with_the_limb_to_pose_b),
        cmocka_unit_test(scorch_is_the_heat_of_blasts_only),
        cmocka_unit_test(gpu_skinning_matches_the_cpu),
        cmocka_unit_test(the_skinned_body_dissolves_where_it_is_drawn),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
