/* The damage map's API for any caller (issue 49 item 2), on a real driver: a surface of its own
 * (a box whose six faces are six charts, split into two meshes), no robot. A bad description —
 * no meshes, an atlas size that is not a power of two in 64..4096, a chart id out of range, a bone
 * index past the bone count, and the other rules of damage_surface_check — logs exactly one line
 * naming the field and returns NULL; a blast at a face's centre writes the texels inside its
 * sphere and nothing else; a mesh placed by its model at the blast keeps the hole in its own space
 * when it moves on; a skinned mesh takes a world-space blast through its bones; the defaults are
 * resolved (atlas 1024, flat detail, plain paint) and a draw leaves no GL error. */
#include "testgl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "damage/damage.h"
#include "gfx/dump.h"
#include "gfx/renderer.h"
#include "gfx/state.h"
#include "gfx/timer.h"

enum { ATLAS = 256, CELL = 80, FACE = 64, PER_FACE = 4 };

/* A unit box [-0.5, 0.5]³: face f its own chart, a FACE-texel square at cell (f % 3, f / 3) of the
 * atlas (8 texels of gutter); faces 0-2 are mesh 0, faces 3-5 mesh 1 (both in box space). */
typedef struct box {
    float pos[6 * PER_FACE][3], nrm[6 * PER_FACE][3], uv[6 * PER_FACE][2];
    int chart[6 * PER_FACE];
    uint8_t bone[6 * PER_FACE][4];
    float weight[6 * PER_FACE][4];
    uint32_t idx[6 * 6];
    damage_mesh mesh[2];
} box;

static void box_build(box *b)
{
    static const int axes[3][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}}; /* normal, u, v: u x v = normal */
    memset(b, 0, sizeof *b);
    for (int f = 0; f < 6; f++) {
        const float s = f < 3 ? 0.5f : -0.5f; /* faces 0-2 at +0.5, 3-5 at -0.5 (wound the other way) */
        const int *ax = axes[f % 3];
        for (int k = 0; k < PER_FACE; k++) {
            const int v = f * PER_FACE + k, cu = k & 1, cv = k >> 1;
            b->pos[v][ax[0]] = s;
            b->pos[v][ax[1]] = cu ? 0.5f : -0.5f;
            b->pos[v][ax[2]] = cv ? 0.5f : -0.5f;
            b->nrm[v][ax[0]] = s > 0 ? 1.0f : -1.0f;
            b->uv[v][0] = (float)((f % 3) * CELL + 8 + cu * FACE) / ATLAS;
            b->uv[v][1] = (float)((f / 3) * CELL + 8 + cv * FACE) / ATLAS;
            b->chart[v] = f;
            b->weight[v][0] = 1.0f; /* every vertex on bone 1 */
            b->bone[v][0] = 1;
        }
        const uint32_t o = (uint32_t)(f * PER_FACE);
        const uint32_t q[6] = {o, o + 1, o + 3, o, o + 3, o + 2};
        for (int i = 0; i < 6; i++) b->idx[f * 6 + i] = s > 0 ? q[i] : q[i % 3 == 1 ? i + 1 : i % 3 == 2 ? i - 1 : i];
    }
    for (int m = 0; m < 2; m++)
        b->mesh[m] = (damage_mesh){.positions = (const float (*)[3])b->pos, .normals = (const float (*)[3])b->nrm,
                                   .uvs = (const float (*)[2])b->uv, .charts = b->chart, .indices = b->idx + m * 18,
                                   .vertex_count = 6 * PER_FACE, .index_count = 18};
}

static int messages;
static char last[LOG_MESSAGE_MAX];
static void count_messages(log_level level, const char *text, void *user)
{
    (void)level; (void)user;
    messages++;
    snprintf(last, sizeof last, "%s", text);
}

