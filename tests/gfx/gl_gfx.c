/* gfx helpers on a real driver: render targets, ping-pong pairs, shader errors with file:line,
 * fullscreen passes, the magenta fallback of a failed program, the checker of a missing texture,
 * HUD text, PNG dumps. Every check reads real pixels back. */
#include "testgl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <stb_image.h>

#include "base/log.h"
#include "gfx/dump.h"
#include "gfx/hud.h"
#include "gfx/mesh_gl.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/target.h"
#include "gfx/texture.h"
#include "gfx/timer.h"

static const char *vs_full =
    "#version 330 core\n"
    "out vec2 v_uv;\n"
    "void main() { vec2 p = vec2((gl_VertexID << 1) & 2, gl_VertexID & 2); v_uv = p; gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0); }\n";

static void target_round_trip(void **state)
{
    (void)state;
    gfx_target t;
    assert_true(gfx_target_create(&t, &(gfx_target_desc){.width = 16, .height = 8, .color = {GL_RGBA8},
                                                         .depth = GL_DEPTH_COMPONENT24, .label = "t"}));
    gfx_target_bind(&t);
    glClearColor(0.2f, 0.4f, 0.6f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    unsigned char px[16 * 8 * 4];
    gfx_target_read_rgba8(&t, px);
    for (int i = 0; i < 16 * 8; i++) {
        assert_int_equal(px[i * 4 + 0], 51);
        assert_int_equal(px[i * 4 + 1], 102);
        assert_int_equal(px[i * 4 + 2], 153);
    }
    /* the same texture, sampled as a texture, through gfx_dump_texture and back from the PNG */
    char path[64];
    snprintf(path, sizeof path, "/tmp/imprint_gl_gfx_%d.png", (int)getpid());
    assert_true(gfx_dump_texture(t.color[0], path));
    int w, h, n;
    unsigned char *png = stbi_load(path, &w, &h, &n, 4);
    assert_non_null(png);
    assert_int_equal(w, 16);
    assert_int_equal(h, 8);
    assert_int_equal(png[0], 51);
    assert_int_equal(png[(16 * 8 - 1) * 4 + 2], 153);
    stbi_image_free(png);
    remove(path);
    gfx_target_destroy(&t);
    gfx_target_destroy(&t); /* twice is harmless */
    testgl_assert_no_error();
}

static void pingpong_accumulates(void **state)
{
    (void)state;
    /* each pass reads the previous result and adds 0.25: three passes -> 0.75 */
    GLuint prog = gfx_program_from_source("add.vert", vs_full, "add.frag",
                                          "#version 330 core\n"
                                          "uniform sampler2D u_prev; in vec2 v_uv; out vec4 o;\n"
                                          "void main() { o = texture(u_prev, v_uv) + vec4(0.25); }\n",
                                          NULL);
    assert_true(prog != 0);
    gfx_pingpong pp;
    assert_true(gfx_pingpong_create(&pp, &(gfx_target_desc){.width = 4, .height = 4, .color = {GL_RGBA16F}}));
    for (int i = 0; i < 3; i++) {
        gfx_target *dst = gfx_pingpong_write(&pp);
        gfx_target_bind(dst);
        glUseProgram(prog);
        glActiveTexture(GL_TEXTURE0);
        glBindTexture(GL_TEXTURE_2D, gfx_pingpong_read(&pp));
        gfx_fullscreen_draw();
        gfx_pingpong_swap(&pp);
    }
    float v[4] = {0};
    glBindTexture(GL_TEXTURE_2D, gfx_pingpong_read(&pp));
    float all[16 * 4];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, all);
    memcpy(v, all + 5 * 4, sizeof v);
    assert_float_equal(v[0], 0.75f, 1e-3);
    assert_float_equal(v[3], 0.75f, 1e-3);
    /* the other target holds the previous step */
    glBindTexture(GL_TEXTURE_2D, pp.t[pp.cur ^ 1].color[0]);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, all);
    assert_float_equal(all[0], 0.5f, 1e-3);
    gfx_pingpong_destroy(&pp);
    glDeleteProgram(prog);
    testgl_assert_no_error();
}

