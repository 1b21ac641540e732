#include "wrinkle/core/head.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "base/names.h"
#include "wrinkle/core/head_ear.h"
#include "wrinkle/core/head_lids.h"
#include "wrinkle/core/head_mouth.h"

/* The skin is r = R(d) along every direction d from the origin: a star-shaped surface cannot fold
 * over itself, and a grid over directions gives unique UVs for free. */

const char *const head_shape_names[HEAD_MORPH_COUNT + 1] = {"brow_raise", "frown", "smile", "squint", "jaw_open", "nose_wrinkle", "blink", NULL};

/* Warp strength of the grid: larger = more of the grid (and texture) on the face. */
#define HEAD_WARP_U 2.0f
#define HEAD_WARP_V 1.2f
#define HEAD_EYE_PROTRUDE 0.0105f
#define HEAD_JAW_TAPER 0.33f /* how much narrower the face is at the chin than at the cheekbones */

static float head__smoothstep(float e0, float e1, float x)
{
    float t = glm_clamp((x - e0) / (e1 - e0), 0.0f, 1.0f);
    return t * t * (3.0f - 2.0f * t);
}

/* 1 on [a1, b1], 0 outside (a0, b0), smooth in between. */
static float head__plateau(float x, float a0, float a1, float b1, float b0)
{
    return head__smoothstep(a0, a1, x) * (1.0f - head__smoothstep(b1, b0, x));
}

static float head__smax(float a, float b, float k)
{
    float h = fmaxf(k - fabsf(a - b), 0.0f) / k;
    return fmaxf(a, b) + h * h * k * 0.25f;
}

static float head__gauss(float x, float y, float cx, float cy, float sx, float sy)
{
    float a = (x - cx) / sx, b = (y - cy) / sy;
    return expf(-(a * a + b * b));
}

/* Distance along d from the origin (inside) to where it leaves the ellipsoid. */
static float head__ellipsoid_exit(const vec3 d, const vec3 c, const vec3 r)
{
    vec3 o, dd;
    for (int k = 0; k < 3; k++) { o[k] = -c[k] / r[k]; dd[k] = d[k] / r[k]; }
    float a = glm_vec3_dot(dd, dd), b = 2.0f * glm_vec3_dot(o, dd), cc = glm_vec3_dot(o, o) - 1.0f;
    return (-b + sqrtf(fmaxf(b * b - 4.0f * a * cc, 0.0f))) / (2.0f * a);
}

/* Neck: a capsule cut flat at the bottom, its axis leaning forward (head_neck_axis_z: a sheared
 * cylinder, so along d the axis's z is an offset plus a multiple of d's height). It contains the
 * origin, so the exit distance is continuous over all directions (no crease where it meets the
 * skull); its round top hides inside. */
static float head__neck_exit_r(const vec3 d, float rn)
{
    const float ytop = -0.045f, ybot = HEAD_NECK_BOTTOM_Y;
    float oz = -head_neck_axis_z(0.0f), dz = d[2] - HEAD_NECK_LEAN * d[1];
    float a = d[0] * d[0] + dz * dz, b = 2.0f * oz * dz, c = oz * oz - rn * rn;
    float t = a > 1e-9f ? (-b + sqrtf(b * b - 4.0f * a * c)) / (2.0f * a) : 1e9f;
    if (d[1] < 0.0f) t = fminf(t, ybot / d[1]);
    if (t * d[1] <= ytop) return t;
    /* leaves through the round top: sphere centred on the axis at ytop */
    vec3 o = {0.0f, -ytop, -head_neck_axis_z(ytop)};
    float bb = glm_vec3_dot(o, (float *)d), cc = glm_vec3_dot(o, o) - rn * rn;
    return -bb + sqrtf(fmaxf(bb * bb - cc, 0.0f));
}

/* Neck radius at height y: a column that flares into the trapezius toward the cut. */
static float head__neck_radius(float y) { return 0.045f + 0.018f * head__smoothstep(-0.175f, HEAD_NECK_BOTTOM_Y, y); }

/* The neck with its flare (head__neck_radius at the height where d leaves it: fixed-point steps). */
static float head__neck_exit(const vec3 d)
{
    float t = head__neck_exit_r(d, head__neck_radius(-0.1f));
    for (int it = 0; it < 3; it++) t = head__neck_exit_r(d, head__neck_radius(t * d[1]));
    return t;
}

