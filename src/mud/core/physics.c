#include "mud/core/physics.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <ode/ode.h>

#include "base/log.h"
#include "base/stats.h"

_Static_assert(sizeof(dReal) == sizeof(double), "the project uses Debian's double-precision ODE");

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
enum { CAT_TERRAIN = 1, CAT_CHASSIS = 2, CAT_WHEEL = 4, CAT_PLANT = 8, CAT_CHUNK = 16 };
enum { SLOT_FREE, SLOT_TRUCK, SLOT_PLANT, SLOT_CHUNK };

/* the truck's collision box, body space (the model's chassis and cab, mud/core/truck_model.c) */
static const double CHASSIS_DIMS[3] = {2.0, 1.7, 5.15};
static const double CHASSIS_CENTRE[3] = {0.0, 0.4, 0.02};

typedef struct slot {
    dBodyID body;
    dGeomID geom;
    dJointID joint; /* a standing tree's foot */
    int kind, index, next_free;
    double force;   /* the truck's contact force on this chunk in the last sub-step, N */
    int calm;       /* sub-steps a new piece cannot break: its first contacts are not a blow */
    double push[3], push_at;
    bool pushed;
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
};

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- conversions: ODE quaternions are (w, x, y, z), cglm versors (x, y, z, w) ---- */

static void quat_to_ode(const float q[4], dQuaternion out)
{
    out[0] = q[3];
    out[1] = q[0];
    out[2] = q[1];
    out[3] = q[2];
}

static void quat_from_ode(const dReal *q, float out[4])
{
    out[0] = (float)q[1];
    out[1] = (float)q[2];
    out[2] = (float)q[3];
    out[3] = (float)q[0];
}

/* local vector v through the body's rotation */
static void body_rotate(dBodyID b, const double v[3], double out[3])
{
    dVector3 r;
    dBodyVectorToWorld(b, v[0], v[1], v[2], r);
    for (int i = 0; i < 3; i++) out[i] = r[i];
}

/* ---- the terrain: the hard floor under the mud, one sample per base sample ---- */

static dReal hf_height(void *user, int x, int z)
{
    const mud_physics *ph = user;
    return mudfield_floor_height(ph->mud, (float)x * ph->hf_spacing, (float)z * ph->hf_spacing);
}

/* ---- slots ---- */

static int slot_take(mud_physics *ph)
{
    int s = ph->free_head;
    if (s < 0) return -1;
    ph->free_head = ph->slots[s].next_free;
    ph->slots[s] = (slot){.next_free = -1};
    ph->used++;
    return s;
}

static void slot_release(mud_physics *ph, int s)
{
    slot *sl = &ph->slots[s];
    if (sl->joint) dJointDestroy(sl->joint);
    if (sl->geom) dGeomDestroy(sl->geom);
    if (sl->body) dBodyDestroy(sl->body);
    *sl = (slot){.kind = SLOT_FREE, .next_free = ph->free_head};
    ph->free_head = s;
    ph->used--;
}

static void new_body(mud_physics *ph, int s, int kind, int index, const double pos[3], const float rot[4])
{
    slot *sl = &ph->slots[s];
    sl->kind = kind;
    sl->index = index;
    sl->body = dBodyCreate(ph->world);
    dBodySetData(sl->body, sl);
    dBodySetPosition(sl->body, pos[0], pos[1], pos[2]);
    dQuaternion q;
    quat_to_ode(rot, q);
    dBodySetQuaternion(sl->body, q);
}

/* ---- plants ---- */

static void tree_foot_to_centre(const plant *p, double out[3])
{
    versor q = {p->rot[0], p->rot[1], p->rot[2], p->rot[3]};
    vec3 up;
    glm_quat_rotatev(q, (vec3){0, 0.5f * p->size, 0}, up);
    for (int i = 0; i < 3; i++) out[i] = (double)p->pos[i] + up[i];
}

static bool plant_wake(mud_physics *ph, int i)
{
    plant *p = plants_at(ph->plants, i);
    if (p->body >= 0 || p->kind == PLANT_BUSH) return p->body >= 0;
    int s = slot_take(ph);
    if (s < 0) return false;
    slot *sl = &ph->slots[s];
    dMass m;
    if (p->kind == PLANT_TREE) {
        double c[3];
        tree_foot_to_centre(p, c);
        new_body(ph, s, SLOT_PLANT, i, c, p->rot);
        double r = plant_tree_radius(p->size), len = fmax(p->size - 2.0 * r, 0.1);
        dMassSetCapsuleTotal(&m, plant_tree_mass(p->size), 2, r, len);
        sl->geom = dCreateCapsule(ph->space, r, len);
        dGeomSetBody(sl->geom, sl->body);
        dMatrix3 R;
        dRFromAxisAndAngle(R, 1, 0, 0, -M_PI_2); /* the capsule's z along the trunk's y */
        dGeomSetOffsetRotation(sl->geom, R);
        if (!p->down) {
            sl->joint = dJointCreateBall(ph->world, 0);
            dJointAttach(sl->joint, sl->body, 0);
            dJointSetBallAnchor(sl->joint, p->pos[0], p->pos[1], p->pos[2]);
        }
    } else {
        new_body(ph, s, SLOT_PLANT, i, (double[3]){p->pos[0], p->pos[1], p->pos[2]}, p->rot);
        dMassSetSphereTotal(&m, plant_rock_mass(p->size), p->size);
        sl->geom = dCreateSphere(ph->space, p->size);
        dGeomSetBody(sl->geom, sl->body);
        dBodySetAngularDamping(sl->body, 0.05);
    }
    dBodySetMass(sl->body, &m);
    dGeomSetData(sl->geom, sl);
    dGeomSetCategoryBits(sl->geom, CAT_PLANT);
    dGeomSetCollideBits(sl->geom, CAT_TERRAIN | CAT_CHASSIS | CAT_WHEEL | CAT_PLANT | CAT_CHUNK);
    p->body = s;
    return true;
}

