#include "base/script.h"

#include "base/log.h"
#include "base/names.h"
#include "base/params.h"
#include "base/post_settings.h"
#include "base/text.h"
#include "damage/core/robot_anim.h"
#include "damage/core/weapon.h"
#include "dissolve/core/dissolve_math.h"
#include "mud/core/chunk.h"
#include "mud/core/mud_layers.h"
#include "wrinkle/core/wrinkle_expr.h"

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Longest accepted line and file: far above any hand-written script, small enough to bound memory. */
#define SCRIPT_LINE_MAX 4096
#define SCRIPT_FILE_MAX (16 << 20)
#define SCRIPT_TOKENS_MAX 16

const char *const script_scene_names[SCRIPT_SCENE_COUNT + 1] = {"range", "mud", "face", "dissolve", NULL};
const char *const script_view_names[] = {"none", "damage", "damage-fading", "wrinkle-normal", "wrinkle-occlusion",
                                         "wrinkle-mask", "mud", "shadow", "mud-base", "ssao", "bloom", "coc",
                                         "dissolve-d", "dissolve-w", "wrinkle-influence", "physics", "water", NULL};
const char *const script_dump_names[] = {"damage", "damage-fading", "wrinkle", "mud", "shadow", "mud-base", "damage-scorch", "water", NULL};
const char *const script_robot_names[] = {"respawn", "anim", NULL};
const char *const script_plant_names[] = {"tree", "rock", NULL};

/* Argument kinds: 'n' number, 'e' enumerated name, 'p' path, 'b' on|off (a number 1|0), 'w' word
 * (set: the parameter name, then its value into path; checked against the registry once both are
 * read). */
typedef enum { R_ANY, R_UNIT, R_SIGNED_UNIT, R_POSITIVE, R_NONNEG, R_CHUNK_SIZE } script_range;

typedef struct script_spec {
    const char *name;
    const char *args;           /* one kind letter per argument */
    const char *usage;          /* one word per argument, used in messages */
    const char *const *names;   /* list for the 'e' argument */
    const char *what;           /* what the 'e' argument is called in messages */
    script_range range[6];      /* per 'n' argument, in order */
} script_spec;

/* Indexed by script_op. */
static const script_spec script_specs[SCRIPT_OP_COUNT] = {
    [SCRIPT_SCENE] = {"scene", "e", "NAME", script_scene_names, "scene", {0}},
    [SCRIPT_CAMERA] = {"camera", "nnnnnn", "EX EY EZ TX TY TZ", NULL, NULL, {0}},
    [SCRIPT_WEAPON] = {"weapon", "e", "NAME", weapon_names, "weapon", {0}},
    [SCRIPT_FIRE] = {"fire", "", "", NULL, NULL, {0}},
    [SCRIPT_HOLD] = {"hold", "n", "SECONDS", NULL, NULL, {R_POSITIVE}},
    [SCRIPT_BLAST] = {"blast", "nnnn", "X Y Z RADIUS", NULL, NULL, {R_ANY, R_ANY, R_ANY, R_POSITIVE}},
    [SCRIPT_ROBOT] = {"robot", "e", "ACTION", script_robot_names, "robot action", {0}}, /* anim takes a mode */
    [SCRIPT_TRUCK] = {"truck", "nnn", "X Z HEADING_DEG", NULL, NULL, {0}},
    [SCRIPT_DRIVE] = {"drive", "nnn", "THROTTLE STEER SECONDS", NULL, NULL, {R_SIGNED_UNIT, R_SIGNED_UNIT, R_NONNEG}},
    [SCRIPT_BLENDSHAPE] = {"blendshape", "en", "NAME WEIGHT", head_shape_names, "blendshape", {R_UNIT}},
    [SCRIPT_EXPRESSION] = {"expression", "e", "NAME", wrinkle_expr_names, "expression", {0}},
    [SCRIPT_DISSOLVE] = {"dissolve", "n", "AMOUNT", NULL, NULL, {R_UNIT}},
    [SCRIPT_DISSOLVE_MODE] = {"dissolve-mode", "e", "MODE", dissolve_mode_names, "dissolve mode", {0}},
    [SCRIPT_DISSOLVE_SHAPE] = {"dissolve-shape", "e", "SHAPE", dissolve_shape_names, "dissolve shape", {0}},
    [SCRIPT_VIEW] = {"view", "e", "NAME", script_view_names, "view", {0}},
    [SCRIPT_SCREENSHOT] = {"screenshot", "p", "PATH", NULL, NULL, {0}},
    [SCRIPT_DUMP] = {"dump", "ep", "TARGET PATH", script_dump_names, "dump target", {0}},
    [SCRIPT_STATS] = {"stats", "p", "PATH", NULL, NULL, {0}},
    [SCRIPT_QUIT] = {"quit", "", "", NULL, NULL, {0}},
    [SCRIPT_SET] = {"set", "ww", "NAME VALUE", NULL, NULL, {0}},
    [SCRIPT_PARAMS] = {"params", "p", "PATH", NULL, NULL, {0}},
    [SCRIPT_POST] = {"post", "eb", "NAME ON|OFF", post_effect_names, "post effect", {0}},
    [SCRIPT_DISSOLVE_PITFALL] = {"dissolve-pitfall", "e", "NAME", dissolve_pitfall_names, "dissolve pitfall", {0}},
    [SCRIPT_DISSOLVE_EDGE] = {"dissolve-edge", "e", "EDGE", dissolve_edge_names, "dissolve edge", {0}},
    [SCRIPT_WRINKLES] = {"wrinkles", "b", "ON|OFF", NULL, NULL, {0}},
    [SCRIPT_LAYER] = {"layer", "eb", "NAME ON|OFF", mud_layer_names, "layer", {0}},
    [SCRIPT_PLANT] = {"plant", "enn", "KIND X Z", script_plant_names, "plant", {0}},
    [SCRIPT_CHUNK] = {"chunk", "nnn", "X Z SIZE", NULL, NULL, {R_ANY, R_ANY, R_CHUNK_SIZE}},
};