/* create with d must fail with one message naming field */
static void refused(const damage_map_desc *d, const char *field)
{
    messages = 0;
    last[0] = 0;
    log_set_callback(count_messages, NULL);
    damage_map *dm = damage_map_create(d);
    log_set_callback(NULL, NULL);
    if (dm || messages != 1 || !strstr(last, field))
        fprintf(stderr, "expected one line naming %s, got %d: %s\n", field, messages, last);
    assert_null(dm);
    assert_int_equal(messages, 1);
    assert_non_null(strstr(last, field));
    assert_null(strchr(last, '\n'));
    testgl_assert_no_error();
}

static void bad_descriptions_log_one_line_naming_the_field(void **state)
{
    (void)state;
    box b;
    box_build(&b);
    const damage_map_desc good = {.meshes = b.mesh, .mesh_count = 2, .atlas_size = ATLAS, .chart_count = 6};
    damage_map_desc d;
    refused(NULL, "desc");
    refused(&(damage_map_desc){0}, "desc.mesh_count");
    d = good, d.mesh_count = 0;
    refused(&d, "desc.mesh_count");
    const int sizes[] = {1000, 32, 8192, -64, 96};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) d = good, d.atlas_size = sizes[i], refused(&d, "desc.atlas_size");
    b.chart[5] = 6; /* chart_count is 6 */
    refused(&good, "desc.meshes[0].charts[5]");
    b.chart[5] = -1;
    refused(&good, "desc.meshes[0].charts[5]");
    b.chart[5] = 1;
    d = good, d.chart_count = DAMAGE_MAX_CHARTS + 1;
    refused(&d, "desc.chart_count");
    /* a skin: bone indices below bone_count */
    for (int m = 0; m < 2; m++) {
        b.mesh[m].bones = (const uint8_t (*)[4])b.bone;
        b.mesh[m].weights = (const float (*)[4])b.weight;
    }
    refused(&good, "desc.bone_count"); /* bones without a count */
    d = good, d.bone_count = 1;        /* bone 1 is past a count of 1 */
    refused(&d, "desc.meshes[0].bones[0][0]");
    d = good, d.bone_count = DAMAGE_MAX_BONES + 1;
    refused(&d, "desc.bone_count");
    b.mesh[1].weights = NULL;
    d = good, d.bone_count = 2;
    refused(&d, "desc.meshes[1].weights");
    b.mesh[0].bones = b.mesh[1].bones = NULL;
    b.mesh[0].weights = NULL;
    /* the arrays and the indices */
    b.idx[4] = 6 * PER_FACE;
    refused(&good, "desc.meshes[0].indices[4]");
    b.idx[4] = 3;
    b.mesh[1].uvs = NULL;
    refused(&good, "desc.meshes[1].uvs");
    b.mesh[1].uvs = (const float (*)[2])b.uv;
    b.mesh[1].index_count = 17;
    refused(&good, "desc.meshes[1].index_count");
    b.mesh[1].index_count = 18;
    /* and the description repaired is accepted */
    damage_map *dm = damage_map_create(&good);
    assert_non_null(dm);
    damage_map_destroy(dm);
}

/* Per texel of the atlas: which mesh's surface lies there (-1 none) and where, in mesh space. */
typedef struct texel_map {
    int mesh[ATLAS * ATLAS];
    float pos[ATLAS * ATLAS][3];
} texel_map;

static const box *current_box; /* the surface on_texel reads */

static void on_texel(void *user, int mesh, int chart, int t, int x, int y, const float w[3])
{
    (void)chart;
    texel_map *tm = user;
    const uint32_t *idx = current_box->mesh[mesh].indices;
    tm->mesh[y * ATLAS + x] = mesh;
    for (int k = 0; k < 3; k++)
        tm->pos[y * ATLAS + x][k] = w[0] * current_box->pos[idx[t]][k] + w[1] * current_box->pos[idx[t + 1]][k] +
                                    w[2] * current_box->pos[idx[t + 2]][k];
}

/* The raw map against spheres given in each mesh's space (centre[m], or none where NULL): texels
 * within 0.95 r are holes, nothing beyond the scorch's reach is written, gutters stay 0. Returns the
 * hole texels per mesh. */
