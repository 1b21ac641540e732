/* alloc.c — see alloc.h. */
#include "base/alloc.h"

#include <stdlib.h>
#include <string.h>

void *alloc_zeroed(size_t size, size_t align)
{
    if (align < _Alignof(max_align_t)) align = _Alignof(max_align_t);
    if (align & (align - 1)) return NULL;
    /* C11 aligned_alloc wants a size that is a multiple of the alignment */
    const size_t rounded = (size + align - 1) & ~(align - 1);
    if (rounded < size) return NULL;
    void *p = aligned_alloc(align, rounded ? rounded : align);
    if (p) memset(p, 0, rounded ? rounded : align);
    return p;
}
