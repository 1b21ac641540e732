/* Command line: defaults, every option in both spellings, every bad value rejected with a
 * message naming the option and the value, --bench with and without PATH, --help/--version. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/names.h"
#include "base/options.h"
#include "bb/core/bb_batch.h"
#include "bb/core/bb_options.h"
#include "damage/scene/range_vocab.h"
#include "dissolve/scene/dissolve_vocab.h"
#include "mud/scene/mud_vocab.h"
#include "wrinkle/scene/face_vocab.h"
#include "testdata.h"
#include "testparams.h"

/* The command line the app builds from its scene registry (app/registry.c): the scenes' names in
 * its order, the billboards' options and the mud scene's. */
static const char *const scene_names[] = {"range", "mud", "face", "dissolve", NULL};
/* the slices' values in an options (their options_ext's slots) */
#define BB(o) bb_cli_values(&(o))
#define MUD(o) mud_cli_values(&(o))
#define KNOB(o) (((const knob_values *)options_ext_values(&(o), &knob))->knob)
static const options_cli cli = {scene_names, {&bb_options, &mud_options, NULL}};

/* parse("--a", "b", NULL): argv[0] is the program name, as from main. */
static int parse(options *o, char *err, size_t errlen, ...)
{
    char *argv[32] = {"imprint"};
    int argc = 1;
    va_list ap;
    va_start(ap, errlen);
    for (const char *a; (a = va_arg(ap, const char *)) != NULL;) {
        assert_true(argc < 32);
        argv[argc++] = (char *)a;
    }
    va_end(ap);
    return options_parse(&cli, argc, argv, o, err, errlen);
}

static void defaults_match_the_header(void **state)
{
    (void)state;
    options o;
    char err[256] = "x";
    assert_int_equal(parse(&o, err, sizeof err, NULL), OPTIONS_OK);
    assert_string_equal(err, "");
    assert_string_equal(o.scene, "range");
    assert_false(o.headless);
    assert_int_equal(o.width, 1280);
    assert_int_equal(o.height, 720);
    assert_int_equal(o.frames, -1);
    assert_true(o.fixed_dt == 0.0);
    assert_int_equal(o.step_hz, 60);
    assert_int_equal(o.seed, 1);
    assert_string_equal(o.script, "");
    assert_string_equal(o.screenshot, "");
    assert_false(o.bench);
    assert_string_equal(o.bench_path, "");
    assert_string_equal(BB(o)->batcher, "instanced");
    assert_string_equal(BB(o)->align, "auto");
    assert_int_equal(BB(o)->particles, 0);
    assert_string_equal(BB(o)->particles_gpu_path, "auto");
    assert_int_equal(MUD(o)->level_size, 512);
}