static float head__base_radius(const vec3 d)
{
    /* Adult proportions (issue 51, unit_head's table): a skull 151 mm wide, an egg narrower under
     * its equator (the temples over the arches: the face's widest, 137 mm, is at the arches) */
    const vec3 cc = {0.0f, 0.024f, -0.012f}, cr = {0.0745f, 0.0825f, 0.097f};
    float cranium = head__ellipsoid_exit(d, cc, cr);
    for (int it = 0; it < 2; it++) {
        float s = 1.0f - 0.12f * head__smoothstep(0.035f, -0.02f, cranium * d[1]);
        cranium = head__ellipsoid_exit((vec3){d[0] / s, d[1], d[2]}, cc, cr);
    }
    /* the chin: the face's ellipsoid moves forward for the directions through it (smooth in d) */
    vec3 fc = {0.0f, -0.044f, 0.006f + 0.011f * head__gauss(d[1], d[0], -0.83f, 0.0f, 0.16f, 0.30f)}, fr = {0.066f, 0.085f, 0.081f};
    /* the face narrows to the chin, its width x s(y) where d leaves it (two fixed-point steps as for
     * the neck's flare), less in front (bigonial 97 mm); under the gonions half the width the
     * ellipsoid's round bottom loses comes back: the jaw runs square to a broad chin, not a V */
    float face = head__ellipsoid_exit(d, fc, fr);
    for (int it = 0; it < 2; it++) {
        float y = face * d[1], s = 1.0f - HEAD_JAW_TAPER * head__smoothstep(-0.02f, -0.11f, y) * (1.0f - 0.45f * head__smoothstep(0.3f, 0.75f, d[2]));
        face = head__ellipsoid_exit((vec3){d[0] / (s + 0.5f * head__smoothstep(-0.08f, -0.125f, y)), d[1], d[2]}, fc, fr);
    }
    float r = head__smax(cranium, face, 0.032f);
    float neck = head__neck_exit(d);
    return head__smax(r, neck, 0.014f);
}

/* Hair above the hairline (the skin shader's skin_albedo draws the same line): 0 below, 1 above.
 * The sculpt lifts it a few millimetres, so the hairline is a small step, not a painted edge. */
static float head__hair(const vec3 p)
{
    float phi = fabsf(atan2f(p[0], p[2]));
    float line = 0.082f + (0.050f - 0.082f) * head__smoothstep(0.25f, 0.85f, phi);
    line += (0.046f - line) * head__smoothstep(1.05f, 1.35f, phi);
    line += (-0.075f - line) * head__smoothstep(1.7f, 2.4f, phi);
    return head__smoothstep(line - 0.008f, line + 0.008f, p[1]);
}

/* The upper lip's vermilion border above the slit at |x| = ax: the cupid's bow (two peaks over the
 * philtrum's ridges, a dip between them), falling to the corners. */
static float head_lip_border(float ax)
{
    float bow = 0.0100f + 0.0022f * expf(-powf((ax - 0.0055f) / 0.0040f, 2.0f)) - 0.0010f * expf(-powf(ax / 0.0022f, 2.0f));
    return bow * sqrtf(fmaxf(1.0f - powf(ax / HEAD_MOUTH_CORNER_X, 2.0f), 0.0f));
}

/* The lower lip's edge below the slit: fuller in the middle, tapering into the corners. */
static float head_lip_lower(float ax) { return 0.0105f * sqrtf(fmaxf(1.0f - powf(ax / (HEAD_MOUTH_CORNER_X - 0.001f), 2.0f), 0.0f)); }

/* Lips, philtrum, the barrel of the teeth and the fold under the lower lip; my = y - mouth line. */
static float head__mouth_relief(float ax, float my)
{
    float f = 0.0035f * head__gauss(ax, my, 0.0f, 0.002f, 0.040f, 0.030f); /* the teeth's barrel */
    /* upper lip: the skin from the nose rolls forward to the border, the vermilion pouts below it
     * and tucks back into the slit; the philtrum is a groove between two ridges above the bow */
    float b = head_lip_border(ax), lo = head_lip_lower(ax);
    float wu = 1.0f - head__smoothstep(0.012f, HEAD_MOUTH_CORNER_X + 0.002f, ax);
    float up = head__smoothstep(-0.0005f, 0.0035f, my) * (1.0f - head__smoothstep(b - 0.0035f, b + 0.0025f, my));
    f += 0.0046f * up * wu;
    f += 0.0020f * head__smoothstep(b - 0.004f, b, my) * (1.0f - head__smoothstep(b, 0.032f, my)) * wu; /* skin lip */
    f += 0.0006f * head__gauss(ax, my, 0.0f, b + 0.0003f, 0.008f, 0.0024f) * wu;    /* the border's roll */
    f += 0.0006f * head__gauss(ax, my, 0.0050f, 0.019f, 0.0026f, 0.008f);          /* philtrum ridges */
    f -= 0.0004f * head__gauss(ax, my, 0.0f, 0.018f, 0.0026f, 0.007f);             /* its groove */
    /* lower lip: fuller, its front below the slit, rolling back into the fold above the chin */
    float wl = 1.0f - head__smoothstep(0.010f, HEAD_MOUTH_CORNER_X, ax);
    float s = glm_clamp(-my / fmaxf(lo, 1e-4f), 0.0f, 1.2f);
    f += 0.0016f * wl * head__smoothstep(0.0f, 0.35f, s) * (1.0f - head__smoothstep(0.75f, 1.15f, s));
    f -= 0.0050f * head__gauss(ax, my, 0.0f, 0.0f, 0.024f, 0.0018f);               /* the slit's line */
    /* the corners tuck in: a small pit at each, the cheek bulging a little beyond it */
    f -= 0.0030f * head__gauss(ax, my, HEAD_MOUTH_CORNER_X + 0.0010f, 0.0f, 0.0032f, 0.0035f);
    f += 0.0015f * head__gauss(ax, my, HEAD_MOUTH_CORNER_X + 0.0065f, 0.001f, 0.004f, 0.007f);
    f -= 0.0025f * head__gauss(ax, my, 0.0f, -0.0175f, 0.016f, 0.0045f);           /* mentolabial fold */
    return f;
}

