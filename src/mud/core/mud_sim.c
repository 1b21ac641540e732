#include "mud/core/mud_sim.h"
#include "base/alloc.h"
#include "base/log.h"
#include "base/mathx.h"
#include "mud/core/mud_churn.h"
#include "mud/core/mud_prim.h"
#include "mud/core/mudfield_slump.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct mud_sim {
    terrain *terr;
    mudfield *mud;
    vehicle *truck;
    int stamps;
    int dry_count, dried; /* stamp steps since the tracks last dried; levels dried this step */
    float volume;
    float churn; /* 0..1: mud/core/mud_churn.h */
    mudfield_stamp_geom prims[VEHICLE_MAX_WHEELS + MUD_SIM_MAX_MARKS]; /* this step's, for the GPU */
    int nprims;
    mud_sim_marks_fn marks_fn; /* bodies that mark the mud (mud_sim_set_marks) */
    void *marks_user;
    int marks;
    long long marks_total;
    int base_rect[4]; /* base samples whose mud mask grew this step */
    bool base_changed;
    /* the ruts' slump and refill (mud_sim_set_slump, mudfield_slump.h) */
    float repose_deg, refill, refill_acc;
    int slump_count;
    mudfield_slump_rule slump_rule; /* this step's */
    int *slumped, nslumped;         /* blocks the step's slump changed, blocks_per_side^2 at most */
    mudfield_rect *slumped_rects;   /* the texels it changed in each */
};

static void ground_fn(void *user, float x, float z, vehicle_ground_hit *out)
{
    const mud_sim *s = user;
    out->base = terrain_height(s->terr, x, z);
    out->surface = out->base + mudfield_mud_height(s->mud, x, z);
    out->floor = fminf(mudfield_floor_height(s->mud, x, z), out->surface);
    mudfield_surface_normal(s->mud, x, z, out->normal);
}

mud_sim *mud_sim_create(const mud_sim_desc *desc)
{
    mud_sim_desc d = desc ? *desc : (mud_sim_desc){0};
    terrain *t = terrain_create(&d.terrain);
    if (!t) return NULL;
    mud_sim *s = ALLOC_STRUCT(mud_sim);
    if (!s) {
        log_error("mud sim: out of memory");
        terrain_destroy(t);
        return NULL;
    }
    s->terr = t;
    s->churn = clampf(d.churn, 0.0f, 1.0f);
    s->mud = mudfield_create(t, &d.mud);
    s->truck = vehicle_create(&d.vehicle);
    s->repose_deg = MUD_SIM_REPOSE_DEG;
    if (!s->mud || !s->truck) { /* logged by the failed create */
        mud_sim_destroy(s);
        return NULL;
    }
    mud_sim_spawn(s);
    return s;
}

void mud_sim_destroy(mud_sim *s)
{
    if (!s) return;
    vehicle_destroy(s->truck);
    free(s->slumped);
    free(s->slumped_rects);
    mudfield_destroy(s->mud);
    terrain_destroy(s->terr);
    free(s);
}

vehicle_ground mud_sim_ground(mud_sim *s) { return (vehicle_ground){ground_fn, s}; }

void mud_sim_spawn(mud_sim *s)
{
    float x, z;
    terrain_spawn(s->terr, &x, &z);
    mud_sim_place_truck(s, x, z, 0.0f);
}

void mud_sim_place_truck(mud_sim *s, float x, float z, float heading_deg)
{
    vehicle_ground g = mud_sim_ground(s);
    vehicle_place(s->truck, x, z, heading_deg, &g);
}

void mud_sim_step(mud_sim *s, const vehicle_input *in, float dt)
{
    mud_sim_drive(s, in, dt);
    mud_sim_stamp(s);
}

void mud_sim_drive(mud_sim *s, const vehicle_input *in, float dt)
{
    vehicle_ground g = mud_sim_ground(s);
    vehicle_step(s->truck, in, &g, dt);
}

