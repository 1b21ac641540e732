/* Weapons: fire rates over simulated time, shotgun cone statistics, radius mapping, determinism. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "damage/scene/weapon.h"

static const float aim[3] = {0, 0, -1};

/* Pull the trigger every frame (or hold it) for `seconds` at 60 Hz, count trigger events. */
static int shells_over(weapon_kind kind, float seconds, bool hold)
{
    weapon w;
    weapon_init(&w, kind, 1);
    weapon_shot s[WEAPON_MAX_SHOTS];
    const float dt = 1.0f / 60.0f;
    int frames = (int)lroundf(seconds * 60.0f), shells = 0;
    if (hold) weapon_hold(&w, seconds);
    for (int f = 0; f < frames; f++) {
        if (!hold) weapon_press(&w);
        int n = weapon_update(&w, dt, aim, s, WEAPON_MAX_SHOTS);
        if (n) shells++;
        assert_int_equal(n, n ? (kind == WEAPON_SHOTGUN ? WEAPON_PELLETS : 1) : 0);
    }
    assert_int_equal(w.shells, shells);
    return shells;
}

static void fire_rates_match_the_reference(void **state)
{
    (void)state;
    assert_int_equal(shells_over(WEAPON_MARKSMAN, 10.0f, false), 40);
    assert_int_equal(shells_over(WEAPON_SHOTGUN, 10.0f, false), 20);
    assert_int_equal(shells_over(WEAPON_AUTO, 10.0f, true), 100);
    /* semi-automatic guns fire once per pull however long the trigger stays down */
    assert_int_equal(shells_over(WEAPON_MARKSMAN, 2.0f, true), 0);
    /* and full auto keeps its rate with a coarse step too */
    weapon w;
    weapon_init(&w, WEAPON_AUTO, 3);
    weapon_hold(&w, 2.0f);
    weapon_shot s[WEAPON_MAX_SHOTS];
    int total = 0;
    /* steps start at 0 .. 1.75 s: the shots due at 0, 0.1 .. 1.7 s leave */
    for (int i = 0; i < 8; i++) total += weapon_update(&w, 0.25f, aim, s, WEAPON_MAX_SHOTS);
    assert_int_equal(total, 18);
}

static void a_pull_during_cooldown_fires_when_ready(void **state)
{
    (void)state;
    weapon w;
    weapon_init(&w, WEAPON_MARKSMAN, 1);
    weapon_shot s[WEAPON_MAX_SHOTS];
    weapon_press(&w);
    assert_int_equal(weapon_update(&w, 0.01f, aim, s, 4), 1);
    weapon_press(&w);
    int frames = 0;
    while (weapon_update(&w, 0.01f, aim, s, 4) == 0) frames++;
    assert_int_equal(frames, 24); /* 0.25 s after the first shot */
}

static void shotgun_pellets_stay_in_the_cone(void **state)
{
    (void)state;
    weapon w;
    weapon_init(&w, WEAPON_SHOTGUN, 42);
    const float cos_half = 1.0f / sqrtf(1.0f + WEAPON_SPREAD * WEAPON_SPREAD);
    double sum_r2 = 0, mean_x = 0, mean_y = 0;
    int inner_half = 0, count = 0;
    float dir[3] = {0.3f, -0.2f, -1.0f};
    float dl = sqrtf(0.09f + 0.04f + 1.0f);
    for (int k = 0; k < 3; k++) dir[k] /= dl;
    for (int shell = 0; shell < 400; shell++) {
        weapon_shot s[WEAPON_MAX_SHOTS];
        weapon_press(&w);
        int n = weapon_update(&w, 0.5f, dir, s, WEAPON_MAX_SHOTS);
        assert_int_equal(n, WEAPON_PELLETS);
        for (int i = 0; i < n; i++) {
            float c = s[i].dir[0] * dir[0] + s[i].dir[1] * dir[1] + s[i].dir[2] * dir[2];
            assert_true(c >= cos_half - 1e-6f);
            assert_float_equal(s[i].dir[0] * s[i].dir[0] + s[i].dir[1] * s[i].dir[1] + s[i].dir[2] * s[i].dir[2], 1.0, 1e-5);
            assert_true(s[i].radius >= WEAPON_PELLET_RADIUS_MIN - 1e-6f && s[i].radius <= WEAPON_PELLET_RADIUS_MAX + 1e-6f);
            /* the recorded axis distance agrees with the actual angle */
            float tan_a = sqrtf(fmaxf(0.0f, 1.0f - c * c)) / c;
            assert_float_equal(tan_a / WEAPON_SPREAD, s[i].axis_dist, 2e-2);
            assert_float_equal(s[i].radius, weapon_pellet_radius(s[i].axis_dist), 1e-6);
            sum_r2 += s[i].axis_dist * s[i].axis_dist;
            if (s[i].axis_dist < 0.70710678f) inner_half++;
            mean_x += s[i].dir[0] - dir[0];
            mean_y += s[i].dir[1] - dir[1];
            count++;
        }
    }
    /* uniform over the disc: E[r²] = 1/2, half the pellets inside r = 1/sqrt 2, centred */
    assert_float_equal(sum_r2 / count, 0.5, 0.03);
    assert_float_equal((double)inner_half / count, 0.5, 0.03);
    assert_true(fabs(mean_x / count) < 0.003 && fabs(mean_y / count) < 0.003);
}

