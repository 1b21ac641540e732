/* water_internal.h — the shallow-water grid's storage, shared by water.c (the flow) and
 * water_seep.c (water standing in ruts near the areas). Not a public header. */
#ifndef IMPRINT_CORE_MUD_WATER_INTERNAL_H
#define IMPRINT_CORE_MUD_WATER_INTERNAL_H

#include "mud/core/water.h"

#ifdef __cplusplus
extern "C" {
#endif

#define R WATER_RES
#define DX WATER_CELL
#define NCELL (R * R)

/* mask values of a cell */
enum { CELL_OUT = 0, CELL_AREA = 1, CELL_SEEP = 2 };

typedef struct wblock {
    int bx, bz;
    bool active;
    int wet_capable;                 /* cells inside an area */
    struct wblock *nbr[4];           /* -x, +x, -z, +z; NULL where no water block */
    float h[NCELL], b[NCELL];        /* depth, ground (a seep cell's: its rut's bottom); cell (i, j) at [j * R + i] */
    float u[NCELL], v[NCELL];        /* the -x face of cell (i, j) and its -z face */
    float fu[NCELL], fv[NCELL];      /* fluxes of one sub-step, m^2/s */
    float scale[NCELL];              /* outflow limiter of one sub-step */
    float table[NCELL], tgt[NCELL];  /* seep cells: the nearby area's surface, the depth the rut fills to */
    uint8_t mask[NCELL];             /* CELL_OUT, CELL_AREA or CELL_SEEP */
} wblock;

struct water {
    water_desc d;
    int nb;        /* blocks per side */
    int *index;    /* nb * nb: block record or -1 */
    wblock *blocks;
    int nblocks;
    int substeps;
    float focus[2]; /* where water_set_active was centred: the truck */
};

wblock *water__block_at(const water *w, int bx, int bz);
/* The seep cells near the focus take their rut's bottom, and every seep cell of the active blocks
 * moves its depth towards what its rut holds (water_seep.c). */
void water__seep(water *w, float dt);

#ifdef __cplusplus
}
#endif

#endif
