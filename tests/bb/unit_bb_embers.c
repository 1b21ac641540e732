/* The ember emitter (bb/core/bb_emit.h) tags what it spawns, so `stats` can count them: small
 * additive sparks that rise and shrink; embers sent to a target fly straight into it and arrive
 * as they die. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>

#include "base/rng.h"
#include "bb/core/bb_emit.h"

static void the_emitter_tags_its_embers(void **state)
{
    (void)state;
    particles *p = particles_create(&(particles_desc){.capacity = 100});
    assert_non_null(p);
    rng r;
    rng_seed(&r, 3);
    const float at[3][3] = {{0, 1, 0}, {1, 1, 0}, {0, 2, 1}};
    bb_emit_sparks(p, &r, at[0], (float[3]){0, 1, 0}, 5);
    assert_int_equal(bb_emit_embers(p, &r, at, 3), 3);
    assert_int_equal(particles_count_tag(p, BB_TAG_EMBER), 3);
    for (int i = 0; i < p->alive; i++) {
        particle b;
        particles_get(p, i, &b);
        if (b.tag != BB_TAG_EMBER) continue;
        assert_int_equal(b.atlas, BB_ATLAS_SPARK);
        assert_int_equal(b.blend, BB_BLEND_ADDITIVE);
        assert_true(b.vel[1] > 0.0f && b.life >= 0.6f && b.life <= 1.5f && b.grow < 0.0f);
    }
    for (int s = 0; s < 120; s++) particles_step(p, 1.0f / 60.0f); /* 2 s: every ember has died */
    assert_int_equal(particles_count_tag(p, BB_TAG_EMBER), 0);
    particles_destroy(p);
}

/* Embers sucked into a pull's target: tagged embers too, each flying straight at the target and
 * reaching it as it dies (closest approach within 3 cm stepping at 600 Hz), gone by 0.8 s. */
static void embers_to_arrive_at_the_target_as_they_die(void **state)
{
    (void)state;
    const float at[4][3] = {{0, 1, 0}, {1, 0.5f, 0}, {-0.5f, 0.2f, 1}, {0.3f, 1.5f, -0.4f}};
    const float target[3] = {1.5f, 2.0f, 1.2f};
    rng r;
    rng_seed(&r, 5);
    for (int k = 0; k < 4; k++) { /* one mote per pool: its slot never moves */
        particles *p = particles_create(&(particles_desc){.capacity = 8});
        assert_non_null(p);
        assert_int_equal(bb_emit_embers_to(p, &r, &at[k], 1, target), 1);
        assert_int_equal(particles_count_tag(p, BB_TAG_EMBER), 1);
        float closest = 1e9f;
        int steps = 0;
        for (; p->alive > 0 && steps < 600; steps++) {
            particle b;
            particles_get(p, 0, &b);
            const float dx = b.pos[0] - target[0], dy = b.pos[1] - target[1], dz = b.pos[2] - target[2];
            closest = fminf(closest, sqrtf(dx * dx + dy * dy + dz * dz));
            particles_step(p, 1.0f / 600.0f);
        }
        assert_int_equal(p->alive, 0);
        assert_true(steps <= 481); /* 0.8 s */
        assert_true(closest < 0.03f);
        particles_destroy(p);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_emitter_tags_its_embers),
        cmocka_unit_test(embers_to_arrive_at_the_target_as_they_die),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
