/* damage_cc.h — the one build of stb_connected_components (not part of Debian's libstb).
 *
 * Include <stb_connected_components.h> for the API; this header only says how large a grid the
 * implementation in damage_cc.c supports (the atlas of the damage map, up to 1024²).
 */
#ifndef IMPRINT_CORE_DAMAGE_CC_H
#define IMPRINT_CORE_DAMAGE_CC_H

#ifdef __cplusplus
extern "C" {
#endif

enum { DAMAGE_CC_MAX_SIZE = 1024 };

#ifdef __cplusplus
}
#endif

#endif
