/* Triple buffer under a two-thread stress: no torn buffers, sequence numbers never go back;
 * waiting for a step hands over exactly that step. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <string.h>

#include "base/triple_buffer.h"

#define WORDS 1024
#define STEPS 100000

typedef struct payload { uint64_t seq; uint64_t word[WORDS]; } payload;

static uint64_t pattern(uint64_t seq, int i) { return seq * 0x9E3779B97F4A7C15ull + (uint64_t)i * 31u; }

static atomic_bool producer_done;

static void *producer(void *arg)
{
    triple_buffer *tb = arg;
    for (uint64_t s = 1; s <= STEPS; s++) {
        payload *p = triple_buffer_back(tb);
        /* written front to back, header last, so a torn read shows as a mismatch */
        for (int i = 0; i < WORDS; i++) p->word[i] = pattern(s, i);
        p->seq = s;
        triple_buffer_publish(tb, s);
    }
    atomic_store(&producer_done, true);
    return NULL;
}

static void consumer_never_sees_torn_or_old_buffers(void **state)
{
    (void)state;
    triple_buffer *tb = triple_buffer_create(sizeof(payload));
    atomic_store(&producer_done, false);
    pthread_t th;
    assert_int_equal(pthread_create(&th, NULL, producer, tb), 0);
    uint64_t last = 0, distinct = 0, reads = 0;
    for (;;) {
        bool done = atomic_load(&producer_done);
        uint64_t seq;
        const payload *p = triple_buffer_acquire(tb, &seq);
        reads++;
        assert_true(seq >= last);
        if (seq) {
            assert_true(p->seq == seq);
            for (int i = 0; i < WORDS; i++)
                if (p->word[i] != pattern(seq, i)) fail_msg("torn buffer: seq %llu word %d", (unsigned long long)seq, i);
        }
        distinct += seq != last;
        last = seq;
        if (done && seq == STEPS) break;
    }
    pthread_join(th, NULL);
    assert_int_equal(last, STEPS); /* the final publish is always seen */
    assert_true(distinct > 1);
    assert_true(reads >= distinct);
    triple_buffer_destroy(tb);
}

/* Lock-step protocol: the consumer asks for step n (an atomic), the producer publishes n. */
typedef struct lockstep { triple_buffer *tb; atomic_ullong asked; } lockstep;

static void *lockstep_producer(void *arg)
{
    lockstep *ls = arg;
    for (uint64_t s = 1; s <= 2000; s++) {
        while (atomic_load(&ls->asked) < s) sched_yield();
        payload *p = triple_buffer_back(ls->tb);
        p->seq = s;
        p->word[0] = pattern(s, 0);
        triple_buffer_publish(ls->tb, s);
    }
    return NULL;
}

static void wait_hands_over_exactly_the_asked_step(void **state)
{
    (void)state;
    lockstep ls = {.tb = triple_buffer_create(sizeof(payload))};
    atomic_init(&ls.asked, 0);
    pthread_t th;
    assert_int_equal(pthread_create(&th, NULL, lockstep_producer, &ls), 0);
    for (uint64_t s = 1; s <= 2000; s++) {
        atomic_store(&ls.asked, s);
        uint64_t got;
        const payload *p = triple_buffer_acquire_wait(ls.tb, s, &got);
        assert_true(got == s && p->seq == s && p->word[0] == pattern(s, 0));
    }
    pthread_join(th, NULL);
    triple_buffer_destroy(ls.tb);
    triple_buffer_destroy(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(consumer_never_sees_torn_or_old_buffers),
        cmocka_unit_test(wait_hands_over_exactly_the_asked_step),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
