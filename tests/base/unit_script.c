/* Script parser: every command parses to the right op and values; every kind of malformed line
 * fails with FILE:LINE and leaves the output empty; comments, blank lines and CRLF are accepted. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/names.h"
#include "base/post_settings.h"
#include "base/script.h"
#include "damage/core/robot_anim.h"
#include "damage/core/weapon.h"
#include "dissolve/core/dissolve_math.h"
#include "mud/core/mud_layers.h"
#include "wrinkle/core/wrinkle_expr.h"
#include "testdata.h"

static void assert_empty(const script *s)
{
    assert_int_equal(s->count, 0);
    assert_null(s->cmds);
}

static void every_command_parses_to_its_values(void **state)
{
    (void)state;
    script s;
    char err[512];
    const char *path = testdata_path("script_all.txt");
    bool ok = script_load(path, &s, err, sizeof err);
    if (!ok) fprintf(stderr, "%s\n", err);
    assert_true(ok);
    assert_string_equal(s.file, path);
    assert_int_equal(s.count, SCRIPT_OP_COUNT);
    /* the fixture lists the commands in enum order, so each op appears exactly once */
    for (int i = 0; i < s.count; i++) assert_int_equal(s.cmds[i].op, i);

    const script_cmd *c = s.cmds;
    assert_string_equal(c[SCRIPT_SCENE].str, "range");
    assert_int_equal(c[SCRIPT_SCENE].line, 3);
    const float cam[6] = {0, 1.6f, 4, 0, 1.2f, 0};
    assert_int_equal(c[SCRIPT_CAMERA].nnum, 6);
    for (int k = 0; k < 6; k++) assert_float_equal(c[SCRIPT_CAMERA].num[k], cam[k], 1e-6);
    assert_string_equal(c[SCRIPT_WEAPON].str, "shotgun");
    assert_float_equal(c[SCRIPT_WEAPON].time, 0.5, 1e-12);
    assert_int_equal(c[SCRIPT_FIRE].nnum, 0);
    assert_float_equal(c[SCRIPT_HOLD].num[0], 0.25f, 1e-6);
    const float blast[4] = {0.1f, 1.4f, 0.2f, 0.15f};
    for (int k = 0; k < 4; k++) assert_float_equal(c[SCRIPT_BLAST].num[k], blast[k], 1e-6);
    assert_int_equal(c[SCRIPT_BLAST].line, 8);
    assert_string_equal(c[SCRIPT_ROBOT].str, "respawn");
    assert_float_equal(c[SCRIPT_TRUCK].num[0], -12.5f, 1e-6);
    assert_float_equal(c[SCRIPT_TRUCK].num[1], 30.0f, 1e-6);
    assert_float_equal(c[SCRIPT_TRUCK].num[2], 90.0f, 1e-6);
    assert_int_equal(c[SCRIPT_TRUCK].line, 11);
    assert_float_equal(c[SCRIPT_DRIVE].time, 2.25, 1e-12);
    assert_float_equal(c[SCRIPT_DRIVE].num[0], 1.0f, 1e-6);
    assert_float_equal(c[SCRIPT_DRIVE].num[1], -0.5f, 1e-6);
    assert_float_equal(c[SCRIPT_DRIVE].num[2], 3.0f, 1e-6);
    assert_string_equal(c[SCRIPT_BLENDSHAPE].str, "jaw_open");
    assert_float_equal(c[SCRIPT_BLENDSHAPE].num[0], 0.75f, 1e-6);
    assert_string_equal(c[SCRIPT_EXPRESSION].str, "surprised");
    assert_float_equal(c[SCRIPT_DISSOLVE].num[0], 0.5f, 1e-6);
    assert_string_equal(c[SCRIPT_DISSOLVE_MODE].str, "pull");
    assert_string_equal(c[SCRIPT_DISSOLVE_SHAPE].str, "sphere");
    assert_string_equal(c[SCRIPT_VIEW].str, "damage-fading");
    assert_string_equal(c[SCRIPT_SCREENSHOT].path, "shots/range.png");
    assert_string_equal(c[SCRIPT_DUMP].str, "wrinkle");
    assert_string_equal(c[SCRIPT_DUMP].path, "out/wrinkle.png");
    assert_string_equal(c[SCRIPT_STATS].path, "out/stats.json");
    assert_float_equal(c[SCRIPT_QUIT].time, 8.0, 1e-12);
    assert_string_equal(c[SCRIPT_SET].str, "bb.frame_blend"); /* checked, kept as text */
    assert_string_equal(c[SCRIPT_SET].path, "off");
    assert_string_equal(c[SCRIPT_PARAMS].path, "out/params.json");
    assert_string_equal(c[SCRIPT_POST].str, "ssao");
    assert_float_equal(c[SCRIPT_POST].num[0], 0.0f, 0);
    assert_string_equal(c[SCRIPT_DISSOLVE_PITFALL].str, "vertex-mip0");
    assert_int_equal(c[SCRIPT_DISSOLVE_PITFALL].index, DISSOLVE_PITFALL_VERTEX_MIP0);
    assert_int_equal(c[SCRIPT_DISSOLVE_EDGE].index, DISSOLVE_EDGE_FADE);
    assert_int_equal(c[SCRIPT_WRINKLES].nnum, 1);
    assert_float_equal(c[SCRIPT_WRINKLES].num[0], 0.0f, 0);
    assert_int_equal(c[SCRIPT_LAYER].index, MUD_LAYER_MUD);
    assert_float_equal(c[SCRIPT_LAYER].num[0], 0.0f, 0);
    assert_int_equal(c[SCRIPT_PLANT].index, 1); /* rock */
    assert_float_equal(c[SCRIPT_PLANT].num[0], 260.0f, 1e-6);
    assert_float_equal(c[SCRIPT_PLANT].num[1], 270.5f, 1e-6);
    assert_float_equal(c[SCRIPT_CHUNK].num[2], 0.75f, 1e-6);
    script_free(&s);
    assert_empty(&s);
    script_free(&s); /* twice is harmless */
    script_free(NULL);
}

