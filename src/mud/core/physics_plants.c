/* physics_plants.c — plants as bodies: a tree on its ball joint with the bending spring that
 * snaps it, a rock as a sphere; woken and put to sleep with their block (physics_active.c). */
#include "mud/core/physics_internal.h"

#include <math.h>

static void tree_foot_to_centre(const plant *p, double out[3])
{
    versor q = {p->rot[0], p->rot[1], p->rot[2], p->rot[3]};
    vec3 up;
    glm_quat_rotatev(q, (vec3){0, 0.5f * p->size, 0}, up);
    for (int i = 0; i < 3; i++) out[i] = (double)p->pos[i] + up[i];
}

bool physics__plant_wake(mud_physics *ph, int i)
{
    plant *p = plants_at(ph->plants, i);
    if (p->body >= 0 || p->kind == PLANT_BUSH) return p->body >= 0;
    int s = physics__slot_take(ph);
    if (s < 0) return false;
    slot *sl = &ph->slots[s];
    dMass m;
    if (p->kind == PLANT_TREE) {
        double c[3];
        tree_foot_to_centre(p, c);
        physics__new_body(ph, s, SLOT_PLANT, i, c, p->rot);
        double r = plant_tree_radius(p->size), len = fmax(p->size - 2.0 * r, 0.1);
        dMassSetCapsuleTotal(&m, plant_tree_mass(p->size), 2, r, len);
        /* the crown's branches round the trunk: a quarter of the mass PLANT_TREE_CROWN_RADIUS out
         * adds to the inertia about the trunk's own axis (a bare capsule's is tiny: the crown's
         * friction on the ground would spin it up) */
        const double cr = PLANT_TREE_CROWN_RADIUS * p->size;
        m.I[1 * 4 + 1] += 0.25 * plant_tree_mass(p->size) * cr * cr * 0.5;
        sl->geom = dCreateCapsule(ph->space, r, len);
        dGeomSetBody(sl->geom, sl->body);
        dMatrix3 R;
        dRFromAxisAndAngle(R, 1, 0, 0, -M_PI_2); /* the capsule's z along the trunk's y */
        dGeomSetOffsetRotation(sl->geom, R);
        /* the crown (prop_models.c: cones of needles 0.21 of the height wide at a third of it,
         * ten times the trunk's radius): a capsule round its lower, wider part that only the
         * ground touches (a standing tree's is never tested, near_cb), so a felled tree lies on
         * its trunk's foot and its crown, needles on the ground, not sunk into it */
        sl->crown = dCreateCapsule(ph->space, PLANT_TREE_CROWN_RADIUS * p->size, PLANT_TREE_CROWN_LENGTH * p->size);
        dGeomSetBody(sl->crown, sl->body);
        dGeomSetOffsetRotation(sl->crown, R);
        dGeomSetOffsetPosition(sl->crown, 0.0, (PLANT_TREE_CROWN_AT - 0.5) * p->size, 0.0);
        dGeomSetData(sl->crown, sl);
        dGeomSetCategoryBits(sl->crown, CAT_CROWN);
        dGeomSetCollideBits(sl->crown, CAT_TERRAIN);
        if (!p->down) {
            sl->joint = dJointCreateBall(ph->world, 0);
            dJointAttach(sl->joint, sl->body, 0);
            dJointSetBallAnchor(sl->joint, p->pos[0], p->pos[1], p->pos[2]);
        }
    } else {
        physics__new_body(ph, s, SLOT_PLANT, i, (double[3]){p->pos[0], p->pos[1], p->pos[2]}, p->rot);
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

void physics__plant_pose_from_body(mud_physics *ph, plant *p)
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

void physics__plant_sleep(mud_physics *ph, int i)
{
    plant *p = plants_at(ph->plants, i);
    if (p->body < 0) return;
    physics__plant_pose_from_body(ph, p);
    physics__slot_release(ph, p->body);
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

void physics__tree_spring(mud_physics *ph, slot *sl)
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
