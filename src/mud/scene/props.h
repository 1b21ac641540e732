/* props.h — the mud level's plants and mud chunks on the GPU, and the physics debug view.
 *
 *   mud_props *mp = mud_props_create(NULL);
 *   shadow pass: mud_props_draw(mp, MUD_PASS_SHADOW, light_viewproj, focus, ph, MUD_PROPS_ALL);
 *   main pass:   mud_props_draw(mp, MUD_PASS_MAIN, viewproj, eye, ph, MUD_PROPS_ALL);
 *   view:        GLuint tex = mud_props_physics_view(mp, ph, w, h);   in prepare, after renderer_begin_frame
 *   mud_props_destroy(mp);
 *
 * Owns one unit mesh per model (mud/core/prop_models.h: tree, bush, rock, chunk; box, sphere and
 * cylinder for the view) whose VAO also reads a per-instance buffer (a 4x4 matrix and a tint, 80
 * bytes an instance, room for `capacity` instances per pass), the instanced program (main, shadow
 * caster, unshadowed debug: shaders/mud_props.*) and the view's RGBA8 + depth target (made on
 * first use, resized with the screen).
 * Drawing: ONE instanced draw per model and pass: every plant of that kind whose block lies within
 * draw_distance of eye (the shadow pass: within 40 m, the sun's map) and whose bounding sphere
 * meets the frustum, then the alive chunks likewise. Plants of every block are drawn, active or
 * not (an inactive block keeps its plants' poses). Instances past `capacity` are dropped.
 * The physics view draws every collision shape that exists (truck white, plants green, chunks
 * brown; a capsule as a cylinder and two spheres) over a dark background from this frame's camera
 * (the Frame uniform block).
 * Failure: create returns NULL after logging (a shader error).
 */
#ifndef IMPRINT_MUD_PROPS_H
#define IMPRINT_MUD_PROPS_H

#include <cglm/cglm.h>

#include "mud/core/physics.h"
#include "gfx/gl.h"
#include "mud/mud.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { MUD_PROPS_PLANTS = 1, MUD_PROPS_CHUNKS = 2, MUD_PROPS_ALL = 3 };

typedef struct mud_props_desc {
    int capacity;        /* instances per model and pass; default 4096 */
    float draw_distance; /* metres; default 160 */
} mud_props_desc;

typedef struct mud_props_stats {
    int plants_drawn; /* last main pass */
    int chunks_drawn;
    int draws;        /* instanced draws of the last main pass */
} mud_props_stats;

typedef struct mud_props mud_props;

mud_props *mud_props_create(const mud_props_desc *desc);
void mud_props_destroy(mud_props *mp);
/* layers: MUD_PROPS_PLANTS | MUD_PROPS_CHUNKS (the scene's `layer plants|chunks on|off`). */
void mud_props_draw(mud_props *mp, mud_pass pass, mat4 viewproj, const vec3 eye, mud_physics *ph, unsigned layers);
GLuint mud_props_physics_view(mud_props *mp, const mud_physics *ph, int width, int height);
const mud_props_stats *mud_props_get_stats(const mud_props *mp);

#ifdef __cplusplus
}
#endif

#endif
