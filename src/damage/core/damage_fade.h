/* damage_fade.h — when the fading map's passes are due: the GL-free scheduler of damage.h's fade.
 *
 *   damage_fade f;
 *   damage_fade_init(&f, 10.0f, 0.86f);   // 10 passes a second, v' = max(v * 0.86 - 1/255, 0)
 *   damage_fade_update(&f, dt);            // fixed step: simulated time brings passes due
 *   damage_fade_hit(&f);                   // something was just unwrapped into the fading map
 *   for (int k = damage_fade_take(&f); k > 0; k--) run_one_fade_pass();   // once per frame
 *
 * Passes come at `hz` of simulated time, and only while the map may hold anything: a hit starts
 * (or restarts) a run of damage_fade_steps_to_zero(factor) + 2 passes, after which the map is
 * exactly 0 and no pass is due at all until the next hit (at rest the fade costs nothing). A run
 * that starts from rest starts its clock at the hit, so the first pass comes one period later; a
 * hit during a run keeps the run's cadence. After a stall the map catches up over a few frames,
 * DAMAGE_FADE_MAX_PER_FRAME passes a frame at most; no more passes are ever due than the run has
 * left. No allocation, no failure.
 */
#ifndef IMPRINT_DAMAGE_CORE_DAMAGE_FADE_H
#define IMPRINT_DAMAGE_CORE_DAMAGE_FADE_H

#ifdef __cplusplus
extern "C" {
#endif

/* The fading map's factor per pass (damage_map_desc's default): v' = max(v * f - 1/255, 0). */
#define DAMAGE_FADE_FACTOR 0.86f

/* Fade passes per frame at most: a stall is caught up over a few frames, not in one. */
#define DAMAGE_FADE_MAX_PER_FRAME 3

typedef struct damage_fade {
    float hz;          /* passes per second of simulated time, > 0 */
    float accum;       /* simulated time since the last pass fell due */
    int due;           /* passes due and not yet taken, <= steps_left */
    int steps_left;    /* passes left in this run; 0: at rest */
    int steps_full;    /* passes in a run: the 8-bit map reaches 0 within them */
} damage_fade;

/* Fade steps v' = round(255 * max(v/255 * f - 1/255, 0)) that take 255 to exactly 0. */
int damage_fade_steps_to_zero(float factor);

/* At rest; a run is damage_fade_steps_to_zero(factor) + 2 passes (+2: a driver that rounds a
 * half-way value up instead of to even still gets to 0). */
void damage_fade_init(damage_fade *f, float hz, float factor);
/* Back to rest (the maps were cleared); hz and the run length stay. */
void damage_fade_reset(damage_fade *f);
void damage_fade_set_hz(damage_fade *f, float hz);
void damage_fade_update(damage_fade *f, float dt);
void damage_fade_hit(damage_fade *f);
/* How many passes to run now (0 .. DAMAGE_FADE_MAX_PER_FRAME); they count as done. */
int damage_fade_take(damage_fade *f);

#ifdef __cplusplus
}
#endif

#endif