void mud_sim_stamp(mud_sim *s)
{
    const vehicle_desc *vd = vehicle_get_desc(s->truck);
    s->stamps = 0;
    s->nprims = 0;
    s->volume = 0.0f;
    /* the tracks age first: a stamp of this step is fresh */
    s->dried = 0;
    if (++s->dry_count >= MUDFIELD_DRY_STEPS) {
        s->dry_count = 0;
        s->dried = MUDFIELD_DRY_LEVELS;
        mudfield_dry(s->mud, s->dried);
    }
    /* then the ruts slump (and refill): the unsettled blocks, every MUDFIELD_SLUMP_STEPS steps */
    s->nslumped = 0;
    if (++s->slump_count >= MUDFIELD_SLUMP_STEPS) {
        s->slump_count = 0;
        s->refill_acc += s->refill * MUDFIELD_REFILL_RATE;
        bool refill = s->refill_acc >= 1.0f;
        if (refill) s->refill_acc -= 1.0f;
        s->slump_rule = mudfield_slump_rule_of(s->repose_deg, s->refill > 0.0f, refill);
        int nb = terrain_blocks_per_side(s->terr);
        if (!s->slumped) { /* the first slump: the lists of the blocks it may change */
            s->slumped = malloc(sizeof *s->slumped * (size_t)nb * (size_t)nb);
            s->slumped_rects = malloc(sizeof *s->slumped_rects * (size_t)nb * (size_t)nb);
            if (!s->slumped || !s->slumped_rects) {
                log_error("mud sim: out of memory for %d blocks' slump: the ruts keep their walls", nb * nb);
                free(s->slumped);
                free(s->slumped_rects);
                s->slumped = NULL;
                s->slumped_rects = NULL;
            }
        }
        if (s->slumped) s->nslumped = mudfield_slump(s->mud, &s->slump_rule, s->slumped, s->slumped_rects, nb * nb);
    }
    for (int i = 0; i < vehicle_wheel_count(s->truck); i++) {
        const vehicle_wheel *w = vehicle_wheel_at(s->truck, i);
        mudfield_wheel prim;
        if (!w->contact) continue;
        float surface = mudfield_surface_height(s->mud, w->hub[0], w->hub[2]);
        if (!mud_prim_form(w, vd->wheel_radius, vd->wheel_width, surface, &prim)) continue;
        mud_prim_tread(vd, w, &prim);
        mud_churn_wheel(&prim, s->churn, i, w->front);
        /* one layout for both: the CPU field now, the GPU's render targets at the next stamp pass */
        if (!mudfield_stamp_layout(s->mud, &prim, &s->prims[s->nprims])) continue;
        mud_churn_geom(&s->prims[s->nprims], s->churn);
        s->volume += mudfield_stamp_geom_apply(s->mud, &s->prims[s->nprims++]);
        s->stamps++;
    }
    /* then the bodies that rest on or slide over the mud, through the same primitives */
    s->marks = 0;
    if (s->marks_fn) {
        mudfield_body bodies[MUD_SIM_MAX_MARKS];
        int n = s->marks_fn(s->marks_user, bodies, MUD_SIM_MAX_MARKS);
        assert(n >= 0 && n <= MUD_SIM_MAX_MARKS);
        for (int i = 0; i < n; i++) {
            if (!mudfield_body_layout(s->mud, &bodies[i], &s->prims[s->nprims])) continue;
            s->volume += mudfield_stamp_geom_apply(s->mud, &s->prims[s->nprims++]);
            s->marks++;
        }
        s->marks_total += s->marks;
    }
    /* Rolling wheels deform grass and dirt too: the mud mask grows under them (softening the
     * ground: the floor sinks with the mask), so the next wheels sink and the ruts go on off the
     * track. A parked truck does not dig itself in. */
    s->base_changed = false;
    for (int i = 0; i < vehicle_wheel_count(s->truck); i++) {
        const vehicle_wheel *w = vehicle_wheel_at(s->truck, i);
        float speed = sqrtf(w->velocity[0] * w->velocity[0] + w->velocity[2] * w->velocity[2]);
        int r[4];
        if (!w->contact || speed < 0.5f) continue;
        if (!terrain_mark_mud(s->terr, w->hub[0], w->hub[2], MUD_SIM_MARK_RADIUS, fminf(speed * MUD_SIM_MARK_RATE, 0.1f), r)) continue;
        if (!s->base_changed) memcpy(s->base_rect, r, sizeof r);
        s->base_rect[0] = r[0] < s->base_rect[0] ? r[0] : s->base_rect[0];
        s->base_rect[1] = r[1] < s->base_rect[1] ? r[1] : s->base_rect[1];
        s->base_rect[2] = r[2] > s->base_rect[2] ? r[2] : s->base_rect[2];
        s->base_rect[3] = r[3] > s->base_rect[3] ? r[3] : s->base_rect[3];
        s->base_changed = true;
    }
}

