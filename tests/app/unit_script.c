/* Script parser: every command parses to the right owner, row and values; every kind of malformed
 * line fails with FILE:LINE and leaves the output empty; comments, blank lines and CRLF are
 * accepted. The language is the app's: its own commands plus the four scenes' vocabs in the scene
 * registry's order (app/registry.c); a planted vocab shows that a scene's rows and hooks reach the
 * parser through registration alone. */
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
#include "damage/scene/range_vocab.h"
#include "damage/core/robot_anim.h"
#include "damage/scene/weapon.h"
#include "dissolve/core/dissolve_math.h"
#include "dissolve/scene/dissolve_vocab.h"
#include "mud/core/mud_layers.h"
#include "mud/scene/mud_vocab.h"
#include "wrinkle/scene/face_vocab.h"
#include "testparams.h"
#include "wrinkle/core/wrinkle_expr.h"
#include "testdata.h"

enum { RANGE, MUD, FACE, DISSOLVE }; /* the registry's order */
static script_lang L;

static int setup(void **state)
{
    (void)state;
    const script_vocab *const vocabs[] = {&range_vocab, &mud_vocab, &face_vocab, &dissolve_vocab};
    script_lang_init(&L, vocabs, 4);
    testparams_register(); /* `set` checks names against them */
    return 0;
}


