#include "mud/core/prop_models.h"

#include <assert.h>
#include <math.h>

/* one flat-shaded triangle: its own three vertices with the face normal */
static void flat_tri(mesh_data *m, const vec3 a, const vec3 b, const vec3 c, float mat, float shade)
{
    vec3 e1, e2, n;
    glm_vec3_sub((float *)b, (float *)a, e1);
    glm_vec3_sub((float *)c, (float *)a, e2);
    glm_vec3_cross(e1, e2, n);
    glm_vec3_normalize(n);
    float uv[2] = {mat, shade};
    uint32_t i = mesh_add_vertex(m, a, n, uv);
    mesh_add_vertex(m, b, n, uv);
    mesh_add_vertex(m, c, n, uv);
    mesh_add_tri(m, i, i + 1, i + 2);
}

/* a cone (apex over the base ring) or a frustum (top ring radius > 0) along y */
static void ring_solid(mesh_data *m, float y0, float r0, float y1, float r1, int n, float mat, float turn, bool caps)
{
    for (int i = 0; i < n; i++) {
        float a0 = turn + 2.0f * GLM_PIf * (float)i / (float)n, a1 = turn + 2.0f * GLM_PIf * (float)(i + 1) / (float)n;
        vec3 b0 = {r0 * sinf(a0), y0, r0 * cosf(a0)}, b1 = {r0 * sinf(a1), y0, r0 * cosf(a1)};
        vec3 t0 = {r1 * sinf(a0), y1, r1 * cosf(a0)}, t1 = {r1 * sinf(a1), y1, r1 * cosf(a1)};
        float shade = 0.5f + 0.5f * sinf(3.0f * a0 + turn);
        flat_tri(m, b0, b1, t1, mat, shade);
        if (r1 > 0.0f) flat_tri(m, b0, t1, t0, mat, shade);
        if (caps) {
            flat_tri(m, (vec3){0, y0, 0}, b1, b0, mat, shade);
            if (r1 > 0.0f) flat_tri(m, (vec3){0, y1, 0}, t0, t1, mat, shade);
        }
    }
}

/* a disc facing -y at height y (a trunk's cut foot) */
static void flat_disc(mesh_data *m, float y, float r, int n, float mat)
{
    for (int i = 0; i < n; i++) {
        float a0 = 2.0f * GLM_PIf * (float)i / (float)n, a1 = 2.0f * GLM_PIf * (float)(i + 1) / (float)n;
        vec3 b0 = {r * sinf(a0), y, r * cosf(a0)}, b1 = {r * sinf(a1), y, r * cosf(a1)};
        flat_tri(m, (vec3){0, y, 0}, b1, b0, mat, 0.3f);
    }
}

/* a cheap hash of a position: the same corner moves the same way in every face that shares it */
static float jitter(const float p[3], unsigned salt)
{
    unsigned h = (unsigned)lrintf(p[0] * 977.0f) * 73856093u ^ (unsigned)lrintf(p[1] * 977.0f) * 19349663u ^
                 (unsigned)lrintf(p[2] * 977.0f) * 83492791u ^ salt * 2654435761u;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    h ^= h >> 15;
    return (float)(h & 0xffffu) / 65535.0f * 2.0f - 1.0f;
}

/* a lumpy ball: a coarse sphere whose corners move in and out, faces flat */
static void lumpy_ball(mesh_data *m, vec3 centre, vec3 scale, float lump, float mat, unsigned salt)
{
    const int slices = 9, stacks = 6;
    vec3 grid[7][10];
    for (int j = 0; j <= stacks; j++)
        for (int i = 0; i <= slices; i++) {
            float th = GLM_PIf * (float)j / (float)stacks, ph = 2.0f * GLM_PIf * (float)(i % slices) / (float)slices;
            float d[3] = {sinf(th) * sinf(ph), cosf(th), sinf(th) * cosf(ph)};
            float k = 1.0f + lump * jitter(d, salt);
            for (int a = 0; a < 3; a++) grid[j][i][a] = centre[a] + d[a] * k * scale[a];
        }
    for (int j = 0; j < stacks; j++)
        for (int i = 0; i < slices; i++) {
            float shade = 0.5f + 0.5f * jitter(grid[j][i], salt + 1);
            if (j > 0) flat_tri(m, grid[j][i], grid[j + 1][i], grid[j][i + 1], mat, shade);
            if (j < stacks - 1) flat_tri(m, grid[j][i + 1], grid[j + 1][i], grid[j + 1][i + 1], mat, shade);
        }
}

