#include "base/camera.h"

#include <math.h>

static void camera__defaults(camera *c)
{
    if (c->fov_y <= 0) c->fov_y = glm_rad(60.0f);
    if (c->znear <= 0) c->znear = 0.05f;
    if (c->zfar <= 0) c->zfar = 1000.0f;
    if (c->speed <= 0) c->speed = 4.0f;
}

void camera_look_at(camera *c, const vec3 eye, const vec3 target)
{
    camera__defaults(c);
    glm_vec3_copy((float *)eye, c->pos);
    vec3 d;
    glm_vec3_sub((float *)target, (float *)eye, d);
    if (glm_vec3_norm2(d) < 1e-12f) d[2] = -1.0f;
    glm_vec3_normalize(d);
    c->pitch = asinf(glm_clamp(d[1], -1.0f, 1.0f));
    c->yaw = atan2f(d[0], -d[2]);
}

void camera_forward(const camera *c, vec3 out)
{
    float cp = cosf(c->pitch);
    out[0] = sinf(c->yaw) * cp;
    out[1] = sinf(c->pitch);
    out[2] = -cosf(c->yaw) * cp;
}

void camera_fly(camera *c, const vec3 move, const vec2 look, float dt)
{
    camera__defaults(c);
    c->yaw += look[0];
    c->pitch = glm_clamp(c->pitch + look[1], -1.5f, 1.5f);
    vec3 f, r = {cosf(c->yaw), 0.0f, sinf(c->yaw)};
    camera_forward(c, f);
    glm_vec3_muladds(r, move[0] * c->speed * dt, c->pos);
    c->pos[1] += move[1] * c->speed * dt;
    glm_vec3_muladds(f, move[2] * c->speed * dt, c->pos);
}

void camera_matrices(const camera *c, float aspect, mat4 view, mat4 proj)
{
    vec3 f, center;
    camera_forward(c, f);
    glm_vec3_add((float *)c->pos, f, center);
    glm_lookat((float *)c->pos, center, (vec3){0, 1, 0}, view);
    glm_perspective(c->fov_y, aspect, c->znear, c->zfar, proj);
}

void camera_ray(const camera *c, float aspect, float nx, float ny, vec3 origin, vec3 dir)
{
    vec3 f, r, u;
    camera_forward(c, f);
    glm_vec3_cross(f, (vec3){0, 1, 0}, r);
    glm_vec3_normalize(r);
    glm_vec3_cross(r, f, u);
    float th = tanf(c->fov_y * 0.5f);
    glm_vec3_copy((float *)c->pos, origin);
    glm_vec3_copy(f, dir);
    glm_vec3_muladds(r, nx * th * aspect, dir);
    glm_vec3_muladds(u, ny * th, dir);
    glm_vec3_normalize(dir);
}
