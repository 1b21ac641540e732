/* head_lids.c — the blink's deltas, built column by column over the eyes (head_lids.h). */
#include "wrinkle/core/head_lids.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"

#define LIDS_SLOPE_IN 1.0f  /* the most a lid's travel changes (m) a metre across the eye, from the inner */
#define LIDS_SLOPE_OUT 2.0f /* corner in and from the outer one: the corners close less */
#define LIDS_CREASE_EASE 1.3f /* the upper lid's turn, from the top row to its margin, goes as the way down to this power */
#define LIDS_ONTO 0.008f /* m of travel from which the upper lid lies on the ball (less, less so) */
#define LIDS_HOLD 0.15f  /* the upper lid leaves the ball for the brow between these fractions of */
#define LIDS_BLEND 0.65f /* the way from its margin to the top row */

static float lids__smoothstep(float e0, float e1, float x)
{
    float t = fminf(fmaxf((x - e0) / (e1 - e0), 0.0f), 1.0f);
    return t * t * (3.0f - 2.0f * t);
}

/* 0 at 0 and 1 at 1, flat at 0 and of slope 1 at 1: the turn along the hidden skin's arms, least
 * change where the arms meet (running across the turn there) */
static float lids__ease(float f) { return f * f * (2.0f - f); }

/* A point of the column's plane about the eye's centre: angle up from the forward axis, radius. */
typedef struct lids_polar {
    float a, r;
} lids_polar;

static lids_polar lids__polar(const float *c, const float *p)
{
    float y = p[1] - c[1], z = p[2] - c[2];
    return (lids_polar){atan2f(y, z), sqrtf(y * y + z * z)};
}

/* The point at arc length s along the polyline pts[0..n) with cumulative lengths len[] (clamped). */
static void lids__at(const float (*pts)[3], const float *len, int n, float s, float out[3])
{
    int k = 0;
    while (k < n - 2 && len[k + 1] < s) k++;
    float seg = len[k + 1] - len[k], f = seg > 1e-9f ? fminf(fmaxf((s - len[k]) / seg, 0.0f), 1.0f) : 0.0f;
    for (int q = 0; q < 3; q++) out[q] = pts[k][q] + (pts[k + 1][q] - pts[k][q]) * f;
}

/* The shut place of the column's point at polar p3 = (angle, radius in the plane at dx_ref from
 * the centre) for a vertex dx from it: the same distance from the eye's centre in 3D. */
static void lids__place(const float *c, const float p3[2], float dx_ref, const float *v, float out[3])
{
    float r3 = p3[1] * p3[1] + dx_ref * dx_ref, dx = v[0] - c[0];
    float r = sqrtf(fmaxf(r3 - dx * dx, 1e-10f));
    out[0] = v[0];
    out[1] = c[1] + r * sinf(p3[0]);
    out[2] = c[2] + r * cosf(p3[0]);
}

/* One column of the grid over one eye: its skin vertices vid[0..n) from the bottom up (scratch:
 * their positions, arc lengths and distances from the eye's centre). travel < 0: only measures,
 * returning how far its upper margin could come down (the opening less the gap, along the shut
 * lid; -1 when the column does not cross the ball); else writes its deltas, the upper margin
 * coming down by travel and the lower one up by lift (at most what travel leaves open). */