static void box(mesh_data *m, const float half[3], float lump, float mat)
{
    /* six faces of 2 x 2 cells; inner corners jittered along the face normal */
    static const int axes[6][3] = {{0, 1, 2}, {0, 1, 2}, {1, 2, 0}, {1, 2, 0}, {2, 0, 1}, {2, 0, 1}};
    for (int f = 0; f < 6; f++) {
        int u = axes[f][0], v = axes[f][1], w = axes[f][2];
        float s = (f & 1) ? -1.0f : 1.0f;
        vec3 g[3][3];
        for (int j = 0; j < 3; j++)
            for (int i = 0; i < 3; i++) {
                float p[3];
                p[u] = ((float)i - 1.0f) * half[u];
                p[v] = ((float)j - 1.0f) * half[v];
                p[w] = s * half[w];
                if (i == 1 && j == 1) p[w] += s * lump * half[w] * jitter(p, 7);
                /* counter-clockwise seen from outside: flip the in-plane order on the far faces */
                glm_vec3_copy(p, g[j][s > 0 ? i : 2 - i]);
            }
        for (int j = 0; j < 2; j++)
            for (int i = 0; i < 2; i++) {
                float shade = 0.5f + 0.5f * jitter(g[j][i], (unsigned)f);
                /* u x v points along +w for the (0, 1, 2)-cyclic axes */
                flat_tri(m, g[j][i], g[j][i + 1], g[j + 1][i + 1], mat, shade);
                flat_tri(m, g[j][i], g[j + 1][i + 1], g[j + 1][i], mat, shade);
            }
    }
}

void prop_model_build(mesh_data *m, prop_model which)
{
    switch (which) {
    case PROP_TREE: {
        /* the trunk: a root flare at the foot, then a bark column tapering to a third of the
         * physics' capsule radius at the top, capped, so a felled tree shows its cut end */
        float r = plant_tree_radius(1.0f);
        ring_solid(m, 0.0f, PROP_TREE_FLARE * r, 0.03f, r, 9, PROP_MAT_BARK, 0.0f, false);
        ring_solid(m, 0.03f, r, PROP_TREE_CROWN, 0.8f * r, 9, PROP_MAT_BARK, 0.3f, false);
        ring_solid(m, PROP_TREE_CROWN, 0.8f * r, 1.0f, 0.3f * r, 7, PROP_MAT_BARK, 0.0f, false);
        flat_disc(m, 0.0f, PROP_TREE_FLARE * r, 9, PROP_MAT_BARK);
        /* a conifer: three stacked cones of needles over a bare trunk (PROP_TREE_CROWN of the height) */
        ring_solid(m, PROP_TREE_CROWN, 0.21f, 0.70f, 0.0f, 8, PROP_MAT_LEAVES, 0.2f, true);
        ring_solid(m, 0.55f, 0.16f, 0.87f, 0.0f, 8, PROP_MAT_LEAVES, 0.6f, true);
        ring_solid(m, 0.72f, 0.10f, 1.02f, 0.0f, 7, PROP_MAT_LEAVES, 1.1f, true);
        break;
    }
    case PROP_BUSH:
        lumpy_ball(m, (vec3){0.0f, 0.45f, 0.0f}, (vec3){0.8f, 0.5f, 0.8f}, 0.18f, PROP_MAT_LEAVES, 3);
        lumpy_ball(m, (vec3){0.35f, 0.35f, 0.2f}, (vec3){0.55f, 0.4f, 0.55f}, 0.2f, PROP_MAT_LEAVES, 5);
        break;
    case PROP_ROCK: lumpy_ball(m, (vec3){0, 0, 0}, (vec3){1.0f, 0.9f, 1.0f}, 0.12f, PROP_MAT_ROCK, 11); break;
    case PROP_CHUNK: box(m, (float[3]){0.5f, 0.5f * CHUNK_HEIGHT_RATIO, 0.5f}, 0.12f, PROP_MAT_MUD); break;
    case PROP_SHAPE_BOX: box(m, (float[3]){0.5f, 0.5f, 0.5f}, 0.0f, PROP_MAT_DEBUG); break;
    case PROP_SHAPE_SPHERE: lumpy_ball(m, (vec3){0, 0, 0}, (vec3){1, 1, 1}, 0.0f, PROP_MAT_DEBUG, 0); break;
    case PROP_SHAPE_CYLINDER: ring_solid(m, -0.5f, 1.0f, 0.5f, 1.0f, 12, PROP_MAT_DEBUG, 0.0f, true); break;
    default: assert(0);
    }
}

void prop_plant_matrix(const plant *p, mat4 out)
{
    versor q = {p->rot[0], p->rot[1], p->rot[2], p->rot[3]};
    glm_quat_mat4(q, out);
    glm_vec3_copy((vec3){p->pos[0], p->pos[1], p->pos[2]}, out[3]);
    glm_scale_uni(out, p->size);
}

void prop_chunk_matrix(const mud_chunk *c, mat4 out)
{
    versor q = {c->rot[0], c->rot[1], c->rot[2], c->rot[3]};
    glm_quat_mat4(q, out);
    glm_vec3_copy((vec3){c->pos[0], c->pos[1], c->pos[2]}, out[3]);
    glm_scale_uni(out, c->size);
}

float prop_plant_radius(const plant *p) { return p->kind == PLANT_TREE ? 1.05f * p->size : 1.3f * p->size; }
