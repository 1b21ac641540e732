/* mudfield_stamp.c — the stamp of a primitive (a wheel's or a body's) into the CPU field: its
 * layout (the rectangle, the blocks with mud, the berm weights' row sums: what the GPU's stamp pass
 * reads too), then the two passes shaders/mud_stamp.frag mirrors: the removed height steps, and
 * every texel from its old value, its footprint target and its share of the berm. */
#include "mud/core/mudfield_internal.h"

#include <assert.h>
#include <math.h>
#include <string.h>

#include "base/mathx.h"

/* Width of the anti-aliased rut edge outside the contact patch (metres, 1.25 texels). */
#define EDGE_RAMP (1.25f * MUDFIELD_SPACING)

/* How much of a texel at distance d outside the contact patch the tyre covers: 1 inside (d <= 0),
 * falling smoothly (smoothstep) to 0 at EDGE_RAMP. */
static float edge_coverage(float d)
{
    float t = 1.0f - clampf(d / EDGE_RAMP, 0.0f, 1.0f);
    return t * t * (3.0f - 2.0f * t);
}

/* The grid every stored value lies on (16-bit height, RGBA8 slide and track); the GPU's
 * shaders/mud_stamp.frag rounds the same way (floor(x + 0.5), not lrintf's ties-to-even). */
static float snap_height(float h)
{
    return clampf(floorf(h * (1.0f / MUDFIELD_HEIGHT_STEP) + 0.5f), -32768.0f, 32767.0f) * MUDFIELD_HEIGHT_STEP;
}
static float snap_slide(float s)
{
    return floorf(clampf(s / MUDFIELD_SLIDE_MAX, -1.0f, 1.0f) * 127.0f + 0.5f) / 127.0f * MUDFIELD_SLIDE_MAX;
}
static float snap_track(float t) { return floorf(clampf(t, 0.0f, 1.0f) * 255.0f + 0.5f) / 255.0f; }
/* A dry track's blend b (0..1) as the track byte / 255 (0..127), and what a tyre's cover leaves:
 * fresh (255) where it bears, else a dry blend. */
static float dry_blend(float b) { return floorf(clampf(b, 0.0f, 1.0f) * 127.0f + 0.5f) / 255.0f; }
static float stamp_track(float cover) { return cover >= 0.5f ? 1.0f : dry_blend(cover); }

bool mudfield_texel_has_mud(const mudfield *mf, int gx, int gz)
{
    int xs[2], zs[2], nx = holders(gx, mf->nb, xs), nz = holders(gz, mf->nb, zs);
    for (int a = 0; a < nz; a++)
        for (int b = 0; b < nx; b++)
            if (terrain_block_has_mud(mf->terr, xs[b], zs[a])) return true;
    return false;
}

/* Where texel (gx, gz) lies against the contact patch: u along, v across the wheel. */
static void geom_uv(const mudfield_stamp_geom *g, int gx, int gz, float *dx, float *dz, float *u, float *v)
{
    *dx = (float)gx * MUDFIELD_SPACING - g->w.center[0];
    *dz = (float)gz * MUDFIELD_SPACING - g->w.center[2];
    *u = *dx * g->fwd[0] + *dz * g->fwd[1];
    *v = *dx * g->side[0] + *dz * g->side[1];
}

/* How far (u, v) lies outside the footprint's rectangle with its corners rounded by g->corner, per
 * axis: the distance is sqrt(du^2 + dv^2) - g->corner (a wheel: the plain rectangle). */
static void geom_out(const mudfield_stamp_geom *g, float u, float v, float *du, float *dv)
{
    *du = fmaxf(fabsf(u) - (g->half_len - g->corner), 0.0f);
    *dv = fmaxf(fabsf(v) - (g->half_w - g->corner), 0.0f);
}

/* The berm's hump at distance d from the footprint: rises over the shoulder, crests about halfway
 * out, 0 from berm_width on (its top two texels wide). */
static float berm_hump(const mudfield_stamp_geom *g, float d)
{
    float t = clampf((d - EDGE_RAMP) / (g->berm_width - EDGE_RAMP), 0.0f, 1.0f);
    return 16.0f * t * t * (1.0f - t) * (1.0f - t);
}

/* Berm weight: beside the rut a rounded ridge that rises over the rut's shoulder, crests about
 * halfway out and falls to 0 at berm_width (its top two texels wide); ahead and behind the mud
 * stays heaped against the tyre (the next stamps bulldoze it on; a crest further out would sit
 * where the truck measures the mud it has to push, and stop it). A body's berm is the ridge all
 * round it. 0 in the patch, past the berm and where no block has mud. */
