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
 * struct of values and their defaults, how to apply and check a value, its lines of --help): the
 * billboards' (bb/core/bb_options.h) and the mud scene's (mud/scene/mud_vocab.h). Its values
 * live in a slot of options (ext_data) that only the slice reads and writes, through
 * options_ext_values; this module knows none of their names.
 * `--scene` takes the registry's scene names (cli.scenes), the first is the default.
 * Defaults (options_default): the first scene, windowed, 1280x720, frames unlimited (-1),
 * fixed_dt 0 (= real time in a window, one step per frame headless), step_hz 60, seed 1, no
 * script/screenshot/bench, then each ext's own.
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
#define OPTIONS_EXT_MAX 8      /* options_ext per command line */
#define OPTIONS_EXT_BYTES 1280 /* the most an options_ext's values may take */

/* One options_ext's values: its own struct, aligned for any member. */
typedef union options_ext_slot {
    max_align_t align;
    unsigned char bytes[OPTIONS_EXT_BYTES];
} options_ext_slot;

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
    char quality[8];                /* --quality low|medium|high|auto (base/quality.h quality_names) */
    int target_fps;                 /* --target-fps N, 0..240 (0 = off); -1 = not given */
    bool ui;                        /* --ui: the parameter panel shown from the start, headless too */
    int nsets;                      /* --set NAME=VALUE, in order; each checked against the registry */
    char sets[OPTIONS_SETS_MAX][2][128]; /* [i][0] name, [i][1] value */
    /* The slices' options (docs/cli.md): slot i holds the values of cli.ext[i], a struct of that
     * ext's own (its size <= OPTIONS_EXT_BYTES); read them with options_ext_values. */
    const struct options_ext *ext_owner[OPTIONS_EXT_MAX];
    options_ext_slot ext_data[OPTIONS_EXT_MAX];
} options;

typedef enum options_arg { OPTIONS_ARG_NONE, OPTIONS_ARG_REQUIRED, OPTIONS_ARG_OPTIONAL } options_arg;

typedef struct options_option {
    const char *name; /* "--size" */
    options_arg arg;
} options_option;

/* Options a slice adds to the command line. Its values are a struct of its own (size bytes,
 * at most OPTIONS_EXT_BYTES), zeroed and then set by defaults, changed by apply. */
typedef struct options_ext {
    const options_option *options; /* ended by a row whose name is NULL */
    size_t size;                   /* sizeof its struct of values */
    void (*defaults)(void *values); /* its values' defaults (may be NULL: all zero) */
    /* One of its options with its value (NULL when it takes none or an optional one was not
     * given): OPTIONS_OK, or OPTIONS_ERROR with one line in err (options_fail). */
    int (*apply)(const char *name, const char *val, void *values, char *err, size_t errlen);
    void (*help)(FILE *f); /* its lines of --help, under "technique options:" */
} options_ext;

typedef struct options_cli {
    const char *const *scenes;                   /* --scene's names, NULL-terminated; [0] the default */
    const options_ext *ext[OPTIONS_EXT_MAX + 1]; /* NULL-terminated */
} options_cli;

void options_default(const options_cli *cli, options *o);
/* The values of ext in o (its struct; parsed, or its defaults), NULL when o's command line had no
 * such ext. A slice wraps it: `const bb_cli *c = bb_cli_values(opt);`. */
const void *options_ext_values(const options *o, const options_ext *ext);
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
