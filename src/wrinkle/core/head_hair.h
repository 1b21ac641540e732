/* head_hair.h — eyebrows and eyelashes of the procedural head as geometry (GL-free).
 *
 *   head_hair hair = {0};
 *   if (!head_hair_build(&head, &hair)) -> out of memory (logged), hair empty   // after head_build
 *   ... upload hair.brows, hair.lashes; their vertex v takes the blendshape deltas of skin vertex
 *       hair.anchor[v] (brows first, then lashes), so they ride the brows and lids ...
 *   head_hair_free(&hair);
 *
 * Brows: HEAD_HAIR_BROW_STRANDS thin cards (quads, 1 mm wide at the root, a quarter of that at the
 * tip) per side along an arch over each eye, rooted on the skin (nearest skin vertex, lifted along
 * its normal) and combed outward, rising at the inner end as brow hair grows; denser and longer
 * near the nose. Each card vertex's tan holds the card's unit side direction and its signed half
 * width there (the renderer widens a card thinner than a pixel: wrinkle_draw_hair). Lashes: HEAD_HAIR_LASHES cards per upper lid
 * (0.2 mm wide at the root, 0.06 mm at the tip, two segments: forward out of the margin, then
 * up; a tip that would end inside the lid turned forward), rooted along the lid margin (the
 * lowest skin over the eyeball in each column, the line smoothed) in front of the ball, longest
 * mid-lid (2.3 to 8.3 mm); tan as the brows' (they are drawn the same way). After the lashes, in the same
 * mesh (from index lash_index_count), a tear line per lower lid: a strip 0.7 mm high along the
 * lid's rim (its margin on the ball), riding the lid (the wet line a lower lid shows). pos, nrm, uv (uv.x along the
 * arch, uv.y root 0 to tip 1). Deterministic: a fixed seed.
 */
#ifndef IMPRINT_CORE_WRINKLE_HEAD_HAIR_H
#define IMPRINT_CORE_WRINKLE_HEAD_HAIR_H

#include "wrinkle/core/head.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HEAD_HAIR_BROW_STRANDS 260
#define HEAD_HAIR_LASH_SEGMENTS 24 /* columns along a lid for the lashes' roots and the tear line */
#define HEAD_HAIR_LASHES 150       /* lash cards per upper lid */

typedef struct head_hair {
    mesh_data brows, lashes; /* lashes: the lashes' indices, then the tear lines' */
    int lash_index_count;    /* the lashes' indices in lashes; the tear lines' follow */
    int lash_vertex_count;   /* the lashes' vertices in lashes; the tear lines' follow */
    int32_t *anchor; /* brows.vertex_count + lashes.vertex_count skin vertex indices */
} head_hair;

/* out zeroed; false (logged, out left empty: nothing to draw, nothing to free) when out of memory. */
bool head_hair_build(const head_model *h, head_hair *out);
void head_hair_free(head_hair *hair);
/* The head's blendshape deltas with the hair's appended, each hair vertex taking its anchor's:
 * per shape head_hair_delta_count entries (skin, mouth, brows, lashes), malloc'd into dpos[s] and
 * dnrm[s] (free each). False (nothing left allocated) when out of memory. */
int head_hair_delta_count(const head_model *h, const head_hair *hair);
bool head_hair_deltas(const head_model *h, const head_hair *hair, float (*dpos[HEAD_MORPH_COUNT])[3],
                      float (*dnrm[HEAD_MORPH_COUNT])[3]);

#ifdef __cplusplus
}
#endif

#endif
