/* Billboards on a real GL driver: blobs land where the camera puts them, the vertex shader
 * picks the same atlas cell as the CPU mirror, the three batchers draw the same picture, soft edges
 * fade against scene depth. */
#include "testgl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bb/bb.h"
#include "bb/fx_atlases.h"
#include "bb/bb_gpu.h"
#include "bb/core/bb_anim.h"
#include "bb/core/bb_emit.h"
#include "base/log.h"
#include "base/quality.h"
#include "gfx/state.h"

enum { W = 256, H = 256 };

/* A renderer with the app's five atlases (bb/fx_atlases.h), as the scenes draw. */
static bb_renderer *shipped(bb_desc d)
{
    fx_atlases a;
    fx_atlases_load(&a);
    d.atlases = a.atlas;
    d.atlas_count = BB_ATLAS_COUNT;
    bb_renderer *r = bb_renderer_create(&d);
    fx_atlases_free(&a);
    return r;
}

typedef struct fbo {
    GLuint fbo, color, depth;
} fbo;

static fbo fbo_create(void)
{
    fbo f;
    glGenTextures(1, &f.color);
    glBindTexture(GL_TEXTURE_2D, f.color);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glGenRenderbuffers(1, &f.depth);
    glBindRenderbuffer(GL_RENDERBUFFER, f.depth);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, W, H);
    glGenFramebuffers(1, &f.fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, f.fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, f.color, 0);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, f.depth);
    assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glViewport(0, 0, W, H);
    return f;
}

static void fbo_destroy(fbo *f)
{
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &f->fbo);
    glDeleteRenderbuffers(1, &f->depth);
    glDeleteTextures(1, &f->color);
}

typedef struct cam {
    mat4 view, proj, vp;
} cam;

static void test_cam(cam *c)
{
    glm_lookat((vec3){0, 0, 10}, (vec3){0, 0, 0}, (vec3){0, 1, 0}, c->view);
    glm_perspective(glm_rad(45.0f), 1.0f, 0.1f, 100.0f, c->proj);
    glm_mat4_mul(c->proj, c->view, c->vp);
}

/* Pixel (origin bottom-left, as glReadPixels) where a world point lands. */
static void project(const cam *c, const float p[3], int *x, int *y)
{
    vec4 clip;
    glm_mat4_mulv(*(mat4 *)&c->vp, (vec4){p[0], p[1], p[2], 1.0f}, clip);
    *x = (int)((clip[0] / clip[3] * 0.5f + 0.5f) * W);
    *y = (int)((clip[1] / clip[3] * 0.5f + 0.5f) * H);
}

/* Clears, builds and draws the pool; returns a malloc'd RGBA8 read-back. */
static uint8_t *render_blend(bb_renderer *r, const particles *p, const cam *c, GLuint scene_depth, bool frame_blend)
{
    glClearColor(0, 0, 0, 1);
    glClearDepth(1.0);
    gfx_state_clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT); /* the last draw left depth writes off */
    bb_renderer_build(r, p, *(mat4 *)&c->view, *(mat4 *)&c->proj);
    bb_renderer_draw(r, &(bb_draw_params){.scene_depth = scene_depth, .width = W, .height = H, .no_frame_blend = !frame_blend});
    uint8_t *px = malloc(W * H * 4);
    glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
    testgl_assert_no_error();
    return px;
}

static uint8_t *render(bb_renderer *r, const particles *p, const cam *c, GLuint scene_depth)
{
    return render_blend(r, p, c, scene_depth, true);
}

static int luma(const uint8_t *px, int x, int y)
{
    const uint8_t *q = px + ((size_t)y * W + (size_t)x) * 4;
    return (q[0] + q[1] + q[2]) / 3;
}

