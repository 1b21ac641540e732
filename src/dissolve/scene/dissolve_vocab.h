/* dissolve_vocab.h — what the dissolve scene adds to the script language (GL-free).
 *
 *   in the scene's command(): switch (cmd->op) { case DISSOLVE_CMD_AMOUNT: ... }
 *
 * Commands: dissolve AMOUNT (0..1), dissolve-mode MODE, dissolve-shape SHAPE, dissolve-pitfall
 * NAME, dissolve-edge EDGE (the tables of dissolve/core/dissolve_math.h). Views: dissolve-d,
 * dissolve-w (dissolve_views, DISSOLVE_SCENE_VIEW_*); no dumps.
 */
#ifndef IMPRINT_DISSOLVE_VOCAB_H
#define IMPRINT_DISSOLVE_VOCAB_H

#include "base/params.h"
#include "base/quality.h"
#include "base/script.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { DISSOLVE_CMD_AMOUNT, DISSOLVE_CMD_MODE, DISSOLVE_CMD_SHAPE, DISSOLVE_CMD_PITFALL, DISSOLVE_CMD_EDGE, DISSOLVE_CMD_COUNT };
enum { DISSOLVE_SCENE_VIEW_D, DISSOLVE_SCENE_VIEW_W }; /* rows of dissolve_views */

extern const char *const dissolve_views[];
extern const script_vocab dissolve_vocab;

/* The gallery's parameters (base/params.h), one line each; read them with
 * params_f(ctx->params, params_id(dissolve_param_rows, DISSOLVE_P_...)). */
#define DISSOLVE_PARAMS(X) \
    X(DISSOLVE_P_EDGE_WIDTH, "dissolve.edge_width", PARAM_FLOAT, 0.04f, 0.005f, 0.5f, NULL, "dissolve", "glowing band above the burn threshold, in noise units") \
    X(DISSOLVE_P_PUSH_DISTANCE, "dissolve.push_distance", PARAM_FLOAT, 0.12f, 0.0f, 1.0f, NULL, "dissolve", "how far the edge bulges out along the smooth normal (m)") \
    X(DISSOLVE_P_BAND, "dissolve.band", PARAM_FLOAT, 0.2f, 0.01f, 1.0f, NULL, "dissolve", "width of the vertex band that moves with the edge, in noise units") \
    X(DISSOLVE_P_DETAIL, "dissolve.detail", PARAM_FLOAT, 1.0f, 0.5f, 1.0f, NULL, "dissolve", "mesh density of the gallery's items (1: full; a quality preset field)")
enum { DISSOLVE_PARAMS(PARAMS_ENUM) DISSOLVE_P_COUNT };
extern const param_def dissolve_param_rows[DISSOLVE_P_COUNT];

/* The gallery's part of the quality presets (base/quality.h): low builds its items at half their density. */
enum { DISSOLVE_QUALITY_COUNT = 1 };
extern const quality_field dissolve_quality_rows[DISSOLVE_QUALITY_COUNT];

#ifdef __cplusplus
}
#endif

#endif
