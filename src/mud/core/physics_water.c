/* physics_water.c — what water does to the bodies (mud_physics_set_water): drag on the wheels,
 * a little buoyancy on the chassis, buoyancy, wave damping and soaking on the chunks. */
#include "mud/core/physics_internal.h"

#include <math.h>

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

void physics__water_forces(mud_physics *ph, double h)
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
        physics__chunk_pores(ph, sl, CHUNK_WATER_DENSITY, f, h);
        c->soak += (float)h;
    }
}

void mud_physics_set_water(mud_physics *ph, const water *w) { ph->water = w; }
