/* script.h — timed command scripts (contract: docs/cli.md).
 *
 *   script s;
 *   char err[512];
 *   if (!script_load("shoot.txt", &s, err, sizeof err)) { fprintf(stderr, "%s\n", err); exit 2; }
 *   for (int i = 0; i < s.count; i++) ... s.cmds[i].time, .op, .num[], .str, .path ...
 *   script_free(&s);
 *
 * Format: one command per line, "TIME COMMAND [ARGS]", TIME in seconds (>= 0, non-decreasing);
 * blank lines and lines whose first non-blank character is '#' are ignored; a '#' after the
 * arguments starts a comment too. Every line is fully validated here (command name, number and
 * type of arguments, enumerated names, value ranges), so a bad script fails before the first
 * frame. Errors read "FILE:LINE: message" (e.g. "shoot.txt:3: camera needs 6 numbers, got 2").
 * On failure *out is left empty (count 0, cmds NULL).
 */
#ifndef IMPRINT_CORE_SCRIPT_H
#define IMPRINT_CORE_SCRIPT_H

#include <stdbool.h>
#include <stddef.h>

typedef enum script_op {
    SCRIPT_SCENE,          /* str, index: script_scene_names */
    SCRIPT_CAMERA,         /* num[0..5]: eye xyz, target xyz */
    SCRIPT_WEAPON,         /* str, index: weapon_names (damage/core/weapon.h) */
    SCRIPT_FIRE,           /* - */
    SCRIPT_HOLD,           /* num[0]: seconds > 0 */
    SCRIPT_BLAST,          /* num[0..3]: x y z radius (radius > 0) */
    SCRIPT_ROBOT,          /* str, index: script_robot_names (respawn, anim: num[0] robot_anim_mode, str its name) */
    SCRIPT_TRUCK,          /* num[0..2]: x z heading_deg */
    SCRIPT_DRIVE,          /* num[0..2]: throttle steer (each -1..1) seconds (>= 0) */
    SCRIPT_BLENDSHAPE,     /* str, index: head_shape_names (wrinkle/core/head.h); num[0]: weight 0..1 */
    SCRIPT_EXPRESSION,     /* str, index: wrinkle_expr_names (wrinkle/core/wrinkle_expr.h) */
    SCRIPT_DISSOLVE,       /* num[0]: amount 0..1 */
    SCRIPT_DISSOLVE_MODE,  /* str, index: dissolve_mode_names (dissolve/core/dissolve_math.h) */
    SCRIPT_DISSOLVE_SHAPE, /* str, index: dissolve_shape_names */
    SCRIPT_VIEW,           /* str, index: script_view_names */
    SCRIPT_SCREENSHOT,     /* path */
    SCRIPT_DUMP,           /* str, index: script_dump_names; path */
    SCRIPT_STATS,          /* path */
    SCRIPT_QUIT,           /* - */
    SCRIPT_SET,            /* str: parameter name (base/params.h), path: its value, checked */
    SCRIPT_PARAMS,         /* path: the registry as JSON */
    SCRIPT_POST,           /* str, index: post_effect_names (base/post_settings.h); num[0]: 1 on, 0 off */
    SCRIPT_DISSOLVE_PITFALL, /* str, index: dissolve_pitfall_names */
    SCRIPT_DISSOLVE_EDGE,  /* str, index: dissolve_edge_names */
    SCRIPT_WRINKLES,       /* num[0]: 1 on, 0 off (off: the base maps alone, blendshapes still move) */
    SCRIPT_LAYER,          /* str, index: mud_layer_names (mud/core/mud_layers.h), present ones only; num[0]: 1 on, 0 off */
    SCRIPT_PLANT,          /* str, index: script_plant_names (tree, rock = mud/core/plants.h's kinds); num[0..1]: x z */
    SCRIPT_CHUNK,          /* num[0..2]: x z size (metres, 0.2..2) */
    SCRIPT_OP_COUNT
} script_op;

typedef struct script_cmd {
    double time;
    int line;          /* 1-based line in the file */
    script_op op;
    int nnum;
    float num[6];
    char str[64];      /* enumerated name or identifier argument */
    int index;         /* that name's index in its table (the enum value) */
    char path[1024];   /* file argument of screenshot / dump / stats */
} script_cmd;

typedef struct script {
    char file[1024];
    script_cmd *cmds;
    int count;
} script;

/* The tables of names the script owns (base/names.h), indexed by the scene, view, dump
 * target and robot action; the app's scene table follows script_scene_names' order. Names of the
 * techniques' enumerations live with their enums: weapon_names, head_shape_names,
 * wrinkle_expr_names, dissolve_mode_names, dissolve_shape_names. */
enum { SCRIPT_SCENE_RANGE, SCRIPT_SCENE_MUD, SCRIPT_SCENE_FACE, SCRIPT_SCENE_DISSOLVE, SCRIPT_SCENE_COUNT };
extern const char *const script_scene_names[SCRIPT_SCENE_COUNT + 1];
extern const char *const script_view_names[];
extern const char *const script_dump_names[];
extern const char *const script_robot_names[];
extern const char *const script_plant_names[]; /* tree, rock: what `plant` places */
enum { SCRIPT_ROBOT_RESPAWN, SCRIPT_ROBOT_ANIM };

bool script_load(const char *path, script *out, char *err, size_t errlen);
/* text: whole file contents; filename is used in error messages. */
bool script_parse(const char *text, const char *filename, script *out, char *err, size_t errlen);
void script_free(script *s);
const char *script_op_name(script_op op);
/* Index of name in a NULL-terminated list, or -1 (names_find). */
int script_name_index(const char *const *list, const char *name);
/* The table of names the 'e' argument of op takes, NULL when it has none. */
const char *const *script_op_names(script_op op);

#endif
