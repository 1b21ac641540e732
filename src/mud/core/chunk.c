#include "mud/core/chunk.h"

#include <assert.h>
#include <math.h>

/* a chunk with water in its pores floats on water: checked by unit_physics_water (a float sum is
 * not an integer constant expression, so no _Static_assert that every compiler takes) */

#define GRAVITY 9.81f

float chunk_height(float size) { return size * CHUNK_HEIGHT_RATIO; }
float chunk_volume(float size) { return size * size * chunk_height(size); }
float chunk_mass(float size) { return CHUNK_DENSITY * chunk_volume(size); }
float chunk_density(float pore_density) { return CHUNK_SKELETON_DENSITY + CHUNK_PORES * pore_density; }
float chunk_mass_with_pores(float size, float pore_density) { return chunk_density(pore_density) * chunk_volume(size); }
float chunk_water_draft(float size) { return chunk_height(size) * chunk_density(CHUNK_WATER_DENSITY) / CHUNK_WATER_DENSITY; }
float chunk_break_force(float size) { return CHUNK_STRENGTH * size * size; }

int chunk_split(float size, float force, chunk_piece out[CHUNK_MAX_PIECES])
{
    assert(size > 0.0f);
    float limit = chunk_break_force(size);
    if (!(force > limit)) return 0;
    int n = force < 2.0f * limit ? 2 : force < 3.0f * limit ? 3 : 4;
    float piece = 0.0f;
    for (; n >= 2; n--) {
        piece = size * cbrtf(1.0f / (float)n);
        if (piece >= CHUNK_MIN_SIZE) break;
    }
    if (n < 2) return CHUNK_CRUMBLES;
    /* quadrants (+,+), (-,-), (+,-), (-,+): two pieces lie on a diagonal */
    static const float quad[CHUNK_MAX_PIECES][2] = {{1, 1}, {-1, -1}, {1, -1}, {-1, 1}};
    float q = 0.5f * piece + 0.01f;
    for (int i = 0; i < n; i++) out[i] = (chunk_piece){piece, {quad[i][0] * q, quad[i][1] * q}};
    return n;
}

float chunk_submerged(float bottom, float extent, float surface)
{
    if (extent <= 0.0f) return 0.0f;
    float f = (surface - bottom) / extent;
    return f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : f;
}

float chunk_buoyancy(float size, float fraction) { return CHUNK_MUD_DENSITY * GRAVITY * chunk_volume(size) * fraction; }

float chunk_equilibrium_depth(float size) { return chunk_height(size) * CHUNK_DENSITY / CHUNK_MUD_DENSITY; }
