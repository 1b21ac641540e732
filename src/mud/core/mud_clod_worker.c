#include "mud/core/mud_clod_worker.h"
#include "base/alloc.h"

#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "base/triple_buffer.h"

typedef struct step_input {
    uint64_t step;
    float dt;
    int count;
    clod_emitter emitters[CLODS_MAX_EMITTERS];
    uint64_t ndrops;                         /* drops ever made; the last ones are in the ring */
    float drops[MUD_CLOD_WORKER_DROPS][3];   /* x, z, size at index drop % MUD_CLOD_WORKER_DROPS */
    bool has_flow;                           /* the water's flow for the floating pieces */
    floaters_flow flow;
    bool has_box;                            /* the box clods hit (the truck's body) */
    clods_box box;
} step_input;

struct mud_clod_worker {
    triple_buffer *in, *out;
    clods *sim;
    floaters *floats;
    bool deterministic;
    uint64_t submitted;
    uint64_t ndrops;                         /* the submitting side's ring of drops */
    float drops[MUD_CLOD_WORKER_DROPS][3];
    bool has_flow;                           /* the submitting side's flow (mud_clod_worker_flow) */
    floaters_flow flow;
    bool has_box;                            /* the submitting side's box (mud_clod_worker_box) */
    clods_box box;
    atomic_bool stop, parked;
    atomic_uint_least64_t idle_looks;
    sem_t wake;       /* the worker's only sleep; posted by submit, resume and destroy */
    pthread_t thread;
    bool inline_steps;            /* no thread could start (a browser page not cross-origin isolated):
                                   * submit() simulates the step itself, with the same results */
    uint64_t done, drops_done;    /* the simulating side's progress */
};

static void worker_sleep(mud_clod_worker *w)
{
    atomic_fetch_add_explicit(&w->idle_looks, 1, memory_order_relaxed);
    while (sem_wait(&w->wake) != 0 && errno == EINTR) continue;
}

/* Simulates every step published since the last call; false when there was none. */
static bool worker_advance(mud_clod_worker *w)
{
    uint64_t seq;
    const step_input *in = triple_buffer_acquire(w->in, &seq);
    if (seq <= w->done) return false;
    /* steps we missed (real-time mode only) throw their clods from the newest wheel state */
    clods_emit(w->sim, in->emitters, in->count, in->dt * (float)(seq - w->done));
    floaters_set_flow(w->floats, in->has_flow ? &in->flow : NULL);
    clods_set_box(w->sim, in->has_box ? &in->box : NULL);
    for (uint64_t s = w->done; s < seq; s++) {
        clods_step(w->sim, in->dt);
        floaters_step(w->floats, in->emitters, in->count, in->dt);
    }
    w->done = seq;
    if (in->ndrops > w->drops_done + MUD_CLOD_WORKER_DROPS) w->drops_done = in->ndrops - MUD_CLOD_WORKER_DROPS;
    for (; w->drops_done < in->ndrops; w->drops_done++) {
        const float *d = in->drops[w->drops_done % MUD_CLOD_WORKER_DROPS];
        /* a crumbled chunk's mud: about 40 pieces per cubic metre, at least 4 */
        floaters_drop(w->floats, d[0], d[1], 0.6f * d[2], 4 + (int)(40.0f * d[2] * d[2] * d[2] * 0.5f));
    }
    mud_clod_frame *f = triple_buffer_back(w->out);
    f->step = seq;
    f->alive = clods_alive(w->sim);
    f->count = clods_write(w->sim, f->inst, clods_capacity(w->sim));
    f->nlanded = clods_take_landings(w->sim, f->landed, CLODS_LANDINGS_MAX);
    f->nhits = clods_take_hits(w->sim, f->hits, CLODS_HITS_MAX);
    f->nfloat = floaters_write(w->floats, f->floaters, FLOATERS_MAX);
    f->float_stuck = floaters_count(w->floats, FLOAT_STUCK);
    triple_buffer_publish(w->out, seq);
    return true;
}

static void *worker_main(void *arg)
{
    mud_clod_worker *w = arg;
    while (!atomic_load_explicit(&w->stop, memory_order_acquire)) {
        if (atomic_load_explicit(&w->parked, memory_order_acquire) || !worker_advance(w)) worker_sleep(w);
    }
    return NULL;
}

