#include "wrinkle/core/head_bust.h"

#include <math.h>

#include "base/log.h"
#include "wrinkle/core/sdf_mesh.h"

float head_bust_head_y(void) { return HEAD_BUST_HEAD_Y; }

static float bust__smin(float a, float b, float k)
{
    float h = fmaxf(k - fabsf(a - b), 0.0f) / k;
    return fminf(a, b) - h * h * k * 0.25f;
}

/* Ellipsoid, approximate distance (good enough to mesh: exact on the axes' ends). */
static float bust__ellipsoid(const float p[3], float cx, float cy, float cz, float rx, float ry, float rz)
{
    float x = (p[0] - cx) / rx, y = (p[1] - cy) / ry, z = (p[2] - cz) / rz;
    return (sqrtf(x * x + y * y + z * z) - 1.0f) * fminf(rx, fminf(ry, rz));
}

/* Capsule from a to b, its radius going from ra to rb. */
static float bust__capsule(const float p[3], const float a[3], const float b[3], float ra, float rb)
{
    vec3 ab, ap;
    glm_vec3_sub((float *)b, (float *)a, ab);
    glm_vec3_sub((float *)p, (float *)a, ap);
    float t = glm_clamp(glm_vec3_dot(ap, ab) / glm_vec3_dot(ab, ab), 0.0f, 1.0f);
    vec3 q;
    glm_vec3_scale(ab, t, q);
    return glm_vec3_distance(ap, q) - (ra + (rb - ra) * t);
}

/* Body landmarks (world, metres): the breastbone's notch, the shoulders' points (acromion), where
 * the trapezius leaves the neck. The head's neck is cut at HEAD_BUST_HEAD_Y + HEAD_NECK_BOTTOM_Y
 * (1.22 m), inside the trunk. */
#define NOTCH_Y 1.235f
#define ACROMION_X 0.165f
#define ACROMION_Y 1.255f

float head_bust_top_sdf(const float p[3])
{
    float ax = fabsf(p[0]), q[3] = {ax, p[1], p[2]};
    /* ribcage, with the chest's front a little higher than its back; the belly and waist */
    float d = bust__ellipsoid(q, 0.0f, 1.075f, -0.012f, 0.150f, 0.215f, 0.105f);
    d = bust__smin(d, bust__ellipsoid(q, 0.0f, 0.88f, -0.008f, 0.140f, 0.16f, 0.100f), 0.06f);
    /* the pectorals: broad, flat masses over the upper ribs */
    d = bust__smin(d, bust__ellipsoid(q, 0.058f, 1.165f, 0.030f, 0.080f, 0.058f, 0.048f), 0.04f);
    /* the shoulder girdle's top: the trapezius from the neck's side down to the acromion, and a
     * mass behind it over the shoulder blades */
    d = bust__smin(d, bust__capsule(q, (vec3){0.0f, 1.285f, -0.035f}, (vec3){ACROMION_X, ACROMION_Y - 0.012f, -0.025f}, 0.045f, 0.032f), 0.05f);
    d = bust__smin(d, bust__ellipsoid(q, 0.085f, 1.17f, -0.060f, 0.085f, 0.10f, 0.055f), 0.04f);
    /* collarbones: ridges from the notch out and up to the shoulders, under the knit */
    d = bust__smin(d, bust__capsule(q, (vec3){0.022f, NOTCH_Y + 0.004f, 0.060f}, (vec3){ACROMION_X - 0.02f, ACROMION_Y - 0.004f, 0.006f}, 0.009f, 0.008f), 0.014f);
    /* deltoids, round over the shoulders' points */
    d = bust__smin(d, bust__ellipsoid(q, ACROMION_X - 0.008f, ACROMION_Y - 0.040f, -0.018f, 0.044f, 0.062f, 0.052f), 0.03f);
    /* sleeves: upper arms hanging a hand from the sides, forearms bent a little forward, the
     * hands in the trousers' pockets */
    const vec3 sh = {ACROMION_X - 0.003f, ACROMION_Y - 0.05f, -0.02f}, el = {0.196f, 0.945f, -0.035f}, wr = {0.180f, 0.775f, 0.035f};
    float arm = bust__capsule(q, sh, el, 0.042f, 0.034f);
    arm = bust__smin(arm, bust__capsule(q, el, wr, 0.035f, 0.029f), 0.02f);
    d = bust__smin(d, arm, 0.012f);
    /* the hem: the sweater ends 4 cm under the waistband, a little fuller than the trousers */
    d = fmaxf(d, 0.80f - p[1]);
    return d;
}

float head_bust_legs_sdf(const float p[3])
{
    float ax = fabsf(p[0]), q[3] = {ax, p[1], p[2]};
    /* hips (the waistband hides under the sweater's hem), thighs, shins, shoes */
    float d = bust__ellipsoid(q, 0.0f, 0.80f, -0.012f, 0.155f, 0.13f, 0.098f);
    d = fmaxf(d, p[1] - 0.86f);
    const vec3 hip = {0.085f, 0.80f, -0.005f}, knee = {0.095f, 0.45f, 0.005f}, ankle = {0.10f, 0.075f, -0.015f};
    d = bust__smin(d, bust__capsule(q, hip, knee, 0.075f, 0.052f), 0.03f);
    d = bust__smin(d, bust__capsule(q, knee, ankle, 0.052f, 0.040f), 0.02f);
    d = bust__smin(d, bust__ellipsoid(q, 0.10f, 0.038f, 0.035f, 0.048f, 0.040f, 0.125f), 0.02f);
    return fmaxf(d, -p[1]); /* flat soles on the ground */
}

static float bust__top_cb(const float p[3], const void *ctx)
{
    (void)ctx;
    return head_bust_top_sdf(p);
}

static float bust__legs_cb(const float p[3], const void *ctx)
{
    (void)ctx;
    return head_bust_legs_sdf(p);
}

bool head_bust_build_stand(mesh_data *top, mesh_data *legs)
{
    const float c = HEAD_BUST_CELL;
    bool ok = sdf_mesh_build(top, bust__top_cb, NULL, (vec3){-0.30f, 0.76f, -0.20f}, (vec3){0.30f, 1.36f, 0.16f}, c) &&
              sdf_mesh_build(legs, bust__legs_cb, NULL, (vec3){-0.22f, -0.02f, -0.16f}, (vec3){0.22f, 0.90f, 0.20f}, c);
    if (!ok || top->failed || legs->failed) {
        log_error("head_bust: out of memory for the body");
        return false;
    }
    return true;
}

float head_bust_neck_radius(const head_model *h, float y, float a)
{
    float lo = 0.0f, hi = 0.12f;
    for (int it = 0; it < 24; it++) {
        float t = 0.5f * (lo + hi);
        vec3 p = {t * cosf(a), y, head_neck_axis_z(y) + t * sinf(a)};
        if (head_inside(h, p)) lo = t;
        else hi = t;
    }
    return lo;
}

void head_bust_neck_line(const head_model *h, float a, vec3 out)
{
    /* down the neck's surface from under the chin to its cut, the first point inside the knit,
     * then bisected between the last two steps */
    const float hy = head_bust_head_y();
    float above = -0.09f, y = above;
    for (; y > HEAD_NECK_BOTTOM_Y; y -= 0.004f) {
        float r = head_bust_neck_radius(h, y, a);
        vec3 p = {r * cosf(a), y + hy, head_neck_axis_z(y) + r * sinf(a)};
        if (head_bust_top_sdf(p) < 0.0f) break;
        above = y;
    }
    float below = y;
    for (int it = 0; it < 16; it++) {
        float m = 0.5f * (above + below), r = head_bust_neck_radius(h, m, a);
        vec3 p = {r * cosf(a), m + hy, head_neck_axis_z(m) + r * sinf(a)};
        if (head_bust_top_sdf(p) < 0.0f) below = m;
        else above = m;
    }
    float r = head_bust_neck_radius(h, below, a);
    glm_vec3_copy((vec3){r * cosf(a), below + hy, head_neck_axis_z(below) + r * sinf(a)}, out);
}

void head_bust_build_collar(const head_model *h, float tube, mesh_data *out)
{
    enum { SEG = 96, RING = 12 };
    const float hy = head_bust_head_y();
    const uint32_t first = (uint32_t)out->vertex_count;
    for (int i = 0; i < SEG; i++) {
        float a = 2.0f * GLM_PIf * (float)i / SEG, ca = cosf(a), sa = sinf(a);
        vec3 line;
        head_bust_neck_line(h, a, line);
        float y = line[1] - hy, r = head_bust_neck_radius(h, y, a), az = head_neck_axis_z(y);
        /* the tube's centre a little outside the neck, so its inner side lies on the skin */
        vec3 c = {(r + 0.6f * tube) * ca, line[1] + 0.3f * tube, az + (r + 0.6f * tube) * sa};
        for (int k = 0; k < RING; k++) {
            float b = 2.0f * GLM_PIf * (float)k / RING;
            vec3 n = {cosf(b) * ca, sinf(b), cosf(b) * sa}, p;
            glm_vec3_scale(n, tube, p);
            glm_vec3_add(p, c, p);
            mesh_add_vertex(out, p, n, NULL);
        }
    }
    for (int i = 0; i < SEG; i++)
        for (int k = 0; k < RING; k++) {
            uint32_t a0 = first + (uint32_t)(i * RING + k), a1 = first + (uint32_t)(i * RING + (k + 1) % RING);
            uint32_t b0 = first + (uint32_t)((i + 1) % SEG * RING + k), b1 = first + (uint32_t)((i + 1) % SEG * RING + (k + 1) % RING);
            mesh_add_tri(out, a0, a1, b1);
            mesh_add_tri(out, a0, b1, b0);
        }
}
void head_bust_build_eye_discs(const head_model *h, float radius, float lift, mesh_data *out)
{
    mesh_data disc = {0};
    mesh_build_sphere(&disc, radius, 24, 12);
    for (int e = 0; e < 2; e++) {
        mat4 xf;
        glm_translate_make(xf, (vec3){h->eye_center[e][0], h->eye_center[e][1], h->eye_center[e][2] + HEAD_EYE_RADIUS + lift});
        glm_scale(xf, (vec3){1.0f, 1.0f, 0.3f});
        mesh_append(out, &disc, xf);
    }
    mesh_data_free(&disc);
}
