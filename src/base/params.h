/* params.h — the parameter registry: every tunable of every technique, by name (GL-free). It
 * names no parameter: each technique registers its own table (its core vocab) and the app's
 * scene registry registers them all, in the registry's order, before any parsing.
 *
 *   params_register(dissolve_param_rows, DISSOLVE_P_COUNT); // each table once, at start-up
 *   params *p = params_create();                       // every parameter at its default
 *   if (!params_set_text(p, "dissolve.edge_width", "0.08", err, sizeof err)) -> err says what is valid
 *   float w = params_f(p, params_id(dissolve_param_rows, DISSOLVE_P_EDGE_WIDTH)); // by id
 *   if (params_changed(p, &seen)) ...                  // cheap "did anything move since I looked"
 *   params_write_json(p, &json);                       // the `params PATH` dump
 *   params_destroy(p);
 *
 * The tables are static and registered before the command line is parsed, so a script's `set`
 * lines and `--set` options are checked before any scene exists, and the panel, the script
 * parser, `params PATH` and the error messages all read the same rows. A row: name ("module.knob"), type, range, default, help.
 * Values are stored as floats whatever the type (an int or enum index or bool is integral); a
 * value is always inside its range. A parameter of another scene may be set at any time: its
 * scene reads it when it runs.
 *
 * Adding a knob: one line in its technique's table macro (e.g. RANGE_PARAMS in
 * damage/scene/range_vocab.h), then read it where it acts (docs/panel.md).
 */
#ifndef IMPRINT_CORE_PARAMS_H
#define IMPRINT_CORE_PARAMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/json.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum param_type { PARAM_FLOAT, PARAM_INT, PARAM_BOOL, PARAM_ENUM } param_type;

typedef struct param_def {
    const char *name;         /* "dissolve.edge_width" */
    param_type type;
    float def, min, max;      /* bool: 0..1; enum: index into names */
    const char *const *names; /* enum: NULL-terminated value names */
    const char *scene;        /* the scene whose picture it changes ("range", "mud", ...) or NULL for all */
    const char *help;
} param_def;

/* A table of rows, one line each, with the ids the table's owner reads them by (its own enum):
 *
 *   #define RANGE_PARAMS(X) \
 *       X(RANGE_P_FADE_RATE, "damage.fade_rate", PARAM_FLOAT, 10.0f, 1.0f, 60.0f, NULL, "range", "help") \
 *       ...
 *   enum { RANGE_PARAMS(PARAMS_ENUM) RANGE_P_COUNT };               // in the header
 *   const param_def range_param_rows[] = {RANGE_PARAMS(PARAMS_ROW)}; // in the .c
 *
 * X's arguments after the id are param_def's fields in order. */
#define PARAMS_ENUM(id, ...) id,
#define PARAMS_ROW(id, ...) {__VA_ARGS__},

/* Value names of a PARAM_BOOL row: off, on. */
extern const char *const params_bool_names[];

/* The registry holds at most this many rows (all tables together). */
#define PARAMS_MAX 128

/* Adds a table of n rows after the ones already registered and returns the id of its first row
 * (the table's row i is id base + i). Registering the same table again returns its base and adds
 * nothing. Register every table before the first params_create (its values are sized then). */
int params_register(const param_def *rows, int n);
/* Id of row `row` of a registered table (params_register), -1 when the table is not registered. */
int params_id(const param_def *rows, int row);

typedef struct params params;

params *params_create(void);
void params_destroy(params *p);

int params_count(void);
const param_def *params_def(int id);
/* Id of a name, -1 when unknown. */
int params_find(const char *name);

float params_f(const params *p, int id);
int params_i(const params *p, int id);
bool params_b(const params *p, int id);

/* Parses text for row d (numbers for float and int — an int must be whole —, value names for bool
 * and enum) and checks the range; params_set_text is this plus the look-up. On failure *out is
 * untouched and err says what is valid. */
bool params_parse_value(const param_def *d, const char *text, float *out, char *err, size_t errlen);

/* Sets a value, clamped into the range (the panel's sliders). */
void params_set(params *p, int id, float v);
/* Parses VALUE for the type of NAME (numbers; bools on|off; enums by name) and checks the range.
 * On failure p is untouched and err says what is valid, e.g. "dissolve.edge_width must be in
 * 0.005..0.5, got 2". Only checks when p is NULL (script validation before any scene). */
bool params_set_text(params *p, const char *name, const char *value, char *err, size_t errlen);
/* Back to every default. */
void params_reset(params *p);

/* True (and *seen updated) when any value changed since the caller last saw version *seen. */
bool params_changed(const params *p, uint32_t *seen);

/* {"name": {"type", "value", "default", "min", "max", "help"}, ...} as one JSON object member
 * list: call inside an object, or with key for a nested object. */
void params_write_json(const params *p, json_writer *w, const char *key);

#ifdef __cplusplus
}
#endif

#endif