static void malformed_fixtures_name_file_and_line(void **state)
{
    (void)state;
    static const struct {
        const char *file;
        int line;
        const char *words; /* substring the message must contain */
    } cases[] = {
        {"bad_line3.txt", 3, "camera needs 6 numbers (EX EY EZ TX TY TZ), got 2"},
        {"bad_time.txt", 3, "expected a time in seconds (a number >= 0) at the start of the line, got 'soon'"},
        {"bad_decreasing.txt", 4, "time 1.0 is before the previous command's 2"},
        {"bad_unknown.txt", 2, "unknown command 'fly' (expected one of: scene, camera, weapon,"},
        {"bad_arity.txt", 2, "camera needs 6 numbers"},
        {"bad_enum.txt", 2, "unknown weapon 'bazooka' (expected one of: marksman, auto, shotgun)"},
        {"bad_range.txt", 3, "blendshape: weight must be in 0..1, got 1.5"},
        {"bad_number.txt", 2, "blast: x expects a number, got '1.2.3'"},
        {"bad_trailing.txt", 4, "fire takes no arguments, got 1 ('now')"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        script s;
        char err[512], prefix[2100];
        const char *path = testdata_path(cases[i].file);
        assert_false(script_load(path, &s, err, sizeof err));
        assert_empty(&s);
        snprintf(prefix, sizeof prefix, "%s:%d: ", path, cases[i].line);
        if (strncmp(err, prefix, strlen(prefix)) != 0 || !strstr(err, cases[i].words))
            fail_msg("%s: got \"%s\", want prefix \"%s\" and \"%s\"", cases[i].file, err, prefix, cases[i].words);
    }
}

/* One bad line after a good one, in memory: the message for each kind of mistake. */
static void bad_lines_report_expected_and_found(void **state)
{
    (void)state;
    static const struct {
        const char *line;
        const char *words;
    } cases[] = {
        {"-1 fire", "got '-1'"},
        {"nan fire", "got 'nan'"},
        {"inf fire", "got 'inf'"},
        {"1e999 fire", "got '1e999'"},
        {"2", "expected a command after the time 2"},
        {"2 Scene range", "unknown command 'Scene'"},
        {"2 scene", "scene needs 1 argument (NAME), got 0"},
        {"2 scene city", "unknown scene 'city' (expected one of: range, mud, face, dissolve)"},
        {"2 scene mud face", "unexpected 'face'"},
        {"2 camera 1 2 3 4 5 6 7", "camera needs 6 numbers (EX EY EZ TX TY TZ), got 7: unexpected '7'"},
        {"2 camera 1 2 3 4 5 6x", "camera: tz expects a number, got '6x'"},
        {"2 weapon", "weapon needs 1 argument"},
        {"2 hold 0", "hold: seconds must be greater than 0, got 0"},
        {"2 hold -1", "hold: seconds must be greater than 0, got -1"},
        {"2 blast 0 0 0 0", "blast: radius must be greater than 0, got 0"},
        {"2 blast 0 0 0 1e39", "blast: radius expects a number, got '1e39'"},
        {"2 robot dance", "unknown robot action 'dance' (expected one of: respawn, anim)"},
        {"2 truck 1 2", "truck needs 3 numbers (X Z HEADING_DEG), got 2"},
        {"2 layer sky off", "unknown layer 'sky' (expected one of: mud, roads, decals, particles, plants, chunks, water, post)"},
        {"2 layer mud maybe", "layer: on|off must be on or off, got 'maybe'"},
        {"2 plant bush 10 20", "unknown plant 'bush' (expected one of: tree, rock)"},
        {"2 plant tree 10", "plant needs 3 arguments (KIND X Z), got 2"},
        {"2 chunk 10 20 3", "chunk: size must be in 0.2..2 metres, got 3"},
        {"2 chunk 10 20 0.1", "chunk: size must be in 0.2..2 metres, got 0.1"},
        {"2 chunk 10 20", "chunk needs 3 numbers (X Z SIZE), got 2"},
        {"2 drive 1.5 0 1", "drive: throttle must be in -1..1, got 1.5"},
        {"2 drive 1 -1.01 1", "drive: steer must be in -1..1, got -1.01"},
        {"2 drive 1 0 -2", "drive: seconds must be 0 or more, got -2"},
        {"2 blendshape grin 0.5", "unknown blendshape 'grin' (expected one of: brow_raise, frown, smile, squint, jaw_open, nose_wrinkle)"},
        {"2 blendshape smile -0.1", "blendshape: weight must be in 0..1, got -0.1"},
        {"2 blendshape smile", "blendshape needs 2 arguments (NAME WEIGHT), got 1"},
        {"2 expression sad", "unknown expression 'sad' (expected one of: neutral, angry, surprised, happy, squint, disgust)"},
        {"2 dissolve 1.0001", "dissolve: amount must be in 0..1, got 1.0001"},
        {"2 dissolve-mode spin", "unknown dissolve mode 'spin' (expected one of: none, push, pull)"},
        {"2 dissolve-shape cube", "unknown dissolve shape 'cube' (expected one of: noise, direction, sphere)"},
        {"2 view normals", "unknown view 'normals' (expected one of: none, damage, damage-fading,"},
        {"2 screenshot", "screenshot needs 1 argument (PATH), got 0"},
        {"2 screenshot a.png b.png", "unexpected 'b.png'"},
        {"2 dump a.png", "dump needs 2 arguments (TARGET PATH), got 1"},
        {"2 dump body a.png", "unknown dump target 'body'"},
        {"2 stats", "stats needs 1 argument (PATH), got 0"},
        {"2 quit now", "quit takes no arguments, got 1 ('now')"},
        {"2 fire a b c d e f g h i j k l m n o p q r", "fire takes no arguments, got 18 ('a')"},
        {"2 set dissolve.edge_width", "set needs 2 arguments (NAME VALUE), got 1"},
        {"2 set dissolve.edge_width 2", "set: dissolve.edge_width must be a number in 0.005..0.5, got '2'"},
        {"2 set dissolve.edge_wide 0.1", "set: unknown parameter 'dissolve.edge_wide'"},
        {"2 set bb.frame_blend 1", "set: bb.frame_blend must be one of off|on, got '1'"},
        {"2 params", "params needs 1 argument (PATH), got 0"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[256], err[512];
        snprintf(text, sizeof text, "1 fire\n%s\n3 quit\n", cases[i].line);
        script s;
        assert_false(script_parse(text, "mem.txt", &s, err, sizeof err));
        assert_empty(&s);
        if (strncmp(err, "mem.txt:2: ", 11) != 0 || !strstr(err, cases[i].words))
            fail_msg("'%s': got \"%s\", want \"mem.txt:2: ...%s\"", cases[i].line, err, cases[i].words);
    }
}

static void comments_blank_lines_and_crlf(void **state)
{
    (void)state;
    const char *text = "# header\r\n\r\n   \t\r\n0 scene mud\r\n  # indented comment\r\n"
                       "0.5 truck 1 2 45 # place it\r\n1 drive 1 0 2\r\n1 screenshot a.png\r\n3 quit";
    script s;
    char err[512];
    bool ok = script_parse(text, "crlf.txt", &s, err, sizeof err);
    if (!ok) fprintf(stderr, "%s\n", err);
    assert_true(ok);
    assert_int_equal(s.count, 5);
    assert_int_equal(s.cmds[0].op, SCRIPT_SCENE);
    assert_string_equal(s.cmds[0].str, "mud");
    assert_int_equal(s.cmds[0].line, 4);
    assert_int_equal(s.cmds[1].op, SCRIPT_TRUCK);
    assert_int_equal(s.cmds[1].nnum, 3);
    assert_float_equal(s.cmds[1].num[2], 45.0f, 1e-6);
    assert_int_equal(s.cmds[3].op, SCRIPT_SCREENSHOT);
    assert_string_equal(s.cmds[3].path, "a.png"); /* no '\r' left on the path */
    assert_int_equal(s.cmds[4].op, SCRIPT_QUIT);   /* last line without a newline */
    assert_int_equal(s.cmds[4].line, 9);
    script_free(&s);

    /* a script of only comments is valid and empty */
    assert_true(script_parse("# nothing\n\n", "empty.txt", &s, err, sizeof err));
    assert_empty(&s);
    /* equal times are allowed (non-decreasing) */
    assert_true(script_parse("1 fire\n1 fire\n1.0 fire\n", "eq.txt", &s, err, sizeof err));
    assert_int_equal(s.count, 3);
    script_free(&s);
}

static void long_lines_are_rejected_safely(void **state)
{
    (void)state;
    size_t n = 100000;
    char *text = malloc(n + 64);
    assert_non_null(text);
    strcpy(text, "0 fire\n0 screenshot ");
    size_t len = strlen(text);
    memset(text + len, 'a', n);
    strcpy(text + len + n, "\n1 quit\n");
    script s;
    char err[512];
    assert_false(script_parse(text, "long.txt", &s, err, sizeof err));
    assert_empty(&s);
    assert_non_null(strstr(err, "long.txt:2: line is longer than"));

    /* a long line that fits the limit but whose path does not fit script_cmd.path */
    memset(text + len, 'b', 2000);
    strcpy(text + len + 2000, "\n");
    assert_false(script_parse(text, "long.txt", &s, err, sizeof err));
    assert_non_null(strstr(err, "long.txt:2: screenshot: path is longer than 1023 characters"));

    /* a path of 1023 characters is kept whole */
    memset(text + len, 'c', 1023);
    strcpy(text + len + 1023, "\n");
    assert_true(script_parse(text, "long.txt", &s, err, sizeof err));
    assert_int_equal(strlen(s.cmds[1].path), 1023);
    script_free(&s);
    free(text);
}

static void unreadable_files_are_reported(void **state)
{
    (void)state;
    script s;
    char err[512];
    assert_false(script_load("no/such/script.txt", &s, err, sizeof err));
    assert_empty(&s);
    assert_string_equal(err, "no/such/script.txt: cannot read: No such file or directory");

    char dir[2048];
    snprintf(dir, sizeof dir, "%s", testdata_path(""));
    assert_false(script_load(dir, &s, err, sizeof err));
    assert_empty(&s);
    assert_non_null(strstr(err, "cannot read"));

    /* a binary file is not a script */
    char tmp[] = "/tmp/unit_script_XXXXXX";
    int fd = mkstemp(tmp);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "0 fire\n\0\n", 9), 9);
    close(fd);
    assert_false(script_load(tmp, &s, err, sizeof err));
    assert_non_null(strstr(err, "NUL byte"));
    unlink(tmp);
}

