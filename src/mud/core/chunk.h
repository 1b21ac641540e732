/* chunk.h — the rules of mud chunks, free of the rigid-body engine (GL-free).
 *
 *   float m = chunk_mass(size);                       // kg
 *   chunk_piece p[CHUNK_MAX_PIECES];
 *   int n = chunk_split(size, force, p);              // 0 holds, > 0 pieces, CHUNK_CRUMBLES
 *   float f = chunk_submerged(bottom, chunk_height(size), mud_surface);   // 0..1
 *   vec up = chunk_buoyancy(size, f);                 // N, upward
 *
 * A chunk is a box of size x size/2 x size metres (SIZE of the script's `chunk X Z SIZE`, 0.2..2),
 * lighter than the mud, so it floats: its equilibrium depth in deep mud is
 * height * CHUNK_DENSITY / CHUNK_MUD_DENSITY (chunk_equilibrium_depth).
 * Breaking: a chunk holds while the force the truck puts on it stays under
 * chunk_break_force(size) = CHUNK_STRENGTH * size^2; above it, it splits into 2 pieces (force under
 * twice the threshold), 3 (under three times) or 4, of equal volume, each of edge
 * size * n^(-1/3), so the mass is conserved exactly; pieces sit in the parent's quadrants (offsets
 * in its own x-z frame) so they do not overlap. Fewer pieces are made when n would take them under
 * CHUNK_MIN_SIZE; when even two would, the chunk crumbles (CHUNK_CRUMBLES): it becomes floating mud
 * particles and leaves the rigid-body world.
 * Pores: a chunk is a porous clump, a skeleton of mud solids and roots with air sealed in it
 * (CHUNK_SKELETON_DENSITY of the bulk volume) and open pores (CHUNK_PORES of the volume) full of
 * the liquid it lies in. Its bulk density is chunk_density(pore_density): CHUNK_DENSITY with the
 * pores full of mud (CHUNK_MUD_DENSITY), so in mud nothing changes; with them full of water it is
 * lighter than water and floats with chunk_water_draft(size) under the surface. The pore liquid
 * takes the surrounding liquid's density at 1/CHUNK_WASH_TIME per second (times the submerged
 * fraction). Water also soaks the sealed air out and softens the roots: after CHUNK_SOAK_TIME
 * seconds in water (touching it) the chunk crumbles into floating mud.
 */
#ifndef IMPRINT_CORE_CHUNK_H
#define IMPRINT_CORE_CHUNK_H

#ifdef __cplusplus
extern "C" {
#endif

#define CHUNK_MIN_SIZE 0.2f        /* metres */
#define CHUNK_MAX_SIZE 2.0f
#define CHUNK_HEIGHT_RATIO 0.5f    /* height / size */
#define CHUNK_DENSITY 1100.0f      /* kg/m^3: clumped mud with air and roots in it */
#define CHUNK_MUD_DENSITY 1700.0f  /* kg/m^3: the liquid mud it floats in */
#define CHUNK_STRENGTH 9000.0f     /* N per m^2 of size^2 */
#define CHUNK_MAX_PIECES 4
#define CHUNK_CRUMBLES (-1)
#define CHUNK_DRAG 3.0f            /* 1/s: velocity lost per second when fully submerged */
#define CHUNK_PORES 0.4f           /* open pore fraction of the volume */
#define CHUNK_SKELETON_DENSITY (CHUNK_DENSITY - CHUNK_PORES * CHUNK_MUD_DENSITY) /* 420 kg/m^3 */
#define CHUNK_WATER_DENSITY 1000.0f
#define CHUNK_WASH_TIME 2.0f       /* s: the pore liquid's exchange time */
#define CHUNK_SOAK_TIME 40.0f      /* s in water until the chunk crumbles */

typedef struct chunk_piece {
    float size;
    float offset[2]; /* from the parent's centre along its own x and z axes, metres */
} chunk_piece;

float chunk_height(float size);
float chunk_volume(float size);
float chunk_mass(float size); /* pores full of mud */
/* Bulk density with the pores full of a liquid of pore_density, and the mass of such a chunk. */
float chunk_density(float pore_density);
float chunk_mass_with_pores(float size, float pore_density);
/* Depth of the bottom of a flat chunk under the surface of still water, its pores full of water. */
float chunk_water_draft(float size);
float chunk_break_force(float size);
/* Pieces written to out: 0 when the chunk holds, CHUNK_CRUMBLES when it turns into particles. */
int chunk_split(float size, float force, chunk_piece out[CHUNK_MAX_PIECES]);
/* Fraction of the chunk below the mud surface, from its lowest point and vertical extent. */
float chunk_submerged(float bottom, float extent, float surface);
/* Upward force in newtons of the mud on a chunk of this size, submerged by fraction (0..1). */
float chunk_buoyancy(float size, float fraction);
float chunk_equilibrium_depth(float size);

#ifdef __cplusplus
}
#endif

#endif