static void plant_pose_from_body(mud_physics *ph, plant *p)
{
    dBodyID b = ph->slots[p->body].body;
    const dReal *pos = dBodyGetPosition(b);
    quat_from_ode(dBodyGetQuaternion(b), p->rot);
    if (p->kind == PLANT_TREE) {
        double up[3];
        body_rotate(b, (double[3]){0, 0.5 * p->size, 0}, up);
        for (int k = 0; k < 3; k++) p->pos[k] = (float)(pos[k] - up[k]);
    } else {
        for (int k = 0; k < 3; k++) p->pos[k] = (float)pos[k];
    }
}

static void plant_sleep(mud_physics *ph, int i)
{
    plant *p = plants_at(ph->plants, i);
    if (p->body < 0) return;
    plant_pose_from_body(ph, p);
    slot_release(ph, p->body);
    p->body = -1;
}

static double tree_bend(dBodyID b, double axis[3])
{
    double a[3];
    body_rotate(b, (double[3]){0, 1, 0}, a);
    /* a x up: the axis that turns the trunk back upright */
    axis[0] = -a[2];
    axis[1] = 0.0;
    axis[2] = a[0];
    double s = sqrt(axis[0] * axis[0] + axis[2] * axis[2]);
    if (s > 1e-12) {
        axis[0] /= s;
        axis[2] /= s;
    }
    return atan2(s, a[1]);
}

static void tree_spring(mud_physics *ph, slot *sl)
{
    plant *p = plants_at(ph->plants, sl->index);
    double axis[3], th = tree_bend(sl->body, axis);
    if (th > PLANT_TREE_BREAK_ANGLE) {
        /* snapped: the foot lets go, the trunk falls */
        dJointDestroy(sl->joint);
        sl->joint = NULL;
        p->down = true;
        ph->plants_down++;
        return;
    }
    double k = plant_tree_stiffness(p->size), m = plant_tree_mass(p->size);
    double c = 2.0 * TREE_DAMPING * sqrt(k * m * p->size * p->size / 3.0);
    /* damp the bending only: the trunk's inertia about its own axis is far too small for this
     * damper (an explicit torque would blow up) */
    const dReal *w = dBodyGetAngularVel(sl->body);
    double a[3], d[3];
    body_rotate(sl->body, (double[3]){0, 1, 0}, a);
    double along = w[0] * a[0] + w[1] * a[1] + w[2] * a[2];
    for (int i = 0; i < 3; i++) d[i] = -c * (w[i] - along * a[i]);
    dBodyAddTorque(sl->body, k * th * axis[0] + d[0], d[1], k * th * axis[2] + d[2]);
}

/* ---- chunks ---- */

static bool chunk_wake(mud_physics *ph, int i, const double vel[3])
{
    mud_chunk *c = &ph->chunks[i];
    if (c->body >= 0) return true;
    int s = slot_take(ph);
    if (s < 0) return false;
    slot *sl = &ph->slots[s];
    new_body(ph, s, SLOT_CHUNK, i, (double[3]){c->pos[0], c->pos[1], c->pos[2]}, c->rot);
    dMass m;
    dMassSetBoxTotal(&m, chunk_mass_with_pores(c->size, c->pore_density), c->size, chunk_height(c->size), c->size);
    dBodySetMass(sl->body, &m);
    if (vel) {
        dBodySetLinearVel(sl->body, vel[0], vel[1], vel[2]);
        sl->calm = CALM_SUBSTEPS;
    }
    sl->geom = dCreateBox(ph->space, c->size, chunk_height(c->size), c->size);
    dGeomSetBody(sl->geom, sl->body);
    dGeomSetData(sl->geom, sl);
    dGeomSetCategoryBits(sl->geom, CAT_CHUNK);
    dGeomSetCollideBits(sl->geom, CAT_TERRAIN | CAT_CHASSIS | CAT_WHEEL | CAT_PLANT | CAT_CHUNK);
    c->body = s;
    return true;
}

static void chunk_pose_from_body(mud_physics *ph, mud_chunk *c)
{
    dBodyID b = ph->slots[c->body].body;
    const dReal *pos = dBodyGetPosition(b);
    for (int k = 0; k < 3; k++) c->pos[k] = (float)pos[k];
    quat_from_ode(dBodyGetQuaternion(b), c->rot);
}

static void chunk_sleep(mud_physics *ph, int i)
{
    mud_chunk *c = &ph->chunks[i];
    if (c->body < 0) return;
    chunk_pose_from_body(ph, c);
    slot_release(ph, c->body);
    c->body = -1;
}

static int chunk_record(mud_physics *ph)
{
    for (int i = 0; i < MUD_PHYSICS_MAX_CHUNKS; i++)
        if (!ph->chunks[i].alive) return i;
    return -1;
}

static void chunk_pores(mud_physics *ph, const slot *sl, float liquid, float f, double h);

