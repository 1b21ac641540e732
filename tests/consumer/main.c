/* main.c — a program of someone else's that uses imprint (tests/consumer/): a headless GL context
 * from gfx, a billboard renderer from bb drawing five sparks into a framebuffer of its own, and a
 * check on the pixels read back: five separate bright blobs where the sparks are, dark elsewhere.
 * It also links imprint::damage (one call, so its objects and what they need are linked). Exit 0
 * when the check holds, 1 when it does not (or no context). run.sh builds it when examples/ has
 * no billboards.c and damage_map.c yet. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bb/bb.h"
#include "damage/damage.h"
#include "gfx/headless.h"
#include "gfx/shader.h"
#include "gfx/state.h"

enum { W = 128, H = 128 };

static int fail(const char *what)
{
    fprintf(stderr, "consumer: FAIL: %s\n", what);
    return 1;
}

int main(void)
{
    gfx_headless *ctx = gfx_headless_create();
    if (!ctx) return fail("no headless GL context");
    char path[4096];
    printf("consumer: GL context (%s), shaders from %s\n", gfx_headless_platform(ctx),
           gfx_data_path("shaders/bb_particle.frag", path, sizeof path) ? path : "(not found)");

    GLuint color, depth, fbo;
    glGenTextures(1, &color);
    glBindTexture(GL_TEXTURE_2D, color);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glGenRenderbuffers(1, &depth);
    glBindRenderbuffer(GL_RENDERBUFFER, depth);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, W, H);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, color, 0);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) return fail("framebuffer incomplete");
    glViewport(0, 0, W, H);

    bb_renderer *bb = bb_renderer_create(&(bb_desc){.capacity = 64});
    if (!bb) return fail("bb_renderer_create");
    particles *pool = particles_create(&(particles_desc){.capacity = 64});
    particle s = particle_init(BB_ATLAS_SPARK, BB_BLEND_ADDITIVE);
    s.size = 0.8f;
    const float at[5][3] = {{-2.5f, -2.0f, 0}, {2.0f, -1.5f, 0}, {0, 0, 0}, {-1.5f, 2.2f, 0}, {2.4f, 2.0f, 0}};
    for (int i = 0; i < 5; i++) {
        memcpy(s.pos, at[i], sizeof s.pos);
        particles_add(pool, &s);
    }
    mat4 view, proj;
    glm_lookat((vec3){0, 0, 10}, (vec3){0, 0, 0}, (vec3){0, 1, 0}, view);
    glm_perspective(glm_rad(45.0f), 1.0f, 0.1f, 100.0f, proj);

    glClearColor(0, 0, 0, 1);
    gfx_state_clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    const int built = bb_renderer_build(bb, pool, view, proj);
    bb_renderer_draw(bb, &(bb_draw_params){.width = W, .height = H});
    unsigned char *px = malloc((size_t)W * H * 4);
    glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
    const GLenum err = glGetError();

    /* each spark's centre is bright, the image's corners and the middle between sparks dark */
    int bright = 0, lit = 0;
    for (int i = 0; i < 5; i++) {
        vec4 clip;
        mat4 vp;
        glm_mat4_mul(proj, view, vp);
        glm_mat4_mulv(vp, (vec4){at[i][0], at[i][1], at[i][2], 1.0f}, clip);
        const int x = (int)((clip[0] / clip[3] * 0.5f + 0.5f) * W), y = (int)((clip[1] / clip[3] * 0.5f + 0.5f) * H);
        const unsigned char *q = px + ((size_t)y * W + (size_t)x) * 4;
        if (q[0] + q[1] + q[2] > 3 * 40) bright++;
    }
    for (int i = 0; i < W * H; i++) lit += px[i * 4] + px[i * 4 + 1] + px[i * 4 + 2] > 3 * 40;
    const int corner_lit = px[0] + px[1] + px[2] > 3 * 40;
    printf("consumer: %d billboards built, %d of 5 spark centres bright, %d of %d pixels lit\n", built, bright, lit, W * H);

    damage_map_destroy(NULL); /* links imprint::damage's map (and what it needs) into the program */
    free(px);
    particles_destroy(pool);
    bb_renderer_destroy(bb);
    glDeleteFramebuffers(1, &fbo);
    glDeleteRenderbuffers(1, &depth);
    glDeleteTextures(1, &color);
    gfx_headless_destroy(ctx);

    if (err != GL_NO_ERROR) return fail("a GL error");
    if (built != 5) return fail("not 5 billboards built");
    if (bright != 5) return fail("a spark's centre is not bright");
    if (lit > W * H / 4 || corner_lit) return fail("bright where no spark is");
    printf("consumer: ok\n");
    return 0;
}
