#include "base/options.h"

#include "base/log.h"
#include "base/names.h"
#include "base/params.h"
#include "base/script.h"
#include "bb/core/bb_batch.h"

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#ifndef IMPRINT_VERSION
#define IMPRINT_VERSION "0.1.0"
#endif

void options_default(options *o)
{
    assert(o);
    memset(o, 0, sizeof *o);
    strcpy(o->scene, script_scene_names[SCRIPT_SCENE_RANGE]);
    o->width = 1280;
    o->height = 720;
    o->frames = -1;
    o->step_hz = 60;
    o->seed = 1;
    strcpy(o->batcher, bb_batcher_names[BB_BATCHER_INSTANCED]);
    strcpy(o->bb_align, bb_align_names[BB_ALIGN_AUTO]);
    o->level_size = 512;
}

void options_print_help(FILE *f)
{
    char scenes[128], batchers[128], aligns[128];
    names_join(script_scene_names, " | ", scenes, sizeof scenes);
    names_join(bb_batcher_names, " | ", batchers, sizeof batchers);
    names_join(bb_align_names, " | ", aligns, sizeof aligns);
    fprintf(f, "imprint [options]\n"
               "  --scene NAME        %-38s (default: %s)\n", scenes, script_scene_names[0]);
    fputs("  --headless          no window: render offscreen through EGL\n"
          "  --size WxH          framebuffer size                        (default 1280x720)\n"
          "  --frames N          stop after N frames\n"
          "  --fixed-dt S        advance the simulation S seconds per frame (headless: 1/--step-hz)\n"
          "  --step-hz N         fixed simulation steps per second, 1..1000 (default 60): a window\n"
          "                      steps in real time, headless one 1/N step per frame\n"
          "  --seed N            seed every random source (same seed + script = same pixels)\n"
          "  --script FILE       run timed commands (see docs/cli.md)\n"
          "  --screenshot PATH   write the last frame as PNG\n"
          "  --bench [PATH]      print (or write) per-pass GPU and CPU times as JSON\n"
          "  --help, --version\n"
          "technique options:\n", f);
    fprintf(f, "  --batcher KIND      %s: billboard batcher    (default: %s)\n", batchers, bb_batcher_names[0]);
    fprintf(f, "  --bb-align MODE     %s: billboard alignment,\n"
               "                      auto keeps each effect's own                (default: %s)\n", aligns, bb_align_names[0]);
    fputs("  --particles N       extra billboards for stress tests, 0..10000000 (default 0)\n"
          "  --particles-gpu N   particles simulated on the GPU, 0..4000000 (default 0)\n"
          "  --level FILE        mud level file (default assets/levels/default.level; docs/mud.md)\n"
          "  --level-size M      mud level side in metres, multiple of 16, 64..1024 (default: the\n"
          "                      level file's, 512 for the default level)\n"
          "  --mud-everywhere    mud in every block of the mud level (soft, fully masked ground)\n"
          "panel and parameters:\n"
          "  --ui                show the parameter panel from the start (also in headless pictures;\n"
          "                      U toggles it in a window)\n"
          "  --set NAME=VALUE    set a registered parameter, repeatable (list: script 'params PATH')\n"
          "Every option also accepts --option=value.\n",
          f);
}

static int fail(char *err, size_t errlen, const char *fmt, ...) LOG_PRINTF(3, 4);

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return OPTIONS_ERROR;
}

/* strtol accepts leading blanks and signs; a command line value should be plain digits. */
static bool parse_ll(const char *s, long long *out)
{
    if (!isdigit((unsigned char)s[0])) return false;
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno == ERANGE || *end != '\0') return false;
    *out = v;
    return true;
}

static bool parse_double(const char *s, double *out)
{
    if (!isdigit((unsigned char)s[0]) && s[0] != '.') return false;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno == ERANGE || *end != '\0' || !isfinite(v)) return false;
    *out = v;
    return true;
}

static int set_enum(const char *opt, const char *what, const char *const *list, const char *val, char *dst,
                    size_t dstlen, char *err, size_t errlen)
{
    if (names_find(list, val) < 0) {
        char names[128];
        names_join(list, " | ", names, sizeof names);
        return fail(err, errlen, "%s: unknown %s '%s' (expected %s)", opt, what, val, names);
    }
    snprintf(dst, dstlen, "%s", val);
    return OPTIONS_OK;
}

static int set_path(const char *opt, const char *val, char *dst, char *err, size_t errlen)
{
    if (strlen(val) >= OPTIONS_PATH_MAX)
        return fail(err, errlen, "%s: path is longer than %d characters", opt, OPTIONS_PATH_MAX - 1);
    strcpy(dst, val);
    return OPTIONS_OK;
}

