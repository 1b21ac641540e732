/* The data directory a host sets (gfx_set_data_dir, issue 49 item 2): shaders and assets come
 * from DIR/shaders and DIR/assets, before $IMPRINT_DATA_DIR and the default search; a directory
 * without the file is an error naming DIR (a magenta program, a checker texture), never a silent
 * fall back to the shipped copy; NULL or "" restores the default search. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/log.h"
#include "gfx/mesh_gl.h"
#include "gfx/shader.h"
#include "gfx/state.h"
#include "gfx/target.h"
#include "gfx/texture.h"
#include "testgl.h"

static void write_file(const char *dir, const char *rel, const char *text)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* A data directory whose frag.frag paints `colour` and whose gfx_fullscreen.vert (a real
 * shader's name) differs from the shipped one only in a comment. */
static void make_data_dir(char *dir, const char *colour)
{
    assert_non_null(mkdtemp(dir));
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/shaders", dir);
    assert_int_equal(mkdir(path, 0700), 0);
    snprintf(path, sizeof path, "%s/assets", dir);
    assert_int_equal(mkdir(path, 0700), 0);
    write_file(dir, "shaders/gfx_fullscreen.vert",
               "#version 330 core\n// the test's copy\nvoid main() {\n"
               "    vec2 p = vec2((gl_VertexID << 1) & 2, gl_VertexID & 2);\n"
               "    gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);\n}\n");
    char frag[256];
    snprintf(frag, sizeof frag, "#version 330 core\nout vec4 o;\nvoid main() { o = vec4(%s, 1.0); }\n", colour);
    write_file(dir, "shaders/frag.frag", frag);
    write_file(dir, "assets/note.txt", "data\n");
}

static void remove_dir(const char *dir)
{
    char cmd[PATH_MAX + 16];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
}

/* The colour of the centre pixel of a fullscreen draw with prog. */
static void draw(GLuint prog, unsigned char rgba[4])
{
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
    memcpy(rgba, px + (2 * 4 + 2) * 4, 4);
    gfx_target_destroy(&t);
}

static void a_set_directory_is_used(void **state)
{
    (void)state;
    char mine[] = "/tmp/imprint_data_mine_XXXXXX";
    char env[] = "/tmp/imprint_data_env_XXXXXX";
    make_data_dir(mine, "0.0, 1.0, 0.0"); /* green */
    make_data_dir(env, "0.0, 0.0, 1.0");  /* blue: $IMPRINT_DATA_DIR's, which the set one overrides */
    setenv("IMPRINT_DATA_DIR", env, 1);
    assert_null(gfx_data_dir());

    gfx_set_data_dir(mine);
    assert_string_equal(gfx_data_dir(), mine);
    char path[PATH_MAX], want[PATH_MAX];
    assert_true(gfx_data_path("assets/note.txt", path, sizeof path));
    snprintf(want, sizeof want, "%s/assets/note.txt", mine);
    assert_string_equal(path, want);
    assert_true(gfx_data_path("shaders/gfx_fullscreen.vert", path, sizeof path));
    snprintf(want, sizeof want, "%s/shaders/gfx_fullscreen.vert", mine);
    assert_string_equal(path, want);
    char *src = gfx_shader_source("gfx_fullscreen.vert", NULL); /* the copy, not the shipped file */
    assert_non_null(src);
    assert_non_null(strstr(src, "the test's copy"));
    free(src);

    int errors = log_error_count();
    GLuint prog = gfx_program_load("gfx_fullscreen.vert", "frag.frag", NULL);
    assert_int_equal(log_error_count(), errors);
    assert_false(gfx_program_is_fallback(prog));
    unsigned char px[4];
    draw(prog, px);
    assert_int_equal(px[0], 0);
    assert_int_equal(px[1], 255);
    assert_int_equal(px[2], 0);
    glDeleteProgram(prog);

    /* a trailing slash is the same directory */
    char slashed[PATH_MAX];
    snprintf(slashed, sizeof slashed, "%s/", mine);
    gfx_set_data_dir(slashed);
    assert_string_equal(gfx_data_dir(), mine);

    /* only there: a shipped file the directory lacks is not found elsewhere */
    assert_false(gfx_data_path("shaders/common.glsl", path, sizeof path));
    snprintf(want, sizeof want, "%s/shaders/common.glsl", mine);
    assert_string_equal(path, want);

    gfx_set_data_dir(NULL); /* the default search: $IMPRINT_DATA_DIR first, then the shipped data */
    assert_null(gfx_data_dir());
    prog = gfx_program_load("gfx_fullscreen.vert", "frag.frag", NULL);
    assert_false(gfx_program_is_fallback(prog));
    draw(prog, px);
    assert_int_equal(px[1], 0);
    assert_int_equal(px[2], 255);
    glDeleteProgram(prog);
    unsetenv("IMPRINT_DATA_DIR");
    assert_true(gfx_data_path("shaders/common.glsl", path, sizeof path));
    assert_null(strstr(path, mine));
    remove_dir(mine);
    remove_dir(env);
    testgl_assert_no_error();
}

static void a_missing_file_is_an_error_not_a_fall_back(void **state)
{
    (void)state;
    /* a directory with the vertex stage but not the shipped post_grade.frag: the fragment stage is
     * missing there, so the program is the magenta fallback (which covers the viewport: the
     * vertex stage read has no inputs), never the shipped file */
    char mine[] = "/tmp/imprint_data_part_XXXXXX";
    make_data_dir(mine, "0.0, 1.0, 0.0");
    gfx_set_data_dir(mine);
    int errors = log_error_count();
    GLuint prog = gfx_program_load("gfx_fullscreen.vert", "post_grade.frag", NULL);
    assert_true(log_error_count() > errors);
    char want[PATH_MAX];
    snprintf(want, sizeof want, "%s/shaders/post_grade.frag", mine); /* the error names where it looked */
    assert_non_null(strstr(log_last_error(), want));
    assert_true(gfx_program_is_fallback(prog));
    unsigned char px[4];
    draw(prog, px);
    assert_int_equal(px[0], 255);
    assert_int_equal(px[1], 0);
    assert_int_equal(px[2], 255);
    glDeleteProgram(prog);
    remove_dir(mine);

    /* a directory that does not exist: every program a fallback, every texture a checker, logged */
    const char *missing = "/tmp/imprint_no_such_data_dir";
    gfx_set_data_dir(missing);
    errors = log_error_count();
    prog = gfx_program_load("post_grade.vert", "post_grade.frag", NULL);
    assert_true(log_error_count() > errors);
    assert_non_null(strstr(log_last_error(), missing));
    assert_true(gfx_program_is_fallback(prog));
    glDeleteProgram(prog);
    errors = log_error_count();
    GLuint tex = gfx_texture_load("assets/atlas_fire.png", 0);
    assert_true(tex != 0);
    assert_true(log_error_count() > errors);
    assert_non_null(strstr(log_last_error(), missing));
    glDeleteTextures(1, &tex);

    gfx_set_data_dir(""); /* "" is NULL: the shipped data again */
    assert_null(gfx_data_dir());
    errors = log_error_count();
    prog = gfx_program_load("post_grade.vert", "post_grade.frag", NULL);
    assert_int_equal(log_error_count(), errors);
    assert_false(gfx_program_is_fallback(prog));
    glDeleteProgram(prog);
    testgl_assert_no_error();
}

int main(void)
{
    log_set_quiet(true);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_set_directory_is_used),
        cmocka_unit_test(a_missing_file_is_an_error_not_a_fall_back),
    };
    return cmocka_run_group_tests(tests, testgl_setup, testgl_teardown);
}
