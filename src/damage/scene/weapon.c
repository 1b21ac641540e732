#include "damage/scene/weapon.h"

#include "base/names.h"

#include <assert.h>
#include <math.h>
#include <string.h>

const char *const weapon_names[WEAPON_KIND_COUNT + 1] = {"marksman", "auto", "shotgun", NULL};
static const float rates[WEAPON_KIND_COUNT] = {4.0f, 10.0f, 2.0f};
static const float radii[WEAPON_KIND_COUNT] = {0.10f, 0.045f, 0.0f};

/* A pull that lands this close to the end of the cooldown counts as on time: summed float
 * steps of 1/60 s leave a rounding residue that would otherwise cost a whole frame. */
#define COOLDOWN_EPS 1e-4f

const char *weapon_name(weapon_kind kind) { return kind >= 0 && kind < WEAPON_KIND_COUNT ? weapon_names[kind] : "?"; }

int weapon_from_name(const char *name)
{
    return names_find(weapon_names, name);
}

float weapon_rate(weapon_kind kind) { return rates[kind]; }

float weapon_pellet_radius(float d)
{
    d = d < 0 ? 0 : d > 1 ? 1 : d;
    /* smooth falloff: big holes where the pattern is dense */
    float s = 1.0f - d * d;
    return WEAPON_PELLET_RADIUS_MIN + (WEAPON_PELLET_RADIUS_MAX - WEAPON_PELLET_RADIUS_MIN) * s;
}

void weapon_init(weapon *w, weapon_kind kind, uint64_t seed)
{
    memset(w, 0, sizeof *w);
    w->kind = kind;
    w->pellets = WEAPON_PELLETS;
    rng_seed(&w->rng, seed);
}

void weapon_select(weapon *w, weapon_kind kind)
{
    w->kind = kind;
    w->cooldown = 0;
    w->pending = false;
}

void weapon_press(weapon *w) { w->pending = true; }

void weapon_hold(weapon *w, float seconds) { w->hold_left = seconds; }

void weapon_trigger(weapon *w, bool down, bool pressed)
{
    if (pressed || (down && !w->held_was)) weapon_press(w);
    w->held_was = down;
    w->held = down;
}

static void basis(const float d[3], float u[3], float v[3])
{
    /* any vector not parallel to d */
    float a[3] = {0, 1, 0};
    if (fabsf(d[1]) > 0.9f) { a[0] = 1; a[1] = 0; }
    u[0] = a[1] * d[2] - a[2] * d[1];
    u[1] = a[2] * d[0] - a[0] * d[2];
    u[2] = a[0] * d[1] - a[1] * d[0];
    float n = sqrtf(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
    for (int k = 0; k < 3; k++) u[k] /= n;
    v[0] = d[1] * u[2] - d[2] * u[1];
    v[1] = d[2] * u[0] - d[0] * u[2];
    v[2] = d[0] * u[1] - d[1] * u[0];
}

static int emit(weapon *w, const float aim[3], weapon_shot *out, int max_out)
{
    float d[3] = {aim[0], aim[1], aim[2]};
    float n = sqrtf(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    /* the aim is the camera's forward, and a script may put the eye on its target: no direction,
     * no shot (the trigger pull is spent, as if the gun jammed) */
    if (!(n > 1e-12f) || !isfinite(n)) return 0;
    for (int k = 0; k < 3; k++) d[k] /= n;
    w->shells++;
    float u[3], v[3];
    basis(d, u, v);
    if (w->kind != WEAPON_SHOTGUN) {
        if (max_out < 1) return 0;
        if (w->kind == WEAPON_AUTO) {
            /* bloom: a held rifle wanders a little, so a burst spreads instead of
             * threading every round through the first hole */
            float r = sqrtf(rng_float(&w->rng)) * WEAPON_AUTO_SPREAD, a = 2.0f * 3.14159265f * rng_float(&w->rng);
            float len = 0;
            for (int k = 0; k < 3; k++) { d[k] += r * (cosf(a) * u[k] + sinf(a) * v[k]); len += d[k] * d[k]; }
            len = sqrtf(len);
            for (int k = 0; k < 3; k++) d[k] /= len;
        }
        out[0] = (weapon_shot){{d[0], d[1], d[2]}, radii[w->kind], 0};
        return 1;
    }
    int count = max_out < w->pellets ? max_out : w->pellets;
    for (int i = 0; i < count; i++) {
        /* uniform over the disc of radius spread at unit distance */
        float r = sqrtf(rng_float(&w->rng)), a = 2.0f * 3.14159265f * rng_float(&w->rng);
        float x = r * cosf(a) * WEAPON_SPREAD, y = r * sinf(a) * WEAPON_SPREAD;
        float p[3], len = 0;
        for (int k = 0; k < 3; k++) { p[k] = d[k] + x * u[k] + y * v[k]; len += p[k] * p[k]; }
        len = sqrtf(len);
        out[i] = (weapon_shot){{p[0] / len, p[1] / len, p[2] / len}, weapon_pellet_radius(r), r};
    }
    return count;
}

int weapon_update(weapon *w, float dt, const float aim_dir[3], weapon_shot *out, int max_out)
{
    const float period = 1.0f / rates[w->kind];
    int n = 0;
    bool down = w->held || w->hold_left > 0;
    bool autofire = w->kind == WEAPON_AUTO && down;
    /* Shots due at the start of this step leave now; the cooldown then runs for dt. */
    if (autofire) {
        /* keep the rate exact: the next shot is due one period after the last one was due */
        while (w->cooldown <= COOLDOWN_EPS && max_out - n >= 1) {
            n += emit(w, aim_dir, out + n, max_out - n);
            w->cooldown += period;
        }
        w->pending = false;
    } else if (w->pending && w->cooldown <= COOLDOWN_EPS) {
        n += emit(w, aim_dir, out, max_out);
        w->cooldown += period;
        w->pending = false;
    }
    w->cooldown -= dt;
    /* an idle gun does not bank shots */
    if (!autofire && !w->pending && w->cooldown < 0) w->cooldown = 0;
    if (w->hold_left > 0) w->hold_left = w->hold_left > dt ? w->hold_left - dt : 0;
    return n;
}

bool weapon_penetrates(weapon_kind kind, float dist) { return kind != WEAPON_SHOTGUN || dist <= WEAPON_HEAT_RANGE; }