/* buoyancy and drag from the mud over the chunk */
static void chunk_mud_forces(mud_physics *ph, slot *sl, double h)
{
    const mud_chunk *c = &ph->chunks[sl->index];
    const dReal *pos = dBodyGetPosition(sl->body), *R = dBodyGetRotation(sl->body);
    float x = (float)pos[0], z = (float)pos[2];
    float surface = mudfield_surface_height(ph->mud, x, z);
    if (surface - mudfield_floor_height(ph->mud, x, z) < 0.005f) return; /* no mud here */
    /* vertical extent of the box: its axes' y components times its dimensions */
    double extent = fabs(R[4]) * c->size + fabs(R[5]) * chunk_height(c->size) + fabs(R[6]) * c->size;
    float f = chunk_submerged((float)(pos[1] - 0.5 * extent), (float)extent, surface);
    if (f <= 0.0f) return;
    double m = chunk_mass(c->size), drag = CHUNK_DRAG * f * m;
    if (c->pore_density != CHUNK_MUD_DENSITY) chunk_pores(ph, sl, CHUNK_MUD_DENSITY, f, h);
    const dReal *v = dBodyGetLinearVel(sl->body), *w = dBodyGetAngularVel(sl->body);
    dBodyAddForce(sl->body, -drag * v[0], chunk_buoyancy(c->size, f) - drag * v[1], -drag * v[2]);
    double iw = drag * c->size * c->size / 6.0;
    dBodyAddTorque(sl->body, -iw * w[0], -iw * w[1], -iw * w[2]);
}

/* the chunk of slot s becomes floating mud (mud_physics_crumbs) and leaves the world */
static void chunk_crumble(mud_physics *ph, int s)
{
    mud_chunk *c = &ph->chunks[ph->slots[s].index];
    chunk_pose_from_body(ph, c);
    const dReal *v = dBodyGetLinearVel(ph->slots[s].body);
    if (ph->ncrumbs < MUD_PHYSICS_MAX_CRUMBS)
        ph->crumbs[ph->ncrumbs++] = (mud_crumb){{c->pos[0], c->pos[1], c->pos[2]}, {(float)v[0], (float)v[1], (float)v[2]}, c->size};
    slot_release(ph, s);
    c->alive = false;
    c->body = -1;
    ph->chunks_broken++;
    ph->chunks_crumbled++;
}

/* the pore liquid towards `liquid` (kg/m^3) over h seconds, f submerged; the body's mass follows */
static void chunk_pores(mud_physics *ph, const slot *sl, float liquid, float f, double h)
{
    mud_chunk *c = &ph->chunks[sl->index];
    float before = c->pore_density;
    c->pore_density += (liquid - c->pore_density) * fminf(1.0f, f * (float)h / CHUNK_WASH_TIME);
    if (c->pore_density == before) return;
    dMass m;
    dMassSetBoxTotal(&m, chunk_mass_with_pores(c->size, c->pore_density), c->size, chunk_height(c->size), c->size);
    dBodySetMass(sl->body, &m);
}

static void chunk_break(mud_physics *ph, int s)
{
    slot *sl = &ph->slots[s];
    int i = sl->index;
    mud_chunk *c = &ph->chunks[i];
    chunk_piece pieces[CHUNK_MAX_PIECES];
    int n = chunk_split(c->size, (float)sl->force, pieces);
    if (n == 0) return;
    chunk_pose_from_body(ph, c);
    double vel[3];
    const dReal *v = dBodyGetLinearVel(sl->body);
    for (int k = 0; k < 3; k++) vel[k] = v[k];
    double ax[3], az[3];
    body_rotate(sl->body, (double[3]){1, 0, 0}, ax);
    body_rotate(sl->body, (double[3]){0, 0, 1}, az);
    if (n == CHUNK_CRUMBLES) {
        chunk_crumble(ph, s);
        return;
    }
    mud_chunk parent = *c;
    slot_release(ph, s);
    c->alive = false;
    c->body = -1;
    ph->chunks_broken++;
    for (int k = 0; k < n; k++) {
        int j = k == 0 ? i : chunk_record(ph);
        if (j < 0) break;
        mud_chunk *pc = &ph->chunks[j];
        double off[3], pv[3];
        for (int a = 0; a < 3; a++) {
            off[a] = ax[a] * pieces[k].offset[0] + az[a] * pieces[k].offset[1];
            pv[a] = vel[a];
        }
        double len = sqrt(off[0] * off[0] + off[2] * off[2]);
        for (int a = 0; a < 3; a += 2) pv[a] += WAKE_PUSH * off[a] / fmax(len, 1e-6);
        *pc = (mud_chunk){{parent.pos[0] + (float)off[0], parent.pos[1] + (float)off[1], parent.pos[2] + (float)off[2]},
                          {parent.rot[0], parent.rot[1], parent.rot[2], parent.rot[3]}, pieces[k].size, true, -1,
                          parent.pore_density, parent.soak};
        chunk_wake(ph, j, pv);
    }
}

/* ---- contacts ---- */