/* The neck's forms on the un-sculpted point p, as a height along the skin's normal (m): the two
 * sternocleidomastoids, each a ridge from behind the ear down and forward to the top of the
 * breastbone, and the larynx's prominence under the chin. */
static float head__neck_relief(const vec3 p)
{
    float y = p[1];
    if (y > -0.07f) return 0.0f;
    float a = atan2f(fabsf(p[0]), p[2] - head_neck_axis_z(y)); /* 0 in front, pi/2 at the side */
    float t = glm_clamp((y + 0.085f) / (HEAD_NECK_BOTTOM_Y + 0.085f), 0.0f, 1.0f);
    float scm = head__gauss(a, 0.0f, 1.75f + (0.32f - 1.75f) * t, 0.0f, 0.24f, 1.0f);
    float h = 0.0040f * scm * head__smoothstep(-0.075f, -0.11f, y);
    h += 0.0035f * head__gauss(a, y, 0.0f, -0.150f, 0.16f, 0.013f); /* the larynx */
    /* nothing at the cut, which stays flat (it is under the shirt's collar, 3 cm higher in front) */
    return h * head__smoothstep(-0.215f, -0.195f, y);
}

/* Radial relief of the features, a function of the un-sculpted point p. */
static float head__relief(const vec3 p)
{
    float x = p[0], ax = fabsf(p[0]), y = p[1];
    float front = head__smoothstep(0.01f, 0.05f, p[2]);
    float f = 0.0f;
    f += 0.005f * head__gauss(ax, y, 0.030f, HEAD_BROW_Y, 0.028f, 0.010f);     /* brow ridge */
    f += 0.002f * head__gauss(x, y, 0.0f, 0.022f, 0.012f, 0.010f);             /* glabella */
    f -= 0.011f * head__gauss(ax, y, HEAD_EYE_X, HEAD_EYE_Y, 0.026f, 0.011f);  /* eye socket */
    f -= 0.008f * head__gauss(ax, y, HEAD_EYE_X - 0.013f, HEAD_EYE_Y, 0.006f, 0.006f); /* inner corner */
    f += 0.006f * head__gauss(ax, y, HEAD_EYE_X + 0.0165f, HEAD_EYE_Y + 0.001f, 0.0040f, 0.0060f); /* outer corner: skin onto the ball's edge */
    /* lids: a thick upper lid over the top of the ball and a thinner lower one, meeting over the
     * ball's outer edge, make the opening almond-shaped; the upper lid's crease sits under the brow */
    f += 0.0090f * head__gauss(ax, y, HEAD_EYE_X + 0.001f, HEAD_EYE_Y + 0.0080f, 0.0165f, 0.0036f);
    f -= 0.0015f * head__gauss(ax, y, HEAD_EYE_X + 0.001f, HEAD_EYE_Y + 0.0135f, 0.012f, 0.0022f);
    f += 0.0045f * head__gauss(ax, y, HEAD_EYE_X + 0.002f, HEAD_EYE_Y - 0.0085f, 0.0150f, 0.003f);
    f += 0.0085f * head__gauss(ax, y, 0.047f, -0.018f, 0.022f, 0.022f);        /* cheekbone */
    f -= 0.0008f * head__gauss(ax, y, 0.047f, -0.052f, 0.013f, 0.015f);         /* the hollow under it */
    /* nose: a ridge that widens and rises from the root to a rounded tip over two wings */
    float t = glm_clamp((HEAD_NOSE_ROOT_Y - y) / (HEAD_NOSE_ROOT_Y - HEAD_NOSE_TIP_Y), 0.0f, 1.0f);
    float w = 0.0060f + 0.0070f * t, h = 0.0045f + 0.0095f * powf(t, 1.4f);
    float ends = y < HEAD_NOSE_TIP_Y ? head__gauss(0, y, 0, HEAD_NOSE_TIP_Y, 1, 0.0055f)
               : y > HEAD_NOSE_ROOT_Y ? head__gauss(0, y, 0, HEAD_NOSE_ROOT_Y, 1, 0.010f) : 1.0f;
    f += h * expf(-(x / w) * (x / w)) * ends;
    f += 0.0065f * head__gauss(x, y, 0.0f, HEAD_NOSE_TIP_Y + 0.002f, 0.0080f, 0.0075f); /* tip */
    f += 0.0025f * head__gauss(x, y, 0.0f, HEAD_NOSE_TIP_Y + 0.003f, 0.0055f, 0.0045f); /* its ball */
    f -= 0.0020f * head__gauss(x, y, 0.0f, HEAD_NOSE_ROOT_Y + 0.002f, 0.010f, 0.006f); /* the root's saddle */
    f += 0.0012f * head__gauss(x, y, 0.0f, -0.010f, 0.006f, 0.007f);                   /* the bridge's bone */
    f += 0.0095f * head__gauss(ax, y, HEAD_NOSE_WING_X - 0.0015f, HEAD_NOSE_WING_Y, 0.0055f, 0.0065f);
    f -= 0.0030f * head__gauss(ax, y, 0.0075f, HEAD_NOSE_TIP_Y - 0.0095f, 0.0040f, 0.0034f); /* nostrils */
    f -= 0.002f * head__gauss(ax, y, HEAD_NOSE_WING_X + 0.0075f, HEAD_NOSE_WING_Y + 0.001f, 0.003f, 0.006f); /* alar groove */
    f += head__mouth_relief(ax, y - HEAD_MOUTH_Y);
    f += 0.013f * head__gauss(x, y, 0.0f, HEAD_CHIN_Y + 0.010f, 0.038f, 0.012f);     /* chin boss */
    f *= front;
    f += 0.003f * head__gauss(y, p[2], -0.010f, 0.010f, 0.020f, 0.035f) * head__smoothstep(0.035f, 0.06f, ax); /* zygomatic arch */
    f += 0.002f * head__gauss(y, p[2], -0.087f, -0.012f, 0.028f, 0.040f) * head__smoothstep(0.02f, 0.055f, ax); /* jaw's angle */
    /* the mandible's lower border, straight in the side view from the chin's corner (z 75, y -118 mm)
     * to the angle (z -5, y -97): a 1.5 mm edge over it, the skin under it receding */
    float jb = y + 0.118f - (0.075f - p[2]) * 0.2625f, jw = 0.0015f * head__smoothstep(0.012f, 0.03f, ax) * head__plateau(p[2], -0.03f, -0.01f, 0.07f, 0.09f);
    f += jw * (head__plateau(jb, -0.003f, 0.003f, 0.008f, 0.03f) - expf(-powf((jb + 0.009f) / 0.006f, 2.0f)));
    f += (0.003f + 0.006f * head__smoothstep(0.03f, 0.10f, y)) * head__hair(p);
    /* the neck's relief is a height off its side: along the slanting ray, over its horizontal part */
    float n = head__neck_relief(p);
    if (n != 0.0f) {
        float len = glm_vec3_norm((float *)p);
        f += n * len / fmaxf(sqrtf(p[0] * p[0] + p[2] * p[2]), 0.3f * len);
    }
    return f;
}

