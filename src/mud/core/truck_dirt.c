#include "mud/core/truck_dirt.h"
#include "base/mathx.h"

#include <math.h>
#include <string.h>

#define DIRT_REACH 1.3f   /* metres along z a wheel throws mud on the body */
#define DIRT_TYRE_RATE 0.08f
#define DIRT_BODY_RATE 0.04f

void truck_dirt_init(truck_dirt *td, const vehicle_desc *d)
{
    memset(td, 0, sizeof *td);
    td->wheels = d->wheel_count;
    /* the model's length (truck_model.c) and the tyre bottoms at full suspension travel */
    td->z0 = -0.5f * d->wheelbase - d->wheel_radius - 0.45f;
    td->z1 = 0.5f * d->wheelbase + d->wheel_radius + 0.45f;
    td->y0 = -0.3f - d->rest_length - d->wheel_radius;
    td->y1 = td->y0 + 1.8f;
}

void truck_dirt_clean(truck_dirt *td)
{
    memset(td->cell, 0, sizeof td->cell);
    memset(td->tyre, 0, sizeof td->tyre);
}

void truck_dirt_step(truck_dirt *td, const vehicle *v, float dt)
{
    const vehicle_desc *d = vehicle_get_desc(v);
    for (int i = 0; i < td->wheels && i < vehicle_wheel_count(v); i++) {
        const vehicle_wheel *w = vehicle_wheel_at(v, i);
        if (!w->contact) continue;
        float depth = clampf(fmaxf(w->sink, w->penetration) / (0.5f * d->wheel_radius), 0.0f, 1.0f);
        float speed = sqrtf(w->velocity[0] * w->velocity[0] + w->velocity[2] * w->velocity[2]);
        float slip = fabsf(w->slip);
        float fling = depth * (speed + 2.4f * slip) * dt;
        if (!(fling > 0.0f)) continue;
        td->tyre[i] += (1.0f - td->tyre[i]) * fminf(fling * DIRT_TYRE_RATE, 1.0f);
        int side = w->mount[0] < 0.0f ? 0 : 1;
        float lift = 0.55f + 0.1f * fminf(slip, 5.0f); /* a spinning tyre throws higher */
        for (int r = 0; r < TRUCK_DIRT_H; r++) {
            float hy = ((float)r + 0.5f) / TRUCK_DIRT_H * (td->y1 - td->y0);
            float fy = expf(-hy / lift);
            for (int c = 0; c < TRUCK_DIRT_W; c++) {
                float z = td->z0 + ((float)c + 0.5f) / TRUCK_DIRT_W * (td->z1 - td->z0);
                float fz = 1.0f - fabsf(z - w->mount[2]) / DIRT_REACH;
                if (fz <= 0.0f) continue;
                float *cell = &td->cell[side][r][c];
                *cell += (1.0f - *cell) * fminf(fling * DIRT_BODY_RATE * fz * fy, 1.0f);
            }
        }
    }
}

float truck_dirt_amount(const truck_dirt *td)
{
    float tyres = 0.0f, body = 0.0f;
    for (int i = 0; i < td->wheels; i++) tyres += td->tyre[i];
    for (int s = 0; s < 2; s++)
        for (int r = 0; r < TRUCK_DIRT_H / 2; r++)
            for (int c = 0; c < TRUCK_DIRT_W; c++) body += td->cell[s][r][c];
    return 0.5f * tyres / (float)(td->wheels > 0 ? td->wheels : 1) + 0.5f * body / (2.0f * (TRUCK_DIRT_H / 2) * TRUCK_DIRT_W);
}

static uint8_t to_byte(float v) { return (uint8_t)floorf(clampf(v, 0.0f, 1.0f) * 255.0f + 0.5f); }

void truck_dirt_pack(const truck_dirt *td, uint8_t out[TRUCK_DIRT_TEX_W * TRUCK_DIRT_TEX_H])
{
    for (int s = 0; s < 2; s++)
        for (int r = 0; r < TRUCK_DIRT_H; r++)
            for (int c = 0; c < TRUCK_DIRT_W; c++) out[(s * TRUCK_DIRT_H + r) * TRUCK_DIRT_TEX_W + c] = to_byte(td->cell[s][r][c]);
    uint8_t *row = out + 2 * TRUCK_DIRT_H * TRUCK_DIRT_TEX_W;
    memset(row, 0, TRUCK_DIRT_TEX_W);
    for (int i = 0; i < td->wheels; i++) row[i] = to_byte(td->tyre[i]);
}
