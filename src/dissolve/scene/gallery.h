/* gallery.h — the dissolve gallery's items and their cycle on the CPU (GL-free).
 *
 *   dissolve_gallery *g = ALLOC_STRUCT(dissolve_gallery);
 *   mesh_data meshes[DISSOLVE_GALLERY_MAX] = {0};
 *   dissolve_gallery_guest guests[] = {{"robot", robot_builder}, {"head", head_builder}};
 *   dissolve_gallery_build(g, guests, 2, meshes);   // items: box, sphere, crystals, then the guests
 *   ... upload meshes[i] for g->items[i], free them ...
 *   each fixed step:  dissolve_gallery_update(g, dt, resume_pressed, up_minus_down);
 *   each draw:        dissolve_params p = dissolve_gallery_params(g, i);
 *   `dissolve A`:     dissolve_gallery_fix(g, A);
 *   g->mode, g->shape are set directly (keys 1-6, `dissolve-mode`, `dissolve-shape`).
 *
 * Items: a box subdivided 24 cells per side, a sphere, a faceted crystal cluster, then up to
 * DISSOLVE_GALLERY_GUESTS guests: meshes of other scenes, built by the builders the caller hands
 * in (the app's scene registry lends the range's robot and the face's head, so this module names
 * neither). The first guest stands at the back at its own size, the second on the right scaled
 * 2.6x (a head brought to the props' size); each is stood with its bottom 1 cm above the ground.
 * A guest whose builder fails is left out. Each item has its model matrix, albedo, world bounds at
 * rest and a phase in the cycle.
 * Cycle (dissolve_gallery_cycle), DISSOLVE_GALLERY_CYCLE_S long: whole for the first 10 %, burns
 * out until 45 %, gone until 55 %, comes back until 90 %, whole again; smoothstepped. Every item
 * runs it shifted by its phase.
 * Orb: the pull target and sphere-shape centre circles above the gallery, dipping low enough to
 * drag the meshes sideways. Fixed amount (`dissolve A`, Up/Down): every item at that amount, the
 * cycle's clock and the orb stand still, so captures compare cleanly; `resume` starts them again.
 * Up/Down move the amount at 0.4 per second, starting from where the cycle was.
 */
#ifndef IMPRINT_CORE_DISSOLVE_GALLERY_H
#define IMPRINT_CORE_DISSOLVE_GALLERY_H

#include <stdbool.h>

#include <cglm/cglm.h>

#include "base/json.h"
#include "base/mesh.h"
#include "dissolve/core/dissolve_math.h"

#ifdef __cplusplus
extern "C" {
#endif

#define DISSOLVE_GALLERY_MAX 6
#define DISSOLVE_GALLERY_GUESTS 2
#define DISSOLVE_GALLERY_CYCLE_S 10.0f

typedef struct dissolve_gallery_item {
    mat4 model;
    vec3 lo, hi;     /* world bounds at rest */
    vec3 center;     /* world bounding sphere at rest */
    float radius;
    vec3 albedo;
    const char *name;
    float phase;     /* seconds into the cycle at time 0 */
    float amount;
} dissolve_gallery_item;

typedef struct dissolve_gallery {
    dissolve_gallery_item items[DISSOLVE_GALLERY_MAX];
    vec3 target;     /* the orb: pull target and sphere-shape centre */
    int count;
    float time;      /* of the cycle and the orb: stands still while the amount is fixed */
    bool fixed;
    float fixed_amount;
    dissolve_mode mode;   /* default push */
    dissolve_shape shape; /* default direction */
    long long vertices, triangles;
} dissolve_gallery;

/* A mesh of another scene: build fills *out (empty on entry; smooth normals for push) and says
 * where its bottom is (*bottom_y, model units); false when it cannot be built. */
typedef struct dissolve_gallery_guest {
    const char *name; /* the item's name ("robot") */
    bool (*build)(mesh_data *out, float *bottom_y, float detail);
} dissolve_gallery_guest;

/* Amount in [0, 1] at t seconds into the cycle (any t >= 0; periodic). */
float dissolve_gallery_cycle(float t);
/* Resets *g and fills meshes[0..count-1] (zeroed on entry; the caller frees them): the props,
 * then guests[0..nguests-1] (at most DISSOLVE_GALLERY_GUESTS; guests may be NULL when 0), at mesh
 * density detail (0.5..1, dissolve.detail: 1 = full; the guests get it too). Returns count. */
int dissolve_gallery_build(dissolve_gallery *g, const dissolve_gallery_guest *guests, int nguests,
                           mesh_data meshes[DISSOLVE_GALLERY_MAX], float detail);
/* One step: resume goes back to the cycle; nudge in [-1, 1] moves a fixed amount (Up/Down). */
void dissolve_gallery_update(dissolve_gallery *g, float dt, bool resume, float nudge);
void dissolve_gallery_fix(dissolve_gallery *g, float amount);
/* The amount shown: the fixed one, else the first item's. */
float dissolve_gallery_amount(const dissolve_gallery *g);
/* The gallery's `stats` keys into the open object: dissolve_amount, dissolve_cycling,
 * dissolve_mode, dissolve_shape, dissolve_items, dissolve_item_amounts, dissolve_target. */
void dissolve_gallery_write_stats(const dissolve_gallery *g, json_writer *w);
/* Parameters of item i: its amount, the mode and shape, burning top to bottom across the item
 * (direction) or from the side facing the orb (sphere shell spanning the item). */
dissolve_params dissolve_gallery_params(const dissolve_gallery *g, int i);

#ifdef __cplusplus
}
#endif

#endif