static float head__radius(const vec3 d)
{
    float r0 = head__base_radius(d);
    vec3 p;
    glm_vec3_scale((float *)d, r0, p);
    return r0 + head__relief(p);
}

static float head__unwarp(float g, float k) { return atanhf(g * tanhf(k)) / k; }

static void head__direction(float u, float v, vec3 d)
{
    float g_u = glm_clamp(2.0f * u - 1.0f, -1.0f, 1.0f), g_v = glm_clamp(1.0f - 2.0f * v, -1.0f, 1.0f);
    float phi = GLM_PIf * head__unwarp(g_u, HEAD_WARP_U);
    float theta = GLM_PI_2f * (1.0f + head__unwarp(g_v, HEAD_WARP_V));
    d[0] = sinf(theta) * sinf(phi);
    d[1] = cosf(theta);
    d[2] = sinf(theta) * cosf(phi);
}

void head_surface_point(float u, float v, vec3 out)
{
    vec3 d;
    head__direction(u, v, d);
    glm_vec3_scale(d, head__radius(d), out);
}

void head_sculpt_point(float u, float v, vec3 out)
{
    vec3 d;
    head__direction(u, v, d);
    glm_vec3_scale(d, head__base_radius(d), out);
}

static void head__eye_center(int side, vec3 out)
{
    float x = side == 0 ? HEAD_EYE_X : -HEAD_EYE_X;
    vec3 d = {x, HEAD_EYE_Y, 0.08f}, p;
    /* find the skin point in front of the socket centre, then sink the ball into it */
    for (int it = 0; it < 4; it++) {
        glm_vec3_normalize(d);
        glm_vec3_scale(d, head__radius(d), p);
        glm_vec3_copy((vec3){x, HEAD_EYE_Y, p[2]}, d);
    }
    glm_vec3_copy((vec3){x, HEAD_EYE_Y, p[2] + HEAD_EYE_PROTRUDE - HEAD_EYE_RADIUS}, out);
}