/* 4-connected components of pixels brighter than `thr` (flood fill with an explicit stack). */
static int count_blobs(const uint8_t *px, int thr)
{
    uint8_t *seen = calloc(W * H, 1);
    int *stack = malloc(sizeof(int) * W * H);
    int blobs = 0;
    for (int i = 0; i < W * H; i++) {
        if (seen[i] || luma(px, i % W, i / W) <= thr) continue;
        blobs++;
        int top = 0;
        stack[top++] = i;
        seen[i] = 1;
        while (top) {
            const int j = stack[--top], x = j % W, y = j / W;
            const int nb[4][2] = {{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}};
            for (int k = 0; k < 4; k++) {
                const int nx = nb[k][0], ny = nb[k][1];
                if (nx < 0 || ny < 0 || nx >= W || ny >= H) continue;
                const int n = ny * W + nx;
                if (!seen[n] && luma(px, nx, ny) > thr) {
                    seen[n] = 1;
                    stack[top++] = n;
                }
            }
        }
    }
    free(seen);
    free(stack);
    return blobs;
}

static const float blob_pos[5][3] = {{-2.5f, -2.0f, 0}, {2.0f, -1.5f, 0}, {0, 0, 0}, {-1.5f, 2.2f, -1.0f}, {2.4f, 2.0f, 1.0f}};

static particles *blob_pool(void)
{
    particles *p = particles_create(&(particles_desc){.capacity = 64});
    particle b = particle_init(BB_ATLAS_SPARK, BB_BLEND_ADDITIVE);
    b.size = 0.8f;
    for (int i = 0; i < 5; i++) {
        memcpy(b.pos, blob_pos[i], sizeof b.pos);
        particles_add(p, &b);
    }
    /* two more outside the view: culled, never drawn */
    memcpy(b.pos, (float[3]){40.0f, 0, 0}, sizeof b.pos);
    particles_add(p, &b);
    memcpy(b.pos, (float[3]){0, 0, 20.0f}, sizeof b.pos);
    particles_add(p, &b);
    return p;
}

static void n_billboards_make_n_blobs_at_the_right_spots(void **state)
{
    (void)state;
    fbo f = fbo_create();
    cam c;
    test_cam(&c);
    particles *p = blob_pool();
    for (int batcher = 0; batcher < BB_BATCHER_COUNT; batcher++) {
        bb_renderer *r = shipped((bb_desc){.capacity = 64, .batcher = (bb_batcher)batcher});
        assert_non_null(r);
        uint8_t *px = render(r, p, &c, 0);
        const bb_frame_info info = bb_renderer_info(r);
        assert_int_equal(info.drawn, 5);
        assert_int_equal(info.culled, 2);
        assert_int_equal(info.draws, 1); /* one atlas, one blend mode: one draw */
        assert_int_equal(info.upload_bytes, 5 * bb_batcher_bytes((bb_batcher)batcher)); /* sorted: packed */
        assert_int_equal(count_blobs(px, 40), 5);
        for (int i = 0; i < 5; i++) {
            int x, y;
            project(&c, blob_pos[i], &x, &y);
            assert_true(luma(px, x, y) > 160); /* a warm spark (black-body colour): little blue */
            /* the blob is small: 0.8 m at 10 m is ~0.1 of the view; 20 px away is dark */
            assert_true(luma(px, x + 20 < W ? x + 20 : x - 20, y) < 40);
        }
        free(px);
        bb_renderer_destroy(r);
    }
    bb_renderer_destroy(NULL);
    particles_destroy(p);
    fbo_destroy(&f);
}

/* Makes the atlas array plain RGBA8 (not sRGB: texel values arrive as they are), one level,
 * sampled nearest, every layer white; then set_layer replaces single layers. */
static void plain_atlases(GLuint arr)
{
    uint8_t *white = malloc(512 * 512 * 4 * BB_ATLAS_COUNT);
    memset(white, 255, 512 * 512 * 4 * BB_ATLAS_COUNT);
    glBindTexture(GL_TEXTURE_2D_ARRAY, arr);
    glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 512, 512, BB_ATLAS_COUNT, 0, GL_RGBA, GL_UNSIGNED_BYTE, white);
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAX_LEVEL, 0);
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
    free(white);
}

static void set_layer(GLuint arr, int layer, const uint8_t *rgba)
{
    glBindTexture(GL_TEXTURE_2D_ARRAY, arr);
    glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, layer, 512, 512, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
}

/* One layer of flat colour. */
static void flat_layer(GLuint arr, int layer, const uint8_t rgba[4])
{
    uint8_t *img = malloc(512 * 512 * 4);
    for (int i = 0; i < 512 * 512; i++) memcpy(img + i * 4, rgba, 4);
    set_layer(arr, layer, img);
    free(img);
}

/* Replaces an atlas by 64 flat cells whose colour encodes the cell index. */
static void code_atlas(GLuint arr, int layer)
{
    enum { S = 64 * 8 };
    uint8_t *img = malloc(S * S * 4);
    for (int y = 0; y < S; y++)
        for (int x = 0; x < S; x++) {
            /* GL rows bottom-up: image row 0 (frames 0..7) is the top, GL row S-1 */
            const int f = ((S - 1 - y) / 64) * 8 + x / 64;
            uint8_t *q = img + ((size_t)y * S + (size_t)x) * 4;
            q[0] = (uint8_t)(f * 4);
            q[1] = (uint8_t)(255 - f * 4);
            q[2] = 128;
            q[3] = 255;
        }
    set_layer(arr, layer, img);
    free(img);
}

static void atlas_cell_read_matches_the_frame(void **state)
{
    (void)state;
    fbo f = fbo_create();
    cam c;
    test_cam(&c);
    const struct { float phase; int start; bool loop; } cases[] = {
        {0.0f, 0, false}, {1.0f, 0, false}, {9.0f, 0, false}, {17.0f, 3, false}, {62.0f, 0, false},
        {100.0f, 0, false}, /* clamped at the last cell */
        {70.0f, 0, true}, {5.0f, 60, true}, /* looped: wraps */
        {63.0f, 0, true},
    };
    for (int batcher = 0; batcher < BB_BATCHER_COUNT; batcher++) {
        bb_renderer *r = shipped((bb_desc){.capacity = 4, .batcher = (bb_batcher)batcher});
        plain_atlases(bb_renderer_atlases(r));
        code_atlas(bb_renderer_atlases(r), BB_ATLAS_SMOKE);
        particles *p = particles_create(&(particles_desc){.capacity = 4});
        particle b = particle_init(BB_ATLAS_SMOKE, BB_BLEND_ALPHA);
        b.size = 2.0f;
        for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
            b.phase = cases[k].phase;
            b.frame0 = (uint8_t)cases[k].start;
            b.flags = cases[k].loop ? BB_ANIM_LOOP : 0;
            particles_clear(p);
            particles_add(p, &b);
            uint8_t *px = render(r, p, &c, 0);
            const uint8_t *q = px + ((size_t)(H / 2) * W + W / 2) * 4;
            const int expect = bb_anim_frame_phase(cases[k].phase, cases[k].start, cases[k].loop, NULL);
            assert_int_equal((q[0] + 2) / 4, expect);
            assert_int_equal((255 - q[1] + 2) / 4, expect);
            free(px);
        }
        /* halfway between cells 10 and 11: the average of both colours */
        b.phase = 10.5f;
        b.frame0 = 0;
        b.flags = 0;
        particles_clear(p);
        particles_add(p, &b);
        uint8_t *px = render(r, p, &c, 0);
        const uint8_t *q = px + ((size_t)(H / 2) * W + W / 2) * 4;
        assert_in_range(q[0], 42 - 2, 42 + 2);
        free(px);
        particles_destroy(p);
        bb_renderer_destroy(r);
    }
    fbo_destroy(&f);
}

static void three_batchers_draw_the_same_picture(void **state)
{
    (void)state;
    fbo f = fbo_create();
    cam c;
    test_cam(&c);
    particles *p = particles_create(&(particles_desc){.capacity = 2000});
    rng rng;
    rng_seed(&rng, 9);
    for (int i = 0; i < 40; i++) {
        const float at[3] = {rng_range(&rng, -3, 3), rng_range(&rng, -3, 3), rng_range(&rng, -3, 3)};
        bb_emit_sparks(p, &rng, at, (float[3]){0, 1, 0}, 5);
        bb_emit_smoke(p, &rng, at, 0.2f, 2);
        if (i % 8 == 0) bb_emit_fireball(p, &rng, at, 0.6f);
        bb_emit_clods(p, &rng, at, (float[3]){1, 0, 0}, 3);
    }
    for (int s = 0; s < 20; s++) particles_step(p, 1.0f / 60.0f);
    assert_true(p->alive > 300);
    /* frame blending off: each vertex then shows one whole cell in every batcher */
    uint8_t *img[BB_BATCHER_COUNT];
    for (int batcher = 0; batcher < BB_BATCHER_COUNT; batcher++) {
        bb_renderer *r = shipped((bb_desc){.capacity = 2000, .batcher = (bb_batcher)batcher});
        img[batcher] = render_blend(r, p, &c, 0, false);
        assert_int_equal(bb_renderer_info(r).draws, 2); /* four atlases, two blend modes: two draws */
        bb_renderer_destroy(r);
    }
    for (int other = 1; other < BB_BATCHER_COUNT; other++) {
        long sum = 0, lit = 0, off = 0;
        for (int i = 0; i < W * H * 4; i++) {
            const int d = abs(img[0][i] - img[other][i]);
            sum += d;
            off += d > 8;
            lit += i % 4 != 3 && img[0][i] > 30;
        }
        assert_true(lit > W * H / 20);               /* there is a picture to compare */
        assert_true((double)sum / (W * H * 4) < 0.5); /* mean difference under half a level */
        assert_true(off < W * H * 4 / 1000);         /* and almost no pixel differs visibly */
    }
    for (int batcher = 0; batcher < BB_BATCHER_COUNT; batcher++) free(img[batcher]);
    particles_destroy(p);
    fbo_destroy(&f);
}

/* Orientation (radians, of the major axis) and elongation (major / minor extent) of the lit
 * pixels, from their second moments: a uniform w x h rectangle gives w / h. */
static void shape(const uint8_t *px, double *angle, double *elong, long *count)
{
    double n = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            if (luma(px, x, y) < 128) continue;
            n++;
            sx += x;
            sy += y;
            sxx += (double)x * x;
            syy += (double)y * y;
            sxy += (double)x * y;
        }
    const double mx = sx / n, my = sy / n;
    const double cxx = sxx / n - mx * mx, cyy = syy / n - my * my, cxy = sxy / n - mx * my;
    const double tr = cxx + cyy, det = cxx * cyy - cxy * cxy, disc = sqrt(tr * tr / 4 - det);
    *angle = 0.5 * atan2(2 * cxy, cxx - cyy);
    *elong = sqrt((tr / 2 + disc) / (tr / 2 - disc));
    *count = (long)n;
}

/* Difference of two axis angles (an axis has no sign), in degrees. */
static double axis_diff_deg(double a, double b)
{
    double d = fmod(fabs(a - b), GLM_PI);
    if (d > GLM_PI / 2) d = GLM_PI - d;
    return d * 180.0 / GLM_PI;
}

