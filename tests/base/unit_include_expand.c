/* #include expander on virtual files: text and the output-line -> (file, line) map, each file
 * once, defines after #version, and every malformed or excessive input a logged error. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/include_expand.h"
#include "base/log.h"

typedef struct vfile {
    const char *name, *text;
} vfile;

static char *vread(const char *name, void *user, char *path, size_t pathlen)
{
    snprintf(path, pathlen, "virtual/%s", name);
    for (const vfile *f = user; f->name; f++)
        if (!strcmp(f->name, name)) return strdup(f->text);
    errno = ENOENT;
    return NULL;
}

static void expands_and_maps_lines_back(void **state)
{
    (void)state;
    const vfile files[] = {
        {"main.frag", "#version 330 core\n#include \"a.glsl\"\nvoid main() {}\n"},
        {"a.glsl", "float a;\n  #include \"b.glsl\"\nfloat a2;"},
        {"b.glsl", "float b;\n#include \"a.glsl\"\n"},
        {NULL, NULL},
    };
    include_expansion x;
    assert_true(include_expand(&x, "main.frag", NULL, "#define N 4\n#define M 2", vread, (void *)files));
    assert_string_equal(x.text, "#version 330 core\n#define N 4\n#define M 2\n\nfloat a;\n\nfloat b;\n\nfloat a2;\n"
                                "void main() {}\n");
    assert_int_equal(x.nfiles, 3);
    const int want_file[] = {0, -1, -1, 0, 1, 1, 2, 2, 1, 0};
    const int want_line[] = {1, 0, 0, 2, 1, 2, 1, 2, 3, 3};
    assert_int_equal(x.nmap, 10);
    for (int i = 0; i < 10; i++) {
        assert_int_equal(x.map_file[i], want_file[i]);
        assert_int_equal(x.map_line[i], want_line[i]);
    }
    assert_string_equal(x.paths[2], "virtual/b.glsl");
    include_expansion_free(&x);
}

static void bad_inputs_are_logged_errors(void **state)
{
    (void)state;
    char longname[300];
    memset(longname, 'x', sizeof longname);
    memcpy(longname, "#include \"", 10);
    longname[sizeof longname - 2] = '"';
    longname[sizeof longname - 1] = '\0';
    const char *bad[] = {
        "#include a.glsl\n",           /* no quotes */
        "#include \"a.glsl\n\"\n",     /* the closing quote is on the next line */
        "#include \"\"\n",             /* empty name */
        "#include \"missing.glsl\"\n", /* no such file */
        longname,
        "#include \"d0\"\n",           /* d0 -> d1 -> ... deeper than INCLUDE_MAX_DEPTH */
    };
    const vfile files[] = {
        {"d0", "#include \"d1\"\n"}, {"d1", "#include \"d2\"\n"}, {"d2", "#include \"d3\"\n"},
        {"d3", "#include \"d4\"\n"}, {"d4", "#include \"d5\"\n"}, {"d5", "#include \"d6\"\n"},
        {"d6", "#include \"d7\"\n"}, {"d7", "#include \"d8\"\n"}, {"d8", "#include \"d9\"\n"},
        {"d9", "x\n"}, {NULL, NULL},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int errors = log_error_count();
        include_expansion x;
        assert_false(include_expand(&x, "top.glsl", bad[i], NULL, vread, (void *)files));
        assert_int_equal(log_error_count(), errors + 1);
        include_expansion_free(&x);
        assert_null(x.text);
    }
}

int main(void)
{
    log_set_quiet(true);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(expands_and_maps_lines_back),
        cmocka_unit_test(bad_inputs_are_logged_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
