/* mudfield_slump.h — ruts that slump and refill (GL-free): the mud's angle of repose and the slow
 * flow that fills ruts back, one integer rule on the 16-bit heights that the CPU field
 * (mudfield_slump), the GPU's layers (shaders/mud_slump.frag, pass mud.slump) and the layers
 * evicted to the CPU (mudfield_slump_heights over their saved bytes) all run, so they stay equal
 * byte for byte.
 *
 *   mudfield_slump_rule r = mudfield_slump_rule_of(35.0f, refill > 0, refill_tick);
 *   int n = mudfield_slump(mf, &r, blocks, cap);   the unsettled blocks, one step each
 *
 * The rule, per block, from the heights before the step (a Jacobi step: the order of the texels
 * does not matter): every pair of 8-neighbour texels p, q of the block (side by side or across a
 * diagonal), neither on the block's border, with d = H(p) - H(q) > 0 (1 mm steps) moves
 *     m = max(d > T ? ceil((d - T) / 16) : 0,                      the slump
 *             refill ? (min(d, 4095) x (128 + wet)) >> 11 : 0)     the refill
 * steps from p to q, where for side neighbours T = floor(t), t = tan(repose) x MUDFIELD_SPACING /
 * MUDFIELD_HEIGHT_STEP (88 steps at 35 degrees), and for diagonal ones T = floor(t x sqrt 2) (125)
 * and the refill's shift is 13 (a quarter: the isotropic 9-point weights); wet = the larger fresh track (A - 128, 0..127) of the two texels:
 * what one texel gives, the other takes, so the volume is conserved exactly. The 8 pairs of a
 * texel move at most half its excess (8 / 16), so a step cannot overshoot. Walls steeper than
 * the repose angle along any of the 4 directions (a height difference over T between
 * neighbours) flow down until every difference is at most its T: a diagonal wall slumps to the
 * same angle as a wall along the grid, not along the grid's axes; a refill step flows a
 * sixteenth (dry) to an eighth (fresh) of every side difference (a quarter of that across diagonals)
 * downhill, filling ruts from their berms, and stops where differences fall under 16 (dry) or
 * 8 mm. The block's border texels (shared with its neighbours, mudfield.h) neither
 * give nor take: each block steps alone, on the GPU's layer as on the CPU, and the borders stay
 * bit-identical (a rut across a border keeps its walls on the border line itself).
 */
#ifndef IMPRINT_CORE_MUDFIELD_SLUMP_H
#define IMPRINT_CORE_MUDFIELD_SLUMP_H

#include <stdbool.h>
#include <stdint.h>

#include "mud/core/mudfield.h"

#ifdef __cplusplus
extern "C" {
#endif

/* mud_sim steps the slump every MUDFIELD_SLUMP_STEPS stamp steps (15 per second at 60 Hz) and
 * makes every 1 / (refill x MUDFIELD_REFILL_RATE)-th of them refill too (mud.refill 1: every
 * 32nd, one refill step in 2.1 s: a 20 cm rut is 48 % as deep after a minute, gl_mud_slump). */
#define MUDFIELD_SLUMP_STEPS 4
#define MUDFIELD_REFILL_RATE 0.03125f
#define MUDFIELD_SLUMP_DIV 16     /* the slump moves ceil(excess / 16) (8 pairs a texel: at most half its excess) */
#define MUDFIELD_REFILL_SHIFT 11  /* the refill moves (d x (128 + wet)) >> 11, >> 13 across a diagonal */
#define MUDFIELD_REFILL_DMAX 4095 /* d clamped in the refill's product (32-bit on the GPU) */

typedef struct mudfield_slump_rule {
    int threshold;      /* T: the largest stable height difference between side neighbours, in height steps */
    int threshold_diag; /* T_d: the same across a diagonal, floor(T_real x sqrt 2) */
    bool refills;  /* some steps refill: a block settles only at a step that refills */
    bool refill;   /* this step also refills */
} mudfield_slump_rule;

/* T for an angle of repose in degrees (10..80); whether some steps refill, and this one. */
mudfield_slump_rule mudfield_slump_rule_of(float repose_deg, bool refills, bool refill);

/* The pair's flow from the higher texel (difference d > 0) to the lower one, in height steps;
 * a_p, a_q their RGBA8 texels' A bytes; diag: the pair is diagonal neighbours. */
static inline int mudfield_slump_flow(const mudfield_slump_rule *r, int d, uint8_t a_p, uint8_t a_q, bool diag)
{
    int t = diag ? r->threshold_diag : r->threshold;
    int m = d > t ? (d - t + MUDFIELD_SLUMP_DIV - 1) / MUDFIELD_SLUMP_DIV : 0;
    if (r->refill) {
        int wp = a_p > MUDFIELD_TRACK_FRESH ? a_p - MUDFIELD_TRACK_FRESH : 0;
        int wq = a_q > MUDFIELD_TRACK_FRESH ? a_q - MUDFIELD_TRACK_FRESH : 0;
        int dd = d < MUDFIELD_REFILL_DMAX ? d : MUDFIELD_REFILL_DMAX;
        int f = (dd * (128 + (wp > wq ? wp : wq))) >> (MUDFIELD_REFILL_SHIFT + (diag ? 2 : 0));
        if (f > m) m = f;
    }
    return m;
}

/* One step of the rule over a block's heights in place: h the RES x RES 16-bit heights, px the
 * block's RGBA8 texels (4 bytes each: only A is read), tmp RES x RES scratch. Returns the texels
 * that changed (0: the block is settled under this rule); *changed, when not NULL and something
 * changed, their bounding rectangle. */
int mudfield_slump_heights(uint16_t *h, const uint8_t *px, const mudfield_slump_rule *r, uint16_t *tmp,
                           mudfield_rect *changed);

/* One step over every unsettled allocated block of the field: a block is unsettled when a stamp
 * changed one of its heights, or after mudfield_unsettle, until a step changes nothing there.
 * Writes the blocks whose heights the step changed (bz * blocks_per_side + bx, in order; at most
 * cap: the rest wait for the next call) to `blocks` and, when rects is not NULL, the bounding
 * rectangle of the texels it changed in each, for the GPU, which steps the same ones (a step is
 * the identity outside that rectangle); returns how many. Changed texels are dirty. */
int mudfield_slump(mudfield *mf, const mudfield_slump_rule *r, int *blocks, mudfield_rect *rects, int cap);
/* Every allocated block unsettled (the rule changed: a refill starts, a steeper repose). */
void mudfield_unsettle(mudfield *mf);
/* Allocated blocks unsettled now. */
int mudfield_unsettled_blocks(const mudfield *mf);

#ifdef __cplusplus
}
#endif

#endif
