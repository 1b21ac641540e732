/* head_mouth.h — the inside of the head's mouth (GL-free), built by head_build; head.h documents
 * the model. Internal to the head: the skin's split along the lips must exist first.
 *
 *   head_mouth_build(h);                         h->mouth, its parts, anchors and jaw weights
 *   head_mouth_deltas(h, s, dpos + n, dnrm + n); after the skin's deltas of shape s
 *
 * Parts (head_mouth_part): the cavity (a lining that runs from each lip's edge inwards, its outer
 * edge on the skin's slit, into a closed sack seen from inside), the teeth (two arches of ten
 * boxes) and the tongue. Everything lies inside the neutral skin, behind the lips. A lining
 * vertex takes every shape's deltas from the lip vertex it hangs from, so the seam never opens;
 * the upper teeth stay, the lower teeth and the tongue turn rigidly with the jaw, the sack's
 * floor with them and its roof not.
 */
#ifndef IMPRINT_CORE_HEAD_MOUTH_H
#define IMPRINT_CORE_HEAD_MOUTH_H

#include "wrinkle/core/head.h"

#ifdef __cplusplus
extern "C" {
#endif

/* False (logged; h->mouth.failed set) when out of memory: head_build then fails. */
bool head_mouth_build(head_model *h);
/* Deltas of shape s for the mouth's vertices (h->mouth.vertex_count entries each), given the
 * skin's deltas of that shape in h->shape_dpos[s] / shape_dnrm[s]. */
void head_mouth_deltas(const head_model *h, int s, float (*dpos)[3], float (*dnrm)[3]);

#ifdef __cplusplus
}
#endif

#endif
