/* params.c — the table of every tunable and the registry that holds their values. See params.h. */
#include "base/params.h"

#include <assert.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"

const char *const params_bool_names[] = {"off", "on", NULL};

/* Every registered table's rows, in registration order (the order of `params` dumps and the
 * panel). Defaults are the modules' own defaults, so a run without `set` draws exactly what it
 * drew before the registry existed. */
static const param_def *params__table[PARAMS_MAX];
static int params__count;
static struct {
    const param_def *rows;
    int base;
} params__tables[PARAMS_MAX];
static int params__ntables;

struct params {
    int count;
    uint32_t version;
    float value[]; /* count of them */
};

int params_register(const param_def *rows, int n)
{
    const int known = params_id(rows, 0);
    if (known >= 0) return known;
    assert(params__count + n <= PARAMS_MAX && "raise PARAMS_MAX");
    if (params__count + n > PARAMS_MAX) return -1;
    params__tables[params__ntables].rows = rows;
    params__tables[params__ntables++].base = params__count;
    for (int i = 0; i < n; i++) params__table[params__count + i] = &rows[i];
    params__count += n;
    return params__count - n;
}

int params_id(const param_def *rows, int row)
{
    for (int t = 0; t < params__ntables; t++)
        if (params__tables[t].rows == rows) return params__tables[t].base + row;
    return -1;
}

int params_count(void) { return params__count; }

const param_def *params_def(int id) { return id >= 0 && id < params__count ? params__table[id] : NULL; }

int params_find(const char *name)
{
    for (int i = 0; i < params__count; i++)
        if (strcmp(params__table[i]->name, name) == 0) return i;
    return -1;
}

params *params_create(void)
{
    params *p = calloc(1, sizeof(params) + sizeof(float) * (size_t)params__count);
    if (!p) {
        log_error("params: out of memory");
        return NULL;
    }
    p->count = params__count;
    params_reset(p);
    return p;
}

void params_destroy(params *p) { free(p); }

void params_reset(params *p)
{
    for (int i = 0; i < p->count; i++) p->value[i] = params__table[i]->def;
    p->version++;
}

float params_f(const params *p, int id)
{
    assert(id >= 0 && id < p->count && "a table registered after params_create, or not at all");
    return p->value[id];
}
int params_i(const params *p, int id) { return (int)lrintf(params_f(p, id)); }
bool params_b(const params *p, int id) { return params_f(p, id) != 0.0f; }

static float params__clamp(const param_def *d, float v)
{
    if (!(v >= d->min)) v = d->min; /* NaN goes to min too */
    if (v > d->max) v = d->max;
    if (d->type != PARAM_FLOAT) v = rintf(v);
    return v;
}

void params_set(params *p, int id, float v)
{
    assert(id >= 0 && id < p->count);
    v = params__clamp(params__table[id], v);
    if (p->value[id] != v) {
        p->value[id] = v;
        p->version++;
    }
}

static void params__names_list(const char *const *names, char *out, size_t n)
{
    size_t len = 0;
    out[0] = '\0';
    for (int k = 0; names[k] && len < n; k++)
        len += (size_t)snprintf(out + len, n - len, "%s%s", k ? "|" : "", names[k]);
}

bool params_parse_value(const param_def *d, const char *value, float *out, char *err, size_t errlen)
{
    const char *name = d->name;
    if (d->type == PARAM_BOOL || d->type == PARAM_ENUM) {
        int k = 0;
        while (d->names[k] && strcmp(d->names[k], value) != 0) k++;
        if (!d->names[k]) {
            char list[256];
            params__names_list(d->names, list, sizeof list);
            snprintf(err, errlen, "%s must be one of %s, got '%s'", name, list, value);
            return false;
        }
        *out = (float)k;
        return true;
    }
    char *end;
    errno = 0;
    const double x = strtod(value, &end);
    const bool whole = d->type != PARAM_INT || x == floor(x);
    if (end == value || *end != '\0' || errno == ERANGE || !isfinite(x) || !whole || x < d->min || x > d->max) {
        if (d->type == PARAM_INT)
            snprintf(err, errlen, "%s must be a whole number in %g..%g, got '%s'", name, (double)d->min, (double)d->max,
                     value);
        else
            snprintf(err, errlen, "%s must be a number in %g..%g, got '%s'", name, (double)d->min, (double)d->max, value);
        return false;
    }
    *out = (float)x;
    return true;
}

bool params_set_text(params *p, const char *name, const char *value, char *err, size_t errlen)
{
    const int id = params_find(name);
    if (id < 0) {
        snprintf(err, errlen, "unknown parameter '%s' (the list: params PATH, or docs/cli.md)", name);
        return false;
    }
    float v;
    if (!params_parse_value(params__table[id], value, &v, err, errlen)) return false;
    if (p) params_set(p, id, v);
    return true;
}

bool params_changed(const params *p, uint32_t *seen)
{
    if (*seen == p->version) return false;
    *seen = p->version;
    return true;
}

static const char *const params__type_names[] = {"float", "int", "bool", "enum"};

static void params__write_value(json_writer *w, const char *key, const param_def *d, float v)
{
    if (d->type == PARAM_BOOL)
        json_bool(w, key, v != 0.0f);
    else if (d->type == PARAM_ENUM)
        json_string(w, key, d->names[(int)v]);
    else if (d->type == PARAM_INT)
        json_int(w, key, (long long)v);
    else
        json_number(w, key, v);
}

void params_write_json(const params *p, json_writer *w, const char *key)
{
    json_object_begin(w, key);
    for (int i = 0; i < p->count; i++) {
        const param_def *d = params__table[i];
        json_object_begin(w, d->name);
        json_string(w, "type", params__type_names[d->type]);
        params__write_value(w, "value", d, p->value[i]);
        params__write_value(w, "default", d, d->def);
        params__write_value(w, "min", d, d->min);
        params__write_value(w, "max", d, d->max);
        json_string(w, "scene", d->scene);
        json_string(w, "help", d->help);
        json_object_end(w);
    }
    json_object_end(w);
}
