/* particles.c — dense pool with swap-remove; see particles.h for why. */
#include "core/bb/particles.h"
#include "core/base/alloc.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/log.h"

particles *particles_create(const particles_desc *desc)
{
    const particles_desc d = desc ? *desc : (particles_desc){0};
    particles *p = ALLOC_STRUCT(particles);
    if (!p) goto fail;
    p->capacity = d.capacity > 0 ? d.capacity : PARTICLES_DEFAULT_CAPACITY;
    p->items = malloc((size_t)p->capacity * sizeof *p->items);
    p->motion = malloc((size_t)p->capacity * sizeof *p->motion);
    if (!p->items || !p->motion) goto fail;
    if (d.gravity[0] == 0.0f && d.gravity[1] == 0.0f && d.gravity[2] == 0.0f) {
        p->gravity[1] = -9.81f;
    } else {
        memcpy(p->gravity, d.gravity, sizeof p->gravity);
    }
    return p;
fail:
    log_error("particles: cannot allocate a pool of %d billboards", d.capacity > 0 ? d.capacity : PARTICLES_DEFAULT_CAPACITY);
    particles_destroy(p);
    return NULL;
}

void particles_destroy(particles *p)
{
    if (!p) return;
    free(p->items);
    free(p->motion);
    free(p);
}

particle *particles_acquire(particles *p, int atlas, int blend)
{
    assert(p && atlas >= 0 && atlas < BB_ATLAS_COUNT && blend >= 0 && blend < BB_BLEND_COUNT);
    if (p->alive >= p->capacity) {
        p->dropped++;
        return NULL;
    }
    particle *b = &p->items[p->alive];
    memset(b, 0, sizeof *b);
    memset(&p->motion[p->alive], 0, sizeof p->motion[0]);
    b->color = 0xffffffffu;
    b->atlas = (uint8_t)atlas;
    b->blend = (uint8_t)blend;
    p->group_alive[atlas * BB_BLEND_COUNT + blend]++;
    p->alive++;
    return b;
}

void particles_release(particles *p, int index)
{
    assert(p && index >= 0 && index < p->alive);
    p->group_alive[p->items[index].atlas * BB_BLEND_COUNT + p->items[index].blend]--;
    p->alive--;
    p->items[index] = p->items[p->alive];
    p->motion[index] = p->motion[p->alive];
}

void particles_clear(particles *p)
{
    assert(p);
    p->alive = 0;
    memset(p->group_alive, 0, sizeof p->group_alive);
}

void particles_step(particles *p, float dt)
{
    assert(p && dt >= 0.0f);
    const float gx = p->gravity[0] * dt, gy = p->gravity[1] * dt, gz = p->gravity[2] * dt;
    int i = 0;
    while (i < p->alive) {
        particle *b = &p->items[i];
        particle_motion *m = &p->motion[i];
        m->age += dt;
        if (m->age >= m->life) {
            /* the swapped-in particle is stepped on the next iteration, same i */
            particles_release(p, i);
            continue;
        }
        const float k = 1.0f / (1.0f + m->drag * dt);
        m->vel[0] = (m->vel[0] + gx * m->gravity) * k;
        m->vel[1] = (m->vel[1] + gy * m->gravity) * k;
        m->vel[2] = (m->vel[2] + gz * m->gravity) * k;
        b->pos[0] += m->vel[0] * dt;
        b->pos[1] += m->vel[1] * dt;
        b->pos[2] += m->vel[2] * dt;
        b->rot += m->spin * dt;
        b->size += m->grow * dt;
        if (b->size < 0.0f) b->size = 0.0f;
        b->phase = m->age * (m->frame_rate > 0.0f ? m->frame_rate : 1.0f / 0.030f);
        i++;
    }
}