static float lids__column(const head_model *h, const float *c, const int *vid, int n, float (*pts)[3], float *s, float *r3,
                          float travel, float lift_mm, float (*dpos)[3])
{
    const mesh_data *m = &h->skin;
    const float R = HEAD_EYE_RADIUS;
    s[0] = 0.0f;
    for (int k = 0; k < n; k++) {
        for (int q = 0; q < 3; q++) pts[k][q] = m->pos[vid[k]][q];
        if (k) s[k] = s[k - 1] + glm_vec3_distance(pts[k - 1], pts[k]);
        r3[k] = glm_vec3_distance(pts[k], (float *)c);
    }
    int ka = -1, kb = -1;
    for (int k = 0; k < n; k++)
        if (r3[k] < R) {
            if (ka < 0) ka = k;
            kb = k;
        }
    if (ka <= 0 || kb >= n - 1) return -1.0f; /* the column misses the ball, or the walk does not reach past it */
    /* where the column enters the ball from the lower lid (A) and leaves it at the upper lid's
     * margin (B), and its deepest point in it (D) */
    float fa = (r3[ka - 1] - R) / (r3[ka - 1] - r3[ka]), fb = (R - r3[kb]) / (r3[kb + 1] - r3[kb]);
    float sa = s[ka - 1] + fa * (s[ka] - s[ka - 1]), sb = s[kb] + fb * (s[kb + 1] - s[kb]);
    int kd = ka;
    for (int k = ka; k <= kb; k++) kd = r3[k] < r3[kd] ? k : kd;
    float sd = s[kd];
    vec3 pa, pb;
    lids__at((const float (*)[3])pts, s, n, sa, pa);
    lids__at((const float (*)[3])pts, s, n, sb, pb);
    /* the top: the row HEAD_LIDS_TOP over the centre (the walk's rows rise) */
    int kt = -1;
    for (int k = kb; k < n - 1; k++)
        if (pts[k][1] <= c[1] + HEAD_LIDS_TOP && pts[k + 1][1] > c[1] + HEAD_LIDS_TOP) kt = k;
    if (kt < 0) return -1.0f;
    float ft = (c[1] + HEAD_LIDS_TOP - pts[kt][1]) / (pts[kt + 1][1] - pts[kt][1]);
    float st = s[kt] + ft * (s[kt + 1] - s[kt]);

    float dx = pb[0] - c[0];
    float rs = sqrtf(fmaxf((R + HEAD_LIDS_STANDOFF) * (R + HEAD_LIDS_STANDOFF) - dx * dx, 1e-10f));
    lids_polar A = lids__polar(c, pa), B = lids__polar(c, pb);
    if (B.a <= A.a) return -1.0f;
    /* the opening, less the gap, as an angle about the eye's x axis times the shut lid's radius
     * over the eye's middle (the lid turns by that angle; at the corners it lies further out from
     * that axis than the ball, so the turn is measured there, where it moves the skin most) */
    const float rl = R + HEAD_LIDS_STANDOFF;
    float most = rl * (B.a - A.a) - HEAD_LIDS_GAP * rl / rs;
    if (travel < 0.0f) return fmaxf(most, 0.0f);
    travel = fminf(travel, fmaxf(most, 0.0f));
    float lift = fminf(fmaxf(lift_mm, 0.0f), fmaxf(most - travel, 0.0f));
    float down = travel / rl, up = lift / rl;
    /* the upper lid comes onto the ball as far as it slides (a lid that does not close stays) */
    float onto = lids__smoothstep(0.0f, LIDS_ONTO, travel);

    /* Every point turns about the eye's centre (across the column: keeping its distance from the
     * centre, so what is in the ball stays in it): the lower lid up by the lift, evenly from the
     * walk's bottom to A and on to D; the upper one down by the travel, evenly from the top to B
     * and on to D (the hidden skin's deep middle, running across the turn, turns least). */
    for (int k = 1; k <= kt; k++) {
        lids_polar P = lids__polar(c, pts[k]);
        float turn;
        if (s[k] <= sa) turn = up * s[k] / fmaxf(sa, 1e-9f);
        else if (s[k] <= sd) turn = up * lids__ease((sd - s[k]) / fmaxf(sd - sa, 1e-9f));
        else if (s[k] < sb) turn = -down * lids__ease((s[k] - sd) / fmaxf(sb - sd, 1e-9f));
        else turn = -down * powf((st - s[k]) / fmaxf(st - sb, 1e-9f), LIDS_CREASE_EASE);
        float a = P.a + turn;
        /* turned in its own plane across the eye (x = its x), then the upper lid moved along the
         * line from the eye's centre onto the ball at the standoff (less toward the brow) */
        vec3 target;
        lids__place(c, (float[2]){a, P.r}, pts[k][0] - c[0], pts[k], target);
        float to = r3[k];
        if (s[k] >= sb) to += (R + HEAD_LIDS_STANDOFF - to) * onto * (1.0f - lids__smoothstep(LIDS_HOLD, LIDS_BLEND, (s[k] - sb) / fmaxf(st - sb, 1e-9f)));
        for (int q = 0; q < 3; q++) target[q] = c[q] + (target[q] - c[q]) * to / fmaxf(r3[k], 1e-9f);
        for (int q = 0; q < 3; q++) dpos[vid[k]][q] = target[q] - pts[k][q];
    }
    return travel;
}