static void assert_cmd(const script_cmd *c, int scene, int op, const char *name)
{
    assert_int_equal(c->scene, scene);
    assert_int_equal(c->op, op);
    assert_string_equal(c->name, name);
}

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
    bool ok = script_load(&L, path, &s, err, sizeof err);
    if (!ok) fprintf(stderr, "%s\n", err);
    assert_true(ok);
    assert_string_equal(s.file, path);
    assert_int_equal(s.count, L.ncommands); /* the fixture has every command once */
    const script_cmd *c = s.cmds;
    assert_cmd(&c[0], SCRIPT_APP, SCRIPT_SCENE, "scene");
    assert_string_equal(c[0].str, "range");
    assert_int_equal(c[0].index, RANGE);
    assert_int_equal(c[0].line, 3);
    assert_cmd(&c[1], SCRIPT_APP, SCRIPT_CAMERA, "camera");
    const float cam[6] = {0, 1.6f, 4, 0, 1.2f, 0};
    assert_int_equal(c[1].nnum, 6);
    for (int k = 0; k < 6; k++) assert_float_equal(c[1].num[k], cam[k], 1e-6);
    assert_cmd(&c[2], RANGE, RANGE_CMD_WEAPON, "weapon");
    assert_string_equal(c[2].str, "shotgun");
    assert_int_equal(c[2].index, WEAPON_SHOTGUN);
    assert_float_equal(c[2].time, 0.5, 1e-12);
    assert_cmd(&c[3], RANGE, RANGE_CMD_FIRE, "fire");
    assert_int_equal(c[3].nnum, 0);
    assert_cmd(&c[4], RANGE, RANGE_CMD_HOLD, "hold");
    assert_float_equal(c[4].num[0], 0.25f, 1e-6);
    assert_cmd(&c[5], RANGE, RANGE_CMD_BLAST, "blast");
    const float blast[4] = {0.1f, 1.4f, 0.2f, 0.15f};
    for (int k = 0; k < 4; k++) assert_float_equal(c[5].num[k], blast[k], 1e-6);
    assert_int_equal(c[5].line, 8);
    assert_cmd(&c[6], RANGE, RANGE_CMD_ROBOT, "robot");
    assert_string_equal(c[6].str, "respawn");
    assert_cmd(&c[7], MUD, MUD_CMD_TRUCK, "truck");
    assert_float_equal(c[7].num[0], -12.5f, 1e-6);
    assert_float_equal(c[7].num[1], 30.0f, 1e-6);
    assert_float_equal(c[7].num[2], 90.0f, 1e-6);
    assert_int_equal(c[7].line, 11);
    assert_cmd(&c[8], MUD, MUD_CMD_DRIVE, "drive");
    assert_float_equal(c[8].time, 2.25, 1e-12);
    assert_float_equal(c[8].num[0], 1.0f, 1e-6);
    assert_float_equal(c[8].num[1], -0.5f, 1e-6);
    assert_float_equal(c[8].num[2], 3.0f, 1e-6);
    assert_cmd(&c[9], FACE, FACE_CMD_BLENDSHAPE, "blendshape");
    assert_string_equal(c[9].str, "jaw_open");
    assert_float_equal(c[9].num[0], 0.75f, 1e-6);
    assert_cmd(&c[10], FACE, FACE_CMD_EXPRESSION, "expression");
    assert_string_equal(c[10].str, "surprised");
    assert_cmd(&c[11], DISSOLVE, DISSOLVE_CMD_AMOUNT, "dissolve");
    assert_float_equal(c[11].num[0], 0.5f, 1e-6);
    assert_cmd(&c[12], DISSOLVE, DISSOLVE_CMD_MODE, "dissolve-mode");
    assert_string_equal(c[12].str, "pull");
    assert_cmd(&c[13], DISSOLVE, DISSOLVE_CMD_SHAPE, "dissolve-shape");
    assert_string_equal(c[13].str, "sphere");
    assert_cmd(&c[14], SCRIPT_APP, SCRIPT_VIEW, "view");
    assert_string_equal(c[14].str, "damage-fading");
    assert_cmd(&c[15], SCRIPT_APP, SCRIPT_SCREENSHOT, "screenshot");
    assert_string_equal(c[15].path, "shots/range.png");
    assert_cmd(&c[16], SCRIPT_APP, SCRIPT_DUMP, "dump");
    assert_string_equal(c[16].str, "wrinkle");
    assert_string_equal(c[16].path, "out/wrinkle.png");
    assert_cmd(&c[17], SCRIPT_APP, SCRIPT_STATS, "stats");
    assert_string_equal(c[17].path, "out/stats.json");
    assert_cmd(&c[18], SCRIPT_APP, SCRIPT_QUIT, "quit");
    assert_float_equal(c[18].time, 8.0, 1e-12);
    assert_cmd(&c[19], SCRIPT_APP, SCRIPT_SET, "set");
    assert_string_equal(c[19].str, "bb.frame_blend"); /* checked, kept as text */
    assert_string_equal(c[19].path, "off");
    assert_cmd(&c[20], SCRIPT_APP, SCRIPT_PARAMS, "params");
    assert_string_equal(c[20].path, "out/params.json");
    assert_cmd(&c[21], SCRIPT_APP, SCRIPT_POST, "post");
    assert_string_equal(c[21].str, "ssao");
    assert_float_equal(c[21].num[0], 0.0f, 0);
    assert_cmd(&c[22], DISSOLVE, DISSOLVE_CMD_PITFALL, "dissolve-pitfall");
    assert_string_equal(c[22].str, "vertex-mip0");
    assert_int_equal(c[22].index, DISSOLVE_PITFALL_VERTEX_MIP0);
    assert_cmd(&c[23], DISSOLVE, DISSOLVE_CMD_EDGE, "dissolve-edge");
    assert_int_equal(c[23].index, DISSOLVE_EDGE_FADE);
    assert_cmd(&c[24], FACE, FACE_CMD_WRINKLES, "wrinkles");
    assert_int_equal(c[24].nnum, 1);
    assert_float_equal(c[24].num[0], 0.0f, 0);
    assert_cmd(&c[25], MUD, MUD_CMD_LAYER, "layer");
    assert_int_equal(c[25].index, MUD_LAYER_MUD);
    assert_float_equal(c[25].num[0], 0.0f, 0);
    assert_cmd(&c[26], MUD, MUD_CMD_PLANT, "plant");
    assert_int_equal(c[26].index, MUD_PLANT_ROCK);
    assert_float_equal(c[26].num[0], 260.0f, 1e-6);
    assert_float_equal(c[26].num[1], 270.5f, 1e-6);
    assert_cmd(&c[27], MUD, MUD_CMD_CHUNK, "chunk");
    assert_float_equal(c[27].num[2], 0.75f, 1e-6);
    assert_cmd(&c[28], SCRIPT_APP, SCRIPT_FX, "fx");
    assert_int_equal(c[28].index, SCRIPT_FX_SMOKE);
    const float fx[4] = {1.0f, 0.5f, -2.0f, 0.4f};
    for (int k = 0; k < 4; k++) assert_float_equal(c[28].num[k], fx[k], 1e-6);
    /* each command exactly once */
    for (int i = 0; i < s.count; i++)
        for (int k = 0; k < i; k++) assert_false(c[i].scene == c[k].scene && c[i].op == c[k].op);
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
        assert_false(script_load(&L, path, &s, err, sizeof err));
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
        {"2 fx nuke 0 0 0 1", "unknown effect 'nuke' (expected one of: fireball, smoke, sparks)"},
        {"2 fx smoke 0 0 0 0", "fx: size must be greater than 0, got 0"},
        {"2 fx fireball 0 0 0", "fx needs 5 arguments (NAME X Y Z SIZE), got 4"},
        {"2 drive 1.5 0 1", "drive: throttle must be in -1..1, got 1.5"},
        {"2 drive 1 -1.01 1", "drive: steer must be in -1..1, got -1.01"},
        {"2 drive 1 0 -2", "drive: seconds must be 0 or more, got -2"},
        {"2 blendshape grin 0.5", "unknown blendshape 'grin' (expected one of: brow_raise, frown, smile, squint, jaw_open, nose_wrinkle, blink)"},
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
        assert_false(script_parse(&L, text, "mem.txt", &s, err, sizeof err));
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
    bool ok = script_parse(&L, text, "crlf.txt", &s, err, sizeof err);
    if (!ok) fprintf(stderr, "%s\n", err);
    assert_true(ok);
    assert_int_equal(s.count, 5);
    assert_cmd(&s.cmds[0], SCRIPT_APP, SCRIPT_SCENE, "scene");
    assert_string_equal(s.cmds[0].str, "mud");
    assert_int_equal(s.cmds[0].line, 4);
    assert_cmd(&s.cmds[1], MUD, MUD_CMD_TRUCK, "truck");
    assert_int_equal(s.cmds[1].nnum, 3);
    assert_float_equal(s.cmds[1].num[2], 45.0f, 1e-6);
    assert_cmd(&s.cmds[3], SCRIPT_APP, SCRIPT_SCREENSHOT, "screenshot");
    assert_string_equal(s.cmds[3].path, "a.png"); /* no '\r' left on the path */
    assert_cmd(&s.cmds[4], SCRIPT_APP, SCRIPT_QUIT, "quit"); /* last line without a newline */
    assert_int_equal(s.cmds[4].line, 9);
    script_free(&s);

    /* a script of only comments is valid and empty */
    assert_true(script_parse(&L, "# nothing\n\n", "empty.txt", &s, err, sizeof err));
    assert_empty(&s);
    /* equal times are allowed (non-decreasing) */
    assert_true(script_parse(&L, "1 fire\n1 fire\n1.0 fire\n", "eq.txt", &s, err, sizeof err));
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
    assert_false(script_parse(&L, text, "long.txt", &s, err, sizeof err));
    assert_empty(&s);
    assert_non_null(strstr(err, "long.txt:2: line is longer than"));

    /* a long line that fits the limit but whose path does not fit script_cmd.path */
    memset(text + len, 'b', 2000);
    strcpy(text + len + 2000, "\n");
    assert_false(script_parse(&L, text, "long.txt", &s, err, sizeof err));
    assert_non_null(strstr(err, "long.txt:2: screenshot: path is longer than 1023 characters"));

    /* a path of 1023 characters is kept whole */
    memset(text + len, 'c', 1023);
    strcpy(text + len + 1023, "\n");
    assert_true(script_parse(&L, text, "long.txt", &s, err, sizeof err));
    assert_int_equal(strlen(s.cmds[1].path), 1023);
    script_free(&s);
    free(text);
}

