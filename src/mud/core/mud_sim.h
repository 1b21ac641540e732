/* mud_sim.h — the mud scene's CPU world: terrain + mud field + truck, stepped together (GL-free).
 *
 *   mud_sim *s = mud_sim_create(&(mud_sim_desc){ .terrain = { .level_size = 512, .seed = 1 } });
 *   mud_sim_place_truck(s, x, z, heading_deg);   // or mud_sim_spawn(s)
 *   each fixed step: mud_sim_step(s, &(vehicle_input){ .throttle = 1 }, 1.0f / 60.0f);
 *   n = mud_sim_emitters(s, emitters);          // spinning wheels -> clods (mud_clod_worker.h)
 *   mud_sim_destroy(s);
 *
 * A step moves the truck (vehicle.h) on the mud surface (mudfield.h) and then stamps every wheel
 * in contact whose tyre is below the mud surface, so the next step drives on the deformed mud;
 * rolling wheels also grow the base's mud mask (the ground softens under them); then the bodies
 * a marks callback gives (mud_sim_set_marks: mud/core/physics.h's world) stamp it too.
 * The ground the truck feels: base terrain, mud surface, hard floor and surface normal.
 * Returns NULL when the terrain desc is invalid or memory runs out (logged).
 */
#ifndef IMPRINT_CORE_MUD_SIM_H
#define IMPRINT_CORE_MUD_SIM_H

#include "mud/core/clods.h"
#include "mud/core/mudfield.h"
#include "mud/core/mudfield_slump.h"
#include "mud/core/terrain.h"
#include "mud/core/vehicle.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mud_sim_desc {
    terrain_desc terrain;
    mudfield_desc mud;
    vehicle_desc vehicle;
    float churn; /* 0..1, how churned the ruts are (mud/core/mud_churn.h); 0 (the default): uniform */
} mud_sim_desc;

typedef struct mud_sim mud_sim;

mud_sim *mud_sim_create(const mud_sim_desc *desc);
void mud_sim_destroy(mud_sim *s);

void mud_sim_spawn(mud_sim *s); /* truck at the terrain's spawn point, heading 0 */
/* The truck is placed at least this far (metres) from the level edge: X and Z must be in
 * MUD_TRUCK_MARGIN .. level_size - MUD_TRUCK_MARGIN. */
#define MUD_TRUCK_MARGIN 4
void mud_sim_place_truck(mud_sim *s, float x, float z, float heading_deg);
void mud_sim_step(mud_sim *s, const vehicle_input *in, float dt); /* = drive + stamp */
void mud_sim_drive(mud_sim *s, const vehicle_input *in, float dt);  /* the truck only */
void mud_sim_stamp(mud_sim *s);                                     /* wheels into the mud */
/* Live knobs (the panel's mud.* and truck.*): mudfield_set_depth, vehicle_set_engine_force. */
void mud_sim_tune(mud_sim *s, float max_sink, float softness_scale, float engine_force);
/* The ruts' churn (mud.churn, clamped to 0..1): the wheels' primitives varied by the mud's
 * softness noise and their slip (mud/core/mud_churn.h); 0: every stamp as the wheel forms it. */
void mud_sim_set_churn(mud_sim *s, float churn);
float mud_sim_churn(const mud_sim *s);

/* One emitter per wheel (vehicle order); returns the wheel count. */
int mud_sim_emitters(const mud_sim *s, clod_emitter out[CLODS_MAX_EMITTERS]);
int mud_sim_stamps_last_step(const mud_sim *s);
/* The base samples (global, inclusive) whose mud mask grew in the last step: a wheel rolling at
 * speed v (> 0.5 m/s) raises the mask within MUD_SIM_MARK_RADIUS by min(v * MUD_SIM_MARK_RATE, 0.1)
 * per step. False when nothing grew. */
#define MUD_SIM_MARK_RADIUS 0.7f
#define MUD_SIM_MARK_RATE 0.006f
bool mud_sim_base_changed(const mud_sim *s, int rect[4]);
/* Bodies that mark the mud as the wheels do (mud/core/physics.h registers its world's): every
 * mud_sim_stamp, after the wheels, fn writes at most `max` (MUD_SIM_MAX_MARKS) body primitives
 * (mudfield_body) and returns how many; each is laid out and stamped like a wheel's and joins the
 * step's primitives. NULL: none (the default). */
#define MUD_SIM_MAX_MARKS 8
typedef int (*mud_sim_marks_fn)(void *user, mudfield_body *out, int max);
void mud_sim_set_marks(mud_sim *s, mud_sim_marks_fn fn, void *user);
int mud_sim_marks_last_step(const mud_sim *s); /* body primitives stamped in the last step */
long long mud_sim_marks_total(const mud_sim *s);
/* The primitives (mud/core/mud_prim.h) of the last step, laid out for the GPU's stamp pass: the
 * wheels' (at most VEHICLE_MAX_WHEELS), then the bodies' (at most MUD_SIM_MAX_MARKS). */
const mudfield_stamp_geom *mud_sim_prims(const mud_sim *s, int *count);
float mud_sim_volume_last_step(const mud_sim *s); /* cubic metres displaced, wheels and bodies */
/* The tracks' drying: every MUDFIELD_DRY_STEPS-th mud_sim_stamp first dries the field by
 * MUDFIELD_DRY_LEVELS (mudfield_dry) and returns them here (0 on the other steps), for the GPU. */
int mud_sim_dried_last_step(const mud_sim *s);
/* The ruts' slump and refill (mud/core/mudfield_slump.h): after the drying, every
 * MUDFIELD_SLUMP_STEPS-th mud_sim_stamp steps the field's unsettled blocks by the rule of the
 * angle of repose (degrees, 10..80; default MUD_SIM_REPOSE_DEG) and, every 1 / (refill x
 * MUDFIELD_REFILL_RATE) of those, refills (refill 0..1; default 0: the ruts stay). The panel's
 * mud.repose_deg and mud.refill. */
#define MUD_SIM_REPOSE_DEG 35.0f
void mud_sim_set_slump(mud_sim *s, float repose_deg, float refill);
/* The blocks (bz * blocks_per_side + bx) the last step's slump changed, the texels it changed in
 * each (*rects, when not NULL) and its rule, for the GPU (mud_renderer_queue_step); count 0 on
 * most steps. */
const int *mud_sim_slumped_last_step(const mud_sim *s, int *count, const mudfield_rect **rects, mudfield_slump_rule *rule);

const terrain *mud_sim_terrain(const mud_sim *s);
mudfield *mud_sim_field(mud_sim *s);
const vehicle *mud_sim_vehicle(const mud_sim *s);
vehicle_ground mud_sim_ground(mud_sim *s);

#ifdef __cplusplus
}
#endif

#endif
