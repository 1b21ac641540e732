#include "mud/core/level.h"

#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "base/names.h"
#include "base/text.h"

const char *const mud_area_kind_names[MUD_AREA_KIND_COUNT + 1] = {"valleys", "track", "rect", "circle", NULL};
const char *const level_plant_kind_names[LEVEL_PLANT_KIND_COUNT + 1] = {"tree", "rock", "bush", NULL};

#define TOKENS_MAX 128 /* words stored per line: a road of LEVEL_ROAD_POINTS points and then some */
#define SPAWN_MARGIN 4.0f
#define COORD_MAX 100000.0 /* far outside any level, small enough for float arithmetic */

typedef struct level_ctx {
    const char *file;
    int line;
    char *err;
    size_t errlen;
    mud_level *lv;
    int stage; /* 0: header expected, 1: size expected, 2: items */
    int size_override;
} level_ctx;

static bool fail(const level_ctx *c, const char *fmt, ...) LOG_PRINTF(2, 3);

static bool fail(const level_ctx *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    text_error(c->err, c->errlen, c->file, c->line, fmt, ap);
    va_end(ap);
    return false;
}

/* Full-token number: rejects "1.5x", "nan", "inf" and magnitudes past COORD_MAX. */
static bool number(const char *s, double *out)
{
    if (!*s) return false;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (*end || errno == ERANGE || !isfinite(v) || fabs(v) > COORD_MAX) return false;
    *out = v;
    return true;
}

/* A coordinate: a number, or c / c+D / c-D (from the level's centre). */
static bool coord(const level_ctx *c, const char *what, const char *tok, float *out)
{
    double v = 0.0;
    if (tok[0] == 'c') {
        if (tok[1] && ((tok[1] != '+' && tok[1] != '-') || !number(tok + 1, &v) || !isdigit((unsigned char)tok[2])))
            return fail(c, "%s: expected a coordinate (metres, or c, c+D, c-D from the centre), got '%s'", what, tok);
        *out = (float)(0.5 * c->lv->size + v);
        return true;
    }
    if (!number(tok, &v)) return fail(c, "%s: expected a coordinate (metres, or c, c+D, c-D from the centre), got '%s'", what, tok);
    *out = (float)v;
    return true;
}

/* A plain number in [lo, hi]. */
static bool value(const level_ctx *c, const char *what, const char *tok, double lo, double hi, float *out)
{
    double v;
    if (!number(tok, &v)) return fail(c, "%s: expected a number, got '%s'", what, tok);
    if (v < lo || v > hi) return fail(c, "%s must be in %g..%g, got %s", what, lo, hi, tok);
    *out = (float)v;
    return true;
}

static bool arity(const level_ctx *c, const char *stmt, const char *usage, int want, int got)
{
    if (want == got) return true;
    return fail(c, "%s needs %d argument%s (%s), got %d", stmt, want, want == 1 ? "" : "s", usage, got);
}

/* x0 z0 x1 z1 with x0 < x1 and z0 < z1. */
static bool rect(const level_ctx *c, const char *what, char **tok, float r[4])
{
    static const char *const names[4] = {"x0", "z0", "x1", "z1"};
    for (int i = 0; i < 4; i++) {
        char w[64];
        snprintf(w, sizeof w, "%s %s", what, names[i]);
        if (!coord(c, w, tok[i], &r[i])) return false;
    }
    if (!(r[0] < r[2]) || !(r[1] < r[3])) return fail(c, "%s: the rectangle needs x0 < x1 and z0 < z1, got %s %s %s %s", what, tok[0], tok[1], tok[2], tok[3]);
    return true;
}

static bool full(const level_ctx *c, const char *what, int n)
{
    if (n < LEVEL_MAX_ITEMS) return true;
    return fail(c, "too many %s (at most %d)", what, LEVEL_MAX_ITEMS);
}