static void unreadable_files_are_reported(void **state)
{
    (void)state;
    script s;
    char err[512];
    assert_false(script_load(&L, "no/such/script.txt", &s, err, sizeof err));
    assert_empty(&s);
    assert_string_equal(err, "no/such/script.txt: cannot read: No such file or directory");

    char dir[2048];
    snprintf(dir, sizeof dir, "%s", testdata_path(""));
    assert_false(script_load(&L, dir, &s, err, sizeof err));
    assert_empty(&s);
    assert_non_null(strstr(err, "cannot read"));

    /* a binary file is not a script */
    char tmp[] = "/tmp/unit_script_XXXXXX";
    int fd = mkstemp(tmp);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "0 fire\n\0\n", 9), 9);
    close(fd);
    assert_false(script_load(&L, tmp, &s, err, sizeof err));
    assert_non_null(strstr(err, "NUL byte"));
    unlink(tmp);
}

/* The language's tables: scene, view and dump names gathered from the vocabs in the registry's
 * order with the app's own; every command name round-trips through the parser. */
static void names_and_lists_agree(void **state)
{
    (void)state;
    assert_int_equal(L.nscenes, 4);
    char list[512];
    names_join(L.scene_names, ", ", list, sizeof list);
    assert_string_equal(list, "range, mud, face, dissolve");
    names_join(L.views, ", ", list, sizeof list);
    assert_string_equal(list, "none, damage, damage-fading, mud, mud-base, physics, water, truck-dirt, wrinkle-normal, "
                              "wrinkle-occlusion, wrinkle-mask, wrinkle-influence, dissolve-d, dissolve-w, "
                              "shadow, ssao, bloom, coc");
    names_join(L.dumps, ", ", list, sizeof list);
    assert_string_equal(list, "damage, damage-fading, damage-scorch, damage-view, damage-fading-view, mud, mud-base, water, mud-height, mud-view, truck-dirt, wrinkle, wrinkle-view, shadow");
    assert_int_equal(script_lang_scene(&L, "face"), FACE);
    assert_int_equal(script_lang_scene(&L, "Face"), -1);
    assert_string_equal(script_lang_row(&L, DISSOLVE, DISSOLVE_CMD_MODE)->name, "dissolve-mode");
    assert_string_equal(script_lang_row(&L, SCRIPT_APP, SCRIPT_POST)->name, "post");
    assert_int_equal(script_name_index(L.views, "shadow"), 14);
    assert_int_equal(script_name_index(L.views, "Shadow"), -1);
    assert_int_equal(script_name_index(wrinkle_expr_names, "disgust"), 5);
    assert_int_equal(script_name_index(head_shape_names, "nose_wrinkle"), 5);
    assert_int_equal(script_name_index(L.dumps, "damage-fading"), 1);
    /* each command name round-trips through the parser */
    for (int i = 0; i < L.ncommands; i++) {
        const script_command *row = script_lang_row(&L, L.order[i].scene, L.order[i].op);
        char text[128], err[512];
        snprintf(text, sizeof text, "0 %s\n", row->name);
        script s;
        bool ok = script_parse(&L, text, "t", &s, err, sizeof err);
        if (ok) {
            assert_cmd(&s.cmds[0], L.order[i].scene, L.order[i].op, row->name);
            script_free(&s);
        } else {
            assert_null(strstr(err, "unknown command")); /* known, only missing arguments */
        }
    }
}

