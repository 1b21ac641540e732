#include "base/script.h"

#include "base/log.h"
#include "base/names.h"
#include "base/params.h"
#include "base/post_settings.h"
#include "base/text.h"

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

const char *const script_app_views[] = {
    [SCRIPT_APP_VIEW_SHADOW] = "shadow", [SCRIPT_APP_VIEW_SSAO] = "ssao", [SCRIPT_APP_VIEW_BLOOM] = "bloom",
    [SCRIPT_APP_VIEW_COC] = "coc", NULL};
const char *const script_app_dumps[] = {"shadow", NULL};
const char *const script_fx_names[SCRIPT_FX_COUNT + 1] = {"fireball", "smoke", "sparks", NULL};

/* `set NAME VALUE`: a parameter of another scene is fine (it applies when that scene runs); an
 * unknown name or a bad value is not. */
static bool script__check_set(script_cmd *cmd, char **tok, char *msg, size_t len)
{
    (void)tok;
    char why[256];
    cmd->index = params_find(cmd->str);
    if (params_set_text(NULL, cmd->str, cmd->path, why, sizeof why)) return true;
    snprintf(msg, len, "set: %s", why);
    return false;
}

static int script__parse_screenshot(char **tok, int ntok, script_cmd *cmd, char *msg, size_t len);

/* Indexed by script_op; the lists of scene, view and dump are bound by script_lang_init. */
static const script_command script__app[SCRIPT_APP_COUNT] = {
    [SCRIPT_SCENE] = {"scene", "e", "NAME", NULL, "scene", {0}},
    [SCRIPT_CAMERA] = {"camera", "nnnnnn", "EX EY EZ TX TY TZ", NULL, NULL, {0}},
    [SCRIPT_VIEW] = {"view", "e", "NAME", NULL, "view", {0}},
    [SCRIPT_SCREENSHOT] = {"screenshot", "p", "PATH", NULL, NULL, {0}, .parse = script__parse_screenshot},
    [SCRIPT_DUMP] = {"dump", "ep", "TARGET PATH", NULL, "dump target", {0}},
    [SCRIPT_STATS] = {"stats", "p", "PATH", NULL, NULL, {0}},
    [SCRIPT_QUIT] = {"quit", "", "", NULL, NULL, {0}},
    [SCRIPT_SET] = {"set", "ww", "NAME VALUE", NULL, NULL, {0}, .check = script__check_set},
    [SCRIPT_PARAMS] = {"params", "p", "PATH", NULL, NULL, {0}},
    [SCRIPT_POST] = {"post", "eb", "NAME ON|OFF", post_effect_names, "post effect", {0}},
    [SCRIPT_FX] = {"fx", "ennnn", "NAME X Y Z SIZE", script_fx_names, "effect",
                   {SCRIPT_ANY, SCRIPT_ANY, SCRIPT_ANY, SCRIPT_POSITIVE}},
};

/* Appends a NULL-terminated list to a NULL-terminated one of at most max names. */
static void script__append(const char **dst, int max, const char *const *src)
{
    (void)max; /* read by the assert only */
    int n = names_count(dst);
    for (int i = 0; src && src[i]; i++) {
        assert(n < max && "script_lang: too many names; raise SCRIPT_NAMES_MAX");
        assert(names_find(dst, src[i]) < 0 && "script_lang: a name registered twice");
        dst[n++] = src[i];
        dst[n] = NULL;
    }
}

static void script__order(script_lang *l, int scene, int op)
{
    assert(l->ncommands < SCRIPT_COMMANDS_MAX && "script_lang: too many commands; raise SCRIPT_COMMANDS_MAX");
    l->order[l->ncommands].scene = (signed char)scene;
    l->order[l->ncommands].op = (unsigned char)op;
    l->ncommands++;
}

void script_lang_init(script_lang *l, const script_vocab *const *vocabs, int n)
{
    assert(l && n >= 0 && n <= SCRIPT_SCENES_MAX && (n == 0 || vocabs));
    memset(l, 0, sizeof *l);
    l->nscenes = n;
    static const char *const none[] = {"none", NULL};
    script__append(l->views, SCRIPT_NAMES_MAX, none);
    for (int i = 0; i < n; i++) {
        l->scenes[i] = vocabs[i];
        const char *const name[] = {vocabs[i]->scene, NULL};
        script__append(l->scene_names, SCRIPT_SCENES_MAX, name);
        script__append(l->views, SCRIPT_NAMES_MAX, vocabs[i]->views);
        script__append(l->dumps, SCRIPT_NAMES_MAX, vocabs[i]->dumps);
    }
    script__append(l->views, SCRIPT_NAMES_MAX, script_app_views);
    script__append(l->dumps, SCRIPT_NAMES_MAX, script_app_dumps);
    memcpy(l->app, script__app, sizeof l->app);
    l->app[SCRIPT_SCENE].names = l->scene_names;
    l->app[SCRIPT_VIEW].names = l->views;
    l->app[SCRIPT_DUMP].names = l->dumps;
    script__order(l, SCRIPT_APP, SCRIPT_SCENE);
    script__order(l, SCRIPT_APP, SCRIPT_CAMERA);
    for (int i = 0; i < n; i++)
        for (int k = 0; vocabs[i]->commands && vocabs[i]->commands[k].name; k++) script__order(l, i, k);
    for (int op = SCRIPT_CAMERA + 1; op < SCRIPT_APP_COUNT; op++) script__order(l, SCRIPT_APP, op);
    for (int a = 0; a < l->ncommands; a++)
        for (int b = 0; b < a; b++)
            assert(strcmp(script_lang_row(l, l->order[a].scene, l->order[a].op)->name,
                          script_lang_row(l, l->order[b].scene, l->order[b].op)->name) &&
                   "script_lang: a command registered twice");
}