/* Reading one byte also catches directories, which fopen happily opens. */
static int check_readable(const char *opt, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (f) {
        errno = 0;
        (void)getc(f);
        int bad = ferror(f);
        int e = errno;
        fclose(f);
        if (!bad) return OPTIONS_OK;
        errno = e ? e : EIO;
    }
    return fail(err, errlen, "%s: cannot read '%s': %s", opt, path, strerror(errno));
}

static int parse_size(const char *val, options *o, char *err, size_t errlen)
{
    const char *x = strchr(val, 'x');
    long long w, h;
    char wbuf[32];
    size_t wl = x ? (size_t)(x - val) : 0;
    if (!x || wl == 0 || wl >= sizeof wbuf) goto bad;
    memcpy(wbuf, val, wl);
    wbuf[wl] = '\0';
    if (!parse_ll(wbuf, &w) || !parse_ll(x + 1, &h)) goto bad;
    if (w < 16 || w > 8192 || h < 16 || h > 8192)
        return fail(err, errlen, "--size: width and height must each be 16..8192, got '%s'", val);
    o->width = (int)w;
    o->height = (int)h;
    return OPTIONS_OK;
bad:
    return fail(err, errlen, "--size: expected WxH like 1280x720, got '%s'", val);
}

enum { ARG_NONE, ARG_REQUIRED, ARG_OPTIONAL };

static const struct {
    const char *name;
    int arg;
} options_table[] = {
    {"--scene", ARG_REQUIRED},      {"--headless", ARG_NONE},     {"--size", ARG_REQUIRED},
    {"--frames", ARG_REQUIRED},     {"--fixed-dt", ARG_REQUIRED}, {"--seed", ARG_REQUIRED},
    {"--script", ARG_REQUIRED},     {"--screenshot", ARG_REQUIRED}, {"--bench", ARG_OPTIONAL},
    {"--help", ARG_NONE},           {"--version", ARG_NONE},      {"--batcher", ARG_REQUIRED},
    {"--particles", ARG_REQUIRED},  {"--level-size", ARG_REQUIRED}, {"--step-hz", ARG_REQUIRED},
    {"--ui", ARG_NONE},             {"--set", ARG_REQUIRED},
    {"--mud-everywhere", ARG_NONE}, {"--level", ARG_REQUIRED}, {"--bb-align", ARG_REQUIRED}, {"--particles-gpu", ARG_REQUIRED},
};