static void every_option_is_applied(void **state)
{
    (void)state;
    options o;
    char err[256];
    const char *script = testdata_path("script_all.txt");
    int rc = parse(&o, err, sizeof err, "--scene", "dissolve", "--headless", "--size", "320x180", "--frames", "5",
                   "--fixed-dt", "0.02", "--seed", "4294967295", "--script", script, "--screenshot", "a.png",
                   "--bench", "b.json", "--batcher", "quads", "--particles", "100000", "--level-size", "1024", "--step-hz", "144",
                   "--particles-gpu", "1000000", "--bb-align", "velocity", "--particles-gpu-path", "texture", NULL);
    if (rc != OPTIONS_OK) fprintf(stderr, "%s\n", err);
    assert_int_equal(rc, OPTIONS_OK);
    assert_string_equal(o.scene, "dissolve");
    assert_true(o.headless);
    assert_int_equal(o.width, 320);
    assert_int_equal(o.height, 180);
    assert_int_equal(o.frames, 5);
    assert_float_equal(o.fixed_dt, 0.02, 1e-12);
    assert_int_equal(o.seed, 4294967295u);
    assert_string_equal(o.script, script);
    assert_string_equal(o.screenshot, "a.png");
    assert_true(o.bench);
    assert_string_equal(o.bench_path, "b.json");
    assert_string_equal(BB(o)->batcher, "quads");
    assert_int_equal(BB(o)->particles_gpu, 1000000);
    assert_string_equal(BB(o)->particles_gpu_path, "texture");
    assert_string_equal(BB(o)->align, "velocity");
    assert_int_equal(BB(o)->particles, 100000);
    assert_int_equal(MUD(o)->level_size, 1024);
    assert_int_equal(o.step_hz, 144);

    /* the same through --opt=value; later options win */
    char scriptopt[2100];
    snprintf(scriptopt, sizeof scriptopt, "--script=%s", script);
    rc = parse(&o, err, sizeof err, "--scene=mud", "--scene=face", "--size=16x8192", "--frames=1", "--fixed-dt=1",
               "--seed=0", scriptopt, "--screenshot=out/x.png", "--stats=out/x.json", "--bench=b2.json", "--batcher=instanced",
               "--particles=0", "--level-size=64", "--step-hz=1", NULL);
    if (rc != OPTIONS_OK) fprintf(stderr, "%s\n", err);
    assert_int_equal(rc, OPTIONS_OK);
    assert_string_equal(o.scene, "face");
    assert_int_equal(o.width, 16);
    assert_int_equal(o.height, 8192);
    assert_int_equal(o.frames, 1);
    assert_float_equal(o.fixed_dt, 1.0, 1e-12);
    assert_int_equal(o.seed, 0);
    assert_string_equal(o.script, script);
    assert_string_equal(o.screenshot, "out/x.png");
    assert_string_equal(o.stats, "out/x.json");
    assert_string_equal(o.bench_path, "b2.json");
    assert_string_equal(BB(o)->batcher, "instanced");
    assert_int_equal(MUD(o)->level_size, 64);
    assert_int_equal(o.step_hz, 1);
    assert_int_equal(parse(&o, err, sizeof err, "--step-hz", "1000", NULL), OPTIONS_OK);
    assert_int_equal(o.step_hz, 1000);

    /* --set is repeatable and kept in order; --ui */
    assert_false(o.ui);
    assert_int_equal(o.nsets, 0);
    rc = parse(&o, err, sizeof err, "--ui", "--set", "dissolve.edge_width=0.08", "--set=bb.frame_blend=off", NULL);
    if (rc != OPTIONS_OK) fprintf(stderr, "%s\n", err);
    assert_int_equal(rc, OPTIONS_OK);
    assert_true(o.ui);
    assert_int_equal(o.nsets, 2);
    assert_string_equal(o.sets[0][0], "dissolve.edge_width");
    assert_string_equal(o.sets[0][1], "0.08");
    assert_string_equal(o.sets[1][0], "bb.frame_blend");
    assert_string_equal(o.sets[1][1], "off");
}

static void bench_path_is_optional(void **state)
{
    (void)state;
    options o;
    char err[256];
    /* last argument */
    assert_int_equal(parse(&o, err, sizeof err, "--headless", "--bench", NULL), OPTIONS_OK);
    assert_true(o.bench);
    assert_string_equal(o.bench_path, "");
    /* followed by another option: that option is not taken as PATH */
    assert_int_equal(parse(&o, err, sizeof err, "--bench", "--frames", "3", NULL), OPTIONS_OK);
    assert_true(o.bench);
    assert_string_equal(o.bench_path, "");
    assert_int_equal(o.frames, 3);
    /* followed by a path */
    assert_int_equal(parse(&o, err, sizeof err, "--bench", "out/bench.json", "--headless", NULL), OPTIONS_OK);
    assert_string_equal(o.bench_path, "out/bench.json");
    assert_true(o.headless);
    assert_int_equal(parse(&o, err, sizeof err, "--bench=-", NULL), OPTIONS_OK);
    assert_string_equal(o.bench_path, "-");
    assert_int_equal(parse(&o, err, sizeof err, "--bench=", NULL), OPTIONS_ERROR);
    assert_string_equal(err, "--bench: empty value (see --help)");
}

