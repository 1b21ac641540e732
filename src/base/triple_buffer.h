/* triple_buffer.h — lock-free single-producer / single-consumer handoff of fixed-size buffers (GL-free).
 *
 *   triple_buffer *tb = triple_buffer_create(sizeof(frame));
 *   producer thread:  frame *f = triple_buffer_back(tb); fill f; triple_buffer_publish(tb, seq);
 *   consumer thread:  uint64_t seq; const frame *f = triple_buffer_acquire(tb, &seq);
 *                     // or, for deterministic runs, the buffer of a given step:
 *                     f = triple_buffer_acquire_wait(tb, want_seq, &seq);
 *   triple_buffer_destroy(tb);   // after both threads stopped using it
 *
 * Three buffers: the producer owns one (back), the consumer owns one (front), the third sits in
 * the middle. Publishing swaps back and middle with one atomic exchange and marks the middle
 * fresh; acquiring swaps front and middle only when it is fresh. Neither side ever waits for the
 * other (no mutex), the producer never touches the consumer's buffer, so a consumer never sees a
 * torn buffer, and it always gets the newest published one: sequence numbers never go back.
 * Published sequence numbers must increase; 0 means "nothing published yet".
 * acquire_wait spins (yielding the CPU) until a buffer with seq >= want is published; with a
 * producer that publishes exactly the requested steps this hands over exactly that step.
 * Buffers start zeroed. Out of memory: triple_buffer_create logs and returns NULL;
 * triple_buffer_destroy(NULL) is a no-op.
 */
#ifndef IMPRINT_CORE_TRIPLE_BUFFER_H
#define IMPRINT_CORE_TRIPLE_BUFFER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct triple_buffer triple_buffer;

triple_buffer *triple_buffer_create(size_t size);
void triple_buffer_destroy(triple_buffer *tb);
size_t triple_buffer_size(const triple_buffer *tb);

/* Producer side. */
void *triple_buffer_back(triple_buffer *tb);
void triple_buffer_publish(triple_buffer *tb, uint64_t seq);

/* Consumer side. *seq receives the sequence number of the returned buffer (0: none yet). */
const void *triple_buffer_acquire(triple_buffer *tb, uint64_t *seq);
const void *triple_buffer_acquire_wait(triple_buffer *tb, uint64_t want, uint64_t *seq);

#ifdef __cplusplus
}
#endif

#endif
