/* mud_vocab.h — what the mud scene adds to the script language and the command line (GL-free).
 *
 *   script_lang_init(&lang, (const script_vocab *const[]){..., &mud_vocab, ...}, n);
 *   options_cli cli = {.scenes = ..., .ext = {..., &mud_options, NULL}};
 *   in the scene's command(): switch (cmd->op) { case MUD_CMD_TRUCK: ... }
 *
 * Commands: truck X Z HEADING_DEG, drive THROTTLE STEER SECONDS (-1..1, -1..1, >= 0), layer NAME
 * on|off (mud_layer_names, present ones only), plant KIND X Z (mud_plant_names), chunk X Z SIZE
 * (CHUNK_MIN_SIZE..CHUNK_MAX_SIZE metres). Where X and Z fit depends on the level, which only the
 * scene loads: it checks them before the first frame (its check_script hook).
 * Views: mud, mud-base, physics, water, truck-dirt (mud_views, MUD_VIEW_*); dumps: mud, mud-base,
 * water, mud-height, mud-view, truck-dirt.
 * Options: --level FILE (readable), --level-size M (a multiple of 16 in 64..1024; default 512,
 * level_size_set when given), --mud-everywhere.
 */
#ifndef IMPRINT_MUD_VOCAB_H
#define IMPRINT_MUD_VOCAB_H

#include <stdbool.h>

#include "base/options.h"
#include "base/params.h"
#include "base/quality.h"
#include "base/script.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { MUD_CMD_TRUCK, MUD_CMD_DRIVE, MUD_CMD_LAYER, MUD_CMD_PLANT, MUD_CMD_CHUNK, MUD_CMD_COUNT };
enum { MUD_PLANT_TREE, MUD_PLANT_ROCK }; /* `plant KIND`: script_cmd.index */
enum { MUD_VIEW_MUD, MUD_VIEW_BASE, MUD_VIEW_PHYSICS, MUD_VIEW_WATER, MUD_VIEW_TRUCK_DIRT };
enum { MUD_DUMP_MUD, MUD_DUMP_BASE, MUD_DUMP_WATER, MUD_DUMP_HEIGHT, MUD_DUMP_VIEW, MUD_DUMP_TRUCK_DIRT };

extern const char *const mud_plant_names[]; /* tree, rock: what `plant` places */
extern const char *const mud_views[];
extern const char *const mud_dumps[];
extern const script_vocab mud_vocab;
extern const options_ext mud_options;

/* The mud scene's part of the quality presets (base/quality.h): low draws the mud on a grid of
 * half the density, no farther than 120 m, without the terrain's shadow. */
enum { MUD_QUALITY_COUNT = 4 };
extern const quality_field mud_quality_rows[MUD_QUALITY_COUNT];

/* The values of mud_options. */
typedef struct mud_cli {
    char level[OPTIONS_PATH_MAX]; /* --level FILE ("" = assets/levels/default.level) */
    int level_size;               /* --level-size M, metres, multiple of 16, 64..1024 */
    bool level_size_set;          /* --level-size given: it overrides the level file's size */
    bool everywhere;              /* --mud-everywhere: every block of the level has mud */
} mud_cli;

/* o's values of mud_options; the defaults when o's command line had none. */
const mud_cli *mud_cli_values(const options *o);

/* The mud scene's parameters (base/params.h), one line each (the truck's too); read them with
 * params_f(ctx->params, params_id(mud_param_rows, MUD_P_...)). */
#define MUD_PARAMS(X) \
    X(MUD_P_SOFTNESS_SCALE, "mud.softness_scale", PARAM_FLOAT, 1.0f, 0.0f, 2.0f, NULL, "mud", "multiplies the terrain's softness: how deep wheels sink") \
    X(MUD_P_STAMP_DEPTH, "mud.stamp_depth", PARAM_FLOAT, 0.5f, 0.05f, 1.5f, NULL, "mud", "metres of mud over the hard floor where softness and mud mask are 1") \
    X(MUD_P_CHURN, "mud.churn", PARAM_FLOAT, 1.0f, 0.0f, 1.0f, NULL, "mud", "how churned the ruts are: depth and width varied by the mud's softness noise and the wheels' slip (0: uniform ruts)") \
    X(MUD_P_REPOSE_DEG, "mud.repose_deg", PARAM_FLOAT, 35.0f, 10.0f, 80.0f, NULL, "mud", "the mud's angle of repose (degrees): steeper rut walls slump over seconds") \
    X(MUD_P_REFILL, "mud.refill", PARAM_FLOAT, 0.0f, 0.0f, 1.0f, NULL, "mud", "how fast ruts fill back (0: they stay; 1: to 70 % of their depth within a minute, faster in wet mud)") \
    X(MUD_P_TRUCK_ENGINE_FORCE, "truck.engine_force", PARAM_FLOAT, 24000.0f, 2000.0f, 80000.0f, NULL, "mud", "engine force at the wheels (N)") \
    X(MUD_P_TRUCK_DETAIL, "truck.detail", PARAM_BOOL, 1.0f, 0.0f, 1.0f, params_bool_names, "mud", "the detailed truck model; off: each part as its bounding box") \
    X(MUD_P_TRUCK_DIRT, "truck.dirt", PARAM_BOOL, 1.0f, 0.0f, 1.0f, params_bool_names, "mud", "mud on the truck: its dirt map painted where mud hits it, washed in water, drying (off: a clean truck)") \
    X(MUD_P_FINE_DISTANCE, "mud.fine_distance", PARAM_FLOAT, 8.0f, 0.0f, 32.0f, NULL, "mud", "metres from the eye within which mud patches use the fine grid (a quality preset field)") \
    X(MUD_P_GRID_STEP, "mud.grid_step", PARAM_INT, 1.0f, 1.0f, 2.0f, NULL, "mud", "mud texels per grid step past mud.fine_distance (2: half the vertices; a quality preset field)") \
    X(MUD_P_TERRAIN_SHADOW, "mud.terrain_shadow", PARAM_BOOL, 1.0f, 0.0f, 1.0f, params_bool_names, "mud", "the terrain casts shadows on itself (off: only the truck, plants and chunks cast; a quality preset field)") \
    X(MUD_P_DRAW_DISTANCE, "mud.draw_distance", PARAM_FLOAT, 220.0f, 40.0f, 400.0f, NULL, "mud", "metres from the eye within which terrain blocks are drawn (a quality preset field)")
enum { MUD_PARAMS(PARAMS_ENUM) MUD_P_COUNT };
extern const param_def mud_param_rows[MUD_P_COUNT];

#ifdef __cplusplus
}
#endif

#endif