static void expect_holes(damage_map *dm, box *b, const float *centre[2], float r, int holes[2])
{
    texel_map *tm = malloc(sizeof *tm);
    unsigned char *px = malloc(ATLAS * ATLAS * 4);
    for (int i = 0; i < ATLAS * ATLAS; i++) tm->mesh[i] = -1;
    current_box = b;
    damage_surface_raster(b->mesh, 2, ATLAS, on_texel, tm);
    glFinish();
    assert_true(gfx_texture_read_rgba8(damage_map_raw_texture(dm), ATLAS, ATLAS, px));
    holes[0] = holes[1] = 0;
    for (int i = 0; i < ATLAS * ATLAS; i++) {
        const unsigned char *p = px + 4 * i;
        const int m = tm->mesh[i];
        const float d = m >= 0 && centre[m] ? glm_vec3_distance(tm->pos[i], (float *)centre[m]) : 1e9f;
        if (d < 0.95f * r) assert_true(p[0] > 0);
        if (d > 1.05f * DAMAGE_SCORCH_REACH * r) assert_int_equal(p[0] | p[1] | p[2] | p[3], 0);
        if (m >= 0) holes[m] += p[0] > 0;
    }
    free(tm);
    free(px);
}

static damage_map *box_map(box *b, int bones)
{
    box_build(b);
    if (bones)
        for (int m = 0; m < 2; m++) {
            b->mesh[m].bones = (const uint8_t (*)[4])b->bone;
            b->mesh[m].weights = (const float (*)[4])b->weight;
        }
    damage_map *dm = damage_map_create(&(damage_map_desc){.meshes = b->mesh, .mesh_count = 2, .atlas_size = ATLAS,
                                                          .chart_count = 6, .bone_count = bones});
    assert_non_null(dm);
    return dm;
}

static void a_blast_makes_a_hole_where_it_hits_and_nowhere_else(void **state)
{
    (void)state;
    box b;
    damage_map *dm = box_map(&b, 0);
    const float c[3] = {0.5f, 0.1f, -0.05f}, r = 0.15f; /* on face 0 (+x), mesh 0 */
    damage_blast(dm, c, r, NULL);
    damage_map_prepare(dm, NULL);
    int holes[2];
    expect_holes(dm, &b, (const float *[2]){c, c}, r, holes);
    /* pi r² at FACE texels per metre, one face of a closed box */
    assert_true(holes[0] > 0.8f * GLM_PIf * r * r * FACE * FACE);
    assert_int_equal(holes[1], 0);
    /* a mesh left out of the pass takes no hole */
    damage_map_clear(dm);
    damage_blast(dm, c, r, NULL);
    damage_map_prepare(dm, (const bool[2]){false, true});
    expect_holes(dm, &b, (const float *[2]){NULL, c}, r, holes);
    assert_int_equal(holes[0] + holes[1], 0);
    damage_map_destroy(dm);
}

/* Mesh 1 turns like a wheel: a blast at the world point of its face while it is turned lands in
 * its own space, where that point was at the blast; mesh 0 stands still and takes its own part. */
static void the_pose_at_the_blast_carries_the_sphere_into_each_mesh(void **state)
{
    (void)state;
    box b;
    damage_map *dm = box_map(&b, 0);
    mat4 models[2];
    glm_translate_make(models[0], (vec3){0, 1, 0});
    glm_translate_make(models[1], (vec3){3, 1, 0});
    glm_rotate_z(models[1], 0.9f, models[1]);
    const float local[3] = {-0.1f, -0.5f, 0.2f}, r = 0.12f; /* on face 4 (-y) of mesh 1 */
    float world[3];
    glm_mat4_mulv3(models[1], (float *)local, 1.0f, world);
    damage_blast(dm, world, r, &(damage_pose){.models = (const mat4 *)models});
    /* it turns on before the pass: the hole is where the sphere met it */
    glm_rotate_z(models[1], 1.3f, models[1]);
    damage_map_prepare(dm, NULL);
    int holes[2];
    expect_holes(dm, &b, (const float *[2]){NULL, local}, r, holes);
    assert_int_equal(holes[0], 0);
    assert_true(holes[1] > 0.8f * GLM_PIf * r * r * FACE * FACE);
    damage_map_destroy(dm);
}

