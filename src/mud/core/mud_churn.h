/* mud_churn.h — churned mud (GL-free): a wheel's primitive varied along its rut, so a rut is not
 * an extrusion of one depth and width.
 *
 *   mudfield_wheel p;                          formed by mud_prim_form (+ mud_prim_tread)
 *   mud_churn_wheel(&p, churn, i, front);      before mudfield_stamp_layout (wheel i, a front one?)
 *   mudfield_stamp_layout(field, &p, &g);
 *   mud_churn_geom(&g, churn);                 after it, before the stamp (CPU) and the GPU's pass
 *
 * The mud's own softness varies over the level: mud_churn_noise, two octaves of smooth value noise
 * (lattice MUD_CHURN_CELL metres, then half that) in -1..1, a function of the world position
 * only, so the front and rear wheels of one track see the same mud. A wheel presses deeper where
 * it is softer (its penetration and the hard floor below it scaled by 1 + churn x
 * MUD_CHURN_DEPTH x noise), spreads wider or narrower (width x 1 + churn x MUD_CHURN_WIDTH x
 * another channel's coarse octave; a rear tyre never wider than that, so it does not cut into the
 * front tyre's berm), and a slipping wheel digs in by a random extra (slip / MUD_CHURN_SLIP_FULL,
 * at most 1, x MUD_CHURN_DIG x a hash of the stamp) and smears its tread print (its tread phase
 * moved by that hash x the slip's share of a lug spacing).
 * Everything is decided here on the CPU, in the primitive: the GPU's stamp pass reads the same
 * laid-out primitive, so the CPU field and the GPU layers stay byte for byte equal.
 * churn 0 (mud.churn 0) leaves the primitive exactly as it was. No allocation, no failure.
 */
#ifndef IMPRINT_CORE_MUD_CHURN_H
#define IMPRINT_CORE_MUD_CHURN_H

#include <stdbool.h>
#include <stdint.h>

#include "mud/core/mudfield.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MUD_CHURN_CELL 1.7f      /* metres between the noise's coarse lattice points */
#define MUD_CHURN_DEPTH 0.55f    /* the softness noise's share of the penetration at churn 1 */
#define MUD_CHURN_WIDTH 0.45f     /* the width noise's share of the tyre's width at churn 1 */
#define MUD_CHURN_DIG 0.35f      /* a fully slipping wheel digs up to this share deeper */
#define MUD_CHURN_SLIP_FULL 3.0f /* m/s of slip at which the dig and the smear are full */

float mud_churn_noise(float x, float z, uint32_t channel); /* smooth, -1..1 */
void mud_churn_wheel(mudfield_wheel *p, float churn, int wheel, bool front);
void mud_churn_geom(mudfield_stamp_geom *g, float churn);

#ifdef __cplusplus
}
#endif

#endif