bool head_inside(const head_model *h, const vec3 p)
{
    for (int s = 0; s < 2; s++)
        if (glm_vec3_distance2((float *)p, (float *)h->eye_center[s]) < HEAD_EYE_RADIUS * HEAD_EYE_RADIUS) return true;
    if (head_ear_sdf(p) < 0.0f) return true;
    float r = glm_vec3_norm((float *)p);
    if (r < 1e-6f) return true;
    vec3 d;
    glm_vec3_scale((float *)p, 1.0f / r, d);
    return r < head__radius(d);
}

/* ---- blendshapes: displacement fields with compact windows ---- */

static const float head__regions[HEAD_MORPH_COUNT][2][3] = {
    [HEAD_BROW_RAISE] = {{-0.075f, -0.002f, 0.0f}, {0.075f, 0.10f, 0.16f}},
    [HEAD_FROWN] = {{-0.06f, -0.006f, 0.02f}, {0.06f, 0.055f, 0.16f}},
    [HEAD_SMILE] = {{-0.07f, -0.097f, 0.0f}, {0.07f, -0.01f, 0.16f}},
    [HEAD_SQUINT] = {{-0.07f, -0.04f, 0.0f}, {0.07f, 0.03f, 0.16f}},
    [HEAD_JAW_OPEN] = {{-0.085f, -0.162f, -0.03f}, {0.085f, -0.060f, 0.16f}},
    [HEAD_NOSE_WRINKLE] = {{-0.045f, -0.085f, 0.03f}, {0.045f, 0.03f, 0.17f}},
    [HEAD_BLINK] = {{-HEAD_EYE_X - 0.022f, HEAD_EYE_Y - HEAD_LIDS_BOTTOM - 0.001f, 0.02f}, {HEAD_EYE_X + 0.022f, HEAD_EYE_Y + HEAD_LIDS_TOP + 0.001f, 0.16f}},
};

void head_jaw_turn(const vec3 p, vec3 dpos)
{
    const float hy = -0.015f, hz = -0.02f, a = HEAD_JAW_ANGLE;
    float ry = p[1] - hy, rz = p[2] - hz;
    dpos[0] = 0.0f;
    dpos[1] = ry * cosf(a) - rz * sinf(a) - ry;
    dpos[2] = ry * sinf(a) + rz * cosf(a) - rz;
}

void head_shape_region(int shape, vec3 lo, vec3 hi)
{
    assert(shape >= 0 && shape < HEAD_MORPH_COUNT);
    glm_vec3_copy((float *)head__regions[shape][0], lo);
    glm_vec3_copy((float *)head__regions[shape][1], hi);
}

/* side: which lip a vertex belongs to where the skin is split along the mouth (-1 lower, +1
 * upper; rows below / above the slit, the slit's lower copies count as lower). Only jaw_open
 * tells them apart: inside the mouth's width the lower lip turns with the jaw and the upper one
 * stays, so the slit opens; beyond the corners both follow the same smooth field. */