static void size_edges(void **state)
{
    (void)state;
    options o;
    char err[256];
    assert_int_equal(parse(&o, err, sizeof err, "--size", "16x16", NULL), OPTIONS_OK);
    assert_int_equal(o.width * 1000 + o.height, 16016);
    assert_int_equal(parse(&o, err, sizeof err, "--size", "8192x8192", NULL), OPTIONS_OK);
    assert_int_equal(o.width, 8192);
    assert_int_equal(parse(&o, err, sizeof err, "--size", "0320x0180", NULL), OPTIONS_OK);
    assert_int_equal(o.width * 1000 + o.height, 320180);

    static const char *const malformed[] = {"12x", "x12", "1280", "12x12x", "-12x12", "12x-12", "+12x12", " 12x12",
                                            "12 x12", "12X12", "1.5x12", "12x12.0", "abc", "99999999999999999999x16"};
    for (size_t i = 0; i < sizeof malformed / sizeof malformed[0]; i++) {
        char want[256];
        assert_int_equal(parse(&o, err, sizeof err, "--size", malformed[i], NULL), OPTIONS_ERROR);
        snprintf(want, sizeof want, "--size: expected WxH like 1280x720, got '%s'", malformed[i]);
        assert_string_equal(err, want);
        assert_int_equal(o.width, 1280); /* nothing half-applied */
    }
    static const char *const out_of_range[] = {"15x16", "16x15", "8193x16", "16x8193", "0x0"};
    for (size_t i = 0; i < sizeof out_of_range / sizeof out_of_range[0]; i++) {
        char want[256];
        assert_int_equal(parse(&o, err, sizeof err, "--size", out_of_range[i], NULL), OPTIONS_ERROR);
        snprintf(want, sizeof want, "--size: width and height must each be 16..8192, got '%s'", out_of_range[i]);
        assert_string_equal(err, want);
    }
}