mud_clod_worker *mud_clod_worker_create(const mud_clod_worker_desc *desc)
{
    assert(desc && desc->terrain);
    mud_clod_worker *w = ALLOC_STRUCT(mud_clod_worker);
    if (!w) {
        log_error("mud clods: out of memory for the worker");
        return NULL;
    }
    w->deterministic = desc->deterministic;
    w->sim = clods_create(&desc->clods, desc->terrain);
    w->floats = floaters_create(&desc->floaters, desc->terrain);
    if (!w->sim || !w->floats) { /* logged by the failed create */
        clods_destroy(w->sim);
        floaters_destroy(w->floats);
        free(w);
        return NULL;
    }
    if (desc->scatter_count > 0) floaters_scatter(w->floats, desc->scatter[0], desc->scatter[1], desc->scatter[2], desc->scatter_count);
    w->in = triple_buffer_create(sizeof(step_input));
    w->out = triple_buffer_create(sizeof(mud_clod_frame) + (size_t)clods_capacity(w->sim) * sizeof(clod_instance));
    atomic_init(&w->stop, false);
    atomic_init(&w->parked, false);
    atomic_init(&w->idle_looks, 0);
    int rc = sem_init(&w->wake, 0, 0) != 0 ? errno : 0;
    bool sem_ok = rc == 0;
    if (sem_ok) rc = pthread_create(&w->thread, NULL, worker_main, w);
    if (rc != 0) {
        /* a wasm build without threads (or none left): the same steps, on the caller's thread */
        log_info("mud clods: no worker thread (%s): simulated inline", strerror(rc));
        if (sem_ok) sem_destroy(&w->wake);
        w->inline_steps = true;
    }
    return w;
}

void mud_clod_worker_destroy(mud_clod_worker *w)
{
    if (!w) return;
    if (!w->inline_steps) {
        atomic_store_explicit(&w->stop, true, memory_order_release);
        sem_post(&w->wake);
        pthread_join(w->thread, NULL);
        sem_destroy(&w->wake);
    }
    triple_buffer_destroy(w->in);
    triple_buffer_destroy(w->out);
    clods_destroy(w->sim);
    floaters_destroy(w->floats);
    free(w);
}

void mud_clod_worker_submit(mud_clod_worker *w, const clod_emitter *e, int n, float dt)
{
    assert(n >= 0 && n <= CLODS_MAX_EMITTERS);
    assert(!atomic_load_explicit(&w->parked, memory_order_relaxed));
    /* deterministic: the previous step must be simulated before the next is offered */
    if (w->deterministic && w->submitted) triple_buffer_acquire_wait(w->out, w->submitted, NULL);
    step_input *in = triple_buffer_back(w->in);
    in->step = ++w->submitted;
    in->dt = dt;
    in->count = n;
    if (n) memcpy(in->emitters, e, (size_t)n * sizeof *e);
    in->ndrops = w->ndrops;
    memcpy(in->drops, w->drops, sizeof in->drops);
    in->has_flow = w->has_flow;
    if (w->has_flow) in->flow = w->flow;
    in->has_box = w->has_box;
    if (w->has_box) in->box = w->box;
    triple_buffer_publish(w->in, w->submitted);
    if (w->inline_steps) worker_advance(w);
    else sem_post(&w->wake); /* lock-free: an atomic add, a futex wake only if the worker sleeps */
}

void mud_clod_worker_box(mud_clod_worker *w, const clods_box *box)
{
    w->has_box = box != NULL;
    if (box) w->box = *box;
}

void mud_clod_worker_flow(mud_clod_worker *w, const floaters_flow *flow)
{
    w->has_flow = flow != NULL;
    if (flow) w->flow = *flow;
}

void mud_clod_worker_drop(mud_clod_worker *w, float x, float z, float size)
{
    float *d = w->drops[w->ndrops++ % MUD_CLOD_WORKER_DROPS];
    d[0] = x;
    d[1] = z;
    d[2] = size;
}

const mud_clod_frame *mud_clod_worker_frame(mud_clod_worker *w)
{
    assert(!atomic_load_explicit(&w->parked, memory_order_relaxed));
    if (w->deterministic) return triple_buffer_acquire_wait(w->out, w->submitted, NULL);
    return triple_buffer_acquire(w->out, NULL);
}

uint64_t mud_clod_worker_submitted(const mud_clod_worker *w) { return w->submitted; }

void mud_clod_worker_park(mud_clod_worker *w)
{
    if (w) atomic_store_explicit(&w->parked, true, memory_order_release);
}

void mud_clod_worker_resume(mud_clod_worker *w)
{
    if (!w) return;
    atomic_store_explicit(&w->parked, false, memory_order_release);
    if (w->inline_steps) worker_advance(w);
    else sem_post(&w->wake);
}

uint64_t mud_clod_worker_idle_looks(const mud_clod_worker *w)
{
    return atomic_load_explicit(&w->idle_looks, memory_order_relaxed);
}
