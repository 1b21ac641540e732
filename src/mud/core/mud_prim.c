#include "mud/core/mud_prim.h"

#include <math.h>

bool mud_prim_form(const vehicle_wheel *w, float radius, float width, float surface, mudfield_wheel *out)
{
    if (!w->contact) return false;
    float bottom = w->hub[1] - radius;
    float pen = fmaxf(w->penetration, surface - bottom);
    if (!(pen > 0.0f)) return false;
    float fl = sqrtf(w->forward[0] * w->forward[0] + w->forward[2] * w->forward[2]);
    if (fl < 1e-4f) return false; /* wheel on its side: no rolling direction */
    *out = (mudfield_wheel){
        .center = {w->hub[0], w->hub[1], w->hub[2]},
        .radius = radius, .width = width,
        .forward = {w->forward[0] / fl, w->forward[2] / fl},
        .velocity = {w->velocity[0], w->velocity[2]},
        .slip = w->slip, .penetration = pen};
    return true;
}

void mud_prim_tread(const vehicle_desc *d, const vehicle_wheel *w, mudfield_wheel *p)
{
    if (!(d->tread_depth > 0.0f)) return; /* a smooth tyre */
    p->tread_spacing = 2.0f * 3.14159265f * d->wheel_radius / (float)d->tread_lugs;
    p->tread_depth = d->tread_depth;
    p->tread_phase = fmodf(d->wheel_radius * w->spin, p->tread_spacing);
}
