/* particles.c — dense pool with swap-remove; see particles.h for why. */
#include "core/particles.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"

particles *particles_create(const particles_desc *desc)
{
    const particles_desc d = desc ? *desc : (particles_desc){0};
    particles *p = calloc(1, sizeof *p);
    if (!p) goto fail;
    p->capacity = d.capacity > 0 ? d.capacity : PARTICLES_DEFAULT_CAPACITY;
    p->items = malloc((size_t)p->capacity * sizeof *p->items);
    if (!p->items) goto fail;
    if (d.gravity[0] == 0.0f && d.gravity[1] == 0.0f && d.gravity[2] == 0.0f) {
        p->gravity[1] = -9.81f;
    } else {
        memcpy(p->gravity, d.gravity, sizeof p->gravity);
    }
    return p;
fail:
    log_error("particles: cannot allocate a pool of %d billboards", d.capacity > 0 ? d.capacity : PARTICLES_DEFAULT_CAPACITY);
    free(p);
    return NULL;
}

void particles_destroy(particles *p)
{
    if (!p) return;
    free(p->items);
    free(p);
}

particle *particles_acquire(particles *p)
{
    assert(p);
    if (p->alive >= p->capacity) {
        p->dropped++;
        return NULL;
    }
    particle *b = &p->items[p->alive++];
    memset(b, 0, sizeof *b);
    b->color = 0xffffffffu;
    return b;
}

void particles_release(particles *p, int index)
{
    assert(p && index >= 0 && index < p->alive);
    p->items[index] = p->items[--p->alive];
}

void particles_clear(particles *p)
{
    assert(p);
    p->alive = 0;
}

void particles_step(particles *p, float dt)
{
    assert(p && dt >= 0.0f);
    const float gx = p->gravity[0] * dt, gy = p->gravity[1] * dt, gz = p->gravity[2] * dt;
    int i = 0;
    while (i < p->alive) {
        particle *b = &p->items[i];
        b->age += dt;
        if (b->age >= b->life) {
            /* the swapped-in particle is stepped on the next iteration, same i */
            particles_release(p, i);
            continue;
        }
        const float k = 1.0f / (1.0f + b->drag * dt);
        b->vel[0] = (b->vel[0] + gx * b->gravity) * k;
        b->vel[1] = (b->vel[1] + gy * b->gravity) * k;
        b->vel[2] = (b->vel[2] + gz * b->gravity) * k;
        b->pos[0] += b->vel[0] * dt;
        b->pos[1] += b->vel[1] * dt;
        b->pos[2] += b->vel[2] * dt;
        b->rot += b->spin * dt;
        b->size += b->grow * dt;
        if (b->size < 0.0f) b->size = 0.0f;
        i++;
    }
}