static float berm_weight(const mudfield *mf, const mudfield_stamp_geom *g, int gx, int gz)
{
    float dx, dz, u, v, du, dv;
    geom_uv(g, gx, gz, &dx, &dz, &u, &v);
    geom_out(g, u, v, &du, &dv);
    if (g->ring > 0.0f) {
        /* A piece of a longer body: past a joined end its berm goes on beside the next piece's
         * footprint, never into it, and hands over to the next piece's within MUDFIELD_JOIN_BLEND
         * either side of the joint (the two shares sum to 1), so pieces pressing to different
         * depths leave one berm without a step. */
        int ends = (int)g->ring;
        float flat_end = g->half_len - g->corner, s = -1.0e9f; /* how far past the nearer joined end */
        if (ends & 2) s = u - flat_end;
        if ((ends & 4) && -u - flat_end > s) s = -u - flat_end;
        float share = clampf(0.5f - s * (0.5f / MUDFIELD_JOIN_BLEND), 0.0f, 1.0f);
        if (s > 0.0f) {
            if (fabsf(v) <= g->half_w) return 0.0f;
            du = 0.0f; /* beside the next piece */
        }
        if (share <= 0.0f || du >= g->berm_width + g->corner || dv >= g->berm_width + g->corner) return 0.0f; /* d >= berm_width */
        float d = sqrtf(du * du + dv * dv) - g->corner;
        if (d <= 0.0f || d >= g->berm_width || !mudfield_texel_has_mud(mf, gx, gz)) return 0.0f;
        return berm_hump(g, d) * share;
    }
    if ((du == 0.0f && dv == 0.0f) || du >= g->berm_width || dv >= g->berm_width) return 0.0f; /* d >= either */
    float d = sqrtf(du * du + dv * dv);
    if (d >= g->berm_width || !mudfield_texel_has_mud(mf, gx, gz)) return 0.0f;
    float side = dv / (du + dv);
    float ahead = g->speed > 0.1f && (dx * g->w.velocity[0] + dz * g->w.velocity[1]) > 0.0f ? 0.6f : 0.25f;
    float r = d / g->berm_width;
    return side * berm_hump(g, d) + (1.0f - side) * ahead * (1.0f - r) * (1.0f - r);
}

/* The rectangle of a primitive whose shape is set (fwd, side, half_len, half_w, berm_width):
 * every texel within berm_width of its footprint, the blocks with mud there and the berm weights'
 * row sums. False when the rectangle is empty. */
static bool layout_rect(const mudfield *mf, mudfield_stamp_geom *g)
{
    const float *c = g->w.center;
    float rx = fabsf(g->fwd[0]) * g->half_len + fabsf(g->side[0]) * g->half_w + g->berm_width;
    float rz = fabsf(g->fwd[1]) * g->half_len + fabsf(g->side[1]) * g->half_w + g->berm_width;
    int gmax = mf->nb * SEG;
    g->gx0 = (int)floorf((c[0] - rx) / MUDFIELD_SPACING);
    g->gx1 = (int)ceilf((c[0] + rx) / MUDFIELD_SPACING);
    g->gz0 = (int)floorf((c[2] - rz) / MUDFIELD_SPACING);
    g->gz1 = (int)ceilf((c[2] + rz) / MUDFIELD_SPACING);
    g->gx0 = g->gx0 < 0 ? 0 : g->gx0;
    g->gz0 = g->gz0 < 0 ? 0 : g->gz0;
    g->gx1 = g->gx1 > gmax ? gmax : g->gx1;
    g->gz1 = g->gz1 > gmax ? gmax : g->gz1;
    /* a wheel wider than any truck's is cut to the largest rectangle the GPU scratch holds */
    if (g->gx1 - g->gx0 >= MUDFIELD_STAMP_MAX) g->gx1 = g->gx0 + MUDFIELD_STAMP_MAX - 1;
    if (g->gz1 - g->gz0 >= MUDFIELD_STAMP_MAX) g->gz1 = g->gz0 + MUDFIELD_STAMP_MAX - 1;
    if (g->gx1 < g->gx0 || g->gz1 < g->gz0) return false;
    /* the blocks holding the rectangle's texels start one block before the first's, on a border */
    g->mud_bx = g->gx0 > 0 ? (g->gx0 - 1) / SEG : 0;
    g->mud_bz = g->gz0 > 0 ? (g->gz0 - 1) / SEG : 0;
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < 3; i++) g->mud_mask |= terrain_block_has_mud(mf->terr, g->mud_bx + i, g->mud_bz + j) << (j * 3 + i);
    /* summed texel by texel in the order the stamp pass adds them (the running sum of a row from
     * its prefix), so a row's last running sum is the next row's prefix to the bit and the rounded
     * shares telescope to exactly the removed steps */
    float acc = 0.0f;
    for (int gz = g->gz0; gz <= g->gz1; gz++) {
        g->row_prefix[gz - g->gz0] = acc;
        for (int gx = g->gx0; gx <= g->gx1; gx++) acc += berm_weight(mf, g, gx, gz);
    }
    g->row_prefix[g->gz1 - g->gz0 + 1] = acc;
    return true;
}

