/* options.h — the imprint command line (contract: docs/cli.md).
 *
 *   options o;
 *   char err[256];
 *   int rc = options_parse(argc, argv, &o, err, sizeof err);
 *   if (rc == OPTIONS_EXIT_OK) -> --help or --version was printed; exit 0
 *   if (rc == OPTIONS_ERROR)   -> print err as one line on stderr; exit 2
 *
 * Defaults (options_default): scene "range", windowed, 1280x720, frames unlimited (-1),
 * fixed_dt 0 (= real time in a window, one step per frame headless), step_hz 60, seed 1, no
 * script/screenshot/bench,
 * batcher instanced, bb_align auto, particles 0, particles_gpu 0, level_size 512.
 * Values are range-checked here so the rest of the program can trust them.
 */
#ifndef IMPRINT_CORE_OPTIONS_H
#define IMPRINT_CORE_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define OPTIONS_PATH_MAX 1024
#define OPTIONS_SETS_MAX 64 /* --set NAME=VALUE options kept */

enum { OPTIONS_OK = 0, OPTIONS_EXIT_OK = 1, OPTIONS_ERROR = 2 };

typedef struct options {
    char scene[16];                 /* range | mud | face | dissolve */
    bool headless;
    int width, height;              /* --size WxH, 16..8192 each */
    long frames;                    /* --frames N (>= 1), -1 = until quit */
    double fixed_dt;                /* --fixed-dt S in (0, 1]; 0 = not given */
    int step_hz;                    /* --step-hz N, 1..1000: fixed steps per second without --fixed-dt */
    unsigned seed;                  /* --seed N */
    char script[OPTIONS_PATH_MAX];  /* --script FILE ("" = none); readability checked by the parser */
    char screenshot[OPTIONS_PATH_MAX];
    bool bench;                     /* --bench [PATH] */
    char bench_path[OPTIONS_PATH_MAX]; /* "" = print to stdout */
    /* technique options (docs/cli.md) */
    char batcher[16];               /* --batcher instanced|quads|cpu */
    char bb_align[16];              /* --bb-align auto|screen|viewpoint|velocity */
    long particles;                 /* --particles N, 0..10,000,000 */
    long particles_gpu;             /* --particles-gpu N, 0..4,000,000: simulated by transform feedback */
    int level_size;                 /* --level-size M, metres, multiple of 16, 64..1024 */
    bool level_size_set;            /* --level-size given: it overrides the level file's size */
    char level[OPTIONS_PATH_MAX];   /* --level FILE ("" = assets/levels/default.level); parsed by the app */
    bool ui;                        /* --ui: the parameter panel shown from the start, headless too */
    int nsets;                      /* --set NAME=VALUE, in order; each checked against the registry */
    char sets[OPTIONS_SETS_MAX][2][128]; /* [i][0] name, [i][1] value */
    bool mud_everywhere;            /* --mud-everywhere: every block of the mud level has mud */
} options;

void options_default(options *o);
/* Parses argv[1..argc-1] into *o (defaults first). Returns OPTIONS_OK, OPTIONS_EXIT_OK after
 * printing help/version to stdout, or OPTIONS_ERROR with one line (no newline) in err. */
int options_parse(int argc, char **argv, options *o, char *err, size_t errlen);
void options_print_help(FILE *f);

#endif
