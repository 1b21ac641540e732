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
 * Views: mud, mud-base, physics, water (mud_views, MUD_VIEW_*); dumps: mud, mud-base, water.
 * Options: --level FILE (readable), --level-size M (a multiple of 16 in 64..1024; default 512,
 * level_size_set when given), --mud-everywhere.
 */
#ifndef IMPRINT_MUD_VOCAB_H
#define IMPRINT_MUD_VOCAB_H

#include "base/options.h"
#include "base/script.h"

enum { MUD_CMD_TRUCK, MUD_CMD_DRIVE, MUD_CMD_LAYER, MUD_CMD_PLANT, MUD_CMD_CHUNK, MUD_CMD_COUNT };
enum { MUD_PLANT_TREE, MUD_PLANT_ROCK }; /* `plant KIND`: script_cmd.index */
enum { MUD_VIEW_MUD, MUD_VIEW_BASE, MUD_VIEW_PHYSICS, MUD_VIEW_WATER };
enum { MUD_DUMP_MUD, MUD_DUMP_BASE, MUD_DUMP_WATER };

extern const char *const mud_plant_names[]; /* tree, rock: what `plant` places */
extern const char *const mud_views[];
extern const char *const mud_dumps[];
extern const script_vocab mud_vocab;
extern const options_ext mud_options;

#endif