const char *script_op_name(script_op op)
{
    assert(op >= 0 && op < SCRIPT_OP_COUNT);
    return script_specs[op].name;
}

int script_name_index(const char *const *list, const char *name) { return names_find(list, name); }

const char *const *script_op_names(script_op op)
{
    assert(op >= 0 && op < SCRIPT_OP_COUNT);
    return script_specs[op].names;
}

/* Error context of one line; every message starts with "FILE:LINE: ". */
typedef struct script_ctx {
    const char *file;
    int line;
    char *err;
    size_t errlen;
} script_ctx;

static bool script_fail(const script_ctx *c, const char *fmt, ...) LOG_PRINTF(2, 3);

static bool script_fail(const script_ctx *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    text_error(c->err, c->errlen, c->file, c->line, fmt, ap);
    va_end(ap);
    return false;
}

/* The index-th word of a usage string, lower-cased, for messages like "drive: steer must be ...". */
static void usage_word(const char *usage, int index, char *buf, size_t len)
{
    const char *p = usage;
    for (int i = 0; i < index && p; i++) {
        p = strchr(p, ' ');
        if (p) p++;
    }
    size_t n = 0;
    while (p && p[n] && p[n] != ' ' && n + 1 < len) {
        buf[n] = (char)tolower((unsigned char)p[n]);
        n++;
    }
    buf[n] = '\0';
}

/* Full-string strtod; rejects "1.2.3", "3x", "nan", "inf" and values a float cannot hold. */
static bool parse_number(const char *s, double *out)
{
    if (!*s || isspace((unsigned char)*s)) return false;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (*end != '\0' || errno == ERANGE || !isfinite(v) || fabs(v) > FLT_MAX) return false;
    *out = v;
    return true;
}

static bool check_range(const script_ctx *c, const script_spec *sp, int arg, script_range r, double v, const char *tok)
{
    char word[32];
    usage_word(sp->usage, arg, word, sizeof word);
    switch (r) {
    case R_ANY: return true;
    case R_UNIT:
        if (v >= 0.0 && v <= 1.0) return true;
        return script_fail(c, "%s: %s must be in 0..1, got %s", sp->name, word, tok);
    case R_SIGNED_UNIT:
        if (v >= -1.0 && v <= 1.0) return true;
        return script_fail(c, "%s: %s must be in -1..1, got %s", sp->name, word, tok);
    case R_POSITIVE:
        if (v > 0.0) return true;
        return script_fail(c, "%s: %s must be greater than 0, got %s", sp->name, word, tok);
    case R_NONNEG:
        if (v >= 0.0) return true;
        return script_fail(c, "%s: %s must be 0 or more, got %s", sp->name, word, tok);
    case R_CHUNK_SIZE:
        if (v >= CHUNK_MIN_SIZE - 1e-6 && v <= CHUNK_MAX_SIZE + 1e-6) return true;
        return script_fail(c, "%s: %s must be in %g..%g metres, got %s", sp->name, word, (double)CHUNK_MIN_SIZE, (double)CHUNK_MAX_SIZE, tok);
    }
    return true;
}

