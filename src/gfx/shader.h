/* shader.h — GLSL programs from files in shaders/, with #include and readable errors.
 *
 *   GLuint prog = gfx_program_load("damage_unwrap.vert", "damage_unwrap.frag", "#define MAX_SPHERES 64\n");
 *   never 0 for a failed compile or link: the log shows FILE:LINE, the message and the source line,
 *   and prog is the magenta fallback (gfx_program_is_fallback), so the scene keeps running, visibly
 *
 * Data directory: shaders are DIR/shaders/NAME, textures and other assets DIR/assets/NAME. A host
 * that ships them elsewhere says where once, before loading anything (every technique's shaders and
 * assets come through here):
 *   gfx_set_data_dir("/opt/game/imprint");   only there: a file missing from it is an error
 *                                            (logged with its path; magenta program, checker texture)
 *   gfx_set_data_dir(NULL);                  back to the default search, per file, first found:
 *     $IMPRINT_DATA_DIR, <executable's dir>/../share/imprint (build tree and install alike), the
 *     source tree the library was built from, <install prefix>/share/imprint (when the build
 *     defines IMPRINT_INSTALL_DATADIR, as imprint's CMake does).
 *
 * Files are looked up in the shader directory (gfx_data_path). `#include "name.glsl"` (relative to
 * shaders/) is expanded recursively (each file once per program, like #pragma once); a table from lines of the
 * expanded text to (file, line) maps driver messages ("0:12(3): error") back to
 * "shaders/name.glsl:12", printed with the offending line. `defines` (may be NULL) is inserted
 * after #version.
 *
 * After linking, conventions are applied once so no module repeats them:
 *   - the uniform block "Frame" is bound to GFX_UBO_FRAME (see common.glsl),
 *   - samplers with reserved names get their reserved texture unit (GFX_UNIT_*, and the names a
 *     technique reserved with gfx_reserve_unit),
 *   - vertex attributes use fixed locations: 0 a_pos, 1 a_nrm, 2 a_uv, 3 a_tan, 4 a_snrm,
 *     5 a_bones, 6 a_weights (skinned meshes, gfx_mesh_set_skin)
 *     (bound by name before linking, so shaders need no layout qualifiers).
 * Failure policy: a program that does not compile or link (or whose file is missing) is replaced
 * by a fallback built into the binary: it draws the caller's mesh (a_pos through u_model, identity
 * until set, and the Frame block's u_viewproj; u_light_viewproj when the defines say SHADOW_PASS)
 * in magenta, or a magenta fullscreen triangle when the vertex stage has no inputs. Uniforms the
 * fallback lacks have location -1, so setting them is a no-op. Each failure gets its own copy,
 * owned and deleted by the caller like any program. gfx_program_load_feedback has no fallback (its
 * result is captured, not seen): it returns 0 and the caller takes another path.
 */
#ifndef IMPRINT_GFX_SHADER_H
#define IMPRINT_GFX_SHADER_H

#include <stdbool.h>
#include <stddef.h>

#include "gfx/gl.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    GFX_UBO_FRAME = 0,
    /* reserved texture units, high so modules can use 0..11 freely */
    GFX_UNIT_SCENE_DEPTH = 12,    /* sampler2D u_scene_depth: resolved depth of the opaque pass */
    GFX_UNIT_TECHNIQUE_FIRST = 13, /* 13 and 14: a technique's own fixed units (gfx_reserve_unit) */
    GFX_UNIT_TECHNIQUE_LAST = 14,
    GFX_UNIT_SHADOW = 15,         /* sampler2DShadow u_shadow_map */
};

GLuint gfx_program_load(const char *vs_file, const char *fs_file, const char *defines);
/* Same, from source strings (tests); names are used in error messages. */
GLuint gfx_program_from_source(const char *vs_name, const char *vs_src, const char *fs_name, const char *fs_src,
                               const char *defines);
/* True for the magenta fallback a failed gfx_program_load / gfx_program_from_source returned. */
bool gfx_program_is_fallback(GLuint prog);
/* Vertex-only program capturing the listed varyings with transform feedback (interleaved); 0 on
 * failure (logged with FILE:LINE). */
GLuint gfx_program_load_feedback(const char *vs_file, const char *defines, const char *const *varyings, int count);

/* "FILE:LINE: message" of the first error of the most recent failed compile ("" if none). */
const char *gfx_shader_last_error(void);

/* Reads shaders/<name> with includes expanded; caller frees. NULL (logged) on failure. */
char *gfx_shader_source(const char *file, const char *defines);

/* The data directory for every later load (see the top); NULL or "" restores the default search.
 * gfx_data_dir() is the one set, NULL when none. Not thread-safe: set it before loading. */
void gfx_set_data_dir(const char *dir);
const char *gfx_data_dir(void);

/* Absolute path of a data file: "shaders/x.vert", "assets/y.png", in the data directory set or by
 * the default search (see the top). Returns false when not found (out still holds the first
 * candidate, for the error message). */
bool gfx_data_path(const char *rel, char *out, size_t outlen);

/* glGetUniformLocation; -1 when absent (not an error: optimized away). A lookup is a string search
 * in the driver: do it once after linking and keep the location in the module's struct, never per
 * draw (samplers on fixed units are set once there too). */
#define gfx_uniform(prog, name) glGetUniformLocation((prog), (name))

/* A technique's fixed unit for a sampler that other modules' shaders read too (a texture it binds
 * once for every program that includes its GLSL): every program linked afterwards gets `sampler`
 * on `unit`, like the GFX_UNIT_* names. unit in GFX_UNIT_TECHNIQUE_FIRST..LAST; reserving the same
 * name on the same unit again is a no-op. False (logged) when the unit is out of that range or
 * another name holds it. gfx_program_sampler sets it on a program linked before (the program
 * in use stays in use). */
bool gfx_reserve_unit(const char *sampler, int unit);
void gfx_program_sampler(GLuint prog, const char *sampler, int unit);

/* Labels a GL object when KHR_debug is available (readable frame captures). */
void gfx_label(GLenum identifier, GLuint name, const char *label);

#ifdef __cplusplus
}
#endif

#endif
