/* script.h — timed command scripts (contract: docs/cli.md).
 *
 *   script_lang lang;                                  // the app's commands + every scene's
 *   script_lang_init(&lang, vocabs, nscenes);          // vocabs: the scene registry's, in its order
 *   script s;
 *   char err[512];
 *   if (!script_load(&lang, "shoot.txt", &s, err, sizeof err)) { fprintf(stderr, "%s\n", err); exit 2; }
 *   for (int i = 0; i < s.count; i++) ... s.cmds[i].time, .scene, .op, .num[], .str, .path ...
 *   script_free(&s);
 *
 * Format: one command per line, "TIME COMMAND [ARGS]", TIME in seconds (>= 0, non-decreasing);
 * blank lines and lines whose first non-blank character is '#' are ignored; a '#' after the
 * arguments starts a comment too. Every line is fully validated here (command name, number and
 * type of arguments, enumerated names, value ranges), so a bad script fails before the first
 * frame. Errors read "FILE:LINE: message" (e.g. "shoot.txt:3: camera needs 6 numbers, got 2").
 * On failure *out is left empty (count 0, cmds NULL).
 *
 * The language is registered, not written here: the app's own commands (script_op: scene,
 * camera, view, screenshot, dump, stats, quit, set, params, post) are this module's; every other
 * command is a row of a scene's script_vocab (its GL-free half, e.g. damage/scene/range_vocab.h),
 * which also names the scene, its debug views and its dump targets. `scene`, `view` and `dump`
 * take the names the vocabs bring ("none" and script_app_views, script_app_dumps added). A parsed
 * command says whose it is (script_cmd.scene: SCRIPT_APP or the vocab's index) and which row
 * (script_cmd.op: a script_op, or the row's index in the vocab's commands).
 * A script_lang points into itself: initialise it where it stays, do not copy it.
 */
#ifndef IMPRINT_CORE_SCRIPT_H
#define IMPRINT_CORE_SCRIPT_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The app's commands (script_cmd.scene == SCRIPT_APP). */
typedef enum script_op {
    SCRIPT_SCENE,      /* str, index: the scene (script_lang.scene_names) */
    SCRIPT_CAMERA,     /* num[0..5]: eye xyz, target xyz */
    SCRIPT_VIEW,       /* str, index: script_lang.views ("none" first) */
    SCRIPT_SCREENSHOT, /* path; nnum 4: num[0..3] the rectangle X Y W H of the frame to write */
    SCRIPT_DUMP,       /* str, index: script_lang.dumps; path */
    SCRIPT_STATS,      /* path */
    SCRIPT_QUIT,       /* - */
    SCRIPT_SET,        /* str: parameter name (base/params.h), path: its value, checked */
    SCRIPT_PARAMS,     /* path: the registry as JSON */
    SCRIPT_POST,       /* str, index: post_effect_names (base/post_settings.h); num[0]: 1 on, 0 off */
    SCRIPT_FX,         /* str, index: script_fx_names; num[0..2]: world point, num[3]: size, metres */
    SCRIPT_APP_COUNT
} script_op;

#define SCRIPT_APP (-1) /* script_cmd.scene of the app's commands */

/* `fx NAME X Y Z SIZE`: a particle effect at a world point in any scene (scene.h's fx_api). */
typedef enum script_fx { SCRIPT_FX_FIREBALL, SCRIPT_FX_SMOKE, SCRIPT_FX_SPARKS, SCRIPT_FX_COUNT } script_fx;
extern const char *const script_fx_names[SCRIPT_FX_COUNT + 1];

/* Range of an 'n' argument; the message names the argument by its usage word. */
typedef enum script_range {
    SCRIPT_ANY,
    SCRIPT_UNIT,        /* 0..1 */
    SCRIPT_SIGNED_UNIT, /* -1..1 */
    SCRIPT_POSITIVE,    /* > 0 */
    SCRIPT_NONNEG,      /* >= 0 */
} script_range;

typedef struct script_cmd {
    double time;
    int line;          /* 1-based line in the file */
    int scene;         /* whose command: SCRIPT_APP, else the scene's index in the script_lang */
    int op;            /* a script_op, or the index of the row in the scene's commands */
    const char *name;  /* the command's name (its row's), for messages */
    int nnum;
    float num[6];
    char str[64];      /* enumerated name or identifier argument */
    int index;         /* that name's index in its table (the enum value) */
    char path[1024];   /* file argument of screenshot / dump / stats */
} script_cmd;

