/* The damage map on a real driver: blast a known surface point and read the maps back. Every
 * armor texel must hold exactly the R/G/B the sphere rule gives at its surface point (so the
 * hole is in R, the rings only in G and B at the right radii, far texels untouched); gutters
 * are dilated; the fading map reaches exactly 0 and its passes stop; the GLSL rough threshold
 * matches the CPU mirror the hit test uses; a burst larger than one pass is carried over, never
 * dropped. */
#include "testgl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "damage/core/blast.h"
#include "base/log.h"
#include "base/rng.h"
#include "damage/damage.h"
#include "damage/robot_damage.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/timer.h"

typedef struct fixture {
    robot *r;
    blast_state *bs;
    damage_map *dm;
    robot_damage rd; /* the robot as the map's surface; rd.blast_pose: spheres in bind space */
    mat4 models[ROBOT_PLATE_COUNT];
    /* per texel: world position of the armor surface there (w = 1 where armor) */
    float (*pos)[4];
    unsigned char *px;
} fixture;

static void on_texel(void *user, int plate, int chart, int tri, int x, int y, const float w[3])
{
    (void)chart;
    fixture *f = user;
    const robot_plate *pl = &f->r->plates[plate];
    const mesh_data *m = &pl->mesh;
    float *out = f->pos[y * f->r->atlas_size + x];
    if (out[3] != 0) return;
    vec3 lp = {0}, wp;
    for (int k = 0; k < 3; k++)
        for (int c = 0; c < 3; c++) lp[c] += w[k] * m->pos[m->idx[tri + k]][c];
    glm_mat4_mulv3(f->models[plate], lp, 1.0f, wp);
    out[0] = wp[0]; out[1] = wp[1]; out[2] = wp[2]; out[3] = 1;
}

static int setup(void **state)
{
    int rc = testgl_setup(state);
    if (rc) return rc;
    gfx_timers_init();
    log_set_quiet(true);
    fixture *f = calloc(1, sizeof *f);
    f->r = robot_create(NULL);
    f->bs = blast_create(f->r, NULL);
    f->dm = f->r ? robot_damage_create(&f->rd, f->r, NULL) : NULL;
    if (!f->dm) return -1;
    for (int p = 0; p < ROBOT_PLATE_COUNT; p++) glm_mat4_copy(f->r->plates[p].rest, f->models[p]);
    const int n = f->r->atlas_size;
    f->pos = calloc((size_t)n * n, sizeof *f->pos);
    f->px = malloc((size_t)n * n * 4);
    robot_atlas_raster(f->r, on_texel, f);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    damage_map_destroy(f->dm);
    damage_map_destroy(NULL);
    blast_destroy(f->bs);
    robot_destroy(f->r);
    free(f->pos);
    free(f->px);
    free(f);
    gfx_timers_shutdown();
    return testgl_teardown(state);
}

static int reset(void **state)
{
    fixture *f = *state;
    damage_map_clear(f->dm);
    blast_reset(f->bs);
    /* let any fade schedule run out */
    while (damage_map_get_stats(f->dm).fade_steps_left) {
        damage_map_update(f->dm, 0.1f);
        damage_map_prepare(f->dm, NULL);
    }
    damage_map_clear(f->dm);
    return 0;
}

static void read_tex(GLuint tex, unsigned char *px)
{
    /* llvmpipe may hand out a texture still being rendered to through an FBO; wait for it */
    glFinish();
    glBindTexture(GL_TEXTURE_2D, tex);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
    testgl_assert_no_error();
}

static void chest_point(fixture *f, float pos[3])
{
    blast_ray_hit h;
    assert_true(blast_raycast(f->bs, (float[3]){0.02f, 1.4f, 3}, (float[3]){0, 0, -1}, 10, &h));
    assert_int_equal(h.plate, ROBOT_PLATE_CHEST);
    memcpy(pos, h.pos, sizeof h.pos);
}