static void near_cb(void *user, dGeomID a, dGeomID b)
{
    mud_physics *ph = user;
    dBodyID ba = dGeomGetBody(a), bb = dGeomGetBody(b);
    if (ba == bb) return; /* two static geoms, or the truck's own */
    slot *sa = ba ? dBodyGetData(ba) : NULL, *sb = bb ? dBodyGetData(bb) : NULL;
    /* a standing tree is held by its joint: its foot does not touch the ground */
    if ((!sa && sb->joint) || (!sb && sa->joint)) return;
    /* resting bodies touch nothing until something awake reaches them */
    if ((!ba || !dBodyIsEnabled(ba)) && (!bb || !dBodyIsEnabled(bb))) return;
    if (ph->ncontacts >= MAX_CONTACTS) return;
    dContact c[PAIR_CONTACTS];
    int room = MAX_CONTACTS - ph->ncontacts;
    int n = dCollide(a, b, room < PAIR_CONTACTS ? room : PAIR_CONTACTS, &c[0].geom, sizeof c[0]);
    bool chunk = (sa && sa->kind == SLOT_CHUNK) || (sb && sb->kind == SLOT_CHUNK);
    bool truck = (sa && sa->kind == SLOT_TRUCK) || (sb && sb->kind == SLOT_TRUCK);
    for (int i = 0; i < n; i++) {
        c[i].surface.mode = dContactApprox1 | dContactSoftERP | dContactSoftCFM;
        c[i].surface.mu = chunk ? 0.6 : 0.9;
        c[i].surface.soft_erp = 0.3;
        c[i].surface.soft_cfm = 1e-5;
        dJointID j = dJointCreateContact(ph->world, ph->contacts, &c[i]);
        dJointAttach(j, ba, bb);
        if (chunk && truck && ph->nfb < MAX_FEEDBACK) {
            bool second = sb->kind == SLOT_CHUNK;
            dJointSetFeedback(j, &ph->fb[ph->nfb]);
            ph->fb_slot[ph->nfb] = (int)((second ? sb : sa) - ph->slots);
            ph->fb_second[ph->nfb] = second;
            ph->nfb++;
        }
    }
    ph->ncontacts += n;
}

/* ---- the truck ---- */

static void truck_to_body(mud_physics *ph)
{
    dBodyID b = ph->slots[0].body;
    vec3 pos, vel, w;
    versor rot;
    vehicle_state(ph->truck, pos, rot, vel, w);
    dQuaternion q;
    quat_to_ode(rot, q);
    dBodySetPosition(b, pos[0], pos[1], pos[2]);
    dBodySetQuaternion(b, q);
    dBodySetLinearVel(b, vel[0], vel[1], vel[2]);
    dBodySetAngularVel(b, w[0], w[1], w[2]);
    ph->placements = vehicle_placements(ph->truck);
    ph->refresh = true;
}

static void body_to_truck(mud_physics *ph)
{
    dBodyID b = ph->slots[0].body;
    const dReal *p = dBodyGetPosition(b), *v = dBodyGetLinearVel(b), *w = dBodyGetAngularVel(b);
    versor rot;
    quat_from_ode(dBodyGetQuaternion(b), rot);
    vehicle_set_state(ph->truck, (vec3){(float)p[0], (float)p[1], (float)p[2]}, rot,
                      (vec3){(float)v[0], (float)v[1], (float)v[2]}, (vec3){(float)w[0], (float)w[1], (float)w[2]});
}

static void truck_forces(mud_physics *ph, const vehicle_input *in, double h)
{
    dBodyID b = ph->slots[0].body;
    vehicle_ground g = mud_sim_ground(ph->sim);
    vec3 f, t;
    body_to_truck(ph);
    vehicle_forces(ph->truck, in, &g, (float)h, f, t);
    dBodyAddForce(b, f[0], f[1], f[2]);
    dBodyAddTorque(b, t[0], t[1], t[2]);
    /* the hub spheres follow the suspension */
    for (int i = 0; i < vehicle_wheel_count(ph->truck); i++) {
        const vehicle_wheel *w = vehicle_wheel_at(ph->truck, i);
        dVector3 local;
        dBodyGetPosRelPoint(b, w->hub[0], w->hub[1], w->hub[2], local);
        dGeomSetOffsetPosition(ph->wheels[i], local[0], local[1], local[2]);
    }
}

/* ---- the active set ---- */

static bool block_wanted(const mud_physics *ph, int bx, int bz, float x, float z)
{
    float cx = ((float)bx + 0.5f) * TERRAIN_BLOCK_SIZE - x, cz = ((float)bz + 0.5f) * TERRAIN_BLOCK_SIZE - z;
    return cx * cx + cz * cz <= ph->d.active_radius * ph->d.active_radius;
}

static void wake_block_plants(mud_physics *ph, int bx, int bz)
{
    int n;
    const int *idx = plants_in_block(ph->plants, bx, bz, &n);
    for (int k = 0; k < n; k++) plant_wake(ph, idx[k]);
}

static int block_index(const mud_physics *ph, float v)
{
    int b = (int)floorf(v / TERRAIN_BLOCK_SIZE);
    return b < 0 ? 0 : b >= ph->nb ? ph->nb - 1 : b;
}

static void update_active(mud_physics *ph)
{
    vec3 pos;
    vehicle_position(ph->truck, pos);
    float r = ph->d.active_radius;
    int nr[4] = {block_index(ph, pos[0] - r), block_index(ph, pos[2] - r), block_index(ph, pos[0] + r), block_index(ph, pos[2] + r)};
    int u[4] = {nr[0], nr[1], nr[2], nr[3]};
    if (ph->rect_valid) {
        u[0] = u[0] < ph->rect[0] ? u[0] : ph->rect[0];
        u[1] = u[1] < ph->rect[1] ? u[1] : ph->rect[1];
        u[2] = u[2] > ph->rect[2] ? u[2] : ph->rect[2];
        u[3] = u[3] > ph->rect[3] ? u[3] : ph->rect[3];
    }
    /* first everything that goes to sleep (frees slots), then what wakes */
    for (int pass = 0; pass < 2; pass++)
        for (int bz = u[1]; bz <= u[3]; bz++)
            for (int bx = u[0]; bx <= u[2]; bx++) {
                uint8_t *a = &ph->active[bz * ph->nb + bx];
                bool want = bx >= nr[0] && bx <= nr[2] && bz >= nr[1] && bz <= nr[3] && block_wanted(ph, bx, bz, pos[0], pos[2]);
                if (pass == 0 && *a && !want) {
                    int n;
                    const int *idx = plants_in_block(ph->plants, bx, bz, &n);
                    for (int k = 0; k < n; k++) plant_sleep(ph, idx[k]);
                    *a = 0;
                } else if (pass == 1 && want) {
                    /* also retries plants left frozen while the cap was reached */
                    wake_block_plants(ph, bx, bz);
                    *a = 1;
                }
            }
    memcpy(ph->rect, nr, sizeof nr);
    ph->rect_valid = true;
    for (int i = 0; i < MUD_PHYSICS_MAX_CHUNKS; i++) {
        mud_chunk *c = &ph->chunks[i];
        if (!c->alive) continue;
        if (c->body >= 0) chunk_pose_from_body(ph, c);
        bool act = ph->active[block_index(ph, c->pos[2]) * ph->nb + block_index(ph, c->pos[0])];
        if (c->body >= 0 && !act) chunk_sleep(ph, i);
        else if (c->body < 0 && act) chunk_wake(ph, i, NULL);
    }
}

