/* GPU particles against a depth buffer on a real GL driver: the step of each path (transform
 * feedback, and the fragment pass over state textures) that collides with a depth texture
 * (shaders/bb_gpu_sim.glsl) against its CPU mirror
 * (bb_gpu_sim_step_depth, bb/core/bb_gpu_collide.c), on a depth picture of a plane and a sphere
 * made on the CPU: after 2 s nearly all particles agree within 1 mm, none that the camera sees
 * over the plane is below it, they did hit and bounce, and the stats' impact count is the
 * CPU's. */
#include "testgl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bb/bb_gpu.h"
#include "bb/core/bb_gpu_collide.h"
#include "base/log.h"

enum { DW = 160, DH = 120 };
#define PLANE_Y 1.0f
static const float sphere[4] = {0.0f, 1.5f, 0.0f, 0.8f};

/* Distance along the unit ray (o, d) to the plane or the sphere, whichever is nearer; -1 none.
 * *what: 1 plane, 2 sphere. */
static float hit(const float o[3], const float d[3], int *what)
{
    float best = -1.0f;
    *what = 0;
    if (d[1] < 0.0f) {
        best = (PLANE_Y - o[1]) / d[1];
        *what = 1;
    }
    const float oc[3] = {o[0] - sphere[0], o[1] - sphere[1], o[2] - sphere[2]};
    const float b = oc[0] * d[0] + oc[1] * d[1] + oc[2] * d[2];
    const float c = oc[0] * oc[0] + oc[1] * oc[1] + oc[2] * oc[2] - sphere[3] * sphere[3];
    const float disc = b * b - c;
    if (disc > 0.0f) {
        const float t = -b - sqrtf(disc);
        if (t > 0.0f && (best < 0.0f || t < best)) {
            best = t;
            *what = 2;
        }
    }
    return best;
}

