/* range_vocab.h — what the range scene adds to the script language, and the robot it lends the
 * dissolve gallery (GL-free: the script parser's tests and fuzzers reach it without a context).
 *
 *   script_lang_init(&lang, (const script_vocab *const[]){&range_vocab, ...}, n);
 *   in the scene's command(): switch (cmd->op) { case RANGE_CMD_WEAPON: ... }
 *   mesh_data m = {0}; float bottom;
 *   range_showpiece_build(&m, &bottom, 1);    // the robot, armor on, one mesh (false: none)
 *
 * Commands: weapon NAME (weapon_names), fire, hold SECONDS (> 0), blast X Y Z RADIUS (> 0),
 * robot respawn | robot anim MODE (robot_anim_mode_names; num[0] the mode).
 * Views: damage, damage-fading (range_views, RANGE_VIEW_*); dumps: the two maps and the scorch
 * as stored, and the two maps as the panels show them, opaque false colour (damage-view,
 * damage-fading-view; damage/core/damage_panel.h) (range_dumps, RANGE_DUMP_*).
 */
#ifndef IMPRINT_DAMAGE_RANGE_VOCAB_H
#define IMPRINT_DAMAGE_RANGE_VOCAB_H

#include <stdbool.h>

#include "base/mesh.h"
#include "base/params.h"
#include "base/script.h"

#ifdef __cplusplus
extern "C" {
#endif

/* script_cmd.op of the range's commands: rows of range_vocab.commands */
enum { RANGE_CMD_WEAPON, RANGE_CMD_FIRE, RANGE_CMD_HOLD, RANGE_CMD_BLAST, RANGE_CMD_ROBOT, RANGE_CMD_COUNT };
/* `robot ACTION`: script_cmd.index */
enum { RANGE_ROBOT_RESPAWN, RANGE_ROBOT_ANIM };
enum { RANGE_VIEW_DAMAGE, RANGE_VIEW_FADING };
enum { RANGE_DUMP_DAMAGE, RANGE_DUMP_FADING, RANGE_DUMP_SCORCH, RANGE_DUMP_DAMAGE_VIEW, RANGE_DUMP_FADING_VIEW };

extern const char *const range_robot_actions[]; /* respawn, anim */
extern const char *const range_views[];         /* damage, damage-fading */
extern const char *const range_dumps[];         /* damage, damage-fading, damage-scorch */
/* The range's parameters (base/params.h), one line each; read them with
 * params_f(ctx->params, params_id(range_param_rows, RANGE_P_...)). */
#define RANGE_PARAMS(X) \
    X(RANGE_P_FADE_RATE, "damage.fade_rate", PARAM_FLOAT, 10.0f, 1.0f, 60.0f, NULL, "range", "fade passes per second while the fading map holds heat (Hz)") \
    X(RANGE_P_RADIUS_SCALE, "damage.radius_scale", PARAM_FLOAT, 1.0f, 0.25f, 4.0f, NULL, "range", "multiplies every weapon's hole radius") \
    X(RANGE_P_PELLETS, "damage.pellets", PARAM_INT, 15.0f, 1.0f, 32.0f, NULL, "range", "pellets in one shotgun shell") \
    X(RANGE_P_TRACERS, "damage.tracers", PARAM_BOOL, 1.0f, 0.0f, 1.0f, params_bool_names, "range", "draw the shots' tracer streaks (off: for a clean picture of the muzzle)") \
    X(RANGE_P_EMBER_HEAT, "damage.ember_heat", PARAM_FLOAT, 0.5f, 0.0f, 1.0f, NULL, "range", "a fresh hole's rim throws embers while its heat (1 at the blast, fading with the fading map) is above this")
enum { RANGE_PARAMS(PARAMS_ENUM) RANGE_P_COUNT };
extern const param_def range_param_rows[RANGE_P_COUNT];
extern const script_vocab range_vocab;

/* The robot with its armor as one mesh (body, glow, every plate at rest), smooth normals welded
 * across the plates' rims (the dissolve's push needs them); its soles at *bottom_y. False (and
 * *out empty) when the robot cannot be built. */
bool range_showpiece_build(mesh_data *out, float *bottom_y, float detail); /* detail: unused (few vertices) */

#ifdef __cplusplus
}
#endif

#endif