static void blast_writes_the_sphere_rule_into_every_texel(void **state)
{
    fixture *f = *state;
    const int n = f->r->atlas_size;
    float c[3];
    chest_point(f, c);
    const float r = 0.06f;
    damage_blast(f->dm, c, r, &f->rd.blast_pose);
    damage_map_stats s0 = damage_map_get_stats(f->dm);
    damage_map_prepare(f->dm, NULL);
    damage_map_stats s1 = damage_map_get_stats(f->dm);
    assert_int_equal(s1.unwrap_passes, s0.unwrap_passes + 1);
    read_tex(damage_map_raw_texture(f->dm), f->px);
    int in_r = 0, ring_g = 0, ring_b = 0, far = 0, worst = 0;
    for (int i = 0; i < n * n; i++) {
        const unsigned char *p = f->px + 4 * i;
        if (f->pos[i][3] == 0) {
            assert_int_equal(p[0] | p[1] | p[2], 0); /* the unwrap never writes a gutter */
            continue;
        }
        float d = glm_vec3_distance(f->pos[i], c);
        for (int k = 0; k < 3; k++) {
            float want = blast_value(d, r * (1.0f + 0.1f * (float)k)) * 255.0f;
            int err = abs((int)p[k] - (int)lroundf(want));
            worst = err > worst ? err : worst;
        }
        if (d < r * 0.98f) { assert_true(p[0] > 0); in_r++; }
        else if (d > r * 1.02f && d < r * 1.08f) { assert_int_equal(p[0], 0); assert_true(p[1] > 0 && p[2] > 0); ring_g++; }
        else if (d > r * 1.12f && d < r * 1.18f) { assert_int_equal(p[0] | p[1], 0); assert_true(p[2] > 0); ring_b++; }
        else if (d > r * 1.22f) { assert_int_equal(p[0] | p[1] | p[2], 0); far++; }
    }
    /* fragments sit at texel centres, interpolation is linear: at most 2 levels of rounding */
    assert_true(worst <= 2);
    /* the hole covers both faces of the plate (~2 * pi r² at ~400 texels/m) and the rings exist */
    assert_true(in_r > 1500);
    assert_true(ring_g > 100 && ring_b > 100);
    assert_true(far > 100000);
    /* the centre texel is nearly full */
    float uv_best = 1e9f;
    int best = -1;
    for (int i = 0; i < n * n; i++)
        if (f->pos[i][3] != 0 && glm_vec3_distance(f->pos[i], c) < uv_best) { uv_best = glm_vec3_distance(f->pos[i], c); best = i; }
    assert_true(f->px[4 * best] > 240);
}

/* Equal within one 8-bit level: llvmpipe's float -> unorm8 store may land one level low on a
 * value that went through a shader unchanged (1/255 * 255 = 0.99999994). */
static bool near3(const unsigned char *a, const unsigned char *b)
{
    for (int k = 0; k < 3; k++)
        if (abs((int)a[k] - (int)b[k]) > 1) return false;
    return true;
}

static void gutters_are_dilated(void **state)
{
    fixture *f = *state;
    const int n = f->r->atlas_size;
    /* a big blast that reaches chart borders (the chest's rims and edges) */
    float c[3];
    chest_point(f, c);
    damage_blast(f->dm, (float[3]){c[0] + 0.2f, c[1] + 0.2f, c[2]}, 0.12f, &f->rd.blast_pose);
    damage_map_prepare(f->dm, NULL);
    unsigned char *raw = malloc((size_t)n * n * 4);
    read_tex(damage_map_raw_texture(f->dm), raw);
    read_tex(damage_map_texture(f->dm), f->px);
    unsigned char *island = malloc((size_t)n * n * 4);
    read_tex(damage_map_island_texture(f->dm), island);
    int filled = 0, islands = 0;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int i = y * n + x, code = island[4 * i];
            bool armor = f->pos[i][3] != 0;
            if (code == 13) {
                islands++;
                assert_true(near3(f->px + 4 * i, raw + 4 * i)); /* islands copied */
                continue;
            }
            assert_false(armor); /* every armor texel is an island texel */
            if (code == 0) {
                /* no island within 2 texels */
                for (int dy = -2; dy <= 2; dy++)
                    for (int dx = -2; dx <= 2; dx++) {
                        int xx = x + dx, yy = y + dy;
                        if (xx >= 0 && yy >= 0 && xx < n && yy < n) assert_true(f->pos[yy * n + xx][3] == 0);
                    }
                assert_int_equal(f->px[4 * i] | f->px[4 * i + 1] | f->px[4 * i + 2], 0);
                continue;
            }
            int dx = (code - 1) % 5 - 2, dy = (code - 1) / 5 - 2, j = (y + dy) * n + x + dx;
            assert_true(f->pos[j][3] != 0);            /* the source is armor */
            assert_true(near3(f->px + 4 * i, raw + 4 * j)); /* and its value is copied */
            if (raw[4 * j]) filled++;
        }
    assert_true(islands > 500000);
    assert_true(filled > 50); /* gutter texels next to the hole now carry it */
    free(raw);
    free(island);
}