bool mud_sim_base_changed(const mud_sim *s, int rect[4])
{
    if (s->base_changed) memcpy(rect, s->base_rect, sizeof s->base_rect);
    return s->base_changed;
}

const mudfield_stamp_geom *mud_sim_prims(const mud_sim *s, int *count)
{
    *count = s->nprims;
    return s->prims;
}

int mud_sim_emitters(const mud_sim *s, clod_emitter out[CLODS_MAX_EMITTERS])
{
    const vehicle_desc *vd = vehicle_get_desc(s->truck);
    int n = vehicle_wheel_count(s->truck);
    for (int i = 0; i < n; i++) {
        const vehicle_wheel *w = vehicle_wheel_at(s->truck, i);
        /* only wheels in mud throw clods */
        float slip = w->contact && w->penetration > 0.02f ? w->slip : 0.0f;
        out[i] = (clod_emitter){{w->hub[0], w->hub[1], w->hub[2]}, {w->forward[0], w->forward[1], w->forward[2]},
                                {w->velocity[0], w->velocity[1], w->velocity[2]}, vd->wheel_radius, slip,
                                vd->wheel_width, w->contact ? fmaxf(w->penetration, w->sink) : 0.0f};
    }
    return n;
}

void mud_sim_set_churn(mud_sim *s, float churn) { s->churn = clampf(churn, 0.0f, 1.0f); }
float mud_sim_churn(const mud_sim *s) { return s->churn; }

void mud_sim_tune(mud_sim *s, float max_sink, float softness_scale, float engine_force)
{
    mudfield_set_depth(s->mud, max_sink, softness_scale);
    vehicle_set_engine_force(s->truck, engine_force);
}

int mud_sim_stamps_last_step(const mud_sim *s) { return s->stamps; }
int mud_sim_marks_last_step(const mud_sim *s) { return s->marks; }
long long mud_sim_marks_total(const mud_sim *s) { return s->marks_total; }

void mud_sim_set_marks(mud_sim *s, mud_sim_marks_fn fn, void *user)
{
    s->marks_fn = fn;
    s->marks_user = user;
}
int mud_sim_dried_last_step(const mud_sim *s) { return s->dried; }

void mud_sim_set_slump(mud_sim *s, float repose_deg, float refill)
{
    assert(repose_deg >= 10.0f && repose_deg <= 80.0f && refill >= 0.0f && refill <= 1.0f);
    if (repose_deg == s->repose_deg && refill == s->refill) return;
    /* a gentler repose or a refill that starts moves mud the settled blocks held still */
    if (repose_deg < s->repose_deg || refill > s->refill) mudfield_unsettle(s->mud);
    s->repose_deg = repose_deg;
    s->refill = refill;
}

const int *mud_sim_slumped_last_step(const mud_sim *s, int *count, const mudfield_rect **rects, mudfield_slump_rule *rule)
{
    *count = s->nslumped;
    if (rects) *rects = s->slumped_rects;
    if (rule) *rule = s->slump_rule;
    return s->slumped;
}
float mud_sim_volume_last_step(const mud_sim *s) { return s->volume; }
const terrain *mud_sim_terrain(const mud_sim *s) { return s->terr; }
mudfield *mud_sim_field(mud_sim *s) { return s->mud; }
const vehicle *mud_sim_vehicle(const mud_sim *s) { return s->truck; }
