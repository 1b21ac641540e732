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

#include "base/script.h"

enum { DISSOLVE_CMD_AMOUNT, DISSOLVE_CMD_MODE, DISSOLVE_CMD_SHAPE, DISSOLVE_CMD_PITFALL, DISSOLVE_CMD_EDGE, DISSOLVE_CMD_COUNT };
enum { DISSOLVE_SCENE_VIEW_D, DISSOLVE_SCENE_VIEW_W }; /* rows of dissolve_views */

extern const char *const dissolve_views[];
extern const script_vocab dissolve_vocab;

#endif
