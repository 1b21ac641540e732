#include "mud/core/truck_dirt.h"
#include "base/mathx.h"

#include <math.h>
#include <string.h>

#define DIRT_REACH 1.3f /* metres along z a wheel throws mud on the body */

void truck_dirt_init(truck_dirt *td, const vehicle_desc *d, unsigned seed)
{
    memset(td, 0, sizeof *td);
    td->wheels = d->wheel_count < VEHICLE_MAX_WHEELS ? d->wheel_count : VEHICLE_MAX_WHEELS;
    /* the tyre bottoms hang r + rest_length + 0.3 below the body origin at full travel, about half
     * of it at rest (truck_model.c's hub_y) */
    const float tyre_bottom = -0.3f - 0.5f * d->rest_length - 0.1f - d->wheel_radius;
    td->clearance = TRUCK_DIRT_BELLY_Y - tyre_bottom;
    rng_seed(&td->r, (uint64_t)seed ^ 0x7d1a7d1aULL);
    rng_seed(&td->spray_r, (uint64_t)seed ^ 0x5b7a75b7ULL);
    /* truck_model.c: half width track + 0.12, from the tyres' tops to above the roof (1.32), the
     * bumpers' length */
    const float top = tyre_bottom + 2.0f * d->wheel_radius, front = 0.5f * d->wheelbase + d->wheel_radius + 0.35f;
    const float rear = -0.5f * d->wheelbase - d->wheel_radius - 0.3f;
    td->box_c[0] = 0.0f, td->box_c[1] = 0.5f * (top + 1.45f), td->box_c[2] = 0.5f * (front + rear);
    td->box_h[0] = d->track_half + 0.12f, td->box_h[1] = 0.5f * (1.45f - top), td->box_h[2] = 0.5f * (front - rear);
}

void truck_dirt_box(const truck_dirt *td, const vehicle *v, float world_to_box[16], float half[3])
{
    mat4 body, inv;
    vehicle_body_matrix(v, body);
    glm_mat4_inv_fast(body, inv);
    /* box space = body space - the box's centre */
    for (int a = 0; a < 3; a++) inv[3][a] -= td->box_c[a];
    memcpy(world_to_box, inv, sizeof(float) * 16);
    memcpy(half, td->box_h, sizeof td->box_h);
}

void truck_dirt_clean(truck_dirt *td)
{
    memset(td->owed, 0, sizeof td->owed);
    td->splats = 0;
}

void truck_dirt_hit(truck_dirt *td, const float pos[3], float radius)
{
    td->total++;
    if (td->splats >= TRUCK_DIRT_MAX_SPLATS) {
        td->dropped++;
        return;
    }
    truck_splat *s = &td->splat[td->splats++];
    memcpy(s->pos, pos, sizeof s->pos);
    s->radius = radius;
}

int truck_dirt_spray(truck_dirt *td, const vehicle *v, const float at[3], const float vel[3], int count)
{
    const float dt = 1.0f / 60.0f, g = -9.81f * TRUCK_SPRAY_GRAVITY, k = 1.0f / (1.0f + TRUCK_SPRAY_DRAG * dt);
    mat4 body, inv;
    vehicle_body_matrix(v, body);
    glm_mat4_inv_fast(body, inv);
    /* body space: the box's sides, front, back and top, its bottom lowered to the frame rails */
    const float lo[3] = {td->box_c[0] - td->box_h[0], TRUCK_DIRT_BELLY_Y, td->box_c[2] - td->box_h[2]};
    const float hi[3] = {td->box_c[0] + td->box_h[0], td->box_c[1] + td->box_h[1], td->box_c[2] + td->box_h[2]};
    int hits = 0;
    for (int n = 0; n < count; n++) {
        vec3 p = {at[0], at[1], at[2]}, u;
        for (int a = 0; a < 3; a++) u[a] = vel[a] + rng_range(&td->spray_r, -TRUCK_SPRAY_SPREAD, TRUCK_SPRAY_SPREAD);
        u[1] += rng_range(&td->spray_r, TRUCK_SPRAY_UP_MIN, TRUCK_SPRAY_UP_MAX);
        const float life = rng_range(&td->spray_r, TRUCK_SPRAY_LIFE_MIN, TRUCK_SPRAY_LIFE_MAX),
                    rad = rng_range(&td->spray_r, TRUCK_SPRAY_RADIUS_MIN, TRUCK_SPRAY_RADIUS_MAX);
        for (float age = dt; age < life; age += dt) {
            u[0] *= k, u[1] = (u[1] + g * dt) * k, u[2] *= k; /* particles.c's step */
            glm_vec3_muladds(u, dt, p);
            if (age < TRUCK_SPRAY_AGE) continue;
            vec3 q;
            glm_mat4_mulv3(inv, p, 1.0f, q);
            if (q[0] < lo[0] || q[0] > hi[0] || q[1] < lo[1] || q[1] > hi[1] || q[2] < lo[2] || q[2] > hi[2]) continue;
            truck_dirt_hit(td, p, rad);
            hits++;
            break;
        }
    }
    td->spray_hits += hits;
    return hits;
}