/* The unknown-command message lists the app's scene and camera, every scene's commands in the
 * registry's order, then the app's others. */
static void unknown_command_lists_every_command(void **state)
{
    (void)state;
    script s;
    char err[1024];
    assert_false(script_parse(&L, "0 fly\n", "t", &s, err, sizeof err));
    assert_string_equal(err, "t:1: unknown command 'fly' (expected one of: scene, camera, weapon, fire, hold, blast, "
                             "robot, truck, drive, layer, plant, chunk, blendshape, expression, wrinkles, dissolve, "
                             "dissolve-mode, dissolve-shape, dissolve-pitfall, dissolve-edge, view, screenshot, "
                             "dump, stats, quit, set, params, post, fx)");
}

/* A scene's rows, names and hooks reach the parser by registration alone. */
static int plant_parse(char **tok, int ntok, script_cmd *cmd, char *msg, size_t len)
{
    if (ntok == 1 && !strcmp(tok[0], "all")) {
        cmd->index = 99;
        return 1;
    }
    if (ntok == 1 && !strcmp(tok[0], "never")) {
        snprintf(msg, len, "grow never: refused by the hook");
        return 0;
    }
    return SCRIPT_ARGS_DEFAULT;
}
static bool plant_check(script_cmd *cmd, char **tok, char *msg, size_t len)
{
    if (cmd->index != 1) return true;
    snprintf(msg, len, "grow %s: checked after the kinds", tok[0]);
    return false;
}

