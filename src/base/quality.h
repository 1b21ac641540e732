/* quality.h — quality presets and the frame-time governor (GL-free).
 *
 *   int q = quality_auto(gl_renderer_string, headless);  QUALITY_LOW on a CPU renderer in a window
 *   quality_apply(params, q);                           every field of the preset, as parameters
 *   governor g;
 *   governor_init(&g, 30.0f, 1.0f);                     target 30 fps, starting at full scale
 *   float scale = governor_step(&g, measured_frame_ms); once per frame: the next internal scale
 *
 * A preset is one column of the preset fields: the parameters it sets and their value at low,
 * medium and high. High is every parameter's default, so `--quality high` (and every headless run
 * without --quality) draws the frame it drew before presets existed. The fields are the
 * renderer's (quality_table, quality.c, over QUALITY_PARAMS below: render.scale, render.msaa,
 * render.shadow, render.ssao, render.dof, render.bloom) and those each slice registers for its own
 * parameters (quality_register, like params_register: the app's registry does it at start-up);
 * each parameter can also be set alone with `set NAME VALUE` or `--set`, after the preset.
 *
 * The governor: the internal resolution scale (0.25..1) follows the measured frame time. It
 * averages GOVERNOR_WINDOW frames at a scale, then, when the average is outside the band
 * target x [0.9, 1.06], moves the scale to scale * sqrt(target / average) (the cost of a frame
 * is mostly per pixel, pixels go with scale^2) clamped to the floor and ceiling, and measures
 * again. Inside the band it holds: no pumping. A fixed per-frame cost makes a step fall short,
 * never overshoot, so it approaches the target from one side.
 */
#ifndef IMPRINT_BASE_QUALITY_H
#define IMPRINT_BASE_QUALITY_H

#include <stdbool.h>

#include "base/params.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { QUALITY_LOW, QUALITY_MEDIUM, QUALITY_HIGH, QUALITY_COUNT, QUALITY_AUTO = QUALITY_COUNT };

/* "low", "medium", "high", "auto" (indices: the enum above), NULL-terminated. */
extern const char *const quality_names[];

/* The renderer's parameters, one line each (base/params.h); the app's registry registers them. */
#define QUALITY_PARAMS(X) \
    X(QUALITY_P_SCALE, "render.scale", PARAM_FLOAT, 1.0f, 0.25f, 1.0f, NULL, NULL, "internal resolution / window resolution; setting it turns the frame-time governor off") \
    X(QUALITY_P_MSAA, "render.msaa", PARAM_INT, 4.0f, 1.0f, 8.0f, NULL, NULL, "samples of the main target (headless runs start at 1)") \
    X(QUALITY_P_SHADOW, "render.shadow", PARAM_INT, 2048.0f, 256.0f, 4096.0f, NULL, NULL, "shadow map size in texels (headless runs start at most at 1024)") \
    X(QUALITY_P_SHADOW_INTERVAL, "render.shadow_interval", PARAM_INT, 1.0f, 1.0f, 4.0f, NULL, NULL, "draw the shadow casters every Nth frame (the map in between is reused)") \
    X(QUALITY_P_SSAO, "render.ssao", PARAM_BOOL, 1.0f, 0.0f, 1.0f, params_bool_names, NULL, "the preset allows SSAO (with 'post ssao on')") \
    X(QUALITY_P_DOF, "render.dof", PARAM_BOOL, 1.0f, 0.0f, 1.0f, params_bool_names, NULL, "the preset allows depth of field (with 'post dof on')") \
    X(QUALITY_P_BLOOM, "render.bloom", PARAM_BOOL, 1.0f, 0.0f, 1.0f, params_bool_names, NULL, "the preset allows bloom (with 'post bloom on')")
enum { QUALITY_PARAMS(PARAMS_ENUM) QUALITY_P_COUNT };
extern const param_def quality_param_rows[QUALITY_P_COUNT];

/* One field of a preset: a parameter and its value at low, medium, high. */
typedef struct quality_field {
    const char *param;
    float value[QUALITY_COUNT];
} quality_field;
/* The renderer's fields. */
extern const quality_field quality_table[];
extern const int quality_table_count;

/* Adds a slice's fields (a static table of n rows) after the ones already registered;
 * registering the same table again adds nothing. At most QUALITY_TABLES_MAX tables. */
#define QUALITY_TABLES_MAX 16
void quality_register(const quality_field *rows, int n);
/* Every field, the renderer's first, then each registered table's in order. */
int quality_field_count(void);
const quality_field *quality_field_at(int i);

/* The preset --quality auto picks: low in a window on a CPU renderer (the GL renderer string
 * names llvmpipe, softpipe or SwiftShader), high otherwise and always headless. */
int quality_auto(const char *gl_renderer, bool headless);
/* Sets every parameter of the table to preset q's value (q < QUALITY_COUNT). False (err says
 * which) when a parameter of the table is not registered. */
bool quality_apply(params *p, int q, char *err, unsigned errlen);

enum { GOVERNOR_WINDOW = 4 };
#define GOVERNOR_MIN_SCALE 0.25f
#define GOVERNOR_MAX_SCALE 1.0f

typedef struct governor {
    float target_ms; /* 0: off */
    float scale;
    float sum_ms;    /* frames measured at this scale */
    int n;
    int changes;     /* scale changes so far (for the HUD and tests) */
} governor;

void governor_init(governor *g, float target_fps, float scale);
/* One frame's measured time at the current scale; returns the scale of the next frame. */
float governor_step(governor *g, float frame_ms);

#ifdef __cplusplus
}
#endif

#endif
