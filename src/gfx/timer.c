#include "gfx/timer.h"

#include <string.h>
#include <time.h>

#include "gfx/gl.h"

typedef struct timer__query {
    GLuint q[2];
    int pass;
    long long frame; /* the frame it began in */
    double cpu_ms;
    bool pending;
} timer__query;

enum { TIMER_QUERIES = GFX_TIMER_MAX_PASSES * 2 * (GFX_TIMER_LATENCY + 1), TIMER_STACK = 16 };

static struct {
    bool ready;
    bool gpu; /* GPU timer queries exist (gfx_gl_has_timers); else GPU times read 0 */
    int npass;
    gfx_pass_stats pass[GFX_TIMER_MAX_PASSES];
    timer__query queries[TIMER_QUERIES];
    int next;
    int stack[TIMER_STACK];
    double stack_t0[TIMER_STACK];
    int depth;
    long long frame;
} tm;

double gfx_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

void gfx_timers_init(void)
{
    memset(&tm, 0, sizeof tm);
    tm.gpu = gfx_gl_has_timers();
    if (tm.gpu)
        for (int i = 0; i < TIMER_QUERIES; i++) glGenQueries(2, tm.queries[i].q);
    tm.ready = true;
}

void gfx_timers_shutdown(void)
{
    if (!tm.ready) return;
    if (tm.gpu)
        for (int i = 0; i < TIMER_QUERIES; i++) glDeleteQueries(2, tm.queries[i].q);
    tm.ready = false;
}

static int timer__pass_index(const char *name)
{
    for (int i = 0; i < tm.npass; i++)
        if (tm.pass[i].name == name || !strcmp(tm.pass[i].name, name)) return i;
    if (tm.npass == GFX_TIMER_MAX_PASSES) return -1;
    tm.pass[tm.npass].name = name;
    return tm.npass++;
}

static void timer__push(gfx_pass_stats *p, float gpu, float cpu)
{
    int slot = (int)(p->total % GFX_TIMER_HISTORY);
    p->gpu_hist[slot] = gpu;
    p->cpu_hist[slot] = cpu;
    p->gpu_ms = gpu;
    p->cpu_ms = cpu;
    p->total++;
    if (p->count < GFX_TIMER_HISTORY) p->count++;
}

/* Results are collected oldest first, so a pass timed in several intervals of one frame (a step
 * before and a step after another pass) adds them into that frame's one sample. */
static bool timer__collect(timer__query *tq, bool wait)
{
    if (!tq->pending) return true;
    GLuint64 a = 0, b = 0;
    if (tm.gpu) {
        GLint avail = 0;
        glGetQueryObjectiv(tq->q[1], GL_QUERY_RESULT_AVAILABLE, &avail);
        if (!avail && !wait) return false;
        glGetQueryObjectui64v(tq->q[0], GL_QUERY_RESULT, &a);
        glGetQueryObjectui64v(tq->q[1], GL_QUERY_RESULT, &b);
    }
    gfx_pass_stats *p = &tm.pass[tq->pass];
    float gpu = (float)((double)(b - a) * 1e-6), cpu = (float)tq->cpu_ms;
    if (p->total > 0 && p->last_sample_frame == tq->frame) {
        int slot = (int)((p->total - 1) % GFX_TIMER_HISTORY);
        p->gpu_ms = p->gpu_hist[slot] += gpu;
        p->cpu_ms = p->cpu_hist[slot] += cpu;
    } else {
        timer__push(p, gpu, cpu);
        p->last_sample_frame = tq->frame;
    }
    tq->pending = false;
    return true;
}

void gfx_pass_begin(const char *name)
{
    if (!tm.ready || tm.depth == TIMER_STACK) return;
    int p = timer__pass_index(name);
    if (p >= 0) tm.pass[p].last_frame = tm.frame;
    int slot = tm.next;
    timer__query *tq = &tm.queries[slot];
    timer__collect(tq, true); /* the ring wrapped: this result is old enough to be ready */
    tm.next = (tm.next + 1) % TIMER_QUERIES;
    tq->pass = p;
    tq->frame = tm.frame;
    if (tm.gpu) glQueryCounter(tq->q[0], GL_TIMESTAMP);
    tm.stack[tm.depth] = slot;
    tm.stack_t0[tm.depth] = gfx_now();
    tm.depth++;
}

void gfx_pass_end(void)
{
    if (!tm.ready || tm.depth == 0) return;
    tm.depth--;
    timer__query *tq = &tm.queries[tm.stack[tm.depth]];
    if (tm.gpu) glQueryCounter(tq->q[1], GL_TIMESTAMP);
    tq->cpu_ms = (gfx_now() - tm.stack_t0[tm.depth]) * 1000.0;
    tq->pending = tq->pass >= 0;
}

void gfx_timers_frame_end(void)
{
    tm.frame++;
    /* oldest first, stopping at the first result not ready (later ones are not either) */
    for (int i = 0; i < TIMER_QUERIES; i++)
        if (!timer__collect(&tm.queries[(tm.next + i) % TIMER_QUERIES], false)) break;
}

void gfx_timers_flush(void)
{
    for (int i = 0; i < TIMER_QUERIES; i++) timer__collect(&tm.queries[(tm.next + i) % TIMER_QUERIES], true);
}

bool gfx_timers_gpu(void) { return tm.gpu; }

GLuint gfx_elapsed_begin(void)
{
    GLuint q = 0;
    if (!gfx_gl_has_timers()) return 0;
    glGenQueries(1, &q);
    glBeginQuery(GL_TIME_ELAPSED, q);
    return q;
}

double gfx_elapsed_end_ms(GLuint q)
{
    if (!q) return 0.0;
    glEndQuery(GL_TIME_ELAPSED);
    GLuint64 ns = 0;
    glGetQueryObjectui64v(q, GL_QUERY_RESULT, &ns);
    glDeleteQueries(1, &q);
    return (double)ns / 1e6;
}

bool gfx_timers_recent(const gfx_pass_stats *p) { return p && p->total > 0 && tm.frame - p->last_frame <= GFX_TIMER_RECENT; }

int gfx_timers_count(void) { return tm.npass; }

long long gfx_timers_frame(void) { return tm.frame; }
const gfx_pass_stats *gfx_timers_get(int i) { return (i >= 0 && i < tm.npass) ? &tm.pass[i] : NULL; }

const gfx_pass_stats *gfx_timers_find(const char *name)
{
    for (int i = 0; i < tm.npass; i++)
        if (!strcmp(tm.pass[i].name, name)) return &tm.pass[i];
    return NULL;
}

void gfx_timers_reset(void)
{
    gfx_timers_flush();
    for (int i = 0; i < tm.npass; i++) {
        tm.pass[i].count = 0;
        tm.pass[i].total = 0;
    }
}
