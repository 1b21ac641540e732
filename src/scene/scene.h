/* scene.h — how a scene plugs into the app (the only table the app calls; Quake III style: the
 * scene reaches back only through the scene_ctx it was handed).
 *
 * A scene is a `const scene_vtable scene_<name>` listed in the app's scene registry
 * (src/app/registry.c, the one table of scenes). It registers itself through its vtable: its
 * name, script commands, debug views and dump targets (`script`, a script_vocab of its GL-free
 * half, e.g. damage/scene/range_vocab.h), its command-line options (`options`), its parameters
 * (`params`), its showcase,
 * the mesh it lends other scenes (`showpiece`) and a check of a script before the first frame
 * (`check_script`). The app, the script parser, the option parser, --help, the H help and the V
 * cycle know a scene only through these. Every hook except create/destroy/update/draw and every
 * field except script may be NULL. The app owns the GL context, renderer, camera, script runner,
 * HUD, timers and particles.
 *
 * Shown and hidden: a scene is created the first time it is shown and lives until the app
 * ends; enter() runs each time it becomes the current scene (right after create too), leave()
 * each time another scene replaces it and once before destroy if it is current. Between leave
 * and enter it gets no update/prepare/draw: a scene that runs threads parks them there.
 *
 * One frame (see docs/architecture.md):
 *   script commands due now -> command()          (before the simulation step of that time)
 *   for each fixed step:        update(dt)        (CPU simulation only, no GL)
 *   prepare()                                     (pre-passes into the module's own targets:
 *                                                  damage unwrap/fade, mud upload, wrinkle compose)
 *   renderer shadow pass:       draw(SCENE_PASS_SHADOW)
 *   renderer main pass:         draw(SCENE_PASS_MAIN) then particles (fx), then sky
 *   hud()                                          (text lines and overlays)
 *   screenshot / dump / stats commands due now
 *
 * Pass names for timing (gfx_pass_begin) are "<module>.<pass>", e.g. "damage.unwrap".
 */
#ifndef IMPRINT_APP_SCENE_H
#define IMPRINT_APP_SCENE_H

#include <stdbool.h>
#include <stddef.h>

#include <cglm/cglm.h>

#include "scene/input.h"
#include "base/camera.h"
#include "base/json.h"
#include "base/options.h"
#include "base/params.h"
#include "base/quality.h"
#include "base/mesh.h"
#include "base/script.h"
#include "gfx/panel.h"
#include "gfx/renderer.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A billboard simulated outside the particle pool (e.g. on a worker thread), drawn for one frame. */
typedef struct fx_billboard {
    float pos[3];
    float size;     /* metres, full width */
    float rotation; /* radians, in the view plane */
    unsigned char color[4];
    float vel[3];   /* m/s: what a velocity-aligned billboard stretches along */
    unsigned char align; /* FX_ALIGN_*: 0 = screen */
} fx_billboard;

/* How a billboard faces the camera (`--bb-align` overrides it; bb/core/particles.h bb_align). */
enum { FX_ALIGN_SCREEN = 0, FX_ALIGN_VIEWPOINT = 1, FX_ALIGN_VELOCITY = 2 };

/* FX_TRACER: additive spark sprites (a chain of them draws a shot's streak); FX_FLASH: additive
 * fire sprites (a muzzle flash). */
typedef enum fx_kind { FX_CLOD, FX_SMOKE, FX_TRACER, FX_FLASH } fx_kind;

/* Particle effects the scenes ask for; filled by the app (src/scene/fx.c, the billboard module).
 * Any pointer may be NULL (no particle system): check before calling. Positions in world space.
 * `transient` hands over billboards the scene simulates itself; they are drawn with the pool's
 * billboards in this frame only, so call it every frame from the prepare hook. */
typedef struct fx_api {
    void *user;
    void (*sparks)(void *user, const float pos[3], const float normal[3], int count);
    void (*fireball)(void *user, const float pos[3], float radius);
    void (*smoke)(void *user, const float pos[3], float radius);
    void (*transient)(void *user, fx_kind kind, const fx_billboard *b, int count);
    /* a streak flying straight at vel for life seconds: velocity-aligned, additive spark,
     * size wide and size + |v| * 0.04 s long on the screen (tracers, sparks of a ricochet) */
    void (*tracer)(void *user, const float pos[3], const float vel[3], float size, float life);
    /* one ember at each of count points (world): a small orange-red mote that rises slowly, drifts,
     * shrinks and cools to dark red over 0.6-1.5 s (burning edges, hot rims); `stats` counts the
     * live ones as `embers` */
    void (*embers)(void *user, const float (*pos)[3], int count);
    /* the same embers, each flying straight into target (world) and arriving as it dies, 0.35-0.8 s
     * (a pull dissolve's strands streaming into their target); counted as `embers` too */
    void (*embers_to)(void *user, const float (*pos)[3], int count, const float target[3]);
    /* count bursts of dust and mud spray (the spray atlas: droplets over dust, lit, muddy brown,
     * 0.5-0.9 s) thrown at vel (world, m/s) plus a kick up: a spinning wheel */
    void (*spray)(void *user, const float pos[3], const float vel[3], int count);
} fx_api;

typedef enum scene_pass { SCENE_PASS_SHADOW, SCENE_PASS_MAIN } scene_pass;