const script_command *script_lang_row(const script_lang *l, int scene, int op)
{
    if (scene == SCRIPT_APP) {
        assert(op >= 0 && op < SCRIPT_APP_COUNT);
        return &l->app[op];
    }
    assert(scene >= 0 && scene < l->nscenes && op >= 0);
    return &l->scenes[scene]->commands[op];
}

int script_lang_scene(const script_lang *l, const char *name) { return names_find(l->scene_names, name); }

int script_name_index(const char *const *list, const char *name) { return names_find(list, name); }

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

/* `screenshot PATH X Y W H`: only that rectangle of the frame (pixels from the top left; whole
 * numbers, X Y >= 0, W H >= 1), for a lossless crop where a whole frame would be too big a file;
 * `screenshot PATH` alone goes to the kinds. */
static int script__parse_screenshot(char **tok, int ntok, script_cmd *cmd, char *msg, size_t len)
{
    if (ntok != 5) return SCRIPT_ARGS_DEFAULT;
    if (strlen(tok[0]) >= sizeof cmd->path) {
        snprintf(msg, len, "screenshot: path is longer than %zu characters", sizeof cmd->path - 1);
        return 0;
    }
    strcpy(cmd->path, tok[0]);
    static const char *const words[4] = {"X", "Y", "W", "H"};
    for (int i = 0; i < 4; i++) {
        double v;
        if (!parse_number(tok[i + 1], &v) || v != floor(v) || v < (i < 2 ? 0.0 : 1.0) || v > 16384.0) {
            snprintf(msg, len, "screenshot: %s must be a whole number %s, got '%s'", words[i], i < 2 ? ">= 0" : ">= 1",
                     tok[i + 1]);
            return 0;
        }
        cmd->num[i] = (float)v;
    }
    cmd->nnum = 4;
    return 1;
}

static bool check_range(const script_ctx *c, const script_command *sp, int arg, script_range r, double v, const char *tok)
{
    char word[32];
    usage_word(sp->usage, arg, word, sizeof word);
    switch (r) {
    case SCRIPT_ANY: return true;
    case SCRIPT_UNIT:
        if (v >= 0.0 && v <= 1.0) return true;
        return script_fail(c, "%s: %s must be in 0..1, got %s", sp->name, word, tok);
    case SCRIPT_SIGNED_UNIT:
        if (v >= -1.0 && v <= 1.0) return true;
        return script_fail(c, "%s: %s must be in -1..1, got %s", sp->name, word, tok);
    case SCRIPT_POSITIVE:
        if (v > 0.0) return true;
        return script_fail(c, "%s: %s must be greater than 0, got %s", sp->name, word, tok);
    case SCRIPT_NONNEG:
        if (v >= 0.0) return true;
        return script_fail(c, "%s: %s must be 0 or more, got %s", sp->name, word, tok);
    }
    return true;
}

static bool arity_error(const script_ctx *c, const script_command *sp, int got, char **tok)
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
static bool parse_args(const script_ctx *c, const script_command *sp, char **tok, int ntok, script_cmd *cmd)
{
    char msg[384];
    if (sp->parse) {
        int r = sp->parse(tok, ntok, cmd, msg, sizeof msg);
        if (r == 0) return script_fail(c, "%s", msg);
        if (r > 0) return true;
    }
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
                char list[512];
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
        default: assert(!"bad argument kind in a script_command row");
        }
    }
    cmd->nnum = nnum;
    if (sp->check && !sp->check(cmd, tok, msg, sizeof msg)) return script_fail(c, "%s", msg);
    return true;
}

static bool parse_line(const script_lang *l, const script_ctx *c, char *line, double *prev_time, char *prev_text,
                       script_cmd *cmd, bool *empty)
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
    const script_command *sp = NULL;
    int scene = SCRIPT_APP, op = -1;
    for (int i = 0; i < l->ncommands && !sp; i++) {
        const script_command *row = script_lang_row(l, l->order[i].scene, l->order[i].op);
        if (!strcmp(row->name, tok[1])) sp = row, scene = l->order[i].scene, op = l->order[i].op;
    }
    if (!sp) {
        char list[1024] = "";
        for (int i = 0; i < l->ncommands; i++) {
            size_t used = strlen(list);
            snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "",
                     script_lang_row(l, l->order[i].scene, l->order[i].op)->name);
        }
        return script_fail(c, "unknown command '%s' (expected one of: %s)", tok[1], list);
    }
    /* words past the stored ones only matter for the count in the arity message */
    int nargs = n - 2;
    if (nargs > SCRIPT_TOKENS_MAX - 2) return arity_error(c, sp, nargs, tok + 2);
    memset(cmd, 0, sizeof *cmd);
    cmd->time = t;
    cmd->line = c->line;
    cmd->scene = scene;
    cmd->op = op;
    cmd->name = sp->name;
    if (!parse_args(c, sp, tok + 2, nargs, cmd)) return false;
    *prev_time = t;
    snprintf(prev_text, 32, "%s", tok[0]);
    return true;
}

bool script_parse(const script_lang *l, const char *text, const char *filename, script *out, char *err, size_t errlen)
{
    assert(l && text && filename && out);
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
        if (!parse_line(l, &c, line, &prev_time, prev_text, &cmd, &empty)) goto fail;
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

bool script_load(const script_lang *l, const char *path, script *out, char *err, size_t errlen)
{
    assert(l && path && out);
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
    bool ok = script_parse(l, text, path, out, err, errlen);
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
