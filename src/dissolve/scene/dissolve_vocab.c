/* The dissolve scene's script commands and views. See dissolve_vocab.h. */
#include "dissolve/scene/dissolve_vocab.h"

#include "dissolve/core/dissolve_math.h"

const char *const dissolve_views[] = {"dissolve-d", "dissolve-w", NULL};

static const script_command dissolve__commands[DISSOLVE_CMD_COUNT + 1] = {
    [DISSOLVE_CMD_AMOUNT] = {"dissolve", "n", "AMOUNT", NULL, NULL, {SCRIPT_UNIT}},
    [DISSOLVE_CMD_MODE] = {"dissolve-mode", "e", "MODE", dissolve_mode_names, "dissolve mode", {0}, SCRIPT_BUTTONS},
    [DISSOLVE_CMD_SHAPE] = {"dissolve-shape", "e", "SHAPE", dissolve_shape_names, "dissolve shape", {0}, SCRIPT_BUTTONS},
    [DISSOLVE_CMD_PITFALL] = {"dissolve-pitfall", "e", "NAME", dissolve_pitfall_names, "dissolve pitfall", {0}},
    [DISSOLVE_CMD_EDGE] = {"dissolve-edge", "e", "EDGE", dissolve_edge_names, "dissolve edge", {0}},
};

const script_vocab dissolve_vocab = {"dissolve", dissolve__commands, dissolve_views, NULL};

const param_def dissolve_param_rows[DISSOLVE_P_COUNT] = {DISSOLVE_PARAMS(PARAMS_ROW)};

const quality_field dissolve_quality_rows[DISSOLVE_QUALITY_COUNT] = {{"dissolve.detail", {0.5f, 0.75f, 1.0f}}};
