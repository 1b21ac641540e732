/* skin_diffuse.h — pre-integrated skin diffuse, analytic (GL-free mirror of wrinkle_skin.frag's
 * skin_diffuse; a unit test holds the two to the same numbers and to the rule below).
 *
 *   float rgb[3];
 *   skin_diffuse(ndl, curvature, rgb);   // ndl = n.l in [-1, 1], curvature in 1/m (1 / radius)
 *
 * Light entering skin comes out a few millimetres away, red furthest. On a curved surface of
 * radius r that spreads the lit/unlit step of n.l over an angle ~ d / r: the diffuse of a channel
 * is the clamped n.l blurred by a Gaussian of width a_c = d_c x curvature. Near the terminator
 * n.l is the arc length, and a ramp blurred by a Gaussian has a closed form:
 *   D(s, a) = s Phi(s / a) + a phi(s / a)          (Phi, phi: the standard normal cdf and pdf)
 * divided by D(1, a) so that every channel is exactly 1 at n.l = 1: a lit grey stays grey. D
 * grows with a wherever s < 0 (dD/da = phi(s/a) > 0), so past the terminator red >= green >=
 * blue: the shadow edge bleeds red, more where the form is tighter (nose, lips, ears). Flat
 * skin (curvature -> 0) falls back to max(n.l, 0) with a small floor (SKIN_CURV_MIN).
 * Why not a screen-space blur: one pass and no extra target, the face already spends a pre-pass
 * on its wrinkles; why not a LUT: the closed form is cheap and needs no texture or sampler.
 */
#ifndef IMPRINT_WRINKLE_SKIN_DIFFUSE_H
#define IMPRINT_WRINKLE_SKIN_DIFFUSE_H

#ifdef __cplusplus
extern "C" {
#endif

#define SKIN_SCATTER_R_M 0.0090f /* scatter widths per channel (m): red travels furthest */
#define SKIN_SCATTER_G_M 0.0034f
#define SKIN_SCATTER_B_M 0.0020f
#define SKIN_CURV_MIN 8.0f       /* 1/m: even a broad cheek is a form, ~12 cm across */
#define SKIN_CURV_MAX 120.0f     /* 1/m: the tightest form scattered (~8 mm radius) */
#define SKIN_WIDTH_MAX 0.8f
#define SKIN_BLACK 1e-6f       /* a blurred ramp under this is 0 (far below one 8-bit step) */

/* Standard normal cdf, Abramowitz & Stegun 7.1.26 (|error| < 1.5e-7), as the shader has it. */
float skin_phi_cdf(float x);
/* One channel: blurred ramp of width a (> 0), normalized at s = 1. */
float skin_diffuse_channel(float s, float a);
void skin_diffuse(float ndl, float curvature, float out[3]);

#ifdef __cplusplus
}
#endif

#endif