/* One option with its value (NULL when it takes none or an optional one was not given). */
static int apply(const char *name, const char *val, options *o, char *err, size_t errlen)
{
    long long n;
    double d;
    if (!strcmp(name, "--scene"))
        return set_enum(name, "scene", script_scene_names, val, o->scene, sizeof o->scene, err, errlen);
    if (!strcmp(name, "--headless")) { o->headless = true; return OPTIONS_OK; }
    if (!strcmp(name, "--size")) return parse_size(val, o, err, errlen);
    if (!strcmp(name, "--frames")) {
        if (!parse_ll(val, &n) || n < 1 || n > LONG_MAX)
            return fail(err, errlen, "--frames: expected a whole number >= 1, got '%s'", val);
        o->frames = (long)n;
        return OPTIONS_OK;
    }
    if (!strcmp(name, "--fixed-dt")) {
        if (!parse_double(val, &d) || d <= 0.0 || d > 1.0)
            return fail(err, errlen, "--fixed-dt: expected seconds in (0, 1] like 0.016667, got '%s'", val);
        o->fixed_dt = d;
        return OPTIONS_OK;
    }
    if (!strcmp(name, "--step-hz")) {
        if (!parse_ll(val, &n) || n < 1 || n > 1000)
            return fail(err, errlen, "--step-hz: expected steps per second, a whole number 1..1000, got '%s'", val);
        o->step_hz = (int)n;
        return OPTIONS_OK;
    }
    if (!strcmp(name, "--seed")) {
        if (!parse_ll(val, &n) || n > (long long)UINT_MAX)
            return fail(err, errlen, "--seed: expected a whole number 0..%u, got '%s'", UINT_MAX, val);
        o->seed = (unsigned)n;
        return OPTIONS_OK;
    }
    if (!strcmp(name, "--script")) {
        int rc = set_path(name, val, o->script, err, errlen);
        return rc == OPTIONS_OK ? check_readable(name, val, err, errlen) : rc;
    }
    if (!strcmp(name, "--screenshot")) return set_path(name, val, o->screenshot, err, errlen);
    if (!strcmp(name, "--bench")) {
        o->bench = true;
        if (!val) { o->bench_path[0] = '\0'; return OPTIONS_OK; }
        return set_path(name, val, o->bench_path, err, errlen);
    }
    if (!strcmp(name, "--mud-everywhere")) { o->mud_everywhere = true; return OPTIONS_OK; }
    if (!strcmp(name, "--help")) { options_print_help(stdout); return OPTIONS_EXIT_OK; }
    if (!strcmp(name, "--version")) { printf("imprint %s\n", IMPRINT_VERSION); return OPTIONS_EXIT_OK; }
    if (!strcmp(name, "--batcher"))
        return set_enum(name, "batcher", bb_batcher_names, val, o->batcher, sizeof o->batcher, err, errlen);
    if (!strcmp(name, "--bb-align"))
        return set_enum(name, "alignment", bb_align_names, val, o->bb_align, sizeof o->bb_align, err, errlen);
    if (!strcmp(name, "--particles")) {
        if (!parse_ll(val, &n) || n > 10000000)
            return fail(err, errlen, "--particles: expected a whole number 0..10000000, got '%s'", val);
        o->particles = (long)n;
        return OPTIONS_OK;
    }
    if (!strcmp(name, "--particles-gpu")) {
        if (!parse_ll(val, &n) || n > 4000000)
            return fail(err, errlen, "--particles-gpu: expected a whole number 0..4000000, got '%s'", val);
        o->particles_gpu = (long)n;
        return OPTIONS_OK;
    }
    if (!strcmp(name, "--level-size")) {
        if (!parse_ll(val, &n) || n < 64 || n > 1024 || n % 16)
            return fail(err, errlen, "--level-size: expected metres, a multiple of 16 in 64..1024, got '%s'", val);
        o->level_size = (int)n;
        o->level_size_set = true;
        return OPTIONS_OK;
    }
    if (!strcmp(name, "--level")) {
        int rc = set_path(name, val, o->level, err, errlen);
        return rc == OPTIONS_OK ? check_readable(name, val, err, errlen) : rc;
    }
    if (!strcmp(name, "--ui")) { o->ui = true; return OPTIONS_OK; }
    if (!strcmp(name, "--set")) {
        const char *eq = strchr(val, '=');
        if (!eq || eq == val) return fail(err, errlen, "--set: expected NAME=VALUE like dissolve.edge_width=0.08, got '%s'", val);
        if (o->nsets == OPTIONS_SETS_MAX) return fail(err, errlen, "--set: more than %d given", OPTIONS_SETS_MAX);
        char *dst_name = o->sets[o->nsets][0], *dst_val = o->sets[o->nsets][1];
        const size_t nl = (size_t)(eq - val), cap = sizeof o->sets[0][0];
        if (nl >= cap || strlen(eq + 1) >= cap) return fail(err, errlen, "--set: '%.64s' is too long", val);
        memcpy(dst_name, val, nl);
        dst_name[nl] = '\0';
        strcpy(dst_val, eq + 1);
        char msg[256];
        if (!params_set_text(NULL, dst_name, dst_val, msg, sizeof msg)) return fail(err, errlen, "--set: %s", msg);
        o->nsets++;
        return OPTIONS_OK;
    }
    assert(!"option in options_table without a handler");
    return OPTIONS_ERROR;
}

int options_parse(int argc, char **argv, options *o, char *err, size_t errlen)
{
    assert(o && (argc == 0 || argv));
    options_default(o);
    if (err && errlen) err[0] = '\0';
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strncmp(arg, "--", 2) != 0 || arg[2] == '\0')
            return fail(err, errlen, "unexpected argument '%s' (options start with --, see --help)", arg);
        char name[32];
        const char *eq = strchr(arg, '=');
        size_t nl = eq ? (size_t)(eq - arg) : strlen(arg);
        int kind = -1;
        if (nl < sizeof name) {
            memcpy(name, arg, nl);
            name[nl] = '\0';
            for (size_t k = 0; k < sizeof options_table / sizeof options_table[0]; k++)
                if (!strcmp(name, options_table[k].name)) kind = options_table[k].arg;
        }
        if (kind < 0) {
            /* name the option only, not a long value that came with it */
            return fail(err, errlen, "unknown option '%.*s' (see --help)", (int)(nl > 64 ? 64 : nl), arg);
        }
        const char *val = eq ? eq + 1 : NULL;
        if (kind == ARG_NONE && val) return fail(err, errlen, "%s takes no value, got '%s'", name, val);
        if (kind == ARG_REQUIRED && !val) {
            /* "--script --headless" is a forgotten value, not a file named --headless */
            if (i + 1 >= argc || !strncmp(argv[i + 1], "--", 2))
                return fail(err, errlen, "%s: missing value (see --help)", name);
            val = argv[++i];
        }
        if (kind == ARG_OPTIONAL && !val && i + 1 < argc && strncmp(argv[i + 1], "--", 2) != 0) val = argv[++i];
        if (kind != ARG_NONE && val && val[0] == '\0') return fail(err, errlen, "%s: empty value (see --help)", name);
        int rc = apply(name, val, o, err, errlen);
        if (rc != OPTIONS_OK) return rc;
    }
    return OPTIONS_OK;
}
