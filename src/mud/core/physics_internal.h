/* physics_internal.h — what the files of the physics world share (mud/core/physics_*.c); not for
 * use outside them. The world's one struct, its body slots, and the calls one file makes into
 * another. */
#ifndef IMPRINT_MUD_CORE_PHYSICS_INTERNAL_H
#define IMPRINT_MUD_CORE_PHYSICS_INTERNAL_H

#include <assert.h>

#include <ode/ode.h>

#include "mud/core/physics.h"

#ifdef __cplusplus
extern "C" {
#endif

static_assert(sizeof(dReal) == sizeof(double), "the project uses Debian's double-precision ODE");

#define GRAVITY 9.81
#define ITERATIONS 20
#define PAIR_CONTACTS 8
#define MAX_FEEDBACK 512          /* truck-on-chunk contacts measured per sub-step */
#define MAX_CONTACTS 2048         /* contact joints per sub-step; the joint group holds them from create on */
#define STEP_MEMORY (4u << 20)    /* ODE's step arena, reserved at the first step and kept */
#define HF_MIN (-4.0)
#define HF_MAX 24.0
#define TREE_DAMPING 0.3          /* fraction of critical damping of the bending spring */
#define CALM_SUBSTEPS 60         /* a quarter second */
#define WAKE_PUSH 0.5             /* m/s of spread given to the pieces of a broken chunk */

/* collision categories: who may touch whom */
enum { CAT_TERRAIN = 1, CAT_CHASSIS = 2, CAT_WHEEL = 4, CAT_PLANT = 8, CAT_CHUNK = 16, CAT_CROWN = 32 };
enum { SLOT_FREE, SLOT_TRUCK, SLOT_PLANT, SLOT_CHUNK };

/* the truck's collision box, body space (the model's chassis and cab, mud/core/truck_model.c) */
static const double CHASSIS_DIMS[3] = {2.0, 1.7, 5.15};
static const double CHASSIS_CENTRE[3] = {0.0, 0.4, 0.02};

typedef struct slot {
    dBodyID body;
    dGeomID geom;
    dGeomID crown;  /* a tree's crown: the ball of needles a felled tree lies on (ground only) */
    dJointID joint; /* a standing tree's foot */
    int kind, index, next_free;
    double force;   /* the truck's contact force on this chunk in the last sub-step, N */
    int calm;       /* sub-steps a new piece cannot break: its first contacts are not a blow */
    double push[3], push_at;
    bool pushed;
    /* the body's mark in the mud (physics_marks.c): the pose it was last stamped at */
    bool marked;
    float mark_pos[3], mark_rot[4], mark_low;
} slot;

struct mud_physics {
    mud_sim *sim;
    const terrain *terr;
    mudfield *mud;
    vehicle *truck;
    mud_physics_desc d;
    dWorldID world;
    dSpaceID space;
    dJointGroupID contacts;
    dHeightfieldDataID hf_data;
    dGeomID hf, chassis, wheels[VEHICLE_MAX_WHEELS];
    slot slots[MUD_PHYSICS_MAX_BODIES]; /* slot 0: the truck */
    int free_head, used;
    plant_set *plants;
    mud_chunk chunks[MUD_PHYSICS_MAX_CHUNKS];
    mud_crumb crumbs[MUD_PHYSICS_MAX_CRUMBS];
    int ncrumbs;
    dJointFeedback fb[MAX_FEEDBACK];
    int fb_slot[MAX_FEEDBACK];
    bool fb_second[MAX_FEEDBACK];
    int nfb, ncontacts;
    uint8_t *active; /* per block */
    int nb, rect[4]; /* blocks of the last active set's bounding rectangle, inclusive */
    bool rect_valid, refresh; /* refresh: the active set is due before the next sub-step */
    unsigned placements;
    unsigned long rand_seed;
    int plants_down, chunks_broken, chunks_crumbled;
    float hf_spacing, step_ms;
    float history[MUD_PHYSICS_HISTORY]; /* wall ms of the drives, a ring */
    int drives, bodies_max;
    const water *water; /* mud_physics_set_water; NULL: none */
    int mark_cursor;    /* the slot the next step's marks start from (round robin) */
};

/* ---- conversions: ODE quaternions are (w, x, y, z), cglm versors (x, y, z, w) ---- */

static inline void quat_to_ode(const float q[4], dQuaternion out)
{
    out[0] = q[3];
    out[1] = q[0];
    out[2] = q[1];
    out[3] = q[2];
}

static inline void quat_from_ode(const dReal *q, float out[4])
{
    out[0] = (float)q[1];
    out[1] = (float)q[2];
    out[2] = (float)q[3];
    out[3] = (float)q[0];
}

/* local vector v through the body's rotation */
static inline void body_rotate(dBodyID b, const double v[3], double out[3])
{
    dVector3 r;
    dBodyVectorToWorld(b, v[0], v[1], v[2], r);
    for (int i = 0; i < 3; i++) out[i] = r[i];
}


/* slots (physics.c) */
int physics__slot_take(mud_physics *ph);
void physics__slot_release(mud_physics *ph, int s);
void physics__new_body(mud_physics *ph, int s, int kind, int index, const double pos[3], const float rot[4]);
/* plants (physics_plants.c) */
bool physics__plant_wake(mud_physics *ph, int i);
void physics__plant_sleep(mud_physics *ph, int i);
void physics__plant_pose_from_body(mud_physics *ph, plant *p);
void physics__tree_spring(mud_physics *ph, slot *sl);
/* chunks (physics_chunks.c) */
bool physics__chunk_wake(mud_physics *ph, int i, const double vel[3]);
void physics__chunk_sleep(mud_physics *ph, int i);
void physics__chunk_pose_from_body(mud_physics *ph, mud_chunk *c);
int physics__chunk_record(mud_physics *ph);
void physics__chunk_mud_forces(mud_physics *ph, slot *sl, double h);
void physics__chunk_crumble(mud_physics *ph, int s);
void physics__chunk_pores(mud_physics *ph, const slot *sl, float liquid, float f, double h);
void physics__chunk_break(mud_physics *ph, int s);
/* the truck (physics_truck.c) */
void physics__truck_to_body(mud_physics *ph);
void physics__body_to_truck(mud_physics *ph);
void physics__truck_forces(mud_physics *ph, const vehicle_input *in, double h);
/* marks in the mud (physics_marks.c): mud_sim's marks callback, registered at create */
int physics__marks(void *user, mudfield_body *out, int max);
/* the mud's level around a footprint (the buoyancy's surface, too): the mean of the surface at
 * four points past its berm, along axis u and across it (half sizes half_u, half_v) */
float physics__mud_level(const mud_physics *ph, const float c[3], const float u[2], float half_u, float half_v);
/* water (physics_water.c) */
void physics__water_forces(mud_physics *ph, double h);
/* the active set (physics_active.c) */
void physics__update_active(mud_physics *ph);
int physics__block_index(const mud_physics *ph, float v);

#ifdef __cplusplus
}
#endif

#endif