static void velocity_alignment_stretches_along_projected_velocity(void **state)
{
    (void)state;
    fbo f = fbo_create();
    cam c;
    test_cam(&c);
    const struct { float pos[3], vel[3]; } cases[] = {
        {{0, 0, 0}, {25, 0, 0}},        /* across the screen: horizontal */
        {{0, 0, 0}, {0, 20, 0}},        /* vertical */
        {{1.5f, -1.0f, 0}, {15, 15, 0}}, /* diagonal */
        /* mostly towards the camera, off the axis: on the screen it moves away from the centre,
         * which world x alone would not say */
        {{2.0f, 1.0f, 0}, {3, 0, 30}},
    };
    const float size = 0.5f;
    for (int batcher = 0; batcher < BB_BATCHER_COUNT; batcher++) {
        bb_renderer *r = shipped((bb_desc){.capacity = 4, .batcher = (bb_batcher)batcher});
        plain_atlases(bb_renderer_atlases(r)); /* every layer flat white */
        particles *p = particles_create(&(particles_desc){.capacity = 4});
        for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
            particle b = particle_init(BB_ATLAS_SPARK, BB_BLEND_ADDITIVE);
            memcpy(b.pos, cases[k].pos, sizeof b.pos);
            memcpy(b.vel, cases[k].vel, sizeof b.vel);
            b.size = size;
            b.rot = 0.3f; /* ignored: the velocity decides */
            b.align = BB_ALIGN_VELOCITY;
            particles_clear(p);
            particles_add(p, &b);
            uint8_t *px = render(r, p, &c, 0);
            double angle, elong;
            long lit;
            shape(px, &angle, &elong, &lit);
            free(px);
            assert_true(lit > 100);
            /* where the velocity takes the centre on the screen in a short time */
            const float dt = 0.002f;
            const float ahead[3] = {b.pos[0] + b.vel[0] * dt, b.pos[1] + b.vel[1] * dt, b.pos[2] + b.vel[2] * dt};
            float sx0, sy0, sx1, sy1;
            {
                vec4 c0, c1;
                glm_mat4_mulv(c.vp, (vec4){b.pos[0], b.pos[1], b.pos[2], 1}, c0);
                glm_mat4_mulv(c.vp, (vec4){ahead[0], ahead[1], ahead[2], 1}, c1);
                sx0 = c0[0] / c0[3] * W / 2;
                sy0 = c0[1] / c0[3] * H / 2;
                sx1 = c1[0] / c1[3] * W / 2;
                sy1 = c1[1] / c1[3] * H / 2;
            }
            const double want = atan2(sy1 - sy0, sx1 - sx0);
            assert_true(axis_diff_deg(angle, want) < 4.0);
            /* size + |projected v| * stretch long, size wide */
            vec4 cv, vv;
            glm_mat4_mulv(c.view, (vec4){b.pos[0], b.pos[1], b.pos[2], 1}, cv);
            glm_mat4_mulv(c.view, (vec4){b.vel[0], b.vel[1], b.vel[2], 0}, vv);
            const float pvx = vv[0] - cv[0] * vv[2] / cv[2], pvy = vv[1] - cv[1] * vv[2] / cv[2];
            const double ratio = (size + sqrtf(pvx * pvx + pvy * pvy) * BB_VELOCITY_STRETCH) / size;
            assert_true(ratio > 1.5);
            assert_true(fabs(elong / ratio - 1.0) < 0.12);
        }
        /* the same billboard screen-aligned, unrotated: a square */
        particle b = particle_init(BB_ATLAS_SPARK, BB_BLEND_ADDITIVE);
        b.size = size;
        b.vel[0] = 25.0f;
        particles_clear(p);
        particles_add(p, &b);
        uint8_t *px = render(r, p, &c, 0);
        double angle, elong;
        long lit;
        shape(px, &angle, &elong, &lit);
        free(px);
        assert_true(elong < 1.08);
        particles_destroy(p);
        bb_renderer_destroy(r);
    }
    fbo_destroy(&f);
}

/* Alpha billboards of two atlases overlap: whichever is nearer covers the other, in both depth
 * orders and with each batcher, from one draw. Drawn per atlas (smoke first, then fire), the
 * far fire would cover the near smoke. */
static void alpha_atlases_share_one_back_to_front_order(void **state)
{
    (void)state;
    fbo f = fbo_create();
    cam c;
    test_cam(&c);
    for (int batcher = 0; batcher < BB_BATCHER_COUNT; batcher++) {
        bb_renderer *r = shipped((bb_desc){.capacity = 8, .batcher = (bb_batcher)batcher});
        /* fire: red, smoke: green; both nearly opaque */
        plain_atlases(bb_renderer_atlases(r));
        flat_layer(bb_renderer_atlases(r), BB_ATLAS_FIRE, (const uint8_t[4]){255, 0, 0, 240});
        flat_layer(bb_renderer_atlases(r), BB_ATLAS_SMOKE, (const uint8_t[4]){0, 255, 0, 240});
        particles *p = particles_create(&(particles_desc){.capacity = 8});
        for (int near_fire = 0; near_fire < 2; near_fire++) {
            particles_clear(p);
            particle fire = particle_init(BB_ATLAS_FIRE, BB_BLEND_ALPHA), smoke = particle_init(BB_ATLAS_SMOKE, BB_BLEND_ALPHA);
            fire.size = smoke.size = 2.0f;
            fire.pos[2] = near_fire ? 1.0f : -1.0f;
            smoke.pos[2] = -fire.pos[2];
            /* pool order the opposite of depth order, so only the sort can get it right */
            if (near_fire) {
                particles_add(p, &fire);
                particles_add(p, &smoke);
            } else {
                particles_add(p, &smoke);
                particles_add(p, &fire);
            }
            uint8_t *px = render_blend(r, p, &c, 0, false);
            assert_int_equal(bb_renderer_info(r).draws, 1);
            const uint8_t *q = px + ((size_t)(H / 2) * W + W / 2) * 4;
            /* emissive fire is scaled up (gain 3) but saturates at 255 either way */
            if (near_fire) assert_true(q[0] > 200 && q[1] < 40);
            else assert_true(q[1] > 150 && q[0] < 60);
            free(px);
        }
        particles_destroy(p);
        bb_renderer_destroy(r);
    }
    fbo_destroy(&f);
}

