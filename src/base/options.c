#include "base/options.h"
#include "base/quality.h"

#include "base/log.h"
#include "base/names.h"
#include "base/params.h"

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

void options_default(const options_cli *cli, options *o)
{
    assert(cli && cli->scenes && cli->scenes[0] && o);
    memset(o, 0, sizeof *o);
    snprintf(o->scene, sizeof o->scene, "%s", cli->scenes[0]);
    o->width = 1280;
    o->height = 720;
    o->frames = -1;
    o->step_hz = 60;
    o->seed = 1;
    snprintf(o->quality, sizeof o->quality, "auto");
    o->target_fps = -1;
    for (int i = 0; cli->ext[i] && i < OPTIONS_EXT_MAX; i++) {
        assert(cli->ext[i]->size <= OPTIONS_EXT_BYTES);
        o->ext_owner[i] = cli->ext[i];
        if (cli->ext[i]->defaults) cli->ext[i]->defaults(o->ext_data[i].bytes);
    }
}

const void *options_ext_values(const options *o, const options_ext *ext)
{
    for (int i = 0; i < OPTIONS_EXT_MAX && o->ext_owner[i]; i++)
        if (o->ext_owner[i] == ext) return o->ext_data[i].bytes;
    return NULL;
}

/* The slot of ext's values in o (ext is one of o's, options_default put it there). */
static void *options__values(options *o, const options_ext *ext)
{
    for (int i = 0; i < OPTIONS_EXT_MAX && o->ext_owner[i]; i++)
        if (o->ext_owner[i] == ext) return o->ext_data[i].bytes;
    return NULL;
}

void options_print_help(const options_cli *cli, FILE *f)
{
    char scenes[128];
    names_join(cli->scenes, " | ", scenes, sizeof scenes);
    fprintf(f, "imprint [options]\n"
               "  --scene NAME        %-38s (default: %s)\n", scenes, cli->scenes[0]);
    fputs("  --headless          no window: render offscreen through EGL\n"
          "  --size WxH          framebuffer size                        (default 1280x720)\n"
          "  --frames N          stop after N frames\n"
          "  --fixed-dt S        advance the simulation S seconds per frame (headless: 1/--step-hz)\n"
          "  --step-hz N         fixed simulation steps per second, 1..1000 (default 60): a window\n"
          "                      steps in real time, headless one 1/N step per frame\n"
          "  --seed N            seed every random source (same seed + script = same pixels)\n"
          "  --script FILE       run timed commands (see docs/cli.md)\n"
          "  --screenshot PATH   write the last frame as PNG (PATH.jpg: JPEG, quality 90)\n"
          "  --stats PATH        write the last frame's stats as JSON (docs/cli.md)\n"
          "  --bench [PATH]      print (or write) per-pass GPU and CPU times as JSON\n"
          "  --quality Q         low | medium | high | auto (default auto: in a window low on a CPU\n"
          "                      renderer, high otherwise; headless high); sets the render.* params\n"
          "  --target-fps N      the internal resolution follows the frame time to reach N fps\n"
          "                      (0 = off; default 30 in a window at low/medium, else off)\n"
          "  --help, --version\n"
          "technique options:\n", f);
    for (int i = 0; cli->ext[i]; i++)
        if (cli->ext[i]->help) cli->ext[i]->help(f);
    fputs("panel and parameters:\n"
          "  --ui                show the parameter panel from the start (also in headless pictures;\n"
          "                      U toggles it in a window)\n"
          "  --set NAME=VALUE    set a registered parameter, repeatable (list: script 'params PATH')\n"
          "  --hud on|off        the overlay: status line, scene lines, key help (default on; off\n"
          "                      for show pictures, as --set hud=off)\n"
          "Every option also accepts --option=value.\n",
          f);
}

int options_fail(char *err, size_t errlen, const char *fmt, ...)
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
bool options_parse_digits(const char *s, long long *out)
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

int options_set_name(const char *opt, const char *what, const char *const *list, const char *val, char *dst,
                    size_t dstlen, char *err, size_t errlen)
{
    if (names_find(list, val) < 0) {
        char names[128];
        names_join(list, " | ", names, sizeof names);
        return options_fail(err, errlen, "%s: unknown %s '%s' (expected %s)", opt, what, val, names);
    }
    snprintf(dst, dstlen, "%s", val);
    return OPTIONS_OK;
}

int options_set_path(const char *opt, const char *val, char *dst, char *err, size_t errlen)
{
    if (strlen(val) >= OPTIONS_PATH_MAX)
        return options_fail(err, errlen, "%s: path is longer than %d characters", opt, OPTIONS_PATH_MAX - 1);
    strcpy(dst, val);
    return OPTIONS_OK;
}