static void head__shape_delta(const head_model *h, int s, const vec3 p, int side, vec3 out)
{
    const float *lo = head__regions[s][0], *hi = head__regions[s][1];
    float x = p[0], ax = fabsf(p[0]), y = p[1], z = p[2], sx = x < 0 ? -1.0f : 1.0f;
    glm_vec3_zero(out);
    for (int k = 0; k < 3; k++)
        if (p[k] <= lo[k] || p[k] >= hi[k]) return;
    float wz = head__plateau(z, lo[2], lo[2] + 0.03f, hi[2] - 0.005f, hi[2]);
    switch (s) {
    case HEAD_BROW_RAISE: {
        float w = wz * head__plateau(x, lo[0], lo[0] + 0.03f, hi[0] - 0.03f, hi[0]) * head__plateau(y, lo[1], 0.022f, 0.035f, hi[1]);
        glm_vec3_copy((vec3){0.0f, 0.0095f * w, 0.001f * w}, out);
        break;
    }
    case HEAD_FROWN: {
        /* the inner brows down and 4.5 mm together from 2 cm out (the skin between them gathers) */
        float w = wz * head__plateau(x, lo[0], -0.035f, 0.035f, hi[0]) * head__plateau(y, lo[1], 0.026f, 0.034f, hi[1]);
        float in = 0.0045f * head__smoothstep(0.0f, 0.020f, ax) * (1.0f - 0.6f * head__smoothstep(0.025f, 0.05f, ax));
        glm_vec3_copy((vec3){-sx * in * w, -0.0068f * (1.0f - 0.5f * ax / 0.06f) * w, 0.0015f * w}, out);
        break;
    }
    case HEAD_SMILE: {
        float corner = wz * head__plateau(ax, 0.0f, 0.022f, 0.036f, hi[0]) * head__plateau(y, lo[1], -0.077f, -0.058f, -0.022f);
        float cheek = wz * head__plateau(ax, 0.02f, 0.035f, 0.05f, hi[0]) * head__plateau(y, -0.054f, -0.035f, -0.015f, hi[1]);
        out[0] = sx * (0.0055f * corner + 0.001f * cheek);
        out[1] = 0.0088f * corner + 0.004f * cheek;
        out[2] = -0.003f * corner + 0.003f * cheek;
        break;
    }
    case HEAD_SQUINT: {
        /* lids close toward the eye line from both sides, the cheek pushes up under the eye */
        float lids = wz * head__plateau(ax, 0.008f, 0.022f, 0.042f, 0.065f) * head__plateau(y, -0.02f, -0.004f, 0.01f, 0.024f);
        /* not the skin hidden deep in the ball (the blink folds it there) */
        lids *= head__smoothstep(HEAD_EYE_RADIUS - 0.004f, HEAD_EYE_RADIUS, glm_vec3_distance((float *)p, (float *)h->eye_center[x < 0.0f]));
        float cheek = wz * head__plateau(ax, 0.015f, 0.03f, 0.05f, hi[0]) * head__plateau(y, lo[1], -0.028f, -0.014f, -0.002f);
        out[1] = -0.0036f * tanhf((y - HEAD_EYE_Y) / 0.008f) * lids + 0.0025f * cheek;
        out[2] = 0.001f * cheek;
        break;
    }
    case HEAD_JAW_OPEN: {
        /* the jaw turns about the hinge below the ears; the lower lip goes with it */
        float wxz = head__plateau(x, lo[0], -0.06f, 0.06f, hi[0]) * head__plateau(z, lo[2], 0.01f, 0.15f, hi[2]);
        float cheek = head__plateau(y, lo[1], -0.127f, -0.072f, hi[1]);
        float open = 1.0f - head__smoothstep(0.4f * HEAD_MOUTH_CORNER_X, HEAD_MOUTH_CORNER_X, ax);
        float w = side < 0 ? cheek + (head__smoothstep(lo[1], -0.127f, y) - cheek) * open : cheek * (1.0f - open);
        head_jaw_turn(p, out);
        glm_vec3_scale(out, w * wxz, out);
        break;
    }
    case HEAD_NOSE_WRINKLE: {
        float wx = head__plateau(ax, -0.01f, -0.005f, 0.018f, 0.034f);
        float wings = wz * wx * head__plateau(y, -0.060f, -0.050f, -0.030f, -0.015f);
        float bridge = wz * wx * head__plateau(y, -0.025f, -0.01f, 0.008f, hi[1]);
        /* the upper lip lifts with the wings: 3.5 mm at the vermilion, less at the slit (lips together) */
        float lip = head__plateau(ax, -0.01f, -0.005f, 0.010f, 0.024f) * head__plateau(y, HEAD_MOUTH_Y - 0.014f, HEAD_MOUTH_Y + 0.008f, HEAD_MOUTH_Y + 0.014f, HEAD_MOUTH_Y + 0.032f);
        out[1] = 0.004f * wings - 0.0015f * bridge + 0.0035f * wz * lip;
        out[2] = -0.0005f * wings + 0.0005f * bridge;
        break;
    }
    case HEAD_BLINK: break; /* built per column over the eyes (head_lids.h) */
    default: assert(0);
    }
}

/* ---- mesh ---- */

static void head__grid_normals(mesh_data *m, int nu, int nv)
{
    mesh_compute_normals(m);
    int row = nu + 1;
    /* the seam column and the two pole rows are duplicated vertices: give them one normal */
    for (int j = 0; j <= nv; j++) {
        float *a = m->nrm[j * row], *b = m->nrm[j * row + nu];
        vec3 n;
        glm_vec3_add(a, b, n);
        glm_vec3_normalize(n);
        glm_vec3_copy(n, a);
        glm_vec3_copy(n, b);
    }
    for (int j = 0; j <= nv; j += nv) {
        vec3 n = {0};
        for (int i = 0; i < nu; i++) glm_vec3_add(n, m->nrm[j * row + i], n);
        glm_vec3_normalize(n);
        for (int i = 0; i <= nu; i++) glm_vec3_copy(n, m->nrm[j * row + i]);
    }
}

const char *head_shape_name(int shape) { return shape >= 0 && shape < HEAD_MORPH_COUNT ? head_shape_names[shape] : "?"; }

