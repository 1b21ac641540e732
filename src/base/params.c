/* params.c — the table of every tunable and the registry that holds their values. See params.h. */
#include "base/params.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"

static const char *const params__bool_names[] = {"off", "on", NULL};

/* One row per param_id, in the same order. Defaults are the modules' own defaults, so a run
 * without `set` draws exactly what it drew before the registry existed. */
static const param_def params__table[P_COUNT] = {
    [P_DAMAGE_FADE_RATE] = {"damage.fade_rate", PARAM_FLOAT, 10.0f, 1.0f, 60.0f, NULL, "range",
                            "fade passes per second while the fading map holds heat (Hz)"},
    [P_DAMAGE_RADIUS_SCALE] = {"damage.radius_scale", PARAM_FLOAT, 1.0f, 0.25f, 4.0f, NULL, "range",
                               "multiplies every weapon's hole radius"},
    [P_DAMAGE_PELLETS] = {"damage.pellets", PARAM_INT, 15.0f, 1.0f, 32.0f, NULL, "range",
                          "pellets in one shotgun shell"},
    [P_DAMAGE_TRACERS] = {"damage.tracers", PARAM_BOOL, 1.0f, 0.0f, 1.0f, params__bool_names, "range",
                          "the shots' tracer streaks; off: shots, sparks and the muzzle flash only"},
    [P_MUD_SOFTNESS_SCALE] = {"mud.softness_scale", PARAM_FLOAT, 1.0f, 0.0f, 2.0f, NULL, "mud",
                              "multiplies the terrain's softness: how deep wheels sink"},
    [P_MUD_STAMP_DEPTH] = {"mud.stamp_depth", PARAM_FLOAT, 0.5f, 0.05f, 1.5f, NULL, "mud",
                           "metres of mud over the hard floor where softness and mud mask are 1"},
    [P_TRUCK_ENGINE_FORCE] = {"truck.engine_force", PARAM_FLOAT, 24000.0f, 2000.0f, 80000.0f, NULL, "mud",
                              "engine force at the wheels (N)"},
    [P_TRUCK_DETAIL] = {"truck.detail", PARAM_BOOL, 1.0f, 0.0f, 1.0f, params__bool_names, "mud",
                        "the detailed truck model; off: each part as its bounding box"},
    [P_WRINKLE_BROW_RAISE_NORMAL] = {"wrinkle.brow_raise.normal_strength", PARAM_FLOAT, 1.0f, 0.0f, 2.0f, NULL, "face",
                              "how strongly the brow_raise wrinkle layer tilts the normals"},
    [P_WRINKLE_BROW_RAISE_OCCLUSION] = {"wrinkle.brow_raise.occlusion_strength", PARAM_FLOAT, 1.0f, 0.0f, 2.0f, NULL, "face",
                                 "how strongly the brow_raise wrinkle layer darkens its folds"},
    [P_WRINKLE_FROWN_NORMAL] = {"wrinkle.frown.normal_strength", PARAM_FLOAT, 1.0f, 0.0f, 2.0f, NULL, "face",
                              "how strongly the frown wrinkle layer tilts the normals"},
    [P_WRINKLE_FROWN_OCCLUSION] = {"wrinkle.frown.occlusion_strength", PARAM_FLOAT, 1.0f, 0.0f, 2.0f, NULL, "face",
                                 "how strongly the frown wrinkle layer darkens its folds"},
    [P_WRINKLE_SMILE_NORMAL] = {"wrinkle.smile.normal_strength", PARAM_FLOAT, 0.9f, 0.0f, 2.0f, NULL, "face",
                              "how strongly the smile wrinkle layer tilts the normals"},
    [P_WRINKLE_SMILE_OCCLUSION] = {"wrinkle.smile.occlusion_strength", PARAM_FLOAT, 0.9f, 0.0f, 2.0f, NULL, "face",
                                 "how strongly the smile wrinkle layer darkens its folds"},
    [P_WRINKLE_SQUINT_NORMAL] = {"wrinkle.squint.normal_strength", PARAM_FLOAT, 1.0f, 0.0f, 2.0f, NULL, "face",
                              "how strongly the squint wrinkle layer tilts the normals"},
    [P_WRINKLE_SQUINT_OCCLUSION] = {"wrinkle.squint.occlusion_strength", PARAM_FLOAT, 1.0f, 0.0f, 2.0f, NULL, "face",
                                 "how strongly the squint wrinkle layer darkens its folds"},
    [P_WRINKLE_JAW_OPEN_NORMAL] = {"wrinkle.jaw_open.normal_strength", PARAM_FLOAT, 0.8f, 0.0f, 2.0f, NULL, "face",
                              "how strongly the jaw_open wrinkle layer tilts the normals"},
    [P_WRINKLE_JAW_OPEN_OCCLUSION] = {"wrinkle.jaw_open.occlusion_strength", PARAM_FLOAT, 0.8f, 0.0f, 2.0f, NULL, "face",
                                 "how strongly the jaw_open wrinkle layer darkens its folds"},
    [P_WRINKLE_NOSE_WRINKLE_NORMAL] = {"wrinkle.nose_wrinkle.normal_strength", PARAM_FLOAT, 1.0f, 0.0f, 2.0f, NULL, "face",
                              "how strongly the nose_wrinkle wrinkle layer tilts the normals"},
    [P_WRINKLE_NOSE_WRINKLE_OCCLUSION] = {"wrinkle.nose_wrinkle.occlusion_strength", PARAM_FLOAT, 1.0f, 0.0f, 2.0f, NULL, "face",
                                 "how strongly the nose_wrinkle wrinkle layer darkens its folds"},
    [P_DISSOLVE_EDGE_WIDTH] = {"dissolve.edge_width", PARAM_FLOAT, 0.04f, 0.005f, 0.5f, NULL, "dissolve",
                               "glowing band above the burn threshold, in noise units"},
    [P_DISSOLVE_PUSH_DISTANCE] = {"dissolve.push_distance", PARAM_FLOAT, 0.12f, 0.0f, 1.0f, NULL, "dissolve",
                                  "how far the edge bulges out along the smooth normal (m)"},
    [P_DISSOLVE_BAND] = {"dissolve.band", PARAM_FLOAT, 0.2f, 0.01f, 1.0f, NULL, "dissolve",
                         "width of the vertex band that moves with the edge, in noise units"},
    [P_BB_FRAME_BLEND] = {"bb.frame_blend", PARAM_BOOL, 1.0f, 0.0f, 1.0f, params__bool_names, NULL,
                          "blend neighbouring atlas frames of animated billboards"},
    [P_HUD_HELP] = {"hud.help", PARAM_BOOL, 0.0f, 0.0f, 1.0f, params__bool_names, NULL,
                    "show the key help page (as H does), also in a headless picture"},
};