static void bad_values_name_option_and_value(void **state)
{
    (void)state;
    static const struct {
        const char *opt, *val, *want;
    } cases[] = {
        {"--scene", "city", "--scene: unknown scene 'city' (expected range | mud | face | dissolve)"},
        {"--scene", "Range", "--scene: unknown scene 'Range' (expected range | mud | face | dissolve)"},
        {"--frames", "0", "--frames: expected a whole number >= 1, got '0'"},
        {"--frames", "-3", "--frames: expected a whole number >= 1, got '-3'"},
        {"--frames", "10k", "--frames: expected a whole number >= 1, got '10k'"},
        {"--frames", "1e3", "--frames: expected a whole number >= 1, got '1e3'"},
        {"--frames", "99999999999999999999", "--frames: expected a whole number >= 1, got '99999999999999999999'"},
        {"--fixed-dt", "0", "--fixed-dt: expected seconds in (0, 1] like 0.016667, got '0'"},
        {"--fixed-dt", "1.5", "--fixed-dt: expected seconds in (0, 1] like 0.016667, got '1.5'"},
        {"--fixed-dt", "-0.1", "--fixed-dt: expected seconds in (0, 1] like 0.016667, got '-0.1'"},
        {"--fixed-dt", "nan", "--fixed-dt: expected seconds in (0, 1] like 0.016667, got 'nan'"},
        {"--fixed-dt", "0.01s", "--fixed-dt: expected seconds in (0, 1] like 0.016667, got '0.01s'"},
        {"--seed", "-1", "--seed: expected a whole number 0..4294967295, got '-1'"},
        {"--seed", "4294967296", "--seed: expected a whole number 0..4294967295, got '4294967296'"},
        {"--seed", "0x10", "--seed: expected a whole number 0..4294967295, got '0x10'"},
        {"--script", "no/such/file.txt", "--script: cannot read 'no/such/file.txt': No such file or directory"},
        {"--script", "/", "--script: cannot read '/': Is a directory"},
        {"--batcher", "sprites", "--batcher: unknown batcher 'sprites' (expected instanced | quads | cpu)"},
        {"--particles-gpu-path", "warp", "--particles-gpu-path: unknown GPU particle path 'warp' (expected auto | feedback | texture)"},
        {"--particles-gpu", "4000001", "--particles-gpu: expected a whole number 0..4000000, got '4000001'"},
        {"--bb-align", "up", "--bb-align: unknown alignment 'up' (expected auto | screen | viewpoint | velocity)"},
        {"--particles", "-1", "--particles: expected a whole number 0..10000000, got '-1'"},
        {"--particles", "10000001", "--particles: expected a whole number 0..10000000, got '10000001'"},
        {"--level-size", "100", "--level-size: expected metres, a multiple of 16 in 64..1024, got '100'"},
        {"--level-size", "48", "--level-size: expected metres, a multiple of 16 in 64..1024, got '48'"},
        {"--level-size", "1040", "--level-size: expected metres, a multiple of 16 in 64..1024, got '1040'"},
        {"--step-hz", "0", "--step-hz: expected steps per second, a whole number 1..1000, got '0'"},
        {"--step-hz", "1001", "--step-hz: expected steps per second, a whole number 1..1000, got '1001'"},
        {"--step-hz", "-60", "--step-hz: expected steps per second, a whole number 1..1000, got '-60'"},
        {"--step-hz", "59.9", "--step-hz: expected steps per second, a whole number 1..1000, got '59.9'"},
        {"--step-hz", "fast", "--step-hz: expected steps per second, a whole number 1..1000, got 'fast'"},
        {"--set", "dissolve.edge_width", "--set: expected NAME=VALUE like render.scale=0.5, got 'dissolve.edge_width'"},
        {"--set", "=1", "--set: expected NAME=VALUE like render.scale=0.5, got '=1'"},
        {"--set", "no.such=1", "--set: unknown parameter 'no.such' (the list: params PATH, or docs/cli.md)"},
        {"--set", "damage.fade_rate=0", "--set: damage.fade_rate must be a number in 1..60, got '0'"},
        {"--set", "bb.frame_blend=yes", "--set: bb.frame_blend must be one of off|on, got 'yes'"},
        {"--hud", "maybe", "--hud: expected on|off, got 'maybe'"},
        {"--hud", "1", "--hud: expected on|off, got '1'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        options o;
        char err[256], joined[128];
        assert_int_equal(parse(&o, err, sizeof err, cases[i].opt, cases[i].val, NULL), OPTIONS_ERROR);
        assert_string_equal(err, cases[i].want);
        /* --opt=value reports the same */
        snprintf(joined, sizeof joined, "%s=%s", cases[i].opt, cases[i].val);
        assert_int_equal(parse(&o, err, sizeof err, joined, NULL), OPTIONS_ERROR);
        assert_string_equal(err, cases[i].want);
        assert_null(strchr(err, '\n'));
    }
}

/* --hud on|off is the parameter hud, set like --set hud=VALUE, in order with the --set options */
static void hud_is_the_hud_parameter(void **state)
{
    (void)state;
    options o;
    char err[256];
    assert_int_equal(parse(&o, err, sizeof err, "--set", "bb.frame_blend=on", "--hud", "off", NULL), OPTIONS_OK);
    assert_int_equal(o.nsets, 2);
    assert_string_equal(o.sets[1][0], "hud");
    assert_string_equal(o.sets[1][1], "off");
    assert_int_equal(parse(&o, err, sizeof err, "--hud=on", NULL), OPTIONS_OK);
    assert_int_equal(o.nsets, 1);
    assert_string_equal(o.sets[0][1], "on");
}

static void unknown_missing_and_stray_arguments(void **state)
{
    (void)state;
    options o;
    char err[256];
    assert_int_equal(parse(&o, err, sizeof err, "--bogus", NULL), OPTIONS_ERROR);
    assert_string_equal(err, "unknown option '--bogus' (see --help)");
    assert_int_equal(parse(&o, err, sizeof err, "--bogus=3", NULL), OPTIONS_ERROR);
    assert_string_equal(err, "unknown option '--bogus' (see --help)");
    assert_int_equal(parse(&o, err, sizeof err, "--headless", "--Scene", "mud", NULL), OPTIONS_ERROR);
    assert_string_equal(err, "unknown option '--Scene' (see --help)");
    assert_int_equal(parse(&o, err, sizeof err, "-h", NULL), OPTIONS_ERROR);
    assert_string_equal(err, "unexpected argument '-h' (options start with --, see --help)");
    assert_int_equal(parse(&o, err, sizeof err, "--headless", "mud", NULL), OPTIONS_ERROR);
    assert_string_equal(err, "unexpected argument 'mud' (options start with --, see --help)");
    assert_int_equal(parse(&o, err, sizeof err, "--", NULL), OPTIONS_ERROR);

    static const char *const need_value[] = {"--scene", "--size", "--frames", "--fixed-dt", "--seed",
                                             "--script", "--screenshot", "--batcher", "--particles", "--level-size",
                                             "--step-hz", "--particles-gpu", "--bb-align", "--particles-gpu-path"};
    for (size_t i = 0; i < sizeof need_value / sizeof need_value[0]; i++) {
        char want[128];
        snprintf(want, sizeof want, "%s: missing value (see --help)", need_value[i]);
        assert_int_equal(parse(&o, err, sizeof err, need_value[i], NULL), OPTIONS_ERROR);
        assert_string_equal(err, want);
        /* a following option is a forgotten value, not the value */
        assert_int_equal(parse(&o, err, sizeof err, need_value[i], "--headless", NULL), OPTIONS_ERROR);
        assert_string_equal(err, want);
        snprintf(want, sizeof want, "%s: empty value (see --help)", need_value[i]);
        char eq[64];
        snprintf(eq, sizeof eq, "%s=", need_value[i]);
        assert_int_equal(parse(&o, err, sizeof err, eq, NULL), OPTIONS_ERROR);
        assert_string_equal(err, want);
    }
    assert_int_equal(parse(&o, err, sizeof err, "--headless=yes", NULL), OPTIONS_ERROR);
    assert_string_equal(err, "--headless takes no value, got 'yes'");

    /* a tiny error buffer is truncated, never overrun */
    char small[8];
    assert_int_equal(parse(&o, small, sizeof small, "--bogus", NULL), OPTIONS_ERROR);
    assert_string_equal(small, "unknown");
    /* an over-long path is refused rather than cut */
    static char longpath[OPTIONS_PATH_MAX + 8];
    memset(longpath, 'p', sizeof longpath - 1);
    assert_int_equal(parse(&o, err, sizeof err, "--screenshot", longpath, NULL), OPTIONS_ERROR);
    assert_string_equal(err, "--screenshot: path is longer than 1023 characters");
}

static void help_and_version_exit_ok(void **state)
{
    (void)state;
    options o;
    char err[256];
    assert_int_equal(parse(&o, err, sizeof err, "--help", NULL), OPTIONS_EXIT_OK);
    assert_int_equal(parse(&o, err, sizeof err, "--headless", "--version", NULL), OPTIONS_EXIT_OK);
    /* help stops parsing: what follows is not an error */
    assert_int_equal(parse(&o, err, sizeof err, "--help", "--bogus", NULL), OPTIONS_EXIT_OK);

    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    options_print_help(&cli, f);
    fclose(f);
    static const char *const mentioned[] = {"imprint [options]", "--scene NAME", "--headless", "--size WxH",
                                            "--frames N", "--fixed-dt S", "--seed N", "--script FILE",
                                            "--screenshot PATH", "--bench [PATH]", "--help, --version",
                                            "--batcher", "--particles N", "--level-size M", "--step-hz N",
                                            "--particles-gpu N", "--bb-align MODE", "--particles-gpu-path PATH"};
    for (size_t i = 0; i < sizeof mentioned / sizeof mentioned[0]; i++)
        if (!strstr(text, mentioned[i])) fail_msg("help does not mention '%s'", mentioned[i]);
    free(text);
}

/* --scene, --batcher and --bb-align read the one table of their enum: every name is accepted, a bad one's
 * error lists the table, and --help shows the same list. */
static void every_table_name_parses_and_help_lists_it(void **state)
{
    (void)state;
    static const struct {
        const char *opt, *what;
        const char *const *table;
        int count;
    } cases[] = {
        {"--scene", "scene", scene_names, 4},
        {"--batcher", "batcher", bb_batcher_names, BB_BATCHER_COUNT},
        {"--bb-align", "alignment", bb_align_names, BB_ALIGN_OVERRIDE_COUNT},
    };
    char *help = NULL;
    size_t helplen = 0;
    FILE *f = open_memstream(&help, &helplen);
    options_print_help(&cli, f);
    fclose(f);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        assert_int_equal(names_count(cases[c].table), cases[c].count);
        for (int i = 0; cases[c].table[i]; i++) {
            options o;
            char err[256];
            assert_int_equal(parse(&o, err, sizeof err, cases[c].opt, cases[c].table[i], NULL), OPTIONS_OK);
            const char *got = !strcmp(cases[c].opt, "--scene") ? o.scene : !strcmp(cases[c].opt, "--batcher") ? BB(o)->batcher : BB(o)->align;
            assert_string_equal(got, cases[c].table[i]);
        }
        char list[128], want[256], err[256];
        options o;
        names_join(cases[c].table, " | ", list, sizeof list);
        snprintf(want, sizeof want, "%s: unknown %s 'x' (expected %s)", cases[c].opt, cases[c].what, list);
        assert_int_equal(parse(&o, err, sizeof err, cases[c].opt, "x", NULL), OPTIONS_ERROR);
        assert_string_equal(err, want);
        /* the help line of the option carries the same list */
        char *line = strstr(help, cases[c].opt);
        assert_non_null(line);
        char *end = strchr(line, '\n');
        char *at = strstr(line, list);
        assert_true(at && at < end);
    }
    free(help);
}

