/* alloc.h — zeroed, aligned allocation for structs that hold cglm types (GL-free).
 *
 *   damage_map *dm = ALLOC_STRUCT(damage_map);   // zeroed, aligned to _Alignof(damage_map)
 *   ...
 *   free(dm);                                      // plain free()
 *
 * cglm's vec4/mat4 are declared 16-byte aligned (32 with AVX); calloc only promises
 * alignof(max_align_t), so a heap struct holding them must come from here. Allocation failure
 * returns NULL (like calloc); the caller reports it.
 */
#ifndef IMPRINT_CORE_ALLOC_H
#define IMPRINT_CORE_ALLOC_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* size bytes, zeroed, aligned to align (a power of two; at least alignof(max_align_t) is used). */
void *alloc_zeroed(size_t size, size_t align);

#define ALLOC_STRUCT(T) ((T *)alloc_zeroed(sizeof(T), _Alignof(T)))

#ifdef __cplusplus
}
#endif

#endif
