/* Until the billboard module is wired in, the app runs without particles: fx_create reports it
 * and returns NULL, and scene_ctx.fx stays empty (scenes check the callbacks before calling). */
#include "app/fx.h"

#include "core/log.h"

fx_system *fx_create(const options *opt, unsigned seed)
{
    (void)seed;
    if (opt->particles > 0) log_warn("--particles: no particle system in this build");
    return NULL;
}

void fx_destroy(fx_system *fx) { (void)fx; }
void fx_bind(fx_system *fx, fx_api *api) { (void)fx; (void)api; }
void fx_update(fx_system *fx, float dt) { (void)fx; (void)dt; }
void fx_draw(fx_system *fx, renderer *r, const camera *cam, float aspect) { (void)fx; (void)r; (void)cam; (void)aspect; }
void fx_clear(fx_system *fx) { (void)fx; }
void fx_stats(fx_system *fx, json_writer *w) { (void)fx; (void)w; }
void fx_bench(fx_system *fx, json_writer *w) { (void)fx; (void)w; }