/* The scene names above are the vocabs' own. */
static void scene_names_are_the_vocabs(void **state)
{
    (void)state;
    const script_vocab *v[] = {&range_vocab, &mud_vocab, &face_vocab, &dissolve_vocab};
    for (int i = 0; i < 4; i++) assert_string_equal(v[i]->scene, scene_names[i]);
}

/* A slice's options reach the parser, the defaults and --help only through its options_ext. */
typedef struct knob_values { int knob; } knob_values;
static int knob_apply(const char *name, const char *val, void *values, char *err, size_t errlen)
{
    long long n;
    if (!options_parse_digits(val, &n) || n > 9) return options_fail(err, errlen, "%s: expected 0..9, got '%s'", name, val);
    ((knob_values *)values)->knob = (int)n;
    return OPTIONS_OK;
}
static void knob_defaults(void *values) { ((knob_values *)values)->knob = 7; }
static void knob_help(FILE *f) { fputs("  --knob N            a test knob\n", f); }

static void an_ext_adds_its_options(void **state)
{
    (void)state;
    static const options_option knob_options[] = {{"--knob", OPTIONS_ARG_REQUIRED}, {NULL, OPTIONS_ARG_NONE}};
    static const options_ext knob = {knob_options, sizeof(knob_values), knob_defaults, knob_apply, knob_help};
    static const char *const two[] = {"face", "range", NULL};
    const options_cli mine = {two, {&knob, NULL}};
    char *argv[4] = {"imprint", "--knob", "3", NULL};
    options o;
    char err[256];
    assert_int_equal(options_parse(&mine, 1, argv, &o, err, sizeof err), OPTIONS_OK);
    assert_int_equal(KNOB(o), 7);          /* its default */
    assert_string_equal(o.scene, "face");      /* the first scene is the default */
    assert_int_equal(options_parse(&mine, 3, argv, &o, err, sizeof err), OPTIONS_OK);
    assert_int_equal(KNOB(o), 3);
    argv[2] = "12";
    assert_int_equal(options_parse(&mine, 3, argv, &o, err, sizeof err), OPTIONS_ERROR);
    assert_string_equal(err, "--knob: expected 0..9, got '12'");
    /* without the billboards' ext, their option is unknown */
    char *bb[3] = {"imprint", "--batcher=cpu", NULL};
    assert_int_equal(options_parse(&mine, 2, bb, &o, err, sizeof err), OPTIONS_ERROR);
    assert_string_equal(err, "unknown option '--batcher' (see --help)");
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    options_print_help(&mine, f);
    fclose(f);
    assert_non_null(strstr(text, "technique options:\n  --knob N            a test knob\npanel and parameters:"));
    assert_null(strstr(text, "--batcher"));
    free(text);
}

static int setup(void **state)
{
    (void)state;
    testparams_register(); /* --set checks names against them */
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(defaults_match_the_header),
        cmocka_unit_test(every_option_is_applied),
        cmocka_unit_test(bench_path_is_optional),
        cmocka_unit_test(size_edges),
        cmocka_unit_test(bad_values_name_option_and_value),
        cmocka_unit_test(hud_is_the_hud_parameter),
        cmocka_unit_test(unknown_missing_and_stray_arguments),
        cmocka_unit_test(help_and_version_exit_ok),
        cmocka_unit_test(scene_names_are_the_vocabs),
        cmocka_unit_test(an_ext_adds_its_options),
        cmocka_unit_test(every_table_name_parses_and_help_lists_it),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
