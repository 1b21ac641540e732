/* weapon.h — the three guns of the range scene: fire rates, shotgun cone, hole radii (GL-free).
 *
 *   weapon w;
 *   weapon_init(&w, WEAPON_SHOTGUN, seed);
 *   weapon_press(&w);                         // one trigger pull (script `fire`, mouse down)
 *   weapon_hold(&w, 0.5f);                    // keep the trigger down for 0.5 s (script `hold`)
 *   weapon_shot shots[WEAPON_MAX_SHOTS];
 *   int n = weapon_update(&w, dt, aim_dir, shots, WEAPON_MAX_SHOTS);   // every fixed step
 *
 * Numbers follow the reference sample: marksman 4 shots/s, one ray through the screen centre,
 * fixed hole radius 10 cm (ours: the ragged edge leaves a hole ~0.82 r across, so the reference's
 * 6 cm opens ~5 px on the robot at 6 m and 640 × 360, 8 cm ~7 px, 10 cm 8 or more); full auto 10 shots/s while the trigger is held (4.5 cm, each shot
 * wandering up to WEAPON_AUTO_SPREAD off the aim, ours: the reference's all hit one point); shotgun
 * 2 shells/s, 15 pellets spread uniformly over a disc of radius 50 at distance 1000, hole radius
 * from 6 cm on the cone axis down to 2 cm at its edge. Marksman and shotgun are semi-automatic:
 * one shot per pull; a pull during the cooldown fires as soon as the gun is ready. The random
 * source is the weapon's own stream of base/rng.h, so the same seed gives the same pellets.
 */
#ifndef IMPRINT_CORE_WEAPON_H
#define IMPRINT_CORE_WEAPON_H

#include <stdbool.h>
#include <stdint.h>

#include "base/rng.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum weapon_kind { WEAPON_MARKSMAN, WEAPON_AUTO, WEAPON_SHOTGUN, WEAPON_KIND_COUNT } weapon_kind;

#define WEAPON_PELLETS 15
#define WEAPON_MAX_SHOTS 32
#define WEAPON_SPREAD (50.0f / 1000.0f)  /* tangent of the cone's half angle */
#define WEAPON_PELLET_RADIUS_MIN 0.02f
#define WEAPON_PELLET_RADIUS_MAX 0.06f
#define WEAPON_AUTO_SPREAD 0.02f         /* full auto: shots wander within this tangent */
#define WEAPON_HEAT_RANGE 8.0f           /* m: shotgun pellets farther than this only scorch */

typedef struct weapon_shot {
    float dir[3];      /* unit direction */
    float radius;      /* blast radius in metres */
    float axis_dist;   /* 0 on the cone axis, 1 on its rim (0 for single shots) */
} weapon_shot;

typedef struct weapon {
    weapon_kind kind;
    float cooldown;    /* seconds until the next shot may leave */
    float hold_left;   /* seconds the trigger stays down */
    bool held;         /* trigger held by the user (key/mouse) */
    bool held_was;     /* held in the previous step: a new press is a pull (weapon_trigger) */
    bool pending;      /* a pull waiting for the cooldown */
    rng rng;
    int shells;        /* trigger events fired so far */
    int pellets;       /* per shotgun shell, 1..WEAPON_MAX_SHOTS; WEAPON_PELLETS (the panel's damage.pellets) */
} weapon;

void weapon_init(weapon *w, weapon_kind kind, uint64_t seed);
/* Switch guns, keeping the random stream; the new gun is ready at once. */
void weapon_select(weapon *w, weapon_kind kind);
void weapon_press(weapon *w);
void weapon_hold(weapon *w, float seconds);
/* The user's trigger this step: down = held; pressed = an explicit pull event (a click, a
 * bumper); going down after being up is a pull too, so a semi-automatic fires once per press. */
void weapon_trigger(weapon *w, bool down, bool pressed);
/* Advance dt seconds; writes the shots that left the barrel (a shell is w->pellets pellets). A
 * zero or non-finite aim_dir (a script camera whose eye is its target) fires nothing. */
int weapon_update(weapon *w, float dt, const float aim_dir[3], weapon_shot *out, int max_out);

/* Whether a shot of this gun that meets armor dist metres away goes through (a hole) or only
 * heats it (scorch): shotgun pellets lose their punch beyond WEAPON_HEAT_RANGE. */
bool weapon_penetrates(weapon_kind kind, float dist);

/* The one table of weapon names, indexed by weapon_kind, NULL-terminated (base/names.h). */
extern const char *const weapon_names[WEAPON_KIND_COUNT + 1];
const char *weapon_name(weapon_kind kind);
/* A name of weapon_names -> kind; -1 if unknown. */
int weapon_from_name(const char *name);
float weapon_rate(weapon_kind kind);       /* trigger events per second */
/* Pellet hole radius for a pellet at normalized distance d (0 axis .. 1 rim) from the cone axis. */
float weapon_pellet_radius(float d);

#ifdef __cplusplus
}
#endif

#endif