static void a_planted_vocab_registers_its_commands(void **state)
{
    (void)state;
    static const char *const kinds[] = {"moss", "fern", NULL};
    static const char *const views[] = {"roots", NULL};
    static const script_command rows[] = {
        {"grow", "e", "KIND", kinds, "plant kind", {0}, SCRIPT_BUTTONS, plant_parse, plant_check},
        {"water-it", "n", "LITRES", NULL, NULL, {SCRIPT_POSITIVE}},
        {NULL},
    };
    static const script_vocab garden = {"garden", rows, views, NULL};
    const script_vocab *const vocabs[] = {&garden};
    script_lang g;
    script_lang_init(&g, vocabs, 1);
    script s;
    char err[512];
    assert_true(script_parse(&g, "0 scene garden\n0 grow moss\n0 grow all\n1 water-it 2\n1 view roots\n", "g", &s, err, sizeof err));
    assert_cmd(&s.cmds[0], SCRIPT_APP, SCRIPT_SCENE, "scene");
    assert_int_equal(s.cmds[0].index, 0);
    assert_cmd(&s.cmds[1], 0, 0, "grow");
    assert_int_equal(s.cmds[2].index, 99);
    assert_cmd(&s.cmds[3], 0, 1, "water-it");
    assert_string_equal(s.cmds[4].str, "roots");
    script_free(&s);
    assert_false(script_parse(&g, "0 grow never\n", "g", &s, err, sizeof err));
    assert_string_equal(err, "g:1: grow never: refused by the hook");
    assert_false(script_parse(&g, "0 grow fern\n", "g", &s, err, sizeof err));
    assert_string_equal(err, "g:1: grow fern: checked after the kinds");
    assert_false(script_parse(&g, "0 grow oak\n", "g", &s, err, sizeof err));
    assert_string_equal(err, "g:1: unknown plant kind 'oak' (expected one of: moss, fern)");
    assert_false(script_parse(&g, "0 water-it 0\n", "g", &s, err, sizeof err));
    assert_string_equal(err, "g:1: water-it: litres must be greater than 0, got 0");
    assert_false(script_parse(&g, "0 view damage\n", "g", &s, err, sizeof err));
    assert_string_equal(err, "g:1: unknown view 'damage' (expected one of: none, roots, shadow, ssao, bloom, coc)");
    assert_false(script_parse(&g, "0 fire\n", "g", &s, err, sizeof err)); /* the range is not registered */
    assert_non_null(strstr(err, "unknown command 'fire' (expected one of: scene, camera, grow, water-it, view,"));
}