static void names_and_lists_agree(void **state)
{
    (void)state;
    for (int op = 0; op < SCRIPT_OP_COUNT; op++) assert_non_null(script_op_name((script_op)op));
    assert_string_equal(script_op_name(SCRIPT_DISSOLVE_MODE), "dissolve-mode");
    assert_int_equal(script_name_index(script_view_names, "shadow"), 7);
    assert_int_equal(script_name_index(script_view_names, "Shadow"), -1);
    assert_int_equal(script_name_index(wrinkle_expr_names, "disgust"), 5);
    assert_int_equal(script_name_index(head_shape_names, "nose_wrinkle"), 5);
    assert_int_equal(script_name_index(script_dump_names, "damage-fading"), 1);
    /* each command name round-trips through the parser */
    for (int op = 0; op < SCRIPT_OP_COUNT; op++) {
        char text[128], err[512];
        snprintf(text, sizeof text, "0 %s\n", script_op_name((script_op)op));
        script s;
        bool ok = script_parse(text, "t", &s, err, sizeof err);
        if (ok) {
            assert_int_equal(s.cmds[0].op, op);
            script_free(&s);
        } else {
            assert_null(strstr(err, "unknown command")); /* known, only missing arguments */
        }
    }
}

/* robot: respawn alone, anim with one of the animation table's names; errors list the tables. */
static void robot_actions_parse(void **state)
{
    (void)state;
    char text[128], err[512];
    script s;
    assert_int_equal(names_count(script_robot_names), 2);
    assert_true(script_parse("0 robot respawn\n", "t", &s, err, sizeof err));
    assert_int_equal(s.cmds[0].index, SCRIPT_ROBOT_RESPAWN);
    script_free(&s);
    for (int m = 0; robot_anim_mode_names[m]; m++) {
        snprintf(text, sizeof text, "0 robot anim %s\n", robot_anim_mode_names[m]);
        assert_true(script_parse(text, "t", &s, err, sizeof err));
        assert_int_equal(s.cmds[0].op, SCRIPT_ROBOT);
        assert_int_equal(s.cmds[0].index, SCRIPT_ROBOT_ANIM);
        assert_int_equal((int)s.cmds[0].num[0], m);
        script_free(&s);
    }
    assert_false(script_parse("0 robot anim\n", "t", &s, err, sizeof err));
    assert_string_equal(err, "t:1: robot anim needs one animation (idle, walk, stop)");
    assert_false(script_parse("0 robot anim dance\n", "t", &s, err, sizeof err));
    assert_string_equal(err, "t:1: unknown robot animation 'dance' (expected one of: idle, walk, stop)");
    assert_false(script_parse("0 robot anim walk fast\n", "t", &s, err, sizeof err));
}