static bool all_zero(const unsigned char *px, int n)
{
    for (int i = 0; i < n * n; i++)
        if (px[4 * i] | px[4 * i + 1] | px[4 * i + 2]) return false;
    return true;
}

static void fading_map_reaches_zero_and_stops(void **state)
{
    fixture *f = *state;
    const int n = f->r->atlas_size;
    float c[3];
    chest_point(f, c);
    damage_blast(f->dm, c, 0.06f, &f->rd.blast_pose);
    damage_map_prepare(f->dm, NULL);
    read_tex(damage_map_fading_texture(f->dm), f->px);
    assert_false(all_zero(f->px, n));
    long long fades0 = damage_map_get_stats(f->dm).fade_passes;
    int prev_max = 256, steps = 0;
    /* 60 Hz steps for 5 s: the map must be exactly zero before the end */
    for (int frame = 0; frame < 300; frame++) {
        damage_map_update(f->dm, 1.0f / 60.0f);
        damage_map_prepare(f->dm, NULL);
        long long fades = damage_map_get_stats(f->dm).fade_passes - fades0;
        if (fades != steps) {
            steps = (int)fades;
            read_tex(damage_map_fading_texture(f->dm), f->px);
            int mx = 0;
            for (int i = 0; i < n * n; i++) mx = f->px[4 * i] > mx ? f->px[4 * i] : mx;
            assert_true(mx < prev_max || mx == 0); /* strictly falling */
            prev_max = mx;
        }
    }
    /* 10 Hz: about 10 steps per second, and no more once at rest */
    assert_int_equal(damage_map_get_stats(f->dm).fade_steps_left, 0);
    assert_int_equal(steps, damage_fade_steps_to_zero(0.86f) + 2);
    assert_true(steps <= 50);
    read_tex(damage_map_fading_texture(f->dm), f->px);
    assert_true(all_zero(f->px, n));
    long long at_rest = damage_map_get_stats(f->dm).fade_passes;
    for (int frame = 0; frame < 120; frame++) {
        damage_map_update(f->dm, 1.0f / 60.0f);
        damage_map_prepare(f->dm, NULL);
    }
    assert_int_equal(damage_map_get_stats(f->dm).fade_passes, at_rest);
    /* while the damage map keeps the hole */
    read_tex(damage_map_texture(f->dm), f->px);
    assert_false(all_zero(f->px, n));
}

static void far_blast_changes_nothing_and_64_spheres_take_one_pass(void **state)
{
    fixture *f = *state;
    const int n = f->r->atlas_size;
    damage_blast(f->dm, (float[3]){6, 1, 6}, 0.3f, &f->rd.blast_pose);
    damage_map_prepare(f->dm, NULL);
    read_tex(damage_map_texture(f->dm), f->px);
    assert_true(all_zero(f->px, n));
    read_tex(damage_map_fading_texture(f->dm), f->px);
    assert_true(all_zero(f->px, n));
    long long passes = damage_map_get_stats(f->dm).unwrap_passes;
    for (int i = 0; i < 64; i++)
        damage_blast(f->dm, (float[3]){-0.3f + 0.01f * (float)i, 1.2f + 0.005f * (float)i, 0.18f}, 0.03f, &f->rd.blast_pose);
    damage_map_prepare(f->dm, NULL);
    assert_int_equal(damage_map_get_stats(f->dm).unwrap_passes, passes + 1);
    read_tex(damage_map_texture(f->dm), f->px);
    assert_false(all_zero(f->px, n));
}

/* A burst of 150 spheres in one frame: 64 land in this frame's pass, the rest wait for the next
 * frames' passes (oldest first, one pass per frame) and none is lost. Each sphere is centred on
 * a different armor texel, far enough from the others that only its own sphere fills it. */
