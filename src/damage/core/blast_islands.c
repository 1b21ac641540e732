/* Islands of armor no longer connected to the main piece of their panel, cut away through the
 * whole shell: connected components over the atlas (stb_connected_components), tubes joined
 * across their seam. Apart from blast.c because it is its own algorithm, run once per step. */
#include "damage/core/blast_internal.h"

#include <math.h>
#include <stdlib.h>

#include "base/log.h"

/* stbcc ids are large and sparse: a small open-addressing map turns them into 0, 1, 2, ... */
typedef struct id_map {
    unsigned *key;
    int *value;
    unsigned mask;
} id_map;

static int id_map_get(id_map *m, unsigned key, int *count)
{
    unsigned h = (key * 2654435761u) & m->mask;
    while (m->value[h] >= 0 && m->key[h] != key) h = (h + 1) & m->mask;
    if (m->value[h] < 0) { m->key[h] = key; m->value[h] = (*count)++; }
    return m->value[h];
}

static int uf_find(int *parent, int i)
{
    while (parent[i] != i) { parent[i] = parent[parent[i]]; i = parent[i]; }
    return i;
}

static int cut_panel(blast_state *bs, int q)
{
    const robot *r = bs->r;
    panel_texels *pt = &bs->panels[q];
    const int n = bs->n;
    int comps = 0;
    unsigned cap = 64;
    while (cap < 2u * (unsigned)pt->outer_count + 2u) cap *= 2;
    id_map ids = {malloc(cap * sizeof(unsigned)), malloc(cap * sizeof(int)), cap - 1};
    int *comp_of = malloc((size_t)(pt->outer_count + 1) * sizeof *comp_of);
    int *parent = malloc((size_t)(pt->outer_count + 1) * sizeof *parent);
    int *size = calloc((size_t)(pt->outer_count + 1), sizeof *size);
    if (!ids.key || !ids.value || !comp_of || !parent || !size) {
        log_error("blast: out of memory finding islands");
        free(ids.key); free(ids.value); free(comp_of); free(parent); free(size);
        return 0;
    }
    for (unsigned i = 0; i < cap; i++) ids.value[i] = -1;
    for (int i = 0; i < pt->outer_count; i++) {
        int t = pt->outer[i];
        comp_of[i] = -1;
        if (bs->hole[t]) continue;
        int c = id_map_get(&ids, stbcc_get_unique_id(bs->cc, t % n, t / n), &comps);
        if (c == comps - 1 && size[c] == 0) parent[c] = c;
        comp_of[i] = c;
        size[c]++;
    }
    if (r->panels[q].closed && comps > 1) {
        /* a tube's chart is cut open along its seam: the first and last texel of each row touch */
        const robot_chart *oc = &r->charts[r->panels[q].outer_chart];
        int rows = (int)ceilf(oc->h) + 1;
        int *lo = malloc(sizeof(int) * 2 * (size_t)rows);
        if (lo) {
            int *hi = lo + rows;
            for (int y = 0; y < rows; y++) lo[y] = hi[y] = -1;
            for (int i = 0; i < pt->outer_count; i++) {
                int y = pt->outer[i] / n - oc->y0, x = pt->outer[i] % n;
                if (y < 0 || y >= rows) continue;
                if (lo[y] < 0 || x < pt->outer[lo[y]] % n) lo[y] = i;
                if (hi[y] < 0 || x > pt->outer[hi[y]] % n) hi[y] = i;
            }
            for (int y = 0; y < rows; y++) {
                if (lo[y] < 0 || comp_of[lo[y]] < 0 || comp_of[hi[y]] < 0) continue;
                int a = uf_find(parent, comp_of[lo[y]]), b = uf_find(parent, comp_of[hi[y]]);
                if (a != b) { parent[b] = a; size[a] += size[b]; }
            }
            free(lo);
        }
    }
    int best = -1;
    for (int c = 0; c < comps; c++)
        if (uf_find(parent, c) == c && (best < 0 || size[c] > size[best])) best = c;
    /* The rough edge leaves specks of armor inside a hole, on any plate, seam or not (the noise
     * threshold peaks where the blast value is still low): they are the edge, not a piece cut
     * loose, and stay as the shader draws them. A noise bump is about a cell wide: pieces under
     * two by two cells are specks. */
    const float two_cells = 2.0f * (float)n / BLAST_NOISE_SCALE;
    const int min_island = (int)ceilf(two_cells * two_cells);
    int cut = 0;
    if (comps > 1) {
        int plate = r->panels[q].plate;
        /* no queries inside a batch: the components were all read above */
        stbcc_update_batch_begin(bs->cc);
        for (int i = 0; i < pt->outer_count; i++) {
            if (comp_of[i] < 0) continue;
            int root = uf_find(parent, comp_of[i]);
            if (root == best || size[root] < min_island) continue;
            int t = pt->outer[i];
            blast__mark_gone(bs, plate, t);
            bs->cut[t] = 255;
            cut++;
        }
        stbcc_update_batch_end(bs->cc);
        if (cut) {
            for (int i = 0; i < pt->all_count; i++) {
                int t = pt->all[i], o = bs->outer_of[t];
                if (o >= 0 && bs->cut[o]) bs->cut[t] = 255;
            }
            /* into the gutter too, as the GL dilation does: a lookup at a chart's very edge
             * may land on the texel just outside it */
            for (int i = 0; i < pt->all_count; i++) {
                int t = pt->all[i];
                if (!bs->cut[t]) continue;
                int x = t % n, y = t / n;
                for (int dy = -2; dy <= 2; dy++)
                    for (int dx = -2; dx <= 2; dx++) {
                        int xx = x + dx, yy = y + dy;
                        if (xx >= 0 && yy >= 0 && xx < n && yy < n && bs->chart[yy * n + xx] < 0) bs->cut[yy * n + xx] = 255;
                    }
            }
        }
    }
    free(ids.key); free(ids.value); free(comp_of); free(parent); free(size);
    return cut;
}

int blast_cut_islands(blast_state *bs)
{
    int total = 0;
    for (int q = 0; q < bs->r->panel_count; q++) {
        if (!bs->panel_dirty[q]) continue;
        bs->panel_dirty[q] = false;
        if (!bs->attached[bs->r->panels[q].plate]) continue;
        total += cut_panel(bs, q);
    }
    if (total) bs->cut_version++;
    return total;
}
