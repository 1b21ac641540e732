#include "mud/core/decals.h"
#include "base/alloc.h"
#include "base/log.h"

#include <assert.h>
#include <stdlib.h>

struct decal_pool {
    mud_decal *ring;
    int capacity, head, count; /* the oldest is ring[head] */
    float life, fade, last;
    long long added;
};

decal_pool *decal_pool_create(const decal_pool_desc *desc)
{
    decal_pool_desc d = desc ? *desc : (decal_pool_desc){0};
    decal_pool *p = ALLOC_STRUCT(decal_pool);
    if (!p) {
        log_error("decals: out of memory");
        return NULL;
    }
    p->capacity = d.capacity > 0 ? d.capacity : 1024;
    p->life = d.life > 0 ? d.life : 45.0f;
    p->fade = d.fade > 0 ? (d.fade < p->life ? d.fade : p->life) : (p->life < 30.0f ? p->life : 30.0f);
    p->ring = malloc((size_t)p->capacity * sizeof *p->ring);
    if (!p->ring) {
        log_error("decals: out of memory for %d splats", p->capacity);
        free(p);
        return NULL;
    }
    return p;
}

void decal_pool_destroy(decal_pool *p)
{
    if (!p) return;
    free(p->ring);
    free(p);
}

void decal_pool_add(decal_pool *p, float x, float z, float radius, float now)
{
    assert(now >= p->last);
    p->last = now;
    p->added++;
    if (p->count == p->capacity) { /* full: the oldest splat makes room */
        p->head = (p->head + 1) % p->capacity;
        p->count--;
    }
    p->ring[(p->head + p->count++) % p->capacity] = (mud_decal){x, z, radius, now};
}

void decal_pool_expire(decal_pool *p, float now)
{
    while (p->count && now - p->ring[p->head].born >= p->life) {
        p->head = (p->head + 1) % p->capacity;
        p->count--;
    }
}

int decal_pool_count(const decal_pool *p) { return p->count; }
int decal_pool_capacity(const decal_pool *p) { return p->capacity; }
long long decal_pool_added(const decal_pool *p) { return p->added; }

const mud_decal *decal_pool_get(const decal_pool *p, int i)
{
    assert(i >= 0 && i < p->count);
    return &p->ring[(p->head + i) % p->capacity];
}

float decal_pool_alpha(const decal_pool *p, int i, float now)
{
    float age = now - decal_pool_get(p, i)->born, a = (p->life - age) / p->fade;
    return a < 0.0f ? 0.0f : a > 1.0f ? 1.0f : a;
}

void decal_pool_splat(decal_pool *p, const terrain *t, const clod_landing *l, int n, float now)
{
    for (int i = 0; i < n; i++) {
        terrain_sample ts;
        terrain_sample_at(t, l[i].pos[0], l[i].pos[2], &ts);
        if (ts.mud < 0.5f) decal_pool_add(p, l[i].pos[0], l[i].pos[2], 0.15f + 2.4f * l[i].size, now);
    }
}

int decal_pool_draws(decal_pool *p, float now, decal_draw *out, int cap)
{
    decal_pool_expire(p, now);
    int n = p->count < cap ? p->count : cap;
    for (int i = 0; i < n; i++) {
        const mud_decal *d = decal_pool_get(p, i);
        out[i] = (decal_draw){d->x, d->z, d->radius, decal_pool_alpha(p, i, now)};
    }
    return n;
}