int head_shape_find(const char *name) { return names_find(head_shape_names, name); }

/* NULL (logged) when out of memory: head_build gives up and frees what it made. */
static void *head__alloc(size_t n)
{
    void *p = calloc(n, 1);
    if (!p) log_error("head: out of memory (%zu bytes)", n);
    return p;
}

/* The row of the grid along the lips' line, and its columns inside the mouth's width. */
static int head__slit_row(int nv)
{
    int best = 0;
    float best_d = 1e9f;
    for (int j = 0; j <= nv; j++) {
        vec3 p;
        head_sculpt_point(0.5f, (float)j / nv, p);
        float d = fabsf(p[1] - HEAD_MOUTH_Y);
        if (d < best_d) { best_d = d; best = j; }
    }
    return best;
}

/* Duplicated vertices of the slit get the normal and tangent of their twin wherever the two
 * coincide (the closed mouth shades as one surface). */
static void head__weld_slit(const head_model *h, mesh_data *m, bool tangents)
{
    for (int k = 0; k < h->slit_count; k++) {
        uint32_t a = h->slit_upper[k], b = h->slit_lower[k];
        if (glm_vec3_distance2(m->pos[a], m->pos[b]) > 1e-14f) continue;
        vec3 n;
        glm_vec3_add(m->nrm[a], m->nrm[b], n);
        glm_vec3_normalize(n);
        glm_vec3_copy(n, m->nrm[a]);
        glm_vec3_copy(n, m->nrm[b]);
        if (!tangents) continue;
        vec3 t;
        glm_vec3_add(m->tan[a], m->tan[b], t);
        glm_vec3_normalize(t);
        for (int c = 0; c < 3; c++) m->tan[a][c] = m->tan[b][c] = t[c];
    }
}

