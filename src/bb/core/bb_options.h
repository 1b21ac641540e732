/* bb_options.h — the billboards' command-line options (GL-free): an options_ext the app hands
 * options_parse (base/options.h).
 *
 *   options_cli cli = {.scenes = ..., .ext = {&bb_options, ...}};
 *
 * --batcher KIND (bb_batcher_names, default instanced), --bb-align MODE (bb_align_names, default
 * auto), --particles N (0..10,000,000 extra billboards), --particles-gpu N (0..4,000,000
 * particles simulated on the GPU), --particles-gpu-path auto|feedback|texture (how: bb_gpu_path_names,
 * default auto). Values: a bb_cli in the options' slot of bb_options, read with
 * bb_cli_values (src/scene/fx.c reads them). bb_param_rows: the particles' parameters (base/params.h).
 */
#ifndef IMPRINT_BB_OPTIONS_H
#define IMPRINT_BB_OPTIONS_H

#include "base/options.h"
#include "base/params.h"
#include "base/quality.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const options_ext bb_options;

/* The particles' part of the quality presets (base/quality.h): low emits half the sparks and smoke. */
enum { BB_QUALITY_COUNT = 1 };
extern const quality_field bb_quality_rows[BB_QUALITY_COUNT];

/* The values of bb_options. */
typedef struct bb_cli {
    char batcher[16];   /* --batcher instanced|quads|cpu */
    char align[16];     /* --bb-align auto|screen|viewpoint|velocity */
    long particles;     /* --particles N, 0..10,000,000 */
    long particles_gpu; /* --particles-gpu N, 0..4,000,000: simulated on the GPU */
    char particles_gpu_path[16]; /* --particles-gpu-path auto|feedback|texture (bb_gpu_path_names) */
} bb_cli;

/* o's values of bb_options; the defaults when o's command line had none. */
const bb_cli *bb_cli_values(const options *o);

/* The particles' parameters (base/params.h), one line each: the app runs the particles for every
 * scene, so its registry adds these after the scenes'. Read with params_id(bb_param_rows, BB_P_...). */
#define BB_PARAMS(X) \
    X(BB_P_FRAME_BLEND, "bb.frame_blend", PARAM_BOOL, 1.0f, 0.0f, 1.0f, params_bool_names, NULL, "blend neighbouring atlas frames of animated billboards") \
    X(BB_P_DRAW, "particles.draw", PARAM_BOOL, 1.0f, 0.0f, 1.0f, params_bool_names, NULL, "draw the particles (off: simulated, not drawn; to see what they cover)") \
    X(BB_P_RESTITUTION, "particles.restitution", PARAM_FLOAT, 0.45f, 0.0f, 1.0f, NULL, NULL, "GPU particles: the part of the normal speed a bounce keeps (0..1)") \
    X(BB_P_FRICTION, "particles.friction", PARAM_FLOAT, 0.2f, 0.0f, 1.0f, NULL, NULL, "GPU particles: the part of the tangential speed a bounce takes (0..1)") \
    X(BB_P_IMPACT_LIFE, "particles.impact_life", PARAM_FLOAT, 0.25f, 0.0f, 5.0f, NULL, NULL, "GPU particles: seconds of life an impact takes") \
    X(BB_P_NEAR_FADE, "particles.near_fade", PARAM_FLOAT, 0.5f, 0.0f, 5.0f, NULL, NULL, "metres from the camera over which billboards fade in (0: none)") \
    X(BB_P_DENSITY, "particles.density", PARAM_FLOAT, 1.0f, 0.25f, 1.0f, NULL, NULL, "the part of each burst of sparks and smoke that is emitted (a quality preset field)")
enum { BB_PARAMS(PARAMS_ENUM) BB_P_COUNT };
extern const param_def bb_param_rows[BB_P_COUNT];

#ifdef __cplusplus
}
#endif

#endif
