/* params.h — the parameter registry: every tunable of every technique, by name (GL-free).
 *
 *   params *p = params_create();                       // every parameter at its default
 *   if (!params_set_text(p, "dissolve.edge_width", "0.08", err, sizeof err)) -> err says what is valid
 *   float w = params_f(p, P_DISSOLVE_EDGE_WIDTH);      // modules read by id: no string look-up
 *   if (params_changed(p, &seen)) ...                  // cheap "did anything move since I looked"
 *   params_write_json(p, &json);                       // the `params PATH` dump
 *   params_destroy(p);
 *
 * The table of parameters is static (params.c), so a script's `set` lines and `--set` options are
 * checked before any scene exists, and the panel, the script parser, `params PATH` and the error
 * messages all read the same rows. A row: name ("module.knob"), type, range, default, help.
 * Values are stored as floats whatever the type (an int or enum index or bool is integral); a
 * value is always inside its range. A parameter of another scene may be set at any time: its
 * scene reads it when it runs.
 *
 * Adding a knob: a row in params.c and an id in `param_id` below, in the same order (a unit
 * test checks names, order, ranges and defaults), then read it where it acts.
 */
#ifndef IMPRINT_CORE_PARAMS_H
#define IMPRINT_CORE_PARAMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/json.h"

typedef enum param_type { PARAM_FLOAT, PARAM_INT, PARAM_BOOL, PARAM_ENUM } param_type;

typedef struct param_def {
    const char *name;         /* "dissolve.edge_width" */
    param_type type;
    float def, min, max;      /* bool: 0..1; enum: index into names */
    const char *const *names; /* enum: NULL-terminated value names */
    const char *scene;        /* the scene whose picture it changes ("range", "mud", ...) or NULL for all */
    const char *help;
} param_def;

typedef enum param_id {
    P_DAMAGE_FADE_RATE,
    P_DAMAGE_RADIUS_SCALE,
    P_DAMAGE_PELLETS,
    P_DAMAGE_TRACERS,
    P_MUD_SOFTNESS_SCALE,
    P_MUD_STAMP_DEPTH,
    P_TRUCK_ENGINE_FORCE,
    P_TRUCK_DETAIL,
    /* per blendshape, in head_shape_names order: normal strength, then occlusion strength
     * (params_wrinkle_id) */
    P_WRINKLE_BROW_RAISE_NORMAL,
    P_WRINKLE_BROW_RAISE_OCCLUSION,
    P_WRINKLE_FROWN_NORMAL,
    P_WRINKLE_FROWN_OCCLUSION,
    P_WRINKLE_SMILE_NORMAL,
    P_WRINKLE_SMILE_OCCLUSION,
    P_WRINKLE_SQUINT_NORMAL,
    P_WRINKLE_SQUINT_OCCLUSION,
    P_WRINKLE_JAW_OPEN_NORMAL,
    P_WRINKLE_JAW_OPEN_OCCLUSION,
    P_WRINKLE_NOSE_WRINKLE_NORMAL,
    P_WRINKLE_NOSE_WRINKLE_OCCLUSION,
    P_DISSOLVE_EDGE_WIDTH,
    P_DISSOLVE_PUSH_DISTANCE,
    P_DISSOLVE_BAND,
    P_BB_FRAME_BLEND,
    P_HUD_HELP,
    P_COUNT
} param_id;

/* Blendshapes with wrinkle rows (a unit test holds this to HEAD_SHAPE_COUNT and the names to
 * head_shape_names). */
#define PARAMS_WRINKLE_SHAPES 6
/* Id of shape's normal (occlusion false) or occlusion strength. */
static inline int params_wrinkle_id(int shape, bool occlusion) { return P_WRINKLE_BROW_RAISE_NORMAL + 2 * shape + (occlusion ? 1 : 0); }

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

#endif