/* Every command with a name argument reads the one table of its enum: each name in the table
 * parses to its index, and a bad name's error lists exactly the table, in order. */
static void every_table_name_parses_and_errors_list_the_table(void **state)
{
    (void)state;
    static const struct {
        script_op op;
        const char *const *table;
        int count;         /* the enum's count: the table covers the whole enum */
        const char *tail;  /* arguments after the name */
    } cases[] = {
        {SCRIPT_SCENE, script_scene_names, SCRIPT_SCENE_COUNT, ""},
        {SCRIPT_WEAPON, weapon_names, WEAPON_KIND_COUNT, ""},
        {SCRIPT_BLENDSHAPE, head_shape_names, HEAD_SHAPE_COUNT, " 0.5"},
        {SCRIPT_EXPRESSION, wrinkle_expr_names, WRINKLE_EXPR_COUNT, ""},
        {SCRIPT_DISSOLVE_MODE, dissolve_mode_names, DISSOLVE_MODE_COUNT, ""},
        {SCRIPT_DISSOLVE_SHAPE, dissolve_shape_names, DISSOLVE_SHAPE_COUNT, ""},
        {SCRIPT_VIEW, script_view_names, 17, ""},
        {SCRIPT_POST, post_effect_names, POST_EFFECT_COUNT, " on"},
        {SCRIPT_DUMP, script_dump_names, 8, " out.png"},
        {SCRIPT_DISSOLVE_PITFALL, dissolve_pitfall_names, DISSOLVE_PITFALL_COUNT, ""},
        {SCRIPT_DISSOLVE_EDGE, dissolve_edge_names, DISSOLVE_EDGE_COUNT, ""},
        {SCRIPT_PLANT, script_plant_names, 2, " 10 20"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const char *cmd = script_op_name(cases[c].op);
        assert_ptr_equal(script_op_names(cases[c].op), cases[c].table);
        assert_int_equal(names_count(cases[c].table), cases[c].count);
        char text[256], err[512];
        script s;
        for (int i = 0; cases[c].table[i]; i++) {
            snprintf(text, sizeof text, "0 %s %s%s\n", cmd, cases[c].table[i], cases[c].tail);
            assert_true(script_parse(text, "t", &s, err, sizeof err));
            assert_int_equal(s.cmds[0].op, cases[c].op);
            assert_int_equal(s.cmds[0].index, i);
            assert_string_equal(s.cmds[0].str, cases[c].table[i]);
            script_free(&s);
        }
        snprintf(text, sizeof text, "0 %s no-such-name%s\n", cmd, cases[c].tail);
        assert_false(script_parse(text, "t", &s, err, sizeof err));
        char list[256];
        names_join(cases[c].table, ", ", list, sizeof list);
        char *at = strstr(err, "(expected one of: ");
        assert_non_null(at);
        assert_non_null(strstr(err, "'no-such-name'"));
        at += strlen("(expected one of: ");
        assert_int_equal(strncmp(at, list, strlen(list)), 0);
        assert_string_equal(at + strlen(list), ")");
    }
    /* the error for a weapon reads, in full: */
    char err[512];
    script s;
    assert_false(script_parse("0 weapon laser\n", "t.txt", &s, err, sizeof err));
    assert_string_equal(err, "t.txt:1: unknown weapon 'laser' (expected one of: marksman, auto, shotgun)");
}

/* 'post NAME on|off': the switch is a number 1|0, anything else names what is valid. */
static void post_switches_parse(void **state)
{
    (void)state;
    script s;
    char err[512];
    assert_true(script_parse("0 post bloom off\n0.5 post exposure on\n", "t", &s, err, sizeof err));
    assert_int_equal(s.count, 2);
    assert_int_equal(s.cmds[0].op, SCRIPT_POST);
    assert_int_equal(s.cmds[0].index, POST_BLOOM);
    assert_true(s.cmds[0].num[0] == 0.0f);
    assert_int_equal(s.cmds[1].index, POST_EXPOSURE);
    assert_true(s.cmds[1].num[0] == 1.0f);
    script_free(&s);
    assert_false(script_parse("0 post bloom maybe\n", "t", &s, err, sizeof err));
    assert_non_null(strstr(err, "t:1: post: on|off must be on or off, got 'maybe'"));
    assert_false(script_parse("0 post bloom\n", "t", &s, err, sizeof err));
    assert_non_null(strstr(err, "post needs 2 arguments"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_command_parses_to_its_values),
        cmocka_unit_test(malformed_fixtures_name_file_and_line),
        cmocka_unit_test(bad_lines_report_expected_and_found),
        cmocka_unit_test(comments_blank_lines_and_crlf),
        cmocka_unit_test(long_lines_are_rejected_safely),
        cmocka_unit_test(unreadable_files_are_reported),
        cmocka_unit_test(names_and_lists_agree),
        cmocka_unit_test(every_table_name_parses_and_errors_list_the_table),
        cmocka_unit_test(robot_actions_parse),
        cmocka_unit_test(post_switches_parse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