static void auto_fire_wanders_within_its_spread(void **state)
{
    (void)state;
    weapon w;
    weapon_init(&w, WEAPON_AUTO, 5);
    weapon_hold(&w, 3.0f);
    weapon_shot s[WEAPON_MAX_SHOTS];
    const float cos_max = 1.0f / sqrtf(1.0f + WEAPON_AUTO_SPREAD * WEAPON_AUTO_SPREAD);
    int n = 0, off_axis = 0;
    for (int f = 0; f < 180; f++) {
        int k = weapon_update(&w, 1.0f / 60.0f, aim, s, WEAPON_MAX_SHOTS);
        for (int i = 0; i < k; i++, n++) {
            float c = -s[i].dir[2];
            assert_true(c >= cos_max - 1e-6f);
            if (c < 0.99999f) off_axis++;
            assert_float_equal(s[i].radius, 0.045, 1e-6);
        }
    }
    assert_int_equal(n, 30);
    assert_true(off_axis > 20);
}

static void pellet_radius_falls_with_axis_distance(void **state)
{
    (void)state;
    assert_float_equal(weapon_pellet_radius(0), WEAPON_PELLET_RADIUS_MAX, 1e-6);
    assert_float_equal(weapon_pellet_radius(1), WEAPON_PELLET_RADIUS_MIN, 1e-6);
    for (int i = 1; i <= 100; i++) assert_true(weapon_pellet_radius(i / 100.0f) < weapon_pellet_radius((i - 1) / 100.0f));
}

static void same_seed_same_pellets(void **state)
{
    (void)state;
    weapon a, b, c;
    weapon_init(&a, WEAPON_SHOTGUN, 7);
    weapon_init(&b, WEAPON_SHOTGUN, 7);
    weapon_init(&c, WEAPON_SHOTGUN, 8);
    weapon_shot sa[WEAPON_MAX_SHOTS], sb[WEAPON_MAX_SHOTS], sc[WEAPON_MAX_SHOTS];
    weapon_press(&a); weapon_press(&b); weapon_press(&c);
    assert_int_equal(weapon_update(&a, 0.1f, aim, sa, WEAPON_MAX_SHOTS), WEAPON_PELLETS);
    assert_int_equal(weapon_update(&b, 0.1f, aim, sb, WEAPON_MAX_SHOTS), WEAPON_PELLETS);
    assert_int_equal(weapon_update(&c, 0.1f, aim, sc, WEAPON_MAX_SHOTS), WEAPON_PELLETS);
    assert_memory_equal(sa, sb, sizeof(weapon_shot) * WEAPON_PELLETS);
    assert_true(memcmp(sa, sc, sizeof(weapon_shot) * WEAPON_PELLETS) != 0);
    assert_int_equal(weapon_from_name("shotgun"), WEAPON_SHOTGUN);
    assert_int_equal(weapon_from_name("bazooka"), -1);
    assert_string_equal(weapon_name(WEAPON_AUTO), "auto");
}

/* The pellet count is a live knob (damage.pellets): a shell has that many, the first ones the
 * same as before, and never more than the caller's room. */
