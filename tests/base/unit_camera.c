/* Camera: camera_ray aims every shot (the range fires through the screen centre), so the ray
 * through the centre must run from the eye to the target camera_look_at was given, a ray through a
 * corner must lie on the frustum's edge (fov_y, aspect), and rays must agree with the matrices the
 * renderer draws with (a point on the ray projects back to the ray's NDC, and NDC unprojected
 * lies on the ray). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>

#include "base/camera.h"
#include "base/rng.h"

/* Eye/target pairs: level, down onto the range's robot, up a slope, behind and to the side. */
static const float views[][6] = {
    {0.0f, 1.4f, 4.0f, 0.0f, 1.4f, 0.0f},
    {0.6f, 1.55f, 3.6f, 0.0f, 1.25f, 0.0f},
    {-3.0f, 0.5f, -2.0f, 4.0f, 6.0f, 1.0f},
    {10.0f, 30.0f, 5.0f, -2.0f, 0.0f, 1.0f},
    {0.0f, 0.0f, 0.0f, 0.0f, -1.0f, 3.0f},
};
enum { NVIEWS = sizeof views / sizeof views[0] };

static void near_vec3(const float *a, const float *b, float tol)
{
    for (int k = 0; k < 3; k++)
        if (fabsf(a[k] - b[k]) > tol) fail_msg("component %d: %g vs %g (tolerance %g)", k, (double)a[k], (double)b[k], (double)tol);
}

static void centre_ray_runs_from_the_eye_to_the_target(void **state)
{
    (void)state;
    for (int i = 0; i < NVIEWS; i++) {
        camera c = {0};
        const float *eye = views[i], *target = views[i] + 3;
        camera_look_at(&c, eye, target);
        for (int a = 0; a < 3; a++) {
            const float aspect = (float[]){16.0f / 9.0f, 1.0f, 0.5f}[a];
            vec3 org, dir, want;
            camera_ray(&c, aspect, 0.0f, 0.0f, org, dir);
            near_vec3(org, eye, 0.0f);
            glm_vec3_sub((float *)target, (float *)eye, want);
            glm_vec3_normalize(want);
            near_vec3(dir, want, 1e-5f);
            assert_float_equal(glm_vec3_norm(dir), 1.0f, 1e-5f);
            /* the target itself is on the ray, at its distance */
            vec3 at;
            glm_vec3_scale(dir, glm_vec3_distance((float *)eye, (float *)target), at);
            glm_vec3_add(org, at, at);
            near_vec3(at, target, 1e-4f * (1.0f + glm_vec3_distance((float *)eye, (float *)target)));
        }
    }
}

/* In the camera's own frame (view matrix), the corner (sx, sy) ray leaves at tan(fov/2) * aspect
 * sideways and tan(fov/2) up per unit ahead, each with its corner's sign. */
static void corner_rays_lie_on_the_frustum(void **state)
{
    (void)state;
    for (int i = 0; i < NVIEWS; i++) {
        camera c = {0};
        camera_look_at(&c, views[i], views[i] + 3);
        for (int f = 0; f < 3; f++) {
            c.fov_y = glm_rad((float[]){60.0f, 30.0f, 90.0f}[f]);
            const float aspect = (float[]){16.0f / 9.0f, 1.0f, 0.75f}[f], th = tanf(c.fov_y * 0.5f);
            mat4 view, proj;
            camera_matrices(&c, aspect, view, proj);
            for (int corner = 0; corner < 4; corner++) {
                const float sx = corner & 1 ? 1.0f : -1.0f, sy = corner & 2 ? 1.0f : -1.0f;
                vec3 org, dir, v;
                camera_ray(&c, aspect, sx, sy, org, dir);
                glm_mat4_mulv3(view, dir, 0.0f, v); /* a direction: the rotation alone */
                assert_true(v[2] < 0.0f);          /* ahead: the view looks down -z */
                assert_float_equal(v[0] / -v[2], sx * th * aspect, 1e-4f);
                assert_float_equal(v[1] / -v[2], sy * th, 1e-4f);
                /* the angle to the centre ray is the half-diagonal of the frustum */
                vec3 fwd;
                camera_forward(&c, fwd);
                const float cosang = glm_vec3_dot(dir, fwd), want = 1.0f / sqrtf(1.0f + th * th * (aspect * aspect + 1.0f));
                assert_float_equal(cosang, want, 1e-5f);
            }
        }
    }
}

/* camera_ray and camera_matrices describe the same camera: points on the ray through NDC (x, y)
 * project to (x, y), and any NDC point unprojected through the inverse view-projection lies on
 * that ray. */
static void rays_round_trip_with_the_view_projection(void **state)
{
    (void)state;
    rng r;
    rng_seed(&r, 7);
    for (int i = 0; i < NVIEWS; i++) {
        camera c = {0};
        camera_look_at(&c, views[i], views[i] + 3);
        const float aspect = 16.0f / 9.0f;
        mat4 view, proj, vp, inv;
        camera_matrices(&c, aspect, view, proj);
        glm_mat4_mul(proj, view, vp);
        glm_mat4_inv(vp, inv);
        for (int k = 0; k < 50; k++) {
            const float nx = rng_range(&r, -1.0f, 1.0f), ny = rng_range(&r, -1.0f, 1.0f);
            vec3 org, dir;
            camera_ray(&c, aspect, nx, ny, org, dir);
            for (int d = 0; d < 3; d++) {
                const float t = (float[]){0.5f, 7.0f, 300.0f}[d];
                vec4 p = {org[0] + dir[0] * t, org[1] + dir[1] * t, org[2] + dir[2] * t, 1.0f}, clip;
                glm_mat4_mulv(vp, p, clip);
                assert_true(clip[3] > 0.0f);
                assert_float_equal(clip[0] / clip[3], nx, 2e-4f);
                assert_float_equal(clip[1] / clip[3], ny, 2e-4f);
            }
            const float nz = rng_range(&r, -0.9f, 0.99f);
            vec4 ndc = {nx, ny, nz, 1.0f}, w;
            glm_mat4_mulv(inv, ndc, w);
            vec3 q = {w[0] / w[3], w[1] / w[3], w[2] / w[3]}, to;
            glm_vec3_sub(q, org, to);
            const float along = glm_vec3_dot(to, dir);
            assert_true(along > 0.0f);
            vec3 off;
            glm_vec3_scale(dir, along, off);
            glm_vec3_sub(to, off, off);
            assert_true(glm_vec3_norm(off) <= 1e-3f * (1.0f + along)); /* on the ray, within float error */
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(centre_ray_runs_from_the_eye_to_the_target),
        cmocka_unit_test(corner_rays_lie_on_the_frustum),
        cmocka_unit_test(rays_round_trip_with_the_view_projection),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
