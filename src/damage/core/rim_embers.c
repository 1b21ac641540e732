/* Hot rims of fresh holes; see rim_embers.h. */
#include "damage/core/rim_embers.h"

#include <assert.h>
#include <math.h>
#include <string.h>

#include "damage/core/damage_fade.h"

void rim_embers_init(rim_embers *e)
{
    *e = (rim_embers){0};
}

float rim_embers_radius(float blast_radius)
{
    return blast_radius * (1.0f - 0.5f * (BLAST_ROUGH_MIN + BLAST_ROUGH_MAX));
}

void rim_embers_sync(rim_embers *e, const blast_state *bs)
{
    const int n = blast_count(bs);
    if (n < e->seen) rim_embers_init(e); /* blast_reset: the robot respawned whole */
    const blast_sphere *h = blast_history(bs);
    for (; e->seen < n; e->seen++) {
        rim_ember_hole o = {.radius = rim_embers_radius(h[e->seen].radius), .heat = 1.0f};
        mat4 unused;
        memcpy(o.center, h[e->seen].center, sizeof o.center);
        /* a blast in the air (its sphere reaches no surface) opens no hole */
        if (blast_bind_frame(bs, o.center, o.normal, unused) > h[e->seen].radius) continue;
        if (e->count == RIM_EMBERS_MAX) { /* the oldest goes */
            memmove(e->holes, e->holes + 1, (RIM_EMBERS_MAX - 1) * sizeof e->holes[0]);
            e->count--;
        }
        e->holes[e->count++] = o;
    }
}

void rim_embers_update(rim_embers *e, float dt, float hz)
{
    assert(hz > 0.0f && dt >= 0.0f);
    e->accum += dt;
    const float period = 1.0f / hz;
    for (; e->accum >= period; e->accum -= period) {
        int k = 0;
        for (int i = 0; i < e->count; i++) {
            e->holes[i].heat = fmaxf(e->holes[i].heat * DAMAGE_FADE_FACTOR - 1.0f / 255.0f, 0.0f);
            if (e->holes[i].heat > 0.0f) e->holes[k++] = e->holes[i];
        }
        e->count = k;
    }
    if (!e->count) e->accum = 0.0f; /* at rest: the next hole starts its own clock */
}

int rim_embers_points(const rim_embers *e, const blast_state *bs, float ember_heat, rng *r, int per_hole,
                      float (*out)[3], int max, int *hole_of)
{
    int n = 0;
    for (int i = 0; i < e->count && n < max; i++) {
        const rim_ember_hole *h = &e->holes[i];
        if (!(h->heat > ember_heat)) continue;
        /* two tangents of the surface at the centre */
        vec3 t1, t2, nrm = {h->normal[0], h->normal[1], h->normal[2]};
        glm_vec3_cross(nrm, fabsf(nrm[1]) < 0.9f ? (vec3){0.0f, 1.0f, 0.0f} : (vec3){1.0f, 0.0f, 0.0f}, t1);
        glm_vec3_normalize(t1);
        glm_vec3_cross(nrm, t1, t2);
        vec3 unused;
        mat4 to_world;
        blast_bind_frame(bs, h->center, unused, to_world);
        for (int k = 0; k < per_hole && n < max; k++, n++) {
            const float a = rng_range(r, 0.0f, 6.2831853f), c = cosf(a) * h->radius, s = sinf(a) * h->radius;
            vec3 p;
            for (int j = 0; j < 3; j++) p[j] = h->center[j] + c * t1[j] + s * t2[j];
            glm_mat4_mulv3(to_world, p, 1.0f, out[n]);
            if (hole_of) hole_of[n] = i;
        }
    }
    return n;
}