static void gpu_particles_collide_with_the_depth_buffer(void **state)
{
    const bb_gpu_path path = *(const bb_gpu_path *)*state;
    enum { N = 4096, STEPS = 120 };
    const float dt = 1.0f / 60.0f;
    mat4 view, proj;
    const vec3 eye = {0.0f, 4.0f, 7.0f};
    glm_lookat((vec3){eye[0], eye[1], eye[2]}, (vec3){0.0f, 1.0f, 0.0f}, (vec3){0.0f, 1.0f, 0.0f}, view);
    glm_perspective(glm_rad(60.0f), (float)DW / (float)DH, 0.1f, 100.0f, proj);
    mat4 inv;
    glm_mat4_inv(view, inv);
    /* the depth picture, ray-traced: what each texel centre sees */
    float *depth = malloc(DW * DH * sizeof *depth);
    unsigned char *what = malloc(DW * DH);
    for (int j = 0; j < DH; j++)
        for (int i = 0; i < DW; i++) {
            const float nx = ((float)i + 0.5f) / DW * 2.0f - 1.0f, ny = ((float)j + 0.5f) / DH * 2.0f - 1.0f;
            vec4 dv = {nx / proj[0][0], ny / proj[1][1], -1.0f, 0.0f}, dw;
            glm_mat4_mulv(inv, dv, dw);
            const float l = sqrtf(dw[0] * dw[0] + dw[1] * dw[1] + dw[2] * dw[2]);
            const float d[3] = {dw[0] / l, dw[1] / l, dw[2] / l};
            int w;
            const float t = hit(eye, d, &w);
            what[j * DW + i] = (unsigned char)w;
            if (t < 0.0f || t > 90.0f) {
                depth[j * DW + i] = 1.0f;
                continue;
            }
            const float z = t / l; /* view distance: the ray's view-space z is -1 per unit of dv */
            const float ndc = (proj[2][2] * -z + proj[3][2]) / z;
            depth[j * DW + i] = ndc * 0.5f + 0.5f;
        }
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, DW, DH, 0, GL_DEPTH_COMPONENT, GL_FLOAT, depth);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glBindTexture(GL_TEXTURE_2D, 0);
    bb_gpu_depth dep = {.depth = depth, .width = DW, .height = DH, .thickness = 0.3f};
    memcpy(dep.view, view, sizeof dep.view);
    memcpy(dep.proj, proj, sizeof dep.proj);

    bb_gpu_params prm = bb_gpu_params_default();
    prm.emitter[0] = 0.9f; /* on the plane, right of the sphere and in front of it: they land on */
    prm.emitter[1] = 1.05f; /* both, where the camera sees them */
    prm.emitter[2] = 0.9f;
    prm.spread = 1.0f;
    prm.ground = -50.0f; /* the analytic ground out of the way: only the depth buffer holds them */
    prm.seed = 5u;
    bb_gpu *g = bb_gpu_create(&(bb_gpu_desc){.count = N, .params = &prm, .path = path});
    assert_non_null(g);
    assert_int_equal(bb_gpu_path_used(g), path);
    bb_gpu_set_depth(g, tex, view, proj, dep.thickness);
    bb_gpu_particle *cpu = malloc(N * sizeof *cpu), *gpu = malloc(N * sizeof *gpu);
    bb_gpu_sim_init(cpu, N, &prm);
    uint32_t impacts = 0, all_impacts = 0;
    for (uint32_t k = 1; k <= STEPS; k++) {
        bb_gpu_step(g, dt);
        impacts = bb_gpu_sim_step_depth(cpu, N, &prm, dt, k, &dep);
        all_impacts += impacts;
    }
    testgl_assert_no_error();
    assert_true(bb_gpu_read_state(g, gpu));
    int close = 0, resting = 0, below = 0;
    double worst = 0.0;
    for (int i = 0; i < N; i++) {
        double dp = 0.0;
        for (int k = 0; k < 3; k++) dp = fmax(dp, fabs(gpu[i].pos[k] - cpu[i].pos[k]));
        close += dp < 1e-3 && fabs(gpu[i].life - cpu[i].life) < 1e-5;
        worst = fmax(worst, dp);
        /* seen over the plane: not below it */
        vec4 p = {gpu[i].pos[0], gpu[i].pos[1], gpu[i].pos[2], 1.0f}, c;
        glm_mat4_mulv(view, p, c);
        const float z = -c[2];
        const float sx = proj[0][0] * c[0] / z, sy = proj[1][1] * c[1] / z;
        if (z > 0.1f && fabsf(sx) < 1.0f && fabsf(sy) < 1.0f) {
            const int ti = (int)floorf((sx * 0.5f + 0.5f) * DW), tj = (int)floorf((sy * 0.5f + 0.5f) * DH);
            if (what[tj * DW + ti] == 1) {
                below += gpu[i].pos[1] < PLANE_Y - 1e-3f;
                resting += fabsf(gpu[i].pos[1] - PLANE_Y) < 0.01f;
            }
        }
    }
    print_message("collide (%s): %d of %d within 1 mm, worst %.4f m, %u impacts over the run, %u in the last step, %d on the plane, %d below it\n",
                  bb_gpu_path_name(path), close, N, worst, all_impacts, impacts, resting, below);
    assert_int_equal(below, 0);
    assert_true(close >= N * 99 / 100);
    assert_true(worst < 1e-2);
    assert_true(all_impacts > N / 4); /* they did land */
    assert_true(resting > 10);
    /* the stats' count (read back marks) is the mirror's */
    const int counted = bb_gpu_collisions(g);
    assert_true(abs(counted - (int)impacts) <= (int)impacts / 50 + 2);
    testgl_assert_no_error();
    glDeleteTextures(1, &tex);
    free(cpu);
    free(gpu);
    free(depth);
    free(what);
    bb_gpu_destroy(g);
}

int main(void)
{
    /* both GPU paths, each held to the CPU mirror */
    static bb_gpu_path paths[2] = {BB_GPU_PATH_FEEDBACK, BB_GPU_PATH_TEXTURE};
    log_set_quiet(true);
    const struct CMUnitTest tests[] = {
        {"gpu_particles_collide_with_the_depth_buffer (feedback)", gpu_particles_collide_with_the_depth_buffer, NULL, NULL, &paths[0]},
        {"gpu_particles_collide_with_the_depth_buffer (texture)", gpu_particles_collide_with_the_depth_buffer, NULL, NULL, &paths[1]},
    };
    return cmocka_run_group_tests(tests, testgl_setup, testgl_teardown);
}
