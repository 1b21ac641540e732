/* head_lids.h — the blink: the lids shut over the eyeballs without crushing the skin (GL-free; a
 * part of head_build): the grid's lids do what they can within 2.5x, rigid shells the rest.
 *
 *   head_lids_blink(h, h->shape_dpos[HEAD_BLINK]);   // after h->eye_center is set
 *   head_lids_shells(h, skin_dpos, dpos + skin + mouth, dnrm + skin + mouth);   // h->lids
 *
 * In each grid column across an eye the neutral skin runs from the lower lid into the eyeball
 * (A), down to its deepest point (D), back out at the upper lid's margin (B), over the lid and up
 * under the brow. The blink turns every point about the eye's x axis (its distance from the
 * centre kept, so the skin in the ball stays in it): the upper lid down by its travel, from the top
 * row (HEAD_LIDS_TOP over the eye) to B as the way down to the power 1.3 (the crease turns less),
 * easing to nothing at D; the lower lid up by a
 * lift, likewise from HEAD_LIDS_BOTTOM under the eye; the upper lid is pulled onto the ball at
 * HEAD_LIDS_STANDOFF. Travel and lift cover the opening less HEAD_LIDS_GAP, capped so they change
 * slowly across the columns (the corners are blunt, so they stay partly open: the shells close them).
 * dpos: deltas at full weight in the skin's vertex order (grid vertices in the eyes' columns).
 */
#ifndef IMPRINT_CORE_WRINKLE_HEAD_LIDS_H
#define IMPRINT_CORE_WRINKLE_HEAD_LIDS_H

#include "wrinkle/core/head.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HEAD_LIDS_TOP 0.024f      /* m over the eye's centre: the highest skin the blink moves (under the brow) */
#define HEAD_LIDS_BOTTOM 0.020f   /* m under it: the lowest skin the column walk looks at */
#define HEAD_LIDS_STANDOFF 0.0016f /* m: the shut lid's skin over the ball */
#define HEAD_LIDS_GAP 0.0f        /* m of the ball between the lower lid's margin and the shut upper one's */
#define HEAD_LIDS_FADE 0.004f     /* m: opening height under which a column's blink fades out */

void head_lids_blink(const head_model *h, float (*dpos)[3]);

/* d, a shape's delta at skin point p, changed so it takes no skin in front of a ball and outside
 * it within HEAD_FROWN_LID_M of it (eased in over HEAD_FROWN_LID_SOFT more, pushed forward: pushed
 * along the ball's radius, at its flanks, it spread neighbours apart). The frown uses it: its
 * window reaches under the eyes' centres so that frown + blink keeps its edges within 2.5x (3.6x
 * when it stopped 2 mm over them), and pulled the lids' outer corners into the balls. */
#define HEAD_FROWN_LID_M 0.0006f    /* m: the least the frown leaves between a lid and its ball */
#define HEAD_FROWN_LID_SOFT 0.001f /* m over that over which it eases in */
void head_lids_off_the_ball(const head_model *h, const vec3 p, vec3 d);

/* The lid shells (h->lids): per eye a patch of a sphere about the eye's centre, HEAD_LIDS_SHELL_OUT
 * over the ball, spanning the opening the grid's shut lids leave (per grid column, from where the
 * shut lower lid leaves that sphere to where the shut upper one does, HEAD_LIDS_SHELL_UNDER more
 * each way and HEAD_LIDS_SHELL_SIDE past the outermost columns). Open (neutral) it lies inside the
 * ball, HEAD_LIDS_SHELL_IN under its surface and turned HEAD_LIDS_SHELL_TURN up about the eye's x
 * axis; the blink turns it down and out, every edge by the same factor. Its uv and tangents are
 * those of the shut skin's nearest grid vertex. skin_dpos: the skin's blink deltas; dpos, dnrm: the
 * shells' (h->lids.vertex_count = HEAD_LIDS_SHELL_VERTICES entries). False (logged) on failure. */
#define HEAD_LIDS_SHELL_COLS 24
#define HEAD_LIDS_SHELL_ROWS 12
#define HEAD_LIDS_SHELL_VERTICES (2 * (HEAD_LIDS_SHELL_COLS + 1) * (HEAD_LIDS_SHELL_ROWS + 1))
#define HEAD_LIDS_SHELL_OUT 0.0020f  /* m over the ball, shut: outside the grid lid (HEAD_LIDS_STANDOFF), so it is the lid seen where it covers */
#define HEAD_LIDS_SHELL_RIM 0.0008f  /* m over the ball at its ends round the corners, shut (eased to _OUT inward) */
#define HEAD_LIDS_SHELL_IN 0.005f    /* m under the ball's surface, open (with _OUT: it leaves the ball past blink ~0.83, 0.92 at its ends) */
#define HEAD_LIDS_SHELL_TURN 1.0f    /* radians turned up, open */
#define HEAD_LIDS_SHELL_UNDER 0.12f  /* radians tucked under the shut lids' skin above and below */
#define HEAD_LIDS_SHELL_SIDE 0.20f   /* radians past the outermost columns that cross the ball */
bool head_lids_shells(head_model *h, const float (*skin_dpos)[3], float (*dpos)[3], float (*dnrm)[3]);

#ifdef __cplusplus
}
#endif

#endif
