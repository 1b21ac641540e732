/* The mud scene's script commands, views, dumps and command-line options. See mud_vocab.h. */
#include "mud/scene/mud_vocab.h"

#include <stdio.h>
#include <string.h>

#include "mud/core/chunk.h"
#include "mud/core/mud_layers.h"

const char *const mud_plant_names[] = {"tree", "rock", NULL};
const char *const mud_views[] = {"mud", "mud-base", "physics", "water", "truck-dirt", NULL};
const char *const mud_dumps[] = {"mud", "mud-base", "water", "mud-height", "mud-view", "truck-dirt", NULL};

static bool mud__check_layer(script_cmd *cmd, char **tok, char *msg, size_t len)
{
    (void)tok;
    if (mud_layer_present(cmd->index)) return true;
    char list[128];
    mud_layers_present_list(list, sizeof list);
    snprintf(msg, len, "layer %s: not in this build yet (layers: %s)", cmd->str, list);
    return false;
}

static bool mud__check_chunk(script_cmd *cmd, char **tok, char *msg, size_t len)
{
    const float size = cmd->num[2];
    if (size >= CHUNK_MIN_SIZE - 1e-6 && size <= CHUNK_MAX_SIZE + 1e-6) return true;
    snprintf(msg, len, "chunk: size must be in %g..%g metres, got %s", (double)CHUNK_MIN_SIZE, (double)CHUNK_MAX_SIZE, tok[2]);
    return false;
}

static const script_command mud__commands[MUD_CMD_COUNT + 1] = {
    [MUD_CMD_TRUCK] = {"truck", "nnn", "X Z HEADING_DEG", NULL, NULL, {0}},
    [MUD_CMD_DRIVE] = {"drive", "nnn", "THROTTLE STEER SECONDS", NULL, NULL, {SCRIPT_SIGNED_UNIT, SCRIPT_SIGNED_UNIT, SCRIPT_NONNEG}},
    [MUD_CMD_LAYER] = {"layer", "eb", "NAME ON|OFF", mud_layer_names, "layer", {0}, .check = mud__check_layer},
    [MUD_CMD_PLANT] = {"plant", "enn", "KIND X Z", mud_plant_names, "plant", {0}},
    [MUD_CMD_CHUNK] = {"chunk", "nnn", "X Z SIZE", NULL, NULL, {0}, .check = mud__check_chunk},
};

const script_vocab mud_vocab = {"mud", mud__commands, mud_views, mud_dumps};

const param_def mud_param_rows[MUD_P_COUNT] = {MUD_PARAMS(PARAMS_ROW)};

const quality_field mud_quality_rows[MUD_QUALITY_COUNT] = {
    /*                     low     medium  high */
    {"mud.fine_distance",  {0.0f,   5.0f,   8.0f}},
    {"mud.grid_step",      {2.0f,   1.0f,   1.0f}},
    {"mud.draw_distance",  {120.0f, 170.0f, 220.0f}},
    {"mud.terrain_shadow", {0.0f,   1.0f,   1.0f}},
};

static const options_option mud__options[] = {
    {"--level", OPTIONS_ARG_REQUIRED},
    {"--level-size", OPTIONS_ARG_REQUIRED},
    {"--mud-everywhere", OPTIONS_ARG_NONE},
    {NULL, OPTIONS_ARG_NONE},
};

static void mud__defaults(void *values) { ((mud_cli *)values)->level_size = 512; }

static int mud__apply(const char *name, const char *val, void *values, char *err, size_t errlen)
{
    mud_cli *o = values;
    if (!strcmp(name, "--level")) {
        int rc = options_set_path(name, val, o->level, err, errlen);
        return rc == OPTIONS_OK ? options_check_readable(name, val, err, errlen) : rc;
    }
    if (!strcmp(name, "--level-size")) {
        long long n;
        if (!options_parse_digits(val, &n) || n < 64 || n > 1024 || n % 16)
            return options_fail(err, errlen, "--level-size: expected metres, a multiple of 16 in 64..1024, got '%s'", val);
        o->level_size = (int)n;
        o->level_size_set = true;
        return OPTIONS_OK;
    }
    o->everywhere = true; /* --mud-everywhere, the last of mud__options */
    return OPTIONS_OK;
}

static void mud__help(FILE *f)
{
    fputs("  --level FILE        mud level file (default assets/levels/default.level; docs/mud_world.md)\n"
          "  --level-size M      mud level side in metres, multiple of 16, 64..1024 (default: the\n"
          "                      level file's, 512 for the default level)\n"
          "  --mud-everywhere    mud in every block of the mud level (soft, fully masked ground)\n", f);
}

const options_ext mud_options = {
    .options = mud__options, .size = sizeof(mud_cli), .defaults = mud__defaults, .apply = mud__apply, .help = mud__help};

const mud_cli *mud_cli_values(const options *o)
{
    static mud_cli defaults = {.level_size = 512};
    const mud_cli *c = o ? options_ext_values(o, &mud_options) : NULL;
    return c ? c : &defaults;
}
