/* scene.h — how a scene plugs into the app (the only table the app calls; Quake III style: the
 * scene reaches back only through the scene_ctx it was handed).
 *
 * A scene is a `const scene_vtable scene_<name>` (scene_range, scene_mud, scene_face,
 * scene_dissolve) listed in app.c in the order of script_scene_names (base/script.h), the
 * one table of scene names. Every hook except create/destroy/update/draw may be NULL.
 * The app owns the GL context, renderer, camera, script runner, HUD, timers and particles.
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

#include "gfx/input.h"
#include "base/camera.h"
#include "base/json.h"
#include "base/options.h"
#include "base/params.h"
#include "base/script.h"
#include "mud/core/level.h"
#include "gfx/panel.h"
#include "gfx/renderer.h"

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

/* Particle effects the scenes ask for; filled by the app (src/bb/fx.c, the billboard module).
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
} fx_api;

typedef enum scene_pass { SCENE_PASS_SHADOW, SCENE_PASS_MAIN } scene_pass;

typedef struct scene_ctx {
    const options *opt;
    const mud_level *level;  /* the mud level (--level, --level-size), loaded before the first frame */
    renderer *r;
    camera *cam;             /* the app's camera: scenes may drive it (chase, orbit) */
    bool camera_from_script; /* a `camera` command placed it: scenes should not move it */
    fx_api fx;
    unsigned seed;
    double time;             /* simulated seconds since start */
    int width, height;       /* framebuffer size */
    bool headless;
    /* Every tunable by id (base/params.h), owned by the app: scripts, --set and the panel
     * write it; a scene reads its knobs from it each step or frame and hands the values to its
     * modules, so a change applies at once, also to a scene entered later. */
    const params *params;
    /* The debug view on screen (script_view_names, "" for none), owned by the app: a scene whose
     * view is drawn on demand reads it in prepare (its view() is also asked by menus). */
    const char *view;
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
} scene_view;

typedef struct scene_vtable {
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
    /* Script ops this scene implements (checked before the first frame so a script using a
     * command no scene provides fails early). */
    bool (*supports)(script_op op);
    scene_cmd_result (*command)(void *s, const script_cmd *cmd);
    /* The debug views the scene can show (names from script_view_names, NULL-terminated): what the
     * V cycle and the panel list, without asking view() (which may render the view). */
    const char *const *views;
    /* Names from script_view_names / script_dump_names. Return false when unknown. */
    bool (*view)(void *s, const char *name, scene_view *out);
    bool (*dump)(void *s, const char *target, const char *path);
    void (*stats)(void *s, json_writer *w);  /* adds keys to the open stats object */
    void (*bench)(void *s, json_writer *w);  /* adds keys to the open bench object, may render */
    void (*hud)(void *s, float x, float y);  /* draws its HUD lines with gfx_hud_text */
} scene_vtable;

extern const scene_vtable scene_range, scene_mud, scene_face, scene_dissolve;

#endif