/* robot: respawn alone, anim with one of the animation table's names; errors list the tables. */
static void robot_actions_parse(void **state)
{
    (void)state;
    char text[128], err[512];
    script s;
    assert_int_equal(names_count(range_robot_actions), 2);
    assert_true(script_parse(&L, "0 robot respawn\n", "t", &s, err, sizeof err));
    assert_int_equal(s.cmds[0].index, RANGE_ROBOT_RESPAWN);
    script_free(&s);
    for (int m = 0; robot_anim_mode_names[m]; m++) {
        snprintf(text, sizeof text, "0 robot anim %s\n", robot_anim_mode_names[m]);
        assert_true(script_parse(&L, text, "t", &s, err, sizeof err));
        assert_cmd(&s.cmds[0], RANGE, RANGE_CMD_ROBOT, "robot");
        assert_int_equal(s.cmds[0].index, RANGE_ROBOT_ANIM);
        assert_int_equal((int)s.cmds[0].num[0], m);
        script_free(&s);
    }
    assert_false(script_parse(&L, "0 robot anim\n", "t", &s, err, sizeof err));
    assert_string_equal(err, "t:1: robot anim needs one animation (idle, walk, stop)");
    assert_false(script_parse(&L, "0 robot anim dance\n", "t", &s, err, sizeof err));
    assert_string_equal(err, "t:1: unknown robot animation 'dance' (expected one of: idle, walk, stop)");
    assert_false(script_parse(&L, "0 robot anim walk fast\n", "t", &s, err, sizeof err));
}

/* Every command with a name argument reads the one table of its enum: each name in the table
 * parses to its index, and a bad name's error lists exactly the table, in order. */
