/* The damage map's benches (gfx/bench.h): the real passes into scratch targets, so the live maps
 * are bit-identical before and after, and the cost at rest (no pass at all). */
#include "damage/damage_internal.h"

#include <stdlib.h>

#include "gfx/bench.h"
#include "gfx/timer.h"

typedef struct damage__bench_unwrap {
    damage_map *dm;
    const damage__entry *e;
    const int *per;   /* entries of each sphere, in order */
    int n, ne;
    bool separate;
} damage__bench_unwrap;

static void bench_unwrap_pass(void *user, gfx_pingpong *scratch, int rep)
{
    (void)rep;
    (void)rep;
    const damage__bench_unwrap *b = user;
    const gfx_target *t[1] = {&scratch->t[0]};
    if (b->separate)
        for (int i = 0, at = 0; i < b->n; at += b->per[i++]) damage__unwrap_whole(b->dm, b->e + at, b->per[i], NULL, t, 1);
    else
        damage__unwrap(b->dm, b->e, b->ne, NULL, t, 1);
}

damage_bench_ms damage_bench_unwrap(damage_map *dm, const damage_pose *pose, const float (*spheres)[4], int n, bool separate,
                                    int reps)
{
    damage__entry *e = malloc((size_t)(n > 0 ? n : 1) * (size_t)dm->mesh_count * sizeof *e);
    int *per = malloc((size_t)(n > 0 ? n : 1) * sizeof *per);
    damage_bench_ms ms = {0};
    if (e && per) {
        int ne = 0;
        for (int i = 0; i < n; i++) ne += per[i] = damage__entries(dm, pose, spheres[i], spheres[i][3], e + ne);
        damage__bench_unwrap b = {dm, e, per, n, ne, separate};
        ms = gfx_bench_run(&(gfx_bench_desc){.target = {.width = dm->size, .height = dm->size, .color = {GL_RGBA8},
                                                        .label = "damage.bench"},
                                             .reps = reps, .pass = bench_unwrap_pass, .user = &b});
    }
    free(e);
    free(per);
    return ms;
}

static void bench_fade_pass(void *user, gfx_pingpong *scratch, int rep)
{
    (void)rep;
    damage__fade_step(user, scratch);
}

damage_bench_ms damage_bench_fade(damage_map *dm, int reps)
{
    /* the scratch pair starts as a copy of the live fading map: same work, nothing live changes */
    const gfx_target *live = &dm->fading.t[dm->fading.cur];
    return gfx_bench_run(&(gfx_bench_desc){.target = {.width = dm->size, .height = dm->size, .color = {GL_RGBA8},
                                                      .label = "damage.bench_fade"},
                                           .seed = live, .reps = reps, .pass = bench_fade_pass, .user = dm});
}

static void damage__bench_entry(json_writer *w, const char *name, damage_bench_ms ms)
{
    json_object_begin(w, name);
    json_number(w, "gpu_ms", ms.gpu);
    json_number(w, "wall_ms", ms.wall);
    json_object_end(w);
}

static int bench_ms_cmp(const void *a, const void *b)
{
    double x = ((const damage_bench_ms *)a)->wall, y = ((const damage_bench_ms *)b)->wall;
    return x < y ? -1 : x > y;
}

/* The median batch of DAMAGE_BENCH_BATCHES, after one untimed batch: the first draw of a program
 * into a target pays the driver's one-time work (llvmpipe compiles the shader variant then), which
 * is no cost of a pass. */
enum { DAMAGE_BENCH_BATCHES = 5 };
static damage_bench_ms bench_unwrap_median(damage_map *dm, const damage_pose *pose, const float (*sp)[4], int n, bool separate,
                                           int reps)
{
    damage_bench_ms ms[DAMAGE_BENCH_BATCHES];
    damage_bench_unwrap(dm, pose, sp, n, separate, 1);
    for (int i = 0; i < DAMAGE_BENCH_BATCHES; i++) ms[i] = damage_bench_unwrap(dm, pose, sp, n, separate, reps);
    qsort(ms, DAMAGE_BENCH_BATCHES, sizeof *ms, bench_ms_cmp);
    return ms[DAMAGE_BENCH_BATCHES / 2];
}

void damage_bench_write(damage_map *dm, const damage_pose *pose, const bool *enabled, const float (*sp)[4], int n,
                        json_writer *w)
{
    const int reps = 20;
    json_int(w, "bench_spheres", n);
    damage_bench_ms u1 = bench_unwrap_median(dm, pose, sp, 1, false, reps);
    damage_bench_ms un = bench_unwrap_median(dm, pose, sp, n, false, reps);
    damage_bench_ms us = bench_unwrap_median(dm, pose, sp, n, true, 4);
    damage__bench_entry(w, "unwrap_1_sphere", u1);
    damage__bench_entry(w, "unwrap_15_one_pass", un);
    damage__bench_entry(w, "unwrap_15_separate_passes", us);
    /* the contract's keys: wall ms to glFinish */
    json_object_begin(w, "damage");
    json_number(w, "unwrap_1_ms", u1.wall);
    json_number(w, "unwrap_15_ms", un.wall);
    json_number(w, "unwrap_15_separate_ms", us.wall);
    json_object_end(w);
    damage__bench_entry(w, "fade_pass", damage_bench_fade(dm, reps));
    /* at rest: what prepare costs when nothing is due (no pass at all) */
    damage_map_stats before = damage_map_get_stats(dm);
    glFinish();
    double t0 = gfx_now();
    GLuint q = gfx_elapsed_begin();
    for (int i = 0; i < 600 && before.fade_steps_left == 0; i++) {
        damage_map_update(dm, 1.0f / 60.0f);
        damage_map_prepare(dm, enabled);
    }
    double gpu_ms = gfx_elapsed_end_ms(q);
    damage_map_stats after = damage_map_get_stats(dm);
    json_bool(w, "at_rest", before.fade_steps_left == 0);
    json_int(w, "fade_passes_at_rest_10s", after.fade_passes - before.fade_passes);
    json_number(w, "fade_at_rest_gpu_ms_per_frame", gpu_ms / 600.0);
    json_number(w, "fade_at_rest_cpu_ms_per_frame", (gfx_now() - t0) * 1000.0 / 600.0);
    json_int(w, "fade_steps_to_zero", damage_fade_steps_to_zero(0.86f));
}