bool mudfield_stamp_layout(const mudfield *mf, const mudfield_wheel *w, mudfield_stamp_geom *g)
{
    assert(w->radius > 0 && w->width > 0);
    if (!(w->penetration > 0)) return false;
    float fl = sqrtf(w->forward[0] * w->forward[0] + w->forward[1] * w->forward[1]);
    assert(fl > 0);
    memset(g, 0, sizeof *g);
    g->w = *w;
    g->fwd[0] = w->forward[0] / fl;
    g->fwd[1] = w->forward[1] / fl;
    g->side[0] = g->fwd[1]; /* forward x up */
    g->side[1] = -g->fwd[0];
    float p = fminf(w->penetration, w->radius);
    g->pen = p;
    g->half_len = sqrtf(fmaxf(2.0f * w->radius * p - p * p, 0.0f)) + 0.5f * MUDFIELD_SPACING;
    g->half_w = 0.5f * w->width;
    g->berm_width = mf->berm_width;
    g->max_sink = mf->max_sink * mf->softness_scale; /* the hard floor's depth, as mudfield_floor finds it */
    g->speed = sqrtf(w->velocity[0] * w->velocity[0] + w->velocity[1] * w->velocity[1]);
    g->tread_inv = w->tread_spacing > 0.0f && w->tread_depth > 0.0f ? 1.0f / w->tread_spacing : 0.0f;
    g->flat[1] = MUDFIELD_FLAT_LONG; /* the tyre's cylinder: flat 0 along, endless across */
    return layout_rect(mf, g);
}

/* The largest half extent of a rectangle that still fits MUDFIELD_STAMP_MAX texels (floor and ceil
 * of its bounds add up to two), and a little less. */
#define BODY_REACH (0.5f * (float)(MUDFIELD_STAMP_MAX - 4) * MUDFIELD_SPACING)

bool mudfield_body_layout(const mudfield *mf, const mudfield_body *b, mudfield_stamp_geom *g)
{
    assert(b->radius > 0 && b->half[0] >= b->radius && b->half[1] >= b->radius);
    if (!(b->penetration > 0)) return false;
    float al = sqrtf(b->axis[0] * b->axis[0] + b->axis[1] * b->axis[1]);
    assert(al > 0);
    memset(g, 0, sizeof *g);
    float r = b->radius, p = fminf(b->penetration, r);
    /* as the wheel's: the rounding's chord at that depth, and half a texel */
    float chord = sqrtf(fmaxf(2.0f * r * p - p * p, 0.0f)) + 0.5f * MUDFIELD_SPACING;
    g->w = (mudfield_wheel){.center = {b->center[0], b->center[1] + r, b->center[2]}, .radius = r,
                            .width = 2.0f * b->half[1], .forward = {b->axis[0] / al, b->axis[1] / al},
                            .velocity = {b->velocity[0], b->velocity[1]}, .penetration = b->penetration};
    g->fwd[0] = g->w.forward[0];
    g->fwd[1] = g->w.forward[1];
    g->side[0] = g->fwd[1];
    g->side[1] = -g->fwd[0];
    g->pen = p;
    g->flat[0] = b->half[0] - r;
    g->flat[1] = b->half[1] - r;
    g->slope[0] = b->slope[0];
    g->slope[1] = b->slope[1];
    g->half_len = g->flat[0] + chord;
    g->half_w = g->flat[1] + chord;
    g->corner = chord;
    g->ring = (float)(1u | (b->joined & 3u) << 1); /* bit 0 a body; bits 1, 2: no berm past +u, -u */
    g->max_sink = mf->max_sink * mf->softness_scale;
    g->speed = sqrtf(b->velocity[0] * b->velocity[0] + b->velocity[1] * b->velocity[1]);
    /* the berm as wide as the wheel's and half the body's size more, narrowed to fit the rectangle */
    float ex = fabsf(g->fwd[0]) * g->half_len + fabsf(g->side[0]) * g->half_w;
    float ez = fabsf(g->fwd[1]) * g->half_len + fabsf(g->side[1]) * g->half_w;
    float fit = BODY_REACH - fmaxf(ex, ez);
    g->berm_width = fminf(mf->berm_width + 0.5f * fmaxf(b->half[0], b->half[1]), fit);
    g->berm_width = fmaxf(g->berm_width, 2.0f * EDGE_RAMP); /* a body too large is cut (its caller splits it) */
    return layout_rect(mf, g);
}