static void every_table_name_parses_and_errors_list_the_table(void **state)
{
    (void)state;
    static const struct {
        int scene, op;
        const char *const *table;
        int count;         /* the enum's count: the table covers the whole enum */
        const char *tail;  /* arguments after the name */
    } cases[] = {
        {SCRIPT_APP, SCRIPT_SCENE, L.scene_names, 4, ""},
        {RANGE, RANGE_CMD_WEAPON, weapon_names, WEAPON_KIND_COUNT, ""},
        {FACE, FACE_CMD_BLENDSHAPE, head_shape_names, HEAD_MORPH_COUNT, " 0.5"},
        {FACE, FACE_CMD_EXPRESSION, wrinkle_expr_names, WRINKLE_EXPR_COUNT, ""},
        {DISSOLVE, DISSOLVE_CMD_MODE, dissolve_mode_names, DISSOLVE_MODE_COUNT, ""},
        {DISSOLVE, DISSOLVE_CMD_SHAPE, dissolve_shape_names, DISSOLVE_SHAPE_COUNT, ""},
        {SCRIPT_APP, SCRIPT_VIEW, L.views, 18, ""},
        {SCRIPT_APP, SCRIPT_POST, post_effect_names, POST_EFFECT_COUNT, " on"},
        {SCRIPT_APP, SCRIPT_DUMP, L.dumps, 14, " out.png"},
        {DISSOLVE, DISSOLVE_CMD_PITFALL, dissolve_pitfall_names, DISSOLVE_PITFALL_COUNT, ""},
        {DISSOLVE, DISSOLVE_CMD_EDGE, dissolve_edge_names, DISSOLVE_EDGE_COUNT, ""},
        {MUD, MUD_CMD_PLANT, mud_plant_names, 2, " 10 20"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const script_command *row = script_lang_row(&L, cases[c].scene, cases[c].op);
        const char *cmd = row->name;
        assert_ptr_equal(row->names, cases[c].table);
        assert_int_equal(names_count(cases[c].table), cases[c].count);
        char text[256], err[512];
        script s;
        for (int i = 0; cases[c].table[i]; i++) {
            snprintf(text, sizeof text, "0 %s %s%s\n", cmd, cases[c].table[i], cases[c].tail);
            assert_true(script_parse(&L, text, "t", &s, err, sizeof err));
            assert_cmd(&s.cmds[0], cases[c].scene, cases[c].op, cmd);
            assert_int_equal(s.cmds[0].index, i);
            assert_string_equal(s.cmds[0].str, cases[c].table[i]);
            script_free(&s);
        }
        snprintf(text, sizeof text, "0 %s no-such-name%s\n", cmd, cases[c].tail);
        assert_false(script_parse(&L, text, "t", &s, err, sizeof err));
        char list[512];
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
    assert_false(script_parse(&L, "0 weapon laser\n", "t.txt", &s, err, sizeof err));
    assert_string_equal(err, "t.txt:1: unknown weapon 'laser' (expected one of: marksman, auto, shotgun)");
}

/* 'post NAME on|off': the switch is a number 1|0, anything else names what is valid. */
static void post_switches_parse(void **state)
{
    (void)state;
    script s;
    char err[512];
    assert_true(script_parse(&L, "0 post bloom off\n0.5 post exposure on\n", "t", &s, err, sizeof err));
    assert_int_equal(s.count, 2);
    assert_cmd(&s.cmds[0], SCRIPT_APP, SCRIPT_POST, "post");
    assert_int_equal(s.cmds[0].index, POST_BLOOM);
    assert_true(s.cmds[0].num[0] == 0.0f);
    assert_int_equal(s.cmds[1].index, POST_EXPOSURE);
    assert_true(s.cmds[1].num[0] == 1.0f);
    script_free(&s);
    assert_false(script_parse(&L, "0 post bloom maybe\n", "t", &s, err, sizeof err));
    assert_non_null(strstr(err, "t:1: post: on|off must be on or off, got 'maybe'"));
    assert_false(script_parse(&L, "0 post bloom\n", "t", &s, err, sizeof err));
    assert_non_null(strstr(err, "post needs 2 arguments"));
}

/* 'screenshot PATH' writes the frame; 'screenshot PATH X Y W H' a rectangle of it (whole pixels). */
static void screenshot_takes_a_rectangle(void **state)
{
    (void)state;
    script s;
    char err[512];
    assert_true(script_parse(&L, "0 screenshot a.png\n0 screenshot b.png 204 312 60 40\n", "t", &s, err, sizeof err));
    assert_int_equal(s.count, 2);
    assert_cmd(&s.cmds[0], SCRIPT_APP, SCRIPT_SCREENSHOT, "screenshot");
    assert_int_equal(s.cmds[0].nnum, 0);
    assert_string_equal(s.cmds[1].path, "b.png");
    assert_int_equal(s.cmds[1].nnum, 4);
    const float rect[4] = {204, 312, 60, 40};
    for (int k = 0; k < 4; k++) assert_true(s.cmds[1].num[k] == rect[k]);
    script_free(&s);
    assert_false(script_parse(&L, "0 screenshot b.png 0 0 0 40\n", "t", &s, err, sizeof err));
    assert_non_null(strstr(err, "t:1: screenshot: W must be a whole number >= 1, got '0'"));
    assert_false(script_parse(&L, "0 screenshot b.png 1.5 0 8 8\n", "t", &s, err, sizeof err));
    assert_non_null(strstr(err, "screenshot: X must be a whole number >= 0, got '1.5'"));
    assert_false(script_parse(&L, "0 screenshot b.png 1 2\n", "t", &s, err, sizeof err));
    assert_non_null(strstr(err, "screenshot needs 1 argument"));
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
        cmocka_unit_test(unknown_command_lists_every_command),
        cmocka_unit_test(a_planted_vocab_registers_its_commands),
        cmocka_unit_test(every_table_name_parses_and_errors_list_the_table),
        cmocka_unit_test(robot_actions_parse),
        cmocka_unit_test(post_switches_parse),
        cmocka_unit_test(screenshot_takes_a_rectangle),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
