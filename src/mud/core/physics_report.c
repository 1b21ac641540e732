/* physics_report.c — what the world tells the outside: counts, the drive-time bench and the
 * collision shapes of the debug view; reading only, nothing here moves a body. */
#include "mud/core/physics_internal.h"

#include "base/stats.h"

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
    json_object_begin(w, "physics_ms");
    stats_write_median_p95_keys(w, ph->history, n, 0.0f);
    json_int(w, "drives", ph->drives);
    json_int(w, "bodies_max", ph->bodies_max);
    json_object_end(w);
}
