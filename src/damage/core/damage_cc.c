/* The implementation of stb_connected_components, sized for the damage atlas. Third-party
 * code (Debian's stb package): its warnings are not ours to fix. */
#include "damage/core/damage_cc.h"

#define STBCC_GRID_COUNT_X_LOG2 10
#define STBCC_GRID_COUNT_Y_LOG2 10
_Static_assert((1 << STBCC_GRID_COUNT_X_LOG2) == DAMAGE_CC_MAX_SIZE, "grid size");
#define STB_CONNECTED_COMPONENTS_IMPLEMENTATION
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#include <stb_connected_components.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