static bool parse_mud(const level_ctx *c, char **tok, int n)
{
    mud_level *lv = c->lv;
    if (n < 2) return fail(c, "mud needs a kind: valleys, track, rect, circle or everywhere");
    if (!strcmp(tok[1], "everywhere")) {
        if (!arity(c, "mud everywhere", "no arguments", 0, n - 2)) return false;
        lv->mud_everywhere = true;
        return true;
    }
    int kind = names_find(mud_area_kind_names, tok[1]);
    if (kind < 0) return fail(c, "unknown mud kind '%s' (expected one of: valleys, track, rect, circle, everywhere)", tok[1]);
    if (!full(c, "mud areas", lv->nmud)) return false;
    mud_area a = {.kind = (mud_area_kind)kind};
    char **t = tok + 2;
    int got = n - 2;
    switch (a.kind) {
    case MUD_AREA_VALLEYS:
        if (!arity(c, "mud valleys", "TOP BOTTOM", 2, got) || !value(c, "mud valleys: top", t[0], 0, 20.4, &a.v[0]) ||
            !value(c, "mud valleys: bottom", t[1], 0, 20.4, &a.v[1]))
            return false;
        if (!(a.v[1] < a.v[0])) return fail(c, "mud valleys: bottom must be below top, got %s %s", t[0], t[1]);
        break;
    case MUD_AREA_TRACK:
        if (!arity(c, "mud track", "X Z LENGTH HALF_WIDTH", 4, got) || !coord(c, "mud track: x", t[0], &a.v[0]) ||
            !coord(c, "mud track: z", t[1], &a.v[1]) || !value(c, "mud track: length", t[2], 1, 2048, &a.v[2]) ||
            !value(c, "mud track: half width", t[3], 0.5, 32, &a.v[3]))
            return false;
        break;
    case MUD_AREA_RECT:
        if (!arity(c, "mud rect", "X0 Z0 X1 Z1 SOFTNESS", 5, got) || !rect(c, "mud rect", t, a.v) ||
            !value(c, "mud rect: softness", t[4], 0, 1, &a.v[4]))
            return false;
        break;
    case MUD_AREA_CIRCLE:
        if (!arity(c, "mud circle", "X Z RADIUS SOFTNESS", 4, got) || !coord(c, "mud circle: x", t[0], &a.v[0]) ||
            !coord(c, "mud circle: z", t[1], &a.v[1]) || !value(c, "mud circle: radius", t[2], 0.5, 2048, &a.v[2]) ||
            !value(c, "mud circle: softness", t[3], 0, 1, &a.v[3]))
            return false;
        break;
    default: return false;
    }
    lv->mud[lv->nmud++] = a;
    return true;
}

static bool parse_road(const level_ctx *c, char **tok, int n)
{
    mud_level *lv = c->lv;
    if (!full(c, "roads", lv->nroads)) return false;
    if (n < 2) return fail(c, "road needs a width and at least 2 points (WIDTH X Z X Z ...)");
    level_road r = {0};
    if (!value(c, "road: width", tok[1], 1, 16, &r.width)) return false;
    int coords = n - 2;
    if (coords % 2) return fail(c, "road: points come in pairs X Z, got %d numbers after the width", coords);
    if (coords / 2 < 2) return fail(c, "road needs at least 2 points, got %d", coords / 2);
    if (coords / 2 > LEVEL_ROAD_POINTS) return fail(c, "road has %d points (at most %d)", coords / 2, LEVEL_ROAD_POINTS);
    r.npoints = coords / 2;
    for (int i = 0; i < r.npoints; i++) {
        char w[48];
        snprintf(w, sizeof w, "road: point %d x", i + 1);
        if (!coord(c, w, tok[2 + 2 * i], &r.pts[i][0])) return false;
        snprintf(w, sizeof w, "road: point %d z", i + 1);
        if (!coord(c, w, tok[3 + 2 * i], &r.pts[i][1])) return false;
        if (i && r.pts[i][0] == r.pts[i - 1][0] && r.pts[i][1] == r.pts[i - 1][1])
            return fail(c, "road: point %d repeats point %d", i + 1, i);
    }
    lv->roads[lv->nroads++] = r;
    return true;
}

