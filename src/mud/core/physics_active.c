/* physics_active.c — the active set: only blocks near the truck have bodies, so the world's cost
 * follows the truck and not the level; the poses of the rest wait in their records. */
#include "mud/core/physics_internal.h"

#include <math.h>
#include <string.h>

static bool block_wanted(const mud_physics *ph, int bx, int bz, float x, float z)
{
    float cx = ((float)bx + 0.5f) * TERRAIN_BLOCK_SIZE - x, cz = ((float)bz + 0.5f) * TERRAIN_BLOCK_SIZE - z;
    return cx * cx + cz * cz <= ph->d.active_radius * ph->d.active_radius;
}

static void wake_block_plants(mud_physics *ph, int bx, int bz)
{
    int n;
    const int *idx = plants_in_block(ph->plants, bx, bz, &n);
    for (int k = 0; k < n; k++) physics__plant_wake(ph, idx[k]);
}

int physics__block_index(const mud_physics *ph, float v)
{
    int b = (int)floorf(v / TERRAIN_BLOCK_SIZE);
    return b < 0 ? 0 : b >= ph->nb ? ph->nb - 1 : b;
}

void physics__update_active(mud_physics *ph)
{
    vec3 pos;
    vehicle_position(ph->truck, pos);
    float r = ph->d.active_radius;
    int nr[4] = {physics__block_index(ph, pos[0] - r), physics__block_index(ph, pos[2] - r), physics__block_index(ph, pos[0] + r), physics__block_index(ph, pos[2] + r)};
    int u[4] = {nr[0], nr[1], nr[2], nr[3]};
    if (ph->rect_valid) {
        u[0] = u[0] < ph->rect[0] ? u[0] : ph->rect[0];
        u[1] = u[1] < ph->rect[1] ? u[1] : ph->rect[1];
        u[2] = u[2] > ph->rect[2] ? u[2] : ph->rect[2];
        u[3] = u[3] > ph->rect[3] ? u[3] : ph->rect[3];
    }
    /* first everything that goes to sleep (frees slots), then what wakes */
    for (int pass = 0; pass < 2; pass++)
        for (int bz = u[1]; bz <= u[3]; bz++)
            for (int bx = u[0]; bx <= u[2]; bx++) {
                uint8_t *a = &ph->active[bz * ph->nb + bx];
                bool want = bx >= nr[0] && bx <= nr[2] && bz >= nr[1] && bz <= nr[3] && block_wanted(ph, bx, bz, pos[0], pos[2]);
                if (pass == 0 && *a && !want) {
                    int n;
                    const int *idx = plants_in_block(ph->plants, bx, bz, &n);
                    for (int k = 0; k < n; k++) physics__plant_sleep(ph, idx[k]);
                    *a = 0;
                } else if (pass == 1 && want) {
                    /* also retries plants left frozen while the cap was reached */
                    wake_block_plants(ph, bx, bz);
                    *a = 1;
                }
            }
    memcpy(ph->rect, nr, sizeof nr);
    ph->rect_valid = true;
    for (int i = 0; i < MUD_PHYSICS_MAX_CHUNKS; i++) {
        mud_chunk *c = &ph->chunks[i];
        if (!c->alive) continue;
        if (c->body >= 0) physics__chunk_pose_from_body(ph, c);
        bool act = ph->active[physics__block_index(ph, c->pos[2]) * ph->nb + physics__block_index(ph, c->pos[0])];
        if (c->body >= 0 && !act) physics__chunk_sleep(ph, i);
        else if (c->body < 0 && act) physics__chunk_wake(ph, i, NULL);
    }
}