/* Reading one byte also catches directories, which fopen happily opens. */
int options_check_readable(const char *opt, const char *path, char *err, size_t errlen)
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
    return options_fail(err, errlen, "%s: cannot read '%s': %s", opt, path, strerror(errno));
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
    if (!options_parse_digits(wbuf, &w) || !options_parse_digits(x + 1, &h)) goto bad;
    if (w < 16 || w > 8192 || h < 16 || h > 8192)
        return options_fail(err, errlen, "--size: width and height must each be 16..8192, got '%s'", val);
    o->width = (int)w;
    o->height = (int)h;
    return OPTIONS_OK;
bad:
    return options_fail(err, errlen, "--size: expected WxH like 1280x720, got '%s'", val);
}

static const options_option options__app[] = {
    {"--scene", OPTIONS_ARG_REQUIRED},  {"--headless", OPTIONS_ARG_NONE},     {"--size", OPTIONS_ARG_REQUIRED},
    {"--frames", OPTIONS_ARG_REQUIRED}, {"--fixed-dt", OPTIONS_ARG_REQUIRED}, {"--seed", OPTIONS_ARG_REQUIRED},
    {"--script", OPTIONS_ARG_REQUIRED}, {"--screenshot", OPTIONS_ARG_REQUIRED}, {"--bench", OPTIONS_ARG_OPTIONAL},
    {"--help", OPTIONS_ARG_NONE},       {"--version", OPTIONS_ARG_NONE},      {"--step-hz", OPTIONS_ARG_REQUIRED},
    {"--ui", OPTIONS_ARG_NONE},         {"--set", OPTIONS_ARG_REQUIRED},      {"--quality", OPTIONS_ARG_REQUIRED},
    {"--target-fps", OPTIONS_ARG_REQUIRED}, {"--stats", OPTIONS_ARG_REQUIRED}, {"--hud", OPTIONS_ARG_REQUIRED},
    {NULL, OPTIONS_ARG_NONE},
};

/* The kind of the option called name and who applies it (*ext: NULL for the app's); -1 when unknown. */
static int options__find(const options_cli *cli, const char *name, const options_ext **ext)
{
    *ext = NULL;
    for (int k = 0; options__app[k].name; k++)
        if (!strcmp(name, options__app[k].name)) return (int)options__app[k].arg;
    for (int i = 0; cli->ext[i]; i++)
        for (int k = 0; cli->ext[i]->options[k].name; k++)
            if (!strcmp(name, cli->ext[i]->options[k].name)) {
                *ext = cli->ext[i];
                return (int)cli->ext[i]->options[k].arg;
            }
    return -1;
}

