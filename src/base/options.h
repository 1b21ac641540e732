/* options.h — the imprint command line (contract: docs/cli.md).
 *
 *   options_cli cli = {.scenes = names, .ext = {&bb_options, &mud_options, NULL}};  // the app's registry
 *   options o;
 *   char err[256];
 *   int rc = options_parse(&cli, argc, argv, &o, err, sizeof err);
 *   if (rc == OPTIONS_EXIT_OK) -> --help or --version was printed; exit 0
 *   if (rc == OPTIONS_ERROR)   -> print err as one line on stderr; exit 2
 *
 * The app's options are this module's; a slice adds its own as an options_ext (its names, its
 * defaults, how to apply and check a value, its lines of --help): the billboards'
 * (bb/core/bb_options.h) and the mud scene's (mud/core/mud_vocab.h). Their values land in the
 * "technique options" fields below, which only the slice that adds them writes and reads.
 * `--scene` takes the registry's scene names (cli.scenes), the first is the default.
 * Defaults (options_default): the first scene, windowed, 1280x720, frames unlimited (-1),
 * fixed_dt 0 (= real time in a window, one step per frame headless), step_hz 60, seed 1, no
 * script/screenshot/bench, then each ext's (batcher instanced, bb_align auto, particles 0,
 * particles_gpu 0, level_size 512).
 * Values are range-checked here (or by their ext) so the rest of the program can trust them.
 */
#ifndef IMPRINT_CORE_OPTIONS_H
#define IMPRINT_CORE_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "base/log.h"

#ifdef __cplusplus
extern "C" {
#endif

#define OPTIONS_PATH_MAX 1024
#define OPTIONS_SETS_MAX 64 /* --set NAME=VALUE options kept */

enum { OPTIONS_OK = 0, OPTIONS_EXIT_OK = 1, OPTIONS_ERROR = 2 };

typedef struct options {
    char scene[16];                 /* one of options_cli.scenes */
    bool headless;
    int width, height;              /* --size WxH, 16..8192 each */
    long frames;                    /* --frames N (>= 1), -1 = until quit */
    double fixed_dt;                /* --fixed-dt S in (0, 1]; 0 = not given */
    int step_hz;                    /* --step-hz N, 1..1000: fixed steps per second without --fixed-dt */
    unsigned seed;                  /* --seed N */
    char script[OPTIONS_PATH_MAX];  /* --script FILE ("" = none); readability checked by the parser */
    char screenshot[OPTIONS_PATH_MAX];
    char stats[OPTIONS_PATH_MAX];   /* --stats PATH: the last frame's stats ("" = none) */
    bool bench;                     /* --bench [PATH] */
    char bench_path[OPTIONS_PATH_MAX]; /* "" = print to stdout */
    /* technique options (docs/cli.md), written by the options_ext that adds them; base reads none */
    char batcher[16];               /* --batcher instanced|quads|cpu */
    char bb_align[16];              /* --bb-align auto|screen|viewpoint|velocity */
    long particles;                 /* --particles N, 0..10,000,000 */
    long particles_gpu;             /* --particles-gpu N, 0..4,000,000: simulated by transform feedback */
    int level_size;                 /* --level-size M, metres, multiple of 16, 64..1024 */
    bool level_size_set;            /* --level-size given: it overrides the level file's size */
    char level[OPTIONS_PATH_MAX];   /* --level FILE ("" = assets/levels/default.level); loaded by the mud scene */
    char quality[8];                /* --quality low|medium|high|auto (base/quality.h quality_names) */
    int target_fps;                 /* --target-fps N, 0..240 (0 = off); -1 = not given */
    bool ui;                        /* --ui: the parameter panel shown from the start, headless too */
    int nsets;                      /* --set NAME=VALUE, in order; each checked against the registry */
    char sets[OPTIONS_SETS_MAX][2][128]; /* [i][0] name, [i][1] value */
    bool mud_everywhere;            /* --mud-everywhere: every block of the mud level has mud (technique) */
} options;

typedef enum options_arg { OPTIONS_ARG_NONE, OPTIONS_ARG_REQUIRED, OPTIONS_ARG_OPTIONAL } options_arg;

typedef struct options_option {
    const char *name; /* "--batcher" */
    options_arg arg;
} options_option;

/* Options a slice adds to the command line. */
typedef struct options_ext {
    const options_option *options; /* ended by a row whose name is NULL */
    void (*defaults)(struct options *o);   /* its fields' defaults (may be NULL) */
    /* One of its options with its value (NULL when it takes none or an optional one was not
     * given): OPTIONS_OK, or OPTIONS_ERROR with one line in err (options_fail). */
    int (*apply)(const char *name, const char *val, struct options *o, char *err, size_t errlen);
    void (*help)(FILE *f); /* its lines of --help, under "technique options:" */
} options_ext;

enum { OPTIONS_EXT_MAX = 8 };

typedef struct options_cli {
    const char *const *scenes;                   /* --scene's names, NULL-terminated; [0] the default */
    const options_ext *ext[OPTIONS_EXT_MAX + 1]; /* NULL-terminated */
} options_cli;

void options_default(const options_cli *cli, options *o);
/* Parses argv[1..argc-1] into *o (defaults first). Returns OPTIONS_OK, OPTIONS_EXIT_OK after
 * printing help/version to stdout, or OPTIONS_ERROR with one line (no newline) in err. */
int options_parse(const options_cli *cli, int argc, char **argv, options *o, char *err, size_t errlen);
void options_print_help(const options_cli *cli, FILE *f);

/* For an ext's apply: the error (always OPTIONS_ERROR); plain digits into *out (no sign, no
 * blanks); a name of list into dst ("OPT: unknown WHAT 'VAL' (expected a | b)"); a path into dst
 * (at most OPTIONS_PATH_MAX - 1 characters); a file that must be readable now. */
int options_fail(char *err, size_t errlen, const char *fmt, ...) LOG_PRINTF(3, 4);
bool options_parse_digits(const char *s, long long *out);
int options_set_name(const char *opt, const char *what, const char *const *list, const char *val, char *dst,
                     size_t dstlen, char *err, size_t errlen);
int options_set_path(const char *opt, const char *val, char *dst, char *err, size_t errlen);
int options_check_readable(const char *opt, const char *path, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