bool head_build(head_model *h, const head_desc *desc)
{
    assert(h && desc);
    memset(h, 0, sizeof *h);
    int nu = desc->slices ? desc->slices : HEAD_SLICES, nv = desc->stacks ? desc->stacks : HEAD_STACKS;
    if (nu < 32 || nu > 1024 || nv < 16 || nv > 1024) {
        log_error("head: grid %d x %d out of range (slices 32..1024, stacks 16..1024)", nu, nv);
        return false;
    }
    h->slices = nu;
    h->stacks = nv;
    mesh_data *m = &h->skin;
    for (int j = 0; j <= nv; j++) {
        for (int i = 0; i <= nu; i++) {
            float uv[2] = {(float)i / nu, (float)j / nv};
            vec3 p;
            head_surface_point(uv[0], uv[1], p);
            mesh_add_vertex(m, p, NULL, uv);
        }
    }
    if (m->failed) goto fail; /* the grid is indexed by row and column below */
    /* the mouth: the skin is split along the lips' row inside the mouth's width; the lower lip's
     * triangles use copies of the row's vertices (same place, same uv), the corners stay shared */
    int row = nu + 1, jm = head__slit_row(nv);
    h->slit_row = jm;
    uint32_t *lower_of = head__alloc((size_t)row * sizeof *lower_of); /* column -> its copy, 0 = none */
    h->slit_upper = head__alloc((size_t)row * sizeof *h->slit_upper);
    h->slit_lower = head__alloc((size_t)row * sizeof *h->slit_lower);
    if (!lower_of || !h->slit_upper || !h->slit_lower) {
        free(lower_of);
        goto fail;
    }
    for (int i = 0; i <= nu; i++) {
        uint32_t v = (uint32_t)(jm * row + i);
        if (m->pos[v][2] <= 0.0f || fabsf(m->pos[v][0]) >= HEAD_MOUTH_CORNER_X) continue;
        lower_of[i] = mesh_add_vertex(m, m->pos[v], NULL, m->uv[v]);
        h->slit_upper[h->slit_count] = v;
        h->slit_lower[h->slit_count] = lower_of[i];
        h->slit_count++;
    }
    for (int j = 0; j < nv; j++) {
        for (int i = 0; i < nu; i++) {
            uint32_t a = (uint32_t)(j * row + i), b = a + 1, c = a + (uint32_t)row, d = c + 1;
            if (j == jm - 1) { /* the band just below the slit: the lower lip */
                if (lower_of[i]) c = lower_of[i];
                if (lower_of[i + 1]) d = lower_of[i + 1];
            }
            /* at the poles one of the two is a point in 3D but still owns its piece of UV space */
            mesh_add_tri(m, a, b, d);
            mesh_add_tri(m, a, d, c);
        }
    }
    free(lower_of);
    if (m->failed) goto fail;
    /* the ears: sculpted apart (a star-shaped skin cannot fold), closed meshes after the grid's */
    h->ear_first_vertex = m->vertex_count;
    h->ear_first_index = m->index_count;
    /* as fine as the grid around them: at a coarser grid (face.detail < 1) coarser cells, down to
     * 2 mm (an ear's rim and folds are 3-6 mm across) */
    float ear_cell = HEAD_EAR_CELL * glm_clamp((float)HEAD_SLICES / (float)nu, 1.0f, 2.0f);
    if (!head_ears_append(m, ear_cell)) goto fail;
    head__grid_normals(m, nu, nv);
    head__weld_slit(h, m, false);
    mesh_compute_tangents(m);
    head_ears_tangents(m, h->ear_first_vertex);
    head__weld_slit(h, m, true);
    mesh_compute_smooth_normals(m, 1e-6f);
    if (m->failed || !head_mouth_build(h)) goto fail;

    /* Blendshape deltas, skin then mouth; skin normal deltas: the normals of the deformed skin. */
    for (int e = 0; e < 2; e++) head__eye_center(e, h->eye_center[e]); /* the blink shuts the lids over them */
    int n = m->vertex_count, nm = h->mouth.vertex_count, total = n + nm + HEAD_LIDS_SHELL_VERTICES;
    h->shape_vertex_count = total;
    mesh_data tmp = *m;
    tmp.pos = head__alloc((size_t)n * sizeof *tmp.pos);
    tmp.nrm = head__alloc((size_t)n * sizeof *tmp.nrm);
    for (int k = 0; k < HEAD_MORPH_COUNT; k++) {
        int s = k == 0 ? HEAD_BLINK : k - 1; /* the blink first: the frown gives way where it moves the lids */
        h->shape_dpos[s] = head__alloc((size_t)total * sizeof *h->shape_dpos[s]);
        h->shape_dnrm[s] = head__alloc((size_t)total * sizeof *h->shape_dnrm[s]);
        if (!tmp.pos || !tmp.nrm || !h->shape_dpos[s] || !h->shape_dnrm[s]) {
            free(tmp.pos);
            free(tmp.nrm);
            goto fail;
        }
        for (int v = 0; v < n; v++) {
            int side = v >= h->ear_first_vertex ? 1 : v >= row * (nv + 1) ? -1 : v / row >= jm ? 1 : -1;
            head__shape_delta(h, s, m->pos[v], side, h->shape_dpos[s][v]);
            /* the frown pulls the upper lids down over the balls, never into them (their corners
             * showed the white through the skin): a point it would take within HEAD_FROWN_LID_M of
             * a ball is held that far out along the ball's radius */
            if (s == HEAD_FROWN) head_lids_off_the_ball(h, m->pos[v], h->shape_dpos[s][v]);
        }
        if (s == HEAD_BLINK) {
            head_lids_blink(h, h->shape_dpos[s]);
            /* what the grid's lids leave open, the shells cover (the other shapes leave them be) */
            if (!head_lids_shells(h, (const float (*)[3])h->shape_dpos[s], h->shape_dpos[s] + n + nm, h->shape_dnrm[s] + n + nm)) {
                free(tmp.pos);
                free(tmp.nrm);
                goto fail;
            }
        }
        for (int v = 0; v < n; v++) glm_vec3_add(m->pos[v], h->shape_dpos[s][v], tmp.pos[v]);
        head__grid_normals(&tmp, nu, nv);
        head__weld_slit(h, &tmp, false);
        for (int v = 0; v < n; v++) glm_vec3_sub(tmp.nrm[v], m->nrm[v], h->shape_dnrm[s][v]);
        head_mouth_deltas(h, s, h->shape_dpos[s] + n, h->shape_dnrm[s] + n);
    }
    free(tmp.pos);
    free(tmp.nrm);

    for (int e = 0; e < 2; e++) {
        mesh_data ball = {0};
        mesh_build_sphere(&ball, HEAD_EYE_RADIUS, 32, 24);
        mat4 xf;
        glm_translate_make(xf, h->eye_center[e]);
        glm_rotate_x(xf, GLM_PI_2f, xf); /* the +y pole (uv.y = 1) becomes the pupil, looking +z */
        mesh_append(&h->eyes, &ball, xf);
        mesh_data_free(&ball);
    }
    if (h->eyes.failed) goto fail;
    return true;
fail:
    log_error("head: out of memory: no head model");
    head_free(h);
    return false;
}

void head_free(head_model *h)
{
    if (!h) return;
    mesh_data_free(&h->skin);
    mesh_data_free(&h->eyes);
    mesh_data_free(&h->mouth);
    mesh_data_free(&h->lids);
    free(h->slit_upper);
    free(h->slit_lower);
    free(h->mouth_anchor);
    free(h->mouth_jaw);
    for (int s = 0; s < HEAD_MORPH_COUNT; s++) {
        free(h->shape_dpos[s]);
        free(h->shape_dnrm[s]);
    }
    memset(h, 0, sizeof *h);
}