static float geom_cover(const mudfield_stamp_geom *g, int gx, int gz, float *u_out, float *v_out)
{
    float dx, dz, u, v, du, dv;
    geom_uv(g, gx, gz, &dx, &dz, &u, &v);
    *u_out = u;
    *v_out = v;
    geom_out(g, u, v, &du, &dv);
    /* what edge_coverage gives there, without the sqrt */
    if (du >= EDGE_RAMP + g->corner || dv >= EDGE_RAMP + g->corner) return 0.0f;
    return edge_coverage(sqrtf(du * du + dv * dv) - g->corner);
}

uint8_t mudfield_tread_byte(const mudfield_stamp_geom *g, float u, float v)
{
    float x = (u + g->w.tread_phase + MUDFIELD_TREAD_CHEVRON * fabsf(v)) * g->tread_inv;
    float q = floorf((x - floorf(x)) * 255.0f);
    return (uint8_t)(1 + (int)clampf(q, 0.0f, 254.0f));
}

/* The height a footprint texel goes down to (metres over the base, on the 1 mm grid). Texels
 * under the tyre go to its cylinder, never below the hard floor. The edge is anti-aliased: up to
 * EDGE_RAMP outside the patch the target rises along a shoulder to the untouched level (at least
 * the base, also for a wheel following a rut), a fixed shape, so repeated stamps do not dig the
 * edge deeper and the rut wall is a slope over ~2 texels instead of a one-texel cliff whose
 * position jumps a whole texel as the wheel drifts (the saw-tooth along the ruts). */
static float footprint_target(const mudfield *mf, const mudfield_stamp_geom *g, int gx, int gz, float u, float v, float cover)
{
    float x = (float)gx * MUDFIELD_SPACING, z = (float)gz * MUDFIELD_SPACING;
    terrain_sample s;
    terrain_sample_at(mf->terr, x, z, &s);
    float floor_rel = -(g->max_sink * s.softness * s.mud);
    /* the bottom: the plane over the flat part, rounded off outside it (a tyre: its cylinder, the
     * flat part endless across it) */
    float cu = clampf(u, -g->flat[0], g->flat[0]), cv = clampf(v, -g->flat[1], g->flat[1]);
    float du = fmaxf(fabsf(u) - g->flat[0], 0.0f), dv = fmaxf(fabsf(v) - g->flat[1], 0.0f);
    float round = sqrtf(fmaxf(g->w.radius * g->w.radius - du * du - dv * dv, 0.0f));
    float tyre = g->w.center[1] + g->slope[0] * cu + g->slope[1] * cv - round - s.height;
    float target = fmaxf(tyre, floor_rel);
    target += (1.0f - cover) * (fmaxf(target + g->pen, 0.0f) - target);
    return snap_height(target);
}

float mudfield_stamp(mudfield *mf, const mudfield_wheel *w)
{
    mudfield_stamp_geom g;
    return mudfield_stamp_layout(mf, w, &g) ? mudfield_stamp_geom_apply(mf, &g) : 0.0f;
}

