/* bvh.h — bounding volume hierarchy over triangles for exact ray hits (GL-free).
 *
 *   bvh *b = bvh_create(&(bvh_desc){ .pos = verts, .idx = idx, .tri_count = n, .tags = tags });
 *   bvh_hit h;
 *   if (bvh_raycast(b, org, dir, 0.0f, 100.0f, &h)) ... h.t, h.tri, h.tag, h.u, h.v ...
 *   bvh_destroy(b);
 *
 * Owns a copy of the triangles (so the caller's arrays may go away), reordered into leaves of at
 * most desc.leaf_size (default 4) triangles, split by a binned surface area heuristic. Rays
 * hit both faces of a triangle (armor is two-sided). dir need not be normalized: t is in units
 * of dir. A hit is reported with barycentrics (u, v) of corners 1 and 2, the caller's triangle
 * index and its tag (tags NULL -> 0). Rays never allocate. Allocation failure at create
 * returns NULL and logs.
 */
#ifndef IMPRINT_CORE_BVH_H
#define IMPRINT_CORE_BVH_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bvh bvh;

typedef struct bvh_desc {
    const float (*pos)[3];   /* vertices */
    const uint32_t *idx;     /* three per triangle */
    int tri_count;
    const int *tags;         /* optional, one per triangle (e.g. plate id, -1 body) */
    int leaf_size;           /* default 4 */
} bvh_desc;

typedef struct bvh_hit {
    float t, u, v;           /* point = org + t * dir = (1-u-v) p0 + u p1 + v p2 */
    int tri;                 /* index of the triangle in the desc */
    int tag;
} bvh_hit;

bvh *bvh_create(const bvh_desc *desc);
void bvh_destroy(bvh *b);

/* Nearest hit with t_min < t <= t_max. */
bool bvh_raycast(const bvh *b, const float org[3], const float dir[3], float t_min, float t_max, bvh_hit *hit);

/* Every hit with 0 < t <= t_max, nearest first; writes at most max_hits, returns how many hits
 * exist in total (so a return value > max_hits says the list was cut). */
int bvh_raycast_all(const bvh *b, const float org[3], const float dir[3], float t_max, bvh_hit *hits, int max_hits);

/* Brute force over every triangle, for tests and as the reference. */
bool bvh_raycast_brute(const bvh *b, const float org[3], const float dir[3], float t_min, float t_max, bvh_hit *hit);

/* Moves the triangles to new vertex positions (same idx as at create, same triangle count) and
 * refits every node's box bottom-up: O(triangles + nodes), no allocation, the tree's topology
 * kept (rays stay exact; only their speed depends on how far the mesh moved from the build). */
void bvh_refit(bvh *b, const float (*pos)[3], const uint32_t *idx);

int bvh_node_count(const bvh *b);

#ifdef __cplusplus
}
#endif

#endif
