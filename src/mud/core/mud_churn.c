#include "mud/core/mud_churn.h"

#include <math.h>

#include "base/mathx.h"

/* The lattice point's value, -1..1: a hash of its cell and the channel. */
static float lattice(int32_t i, int32_t j, uint32_t channel)
{
    uint32_t h = hash_u32((uint32_t)i * 0x9e3779b1u ^ hash_u32((uint32_t)j + 0x632be5abu * (channel + 1u)));
    return hash_unit(h) * 2.0f - 1.0f;
}

/* One octave: the lattice values blended by a smoothstep (C1: the rut's depth has no kinks). */
static float octave(float x, float z, uint32_t channel)
{
    float fx = floorf(x), fz = floorf(z);
    int32_t i = (int32_t)fx, j = (int32_t)fz;
    float tx = x - fx, tz = z - fz;
    tx = tx * tx * (3.0f - 2.0f * tx);
    tz = tz * tz * (3.0f - 2.0f * tz);
    float a = lattice(i, j, channel), b = lattice(i + 1, j, channel);
    float c = lattice(i, j + 1, channel), d = lattice(i + 1, j + 1, channel);
    float top = a + (b - a) * tx, bot = c + (d - c) * tx;
    return top + (bot - top) * tz;
}

float mud_churn_noise(float x, float z, uint32_t channel)
{
    float s = 1.0f / MUD_CHURN_CELL;
    /* the fine octave rotated against the coarse one, so their lattices do not line up */
    float n = 0.85f * octave(x * s, z * s, channel) + 0.15f * octave((0.8f * x - 0.6f * z) * 2.0f * s + 17.3f, (0.6f * x + 0.8f * z) * 2.0f * s, channel + 7u);
    return clampf(n * 1.5f, -1.0f, 1.0f); /* the blend's spread widened back towards -1..1 */
}

/* The stamp's own random number, 0..1: its hub to the millimetre and the wheel. */
static float stamp_hash(const mudfield_wheel *p, int wheel, uint32_t salt)
{
    uint32_t x = (uint32_t)(int32_t)lrintf(p->center[0] * 1000.0f), z = (uint32_t)(int32_t)lrintf(p->center[2] * 1000.0f);
    return hash_unit(hash_u32(x * 0x85ebca6bu ^ hash_u32(z ^ (uint32_t)wheel * 0xc2b2ae35u ^ salt)));
}

static float depth_factor(float x, float z, float churn) { return 1.0f + churn * MUD_CHURN_DEPTH * mud_churn_noise(x, z, 0u); }

void mud_churn_wheel(mudfield_wheel *p, float churn, int wheel, bool front)
{
    if (!(churn > 0.0f)) return;
    churn = fminf(churn, 1.0f);
    float x = p->center[0], z = p->center[2];
    float slip = fminf(fabsf(p->slip) / MUD_CHURN_SLIP_FULL, 1.0f);
    float dig = churn * MUD_CHURN_DIG * slip * stamp_hash(p, wheel, 0x51u);
    /* softer mud and a spinning wheel: the tyre goes deeper than the wheel's own sink (its hub
     * lowered as much, so the stamp's bottom follows) */
    float pen = p->penetration, deeper = pen * (depth_factor(x, z, churn) + dig);
    p->center[1] -= deeper - pen;
    p->penetration = deeper;
    /* the width from the coarse octave only: consecutive stamps a few centimetres apart then
     * differ little in width, so their berms pile into one ridge that wanders smoothly, not
     * into two whose higher one jumps from side to side (teeth on the crest) */
    float wn = clampf(1.5f * octave(x / MUD_CHURN_CELL, z / MUD_CHURN_CELL, 1u), -1.0f, 1.0f);
    float fw = 1.0f + churn * MUD_CHURN_WIDTH * wn;
    p->width *= front ? fw : fminf(fw, 1.0f); /* a following tyre never cuts into the leader's berm */
    if (p->tread_spacing > 0.0f) { /* a slipping tyre smears its print by up to a lug */
        float ph = p->tread_phase + churn * slip * stamp_hash(p, wheel, 0xa7u) * p->tread_spacing;
        p->tread_phase = fmodf(ph, p->tread_spacing);
    }
}

void mud_churn_geom(mudfield_stamp_geom *g, float churn)
{
    if (!(churn > 0.0f)) return;
    /* the hard floor follows the softness: deeper under soft mud, shallower under firm */
    g->max_sink *= depth_factor(g->w.center[0], g->w.center[2], fminf(churn, 1.0f));
}