static void pellet_count_follows_the_knob(void **state)
{
    (void)state;
    weapon a, b;
    weapon_init(&a, WEAPON_SHOTGUN, 7);
    weapon_init(&b, WEAPON_SHOTGUN, 7);
    assert_int_equal(a.pellets, WEAPON_PELLETS);
    b.pellets = 5;
    weapon_shot sa[WEAPON_MAX_SHOTS], sb[WEAPON_MAX_SHOTS];
    weapon_press(&a); weapon_press(&b);
    assert_int_equal(weapon_update(&a, 0.1f, aim, sa, WEAPON_MAX_SHOTS), WEAPON_PELLETS);
    assert_int_equal(weapon_update(&b, 0.1f, aim, sb, WEAPON_MAX_SHOTS), 5);
    assert_memory_equal(sa, sb, sizeof(weapon_shot) * 5);
    weapon_init(&b, WEAPON_SHOTGUN, 7);
    b.pellets = WEAPON_MAX_SHOTS;
    weapon_press(&b);
    assert_int_equal(weapon_update(&b, 0.1f, aim, sb, 20), 20);
}

/* A held marksman trigger fires once per press (semi-automatic); auto keeps firing while held;
 * an explicit pull event fires even when the trigger was already down. */
static void trigger_fires_once_per_press(void **state)
{
    (void)state;
    weapon_shot shots[WEAPON_MAX_SHOTS];
    weapon w;
    weapon_init(&w, WEAPON_MARKSMAN, 1);
    int fired = 0;
    for (int i = 0; i < 120; i++) { /* two seconds held: one shot */
        weapon_trigger(&w, true, false);
        fired += weapon_update(&w, 1.0f / 60.0f, aim, shots, WEAPON_MAX_SHOTS);
    }
    assert_int_equal(fired, 1);
    weapon_trigger(&w, false, false); /* released and pressed again: a second shot */
    weapon_update(&w, 1.0f / 60.0f, aim, shots, WEAPON_MAX_SHOTS);
    weapon_trigger(&w, true, false);
    assert_int_equal(weapon_update(&w, 1.0f / 60.0f, aim, shots, WEAPON_MAX_SHOTS), 1);
    weapon_trigger(&w, true, true); /* a click while down: once more, when the cooldown allows */
    int clicked = 0;
    for (int i = 0; i < 30; i++) clicked += weapon_update(&w, 1.0f / 60.0f, aim, shots, WEAPON_MAX_SHOTS);
    assert_int_equal(clicked, 1);
    weapon_init(&w, WEAPON_AUTO, 1);
    fired = 0;
    for (int i = 0; i < 60; i++) {
        weapon_trigger(&w, true, false);
        fired += weapon_update(&w, 1.0f / 60.0f, aim, shots, WEAPON_MAX_SHOTS);
    }
    assert_in_range(fired, 9, 11); /* 10 shots/s while held */
}

/* The aim is the camera's forward; "camera 0 1 0 0 1 0" in a script makes it zero. That used to
 * trip an assert in debug builds and divide by zero in release ones. */
static void zero_aim_fires_nothing(void **state)
{
    (void)state;
    static const float zero[3] = {0, 0, 0};
    static const float bad[3] = {NAN, 0, 1};
    for (int k = 0; k < WEAPON_KIND_COUNT; k++) {
        weapon w;
        weapon_init(&w, (weapon_kind)k, 1);
        weapon_press(&w);
        weapon_hold(&w, 1.0f);
        weapon_shot s[WEAPON_MAX_SHOTS];
        int n = 0;
        for (int i = 0; i < 30; i++) n += weapon_update(&w, 1.0f / 60.0f, i % 2 ? zero : bad, s, WEAPON_MAX_SHOTS);
        assert_int_equal(n, 0);
        weapon_press(&w);
        n = weapon_update(&w, 1.0f / 60.0f, aim, s, WEAPON_MAX_SHOTS);
        assert_true(n >= 1); /* a real aim fires again */
        for (int i = 0; i < n; i++) assert_true(isfinite(s[i].dir[0]) && isfinite(s[i].radius));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fire_rates_match_the_reference),
        cmocka_unit_test(a_pull_during_cooldown_fires_when_ready),
        cmocka_unit_test(shotgun_pellets_stay_in_the_cone),
        cmocka_unit_test(auto_fire_wanders_within_its_spread),
        cmocka_unit_test(pellet_radius_falls_with_axis_distance),
        cmocka_unit_test(same_seed_same_pellets),
        cmocka_unit_test(pellet_count_follows_the_knob),
        cmocka_unit_test(trigger_fires_once_per_press),
        cmocka_unit_test(zero_aim_fires_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