/* ---- the world ---- */

mud_physics *mud_physics_create(mud_sim *sim, const mud_physics_desc *desc)
{
    mud_physics_desc d = desc ? *desc : (mud_physics_desc){0};
    if (d.active_radius <= 0.0f) d.active_radius = 28.0f;
    if (d.max_bodies <= 0 || d.max_bodies > MUD_PHYSICS_MAX_BODIES) d.max_bodies = MUD_PHYSICS_MAX_BODIES;
    if (!dInitODE2(0)) {
        log_error("physics: the Open Dynamics Engine does not start");
        return NULL;
    }
    mud_physics *ph = calloc(1, sizeof *ph);
    if (!ph) abort();
    ph->sim = sim;
    ph->terr = mud_sim_terrain(sim);
    ph->mud = mud_sim_field(sim);
    ph->truck = (vehicle *)mud_sim_vehicle(sim);
    ph->d = d;
    ph->nb = terrain_blocks_per_side(ph->terr);
    ph->active = calloc((size_t)ph->nb * ph->nb, 1);
    if (!ph->active) abort();
    ph->plants = plants_create(ph->terr);
    ph->rand_seed = (unsigned long)(d.seed ^ (d.seed >> 32));

    ph->world = dWorldCreate();
    dWorldSetGravity(ph->world, 0, -GRAVITY, 0);
    dWorldSetQuickStepNumIterations(ph->world, ITERATIONS);
    dWorldSetContactMaxCorrectingVel(ph->world, 4.0);
    dWorldSetContactSurfaceLayer(ph->world, 0.005);
    dWorldSetAutoDisableFlag(ph->world, 1);
    dWorldSetAutoDisableLinearThreshold(ph->world, 0.02);
    dWorldSetAutoDisableAngularThreshold(ph->world, 0.02);
    dWorldSetAutoDisableSteps(ph->world, 30);
    dWorldStepReserveInfo reserve = {.struct_size = sizeof reserve, .reserve_factor = 1.25f, .reserve_minimum = STEP_MEMORY};
    dWorldSetStepMemoryReservationPolicy(ph->world, &reserve);
    ph->space = dSimpleSpaceCreate(0);
    ph->contacts = dJointGroupCreate(0);

    int size = terrain_level_size(ph->terr), n = ph->nb * (TERRAIN_BLOCK_SAMPLES - 1) + 1;
    ph->hf_spacing = TERRAIN_BLOCK_SIZE / (TERRAIN_BLOCK_SAMPLES - 1);
    ph->hf_data = dGeomHeightfieldDataCreate();
    dGeomHeightfieldDataBuildCallback(ph->hf_data, ph, hf_height, size, size, n, n, 1.0, 0.0, 2.0, 0);
    dGeomHeightfieldDataSetBounds(ph->hf_data, HF_MIN, HF_MAX);
    ph->hf = dCreateHeightfield(ph->space, ph->hf_data, 1);
    dGeomSetPosition(ph->hf, 0.5 * size, 0.0, 0.5 * size); /* the field is centred on its origin */
    dGeomSetCategoryBits(ph->hf, CAT_TERRAIN);
    dGeomSetCollideBits(ph->hf, CAT_CHASSIS | CAT_PLANT | CAT_CHUNK);
    /* ODE grows the heightfield collider's cell buffer on the first overlap that large: grow it
     * here, for a footprint bigger than any body's (a fallen tree, the truck turned across), so
     * no later step allocates (unit_physics_alloc) */
    {
        dGeomID probe = dCreateBox(NULL, 16.0, HF_MAX - HF_MIN, 16.0);
        dGeomSetPosition(probe, 0.5 * size, 0.5 * (HF_MIN + HF_MAX), 0.5 * size);
        dContactGeom cg[4];
        dCollide(ph->hf, probe, 4, cg, sizeof cg[0]);
        dGeomDestroy(probe);
    }

    /* slot 0 is the truck; the rest form the free list */
    ph->free_head = -1;
    for (int s = d.max_bodies - 1; s >= 1; s--) ph->slots[s] = (slot){.next_free = ph->free_head}, ph->free_head = s;
    ph->used = 1;
    slot *t = &ph->slots[0];
    const vehicle_desc *vd = vehicle_get_desc(ph->truck);
    *t = (slot){.kind = SLOT_TRUCK, .next_free = -1};
    t->body = dBodyCreate(ph->world);
    dBodySetData(t->body, t);
    dMass m;
    dMassSetBoxTotal(&m, vd->mass, 2.4, 1.6, 6.0); /* the inertia vehicle.c integrates with */
    dBodySetMass(t->body, &m);
    dBodySetAutoDisableFlag(t->body, 0);
    dBodySetAngularDampingThreshold(t->body, 0.0);
    ph->chassis = dCreateBox(ph->space, CHASSIS_DIMS[0], CHASSIS_DIMS[1], CHASSIS_DIMS[2]);
    dGeomSetBody(ph->chassis, t->body);
    dGeomSetOffsetPosition(ph->chassis, CHASSIS_CENTRE[0], CHASSIS_CENTRE[1], CHASSIS_CENTRE[2]);
    dGeomSetData(ph->chassis, t);
    dGeomSetCategoryBits(ph->chassis, CAT_CHASSIS);
    dGeomSetCollideBits(ph->chassis, CAT_TERRAIN | CAT_PLANT | CAT_CHUNK);
    for (int i = 0; i < vehicle_wheel_count(ph->truck); i++) {
        ph->wheels[i] = dCreateSphere(ph->space, vd->wheel_radius);
        dGeomSetBody(ph->wheels[i], t->body);
        dGeomSetData(ph->wheels[i], t);
        dGeomSetCategoryBits(ph->wheels[i], CAT_WHEEL);
        dGeomSetCollideBits(ph->wheels[i], CAT_PLANT | CAT_CHUNK);
    }
    for (int i = 0; i < MUD_PHYSICS_MAX_CHUNKS; i++) ph->chunks[i].body = -1;
    /* memory up front: the joint group grows to MAX_CONTACTS joints once (emptying keeps it), and
     * one tiny step makes ODE reserve its step arena; truck_to_body then undoes the step */
    dContact zero = {0};
    for (int i = 0; i < MAX_CONTACTS; i++) dJointCreateContact(ph->world, ph->contacts, &zero);
    dJointGroupEmpty(ph->contacts);
    dWorldQuickStep(ph->world, 1e-6);
    truck_to_body(ph);
    return ph;
}

