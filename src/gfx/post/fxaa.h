/* fxaa.h — the last pass of the post stack: FXAA (edge-directed anti-aliasing on the tone-mapped
 * image, after Lottes' FXAA 3.11 quality variant: the pixel and its 4 neighbours, and on edges
 * only the diagonals and a 3-step search along the edge (7 pixels each way)) and
 * contrast-adaptive sharpening (after AMD's CAS) in one full-size pass sharing the same taps.
 * Edges FXAA finds are smoothed; everywhere else the pixel is sharpened by an amount that falls
 * where local contrast nears black or white, so the half-size blurs and texture filtering lose
 * their softness without ringing.
 *
 *   gfx_fxaa *f = gfx_fxaa_create();
 *   gfx_fxaa_run(f, ldr_tex, fxaa_on, sharpen_on, &dst);   ldr_tex: sRGB-encoded, luma in alpha
 *   gfx_fxaa_destroy(f);
 *
 * The input must be filtered linearly (FXAA samples between pixels). Headless runs have no MSAA,
 * so this is their anti-aliasing; a window keeps its MSAA and still runs FXAA on what is left.
 * Timed as "post.fxaa" (sharpening included). Sharpen strength 0.5 (0..1). Each combination is
 * its own program (a software rasterizer runs both sides of a branch). When dst has a depth
 * attachment the pass is split in two draws so that only edge pixels pay for FXAA: the first
 * writes every non-edge pixel and leaves edges at depth 1 (dst's depth is overwritten), the
 * second, depth-tested, shades only the edges. Without depth it is one draw.
 * Failure: create returns NULL after logging.
 */
#ifndef IMPRINT_GFX_POST_FXAA_H
#define IMPRINT_GFX_POST_FXAA_H

#include <stdbool.h>

#include "gfx/gl.h"
#include "gfx/target.h"

typedef struct gfx_fxaa gfx_fxaa;

gfx_fxaa *gfx_fxaa_create(void);
void gfx_fxaa_destroy(gfx_fxaa *f);
void gfx_fxaa_run(gfx_fxaa *f, GLuint src, bool fxaa, bool sharpen, const gfx_target *dst);

#endif