static void fullscreen_pass_covers_viewport(void **state)
{
    (void)state;
    GLuint prog = gfx_program_load("post_grade.vert", "post_grade.frag", NULL); /* gfx_fullscreen.vert's triangle */
    assert_true(prog != 0);
    /* input: HDR texture whose left half is 0 and right half is 4.0 */
    float src[8 * 2 * 4];
    for (int i = 0; i < 16; i++)
        for (int k = 0; k < 4; k++) src[i * 4 + k] = (i % 8) < 4 ? 0.0f : 4.0f;
    GLuint tex = gfx_texture_create(&(gfx_texture_desc){.width = 8, .height = 2, .internal_format = GL_RGBA16F,
                                                        .format = GL_RGBA, .type = GL_FLOAT, .data = src,
                                                        .flags = GFX_TEX_NEAREST});
    gfx_target t;
    assert_true(gfx_target_create(&t, &(gfx_target_desc){.width = 8, .height = 2, .color = {GL_RGBA8}}));
    gfx_target_bind(&t);
    glUseProgram(prog);
    glUniform1f(gfx_uniform(prog, "u_exposure"), 1.0f);
    glUniform1i(gfx_uniform(prog, "u_hdr"), 0);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, tex);
    gfx_fullscreen_draw();
    unsigned char px[8 * 2 * 4];
    gfx_target_read_rgba8(&t, px);
    for (int y = 0; y < 2; y++)
        for (int x = 0; x < 8; x++) {
            const unsigned char *p = px + (y * 8 + x) * 4;
            if (x < 4) assert_int_equal(p[0], 0);
            else assert_in_range(p[0], 240, 255); /* 4.0 through the filmic curve, sRGB-encoded */
            assert_int_equal(p[3], 255);
        }
    gfx_target_destroy(&t);
    gfx_texture_destroy(tex);
    glDeleteProgram(prog);
    testgl_assert_no_error();
}

static void shader_error_names_file_and_line(void **state)
{
    (void)state;
    char dir[] = "/tmp/imprint_shaders_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[512];
    snprintf(path, sizeof path, "%s/shaders", dir);
    assert_int_equal(mkdir(path, 0700), 0);
    snprintf(path, sizeof path, "%s/shaders/broken.frag", dir);
    FILE *f = fopen(path, "w");
    fputs("#version 330 core\n#include \"helper.glsl\"\nout vec4 o;\nvoid main() { o = helper(); }\n", f);
    fclose(f);
    snprintf(path, sizeof path, "%s/shaders/helper.glsl", dir);
    f = fopen(path, "w");
    /* line 3 of the included file is wrong */
    fputs("// helper\nvec4 helper()\n{ return vec4(undefined_thing); }\n", f);
    fclose(f);
    snprintf(path, sizeof path, "%s/shaders/ok.vert", dir);
    f = fopen(path, "w");
    fputs("#version 330 core\nvoid main() { gl_Position = vec4(0.0); }\n", f);
    fclose(f);
    setenv("IMPRINT_DATA_DIR", dir, 1);
    int errors = log_error_count();
    GLuint prog = gfx_program_load("ok.vert", "broken.frag", NULL);
    assert_true(log_error_count() > errors);
    const char *e = gfx_shader_last_error();
    fprintf(stderr, "reported: %s\n", e);
    assert_non_null(strstr(e, "helper.glsl:3:"));
    assert_non_null(strstr(e, "undefined_thing"));
    /* not 0 but the magenta fallback; ok.vert has no inputs, so the fallback covers the viewport */
    assert_true(gfx_program_is_fallback(prog));
    gfx_target t;
    assert_true(gfx_target_create(&t, &(gfx_target_desc){.width = 4, .height = 4, .color = {GL_RGBA8}}));
    gfx_target_begin(&t, &(gfx_clear){.color = true, .rgba = {0, 0, 0, 1}});
    gfx_state_set(GFX_STATE_FULLSCREEN);
    glUseProgram(prog);
    gfx_fullscreen_draw();
    glUseProgram(0);
    gfx_target_end();
    unsigned char px[4 * 4 * 4];
    gfx_target_read_rgba8(&t, px);
    for (int i = 0; i < 16; i++) {
        assert_int_equal(px[i * 4 + 0], 255);
        assert_int_equal(px[i * 4 + 1], 0);
        assert_int_equal(px[i * 4 + 2], 255);
    }
    gfx_target_destroy(&t);
    glDeleteProgram(prog);
    /* a missing file is an error too: a fallback, not an empty program */
    errors = log_error_count();
    prog = gfx_program_load("ok.vert", "does_not_exist.frag", NULL);
    assert_true(log_error_count() > errors);
    assert_true(gfx_program_is_fallback(prog));
    glDeleteProgram(prog);
    unsetenv("IMPRINT_DATA_DIR");
    snprintf(path, sizeof path, "rm -rf %s", dir);
    assert_int_equal(system(path), 0);
    testgl_assert_no_error();
}

/* The fallback of a mesh program: a_pos through the caller's u_model and the Frame block's
 * u_viewproj, in magenta; uniforms only the real program had are silently absent. */
