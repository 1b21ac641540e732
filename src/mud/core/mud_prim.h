/* mud_prim.h — the wheel primitive: what one wheel in contact does to the mud in one step (GL-free).
 *
 *   mudfield_wheel w;
 *   if (mud_prim_form(wheel, radius, width, surface_under_hub, &w)) {
 *       mudfield_stamp(field, &w);                 the CPU physics field
 *       mudfield_stamp_layout(field, &w, &geom);   the same primitive for the GPU's render targets
 *   }
 *
 * A wheel forms a primitive when it touches the ground, rolls in the ground plane (a wheel on its
 * side has no rolling direction) and its tyre bottom is below the mud surface: position (hub),
 * radius, width, unit rolling direction (xz), contact velocity (xz), spin slip and penetration =
 * the larger of the wheel's own (mud ahead of the tyre) and the surface above the tyre bottom.
 */
#ifndef IMPRINT_CORE_MUD_PRIM_H
#define IMPRINT_CORE_MUD_PRIM_H

#include <stdbool.h>

#include "mud/core/mudfield.h"
#include "mud/core/vehicle.h"

#ifdef __cplusplus
extern "C" {
#endif

bool mud_prim_form(const vehicle_wheel *w, float radius, float width, float surface, mudfield_wheel *out);
/* The tyre's tread on a formed primitive: spacing = 2 pi radius / lugs, the desc's depth, and the
 * phase radius x spin (reduced to one spacing), so the print lines up with the drawn lugs
 * (truck_model.h puts lug i at spin angle 2 pi i / lugs). */
void mud_prim_tread(const vehicle_desc *d, const vehicle_wheel *w, mudfield_wheel *p);

#ifdef __cplusplus
}
#endif

#endif