struct params {
    float value[P_COUNT];
    uint32_t version;
};

int params_count(void) { return P_COUNT; }

const param_def *params_def(int id) { return id >= 0 && id < P_COUNT ? &params__table[id] : NULL; }

int params_find(const char *name)
{
    for (int i = 0; i < P_COUNT; i++)
        if (strcmp(params__table[i].name, name) == 0) return i;
    return -1;
}

params *params_create(void)
{
    params *p = ALLOC_STRUCT(params);
    if (p) params_reset(p);
    return p;
}

void params_destroy(params *p) { free(p); }

void params_reset(params *p)
{
    for (int i = 0; i < P_COUNT; i++) p->value[i] = params__table[i].def;
    p->version++;
}

float params_f(const params *p, int id) { return p->value[id]; }
int params_i(const params *p, int id) { return (int)lrintf(p->value[id]); }
bool params_b(const params *p, int id) { return p->value[id] != 0.0f; }

static float params__clamp(const param_def *d, float v)
{
    if (!(v >= d->min)) v = d->min; /* NaN goes to min too */
    if (v > d->max) v = d->max;
    if (d->type != PARAM_FLOAT) v = rintf(v);
    return v;
}

void params_set(params *p, int id, float v)
{
    v = params__clamp(&params__table[id], v);
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
    if (!params_parse_value(&params__table[id], value, &v, err, errlen)) return false;
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
    for (int i = 0; i < P_COUNT; i++) {
        const param_def *d = &params__table[i];
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
