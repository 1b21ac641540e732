/* mud_clod_worker.h — the mud clods simulated on their own thread, handed over through triple buffers.
 *
 *   mud_clod_worker *w = mud_clod_worker_create(&(mud_clod_worker_desc){ .terrain = terr, .deterministic = headless });
 *   each fixed step (sim thread):  mud_clod_worker_submit(w, emitters, n, dt);
 *   each frame (render thread):    const mud_clod_frame *f = mud_clod_worker_frame(w);
 *                                  draw f->count instances of f->inst
 *   mud_clod_worker_destroy(w);    // joins the thread
 *
 * Two lock-free triple buffers (triple_buffer.h), no mutex anywhere: the sim thread publishes
 * the wheels' emitters of step n; the worker takes the newest, advances its clods (clods.h) by
 * every step it has not simulated yet, and publishes instances tagged n. Real-time mode: the
 * render thread takes whatever finished last and never waits. Deterministic mode (headless
 * --fixed-dt runs): frame() waits for the instances of the last submitted step, so the worker
 * never skips a step and the same script gives the same clods.
 * submit and frame must be called from one thread (they are the two single-ended sides).
 * Returns NULL and logs when the thread cannot start.
 */
#ifndef IMPRINT_CORE_MUD_CLOD_WORKER_H
#define IMPRINT_CORE_MUD_CLOD_WORKER_H

#include <stdbool.h>
#include <stdint.h>

#include "core/mud/clods.h"

typedef struct mud_clod_worker_desc {
    const terrain *terrain; /* read-only while the worker runs */
    clods_desc clods;       /* capacity bounds the instance buffers */
    bool deterministic;
} mud_clod_worker_desc;

typedef struct mud_clod_frame {
    uint64_t step;   /* the sim step these instances belong to (0: none yet) */
    int count, alive;
    clod_instance inst[];
} mud_clod_frame;

typedef struct mud_clod_worker mud_clod_worker;

mud_clod_worker *mud_clod_worker_create(const mud_clod_worker_desc *desc);
void mud_clod_worker_destroy(mud_clod_worker *w);
void mud_clod_worker_submit(mud_clod_worker *w, const clod_emitter *e, int n, float dt);
const mud_clod_frame *mud_clod_worker_frame(mud_clod_worker *w);
uint64_t mud_clod_worker_submitted(const mud_clod_worker *w);

#endif