static void fallback_draws_the_mesh_in_magenta(void **state)
{
    (void)state;
    const char *vs = "#version 330 core\n"
                     "layout(std140) uniform Frame { mat4 u_view; mat4 u_proj; mat4 u_viewproj; };\n"
                     "in vec3 a_pos;\nuniform mat4 u_model;\n"
                     "void main() { gl_Position = u_viewproj * u_model * vec4(a_pos, 1.0); }\n";
    int errors = log_error_count();
    GLuint prog = gfx_program_from_source("mesh.vert", vs, "bad.frag", "#version 330 core\nout vec4 o;\nvoid main() { o = oops; }\n", NULL);
    assert_true(log_error_count() > errors);
    assert_non_null(strstr(gfx_shader_last_error(), "bad.frag:3:"));
    assert_true(gfx_program_is_fallback(prog));
    assert_int_equal(gfx_uniform(prog, "u_tint"), -1);
    /* a quad covering the left half in object space, moved right by u_model: the right half */
    GLuint ubo;
    float frame[5 * 16] = {0}; /* as large as the fallback's Frame block */
    for (int m = 0; m < 5; m++)
        for (int i = 0; i < 4; i++) frame[m * 16 + i * 5] = 1.0f;
    glGenBuffers(1, &ubo);
    glBindBuffer(GL_UNIFORM_BUFFER, ubo);
    glBufferData(GL_UNIFORM_BUFFER, sizeof frame, frame, GL_STATIC_DRAW);
    glBindBufferBase(GL_UNIFORM_BUFFER, GFX_UBO_FRAME, ubo);
    const float quad[] = {-1, -1, 0, 0, -1, 0, 0, 1, 0, -1, -1, 0, 0, 1, 0, -1, 1, 0};
    GLuint vao, vbo;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glGenBuffers(1, &vbo);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glBufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STATIC_DRAW);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, NULL);
    gfx_target t;
    assert_true(gfx_target_create(&t, &(gfx_target_desc){.width = 8, .height = 4, .color = {GL_RGBA8}}));
    gfx_target_begin(&t, &(gfx_clear){.color = true, .rgba = {0, 0, 0, 1}});
    gfx_state_set(GFX_STATE_FULLSCREEN);
    glUseProgram(prog);
    const float model[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 1};
    glUniformMatrix4fv(gfx_uniform(prog, "u_model"), 1, GL_FALSE, model);
    glUniform4f(gfx_uniform(prog, "u_tint"), 1, 1, 1, 1); /* location -1: a no-op, no GL error */
    glDrawArrays(GL_TRIANGLES, 0, 6);
    glUseProgram(0);
    gfx_target_end();
    unsigned char px[8 * 4 * 4];
    gfx_target_read_rgba8(&t, px);
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 8; x++) {
            const unsigned char *p = px + (y * 8 + x) * 4;
            assert_int_equal(p[0], x >= 4 ? 255 : 0);
            assert_int_equal(p[1], 0);
            assert_int_equal(p[2], x >= 4 ? 255 : 0);
        }
    gfx_target_destroy(&t);
    glBindVertexArray(0);
    glDeleteVertexArrays(1, &vao);
    glDeleteBuffers(1, &vbo);
    glBindBufferBase(GL_UNIFORM_BUFFER, GFX_UBO_FRAME, 0);
    glDeleteBuffers(1, &ubo);
    glDeleteProgram(prog);
    /* a program that loads is never taken for the fallback */
    GLuint good = gfx_program_from_source("mesh.vert", vs, "good.frag", "#version 330 core\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n", NULL);
    assert_false(gfx_program_is_fallback(good));
    assert_false(gfx_program_is_fallback(0));
    glDeleteProgram(good);
    testgl_assert_no_error();
}

static void missing_texture_is_a_checker(void **state)
{
    (void)state;
    int errors = log_error_count();
    GLuint tex = gfx_texture_load("assets/no_such_texture.png", GFX_TEX_MIPMAPS);
    assert_true(tex != 0);
    assert_true(log_error_count() > errors);
    GLint w = 0, h = 0;
    glBindTexture(GL_TEXTURE_2D, tex);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &w);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT, &h);
    assert_int_equal(w, 64);
    assert_int_equal(h, 64);
    static unsigned char px[64 * 64 * 4];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
    glBindTexture(GL_TEXTURE_2D, 0);
    int magenta = 0, black = 0;
    for (int i = 0; i < 64 * 64; i++) {
        const unsigned char *p = px + i * 4;
        assert_int_equal(p[1], 0);
        assert_int_equal(p[0], p[2]);
        if (p[0] == 255) magenta++;
        else if (p[0] == 0) black++;
    }
    assert_int_equal(magenta, 64 * 32);
    assert_int_equal(black, 64 * 32);
    assert_int_equal(px[0], 0);          /* cell (0, 0) black, */
    assert_int_equal(px[8 * 4], 255);    /* its right neighbour magenta */
    gfx_texture_destroy(tex);
    testgl_assert_no_error();
}