float mudfield_stamp_geom_apply(mudfield *mf, const mudfield_stamp_geom *gp)
{
    const mudfield_stamp_geom g = *gp;
    /* Pass 1 (the GPU's sum pass): whole height steps the tyre removes. */
    float targets[MUDFIELD_STAMP_MAX * MUDFIELD_STAMP_MAX]; /* footprint targets, kept for pass 2 */
    const int tw = g.gx1 - g.gx0 + 1;
    int removed = 0;
    for (int gz = g.gz0; gz <= g.gz1; gz++)
        for (int gx = g.gx0; gx <= g.gx1; gx++) {
            float u, v, cover = geom_cover(&g, gx, gz, &u, &v);
            if (cover <= 0.0f || !mudfield__texel_exists(mf, gx, gz)) continue;
            stamp_texel t = {.gx = gx, .gz = gz};
            mudfield__read_texel(mf, &t);
            float target = footprint_target(mf, &g, gx, gz, u, v, cover);
            targets[(gz - g.gz0) * tw + gx - g.gx0] = target;
            if (t.h > target) removed += (int)lrintf((t.h - target) * (1.0f / MUDFIELD_HEIGHT_STEP));
        }
    /* Pass 2 (the GPU's stamp pass): every texel from its own old value, the removed steps and
     * the berm weights before it; nothing depends on a texel written in this pass. */
    float wsum = g.row_prefix[g.gz1 - g.gz0 + 1];
    bool lower = removed > 0 && wsum > 0.0f; /* nowhere to put the mud: only track and slide */
    int n = 0;
    for (int gz = g.gz0; gz <= g.gz1; gz++) {
        float pex = g.row_prefix[gz - g.gz0];
        for (int gx = g.gx0; gx <= g.gx1; gx++) {
            float u, v, cover = geom_cover(&g, gx, gz, &u, &v), wt = berm_weight(mf, &g, gx, gz);
            float pin = pex + wt;
            if ((cover > 0.0f || wt > 0.0f) && mudfield__texel_exists(mf, gx, gz)) {
                stamp_texel *t = mudfield__scratch_push(mf, &n);
                if (!t) return 0.0f; /* logged; nothing written: the field stays as it was */
                t->gx = gx;
                t->gz = gz;
                mudfield__read_texel(mf, t);
                if (cover > 0.0f) {
                    if (lower) t->h = fminf(t->h, targets[(gz - g.gz0) * tw + gx - g.gx0]);
                    t->track = fmaxf(t->track, stamp_track(cover));
                    /* the tread is not in the heights: where the tyre bears, the texel keeps its lug
                     * coordinate and the mud's shader draws the print from it between the texels */
                    if (g.tread_inv > 0.0f && cover >= 0.5f) t->tread = mudfield_tread_byte(&g, u, v);
                    /* A spinning tyre drags the surface backwards against its slip, most under the
                     * middle of the patch: a texel's drag summed over consecutive stamps then barely
                     * depends on where the stamps fell, so neighbouring rows do not slide apart. */
                    float mid = 1.0f - fminf(fabsf(u) / (g.half_len + EDGE_RAMP), 1.0f);
                    float drag = g.w.slip * 0.02f * cover * 2.0f * mid;
                    t->slide[0] = clampf(t->slide[0] - g.fwd[0] * drag, -MUDFIELD_SLIDE_MAX, MUDFIELD_SLIDE_MAX);
                    t->slide[1] = clampf(t->slide[1] - g.fwd[1] * drag, -MUDFIELD_SLIDE_MAX, MUDFIELD_SLIDE_MAX);
                }
                if (wt > 0.0f && lower) {
                    /* this texel's share: the whole steps between the rounded shares before and
                     * after it, so the shares sum to exactly the removed steps */
                    float steps = floorf((float)removed * pin / wsum + 0.5f) - floorf((float)removed * pex / wsum + 0.5f);
                    float add = steps * MUDFIELD_HEIGHT_STEP;
                    float dx = (float)gx * MUDFIELD_SPACING - g.w.center[0], dz = (float)gz * MUDFIELD_SPACING - g.w.center[2];
                    float len = sqrtf(dx * dx + dz * dz);
                    t->h += add;
                    if (len > 1e-6f) {
                        /* the pushed mud slides outward, away from the tyre */
                        t->slide[0] = clampf(t->slide[0] + dx / len * add * 0.8f, -MUDFIELD_SLIDE_MAX, MUDFIELD_SLIDE_MAX);
                        t->slide[1] = clampf(t->slide[1] + dz / len * add * 0.8f, -MUDFIELD_SLIDE_MAX, MUDFIELD_SLIDE_MAX);
                    }
                    t->track = fmaxf(t->track, dry_blend(fminf(add * 20.0f, 0.6f))); /* a berm: dry */
                }
                t->h = snap_height(t->h);
                t->slide[0] = snap_slide(t->slide[0]);
                t->slide[1] = snap_slide(t->slide[1]);
                t->track = snap_track(t->track);
            }
            pex = pin;
        }
    }
    for (int k = 0; k < n; k++) mudfield__write_texel(mf, &mf->scratch[k]);
    return lower ? (float)removed * MUDFIELD_HEIGHT_STEP * MUDFIELD_SPACING * MUDFIELD_SPACING : 0.0f;
}
