/* physics_chunks.c — chunks of dried mud as boxes: their records, buoyancy and drag in the mud,
 * the pore liquid that makes them float or sink, and breaking or crumbling under the truck. */
#include "mud/core/physics_internal.h"

#include <math.h>

bool physics__chunk_wake(mud_physics *ph, int i, const double vel[3])
{
    mud_chunk *c = &ph->chunks[i];
    if (c->body >= 0) return true;
    int s = physics__slot_take(ph);
    if (s < 0) return false;
    slot *sl = &ph->slots[s];
    physics__new_body(ph, s, SLOT_CHUNK, i, (double[3]){c->pos[0], c->pos[1], c->pos[2]}, c->rot);
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

void physics__chunk_pose_from_body(mud_physics *ph, mud_chunk *c)
{
    dBodyID b = ph->slots[c->body].body;
    const dReal *pos = dBodyGetPosition(b);
    for (int k = 0; k < 3; k++) c->pos[k] = (float)pos[k];
    quat_from_ode(dBodyGetQuaternion(b), c->rot);
}

void physics__chunk_sleep(mud_physics *ph, int i)
{
    mud_chunk *c = &ph->chunks[i];
    if (c->body < 0) return;
    physics__chunk_pose_from_body(ph, c);
    physics__slot_release(ph, c->body);
    c->body = -1;
}

int physics__chunk_record(mud_physics *ph)
{
    for (int i = 0; i < MUD_PHYSICS_MAX_CHUNKS; i++)
        if (!ph->chunks[i].alive) return i;
    return -1;
}

/* buoyancy and drag from the mud over the chunk */
void physics__chunk_mud_forces(mud_physics *ph, slot *sl, double h)
{
    const mud_chunk *c = &ph->chunks[sl->index];
    const dReal *pos = dBodyGetPosition(sl->body), *R = dBodyGetRotation(sl->body);
    float x = (float)pos[0], z = (float)pos[2];
    /* the mud's level around it, not the dent it pressed under itself (physics_marks.c): past the
     * circle round its footprint, whichever way it turned */
    float surface = fmaxf(mudfield_surface_height(ph->mud, x, z),
                          physics__mud_level(ph, (float[3]){x, 0.0f, z}, (float[2]){1, 0}, 0.71f * c->size, 0.71f * c->size));
    if (surface - mudfield_floor_height(ph->mud, x, z) < 0.005f) return; /* no mud here */
    /* vertical extent of the box: its axes' y components times its dimensions */
    double extent = fabs(R[4]) * c->size + fabs(R[5]) * chunk_height(c->size) + fabs(R[6]) * c->size;
    float f = chunk_submerged((float)(pos[1] - 0.5 * extent), (float)extent, surface);
    if (f <= 0.0f) return;
    double m = chunk_mass(c->size), drag = CHUNK_DRAG * f * m;
    if (c->pore_density != CHUNK_MUD_DENSITY) physics__chunk_pores(ph, sl, CHUNK_MUD_DENSITY, f, h);
    const dReal *v = dBodyGetLinearVel(sl->body), *w = dBodyGetAngularVel(sl->body);
    dBodyAddForce(sl->body, -drag * v[0], chunk_buoyancy(c->size, f) - drag * v[1], -drag * v[2]);
    double iw = drag * c->size * c->size / 6.0;
    dBodyAddTorque(sl->body, -iw * w[0], -iw * w[1], -iw * w[2]);
}

/* the chunk of slot s becomes floating mud (mud_physics_crumbs) and leaves the world */
void physics__chunk_crumble(mud_physics *ph, int s)
{
    mud_chunk *c = &ph->chunks[ph->slots[s].index];
    physics__chunk_pose_from_body(ph, c);
    const dReal *v = dBodyGetLinearVel(ph->slots[s].body);
    if (ph->ncrumbs < MUD_PHYSICS_MAX_CRUMBS)
        ph->crumbs[ph->ncrumbs++] = (mud_crumb){{c->pos[0], c->pos[1], c->pos[2]}, {(float)v[0], (float)v[1], (float)v[2]}, c->size};
    physics__slot_release(ph, s);
    c->alive = false;
    c->body = -1;
    ph->chunks_broken++;
    ph->chunks_crumbled++;
}

/* the pore liquid towards `liquid` (kg/m^3) over h seconds, f submerged; the body's mass follows */
void physics__chunk_pores(mud_physics *ph, const slot *sl, float liquid, float f, double h)
{
    mud_chunk *c = &ph->chunks[sl->index];
    float before = c->pore_density;
    c->pore_density += (liquid - c->pore_density) * fminf(1.0f, f * (float)h / CHUNK_WASH_TIME);
    if (c->pore_density == before) return;
    dMass m;
    dMassSetBoxTotal(&m, chunk_mass_with_pores(c->size, c->pore_density), c->size, chunk_height(c->size), c->size);
    dBodySetMass(sl->body, &m);
}

void physics__chunk_break(mud_physics *ph, int s)
{
    slot *sl = &ph->slots[s];
    int i = sl->index;
    mud_chunk *c = &ph->chunks[i];
    chunk_piece pieces[CHUNK_MAX_PIECES];
    int n = chunk_split(c->size, (float)sl->force, pieces);
    if (n == 0) return;
    physics__chunk_pose_from_body(ph, c);
    double vel[3];
    const dReal *v = dBodyGetLinearVel(sl->body);
    for (int k = 0; k < 3; k++) vel[k] = v[k];
    double ax[3], az[3];
    body_rotate(sl->body, (double[3]){1, 0, 0}, ax);
    body_rotate(sl->body, (double[3]){0, 0, 1}, az);
    if (n == CHUNK_CRUMBLES) {
        physics__chunk_crumble(ph, s);
        return;
    }
    mud_chunk parent = *c;
    physics__slot_release(ph, s);
    c->alive = false;
    c->body = -1;
    ph->chunks_broken++;
    for (int k = 0; k < n; k++) {
        int j = k == 0 ? i : physics__chunk_record(ph);
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
        physics__chunk_wake(ph, j, pv);
    }
}

int mud_physics_add_chunk(mud_physics *ph, float x, float z, float size)
{
    int i = physics__chunk_record(ph);
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
    if (ph->active[physics__block_index(ph, z) * ph->nb + physics__block_index(ph, x)]) physics__chunk_wake(ph, i, NULL);
    return i;
}