static void a_burst_beyond_one_pass_lands_over_the_next_frames(void **state)
{
    fixture *f = *state;
    const int n = f->r->atlas_size, count = 150, per_pass = 64;
    const float r = 0.01f;
    int at[150], found = 0;
    for (int i = 0; found < count && i < n * n; i += 97) {
        if (f->pos[i][3] == 0) continue;
        bool apart = true;
        for (int k = 0; k < found && apart; k++) apart = glm_vec3_distance(f->pos[i], f->pos[at[k]]) > 4.0f * r;
        if (apart) at[found++] = i;
    }
    assert_int_equal(found, count);
    for (int k = 0; k < count; k++) damage_blast(f->dm, f->pos[at[k]], r, &f->rd.blast_pose);
    damage_map_stats s = damage_map_get_stats(f->dm);
    assert_int_equal(s.queued, count);
    long long passes = s.unwrap_passes;
    for (int frame = 1; frame <= 4; frame++) {
        damage_map_update(f->dm, 1.0f / 60.0f);
        damage_map_prepare(f->dm, NULL);
        s = damage_map_get_stats(f->dm);
        int landed = frame * per_pass < count ? frame * per_pass : count;
        assert_int_equal(s.unwrap_passes, passes + (frame <= 3 ? frame : 3)); /* at most one pass a frame */
        assert_int_equal(s.queued, count - landed);
        read_tex(damage_map_raw_texture(f->dm), f->px);
        for (int k = 0; k < count; k++) {
            unsigned char v = f->px[4 * at[k]];
            if (k < landed) assert_true(v > 240); /* oldest first: these are in */
            else assert_int_equal(v, 0);          /* and these still wait */
        }
    }
}

/* The benches draw into scratch targets: every live map keeps its bytes (and the fading pair its
 * current half), even with a hot, still-fading map that the old fade bench would have faded. */
static void benches_leave_the_live_maps_untouched(void **state)
{
    fixture *f = *state;
    const int n = f->r->atlas_size;
    const size_t bytes = (size_t)n * n * 4;
    float c[3];
    chest_point(f, c);
    damage_blast(f->dm, c, 0.08f, &f->rd.blast_pose);
    damage_map_prepare(f->dm, NULL);
    damage_map_update(f->dm, 0.1f);
    damage_map_prepare(f->dm, NULL); /* one fade step: the fading map is mid-way */
    const GLuint live[3] = {damage_map_raw_texture(f->dm), damage_map_texture(f->dm), damage_map_fading_texture(f->dm)};
    unsigned char *before = malloc(bytes * 3), *after = malloc(bytes * 3);
    for (int i = 0; i < 3; i++) read_tex(live[i], before + bytes * (size_t)i);
    size_t lit = 0;
    for (size_t i = 0; i < bytes * 3; i++) lit += before[i] != 0;
    assert_true(lit > 100); /* the comparison below compares something */
    const damage_map_stats s0 = damage_map_get_stats(f->dm);

    const float spheres[2][4] = {{c[0], c[1], c[2], 0.05f}, {c[0] + 0.05f, c[1], c[2], 0.05f}};
    damage_bench_ms u1 = damage_bench_unwrap(f->dm, &f->rd.blast_pose, spheres, 2, false, 3);
    damage_bench_ms u2 = damage_bench_unwrap(f->dm, &f->rd.blast_pose, spheres, 2, true, 3);
    damage_bench_ms fd = damage_bench_fade(f->dm, 5);
    assert_true(u1.wall >= 0 && u2.wall >= 0 && fd.wall >= 0);

    assert_int_equal(damage_map_fading_texture(f->dm), live[2]); /* the pair was not swapped */
    for (int i = 0; i < 3; i++) read_tex(live[i], after + bytes * (size_t)i);
    for (int i = 0; i < 3; i++) assert_memory_equal(before + bytes * (size_t)i, after + bytes * (size_t)i, bytes);
    const damage_map_stats s1 = damage_map_get_stats(f->dm);
    assert_true(s1.fade_passes == s0.fade_passes && s1.unwrap_passes == s0.unwrap_passes);
    assert_int_equal(s1.fade_steps_left, s0.fade_steps_left);
    free(before);
    free(after);
}

static void glsl_rough_matches_the_cpu_mirror(void **state)
{
    (void)state;
    static const char *vs = "#version 330 core\nout vec2 v_uv;\nvoid main(){vec2 p=vec2((gl_VertexID<<1)&2,gl_VertexID&2);"
                            "v_uv=p;gl_Position=vec4(p*2.0-1.0,0.0,1.0);}\n";
    static const char *fs = "#version 330 core\n#include \"damage_common.glsl\"\nuniform vec2 u_origin;\nout vec4 o;\n"
                            "void main(){vec2 uv=u_origin+gl_FragCoord.xy/1024.0;o=vec4(damage_rough(uv),0.0,0.0,1.0);}\n";
    GLuint prog = gfx_program_from_source("rough.vert", vs, "rough.frag", fs, NULL);
    assert_true(prog != 0);
    const int n = 128;
    GLuint tex, fbo;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, n, n, 0, GL_RED, GL_FLOAT, NULL);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    glViewport(0, 0, n, n);
    gfx_state_set(GFX_STATE_FULLSCREEN);
    glUseProgram(prog);
    const float origin[2] = {0.37f, 0.61f};
    glUniform2fv(gfx_uniform(prog, "u_origin"), 1, origin);
    gfx_fullscreen_draw();
    float *out = malloc(sizeof(float) * n * n);
    glReadPixels(0, 0, n, n, GL_RED, GL_FLOAT, out);
    testgl_assert_no_error();
    double worst = 0;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            float uv[2] = {origin[0] + ((float)x + 0.5f) / 1024.0f, origin[1] + ((float)y + 0.5f) / 1024.0f};
            double e = fabs((double)blast_rough(uv) - out[y * n + x]);
            worst = e > worst ? e : worst;
        }
    assert_true(worst < 1e-3);
    free(out);
    glDeleteFramebuffers(1, &fbo);
    glDeleteTextures(1, &tex);
    glDeleteProgram(prog);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