/* Skinned: every vertex on bone 1, which carries the box 2 m along x; a blast at the world point
 * lands at the bind-space point, and the bones at the draw leave no GL error. */
static void a_skinned_mesh_takes_a_world_blast_through_its_bones(void **state)
{
    (void)state;
    box b;
    damage_map *dm = box_map(&b, 2);
    mat4 bones[2];
    glm_mat4_identity(bones[0]);
    glm_translate_make(bones[1], (vec3){2, 0, 0});
    glm_rotate_y(bones[1], 0.5f, bones[1]);
    const float bind[3] = {0.2f, 0.5f, -0.1f}, r = 0.1f; /* on face 1 (+y), mesh 0 */
    float world[3];
    glm_mat4_mulv3(bones[1], (float *)bind, 1.0f, world);
    damage_blast(dm, world, r, &(damage_pose){.bones = (const mat4 *)bones});
    damage_map_prepare(dm, NULL);
    int holes[2];
    expect_holes(dm, &b, (const float *[2]){bind, bind}, r, holes);
    assert_true(holes[0] > 0.8f * GLM_PIf * r * r * FACE * FACE);
    assert_int_equal(holes[1], 0);
    /* drawn through its bones, with the defaults (flat detail, plain paint) */
    renderer *rd = renderer_create(&(renderer_desc){.width = 64, .height = 64, .shadow_size = 64});
    assert_non_null(rd);
    mat4 view, proj;
    glm_lookat((vec3){2, 2, 3}, (vec3){2, 0, 0}, (vec3){0, 1, 0}, view);
    glm_perspective(1.0f, 1.0f, 0.1f, 20.0f, proj);
    renderer_begin_frame(rd, view, proj, (vec3){2, 2, 3}, 0.0f);
    renderer_shadow_begin(rd);
    damage_draw(dm, &(damage_draw_desc){.pose = {.bones = (const mat4 *)bones}}, DAMAGE_PASS_SHADOW);
    renderer_shadow_end(rd);
    renderer_main_begin(rd);
    damage_draw(dm, &(damage_draw_desc){.pose = {.bones = (const mat4 *)bones}}, DAMAGE_PASS_MAIN);
    renderer_opaque_end(rd);
    renderer_finish(rd);
    testgl_assert_no_error();
    renderer_destroy(rd);
    damage_map_destroy(dm);
}

static void zero_fields_are_defaults(void **state)
{
    (void)state;
    box b;
    box_build(&b);
    damage_map *dm = damage_map_create(&(damage_map_desc){.meshes = b.mesh, .mesh_count = 2});
    assert_non_null(dm);
    assert_int_equal(damage_map_size(dm), DAMAGE_ATLAS_DEFAULT);
    assert_int_equal(damage_map_mesh_count(dm), 2);
    damage_map_stats st = damage_map_get_stats(dm);
    assert_int_equal(st.blasts + st.queued + st.unwrap_passes, 0);
    damage_map_destroy(dm);
    damage_map_destroy(NULL);
}

static int setup(void **state)
{
    int rc = testgl_setup(state);
    if (rc) return rc;
    gfx_timers_init();
    log_set_quiet(true);
    return 0;
}

static int teardown(void **state)
{
    gfx_timers_shutdown();
    return testgl_teardown(state);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bad_descriptions_log_one_line_naming_the_field),
        cmocka_unit_test(a_blast_makes_a_hole_where_it_hits_and_nowhere_else),
        cmocka_unit_test(the_pose_at_the_blast_carries_the_sphere_into_each_mesh),
        cmocka_unit_test(a_skinned_mesh_takes_a_world_blast_through_its_bones),
        cmocka_unit_test(zero_fields_are_defaults),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