/* One of the app's options with its value (NULL when it takes none or an optional one was not given). */
static int apply(const options_cli *cli, const char *name, const char *val, options *o, char *err, size_t errlen)
{
    long long n;
    double d;
    if (!strcmp(name, "--scene"))
        return options_set_name(name, "scene", cli->scenes, val, o->scene, sizeof o->scene, err, errlen);
    if (!strcmp(name, "--headless")) { o->headless = true; return OPTIONS_OK; }
    if (!strcmp(name, "--size")) return parse_size(val, o, err, errlen);
    if (!strcmp(name, "--frames")) {
        if (!options_parse_digits(val, &n) || n < 1 || n > LONG_MAX)
            return options_fail(err, errlen, "--frames: expected a whole number >= 1, got '%s'", val);
        o->frames = (long)n;
        return OPTIONS_OK;
    }
    if (!strcmp(name, "--fixed-dt")) {
        if (!parse_double(val, &d) || d <= 0.0 || d > 1.0)
            return options_fail(err, errlen, "--fixed-dt: expected seconds in (0, 1] like 0.016667, got '%s'", val);
        o->fixed_dt = d;
        return OPTIONS_OK;
    }
    if (!strcmp(name, "--step-hz")) {
        if (!options_parse_digits(val, &n) || n < 1 || n > 1000)
            return options_fail(err, errlen, "--step-hz: expected steps per second, a whole number 1..1000, got '%s'", val);
        o->step_hz = (int)n;
        return OPTIONS_OK;
    }
    if (!strcmp(name, "--seed")) {
        if (!options_parse_digits(val, &n) || n > (long long)UINT_MAX)
            return options_fail(err, errlen, "--seed: expected a whole number 0..%u, got '%s'", UINT_MAX, val);
        o->seed = (unsigned)n;
        return OPTIONS_OK;
    }
    if (!strcmp(name, "--script")) {
        int rc = options_set_path(name, val, o->script, err, errlen);
        return rc == OPTIONS_OK ? options_check_readable(name, val, err, errlen) : rc;
    }
    if (!strcmp(name, "--screenshot")) return options_set_path(name, val, o->screenshot, err, errlen);
    if (!strcmp(name, "--stats")) return options_set_path(name, val, o->stats, err, errlen);
    if (!strcmp(name, "--bench")) {
        o->bench = true;
        if (!val) { o->bench_path[0] = '\0'; return OPTIONS_OK; }
        return options_set_path(name, val, o->bench_path, err, errlen);
    }
    if (!strcmp(name, "--help")) { options_print_help(cli, stdout); return OPTIONS_EXIT_OK; }
    if (!strcmp(name, "--version")) { printf("imprint %s\n", IMPRINT_VERSION); return OPTIONS_EXIT_OK; }
    if (!strcmp(name, "--ui")) { o->ui = true; return OPTIONS_OK; }
    if (!strcmp(name, "--quality"))
        return options_set_name(name, "quality", quality_names, val, o->quality, sizeof o->quality, err, errlen);
    if (!strcmp(name, "--target-fps")) {
        if (!options_parse_digits(val, &n) || n > 240)
            return options_fail(err, errlen, "--target-fps: expected frames per second, a whole number 0..240 (0 = off), got '%s'", val);
        o->target_fps = (int)n;
        return OPTIONS_OK;
    }
    if (!strcmp(name, "--hud")) {
        /* the parameter hud, as --set hud=on|off: one name for the panel, scripts and the page */
        if (strcmp(val, "on") != 0 && strcmp(val, "off") != 0)
            return options_fail(err, errlen, "--hud: expected on|off, got '%.64s'", val);
        if (o->nsets == OPTIONS_SETS_MAX) return options_fail(err, errlen, "--hud: more than %d --set given", OPTIONS_SETS_MAX);
        snprintf(o->sets[o->nsets][0], sizeof o->sets[0][0], "hud");
        snprintf(o->sets[o->nsets][1], sizeof o->sets[0][1], "%s", val);
        o->nsets++;
        return OPTIONS_OK;
    }
    if (!strcmp(name, "--set")) {
        const char *eq = strchr(val, '=');
        if (!eq || eq == val) return options_fail(err, errlen, "--set: expected NAME=VALUE like render.scale=0.5, got '%s'", val);
        if (o->nsets == OPTIONS_SETS_MAX) return options_fail(err, errlen, "--set: more than %d given", OPTIONS_SETS_MAX);
        char *dst_name = o->sets[o->nsets][0], *dst_val = o->sets[o->nsets][1];
        const size_t nl = (size_t)(eq - val), cap = sizeof o->sets[0][0];
        if (nl >= cap || strlen(eq + 1) >= cap) return options_fail(err, errlen, "--set: '%.64s' is too long", val);
        memcpy(dst_name, val, nl);
        dst_name[nl] = '\0';
        strcpy(dst_val, eq + 1);
        char msg[256];
        if (!params_set_text(NULL, dst_name, dst_val, msg, sizeof msg)) return options_fail(err, errlen, "--set: %s", msg);
        o->nsets++;
        return OPTIONS_OK;
    }
    assert(!"option in options__app without a handler");
    return OPTIONS_ERROR;
}

int options_parse(const options_cli *cli, int argc, char **argv, options *o, char *err, size_t errlen)
{
    assert(cli && o && (argc == 0 || argv));
    options_default(cli, o);
    if (err && errlen) err[0] = '\0';
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strncmp(arg, "--", 2) != 0 || arg[2] == '\0')
            return options_fail(err, errlen, "unexpected argument '%s' (options start with --, see --help)", arg);
        char name[32];
        const char *eq = strchr(arg, '=');
        size_t nl = eq ? (size_t)(eq - arg) : strlen(arg);
        int kind = -1;
        const options_ext *ext = NULL;
        if (nl < sizeof name) {
            memcpy(name, arg, nl);
            name[nl] = '\0';
            kind = options__find(cli, name, &ext);
        }
        if (kind < 0) {
            /* name the option only, not a long value that came with it */
            return options_fail(err, errlen, "unknown option '%.*s' (see --help)", (int)(nl > 64 ? 64 : nl), arg);
        }
        const char *val = eq ? eq + 1 : NULL;
        if (kind == OPTIONS_ARG_NONE && val) return options_fail(err, errlen, "%s takes no value, got '%s'", name, val);
        if (kind == OPTIONS_ARG_REQUIRED && !val) {
            /* "--script --headless" is a forgotten value, not a file named --headless */
            if (i + 1 >= argc || !strncmp(argv[i + 1], "--", 2))
                return options_fail(err, errlen, "%s: missing value (see --help)", name);
            val = argv[++i];
        }
        if (kind == OPTIONS_ARG_OPTIONAL && !val && i + 1 < argc && strncmp(argv[i + 1], "--", 2) != 0) val = argv[++i];
        if (kind != OPTIONS_ARG_NONE && val && val[0] == '\0') return options_fail(err, errlen, "%s: empty value (see --help)", name);
        int rc = ext ? ext->apply(name, val, options__values(o, ext), err, errlen) : apply(cli, name, val, o, err, errlen);
        if (rc != OPTIONS_OK) return rc;
    }
    return OPTIONS_OK;
}
