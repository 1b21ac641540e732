/* physics_truck.c — the truck between its two models: the chassis as an ODE body, the wheels as
 * the project's raycast model (mud/core/vehicle.h) whose forces drive that body every sub-step. */
#include "mud/core/physics_internal.h"

void physics__truck_to_body(mud_physics *ph)
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

void physics__body_to_truck(mud_physics *ph)
{
    dBodyID b = ph->slots[0].body;
    const dReal *p = dBodyGetPosition(b), *v = dBodyGetLinearVel(b), *w = dBodyGetAngularVel(b);
    versor rot;
    quat_from_ode(dBodyGetQuaternion(b), rot);
    vehicle_set_state(ph->truck, (vec3){(float)p[0], (float)p[1], (float)p[2]}, rot,
                      (vec3){(float)v[0], (float)v[1], (float)v[2]}, (vec3){(float)w[0], (float)w[1], (float)w[2]});
}

void physics__truck_forces(mud_physics *ph, const vehicle_input *in, double h)
{
    dBodyID b = ph->slots[0].body;
    vehicle_ground g = mud_sim_ground(ph->sim);
    vec3 f, t;
    physics__body_to_truck(ph);
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