void mud_physics_destroy(mud_physics *ph)
{
    if (!ph) return;
    dJointGroupDestroy(ph->contacts);
    for (int s = 0; s < MUD_PHYSICS_MAX_BODIES; s++)
        if (ph->slots[s].joint) dJointDestroy(ph->slots[s].joint);
    dSpaceDestroy(ph->space); /* destroys every geom in it */
    dGeomHeightfieldDataDestroy(ph->hf_data);
    dWorldDestroy(ph->world); /* and every body */
    dCloseODE();
    plants_destroy(ph->plants);
    free(ph->active);
    free(ph);
}

/* ---- water (mud_physics_set_water) ---- */

/* returns the submerged fraction */
static float water_push(const mud_physics *ph, dBodyID b, const double at[3], float half, float volume, float area, bool at_point)
{
    dVector3 v;
    dBodyGetPointVel(b, at[0], at[1], at[2], v);
    float f[3];
    float sub = water_body_force(ph->water, (float[3]){(float)at[0], (float)at[1], (float)at[2]}, half, volume, area,
                                 (float[3]){(float)v[0], (float)v[1], (float)v[2]}, f);
    if (sub <= 0.0f) return 0.0f;
    if (at_point) dBodyAddForceAtPos(b, f[0], f[1], f[2], at[0], at[1], at[2]);
    else dBodyAddForce(b, f[0], f[1], f[2]);
    return sub;
}

static void water_forces(mud_physics *ph, double h)
{
    dBodyID b = ph->slots[0].body;
    const vehicle_desc *vd = vehicle_get_desc(ph->truck);
    const float r = vd->wheel_radius, wd = vd->wheel_width;
    for (int i = 0; i < vehicle_wheel_count(ph->truck); i++) {
        const vehicle_wheel *w = vehicle_wheel_at(ph->truck, i);
        water_push(ph, b, (double[3]){w->hub[0], w->hub[1], w->hub[2]}, r, 0.0f, 2.0f * r * wd, true);
    }
    dVector3 c;
    dBodyGetRelPointPos(b, CHASSIS_CENTRE[0], CHASSIS_CENTRE[1], CHASSIS_CENTRE[2], c);
    const float vol = (float)(CHASSIS_DIMS[0] * CHASSIS_DIMS[1] * CHASSIS_DIMS[2]);
    water_push(ph, b, (double[3]){c[0], c[1], c[2]}, 0.5f * (float)CHASSIS_DIMS[1], 0.1f * vol,
               (float)(CHASSIS_DIMS[0] * CHASSIS_DIMS[1]), true);
    for (int s = 1; s < ph->d.max_bodies; s++) {
        const slot *sl = &ph->slots[s];
        if (sl->kind != SLOT_CHUNK) continue;
        mud_chunk *c = &ph->chunks[sl->index];
        const dReal *p = dBodyGetPosition(sl->body);
        float f = water_push(ph, sl->body, (double[3]){p[0], p[1], p[2]}, 0.5f * chunk_height(c->size), chunk_volume(c->size),
                             c->size * chunk_height(c->size), false);
        if (f <= 0.0f) continue;
        /* heave, roll and pitch lose their energy to the waves they make: a linear damping
         * B = rho omega V_submerged, omega the heave frequency sqrt(rho g A / m) (half critical) */
        double m = chunk_mass_with_pores(c->size, c->pore_density), area = (double)c->size * c->size;
        double B = WATER_DENSITY * sqrt(WATER_DENSITY * GRAVITY * area / m) * chunk_volume(c->size) * f;
        const dReal *v = dBodyGetLinearVel(sl->body), *w = dBodyGetAngularVel(sl->body);
        dBodyAddForce(sl->body, 0.0, -B * v[1], 0.0);
        double iw = B * area / 6.0;
        dBodyAddTorque(sl->body, -iw * w[0], -iw * w[1], -iw * w[2]);
        /* a soaking chunk changes and the water moves under it: it stays awake */
        if (!dBodyIsEnabled(sl->body)) dBodyEnable(sl->body);
        dBodySetAutoDisableFlag(sl->body, 0);
        chunk_pores(ph, sl, CHUNK_WATER_DENSITY, f, h);
        c->soak += (float)h;
    }
}