/* The GPU simulation of each path (transform feedback; the fragment pass over state textures)
 * against its CPU reference, from the same initial state, over 60 steps with emission, drag and
 * bounces on a bumpy height function; then drawn. */
static void gpu_simulation_matches_the_cpu_reference(void **state)
{
    const bb_gpu_path path = *(const bb_gpu_path *)*state;
    enum { N = 4096, STEPS = 60 };
    const float dt = 1.0f / 60.0f;
    bb_gpu_params prm = bb_gpu_params_default();
    prm.amp = 0.25f; /* bumps, so bounces leave along tilted normals */
    prm.freq = 1.7f;
    prm.drag = 0.4f;
    prm.seed = 77u;
    bb_gpu *g = bb_gpu_create(&(bb_gpu_desc){.count = N, .params = &prm, .path = path});
    assert_non_null(g);
    assert_int_equal(bb_gpu_count(g), N);
    assert_int_equal(bb_gpu_path_used(g), path);
    bb_gpu_particle *cpu = malloc(N * sizeof *cpu), *gpu = malloc(N * sizeof *gpu);
    bb_gpu_sim_init(cpu, N, &prm);
    int emitted = 0, bounced = 0;
    for (uint32_t k = 1; k <= STEPS; k++) {
        bb_gpu_step(g, dt);
        bb_gpu_sim_step(cpu, N, &prm, dt, k);
        for (int i = 0; i < N; i++) {
            emitted += cpu[i].age == 0.0f;
            bounced += fabsf(cpu[i].pos[1] - bb_gpu_height(&prm, cpu[i].pos[0], cpu[i].pos[2])) < 1e-6f;
        }
    }
    assert_int_equal(bb_gpu_steps(g), STEPS);
    /* the run covers what it should: emission and bounces */
    assert_true(emitted > N / 4);
    assert_true(bounced > 100);
    assert_true(bb_gpu_read_state(g, gpu));
    testgl_assert_no_error();
    int close = 0;
    double worst = 0;
    for (int i = 0; i < N; i++) {
        double dp = 0, dv = 0;
        for (int k = 0; k < 3; k++) {
            dp = fmax(dp, fabs(gpu[i].pos[k] - cpu[i].pos[k]));
            dv = fmax(dv, fabs(gpu[i].vel[k] - cpu[i].vel[k]));
        }
        const bool ok = dp < 1e-3 && dv < 1e-2 && fabs(gpu[i].age - cpu[i].age) < 1e-5 && fabs(gpu[i].life - cpu[i].life) < 1e-5;
        close += ok;
        if (ok) worst = fmax(worst, dp);
        /* nothing under the ground */
        assert_true(gpu[i].pos[1] >= bb_gpu_height(&prm, gpu[i].pos[0], gpu[i].pos[2]) - 1e-4f);
    }
    /* float rounding may flip a bounce for a particle grazing the ground: allow 1 % */
    assert_true(close >= N * 99 / 100);
    assert_true(worst < 1e-3);

    /* and they are drawn: lit pixels where the fountain is */
    fbo f = fbo_create();
    bb_renderer *r = shipped((bb_desc){.capacity = 4});
    mat4 view, proj;
    glm_lookat((vec3){0, 3, 8}, (vec3){0, 2, -1.5f}, (vec3){0, 1, 0}, view);
    glm_perspective(glm_rad(50.0f), 1.0f, 0.1f, 100.0f, proj);
    glClearColor(0, 0, 0, 1);
    gfx_state_clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    bb_gpu_draw(g, view, proj, r, BB_ATLAS_SPARK, &(bb_draw_params){.width = W, .height = H});
    uint8_t *px = malloc(W * H * 4);
    glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
    testgl_assert_no_error();
    int lit = 0;
    /* most are faint embers under the additive light budget (bb_gpu.vert), a few hot sparks */
    for (int i = 0; i < W * H; i++) lit += luma(px, i % W, i / W) > 3;
    assert_true(lit > 500);
    free(px);
    bb_renderer_destroy(r);
    fbo_destroy(&f);
    free(cpu);
    free(gpu);
    bb_gpu_destroy(g);
    bb_gpu_destroy(NULL);
}

