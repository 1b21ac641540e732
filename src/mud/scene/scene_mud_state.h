/* scene_mud_state.h — the mud scene's state, shared by its two files (internal to the scene):
 * scene_mud.c runs the frame (create, update, prepare, draw, commands); scene_mud_report.c says
 * what the scene shows and measures (debug views, dumps, stats, bench, HUD, key help).
 */
#ifndef IMPRINT_APP_SCENE_MUD_STATE_H
#define IMPRINT_APP_SCENE_MUD_STATE_H

#include "mud/scene/mud_bodies.h"
#include "mud/scene/mud_water.h"
#include "scene/scene.h"
#include "mud/core/decals.h"
#include "mud/core/level.h"
#include "mud/core/mud_clod_worker.h"
#include "mud/core/mud_layers.h"
#include "mud/scene/mud_play.h"
#include "mud/scene/mud_vocab.h"
#include "mud/core/truck_dirt.h"
#include "mud/mud.h"
#include "mud/truck.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MUD_MAX_CLODS 4096 /* clod pool of the worker = billboards handed over per frame */

typedef struct mud_scene {
    scene_ctx *ctx;
    mud_level level;    /* --level (else the default one), --level-size; the sim, bodies and water keep a pointer */
    mud_sim *sim;
    mud_bodies *bodies; /* truck chassis, plants, chunks: rigid bodies */
    mud_water *water;   /* ponds and rivers: shallow water in the active blocks */
    GLuint physics_tex; /* view physics, drawn in prepare */
    mud_renderer *mr;
    mud_clod_worker *worker;
    const mud_clod_frame *clods;
    fx_billboard clod_bb[MUD_MAX_CLODS + FLOATERS_MAX];
    mud_truck *truck; /* the truck's meshes and its dirt map on the GPU (mud/truck.h) */
    truck_dirt dirt;  /* where mud lands on the truck each step (mud/core/truck_dirt.h) */
    float wash_clock; /* seconds since the last wash check */
    float dirt_clock; /* seconds since the dirt map's last passes */
    bool washing;     /* the last check found water over the hubs */
    long long clod_hits; /* clods that hit the truck, painted */
    mud_play play; /* scripted driving, chase camera, exhaust, stamp timing (mud/scene/mud_play.h) */
    mud_layers layers; /* `layer NAME on|off`, key L (mud/core/mud_layers.h) */
    mud_layers_timing timing; /* frame times by layer state, for the bench */
    decal_pool *decals; /* splats of landed clods (mud/core/decals.h), drawn by the terrain shader */
    decal_draw decal_draw[MUD_DECALS_MAX];
    uint64_t landings_step; /* the clod frame whose landings became decals */
    long long frames;
    long long steps, steps_drawn; /* a frame with no step since the last (a redraw) stamps nothing and keeps the counters */
} mud_scene;

/* scene_mud_report.c: the vtable's reporting entries */
bool mud_view(void *p, const char *name, scene_view *out);
bool mud_dump(void *p, const char *target, const char *path);
void mud_stats(void *p, json_writer *w);
void mud_bench(void *p, json_writer *w);
void mud_hud(void *p, float x, float y);
void mud_keys_help(char *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif
