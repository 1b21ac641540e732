#include "mud/core/water_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"

#define MAX_SPEED 12.0f   /* m/s: no face runs faster, whatever happened before */
#define PUSH_RATE 5.0f    /* 1/s: how fast the water under a pusher takes its velocity */
#define BOW_PUSH 0.4f     /* share of the pusher's speed that spreads outwards at its front */

enum { W_, E_, S_, N_ };

static float def(float v, float d) { return v > 0.0f ? v : d; }

static bool in_area(const water_desc *d, float x, float z)
{
    for (int k = 0; k < d->nareas; k++) {
        const float *r = d->areas[k].rect;
        if (x >= r[0] && x <= r[2] && z >= r[1] && z <= r[3]) return true;
    }
    return false;
}

static float area_surface(const water_desc *d, float x, float z)
{
    float s = -INFINITY;
    for (int k = 0; k < d->nareas; k++) {
        const float *r = d->areas[k].rect;
        if (x >= r[0] && x <= r[2] && z >= r[1] && z <= r[3] && d->areas[k].surface_y > s) s = d->areas[k].surface_y;
    }
    return s;
}

/* The surface of the highest area within WATER_SEEP_REACH of (x, z), outside them all: where a rut
 * fills with water; -INFINITY where none is that near or without a rutted ground. */
static float seep_surface(const water_desc *d, float x, float z)
{
    float s = -INFINITY;
    for (int k = 0; k < d->nareas && d->rutted; k++) {
        const float *r = d->areas[k].rect;
        float dx = fmaxf(fmaxf(r[0] - x, x - r[2]), 0.0f), dz = fmaxf(fmaxf(r[1] - z, z - r[3]), 0.0f);
        if (dx * dx + dz * dz <= WATER_SEEP_REACH * WATER_SEEP_REACH && d->areas[k].surface_y > s) s = d->areas[k].surface_y;
    }
    return s;
}

wblock *water__block_at(const water *w, int bx, int bz)
{
    if (bx < 0 || bz < 0 || bx >= w->nb || bz >= w->nb) return NULL;
    int k = w->index[bz * w->nb + bx];
    return k < 0 ? NULL : &w->blocks[k];
}

water *water_create(const water_desc *desc)
{
    if (!desc->ground || desc->level_size < 16 || desc->level_size % 16 || desc->nareas < 0) {
        log_error("water: invalid desc (ground function and a level size that is a multiple of 16 are required)");
        return NULL;
    }
    water *w = calloc(1, sizeof *w);
    if (!w) {
        log_error("water: out of memory");
        return NULL;
    }
    w->d = *desc;
    w->d.gravity = def(desc->gravity, 9.81f);
    w->d.friction = desc->frictionless ? 0.0f : def(desc->friction, 0.004f);
    w->d.damping = desc->frictionless ? 0.0f : def(desc->damping, 0.05f);
    w->d.active_radius = def(desc->active_radius, 28.0f);
    w->d.max_dt = def(desc->max_dt, 0.1f);
    w->nb = desc->level_size / 16;
    w->index = malloc(sizeof(int) * (size_t)w->nb * (size_t)w->nb);
    if (!w->index) {
        log_error("water: out of memory for the block index");
        water_destroy(w);
        return NULL;
    }
    /* first count the blocks an area overlaps, then fill them */
    for (int pass = 0; pass < 2; pass++) {
        int n = 0;
        for (int bz = 0; bz < w->nb; bz++)
            for (int bx = 0; bx < w->nb; bx++) {
                bool hit = false;
                const float e = desc->rutted ? WATER_SEEP_REACH : 0.0f; /* the seep cells around the areas */
                for (int k = 0; k < desc->nareas && !hit; k++) {
                    const float *r = desc->areas[k].rect;
                    hit = r[0] - e < (float)(bx + 1) * 16.0f && r[2] + e > (float)bx * 16.0f && r[1] - e < (float)(bz + 1) * 16.0f &&
                          r[3] + e > (float)bz * 16.0f;
                }
                if (pass == 0) {
                    w->index[bz * w->nb + bx] = hit ? n : -1;
                } else if (hit) {
                    wblock *b = &w->blocks[n];
                    b->bx = bx;
                    b->bz = bz;
                    for (int j = 0; j < R; j++)
                        for (int i = 0; i < R; i++) {
                            float x = (float)bx * 16.0f + ((float)i + 0.5f) * DX, z = (float)bz * 16.0f + ((float)j + 0.5f) * DX;
                            int c = j * R + i;
                            b->b[c] = desc->ground(desc->user, x, z);
                            b->mask[c] = in_area(desc, x, z) ? CELL_AREA : CELL_OUT;
                            b->wet_capable += b->mask[c];
                            b->table[c] = b->mask[c] ? -INFINITY : seep_surface(desc, x, z);
                            if (b->table[c] > -INFINITY) b->mask[c] = CELL_SEEP;
                            float s = area_surface(desc, x, z);
                            b->h[c] = b->mask[c] && s > b->b[c] ? s - b->b[c] : 0.0f;
                        }
                }
                n += hit;
            }
        if (pass == 0) {
            w->nblocks = n;
            w->blocks = n ? calloc((size_t)n, sizeof *w->blocks) : NULL;
            if (n && !w->blocks) {
                log_error("water: out of memory for %d blocks", n);
                water_destroy(w);
                return NULL;
            }
        }
    }
    for (int k = 0; k < w->nblocks; k++) {
        wblock *b = &w->blocks[k];
        b->nbr[W_] = water__block_at(w, b->bx - 1, b->bz);
        b->nbr[E_] = water__block_at(w, b->bx + 1, b->bz);
        b->nbr[S_] = water__block_at(w, b->bx, b->bz - 1);
        b->nbr[N_] = water__block_at(w, b->bx, b->bz + 1);
    }
    return w;
}

void water_destroy(water *w)
{
    if (!w) return;
    free(w->blocks);
    free(w->index);
    free(w);
}

static void set_block_active(wblock *b, bool on)
{
    if (b->active && !on) {
        memset(b->u, 0, sizeof b->u);
        memset(b->v, 0, sizeof b->v);
    }
    b->active = on;
}

void water_set_active(water *w, float x, float z)
{
    w->focus[0] = x;
    w->focus[1] = z;
    float r2 = w->d.active_radius * w->d.active_radius;
    for (int k = 0; k < w->nblocks; k++) {
        wblock *b = &w->blocks[k];
        float cx = ((float)b->bx + 0.5f) * 16.0f - x, cz = ((float)b->bz + 0.5f) * 16.0f - z;
        set_block_active(b, cx * cx + cz * cz <= r2);
    }
}

void water_activate_all(water *w)
{
    for (int k = 0; k < w->nblocks; k++) set_block_active(&w->blocks[k], true);
}

/* ---- one sub-step ---- */

/* The -x neighbour cell of (i, j) (its block and index), NULL at a wall (no block or inactive). */
static const wblock *west(const wblock *b, int i, int j, int *c)
{
    if (i > 0) {
        *c = j * R + i - 1;
        return b;
    }
    const wblock *n = b->nbr[W_];
    *c = j * R + R - 1;
    return n && n->active ? n : NULL;
}

static const wblock *south(const wblock *b, int i, int j, int *c)
{
    if (j > 0) {
        *c = (j - 1) * R + i;
        return b;
    }
    const wblock *n = b->nbr[S_];
    *c = (R - 1) * R + i;
    return n && n->active ? n : NULL;
}

static float face_update(const water *w, float vel, const wblock *lb, int lc, const wblock *rb, int rc, float dt)
{
    if (!lb || lb->mask[lc] != CELL_AREA || rb->mask[rc] != CELL_AREA) return 0.0f; /* seep cells hold their water */
    float hl = lb->h[lc], hr = rb->h[rc];
    if (hl < WATER_DRY && hr < WATER_DRY) return 0.0f;
    vel -= w->d.gravity * dt * ((rb->b[rc] + hr) - (lb->b[lc] + hl)) / DX;
    float hu = vel > 0.0f ? hl : hr;
    if (hu < WATER_DRY) return 0.0f; /* nothing upwind to carry */
    vel /= 1.0f + dt * (w->d.damping + w->d.friction * fabsf(vel) / hu);
    return fminf(fmaxf(vel, -MAX_SPEED), MAX_SPEED);
}

static void momentum(water *w, wblock *b, float dt)
{
    for (int j = 0; j < R; j++)
        for (int i = 0; i < R; i++) {
            int c = j * R + i, lc;
            const wblock *lb = west(b, i, j, &lc);
            b->u[c] = face_update(w, b->u[c], lb, lc, b, c, dt);
            lb = south(b, i, j, &lc);
            b->v[c] = face_update(w, b->v[c], lb, lc, b, c, dt);
        }
}

/* The +x face velocity of cell (i, j) (owned by the next cell, maybe in the next block). */
static float east_u(const wblock *b, int i, int j)
{
    if (i < R - 1) return b->u[j * R + i + 1];
    const wblock *n = b->nbr[E_];
    return n && n->active && b->active ? n->u[j * R] : 0.0f;
}

