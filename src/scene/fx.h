/* fx.h — the app's particle system: owns the billboard module and exposes it to scenes through
 * scene_ctx.fx (see scene.h). Implemented in fx.c by the billboard module's integration.
 *
 *   fx_system *fx = fx_create(&opt, seed);   NULL when particles are unavailable (logged);
 *                                            every function accepts NULL and then does nothing
 *   fx_bind(fx, &ctx.fx);                    fill the scene callbacks
 *   fx_update(fx, dt);                       once per fixed step
 *   fx_prepare(fx, cam, aspect);             once per drawn frame, after the scene's prepare hook:
 *                                            culls, sorts and uploads this frame's billboards
 *   fx_draw(fx, r);                          after the opaque pass, into the main target
 *   fx_stats / fx_bench                      keys for `stats` and `--bench`
 *   fx_clear(fx);                            kill every particle (scene switch)
 */
#ifndef IMPRINT_APP_FX_H
#define IMPRINT_APP_FX_H

#include "base/params.h"
#include "scene/scene.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fx_system fx_system;

fx_system *fx_create(const options *opt, unsigned seed);
void fx_destroy(fx_system *fx);
void fx_bind(fx_system *fx, fx_api *api);
void fx_update(fx_system *fx, float dt);
void fx_prepare(fx_system *fx, const camera *cam, float aspect);
void fx_draw(fx_system *fx, renderer *r);
/* Atlas frame blending of animated billboards from the next draw on (the panel's bb.frame_blend). */
void fx_set_frame_blend(fx_system *fx, bool on);
/* The particles' parameters (BB_PARAMS: particles.restitution, .friction, .impact_life, .near_fade). */
void fx_set_params(fx_system *fx, const params *p);
void fx_clear(fx_system *fx);
void fx_stats(fx_system *fx, json_writer *w);
void fx_bench(fx_system *fx, json_writer *w);

#ifdef __cplusplus
}
#endif

#endif
