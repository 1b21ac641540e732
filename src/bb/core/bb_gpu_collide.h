/* bb_gpu_collide.h — the GPU particles' collision with a depth buffer, on the CPU (GL-free): the
 * reference for the depth test in shaders/bb_gpu_sim.glsl (the normal and distance per texel made
 * once a frame by shaders/bb_gpu_surface.frag), checked against it by gl_bb_collide.
 *
 *   bb_gpu_depth d = {.depth = texels, .width = w, .height = h, .thickness = 0.3f};
 *   memcpy(d.view, view, 64); memcpy(d.proj, proj, 64);       // what the depth was drawn with
 *   int hit = bb_gpu_collide(&d, prev, pos, vel, restitution, friction); // after the step's motion
 *
 * A particle whose position projects inside the picture, in front of the camera, onto a texel
 * (nearest, texelFetch on the GPU) whose surface lies at view distance zs with zs < z < zs +
 * thickness (z the particle's own view distance), or that crossed it in this step (`prev`, the
 * position before the step, was in front of its own texel's surface, and z - zs is under the
 * thickness plus four step lengths: a fast particle seen at a grazing angle goes deeper along
 * the line of sight than the thickness in one step), has gone through that surface: it is put back
 * onto the texel's tangent plane (a millimetre out along the normal), and, when it moves into
 * it, bounces off the normal rebuilt from the neighbouring texels (on each axis the neighbour
 * whose distance is nearer, so silhouettes do not tilt it): the normal part of v reverses times
 * `restitution`, the tangential part keeps (1 - friction). Farther than the thickness behind it
 * the particle is taken to be behind the object, not in it, and flies on. Off the picture (the
 * known limit of depth-buffer collision: nothing is known there) only the analytic ground of
 * bb_gpu_sim holds. The depth values are those of a GL depth buffer in [0, 1] (1 = nothing),
 * row 0 at the bottom; the projection is a symmetric perspective (cglm's glm_perspective), view
 * a rigid transform. Returns 1 on an impact, 0 otherwise.
 */
#ifndef IMPRINT_CORE_BB_GPU_COLLIDE_H
#define IMPRINT_CORE_BB_GPU_COLLIDE_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bb_gpu_depth {
    const float *depth;     /* width * height depth-buffer values, row 0 at the bottom */
    int width, height;
    float view[16], proj[16]; /* column-major, as the depth was rendered */
    float thickness;        /* metres behind a surface still taken as inside it */
} bb_gpu_depth;

int bb_gpu_collide(const bb_gpu_depth *d, const float prev[3], float pos[3], float vel[3], float restitution, float friction);

#ifdef __cplusplus
}
#endif

#endif