static float north_v(const wblock *b, int i, int j)
{
    if (j < R - 1) return b->v[(j + 1) * R + i];
    const wblock *n = b->nbr[N_];
    return n && n->active && b->active ? n->v[i] : 0.0f;
}

static void limiter(wblock *b, float dt)
{
    for (int j = 0; j < R; j++)
        for (int i = 0; i < R; i++) {
            int c = j * R + i;
            float h = b->h[c];
            float out = fmaxf(0.0f, -b->u[c]) + fmaxf(0.0f, east_u(b, i, j)) + fmaxf(0.0f, -b->v[c]) + fmaxf(0.0f, north_v(b, i, j));
            float loss = dt / DX * out * h;
            b->scale[c] = loss > h && loss > 0.0f ? h / loss : 1.0f;
        }
}

static float face_flux(float vel, const wblock *lb, int lc, const wblock *rb, int rc)
{
    if (vel == 0.0f || !lb) return 0.0f;
    return vel > 0.0f ? vel * lb->h[lc] * lb->scale[lc] : vel * rb->h[rc] * rb->scale[rc];
}

static void fluxes(wblock *b)
{
    for (int j = 0; j < R; j++)
        for (int i = 0; i < R; i++) {
            int c = j * R + i, lc;
            const wblock *lb = west(b, i, j, &lc);
            b->fu[c] = face_flux(b->u[c], lb, lc, b, c);
            lb = south(b, i, j, &lc);
            b->fv[c] = face_flux(b->v[c], lb, lc, b, c);
        }
}

/* Each face's volume leaves one cell and enters the other: conserved. */
static void apply_fluxes(wblock *b, float dt)
{
    const float k = dt / DX;
    for (int j = 0; j < R; j++)
        for (int i = 0; i < R; i++) {
            int c = j * R + i, lc;
            float f = b->fu[c] * k;
            if (f != 0.0f) {
                wblock *lb = (wblock *)west(b, i, j, &lc);
                lb->h[lc] -= f;
                b->h[c] += f;
            }
            f = b->fv[c] * k;
            if (f != 0.0f) {
                wblock *lb = (wblock *)south(b, i, j, &lc);
                lb->h[lc] -= f;
                b->h[c] += f;
            }
        }
    for (int c = 0; c < NCELL; c++)
        if (b->h[c] < 0.0f) b->h[c] = 0.0f; /* rounding of a cell emptied to the last drop */
}

/* The pusher's pull on one face at (x, z) of velocity component `comp` (0 x, 1 z). */
static float push_face(const water_pusher *p, float vel, float x, float z, float surface, int comp, float k)
{
    float dx = x - p->pos[0], dz = z - p->pos[2];
    float d = sqrtf(dx * dx + dz * dz);
    if (d >= p->radius * 1.5f) return vel;
    float sub = fminf(fmaxf((surface - p->bottom) / fmaxf(p->radius, 0.05f), 0.0f), 1.0f);
    if (sub <= 0.0f) return vel;
    float pv = comp ? p->vel[2] : p->vel[0];
    if (d < p->radius) vel += (pv - vel) * k * sub * (1.0f - 0.5f * d / p->radius);
    float speed = sqrtf(p->vel[0] * p->vel[0] + p->vel[2] * p->vel[2]);
    if (speed > 0.01f && d > 1e-3f) {
        /* the front half of the rim pushes outwards: the bow spreads sideways */
        float nx = dx / d, nz = dz / d;
        float front = (nx * p->vel[0] + nz * p->vel[2]) / speed;
        if (front > 0.0f) vel += (comp ? nz : nx) * BOW_PUSH * speed * front * k * sub * (1.0f - fabsf(d - p->radius) / (0.5f * p->radius + 1e-3f) * 0.5f);
    }
    return vel;
}