/* The two paths step the same particles to the same state (they run one shader function,
 * bb_gpu_sim.glsl), with a count that leaves the texture path's last row part-filled; auto timed
 * keeps one of them, says why, and starts it from the initial state (its first step's state is the
 * forced path's); plain auto on a CPU renderer takes feedback by rule, and says so. */
static void gpu_paths_agree_and_auto_keeps_one(void **state)
{
    (void)state;
    enum { N = 3000, STEPS = 40 }; /* 3000 = 2 rows of 1024 and 952 texels */
    const float dt = 1.0f / 60.0f;
    bb_gpu_params prm = bb_gpu_params_default();
    prm.amp = 0.25f;
    prm.seed = 9u;
    bb_gpu *fb = bb_gpu_create(&(bb_gpu_desc){.count = N, .params = &prm, .path = BB_GPU_PATH_FEEDBACK});
    bb_gpu *tx = bb_gpu_create(&(bb_gpu_desc){.count = N, .params = &prm, .path = BB_GPU_PATH_TEXTURE});
    bb_gpu *au = bb_gpu_create(&(bb_gpu_desc){.count = N, .params = &prm, .timed = true});
    bb_gpu *ru = bb_gpu_create(&(bb_gpu_desc){.count = N, .params = &prm});
    assert_non_null(ru);
    if (quality_auto((const char *)glGetString(GL_RENDERER), false) == QUALITY_LOW) {
        assert_int_equal(bb_gpu_path_used(ru), BB_GPU_PATH_FEEDBACK);
        assert_non_null(strstr(bb_gpu_path_reason(ru), "the rule on a CPU renderer"));
    } else {
        assert_non_null(strstr(bb_gpu_path_reason(ru), "timed at startup"));
    }
    bb_gpu_destroy(ru);
    assert_non_null(fb);
    assert_non_null(tx);
    assert_non_null(au);
    const bb_gpu_path chosen = bb_gpu_path_used(au);
    assert_true(chosen == BB_GPU_PATH_FEEDBACK || chosen == BB_GPU_PATH_TEXTURE);
    assert_non_null(strstr(bb_gpu_path_reason(au), "timed at startup"));
    assert_non_null(strstr(bb_gpu_path_reason(fb), "forced"));
    assert_int_equal(bb_gpu_steps(au), 0);
    bb_gpu_particle *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b), *c = malloc(N * sizeof *c);
    bb_gpu_step(au, dt);
    bb_gpu_step(chosen == BB_GPU_PATH_TEXTURE ? tx : fb, dt);
    assert_true(bb_gpu_read_state(au, a));
    assert_true(bb_gpu_read_state(chosen == BB_GPU_PATH_TEXTURE ? tx : fb, b));
    assert_memory_equal(a, b, N * sizeof *a);
    for (int k = 1; k < STEPS; k++) {
        bb_gpu_step(fb, dt);
        bb_gpu_step(tx, dt);
    }
    bb_gpu_step(chosen == BB_GPU_PATH_TEXTURE ? fb : tx, dt); /* the one not stepped above catches up */
    assert_int_equal(bb_gpu_steps(fb), STEPS);
    assert_int_equal(bb_gpu_steps(tx), STEPS);
    assert_true(bb_gpu_read_state(fb, a));
    assert_true(bb_gpu_read_state(tx, b));
    bb_gpu_sim_init(c, N, &prm);
    int same = 0, moved = 0;
    double worst = 0.0;
    for (int i = 0; i < N; i++) {
        double d = fabs(a[i].age - b[i].age) + fabs(a[i].life - b[i].life);
        for (int k = 0; k < 3; k++) d = fmax(d, fmax(fabs(a[i].pos[k] - b[i].pos[k]), fabs(a[i].vel[k] - b[i].vel[k])));
        worst = fmax(worst, d);
        same += d < 1e-5;
        moved += fabsf(a[i].pos[1] - c[i].pos[1]) > 1e-3f;
    }
    print_message("paths: auto kept %s (%s); %d of %d particles the same after %d steps, worst %.2g\n",
                  bb_gpu_path_name(chosen), bb_gpu_path_reason(au), same, N, STEPS, worst);
    assert_true(moved > N / 2);
    assert_true(same >= N * 99 / 100);
    testgl_assert_no_error();
    free(a);
    free(b);
    free(c);
    bb_gpu_destroy(fb);
    bb_gpu_destroy(tx);
    bb_gpu_destroy(au);
}