static void hud_text_writes_pixels(void **state)
{
    (void)state;
    assert_true(gfx_hud_init());
    gfx_target t;
    assert_true(gfx_target_create(&t, &(gfx_target_desc){.width = 96, .height = 32, .color = {GL_RGBA8}}));
    gfx_target_bind(&t);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    gfx_hud_begin(96, 32);
    float w = gfx_hud_text(2, 2, 1.0f, (float[4]){1, 1, 1, 1}, "Hi 42");
    gfx_hud_end();
    assert_true(w > 10);
    unsigned char px[96 * 32 * 4];
    gfx_target_read_rgba8(&t, px);
    int lit_top = 0, lit_bottom = 0;
    for (int y = 0; y < 32; y++)
        for (int x = 0; x < 96; x++)
            if (px[(y * 96 + x) * 4] > 128) {
                if (y >= 16) lit_top++; /* rows are bottom-up */
                else lit_bottom++;
            }
    assert_true(lit_top > 30);    /* text at the top of the screen */
    assert_int_equal(lit_bottom, 0);
    gfx_target_destroy(&t);
    gfx_hud_shutdown();
    testgl_assert_no_error();
}

static void timers_measure_passes(void **state)
{
    (void)state;
    gfx_timers_init();
    gfx_target t;
    assert_true(gfx_target_create(&t, &(gfx_target_desc){.width = 64, .height = 64, .color = {GL_RGBA8}}));
    for (int frame = 0; frame < 8; frame++) {
        gfx_pass_begin("test.clear");
        gfx_target_bind(&t);
        glClear(GL_COLOR_BUFFER_BIT);
        gfx_pass_end();
        gfx_timers_frame_end();
    }
    gfx_timers_flush();
    const gfx_pass_stats *p = gfx_timers_find("test.clear");
    assert_non_null(p);
    assert_int_equal(p->total, 8);
    assert_true(p->gpu_ms >= 0.0f && p->gpu_ms < 1000.0f);
    assert_true(p->cpu_ms >= 0.0f);
    gfx_target_destroy(&t);
    gfx_timers_shutdown();
    testgl_assert_no_error();
}

/* A pass timed in two intervals of each frame (before and after another pass) gives one sample
 * per frame, holding the sum of both. */
static void timers_add_intervals_of_one_frame(void **state)
{
    (void)state;
    gfx_timers_init();
    gfx_target t;
    assert_true(gfx_target_create(&t, &(gfx_target_desc){.width = 64, .height = 64, .color = {GL_RGBA8}}));
    for (int frame = 0; frame < 8; frame++) {
        for (int half = 0; half < 2; half++) {
            gfx_pass_begin("test.split");
            gfx_target_bind(&t);
            glClear(GL_COLOR_BUFFER_BIT);
            double t0 = gfx_now();
            while (gfx_now() - t0 < 0.002) { /* 2 ms of CPU time in each interval */ }
            gfx_pass_end();
            gfx_pass_begin("test.between");
            glClear(GL_COLOR_BUFFER_BIT);
            gfx_pass_end();
        }
        gfx_timers_frame_end();
    }
    gfx_timers_flush();
    const gfx_pass_stats *p = gfx_timers_find("test.split");
    assert_non_null(p);
    assert_int_equal(p->total, 8);
    assert_int_equal(p->count, 8);
    for (int i = 0; i < p->count; i++) assert_true(p->cpu_hist[i] >= 4.0f); /* both intervals */
    assert_int_equal(gfx_timers_find("test.between")->total, 8);
    gfx_target_destroy(&t);
    gfx_timers_shutdown();
    testgl_assert_no_error();
}

int main(void)
{
    log_set_quiet(true);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(target_round_trip),
        cmocka_unit_test(pingpong_accumulates),
        cmocka_unit_test(fullscreen_pass_covers_viewport),
        cmocka_unit_test(shader_error_names_file_and_line),
        cmocka_unit_test(fallback_draws_the_mesh_in_magenta),
        cmocka_unit_test(missing_texture_is_a_checker),
        cmocka_unit_test(hud_text_writes_pixels),
        cmocka_unit_test(timers_measure_passes),
        cmocka_unit_test(timers_add_intervals_of_one_frame),
    };
    return cmocka_run_group_tests(tests, testgl_setup, testgl_teardown);
}
