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
    SCRIPT_SCENE,          /* str: range|mud|face|dissolve */
    SCRIPT_CAMERA,         /* num[0..5]: eye xyz, target xyz */
    SCRIPT_WEAPON,         /* str: marksman|auto|shotgun */
    SCRIPT_FIRE,           /* - */
    SCRIPT_HOLD,           /* num[0]: seconds > 0 */
    SCRIPT_BLAST,          /* num[0..3]: x y z radius (radius > 0) */
    SCRIPT_ROBOT,          /* str: respawn */
    SCRIPT_TRUCK,          /* num[0..2]: x z heading_deg */
    SCRIPT_DRIVE,          /* num[0..2]: throttle steer (each -1..1) seconds (>= 0) */
    SCRIPT_BLENDSHAPE,     /* str: name (script_blendshape_names); num[0]: weight 0..1 */
    SCRIPT_EXPRESSION,     /* str: name (script_expression_names) */
    SCRIPT_DISSOLVE,       /* num[0]: amount 0..1 */
    SCRIPT_DISSOLVE_MODE,  /* str: none|push|pull */
    SCRIPT_DISSOLVE_SHAPE, /* str: noise|direction|sphere */
    SCRIPT_VIEW,           /* str: none|damage|damage-fading|wrinkle-normal|wrinkle-occlusion|wrinkle-mask|mud|shadow */
    SCRIPT_SCREENSHOT,     /* path */
    SCRIPT_DUMP,           /* str: damage|damage-fading|wrinkle|mud|shadow; path */
    SCRIPT_STATS,          /* path */
    SCRIPT_QUIT,           /* - */
    SCRIPT_OP_COUNT
} script_op;

typedef struct script_cmd {
    double time;
    int line;          /* 1-based line in the file */
    script_op op;
    int nnum;
    float num[6];
    char str[64];      /* enumerated name or identifier argument */
    char path[1024];   /* file argument of screenshot / dump / stats */
} script_cmd;

typedef struct script {
    char file[1024];
    script_cmd *cmds;
    int count;
} script;

/* NULL-terminated lists of accepted names, shared with the modules that act on them. */
extern const char *const script_scene_names[];
extern const char *const script_weapon_names[];
extern const char *const script_view_names[];
extern const char *const script_dump_names[];
extern const char *const script_blendshape_names[];
extern const char *const script_expression_names[];
extern const char *const script_dissolve_mode_names[];
extern const char *const script_dissolve_shape_names[];

bool script_load(const char *path, script *out, char *err, size_t errlen);
/* text: whole file contents; filename is used in error messages. */
bool script_parse(const char *text, const char *filename, script *out, char *err, size_t errlen);
void script_free(script *s);
const char *script_op_name(script_op op);
/* Index of name in a NULL-terminated list, or -1. */
int script_name_index(const char *const *list, const char *name);

#endif
