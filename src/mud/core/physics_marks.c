/* physics_marks.c — the bodies' marks in the mud. Every step, after the wheels, mud_sim asks the
 * world (physics__marks, registered at create) for body primitives: each body that presses into
 * the mud (a chunk, a rock, a felled trunk and its crown, the truck's chassis bottoming out) gives the bottom it
 * presses with, a rounded box (mudfield_body), stamped as the wheels' primitives are, on the CPU
 * field and the GPU's layers alike. A body is stamped when it presses in and has moved, turned or
 * sunk since its last stamp: once it rests in its dent nothing more is stamped. At most `max`
 * primitives a step (MUD_SIM_MAX_MARKS), the bodies taken round robin, so a crowd waits its turn. */
#include "mud/core/physics_internal.h"

#include <math.h>

#define MARK_OUT 0.7f     /* metres past a footprint, and half its size, where the mud's level is read:
                           * past its berm (mudfield_desc's berm_width, 0.6 m, and half the size) */
#define MARK_TOUCH 0.01f  /* its lowest point this far under that level (over the floor): in the mud */
#define MARK_MOVE 0.03f   /* stamped again when it moved this far, */
#define MARK_SINK 0.003f  /* sank this much deeper, */
#define MARK_TURN 1.0e-4f /* or turned (1 - |q . q'|: about 1.6 degrees) */
#define MARK_PIECE 3.0f   /* metres of flat bottom a primitive at most: a trunk, the chassis in pieces */
#define MARK_PIECES 4
#define MARK_ROUND 0.15f  /* metres: the rounding of a box's bottom edges */
#define CROWN_MARK 0.4f   /* metres: half the width of the band a felled crown's branches press */
#define MARK_STEEP 0.5f   /* a trunk steeper than 60 degrees (standing, falling) marks nothing */

/* A body's bottom as mudfield_body has it, and its lowest point. */
typedef struct bottom {
    float c[3], u[2], half[2], radius, slope[2], low;
} bottom;

float physics__mud_level(const mud_physics *ph, const float c[3], const float u[2], float half_u, float half_v)
{
    const float v[2] = {u[1], -u[0]}, out = MARK_OUT + 0.5f * fmaxf(half_u, half_v);
    float sum = 0.0f;
    for (int k = 0; k < 4; k++) {
        const float *d = k < 2 ? u : v, s = (k & 1 ? -1.0f : 1.0f) * ((k < 2 ? half_u : half_v) + out);
        sum += mudfield_surface_height(ph->mud, c[0] + d[0] * s, c[2] + d[1] * s);
    }
    return 0.25f * sum;
}

/* A box (centre c, half sizes e along the body's axes): its bottom is the face turned down. */
static void box_bottom(const dReal *R, const double c[3], const double e[3], bottom *b)
{
    int k = 0; /* the axis most nearly vertical */
    for (int i = 1; i < 3; i++)
        if (fabs(R[4 + i]) > fabs(R[4 + k])) k = i;
    const double s = R[4 + k] > 0.0 ? -1.0 : 1.0, n[3] = {s * R[k], s * R[4 + k], s * R[8 + k]};
    int i = (k + 1) % 3, j = (k + 2) % 3;
    /* u: the face's axis that looks longer from above */
    if (e[j] * hypot(R[j], R[8 + j]) > e[i] * hypot(R[i], R[8 + i])) i = j, j = (k + 1) % 3;
    const double hl = hypot(R[i], R[8 + i]), ux = R[i] / hl, uz = R[8 + i] / hl, vx = uz, vz = -ux;
    b->u[0] = (float)ux;
    b->u[1] = (float)uz;
    for (int a = 0; a < 3; a++) b->c[a] = (float)(c[a] + n[a] * e[k]);
    b->half[0] = (float)(e[i] * fabs(R[i] * ux + R[8 + i] * uz) + e[j] * fabs(R[j] * ux + R[8 + j] * uz));
    b->half[1] = (float)(e[i] * fabs(R[i] * vx + R[8 + i] * vz) + e[j] * fabs(R[j] * vx + R[8 + j] * vz));
    b->slope[0] = (float)(-(n[0] * ux + n[2] * uz) / n[1]);
    b->slope[1] = (float)(-(n[0] * vx + n[2] * vz) / n[1]);
    b->low = (float)(c[1] + n[1] * e[k] - e[i] * fabs(R[4 + i]) - e[j] * fabs(R[4 + j]));
    b->radius = fminf(MARK_ROUND, 0.5f * fminf(b->half[0], b->half[1]));
}

/* A capsule along the body's y (centre `along` from the body's origin, radius r, straight length
 * len; hl: the axis' horizontal length, not steep): its bottom line under the axis, pressing a
 * band at most `wide` either side of it. */
static void capsule_bottom(const dReal *p, const dReal *R, double hl, float along, float r, float len, float wide, bottom *b)
{
    const float su = (float)(R[5] / hl), half = 0.5f * len * (float)hl + r, w = fminf(r, wide);
    const float c[3] = {(float)p[0] + along * (float)R[1], (float)p[1] + along * (float)R[5], (float)p[2] + along * (float)R[9]};
    *b = (bottom){{c[0], (float)(c[1] - r / hl), c[2]}, {(float)(R[1] / hl), (float)(R[9] / hl)}, {half, w}, w, {su, 0}, 0};
    b->low = b->c[1] - fabsf(su) * (half - r);
}

/* The bottom of the body in slot sl; false when it has none that marks (a standing tree). */
static bool body_bottom(const mud_physics *ph, const slot *sl, bottom *b)
{
    const dReal *p = dBodyGetPosition(sl->body), *R = dBodyGetRotation(sl->body);
    if (sl->kind == SLOT_TRUCK) {
        double c[3], e[3];
        body_rotate(sl->body, CHASSIS_CENTRE, c);
        for (int a = 0; a < 3; a++) c[a] += p[a], e[a] = 0.5 * CHASSIS_DIMS[a];
        box_bottom(R, c, e, b);
        return true;
    }
    if (sl->kind == SLOT_CHUNK) {
        const mud_chunk *ch = &ph->chunks[sl->index];
        box_bottom(R, p, (double[3]){0.5 * ch->size, 0.5 * chunk_height(ch->size), 0.5 * ch->size}, b);
        return true;
    }
    const plant *pl = plants_get(ph->plants, sl->index);
    if (pl->kind == PLANT_ROCK) {
        *b = (bottom){{(float)p[0], (float)(p[1] - pl->size), (float)p[2]}, {1, 0}, {pl->size, pl->size}, pl->size, {0, 0},
                      (float)(p[1] - pl->size)};
        return true;
    }
    if (pl->kind != PLANT_TREE || sl->joint) return false; /* a standing tree: its foot is planted */
    /* a felled trunk: the capsule along the body's y, its bottom line under the axis */
    const double hl = hypot(R[1], R[9]);
    if (hl < MARK_STEEP) return false;
    const float r = plant_tree_radius(pl->size);
    capsule_bottom(p, R, hl, 0.0f, r, fmaxf(pl->size - 2.0f * r, 0.1f), r, b);
    return true;
}

/* A felled tree's crown (physics_plants.c's crown capsule): the branches under it pressed into the
 * mud along the trunk's line, CROWN_MARK either side of it (not the crown's whole breadth). */
static bool crown_bottom(const mud_physics *ph, const slot *sl, bottom *b)
{
    if (sl->kind != SLOT_PLANT || !sl->crown || sl->joint) return false;
    const plant *pl = plants_get(ph->plants, sl->index);
    const dReal *p = dBodyGetPosition(sl->body), *R = dBodyGetRotation(sl->body);
    const double hl = hypot(R[1], R[9]);
    if (hl < MARK_STEEP) return false;
    capsule_bottom(p, R, hl, (PLANT_TREE_CROWN_AT - 0.5f) * pl->size, PLANT_TREE_CROWN_RADIUS * pl->size,
                   PLANT_TREE_CROWN_LENGTH * pl->size, CROWN_MARK, b);
    return true;
}

static bool moved(const slot *sl, const dReal *p, const dReal *q, float low)
{
    float dx = (float)p[0] - sl->mark_pos[0], dz = (float)p[2] - sl->mark_pos[2], dot = 0.0f;
    for (int a = 0; a < 4; a++) dot += (float)q[a] * sl->mark_rot[a];
    return dx * dx + dz * dz > MARK_MOVE * MARK_MOVE || low < sl->mark_low - MARK_SINK || 1.0f - fabsf(dot) > MARK_TURN;
}

/* The bottom in pieces of at most MARK_PIECE metres of flat part along u (the flat parts abut, the
 * ends round off as the whole body's do), each pressing in by level minus its own lowest point. */
static int pieces(const bottom *b, float level, const dReal *vel, mudfield_body *out, int room)
{
    const float span = 2.0f * (b->half[0] - b->radius);
    int n = (int)ceilf(span / MARK_PIECE);
    n = n < 1 ? 1 : n > MARK_PIECES ? MARK_PIECES : n;
    if (n > room) return -1;
    const float f = span / (float)n;
    int m = 0;
    for (int k = 0; k < n; k++) {
        const float off = (float)k * f + 0.5f * f - 0.5f * span, y = b->c[1] + b->slope[0] * off;
        const float low = y - fabsf(b->slope[0]) * 0.5f * f - fabsf(b->slope[1]) * (b->half[1] - b->radius);
        if (level - low <= MARK_TOUCH) continue; /* this piece is out of the mud */
        out[m++] = (mudfield_body){.center = {b->c[0] + b->u[0] * off, y, b->c[2] + b->u[1] * off},
                                   .axis = {b->u[0], b->u[1]},
                                   .half = {n > 1 ? 0.5f * f + b->radius : b->half[0], b->half[1]},
                                   .radius = b->radius,
                                   .slope = {b->slope[0], b->slope[1]},
                                   .velocity = {(float)vel[0], (float)vel[2]},
                                   .penetration = level - low,
                                   .joined = (k < n - 1 ? 1u : 0u) | (k > 0 ? 2u : 0u)};
    }
    return m;
}

int physics__marks(void *user, mudfield_body *out, int max)
{
    mud_physics *ph = user;
    const int slots = ph->d.max_bodies;
    int n = 0;
    for (int a = 0; a < slots; a++) {
        const int s = (ph->mark_cursor + a) % slots;
        slot *sl = &ph->slots[s];
        /* at rest where it was last seen: nothing new (a body with no mark yet is looked at once) */
        if (sl->kind == SLOT_FREE || !sl->body || (sl->marked && !dBodyIsEnabled(sl->body))) continue;
        bottom b[2]; /* a felled tree: its trunk and its crown */
        if (!body_bottom(ph, sl, &b[0])) continue;
        const int nb = crown_bottom(ph, sl, &b[1]) ? 2 : 1;
        const float low = nb > 1 ? fminf(b[0].low, b[1].low) : b[0].low;
        const dReal *p = dBodyGetPosition(sl->body), *q = dBodyGetQuaternion(sl->body);
        if (sl->marked && !moved(sl, p, q, low)) continue;
        const int n0 = n;
        for (int i = 0; i < nb; i++) {
            const float level = physics__mud_level(ph, b[i].c, b[i].u, b[i].half[0], b[i].half[1]);
            /* in the mud: under the level around it, and the level over the hard floor */
            if (level - b[i].low > MARK_TOUCH && mudfield_floor_height(ph->mud, b[i].c[0], b[i].c[2]) < level - MARK_TOUCH) {
                int k = pieces(&b[i], level, dBodyGetLinearVel(sl->body), out + n, max - n);
                if (k < 0) { /* no room left this step: this body goes first next step */
                    ph->mark_cursor = s;
                    return n0;
                }
                n += k;
            }
        }
        /* seen here (stamped, or out of the mud): looked at again when it moves, turns or sinks */
        sl->marked = true;
        for (int i = 0; i < 3; i++) sl->mark_pos[i] = (float)p[i];
        for (int i = 0; i < 4; i++) sl->mark_rot[i] = (float)q[i];
        sl->mark_low = low;
    }
    return n;
}