/* A splat at p (space m) of radius rad. */
static void splat_at(truck_dirt *td, mat4 m, float x, float y, float z, float rad)
{
    vec3 w;
    glm_mat4_mulv3(m, (vec3){x, y, z}, 1.0f, w);
    truck_dirt_hit(td, w, rad);
}

void truck_dirt_step(truck_dirt *td, const vehicle *v, float dt)
{
    const vehicle_desc *d = vehicle_get_desc(v);
    const float r = d->wheel_radius, hw = 0.5f * d->wheel_width;
    td->splats = 0;
    mat4 body;
    vehicle_body_matrix(v, body);
    mat4 inv;
    glm_mat4_inv_fast(body, inv);
    float mud_over = 0.0f;
    int touching = 0;
    for (int i = 0; i < td->wheels && i < vehicle_wheel_count(v); i++) {
        const vehicle_wheel *w = vehicle_wheel_at(v, i);
        if (!w->contact) continue;
        touching++;
        mud_over += fmaxf(w->sink, w->penetration);
        float depth = clampf(fmaxf(w->sink, w->penetration) / (0.5f * r), 0.0f, 1.0f);
        float speed = sqrtf(w->velocity[0] * w->velocity[0] + w->velocity[2] * w->velocity[2]);
        float slip = fabsf(w->slip);
        float fling = depth * (speed + 2.4f * slip) * dt;
        if (!(fling > 0.0f)) continue;
        td->owed[i] += fling * TRUCK_DIRT_SPLATS;
        mat4 wm;
        vehicle_wheel_matrix(v, i, wm);
        const float side = w->mount[0] < 0.0f ? -1.0f : 1.0f, lift = 0.55f + 0.1f * fminf(slip, 5.0f);
        for (; td->owed[i] >= 1.0f; td->owed[i] -= 1.0f) {
            const float pick = rng_float(&td->r), a = rng_range(&td->r, 0.0f, 2.0f * GLM_PIf);
            const float rad = rng_range(&td->r, 0.08f, 0.2f);
            if (pick < 0.5f) { /* the tread, wheel space (axle along x) */
                splat_at(td, wm, rng_range(&td->r, -hw, hw), r * cosf(a), r * sinf(a), rad);
            } else if (pick < 0.75f) { /* the arch over the wheel, body space */
                vec3 hub;
                glm_mat4_mulv3(inv, (float *)w->hub, 1.0f, hub);
                const float hub_y = hub[1];
                splat_at(td, body, w->mount[0] + rng_range(&td->r, -hw, hw), hub_y + r + rng_range(&td->r, 0.02f, 0.15f),
                         w->mount[2] + rng_range(&td->r, -0.8f, 0.8f) * r, rad);
            } else { /* the body side beside and behind it, lower more often */
                const float up = -lift * logf(1.0f - 0.9f * rng_float(&td->r));
                splat_at(td, body, side * (d->track_half + 0.12f), TRUCK_DIRT_BELLY_Y + up,
                         w->mount[2] + rng_range(&td->r, -DIRT_REACH, 0.5f * DIRT_REACH), rad);
            }
        }
    }
    /* the belly: the mud over the tyre bottoms deeper than the clearance */
    if (touching > 0) {
        const float over = mud_over / (float)touching - td->clearance;
        if (over > 0.0f) {
            float speed = 0.0f;
            for (int i = 0; i < vehicle_wheel_count(v); i++) speed += fabsf(vehicle_wheel_at(v, i)->velocity[0]) + fabsf(vehicle_wheel_at(v, i)->velocity[2]);
            td->owed[VEHICLE_MAX_WHEELS] += (1.0f + speed) * fminf(over / 0.1f, 1.0f) * dt * TRUCK_DIRT_SPLATS;
        }
        for (; td->owed[VEHICLE_MAX_WHEELS] >= 1.0f; td->owed[VEHICLE_MAX_WHEELS] -= 1.0f) {
            const float half = 0.5f * d->wheelbase + d->wheel_radius;
            splat_at(td, body, rng_range(&td->r, -d->track_half, d->track_half), TRUCK_DIRT_BELLY_Y,
                     rng_range(&td->r, -half, half), rng_range(&td->r, 0.15f, 0.3f));
        }
    }
}
