/* dissolve.h — the dissolve technique on the GPU: surfaces burn away along a noisy, glowing edge
 * while the mesh bulges (push) or is sucked into a point (pull).
 *
 *   dissolve *dv = dissolve_create(&(dissolve_desc){0});       // bakes + uploads the noise
 *   dissolve_params p = dissolve_params_defaults();             // core/dissolve_math.h
 *   p.amount = 0.4f; p.mode = DISSOLVE_MODE_PUSH; p.shape = DISSOLVE_SHAPE_DIRECTION;
 *   // any program that includes shaders/dissolve.glsl (main, shadow and depth passes alike):
 *   dissolve_uniforms u; dissolve_uniforms_lookup(prog, &u);     // once, after linking
 *   glUseProgram(prog);
 *   dissolve_bind(dv, &u, &p, DISSOLVE_PASS_MAIN);               // uniforms + noise texture
 *   ... draw ...                        (dissolve_unbind(&u): same program, mesh whole again)
 *   // or the module's own lit program for plain meshes (gallery, blown-off plates):
 *   dissolve_draw_mesh(dv, &gm, model, albedo, &p, DISSOLVE_PASS_SHADOW);
 *   dissolve_destroy(dv);
 *
 * Owns: the noise texture (R8, 256², repeat, all 9 mips uploaded from the CPU bake so GPU and
 * CPU mirror read identical bytes; it is generated at start-up, nothing is stored on disk), and
 * the lit/caster programs shaders/dissolve_mesh.{vert,frag}. The noise is bound to
 * DISSOLVE_UNIT_NOISE, a unit dissolve reserves for u_dissolve_noise (gfx_reserve_unit: every
 * program linked later gets it; dissolve_uniforms_lookup sets it on one linked before).
 * Meshes need a_snrm (attribute 4, core mesh builders fill it): push moves along it so hard
 * edges stay closed. Cull with dissolve_bounds() (core): pulled vertices leave the mesh's box.
 *
 * Pitfalls for the docs, switched at runtime (dissolve_set_pitfall; the app's `dissolve-pitfall`):
 *   one-sided     push weight without |d|: burnt vertices stay pushed, shards along the edge
 *   no-backoff    threshold starts at -edge_width, not -max(edge_width, band): bulge at amount 0
 *   object-space  push in object units: the bulge scales with the model
 *   hard-normals  push along the face normal instead of the smooth one: cracks at hard edges
 *   vertex-mip0   the vertex stage reads noise mip 0 instead of the blurred mip: spikes
 *   no-shadow     the shadow pass draws the mesh whole: the shadow ignores the dissolve
 *   bounds        the caller culls with the rest bounds (dissolve_bounds ignored): strands vanish
 * A pitfall in dissolve_params (other than none) wins over the module's.
 * Failure: dissolve_create logs and returns NULL when out of memory or the noise cannot be baked;
 * programs that do not compile are gfx's magenta fallback (the meshes drawn whole, in magenta).
 * Every other call accepts a NULL dissolve and then draws the mesh whole.
 */
#ifndef IMPRINT_DISSOLVE_DISSOLVE_H
#define IMPRINT_DISSOLVE_DISSOLVE_H

#include <cglm/cglm.h>

#include "dissolve/core/dissolve_math.h"
#include "dissolve/core/noise_bake.h"
#include "gfx/gl.h"
#include "gfx/mesh_gl.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The noise's texture unit (gfx/shader.h: a technique's own, GFX_UNIT_TECHNIQUE_FIRST..LAST). */
#define DISSOLVE_UNIT_NOISE 13

typedef struct dissolve dissolve;

typedef enum dissolve_pass { DISSOLVE_PASS_MAIN, DISSOLVE_PASS_SHADOW } dissolve_pass;

/* Locations of the u_dissolve_* uniforms of one program (-1: optimized away). */
typedef struct dissolve_uniforms {
    GLint on, mode, shape, hard_normals, pitfall, amount, noise_scale, noise_weight, edge_width, band, push, vertex_mip,
        inner_radius, radius, from, to, center, target, edge_color;
} dissolve_uniforms;

typedef struct dissolve_desc {
    noise_desc noise;         /* zero: 256², see core/noise_bake.h */
    dissolve_pitfall pitfall; /* the one switched on at start; zero: none */
} dissolve_desc;

dissolve *dissolve_create(const dissolve_desc *desc);
void dissolve_destroy(dissolve *dv);

/* Looks the u_dissolve_* uniforms of a linked program up, once (never per draw). */
void dissolve_uniforms_lookup(GLuint program, dissolve_uniforms *u);
/* Sets every u_dissolve_* uniform of the program in use (which must include dissolve.glsl; u from
 * its lookup) and binds the noise; applies the active pitfall. pass: shadow/depth draw or not. */
void dissolve_bind(const dissolve *dv, const dissolve_uniforms *u, const dissolve_params *p, dissolve_pass pass);
/* The program in use draws whole meshes (u_dissolve_on = 0). */
void dissolve_unbind(const dissolve_uniforms *u);
/* Draws a mesh with the module's lit program (MAIN, inside the renderer's main pass) or its
 * caster (SHADOW, inside the shadow pass); two-sided, so holes show the charred inside
 * (GFX_STATE_OPAQUE_TWO_SIDED, GFX_STATE_CASTER). */
void dissolve_draw_mesh(const dissolve *dv, const gfx_mesh *m, mat4 model, const vec3 albedo, const vec3 emissive,
                        const dissolve_params *p, dissolve_pass pass);

/* The same for a skinned mesh (gfx_mesh_set_skin) in bind space: palette[bones] maps bind space
 * to world (shaders/gfx_skin.glsl, at most 20 bones); every pass, the caster included, skins. */
void dissolve_draw_mesh_skinned(const dissolve *dv, const gfx_mesh *m, const mat4 *palette, int bones, const vec3 albedo,
                                const vec3 emissive, const dissolve_params *p, dissolve_pass pass);

/* With p->edge == DISSOLVE_EDGE_FADE: the alpha-blended fringe below the cut (core/dissolve_math.h),
 * drawn after the opaque meshes (GFX_DEPTH_LESS | GFX_BLEND_ALPHA, no depth write, two-sided);
 * nothing with DISSOLVE_EDGE_CUT. Fringes of different meshes are not sorted. */
void dissolve_draw_mesh_fringe(const dissolve *dv, const gfx_mesh *m, mat4 model, const vec3 albedo,
                               const dissolve_params *p);
/* The fields as colours, for debug views (drawn with GFX_STATE_OPAQUE_TWO_SIDED, unlit, nothing
 * discarded): D the fragment's signed distance to the edge (burnt red, intact blue, the edge
 * white), W the weight the vertex moves with (dark blue 0 .. yellow .. white 1). */
typedef enum dissolve_view { DISSOLVE_VIEW_D = 1, DISSOLVE_VIEW_W = 2 } dissolve_view;
void dissolve_draw_mesh_view(const dissolve *dv, const gfx_mesh *m, mat4 model, const dissolve_params *p,
                             dissolve_view view);

GLuint dissolve_noise_texture(const dissolve *dv);
/* The CPU copy of the uploaded noise, for the CPU mirror. */
const noise_tex *dissolve_noise_data(const dissolve *dv);
dissolve_pitfall dissolve_active_pitfall(const dissolve *dv);
void dissolve_set_pitfall(dissolve *dv, dissolve_pitfall p);

#ifdef __cplusplus
}
#endif

#endif
