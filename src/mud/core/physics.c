/* physics.c — the world itself: ODE started and stopped, the terrain heightfield, the body slots,
 * contacts, the fixed step and its sub-steps. What moves in it is in physics_plants.c,
 * physics_chunks.c, physics_truck.c and physics_water.c; which blocks have bodies in
 * physics_active.c; what it reports in physics_report.c (shared declarations: physics_internal.h). */
#include "mud/core/physics_internal.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <time.h>

#include "base/log.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- the terrain: the hard floor under the mud, one sample per base sample ---- */

static dReal hf_height(void *user, int x, int z)
{
    const mud_physics *ph = user;
    return mudfield_floor_height(ph->mud, (float)x * ph->hf_spacing, (float)z * ph->hf_spacing);
}

/* ---- slots ---- */

int physics__slot_take(mud_physics *ph)
{
    int s = ph->free_head;
    if (s < 0) return -1;
    ph->free_head = ph->slots[s].next_free;
    ph->slots[s] = (slot){.next_free = -1};
    ph->used++;
    return s;
}

void physics__slot_release(mud_physics *ph, int s)
{
    slot *sl = &ph->slots[s];
    if (sl->joint) dJointDestroy(sl->joint);
    if (sl->geom) dGeomDestroy(sl->geom);
    if (sl->crown) dGeomDestroy(sl->crown);
    if (sl->body) dBodyDestroy(sl->body);
    *sl = (slot){.kind = SLOT_FREE, .next_free = ph->free_head};
    ph->free_head = s;
    ph->used--;
}

void physics__new_body(mud_physics *ph, int s, int kind, int index, const double pos[3], const float rot[4])
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
    /* a felled tree's crown on the ground: needles slide more than bark grips */
    bool crown = ((dGeomGetCategoryBits(a) | dGeomGetCategoryBits(b)) & CAT_CROWN) != 0;
    for (int i = 0; i < n; i++) {
        c[i].surface.mode = dContactApprox1 | dContactSoftERP | dContactSoftCFM;
        c[i].surface.mu = crown ? 0.5 : chunk ? 0.6 : 0.9;
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
    if (!ph) {
        log_error("physics: out of memory for the world");
        dCloseODE();
        return NULL;
    }
    ph->sim = sim;
    ph->terr = mud_sim_terrain(sim);
    ph->mud = mud_sim_field(sim);
    ph->truck = (vehicle *)mud_sim_vehicle(sim);
    ph->d = d;
    ph->nb = terrain_blocks_per_side(ph->terr);
    ph->active = calloc((size_t)ph->nb * ph->nb, 1);
    ph->plants = plants_create(ph->terr);
    if (!ph->active || !ph->plants) {
        log_error("physics: out of memory for the active set or the plants");
        mud_physics_destroy(ph);
        return NULL;
    }
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
    physics__truck_to_body(ph);
    mud_sim_set_marks(sim, physics__marks, ph); /* the bodies' marks join the wheels' stamps */
    return ph;
}

void mud_physics_destroy(mud_physics *ph)
{
    if (!ph) return;
    if (ph->sim) mud_sim_set_marks(ph->sim, NULL, NULL);
    /* a world that failed before ODE made its parts has none of them */
    if (ph->world) {
        dJointGroupDestroy(ph->contacts);
        for (int s = 0; s < MUD_PHYSICS_MAX_BODIES; s++)
            if (ph->slots[s].joint) dJointDestroy(ph->slots[s].joint);
        dSpaceDestroy(ph->space); /* destroys every geom in it */
        dGeomHeightfieldDataDestroy(ph->hf_data);
        dWorldDestroy(ph->world); /* and every body */
    }
    dCloseODE();
    plants_destroy(ph->plants);
    free(ph->active);
    free(ph);
}

static void substep(mud_physics *ph, const vehicle_input *in, double h)
{
    physics__truck_forces(ph, in, h);
    if (ph->water) physics__water_forces(ph, h);
    for (int s = 1; s < ph->d.max_bodies; s++) {
        slot *sl = &ph->slots[s];
        if (sl->kind == SLOT_FREE || !dBodyIsEnabled(sl->body)) continue;
        if (sl->kind == SLOT_CHUNK) physics__chunk_mud_forces(ph, sl, h);
        else if (sl->joint) physics__tree_spring(ph, sl);
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
            physics__chunk_crumble(ph, s); /* soaked through */
            continue;
        }
        if (sl->calm > 0) {
            sl->calm--;
            sl->force = 0.0;
        }
        if (sl->force <= 0.0) continue;
        physics__chunk_break(ph, s); /* frees s and may take slots: a piece's slot has force 0 */
        if (ph->slots[s].kind == SLOT_CHUNK) ph->slots[s].force = 0.0;
    }
    physics__body_to_truck(ph);
}

void mud_physics_drive(mud_physics *ph, const vehicle_input *in, float dt)
{
    assert(dt > 0.0f);
    double t0 = now_s();
    if (vehicle_placements(ph->truck) != ph->placements) physics__truck_to_body(ph);
    if (ph->refresh) physics__update_active(ph);
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
        if (p->body >= 0) physics__plant_pose_from_body(ph, p);
    }
    physics__update_active(ph);
    ph->step_ms = (float)((now_s() - t0) * 1000.0);
    ph->history[ph->drives++ % MUD_PHYSICS_HISTORY] = ph->step_ms;
    ph->bodies_max = ph->used > ph->bodies_max ? ph->used : ph->bodies_max;
}

int mud_physics_add_plant(mud_physics *ph, plant_kind kind, float x, float z, float size)
{
    int i = plants_add(ph->plants, kind, x, z, size);
    if (i < 0) return -1; /* logged */
    const plant *p = plants_get(ph->plants, i);
    if (ph->active[p->block]) physics__plant_wake(ph, i);
    return i;
}

int mud_physics_scatter(mud_physics *ph, const plants_scatter_desc *d)
{
    int n = plants_scatter(ph->plants, d);
    /* the new plants of active blocks wake before the next sub-step */
    ph->refresh = true;
    return n;
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