/* A mesh one scene lends the others (the dissolve gallery stands the range's robot and the face's
 * head among its props): build fills *out (empty on entry, smooth normals baked) and says where
 * its bottom is (*bottom_y); GL-free, false when it cannot be built. */
typedef struct scene_showpiece {
    const char *name; /* "robot" */
    bool (*build)(mesh_data *out, float *bottom_y, float detail); /* detail 0.5..1: mesh density (1 = its own) */
} scene_showpiece;

typedef struct scene_ctx {
    const options *opt;
    renderer *r;
    camera *cam;             /* the app's camera: scenes may drive it (chase, orbit) */
    bool camera_from_script; /* a `camera` command placed it: scenes should not move it */
    fx_api fx;
    unsigned seed;
    double time;             /* simulated seconds since start */
    int width, height;       /* framebuffer size */
    bool headless;
    /* Every registered tunable by id (base/params.h, params_id), owned by the app: scripts, --set and the panel
     * write it; a scene reads its knobs from it each step or frame and hands the values to its
     * modules, so a change applies at once, also to a scene entered later. */
    const params *params;
    /* The debug view on screen (a name of its script vocab's views, "" for none), owned by the
     * app: a scene whose view is drawn on demand reads it in prepare. */
    const char *view;
    /* The showpieces of every registered scene, in the registry's order. */
    const scene_showpiece *showpieces;
    int nshowpieces;
} scene_ctx;

/* Result of scene_vtable.command */
typedef enum scene_cmd_result {
    SCENE_CMD_OK,
    SCENE_CMD_UNSUPPORTED, /* not this scene's command: the app reports "not available" */
    SCENE_CMD_FAILED,      /* understood but failed (logged by the scene) */
} scene_cmd_result;

/* A debug view: texture and how to show it (see gfx/panel.h). */
typedef struct scene_view {
    GLuint tex;
    gfx_panel_mode mode;
    const char *caption;
    GLuint layout;   /* 0, or an atlas layout shown dimly under the map (gfx_panel_draw_layout) */
    /* Both all 0 for none. crop: the part of the texture shown, uv u0 v0 u1 v1 (a screen-sized
     * buffer, its subject). clear: the screen's part the panel must not cover (the subject), as
     * fractions of the screen x0 y0 x1 y1 from the top left: the panel goes beside it. */
    float crop[4], clear[4];
} scene_view;

typedef struct scene_vtable {
    /* Its name, commands (script_cmd.scene is the scene's index in the registry, .op the row),
     * debug views and dump targets: the vocab of its GL-free half. */
    const script_vocab *script;
    const options_ext *options;     /* its command-line options, NULL for none */
    /* Its parameters (base/params.h; a table of its GL-free half, e.g. range_param_rows), read
     * by params_id(table, ROW): the registry registers them before any parsing. NULL for none. */
    const param_def *params;
    int param_count;
    /* Its part of the quality presets (base/quality.h quality_register), NULL for none. */
    const quality_field *quality;
    int quality_count;
    /* What a headless run with none of --frames, --script, --bench plays: a script of the same
     * commands (docs/cli.md) ending with `quit` at the moment worth a picture (within 8 s). */
    const char *showcase;
    /* Exposure compensation, EV, of the auto exposure (and the fixed one) while the scene is on: a
     * high-key set (a white concrete hall) asks for less than the mid-grey key gives. */
    float exposure_ev;
    scene_showpiece showpiece;      /* name NULL: lends none */
    /* Before the first frame (and before any scene exists), for the whole script (s; an empty
     * one without --script): values whose valid range needs what only the scene loads (the mud
     * level's size). self: the scene's index (its commands have cmd->scene == self); shown: the
     * run starts in it or a `scene` command names it. False with "FILE:LINE: message" or another
     * one-line message in err: the app exits 2. */
    bool (*check_script)(const struct options *o, const struct script *s, int self, bool shown, char *err,
                         size_t errlen);
    /* Lines for the H overlay, e.g. "LMB fire\n1 marksman  2 auto": names of enumerations come
     * from their tables (base/names.h). */
    void (*keys_help)(char *buf, size_t len);
    bool free_camera;               /* the app flies the camera with WASD + mouse */
    void *(*create)(scene_ctx *ctx);/* NULL on failure (logged) */
    void (*destroy)(void *s);
    void (*enter)(void *s);         /* becomes the current scene (may be NULL) */
    void (*leave)(void *s);         /* stops being the current scene (may be NULL) */
    /* One fixed step. `in` is this step's take (base/input.h): a press reaches exactly one
     * step, also when it fell into frames without a step. The app's keys (Tab, F1-F4, V, H, F12,
     * Esc) are read per frame by the app: scenes do not bind them. */
    void (*update)(void *s, const app_input *in, float dt);
    void (*prepare)(void *s);
    void (*draw)(void *s, scene_pass pass);
    /* One of its own commands (cmd->op a row of script->commands). */
    scene_cmd_result (*command)(void *s, const script_cmd *cmd);
    /* Names from script->views / script->dumps. Return false when unknown. */
    bool (*view)(void *s, const char *name, scene_view *out);
    bool (*dump)(void *s, const char *target, const char *path);
    void (*stats)(void *s, json_writer *w);  /* adds keys to the open stats object */
    void (*bench)(void *s, json_writer *w);  /* adds keys to the open bench object, may render */
    void (*hud)(void *s, float x, float y);  /* draws its HUD lines with gfx_hud_text */
} scene_vtable;

#ifdef __cplusplus
}
#endif

#endif