/* v[i0 - 1 .. i1 + 1] made to rise by at most up times the change of x[] from column to column
 * with i, and by at most down against it (never more than it was): the lower envelope. */
static void lids__limit(float *v, const float *x, int cols, int i0, int i1, float up, float down)
{
    for (int i = i0 > 0 ? i0 : 1; i <= i1 + 1 && i < cols; i++) v[i] = fminf(v[i], v[i - 1] + up * fabsf(x[i] - x[i - 1]));
    for (int i = i1 < cols - 1 ? i1 : cols - 2; i >= i0 - 1 && i >= 0; i--) v[i] = fminf(v[i], v[i + 1] + down * fabsf(x[i + 1] - x[i]));
}

/* The skin vertices of column i in the band the blink looks at around eye centre c, bottom up. */
static int lids__rows(const head_model *h, const float *c, int i, int *vid)
{
    const int row = h->slices + 1;
    int n = 0;
    for (int j = 0; j <= h->stacks; j++) {
        const float *p = h->skin.pos[j * row + i];
        if (p[2] <= c[2] || p[1] < c[1] - HEAD_LIDS_BOTTOM || p[1] > c[1] + HEAD_LIDS_TOP + 0.006f) continue;
        vid[n++] = j * row + i;
    }
    return n >= 3 && fabsf(h->skin.pos[vid[n / 2]][0] - c[0]) < HEAD_EYE_RADIUS + 0.006f ? n : 0;
}

void head_lids_blink(const head_model *h, float (*dpos)[3])
{
    const mesh_data *m = &h->skin;
    const int rows = h->stacks + 1, cols = h->slices;
    int *vid = malloc((size_t)rows * sizeof *vid);
    float (*pts)[3] = malloc((size_t)rows * sizeof *pts), *s = malloc((size_t)rows * 2 * sizeof *s);
    float *travel = calloc((size_t)cols * 3, sizeof *travel), *x = travel + cols, *lift = x + cols;
    if (!vid || !pts || !s || !travel) {
        log_error("head: out of memory for the blink: the lids stay open");
        free(vid), free(pts), free(s), free(travel);
        return;
    }
    for (int e = 0; e < 2; e++) {
        const float *c = h->eye_center[e];
        int i0 = cols, i1 = -1;
        for (int i = 0; i < cols; i++) {
            int n = lids__rows(h, c, i, vid);
            travel[i] = n ? lids__column(h, c, vid, n, pts, s, s + rows, -1.0f, 0.0f, dpos) : -1.0f;
            x[i] = n ? m->pos[vid[n / 2]][0] : 0.0f;
            if (travel[i] < 0.0f) continue;
            i0 = i < i0 ? i : i0, i1 = i > i1 ? i : i1;
        }
        if (i1 < i0) continue;
        /* the upper margin's travel, and the lower lid's lift over what it leaves, change by at
         * most LIDS_SLOPE_IN / _OUT a unit across the columns (the eye's corners are blunt: the opening
         * falls from 17 mm round the ball's side to none within 3 mm) */
        for (int i = 0; i < cols; i++) lift[i] = travel[i] = fmaxf(travel[i], 0.0f);
        float rise = e == 0 ? LIDS_SLOPE_IN : LIDS_SLOPE_OUT, fall = e == 0 ? LIDS_SLOPE_OUT : LIDS_SLOPE_IN; /* columns run from -x to +x */
        lids__limit(travel, x, cols, i0, i1, rise, fall);
        for (int i = 0; i < cols; i++) lift[i] -= travel[i];
        lids__limit(lift, x, cols, i0, i1, rise, fall);
        for (int i = i0; i <= i1; i++) {
            int n = lids__rows(h, c, i, vid);
            if (n) lids__column(h, c, vid, n, pts, s, s + rows, travel[i], lift[i], dpos);
        }
    }
    free(vid);
    free(pts);
    free(s);
    free(travel);
}

/* Keeps a shape's delta d at skin point p from taking it within HEAD_FROWN_LID_M of an eyeball:
 * skin in front of a ball and outside it stays outside, held out along the ball's radius. */