static void soft_edges_fade_near_geometry(void **state)
{
    (void)state;
    fbo f = fbo_create();
    cam c;
    test_cam(&c);
    /* scene depth: a wall at z = 0 (10 m from the camera) over the whole view */
    const float zw = 10.0f, n = 0.1f, fa = 100.0f;
    const float ndc = (fa + n) / (fa - n) - 2.0f * fa * n / ((fa - n) * zw);
    float *d = malloc(sizeof(float) * W * H);
    for (int i = 0; i < W * H; i++) d[i] = ndc * 0.5f + 0.5f;
    GLuint depth;
    glGenTextures(1, &depth);
    glBindTexture(GL_TEXTURE_2D, depth);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, W, H, 0, GL_DEPTH_COMPONENT, GL_FLOAT, d);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    free(d);
    bb_renderer *r = shipped((bb_desc){.capacity = 4});
    particles *p = particles_create(&(particles_desc){.capacity = 4});
    particle b = particle_init(BB_ATLAS_SPARK, BB_BLEND_ADDITIVE);
    b.size = 2.0f;
    b.color = particles_rgba(0.1f, 0.1f, 0.1f, 1.0f); /* stay below saturation */
    int lum[3];
    const float z[3] = {0.2f, 0.6f, 3.0f}; /* in front of the wall by 0.1, 0.3 and 1.5 sizes */
    for (int k = 0; k < 3; k++) {
        b.pos[2] = z[k];
        particles_clear(p);
        particles_add(p, &b);
        uint8_t *px = render(r, p, &c, depth);
        lum[k] = luma(px, W / 2, H / 2);
        free(px);
    }
    uint8_t *px = render(r, p, &c, 0); /* the same billboard without scene depth */
    const int hard = luma(px, W / 2, H / 2);
    free(px);
    assert_true(hard > 20);
    assert_true(lum[0] < lum[1]);                /* closer to the wall = fainter */
    assert_true(lum[0] < hard / 2);
    assert_in_range(lum[2], hard - 3, hard + 3); /* a size away: untouched */
    glDeleteTextures(1, &depth);
    particles_destroy(p);
    bb_renderer_destroy(r);
    fbo_destroy(&f);
}

int main(void)
{
    static bb_gpu_path paths[2] = {BB_GPU_PATH_FEEDBACK, BB_GPU_PATH_TEXTURE};
    log_set_quiet(true);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(n_billboards_make_n_blobs_at_the_right_spots),
        cmocka_unit_test(atlas_cell_read_matches_the_frame),
        cmocka_unit_test(three_batchers_draw_the_same_picture),
        cmocka_unit_test(velocity_alignment_stretches_along_projected_velocity),
        cmocka_unit_test(alpha_atlases_share_one_back_to_front_order),
        {"gpu_simulation_matches_the_cpu_reference (feedback)", gpu_simulation_matches_the_cpu_reference, NULL, NULL, &paths[0]},
        {"gpu_simulation_matches_the_cpu_reference (texture)", gpu_simulation_matches_the_cpu_reference, NULL, NULL, &paths[1]},
        cmocka_unit_test(gpu_paths_agree_and_auto_keeps_one),
        cmocka_unit_test(soft_edges_fade_near_geometry),
    };
    return cmocka_run_group_tests(tests, testgl_setup, testgl_teardown);
}
