/* bb_anim.h — atlas animation math shared by the CPU batchers and mirrored in shaders/bb_common.glsl.
 *
 *   float blend;
 *   int f = bb_anim_frame(age, frame_time, start, loop, &blend);  // cell to show, blend to f+1
 *   int f = bb_anim_frame_phase(age / frame_time, start, loop, &blend);  // the same from a phase
 *   float uv[4]; bb_anim_cell_uv(f, uv);                          // u0, v0 (bottom-left), u1, v1 (top-right)
 *
 * An atlas is an 8 x 8 grid (BB_ANIM_COLS x BB_ANIM_ROWS) read row by row from the top-left
 * of the image: frame 0 is the top-left cell, frame 7 the top-right, frame 63 the bottom-right.
 * Textures are uploaded bottom row first (gfx_texture_load flips, as GL expects), so in GL
 * texture space row r of the image spans v in [1 - (r+1)/8, 1 - r/8]; a quad corner at
 * (x, y) in [-0.5, 0.5]^2 samples the cell at (u0, v0) + (x + 0.5, y + 0.5) * cell size. 64 frames, 30 ms each by default (the reference's numbers).
 * A clamped animation holds its last frame with blend 0; a looped one wraps to frame 0.
 * bb_anim_frame_phase is the CPU mirror of bb_frame() in shaders/bb_common.glsl: batcher A sends
 * the phase (frames elapsed, fractional) and lets the vertex shader pick the cells.
 * Other grids (a caller's atlas, bb_atlas.grid): the _grid variants take the columns and rows
 * (at most BB_ANIM_FRAMES cells, read in the same order); the plain ones are the 8 x 8 grid.
 * Inputs are trusted (asserted): age >= 0, frame_time >= 0 (0 = default), start < 64.
 */
#ifndef IMPRINT_CORE_BB_ANIM_H
#define IMPRINT_CORE_BB_ANIM_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BB_ANIM_COLS 8
#define BB_ANIM_ROWS 8
#define BB_ANIM_FRAMES (BB_ANIM_COLS * BB_ANIM_ROWS)
#define BB_ANIM_FRAME_TIME 0.030f

/* Frame index (0..63) shown at `age`; *blend (may be NULL) is the weight of the next frame. */
int bb_anim_frame(float age, float frame_time, int start, bool loop, float *blend);
/* The same for phase = age / frame_time (>= 0). */
int bb_anim_frame_phase(float phase, int start, bool loop, float *blend);
/* Frame that follows f in the atlas (wraps 63 -> 0; a clamped end has blend 0 so it is never seen). */
static inline int bb_anim_next(int f) { return (f + 1) % BB_ANIM_FRAMES; }
/* uv rect of cell f in GL texture space: uv[0..1] = bottom-left (u0, v0), uv[2..3] = top-right (u1, v1). */
void bb_anim_cell_uv(int f, float uv[4]);
/* The same two for a grid of cols x rows cells (cols * rows <= BB_ANIM_FRAMES): a loop wraps at
 * cols * rows, a clamped animation holds cell cols * rows - 1. */
int bb_anim_frame_grid(float phase, int start, bool loop, int cols, int rows, float *blend);
void bb_anim_cell_uv_grid(int f, int cols, int rows, float uv[4]);

#ifdef __cplusplus
}
#endif

#endif
