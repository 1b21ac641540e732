/* mudfield_slump.c — ruts that slump and refill: the rule of mudfield_slump.h over a block's
 * heights, and over the field's unsettled blocks. */
#include "mud/core/mudfield_slump.h"
#include "mud/core/mudfield_internal.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"

mudfield_slump_rule mudfield_slump_rule_of(float repose_deg, bool refills, bool refill)
{
    assert(repose_deg > 0.0f && repose_deg < 90.0f);
    double t = tan((double)repose_deg * 3.14159265358979323846 / 180.0) * (double)MUDFIELD_SPACING / (double)MUDFIELD_HEIGHT_STEP;
    return (mudfield_slump_rule){.threshold = (int)floor(t),
                                 .threshold_diag = (int)floor(t * 1.41421356237309504880),
                                 .refills = refills || refill,
                                 .refill = refill};
}

/* The net flow into interior texel k from neighbour k + off (which must be interior too). */
static inline int pair_in(const mudfield_slump_rule *r, const uint16_t *old, const uint8_t *px, int k, int off,
                          bool diag)
{
    int d = (int)old[k + off] - (int)old[k];
    if (d > 0) return mudfield_slump_flow(r, d, px[4 * (k + off) + 3], px[4 * k + 3], diag);
    if (d < 0) return -mudfield_slump_flow(r, -d, px[4 * k + 3], px[4 * (k + off) + 3], diag);
    return 0;
}

int mudfield_slump_heights(uint16_t *h, const uint8_t *px, const mudfield_slump_rule *r, uint16_t *tmp,
                           mudfield_rect *changed)
{
    memcpy(tmp, h, sizeof *h * TEXELS);
    int n = 0;
    mudfield_rect box = {RES, RES, -1, -1};
    for (int j = 1; j < SEG; j++)
        for (int i = 1; i < SEG; i++) {
            int k = j * RES + i, in = 0;
            /* the border's texels (i or j 0 or SEG) neither give nor take */
            bool w = i > 1, e = i < SEG - 1, s = j > 1, nn = j < SEG - 1;
            if (w) in += pair_in(r, tmp, px, k, -1, false);
            if (e) in += pair_in(r, tmp, px, k, 1, false);
            if (s) in += pair_in(r, tmp, px, k, -RES, false);
            if (nn) in += pair_in(r, tmp, px, k, RES, false);
            if (w && s) in += pair_in(r, tmp, px, k, -RES - 1, true);
            if (e && s) in += pair_in(r, tmp, px, k, -RES + 1, true);
            if (w && nn) in += pair_in(r, tmp, px, k, RES - 1, true);
            if (e && nn) in += pair_in(r, tmp, px, k, RES + 1, true);
            if (!in) continue;
            int v = (int)tmp[k] + in;
            assert(v >= 0 && v <= 65535); /* between its neighbours' heights */
            h[k] = (uint16_t)v;
            n++;
            if (i < box.x0) box.x0 = i;
            if (i > box.x1) box.x1 = i;
            if (j < box.y0) box.y0 = j;
            if (j > box.y1) box.y1 = j;
        }
    if (n && changed) *changed = box;
    return n;
}

int mudfield_slump(mudfield *mf, const mudfield_slump_rule *r, int *blocks, mudfield_rect *rects, int cap)
{
    int n = 0;
    for (int b = 0; b < mf->nb * mf->nb && n < cap; b++) {
        mud_block *blk = mf->blocks[b];
        if (!blk || !blk->unsettled) continue;
        if (!mf->slump_tmp && !(mf->slump_tmp = malloc(sizeof *mf->slump_tmp * TEXELS))) {
            log_error("mud field: out of memory for the slump's scratch: the ruts keep their walls");
            return n;
        }
        mudfield_rect box;
        if (!mudfield_slump_heights(blk->h, &blk->px[0][0], r, mf->slump_tmp, &box)) {
            /* settled (a step that cannot refill proves nothing where others do): no step until a
             * stamp changes it again */
            if (r->refill || !r->refills) blk->unsettled = false;
            continue;
        }
        if (rects) rects[n] = box;
        blocks[n++] = b; /* a step that changed nothing needs no GPU pass */
        /* the texels of the box that changed (the step only lowers and raises heights) */
        for (int j = box.y0; j <= box.y1; j++)
            for (int i = box.x0; i <= box.x1; i++)
                if (mf->slump_tmp[j * RES + i] != blk->h[j * RES + i]) mudfield__mark_dirty(blk, i, j);
    }
    return n;
}

void mudfield_unsettle(mudfield *mf)
{
    for (int b = 0; b < mf->nb * mf->nb; b++)
        if (mf->blocks[b]) mf->blocks[b]->unsettled = true;
}

int mudfield_unsettled_blocks(const mudfield *mf)
{
    int n = 0;
    for (int b = 0; b < mf->nb * mf->nb; b++) n += mf->blocks[b] && mf->blocks[b]->unsettled;
    return n;
}