static void apply_pushers(water *w, const water_pusher *ps, int np, float dt)
{
    const float k = 1.0f - expf(-PUSH_RATE * dt);
    for (int n = 0; n < np; n++) {
        const water_pusher *p = &ps[n];
        float reach = p->radius * 1.5f + DX;
        int gx0 = (int)floorf((p->pos[0] - reach) / DX), gx1 = (int)floorf((p->pos[0] + reach) / DX);
        int gz0 = (int)floorf((p->pos[2] - reach) / DX), gz1 = (int)floorf((p->pos[2] + reach) / DX);
        for (int gz = gz0; gz <= gz1; gz++)
            for (int gx = gx0; gx <= gx1; gx++) {
                if (gx < 0 || gz < 0) continue;
                wblock *b = water__block_at(w, gx / R, gz / R);
                if (!b || !b->active) continue;
                int i = gx % R, j = gz % R, c = j * R + i;
                if (b->mask[c] != CELL_AREA || b->h[c] < WATER_DRY) continue;
                float surface = b->b[c] + b->h[c];
                float cx = (float)gx * DX, cz = (float)gz * DX;
                if (b->u[c] != 0.0f || west(b, i, j, &(int){0})) b->u[c] = push_face(p, b->u[c], cx, cz + 0.5f * DX, surface, 0, k);
                if (b->v[c] != 0.0f || south(b, i, j, &(int){0})) b->v[c] = push_face(p, b->v[c], cx + 0.5f * DX, cz, surface, 1, k);
            }
    }
}

/* A face whose upwind side is dry, or that leads out of the areas, carries nothing: the push must
 * not make a wall leak. */
static void walls(wblock *b)
{
    for (int j = 0; j < R; j++)
        for (int i = 0; i < R; i++) {
            int c = j * R + i, lc;
            const wblock *lb = west(b, i, j, &lc);
            if (!lb || lb->mask[lc] != CELL_AREA || b->mask[c] != CELL_AREA) b->u[c] = 0.0f;
            lb = south(b, i, j, &lc);
            if (!lb || lb->mask[lc] != CELL_AREA || b->mask[c] != CELL_AREA) b->v[c] = 0.0f;
        }
}

void water_step(water *w, float dt, const water_pusher *pushers, int npushers)
{
    w->substeps = 0;
    if (!(dt > 0.0f)) return;
    dt = fminf(dt, w->d.max_dt);
    float hmax = 0.0f, umax = 0.0f;
    for (int k = 0; k < w->nblocks; k++) {
        const wblock *b = &w->blocks[k];
        if (!b->active) continue;
        for (int c = 0; c < NCELL; c++) {
            hmax = fmaxf(hmax, b->h[c]);
            umax = fmaxf(umax, fmaxf(fabsf(b->u[c]), fabsf(b->v[c])));
        }
    }
    float speed = sqrtf(w->d.gravity * hmax) + umax;
    int n = (int)ceilf(dt * speed / (0.5f * DX));
    if (n < 1) n = 1;
    if (n > WATER_MAX_SUBSTEPS) {
        /* a flow too fast for the sub-steps: the water advances less than dt (it lags, it does not blow up) */
        n = WATER_MAX_SUBSTEPS;
        dt = (float)n * 0.5f * DX / speed;
    }
    float h = dt / (float)n;
    for (int s = 0; s < n; s++) {
        for (int k = 0; k < w->nblocks; k++)
            if (w->blocks[k].active) momentum(w, &w->blocks[k], h);
        if (npushers > 0) {
            apply_pushers(w, pushers, npushers, h);
            for (int k = 0; k < w->nblocks; k++)
                if (w->blocks[k].active) walls(&w->blocks[k]);
        }
        for (int k = 0; k < w->nblocks; k++)
            if (w->blocks[k].active) limiter(&w->blocks[k], h);
        for (int k = 0; k < w->nblocks; k++)
            if (w->blocks[k].active) fluxes(&w->blocks[k]);
        for (int k = 0; k < w->nblocks; k++)
            if (w->blocks[k].active) apply_fluxes(&w->blocks[k], h);
    }
    w->substeps = n;
    water__seep(w, dt);
}

/* ---- queries ---- */

double water_volume(const water *w)
{
    double v = 0.0;
    for (int k = 0; k < w->nblocks; k++)
        for (int c = 0; c < NCELL; c++)
            if (w->blocks[k].mask[c]) v += (double)w->blocks[k].h[c];
    return v * (double)DX * (double)DX;
}

int water_cells_active(const water *w)
{
    int n = 0;
    for (int k = 0; k < w->nblocks; k++)
        if (w->blocks[k].active) n += w->blocks[k].wet_capable;
    return n;
}

int water_blocks(const water *w) { return w->nblocks; }
int water_substeps_last(const water *w) { return w->substeps; }

void water_block_coords(const water *w, int k, int *bx, int *bz)
{
    *bx = w->blocks[k].bx;
    *bz = w->blocks[k].bz;
}

static const wblock *cell_of(const water *w, float x, float z, int *c)
{
    if (!(x >= 0.0f && z >= 0.0f)) return NULL;
    int gx = (int)(x / DX), gz = (int)(z / DX);
    const wblock *b = water__block_at(w, gx / R, gz / R);
    if (b) *c = (gz % R) * R + gx % R;
    return b;
}