static bool arity_error(const script_ctx *c, const script_spec *sp, int got, char **tok)
{
    int want = (int)strlen(sp->args);
    if (want == 0) return script_fail(c, "%s takes no arguments, got %d ('%s')", sp->name, got, tok[0]);
    bool numbers = strspn(sp->args, "n") == (size_t)want;
    const char *noun = numbers ? (want == 1 ? "number" : "numbers") : (want == 1 ? "argument" : "arguments");
    if (got > want)
        return script_fail(c, "%s needs %d %s (%s), got %d: unexpected '%s'", sp->name, want, noun, sp->usage, got,
                           tok[want]);
    return script_fail(c, "%s needs %d %s (%s), got %d", sp->name, want, noun, sp->usage, got);
}

/* Arguments of one command (tok[0..ntok-1], the words after the command name) into *cmd. */
/* `robot anim idle|walk|stop`: the one action with an argument; num[0] = robot_anim_mode. */
static bool parse_robot_anim(const script_ctx *c, char **tok, int ntok, script_cmd *cmd)
{
    char list[64];
    names_join(robot_anim_mode_names, ", ", list, sizeof list);
    if (ntok != 2) return script_fail(c, "robot anim needs one animation (%s)", list);
    int m = names_find(robot_anim_mode_names, tok[1]);
    if (m < 0) return script_fail(c, "unknown robot animation '%s' (expected one of: %s)", tok[1], list);
    cmd->index = SCRIPT_ROBOT_ANIM;
    snprintf(cmd->str, sizeof cmd->str, "%s", tok[1]);
    cmd->num[0] = (float)m;
    cmd->nnum = 1;
    return true;
}

static bool parse_args(const script_ctx *c, const script_spec *sp, char **tok, int ntok, script_cmd *cmd)
{
    if (cmd->op == SCRIPT_ROBOT && ntok >= 1 && !strcmp(tok[0], "anim")) return parse_robot_anim(c, tok, ntok, cmd);
    int want = (int)strlen(sp->args);
    if (ntok != want) return arity_error(c, sp, ntok, tok);
    int nnum = 0;
    for (int i = 0; i < want; i++) {
        char word[32];
        usage_word(sp->usage, i, word, sizeof word);
        switch (sp->args[i]) {
        case 'n': {
            double v;
            if (!parse_number(tok[i], &v))
                return script_fail(c, "%s: %s expects a number, got '%s'", sp->name, word, tok[i]);
            if (!check_range(c, sp, i, sp->range[nnum], v, tok[i])) return false;
            cmd->num[nnum++] = (float)v;
            break;
        }
        case 'e':
            cmd->index = names_find(sp->names, tok[i]);
            if (cmd->index < 0) {
                char list[256];
                names_join(sp->names, ", ", list, sizeof list);
                return script_fail(c, "unknown %s '%s' (expected one of: %s)", sp->what, tok[i], list);
            }
            snprintf(cmd->str, sizeof cmd->str, "%s", tok[i]);
            break;
        case 'w': {
            /* the name is the first word, the value the second */
            char *dst = i == 0 ? cmd->str : cmd->path;
            size_t cap = i == 0 ? sizeof cmd->str : sizeof cmd->path;
            if (strlen(tok[i]) >= cap) return script_fail(c, "%s: %s is longer than %zu characters", sp->name, word, cap - 1);
            strcpy(dst, tok[i]);
            break;
        }
        case 'b':
            if (strcmp(tok[i], "on") && strcmp(tok[i], "off"))
                return script_fail(c, "%s: %s must be on or off, got '%s'", sp->name, word, tok[i]);
            cmd->num[nnum++] = !strcmp(tok[i], "on");
            break;
        case 'p':
            if (strlen(tok[i]) >= sizeof cmd->path)
                return script_fail(c, "%s: path is longer than %zu characters", sp->name, sizeof cmd->path - 1);
            strcpy(cmd->path, tok[i]);
            break;
        default: assert(!"bad argument kind in script_specs");
        }
    }
    cmd->nnum = nnum;
    if (cmd->op == SCRIPT_LAYER && !mud_layer_present(cmd->index)) {
        char list[128];
        mud_layers_present_list(list, sizeof list);
        return script_fail(c, "layer %s: not in this build yet (layers: %s)", cmd->str, list);
    }
    if (cmd->op == SCRIPT_SET) {
        /* a parameter of another scene is fine (it applies when that scene runs); an unknown
         * name or a bad value is not */
        char msg[256];
        cmd->index = params_find(cmd->str);
        if (!params_set_text(NULL, cmd->str, cmd->path, msg, sizeof msg)) return script_fail(c, "set: %s", msg);
    }
    return true;
}