void mud_physics_set_water(mud_physics *ph, const water *w) { ph->water = w; }

static void substep(mud_physics *ph, const vehicle_input *in, double h)
{
    truck_forces(ph, in, h);
    if (ph->water) water_forces(ph, h);
    for (int s = 1; s < ph->d.max_bodies; s++) {
        slot *sl = &ph->slots[s];
        if (sl->kind == SLOT_FREE || !dBodyIsEnabled(sl->body)) continue;
        if (sl->kind == SLOT_CHUNK) chunk_mud_forces(ph, sl, h);
        else if (sl->joint) tree_spring(ph, sl);
        if (sl->pushed) {
            const dReal *p = dBodyGetPosition(sl->body);
            const plant *pl = plants_get(ph->plants, sl->index);
            double up[3];
            body_rotate(sl->body, (double[3]){0, sl->push_at - 0.5 * pl->size, 0}, up);
            dBodyAddForceAtPos(sl->body, sl->push[0], sl->push[1], sl->push[2], p[0] + up[0], p[1] + up[1], p[2] + up[2]);
        }
    }
    ph->nfb = 0;
    ph->ncontacts = 0;
    dSpaceCollide(ph->space, ph, near_cb);
    dWorldQuickStep(ph->world, h);
    dJointGroupEmpty(ph->contacts);
    for (int i = 0; i < ph->nfb; i++) {
        const dReal *f = ph->fb_second[i] ? ph->fb[i].f2 : ph->fb[i].f1;
        ph->slots[ph->fb_slot[i]].force += sqrt(f[0] * f[0] + f[1] * f[1] + f[2] * f[2]);
    }
    for (int s = 1; s < ph->d.max_bodies; s++) {
        slot *sl = &ph->slots[s];
        if (sl->kind != SLOT_CHUNK) continue;
        if (ph->chunks[sl->index].soak >= CHUNK_SOAK_TIME) {
            chunk_crumble(ph, s); /* soaked through */
            continue;
        }
        if (sl->calm > 0) {
            sl->calm--;
            sl->force = 0.0;
        }
        if (sl->force <= 0.0) continue;
        chunk_break(ph, s); /* frees s and may take slots: a piece's slot has force 0 */
        if (ph->slots[s].kind == SLOT_CHUNK) ph->slots[s].force = 0.0;
    }
    body_to_truck(ph);
}

void mud_physics_drive(mud_physics *ph, const vehicle_input *in, float dt)
{
    assert(dt > 0.0f);
    double t0 = now_s();
    if (vehicle_placements(ph->truck) != ph->placements) truck_to_body(ph);
    if (ph->refresh) update_active(ph);
    ph->refresh = false;
    dRandSetSeed(ph->rand_seed);
    double h = (double)dt / VEHICLE_SUBSTEPS;
    dBodySetAngularDamping(ph->slots[0].body, 0.8 * h); /* as vehicle.c's own integrator */
    ph->ncrumbs = 0;
    for (int k = 0; k < VEHICLE_SUBSTEPS; k++) substep(ph, in, h);
    ph->rand_seed = dRandGetSeed();
    for (int s = 1; s < ph->d.max_bodies; s++) ph->slots[s].pushed = false;
    for (int i = 0; i < plants_count(ph->plants); i++) {
        plant *p = plants_at(ph->plants, i);
        if (p->body >= 0) plant_pose_from_body(ph, p);
    }
    update_active(ph);
    ph->step_ms = (float)((now_s() - t0) * 1000.0);
    ph->history[ph->drives++ % MUD_PHYSICS_HISTORY] = ph->step_ms;
    ph->bodies_max = ph->used > ph->bodies_max ? ph->used : ph->bodies_max;
}

int mud_physics_add_plant(mud_physics *ph, plant_kind kind, float x, float z, float size)
{
    int i = plants_add(ph->plants, kind, x, z, size);
    const plant *p = plants_get(ph->plants, i);
    if (ph->active[p->block]) plant_wake(ph, i);
    return i;
}

int mud_physics_scatter(mud_physics *ph, const plants_scatter_desc *d)
{
    int n = plants_scatter(ph->plants, d);
    /* the new plants of active blocks wake before the next sub-step */
    ph->refresh = true;
    return n;
}

int mud_physics_add_chunk(mud_physics *ph, float x, float z, float size)
{
    int i = chunk_record(ph);
    if (i < 0) return -1;
    size = size < CHUNK_MIN_SIZE ? CHUNK_MIN_SIZE : size > CHUNK_MAX_SIZE ? CHUNK_MAX_SIZE : size;
    /* dropped from just over the mud, flat, or onto the water where its surface is higher */
    float y = mudfield_surface_height(ph->mud, x, z), pores = CHUNK_MUD_DENSITY;
    water_sample_out ws;
    if (ph->water && water_sample(ph->water, x, z, &ws) && ws.surface > y) {
        y = ws.surface;
        pores = CHUNK_WATER_DENSITY;
    }
    y += 0.5f * chunk_height(size) + 0.05f;
    ph->chunks[i] = (mud_chunk){{x, y, z}, {0, 0, 0, 1}, size, true, -1, pores, 0.0f};
    if (ph->active[block_index(ph, z) * ph->nb + block_index(ph, x)]) chunk_wake(ph, i, NULL);
    return i;
}

