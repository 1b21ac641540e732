/* camera.h — view and projection for the scenes (GL-free).
 *
 *   camera cam;
 *   camera_look_at(&cam, (vec3){0, 1.4f, 4}, (vec3){0, 1.4f, 0});   eye, target
 *   camera_fly(&cam, move, look, dt);        free camera: move = (right, up, forward) in -1..1,
 *                                            look = (yaw, pitch) deltas in radians
 *   camera_matrices(&cam, aspect, view, proj);
 *   camera_ray(&cam, aspect, ndc_x, ndc_y, origin, dir);             picking / weapons (centre = 0,0)
 *
 * Yaw 0 looks along -z; pitch is clamped short of straight up/down. fov_y in radians
 * (default 60 degrees), near 0.05 m, far 1000 m, speed 4 m/s (all set by camera_look_at when zero).
 */
#ifndef IMPRINT_CORE_CAMERA_H
#define IMPRINT_CORE_CAMERA_H

#include <cglm/cglm.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct camera {
    vec3 pos;
    float yaw, pitch;
    float fov_y, znear, zfar, speed;
} camera;

void camera_look_at(camera *c, const vec3 eye, const vec3 target);
void camera_forward(const camera *c, vec3 out);
void camera_fly(camera *c, const vec3 move, const vec2 look, float dt);
void camera_matrices(const camera *c, float aspect, mat4 view, mat4 proj);
void camera_ray(const camera *c, float aspect, float ndc_x, float ndc_y, vec3 origin, vec3 dir);

#ifdef __cplusplus
}
#endif

#endif
