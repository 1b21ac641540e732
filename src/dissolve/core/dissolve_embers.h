/* dissolve_embers.h — where a burning mesh throws embers: points of its surface in the edge band,
 * found with the CPU mirror of the dissolve function (GL-free).
 *
 *   dissolve_ember_src src = {0};
 *   dissolve_ember_src_build(&src, &mesh, DISSOLVE_EMBER_SAMPLES);  // a subsampled copy, kept
 *   float at[4][3];
 *   int n = dissolve_embers_pick(&src, &params, noise, model, 0.08f, &rng, 4, 48, at, NULL);
 *   fx.embers(fx.user, at, n);                                       // scene.h's fx_api
 *   dissolve_ember_src_free(&src);
 *
 * Sources: every k-th vertex of the mesh (position, face normal, smooth normal in object space),
 * at most max_samples of them, so a dense guest (the head) costs what a prop costs.
 * Pick: draws up to `tries` sample vertices at random (rng: same seed, same points) and keeps
 * those whose fragment d at mip 0 (dissolve_fragment_d: the edge the picture shows) satisfies
 * |d| <= half_width, with half_width clamped to the params' band; a kept point is written
 * where the vertex stage draws the vertex (dissolve_vertex: pushed or pulled, world space) and,
 * when idx is not NULL, its sample index. Nothing is picked unless 0 < amount < 1 (a whole or a
 * gone mesh does not burn). Returns how many were written (<= want).
 * Failure: build returns false and leaves the source empty when memory runs out (logged).
 */
#ifndef IMPRINT_CORE_DISSOLVE_EMBERS_H
#define IMPRINT_CORE_DISSOLVE_EMBERS_H

#include <stdbool.h>

#include <cglm/cglm.h>

#include "base/mesh.h"
#include "base/rng.h"
#include "dissolve/core/dissolve_math.h"

#ifdef __cplusplus
extern "C" {
#endif

#define DISSOLVE_EMBER_SAMPLES 4096

typedef struct dissolve_ember_src {
    float (*pos)[3], (*nrm)[3], (*snrm)[3]; /* object space, one block */
    int count;
} dissolve_ember_src;

bool dissolve_ember_src_build(dissolve_ember_src *s, const mesh_data *m, int max_samples);
void dissolve_ember_src_free(dissolve_ember_src *s);
/* The band an ember point lies in: min(half_width, p->band). */
float dissolve_embers_band(const dissolve_params *p, float half_width);
int dissolve_embers_pick(const dissolve_ember_src *s, const dissolve_params *p, const noise_tex *n, mat4 model,
                         float half_width, rng *r, int want, int tries, float (*out)[3], int *idx);

#ifdef __cplusplus
}
#endif

#endif
