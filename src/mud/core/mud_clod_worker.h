/* mud_clod_worker.h — the mud clods simulated on their own thread, handed over through triple buffers.
 *
 *   mud_clod_worker *w = mud_clod_worker_create(&(mud_clod_worker_desc){ .terrain = terr, .deterministic = headless });
 *   each fixed step (sim thread):  mud_clod_worker_submit(w, emitters, n, dt);
 *   a mud chunk crumbled:          mud_clod_worker_drop(w, x, z, size);   with the next submit
 *   each frame (render thread):    const mud_clod_frame *f = mud_clod_worker_frame(w);
 *                                  draw f->count instances of f->inst
 *   scene hidden / shown:          mud_clod_worker_park(w); ... mud_clod_worker_resume(w);
 *   mud_clod_worker_destroy(w);    // joins the thread
 *
 * Two lock-free triple buffers (triple_buffer.h), no mutex anywhere: the sim thread publishes
 * the wheels' emitters of step n; the worker takes the newest, advances its clods (clods.h) and
 * the floating mud pieces (floaters.h) by every step it has not simulated yet, and publishes
 * instances tagged n (clods, the clods' landings, floating pieces). Real-time mode: the
 * render thread takes whatever finished last and never waits. Deterministic mode (headless
 * --fixed-dt runs): frame() waits for the instances of the last submitted step, so the worker
 * never skips a step and the same script gives the same clods.
 *
 * Sleeping and waking: the worker blocks in sem_wait on a POSIX semaphore whenever it has
 * nothing to do: no step newer than the last it simulated, or parked (its scene is not shown).
 * It never polls, so a hidden mud scene costs no CPU. submit() wakes it with sem_post after
 * publishing: in glibc that is one atomic increment, plus a futex wake system call only when
 * the worker is actually asleep; no lock is taken, and a wake can never be lost (a counting
 * semaphore remembers a post made before the worker reaches its wait, and the post/wait pair
 * orders the published step before the worker's next look). Surplus posts (several steps
 * submitted while one was simulated) cost the worker one extra look each, then it sleeps again.
 * A condition variable would need a mutex on the submit side to avoid lost wakeups; an atomic
 * "sleeping" flag with a post only when set would save the system call but needs sequentially
 * consistent fences on both sides to be correct.
 * park() and resume() are called by the thread that submits (the scene's leave/enter); no
 * submit or frame while parked. park() does not wait: the worker finishes the step it is on
 * and sleeps. resume() wakes it; steps submitted before park and not yet simulated are
 * simulated then.
 * submit, frame, park and resume must be called from one thread (the single-ended sides).
 * When no thread can start (the browser build on a page that is not cross-origin isolated has
 * none), the worker runs inline: submit() and resume() simulate the pending steps on the calling
 * thread, so frame() sees the same instances as with a thread in deterministic mode.
 * Returns NULL and logs when memory runs out.
 */
#ifndef IMPRINT_CORE_MUD_CLOD_WORKER_H
#define IMPRINT_CORE_MUD_CLOD_WORKER_H

#include <stdbool.h>
#include <stdint.h>

#include "mud/core/clods.h"
#include "mud/core/floaters.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mud_clod_worker_desc {
    const terrain *terrain; /* read-only while the worker runs (its heights) */
    clods_desc clods;       /* capacity bounds the instance buffers */
    floaters_desc floaters; /* the floating mud particles, stepped with the clods */
    float scatter[3];       /* x, z, radius: floating pieces scattered on the mud there at create */
    int scatter_count;      /* (before the thread starts: the only time the worker reads the mud mask) */
    bool deterministic;
} mud_clod_worker_desc;

typedef struct mud_clod_frame {
    uint64_t step;   /* the sim step these instances belong to (0: none yet) */
    int nlanded;     /* clods that hit the ground in the steps of this frame (a frame the render
                        thread skips in real-time mode takes its landings with it) */
    clod_landing landed[CLODS_LANDINGS_MAX];
    int nhits;       /* clods that flew into the box (mud_clod_worker_box) in the steps of this frame */
    clod_landing hits[CLODS_HITS_MAX];
    int nfloat, float_stuck;  /* floating pieces (floaters.h), of which stuck to a tyre */
    floater_instance floaters[FLOATERS_MAX];
    int count, alive;
    clod_instance inst[];
} mud_clod_frame;

typedef struct mud_clod_worker mud_clod_worker;

mud_clod_worker *mud_clod_worker_create(const mud_clod_worker_desc *desc);
void mud_clod_worker_destroy(mud_clod_worker *w);
void mud_clod_worker_submit(mud_clod_worker *w, const clod_emitter *e, int n, float dt);
/* Floating pieces where a mud chunk of `size` metres crumbled (mud/core/physics.h), carried by the
 * next submit: the last MUD_CLOD_WORKER_DROPS drops travel with every submit, so a step the worker
 * skips in real-time mode loses none of them. Called from the submitting thread. */
#define MUD_CLOD_WORKER_DROPS 32
void mud_clod_worker_drop(mud_clod_worker *w, float x, float z, float size);
/* The water's flow for the floating pieces (floaters_set_flow), carried by every following submit
 * (copied); NULL: no water. Called from the submitting thread. */
void mud_clod_worker_flow(mud_clod_worker *w, const floaters_flow *flow);
/* The box the clods hit (clods_set_box: the truck's body at this step), carried by every following
 * submit (copied); NULL: none. Called from the submitting thread. */
void mud_clod_worker_box(mud_clod_worker *w, const clods_box *box);
const mud_clod_frame *mud_clod_worker_frame(mud_clod_worker *w);
uint64_t mud_clod_worker_submitted(const mud_clod_worker *w);
void mud_clod_worker_park(mud_clod_worker *w);
void mud_clod_worker_resume(mud_clod_worker *w);
/* Times the worker looked for work and found none (each followed by a blocking wait): grows by
 * at most one per submit, resume or destroy, never with time alone. For tests. */
uint64_t mud_clod_worker_idle_looks(const mud_clod_worker *w);

#ifdef __cplusplus
}
#endif

#endif