enum {
    SCRIPT_ARGS_DEFAULT = -1, /* a row's parse hook: leave these arguments to the kinds */
    SCRIPT_BUTTONS = 1u << 0, /* row flag: the panel offers a button per name of its 'e' argument */
};

/* One command. Argument kinds (args, one letter each): 'n' number, 'e' a name of `names`,
 * 'p' path, 'b' on|off (a number 1|0), 'w' word (the first into str, the second into path). */
typedef struct script_command {
    const char *name;
    const char *args;
    const char *usage;          /* one word per argument, used in messages */
    const char *const *names;   /* list for the 'e' argument */
    const char *what;           /* what the 'e' argument is called in messages */
    script_range range[6];      /* per 'n' argument, in order */
    unsigned flags;             /* SCRIPT_BUTTONS */
    /* Optional, before the kinds: parses tok[0..ntok-1] itself and returns 1 (done) or 0 (msg
     * says why), or SCRIPT_ARGS_DEFAULT to leave them to the kinds (e.g. `robot anim MODE`). */
    int (*parse)(char **tok, int ntok, script_cmd *cmd, char *msg, size_t len);
    /* Optional, after the kinds: a check of the values (the arguments' text in tok); false with
     * the message (without "FILE:LINE: ") in msg. */
    bool (*check)(script_cmd *cmd, char **tok, char *msg, size_t len);
} script_command;

/* What one scene adds to the language: its name, its commands (ended by a row whose name is
 * NULL), its debug views and its dump targets (NULL-terminated; any may be NULL). */
typedef struct script_vocab {
    const char *scene;
    const script_command *commands;
    const char *const *views;
    const char *const *dumps;
} script_vocab;

enum { SCRIPT_SCENES_MAX = 8, SCRIPT_NAMES_MAX = 48, SCRIPT_COMMANDS_MAX = 64 };

typedef struct script_lang {
    int nscenes;
    const script_vocab *scenes[SCRIPT_SCENES_MAX];
    const char *scene_names[SCRIPT_SCENES_MAX + 1]; /* NULL-terminated, in the registry's order */
    const char *views[SCRIPT_NAMES_MAX + 1];        /* "none", every scene's, script_app_views */
    const char *dumps[SCRIPT_NAMES_MAX + 1];        /* every scene's, script_app_dumps */
    script_command app[SCRIPT_APP_COUNT];           /* the app's rows, their lists bound to the above */
    int ncommands;
    struct { signed char scene; unsigned char op; } order[SCRIPT_COMMANDS_MAX]; /* listing order */
} script_lang;

/* Views and dumps the app has in every scene: the shadow map and the post stack's targets. */
extern const char *const script_app_views[]; /* shadow, ssao, bloom, coc */
/* Rows of script_app_views: the renderer's shadow map and the post stack's views (gfx/post). */
enum { SCRIPT_APP_VIEW_SHADOW, SCRIPT_APP_VIEW_SSAO, SCRIPT_APP_VIEW_BLOOM, SCRIPT_APP_VIEW_COC };
extern const char *const script_app_dumps[]; /* shadow */

/* Builds the language of the scenes' vocabs (at most SCRIPT_SCENES_MAX; a command, view or
 * dump name registered twice is a programmer error). Commands are listed (the unknown-command
 * message) as the app's scene and camera, then every scene's own, then the app's others. */
void script_lang_init(script_lang *l, const script_vocab *const *vocabs, int n);
/* The row of a parsed command. */
const script_command *script_lang_row(const script_lang *l, int scene, int op);
/* The scene's index, -1 when unknown. */
int script_lang_scene(const script_lang *l, const char *name);

typedef struct script {
    char file[1024];
    script_cmd *cmds;
    int count;
} script;

bool script_load(const script_lang *l, const char *path, script *out, char *err, size_t errlen);
/* text: whole file contents; filename is used in error messages. */
bool script_parse(const script_lang *l, const char *text, const char *filename, script *out, char *err, size_t errlen);
void script_free(script *s);
/* Index of name in a NULL-terminated list, or -1 (names_find). */
int script_name_index(const char *const *list, const char *name);

#ifdef __cplusplus
}
#endif

#endif
