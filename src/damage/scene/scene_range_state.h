/* scene_range_state.h — the range scene's state, shared by its two files (internal to the scene):
 * scene_range.c runs the frame (create, update, prepare, draw, commands); scene_range_report.c
 * says what the scene shows and measures (debug views, dumps, stats, bench, HUD, key help).
 */
#ifndef IMPRINT_APP_SCENE_RANGE_STATE_H
#define IMPRINT_APP_SCENE_RANGE_STATE_H

#include "damage/scene/range_stage.h"
#include "scene/scene.h"
#include "damage/scene/viewmodel.h"
#include "damage/scene/range_play.h"
#include "damage/scene/range_vocab.h"
#include "damage/core/rim_embers.h"
#include "damage/scene/weapon.h"
#include "damage/damage.h"
#include "damage/robot_damage.h"
#include "dissolve/core/dissolve_embers.h"
#include "dissolve/dissolve.h"
#include "gfx/mesh_gl.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RANGE_FLASH_S 0.06f /* muzzle flash after a shot */
#define RANGE_KICK_S 0.12f  /* the gun's recoil, back to rest */
#define RANGE_TRACER_SPRITES 1024
#define RANGE_EMBERS_PER_HOLE 2  /* embers per step from each hot rim */
#define RANGE_EMBERS_MAX 64      /* per step, all rims together */
#define RANGE_PLATE_EMBERS 2     /* per step from each burning blown-off plate, of ... */
#define RANGE_PLATE_EMBER_TRIES 32 /* ... this many sample vertices tried */
#define RANGE_RESPAWN_EMBERS 4   /* per step from the respawn's burning edge on the body, of ... */
#define RANGE_RESPAWN_EMBER_TRIES 48 /* ... this many sample vertices tried */

typedef struct range {
    range_play play;             /* plates in flight, knock-back, respawn (damage/scene/range_play.h) */
    scene_ctx *ctx;
    robot *rb;
    blast_state *bs;
    damage_map *dm;
    dissolve *dv;
    range_stage *stage;          /* floor, walls, stands, lamps */
    gfx_mesh body, glow;
    robot_damage rdm;            /* the robot as the damage map's surface: meshes, rest transforms, blast pose */
    mat4 draw_models[ROBOT_PLATE_COUNT]; /* per plate: rest (skinned) or flight matrix, this frame's draw */
    weapon gun;
    float flash;                 /* muzzle flash time left */
    float kick;                  /* recoil, 1 at a shot, 0 at rest */
    viewmodel *vm;               /* the gun in hand */
    double refit_ms;             /* CPU skinning + BVH refit of the last step */
    fx_billboard tracer_bb[RANGE_TRACER_SPRITES];
    rim_embers rims;             /* heat of the fresh holes' rims: embers (damage/core/rim_embers.h) */
    rng ember_rng;
    dissolve_ember_src plate_src[ROBOT_PLATE_COUNT]; /* subsampled plate vertices: blown-off plates' burning edges */
    dissolve_ember_src body_src; /* subsampled body vertices (bind space): the respawn's burning edge */
    bool cut_dirty, clear_pending, robot_drawn; /* robot_drawn: the body met the view frustum in the last main pass */
} range;

/* scene_range_report.c: the vtable's reporting entries */
bool range_view(void *p, const char *name, scene_view *out);
bool range_dump(void *p, const char *target, const char *path);
void range_stats(void *p, json_writer *w);
void range_bench(void *p, json_writer *w);
void range_hud(void *p, float x, float y);
void range_keys_help(char *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif
