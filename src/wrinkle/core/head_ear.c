#include "wrinkle/core/head_ear.h"

#include <math.h>

#include "wrinkle/core/sdf_mesh.h"

/* The right ear's frame: origin on the side of the skull, the plate tilted back at the top. */
static const float ear__origin[3] = {0.0755f, -0.009f, -0.017f};
#define EAR_SQUASH 0.915f /* the sculpt below is 68 mm tall; an adult man's ear is 62 (Farkas sa-sba) */
#define EAR_TILT 0.2f   /* radians the ear leans back */
#define EAR_A0 (-0.002f) /* the outline's centre along the ear's forward axis */
#define EAR_B 0.031f    /* half height of the outline */
#define EAR_T 0.0022f   /* half thickness of the plate */

static float ear__smin(float a, float b, float k)
{
    float h = fmaxf(k - fabsf(a - b), 0.0f) / k;
    return fminf(a, b) - h * h * k * 0.25f;
}

static float ear__smax(float a, float b, float k) { return -ear__smin(-a, -b, k); }

static float ear__smoothstep(float e0, float e1, float x)
{
    float t = glm_clamp((x - e0) / (e1 - e0), 0.0f, 1.0f);
    return t * t * (3.0f - 2.0f * t);
}

/* Ellipsoid, approximate distance (exact on the axes' ends, good enough to mesh). */
static float ear__ellipsoid(float x, float y, float z, float rx, float ry, float rz)
{
    float k = sqrtf((x / rx) * (x / rx) + (y / ry) * (y / ry) + (z / rz) * (z / rz));
    return (k - 1.0f) * fminf(rx, fminf(ry, rz));
}

/* |angle| in (-pi, pi]. */
static float ear__angle_to(float a, float b)
{
    float d = fmodf(a - b + 3.0f * GLM_PIf, 2.0f * GLM_PIf) - GLM_PIf;
    return fabsf(d);
}

float head_ear_sdf(const float p[3])
{
    float dx = fabsf(p[0]) - ear__origin[0], dy = p[1] - ear__origin[1], dz = p[2] - ear__origin[2];
    float ct = cosf(EAR_TILT), st = sinf(EAR_TILT);
    /* a: forward along the ear, b: up along it, c: out from the head */
    float a = dy * st + dz * ct, b = (dy * ct - dz * st) / EAR_SQUASH, c = dx;
    float ax = 0.0165f * (1.0f + 0.12f * b / EAR_B); /* wider at the top than at the lobe */
    float ea = (a - EAR_A0) / ax, eb = b / EAR_B, ne = sqrtf(ea * ea + eb * eb);
    float theta = atan2f(eb, ea); /* 0 forward, pi/2 up, pi back */
    float h = c - (0.0085f - 0.38f * a); /* height over the plate's mid-plane: the back stands out */
    float d = ear__smax((ne - 1.0f) * 0.015f, fabsf(h) - EAR_T, 0.002f);
    /* helix: a rolled rim from the front of the top round the back to the lobe, none over the
     * notch in front below */
    float rim_w = ear__smoothstep(0.9f, 1.5f, ear__angle_to(theta, -0.6f));
    float rim = sqrtf(((ne - 0.92f) * 0.015f) * ((ne - 0.92f) * 0.015f) + (h - 0.0018f) * (h - 0.0018f)) - 0.003f * rim_w - 0.0003f;
    d = ear__smin(d, rim, 0.0015f);
    /* antihelix: a ridge inside the rim, from the antitragus up the back to the top */
    float ah_w = 1.0f - ear__smoothstep(1.1f, 1.7f, ear__angle_to(theta, 2.6f));
    float ah = sqrtf(((ne - 0.6f) * 0.015f) * ((ne - 0.6f) * 0.015f) + (h - 0.0016f) * (h - 0.0016f)) - 0.0022f * ah_w - 0.0002f;
    d = ear__smin(d, ah, 0.0015f);
    d = ear__smin(d, ear__ellipsoid(a - EAR_A0 - 0.0135f, b + 0.008f, h - 0.0012f, 0.003f, 0.005f, 0.003f), 0.001f); /* tragus */
    d = ear__smin(d, ear__ellipsoid(a - EAR_A0 + 0.004f, b + 0.017f, h - 0.002f, 0.004f, 0.003f, 0.003f), 0.001f); /* antitragus */
    d = ear__smin(d, ear__ellipsoid(a - EAR_A0 + 0.0005f, b + 0.0245f, h + 0.0003f, 0.0085f, 0.0075f, 0.0042f), 0.003f); /* lobe */
    /* concha: the bowl in front of the canal */
    d = ear__smax(d, -ear__ellipsoid(a - EAR_A0 - 0.003f, b + 0.004f, h - EAR_T - 0.0042f, 0.009f, 0.011f, 0.006f), 0.0015f);
    /* roots into the skull: behind the bowl, and along the front edge where the helix starts */
    d = ear__smin(d, ear__ellipsoid(a - 0.003f, b + 0.003f, c + 0.003f, 0.013f, 0.021f, 0.0085f), 0.003f);
    d = ear__smin(d, ear__ellipsoid(a - 0.0125f, b - 0.004f, c + 0.002f, 0.0045f, 0.022f, 0.0065f), 0.002f);
    return d;
}

static float ear__sdf_cb(const float p[3], const void *ctx)
{
    (void)ctx;
    return head_ear_sdf(p);
}

bool head_ears_append(mesh_data *m, float cell)
{
    mesh_data ear = {0};
    const vec3 lo = {0.056f, -0.047f, -0.052f}, hi = {0.1f, 0.042f, 0.018f};
    if (!sdf_mesh_build(&ear, ear__sdf_cb, NULL, lo, hi, cell)) {
        mesh_data_free(&ear);
        return false;
    }
    for (int side = 0; side < 2; side++) {
        uint32_t base = (uint32_t)m->vertex_count;
        float sx = side == 0 ? 1.0f : -1.0f;
        for (int v = 0; v < ear.vertex_count; v++) {
            vec3 p = {sx * ear.pos[v][0], ear.pos[v][1], ear.pos[v][2]}, n = {sx * ear.nrm[v][0], ear.nrm[v][1], ear.nrm[v][2]};
            mesh_add_vertex(m, p, n, (vec2){HEAD_EAR_U, HEAD_EAR_V});
        }
        for (int k = 0; k < ear.index_count; k += 3) {
            uint32_t a = base + ear.idx[k], b = base + ear.idx[k + 1], c = base + ear.idx[k + 2];
            if (side == 0) mesh_add_tri(m, a, b, c);
            else mesh_add_tri(m, a, c, b); /* the mirror turns the winding */
        }
    }
    mesh_data_free(&ear);
    return !m->failed;
}

void head_ears_tangents(mesh_data *m, int first_vertex)
{
    if (m->failed) return;
    for (int v = first_vertex; v < m->vertex_count; v++) {
        const float *n = m->nrm[v];
        vec3 t = {0.0f, 0.0f, 1.0f};
        if (fabsf(n[2]) > 0.9f) glm_vec3_copy((vec3){0.0f, 1.0f, 0.0f}, t);
        glm_vec3_muladds((float *)n, -glm_vec3_dot((float *)n, t), t);
        glm_vec3_normalize(t);
        for (int k = 0; k < 3; k++) m->tan[v][k] = t[k];
        m->tan[v][3] = 1.0f;
    }
}