static void cell_velocity(const wblock *b, int c, float vel[2])
{
    int i = c % R, j = c / R;
    vel[0] = 0.5f * (b->u[c] + east_u(b, i, j));
    vel[1] = 0.5f * (b->v[c] + north_v(b, i, j));
}

bool water_sample(const water *w, float x, float z, water_sample_out *out)
{
    int c = 0;
    const wblock *b = cell_of(w, x, z, &c);
    if (!b || !b->mask[c] || b->h[c] < WATER_DRY) {
        *out = (water_sample_out){.surface = b ? b->b[c] : w->d.ground(w->d.user, x, z)};
        return false;
    }
    out->surface = b->b[c] + b->h[c];
    out->depth = b->h[c];
    cell_velocity(b, c, out->vel);
    return true;
}

bool water_block_has_water(const water *w, int bx, int bz) { return water__block_at(w, bx, bz) != NULL; }

bool water_block_active(const water *w, int bx, int bz)
{
    const wblock *b = water__block_at(w, bx, bz);
    return b && b->active;
}

bool water_block_vertices(const water *w, int bx, int bz, float *out)
{
    const wblock *self = water__block_at(w, bx, bz);
    if (!self) return false;
    for (int j = 0; j <= R; j++)
        for (int i = 0; i <= R; i++) {
            float eta = 0.0f, ground = 0.0f, vel[2] = {0, 0};
            int wet = 0, cells = 0;
            for (int dj = -1; dj <= 0; dj++)
                for (int di = -1; di <= 0; di++) {
                    int gi = bx * R + i + di, gj = bz * R + j + dj;
                    if (gi < 0 || gj < 0) continue;
                    const wblock *b = water__block_at(w, gi / R, gj / R);
                    if (!b) continue;
                    int c = (gj % R) * R + gi % R;
                    ground += b->b[c];
                    cells++;
                    if (!b->mask[c] || b->h[c] < WATER_DRY) continue;
                    float cv[2];
                    cell_velocity(b, c, cv);
                    eta += b->b[c] + b->h[c];
                    vel[0] += cv[0];
                    vel[1] += cv[1];
                    wet++;
                }
            float *o = &out[(j * (R + 1) + i) * 4];
            ground = cells ? ground / (float)cells : 0.0f;
            if (wet) {
                o[0] = eta / (float)wet;
                o[1] = fmaxf(o[0] - ground, 0.0f);
                o[2] = vel[0] / (float)wet;
                o[3] = vel[1] / (float)wet;
            } else {
                o[0] = ground - 0.05f;
                o[1] = o[2] = o[3] = 0.0f;
            }
        }
    return true;
}

void water_block_dump(const water *w, int bx, int bz, uint8_t *out)
{
    const wblock *b = water__block_at(w, bx, bz);
    for (int c = 0; c < NCELL; c++) {
        float v = b && b->mask[c] ? b->h[c] * WATER_DUMP_SCALE + 0.5f : 0.0f;
        out[c] = (uint8_t)fminf(fmaxf(v, 0.0f), 255.0f);
    }
}

float water_depth_at(const water *w, float x, float z)
{
    int c = 0;
    const wblock *b = cell_of(w, x, z, &c);
    return b && b->mask[c] ? b->h[c] : 0.0f;
}

void water_set_depth_at(water *w, float x, float z, float depth)
{
    int c = 0;
    wblock *b = (wblock *)cell_of(w, x, z, &c);
    if (b && b->mask[c]) b->h[c] = fmaxf(depth, 0.0f);
}

float water_body_force(const water *w, const float centre[3], float half_height, float volume, float area, const float vel[3],
                       float out[3])
{
    out[0] = out[1] = out[2] = 0.0f;
    water_sample_out s;
    if (!water_sample(w, centre[0], centre[2], &s) || half_height <= 0.0f) return 0.0f;
    float f = (s.surface - (centre[1] - half_height)) / (2.0f * half_height);
    f = fminf(fmaxf(f, 0.0f), 1.0f);
    if (f <= 0.0f) return 0.0f;
    float rel[3] = {s.vel[0] - vel[0], -vel[1], s.vel[1] - vel[2]};
    float speed = sqrtf(rel[0] * rel[0] + rel[1] * rel[1] + rel[2] * rel[2]);
    float k = 0.5f * WATER_DENSITY * WATER_DRAG_CD * area * f * speed;
    out[0] = k * rel[0];
    out[1] = k * rel[1] + WATER_DENSITY * w->d.gravity * volume * f;
    out[2] = k * rel[2];
    return f;
}