plant_set *mud_physics_plants(mud_physics *ph) { return ph->plants; }

const mud_chunk *mud_physics_chunks(const mud_physics *ph, int *capacity)
{
    *capacity = MUD_PHYSICS_MAX_CHUNKS;
    return ph->chunks;
}

const mud_crumb *mud_physics_crumbs(const mud_physics *ph, int *count)
{
    *count = ph->ncrumbs;
    return ph->crumbs;
}

void mud_physics_stats_get(const mud_physics *ph, mud_physics_stats *out)
{
    *out = (mud_physics_stats){.bodies = ph->used, .plants_down = ph->plants_down, .chunks_broken = ph->chunks_broken,
                               .chunks_crumbled = ph->chunks_crumbled, .contacts = ph->ncontacts, .step_ms = ph->step_ms};
    for (int s = 1; s < ph->d.max_bodies; s++) out->plants_active += ph->slots[s].kind == SLOT_PLANT;
    for (int i = 0; i < MUD_PHYSICS_MAX_CHUNKS; i++) out->chunks += ph->chunks[i].alive;
    for (int b = 0; b < ph->nb * ph->nb; b++) out->blocks_active += ph->active[b];
}

static void geom_matrix(dGeomID g, float m[16])
{
    const dReal *p = dGeomGetPosition(g), *R = dGeomGetRotation(g);
    /* ODE: R row-major 3x4; ours: column-major 4x4 */
    for (int c = 0; c < 3; c++) {
        for (int r = 0; r < 3; r++) m[c * 4 + r] = (float)R[r * 4 + c];
        m[c * 4 + 3] = 0.0f;
        m[12 + c] = (float)p[c];
    }
    m[15] = 1.0f;
}

static bool shape_of(dGeomID g, int owner, mud_shape *out)
{
    *out = (mud_shape){.owner = (uint8_t)owner};
    geom_matrix(g, out->matrix);
    switch (dGeomGetClass(g)) {
    case dBoxClass: {
        dVector3 l;
        dGeomBoxGetLengths(g, l);
        out->type = MUD_SHAPE_BOX;
        for (int k = 0; k < 3; k++) out->dims[k] = (float)l[k];
        return true;
    }
    case dSphereClass:
        out->type = MUD_SHAPE_SPHERE;
        out->dims[0] = (float)dGeomSphereGetRadius(g);
        return true;
    case dCapsuleClass: {
        dReal r, len;
        dGeomCapsuleGetParams(g, &r, &len);
        out->type = MUD_SHAPE_CAPSULE;
        out->dims[0] = (float)r;
        out->dims[1] = (float)len;
        /* the capsule runs along ODE's z: turn our y onto it */
        float y[4] = {out->matrix[4], out->matrix[5], out->matrix[6], 0}, z[4] = {out->matrix[8], out->matrix[9], out->matrix[10], 0};
        for (int k = 0; k < 3; k++) {
            out->matrix[4 + k] = z[k];
            out->matrix[8 + k] = -y[k];
        }
        return true;
    }
    default: return false;
    }
}

int mud_physics_shapes(const mud_physics *ph, mud_shape *out, int max)
{
    int n = 0;
    if (n < max && shape_of(ph->chassis, 0, &out[n])) n++;
    for (int i = 0; i < vehicle_wheel_count(ph->truck) && n < max; i++)
        if (shape_of(ph->wheels[i], 0, &out[n])) n++;
    for (int s = 1; s < ph->d.max_bodies && n < max; s++) {
        const slot *sl = &ph->slots[s];
        if (sl->kind == SLOT_FREE) continue;
        if (shape_of(sl->geom, sl->kind == SLOT_PLANT ? 1 : 2, &out[n])) n++;
    }
    return n;
}

void mud_physics_push_plant(mud_physics *ph, int i, const float force[3], float at)
{
    const plant *p = plants_get(ph->plants, i);
    if (p->body < 0) return;
    slot *sl = &ph->slots[p->body];
    for (int k = 0; k < 3; k++) sl->push[k] = force[k];
    sl->push_at = at;
    sl->pushed = true;
    dBodyEnable(sl->body);
}

float mud_physics_plant_bend(const mud_physics *ph, int i)
{
    const plant *p = plants_get(ph->plants, i);
    if (p->kind != PLANT_TREE) return 0.0f;
    versor q = {p->rot[0], p->rot[1], p->rot[2], p->rot[3]};
    vec3 a;
    glm_quat_rotatev(q, (vec3){0, 1, 0}, a);
    return acosf(glm_clamp(a[1], -1.0f, 1.0f));
}

void mud_physics_write_stats(const mud_physics *ph, json_writer *w)
{
    mud_physics_stats st;
    mud_physics_stats_get(ph, &st);
    json_number(w, "physics_ms", st.step_ms);
    json_int(w, "bodies", st.bodies);
    json_int(w, "plants_active", st.plants_active);
    json_int(w, "plants_down", st.plants_down);
    json_int(w, "chunks", st.chunks);
    json_int(w, "chunks_broken", st.chunks_broken);
}

void mud_physics_write_bench(const mud_physics *ph, json_writer *w)
{
    int n = ph->drives < MUD_PHYSICS_HISTORY ? ph->drives : MUD_PHYSICS_HISTORY;
    static const float pct[2] = {50, 95};
    float q[2] = {0, 0};
    if (n) stats_percentiles(ph->history, n, pct, 2, q);
    json_object_begin(w, "physics_ms");
    json_number(w, "median", q[0]);
    json_number(w, "p95", q[1]);
    json_int(w, "drives", ph->drives);
    json_int(w, "bodies_max", ph->bodies_max);
    json_object_end(w);
}