static bool parse_line(const script_ctx *c, char *line, double *prev_time, char *prev_text, script_cmd *cmd,
                       bool *empty)
{
    char *tok[SCRIPT_TOKENS_MAX];
    int n = text_split_words(line, tok, SCRIPT_TOKENS_MAX);
    *empty = n == 0;
    if (n == 0) return true;
    double t;
    if (!parse_number(tok[0], &t) || t < 0.0)
        return script_fail(c, "expected a time in seconds (a number >= 0) at the start of the line, got '%s'", tok[0]);
    if (t < *prev_time) return script_fail(c, "time %s is before the previous command's %s", tok[0], prev_text);
    if (n == 1) return script_fail(c, "expected a command after the time %s", tok[0]);
    int op = -1;
    for (int i = 0; i < SCRIPT_OP_COUNT; i++)
        if (!strcmp(script_specs[i].name, tok[1])) op = i;
    if (op < 0) {
        char list[512] = "";
        for (int i = 0; i < SCRIPT_OP_COUNT; i++) {
            size_t used = strlen(list);
            snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", script_specs[i].name);
        }
        return script_fail(c, "unknown command '%s' (expected one of: %s)", tok[1], list);
    }
    /* words past the stored ones only matter for the count in the arity message */
    int nargs = n - 2;
    if (nargs > SCRIPT_TOKENS_MAX - 2) return arity_error(c, &script_specs[op], nargs, tok + 2);
    memset(cmd, 0, sizeof *cmd);
    cmd->time = t;
    cmd->line = c->line;
    cmd->op = (script_op)op;
    if (!parse_args(c, &script_specs[op], tok + 2, nargs, cmd)) return false;
    *prev_time = t;
    snprintf(prev_text, 32, "%s", tok[0]);
    return true;
}

bool script_parse(const char *text, const char *filename, script *out, char *err, size_t errlen)
{
    assert(text && filename && out);
    memset(out, 0, sizeof *out);
    if (err && errlen) err[0] = '\0';
    script_ctx c = {filename, 0, err, errlen};
    char *line = malloc(SCRIPT_LINE_MAX + 1);
    script_cmd *cmds = NULL;
    int count = 0, cap = 0;
    double prev_time = 0.0;
    char prev_text[32] = "0";
    if (!line) return script_fail(&c, "out of memory");
    const char *p = text;
    size_t len;
    while (text_next_line(&p, line, SCRIPT_LINE_MAX, &len)) {
        c.line++;
        if (len > SCRIPT_LINE_MAX) {
            script_fail(&c, "line is longer than %d characters", SCRIPT_LINE_MAX);
            goto fail;
        }
        script_cmd cmd;
        bool empty;
        if (!parse_line(&c, line, &prev_time, prev_text, &cmd, &empty)) goto fail;
        if (empty) continue;
        if (count == cap) {
            int ncap = cap ? cap * 2 : 16;
            script_cmd *grown = realloc(cmds, (size_t)ncap * sizeof *grown);
            if (!grown) {
                script_fail(&c, "out of memory");
                goto fail;
            }
            cmds = grown;
            cap = ncap;
        }
        cmds[count++] = cmd;
    }
    free(line);
    snprintf(out->file, sizeof out->file, "%s", filename);
    out->cmds = cmds;
    out->count = count;
    return true;
fail:
    free(line);
    free(cmds);
    return false;
}

bool script_load(const char *path, script *out, char *err, size_t errlen)
{
    assert(path && out);
    memset(out, 0, sizeof *out);
    script_ctx c = {path, 0, err, errlen};
    FILE *f = fopen(path, "rb");
    if (!f) return script_fail(&c, "cannot read: %s", strerror(errno));
    char *text = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len + 4096 + 1 > cap) {
            size_t ncap = cap ? cap * 2 : 8192;
            char *grown = realloc(text, ncap);
            if (!grown) {
                script_fail(&c, "out of memory");
                goto fail;
            }
            text = grown;
            cap = ncap;
        }
        errno = 0;
        size_t got = fread(text + len, 1, 4096, f);
        len += got;
        if (len > SCRIPT_FILE_MAX) {
            script_fail(&c, "file is larger than %d bytes", SCRIPT_FILE_MAX);
            goto fail;
        }
        if (got < 4096) break;
    }
    if (ferror(f)) {
        script_fail(&c, "cannot read: %s", strerror(errno ? errno : EIO));
        goto fail;
    }
    fclose(f);
    text[len] = '\0';
    if (memchr(text, '\0', len)) {
        script_fail(&c, "contains a NUL byte: not a text script");
        free(text);
        return false;
    }
    bool ok = script_parse(text, path, out, err, errlen);
    free(text);
    return ok;
fail:
    fclose(f);
    free(text);
    return false;
}

void script_free(script *s)
{
    if (!s) return;
    free(s->cmds);
    s->cmds = NULL;
    s->count = 0;
}