static bool parse_statement(level_ctx *c, char **tok, int n)
{
    mud_level *lv = c->lv;
    if (c->stage == 0) {
        if (strcmp(tok[0], "imprint-level")) return fail(c, "expected the header 'imprint-level 1' first, got '%s'", tok[0]);
        if (n != 2 || strcmp(tok[1], "1")) return fail(c, "unsupported level format (this build reads 'imprint-level 1')");
        c->stage = 1;
        return true;
    }
    if (c->stage == 1) {
        if (strcmp(tok[0], "size")) return fail(c, "expected 'size METRES' after the header, got '%s'", tok[0]);
        float s;
        if (!arity(c, "size", "METRES", 1, n - 1) || !value(c, "size", tok[1], 64, 1024, &s)) return false;
        if (s != floorf(s) || (int)s % 16) return fail(c, "size must be a multiple of 16 in 64..1024, got %s", tok[1]);
        lv->size = c->size_override ? c->size_override : (int)s;
        lv->spawn[0] = lv->spawn[1] = 0.5f * (float)lv->size;
        c->stage = 2;
        return true;
    }
    const char *k = tok[0];
    if (!strcmp(k, "imprint-level") || !strcmp(k, "size")) return fail(c, "'%s' may appear only once, at the top", k);
    if (!strcmp(k, "spawn")) {
        if (!arity(c, "spawn", "X Z", 2, n - 1) || !coord(c, "spawn: x", tok[1], &lv->spawn[0]) || !coord(c, "spawn: z", tok[2], &lv->spawn[1]))
            return false;
        float lo = SPAWN_MARGIN, hi = (float)lv->size - SPAWN_MARGIN;
        if (lv->spawn[0] < lo || lv->spawn[1] < lo || lv->spawn[0] > hi || lv->spawn[1] > hi)
            return fail(c, "spawn %s %s is outside the %d m level (X and Z must be in %g..%g)", tok[1], tok[2], lv->size, lo, hi);
        return true;
    }
    if (!strcmp(k, "mud")) return parse_mud(c, tok, n);
    if (!strcmp(k, "road")) return parse_road(c, tok, n);
    if (!strcmp(k, "plants")) {
        if (!full(c, "plant areas", lv->nplants)) return false;
        if (!arity(c, "plants", "KIND PER_HECTARE X0 Z0 X1 Z1", 6, n - 1)) return false;
        level_plants p = {0};
        int kind = names_find(level_plant_kind_names, tok[1]);
        if (kind < 0) return fail(c, "unknown plant kind '%s' (expected one of: tree, rock, bush)", tok[1]);
        p.kind = (level_plant_kind)kind;
        if (!value(c, "plants: per hectare", tok[2], 0, 10000, &p.per_hectare) || !rect(c, "plants", tok + 3, p.rect)) return false;
        lv->plants[lv->nplants++] = p;
        return true;
    }
    if (!strcmp(k, "water")) {
        if (!full(c, "water areas", lv->nwater)) return false;
        if (!arity(c, "water", "X0 Z0 X1 Z1 SURFACE_Y", 5, n - 1)) return false;
        level_water w = {0};
        if (!rect(c, "water", tok + 1, w.rect) || !value(c, "water: surface y", tok[5], -10, 40, &w.surface_y)) return false;
        lv->water[lv->nwater++] = w;
        return true;
    }
    return fail(c, "unknown statement '%s' (expected one of: spawn, mud, road, plants, water)", k);
}

bool mud_level_parse(const char *text, const char *filename, int size_override, mud_level *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (err && errlen) err[0] = '\0';
    level_ctx c = {filename, 0, err, errlen, out, 0, size_override};
    char line[LEVEL_LINE_MAX + 1];
    size_t len;
    for (const char *p = text; text_next_line(&p, line, LEVEL_LINE_MAX, &len);) {
        c.line++;
        if (len > LEVEL_LINE_MAX) {
            fail(&c, "line is longer than %d characters", LEVEL_LINE_MAX);
            goto fail;
        }
        char *tok[TOKENS_MAX];
        int n = text_split_words(line, tok, TOKENS_MAX);
        if (!n) continue;
        if (n > TOKENS_MAX) {
            fail(&c, "too many words on one line (at most %d)", TOKENS_MAX);
            goto fail;
        }
        if (!parse_statement(&c, tok, n)) goto fail;
    }
    c.line = 0;
    if (c.stage == 0) {
        fail(&c, "empty level: expected the header 'imprint-level 1'");
        goto fail;
    }
    if (c.stage == 1) {
        fail(&c, "no 'size METRES' after the header");
        goto fail;
    }
    snprintf(out->file, sizeof out->file, "%s", filename);
    return true;
fail:
    memset(out, 0, sizeof *out);
    return false;
}

bool mud_level_load(const char *path, int size_override, mud_level *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    level_ctx c = {path, 0, err, errlen, out, 0, size_override};
    FILE *f = fopen(path, "rb");
    if (!f) return fail(&c, "cannot read: %s", strerror(errno));
    char *text = malloc(LEVEL_FILE_MAX + 1);
    if (!text) {
        fclose(f);
        return fail(&c, "out of memory");
    }
    size_t len = fread(text, 1, LEVEL_FILE_MAX + 1, f);
    bool bad = ferror(f);
    fclose(f);
    bool ok = false;
    if (bad) fail(&c, "cannot read");
    else if (len > LEVEL_FILE_MAX) fail(&c, "file is larger than %d bytes", LEVEL_FILE_MAX);
    else if (memchr(text, '\0', len)) fail(&c, "contains a NUL byte: not a text level");
    else {
        text[len] = '\0';
        ok = mud_level_parse(text, path, size_override, out, err, errlen);
    }
    free(text);
    return ok;
}