void head_lids_off_the_ball(const head_model *h, const vec3 p, vec3 d)
{
    const float *c = h->eye_center[p[0] < 0.0f];
    vec3 r0, q;
    glm_vec3_sub((float *)p, (float *)c, r0);
    if (r0[2] <= 0.0f || glm_vec3_norm(r0) < HEAD_EYE_RADIUS) return;
    glm_vec3_add(r0, d, q);
    /* smoothly: r kept from HEAD_FROWN_LID_M + HEAD_FROWN_LID_SOFT out, nearer eased toward the least */
    const float least = HEAD_EYE_RADIUS + HEAD_FROWN_LID_M, k = HEAD_FROWN_LID_SOFT;
    float r = glm_vec3_norm(q);
    if (r >= least + k || q[2] <= 0.0f) return;
    /* forward (sideways, at the ball's flanks, it spread neighbours apart) */
    float want = least + k * expf((r - least - k) / k), z = sqrtf(fmaxf(want * want - q[0] * q[0] - q[1] * q[1], 0.0f));
    q[2] = fminf(fmaxf(q[2], z), q[2] + HEAD_FROWN_LID_SOFT);
    glm_vec3_sub(q, r0, d);
}

/* ---- the lid shells ---- */

/* A direction about an eye's centre by its angle phi across (toward +x) and its turn beta about
 * the eye's x axis (up from straight ahead): turning the shell about that axis adds to beta. */
static void lids__dir(float phi, float beta, float out[3])
{
    out[0] = sinf(phi);
    out[1] = cosf(phi) * sinf(beta);
    out[2] = cosf(phi) * cosf(beta);
}

/* The column's (phi, beta) at the place where its shut skin crosses radius rad: from the bottom
 * up (the lower lid, up = false) or from the top down (the upper one). False when it does not. */
static bool lids__crossing(const float *c, const float (*q)[3], int n, float rad, bool from_top, float *phi, float *beta)
{
    for (int t = 1; t < n; t++) {
        int k = from_top ? n - 1 - t : t, prev = from_top ? k + 1 : k - 1;
        float r0 = glm_vec3_distance((float *)q[prev], (float *)c), r1 = glm_vec3_distance((float *)q[k], (float *)c);
        if (r1 >= rad || r0 < rad) continue;
        float f = (r0 - rad) / fmaxf(r0 - r1, 1e-9f), d[3];
        for (int a = 0; a < 3; a++) d[a] = q[prev][a] + (q[k][a] - q[prev][a]) * f - c[a];
        float len = sqrtf(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        *phi = asinf(fminf(fmaxf(d[0] / len, -1.0f), 1.0f));
        *beta = atan2f(d[1], d[2]);
        return true;
    }
    return false;
}

/* beta at phi from the columns' samples (sorted by phi), held at the ends. */
static float lids__lerp(const float *ph, const float *b, int n, float phi)
{
    if (phi <= ph[0]) return b[0];
    for (int k = 1; k < n; k++)
        if (phi <= ph[k]) return b[k - 1] + (b[k] - b[k - 1]) * (phi - ph[k - 1]) / fmaxf(ph[k] - ph[k - 1], 1e-9f);
    return b[n - 1];
}

bool head_lids_shells(head_model *h, const float (*skin_dpos)[3], float (*dpos)[3], float (*dnrm)[3])
{
    const mesh_data *m = &h->skin;
    mesh_data *s = &h->lids;
    const int rows = h->stacks + 1, cols = h->slices, nc = HEAD_LIDS_SHELL_COLS, nr = HEAD_LIDS_SHELL_ROWS;
    const float R = HEAD_EYE_RADIUS, out = R + HEAD_LIDS_SHELL_OUT, scale = (R - HEAD_LIDS_SHELL_IN) / out;
    int *vid = malloc((size_t)rows * sizeof *vid);
    float (*q)[3] = malloc((size_t)rows * sizeof *q), *ph = malloc((size_t)cols * 3 * sizeof *ph), *blo = ph + cols, *bhi = blo + cols;
    int *near = malloc((size_t)(h->ear_first_vertex > 0 ? h->ear_first_vertex : 1) * sizeof *near);
    bool ok = vid && q && ph && near;
    for (int e = 0; e < 2 && ok; e++) {
        const float *c = h->eye_center[e];
        /* per grid column over the eye: where its shut lids leave the ball by the shell's radius */
        int nk = 0;
        for (int i = 0; i < cols; i++) {
            int n = lids__rows(h, c, i, vid);
            if (!n) continue;
            for (int k = 0; k < n; k++)
                for (int a = 0; a < 3; a++) q[k][a] = m->pos[vid[k]][a] + skin_dpos[vid[k]][a];
            float p0, b0, p1, b1;
            if (!lids__crossing(c, (const float (*)[3])q, n, out, false, &p0, &b0) || !lids__crossing(c, (const float (*)[3])q, n, out, true, &p1, &b1))
                continue;
            ph[nk] = 0.5f * (p0 + p1), blo[nk] = fminf(b0, b1), bhi[nk] = fmaxf(b0, b1);
            nk++;
        }
        if (nk < 2) {
            log_error("head: the lid shell of eye %d finds no opening", e);
            ok = false;
            break;
        }
        /* the columns run from -x to +x: phi rises with them */
        float lo = ph[0] - HEAD_LIDS_SHELL_SIDE, hi = ph[nk - 1] + HEAD_LIDS_SHELL_SIDE;
        lo = fmaxf(lo, -1.45f), hi = fminf(hi, 1.45f);
        int first = s->vertex_count, nnear = 0;
        /* the grid vertices round the eye in front of its centre: where the uv is looked up */
        for (int v = 0; v < h->ear_first_vertex; v++) {
            const float *pv = m->pos[v];
            if (fabsf(pv[0] - c[0]) < 0.03f && fabsf(pv[1] - c[1]) < 0.04f && pv[2] > c[2]) near[nnear++] = v;
        }
        for (int j = 0; j <= nr; j++)
            for (int i = 0; i <= nc; i++) {
                float phi = lo + (hi - lo) * (float)i / (float)nc;
                float b0 = lids__lerp(ph, blo, nk, phi) - HEAD_LIDS_SHELL_UNDER, b1 = lids__lerp(ph, bhi, nk, phi) + HEAD_LIDS_SHELL_UNDER;
                float beta = b0 + (b1 - b0) * (float)j / (float)nr;
                /* shut: on the sphere of radius out; open: turned up by HEAD_LIDS_SHELL_TURN and
                 * shrunk into the ball (hidden), so the blink's delta turns it down and out */
                float d1[3], d0[3], p1[3], p0[3];
                lids__dir(phi, beta, d1);
                lids__dir(phi, beta + HEAD_LIDS_SHELL_TURN, d0);
                /* its ends round the eye's corners sink to HEAD_LIDS_SHELL_RIM over the ball, under the
                 * grid's skin there: standing out, they showed as a cut edge at the outer corner */
                float ei = lids__smoothstep(0.0f, 0.3f, (float)(i < nc - i ? i : nc - i) / (float)nc);
                float rad = R + HEAD_LIDS_SHELL_RIM + (out - R - HEAD_LIDS_SHELL_RIM) * ei;
                for (int a = 0; a < 3; a++) p1[a] = c[a] + rad * d1[a], p0[a] = c[a] + out * scale * d0[a];
                /* the uv and tangent of the shut skin's nearest grid vertex round the eye (the lid's) */
                int best = -1;
                float bd = INFINITY;
                for (int k = 0; k < nnear; k++) {
                    int v = near[k];
                    const float *pv = m->pos[v];
                    if (fabsf(pv[0] - p1[0]) > 0.006f || fabsf(pv[1] - p1[1]) > 0.012f) continue;
                    float w[3] = {pv[0] + skin_dpos[v][0], pv[1] + skin_dpos[v][1], pv[2] + skin_dpos[v][2]};
                    float dd = glm_vec3_distance2(w, p1);
                    if (dd < bd) bd = dd, best = v;
                }
                uint32_t v = mesh_add_vertex(s, p0, d0, best >= 0 ? m->uv[best] : (float[2]){0.5f, 0.5f});
                if (best >= 0) memcpy(s->tan[v], m->tan[best], sizeof s->tan[v]);
                int o = (int)v;
                for (int a = 0; a < 3; a++) dpos[o][a] = p1[a] - p0[a], dnrm[o][a] = d1[a] - d0[a];
            }
        for (int j = 0; j < nr; j++)
            for (int i = 0; i < nc; i++) {
                uint32_t a = (uint32_t)(first + j * (nc + 1) + i), b = a + 1, cc = a + (uint32_t)(nc + 1), d = cc + 1;
                mesh_add_tri(s, a, b, d);
                mesh_add_tri(s, a, d, cc);
            }
    }
    free(vid);
    free(q);
    free(ph);
    free(near);
    if (!ok || s->failed) {
        if (ok) log_error("head: out of memory for the lid shells");
        return false;
    }
    return true;
}