/* The culled unwrap (bounds, UV scissors, the position map) loses nothing anywhere on the robot:
 * 48 spheres of 2-8 cm at random armor points of every plate, half of them heat-only, in one
 * pass; every texel holds the sphere rule in all four channels within 2 levels. */
static void culled_unwrap_writes_the_rule_on_every_plate(void **state)
{
    fixture *f = *state;
    const int n = f->r->atlas_size;
    enum { S = 48 };
    float sp[S][4];
    rng r = {.state = 11};
    for (int i = 0; i < S; i++) {
        int t;
        do t = (int)(rng_u32(&r) % (uint32_t)(n * n)); while (f->pos[t][3] == 0);
        float rad = 0.02f + 0.06f * rng_float(&r);
        for (int k = 0; k < 3; k++) sp[i][k] = f->pos[t][k] + (rng_float(&r) * 2 - 1) * 0.03f;
        sp[i][3] = rad;
        if (i & 1) damage_scorch(f->dm, sp[i], rad, &f->rd.blast_pose);
        else damage_blast(f->dm, sp[i], rad, &f->rd.blast_pose);
    }
    damage_map_prepare(f->dm, NULL);
    read_tex(damage_map_raw_texture(f->dm), f->px);
    int worst = 0, lit = 0;
    for (int t = 0; t < n * n; t++) {
        const unsigned char *p = f->px + 4 * t;
        if (f->pos[t][3] == 0) {
            assert_int_equal(p[0] | p[1] | p[2] | p[3], 0); /* gutters untouched */
            continue;
        }
        float want[4] = {0, 0, 0, 0};
        for (int i = 0; i < S; i++) {
            float d = glm_vec3_distance(f->pos[t], sp[i]);
            for (int k = 0; k < 3 && !(i & 1); k++) want[k] = fmaxf(want[k], blast_value(d, sp[i][3] * (1.0f + 0.1f * (float)k)));
            want[3] = fmaxf(want[3], blast_value(d, sp[i][3] * DAMAGE_SCORCH_REACH));
        }
        /* a texel whose centre lies exactly on a chart's outer edge belongs to the CPU raster
         * (edges inclusive) but not always to the GPU's (top-left rule): on such a border texel
         * the map may hold nothing, and the dilation fills it from its neighbour */
        int x = t % n, y = t / n;
        bool border = x == 0 || y == 0 || x == n - 1 || y == n - 1 || f->pos[t - 1][3] == 0 || f->pos[t + 1][3] == 0 ||
                      f->pos[t - n][3] == 0 || f->pos[t + n][3] == 0;
        if (border && (p[0] | p[1] | p[2] | p[3]) == 0) continue;
        for (int k = 0; k < 4; k++) {
            int err = abs((int)p[k] - (int)lroundf(want[k] * 255.0f));
            worst = err > worst ? err : worst;
        }
        lit += p[3] > 0;
    }
    assert_true(lit > 20000);
    assert_true(worst <= 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(blast_writes_the_sphere_rule_into_every_texel, reset),
        cmocka_unit_test_setup(gutters_are_dilated, reset),
        cmocka_unit_test_setup(fading_map_reaches_zero_and_stops, reset),
        cmocka_unit_test_setup(far_blast_changes_nothing_and_64_spheres_take_one_pass, reset),
        cmocka_unit_test_setup(a_burst_beyond_one_pass_lands_over_the_next_frames, reset),
        cmocka_unit_test_setup(benches_leave_the_live_maps_untouched, reset),
        cmocka_unit_test_setup(culled_unwrap_writes_the_rule_on_every_plate, reset),
        cmocka_unit_test(glsl_rough_matches_the_cpu_mirror),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
