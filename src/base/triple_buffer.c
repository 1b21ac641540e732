#include "base/triple_buffer.h"
#include "base/alloc.h"

#include <assert.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

#include "base/log.h"

#define FRESH 4u /* flag bit on the middle index: published and not yet taken */

struct triple_buffer {
    size_t size;
    unsigned char *data[3];
    uint64_t seq[3];      /* written by the producer before publishing its buffer */
    atomic_uint middle;   /* index of the middle buffer | FRESH */
    unsigned back, front; /* owned by the producer / the consumer */
    uint64_t last_published;
};

triple_buffer *triple_buffer_create(size_t size)
{
    assert(size > 0);
    triple_buffer *tb = ALLOC_STRUCT(triple_buffer);
    if (!tb) {
        log_error("triple buffer: out of memory");
        return NULL;
    }
    tb->size = size;
    for (int i = 0; i < 3; i++) {
        tb->data[i] = calloc(1, size);
        if (!tb->data[i]) {
            log_error("triple buffer: out of memory for three buffers of %zu bytes", size);
            triple_buffer_destroy(tb);
            return NULL;
        }
    }
    tb->back = 0;
    atomic_init(&tb->middle, 1u);
    tb->front = 2;
    return tb;
}

void triple_buffer_destroy(triple_buffer *tb)
{
    if (!tb) return;
    for (int i = 0; i < 3; i++) free(tb->data[i]);
    free(tb);
}

size_t triple_buffer_size(const triple_buffer *tb) { return tb->size; }

void *triple_buffer_back(triple_buffer *tb) { return tb->data[tb->back]; }

void triple_buffer_publish(triple_buffer *tb, uint64_t seq)
{
    assert(seq > tb->last_published);
    tb->last_published = seq;
    tb->seq[tb->back] = seq;
    /* release: the buffer contents and seq become visible with the index; acquire: we may
     * write into the buffer the consumer just released */
    unsigned old = atomic_exchange_explicit(&tb->middle, tb->back | FRESH, memory_order_acq_rel);
    tb->back = old & 3u;
}

const void *triple_buffer_acquire(triple_buffer *tb, uint64_t *seq)
{
    if (atomic_load_explicit(&tb->middle, memory_order_relaxed) & FRESH) {
        unsigned old = atomic_exchange_explicit(&tb->middle, tb->front, memory_order_acq_rel);
        tb->front = old & 3u;
    }
    if (seq) *seq = tb->seq[tb->front];
    return tb->data[tb->front];
}

const void *triple_buffer_acquire_wait(triple_buffer *tb, uint64_t want, uint64_t *seq)
{
    uint64_t got;
    const void *p = triple_buffer_acquire(tb, &got);
    for (int spins = 0; got < want; spins++) {
        if (spins < 64)
            sched_yield();
        else
            nanosleep(&(struct timespec){0, 20000}, NULL);
        p = triple_buffer_acquire(tb, &got);
    }
    if (seq) *seq = got;
    return p;
}
