/* app.h — the frame loop: platform, renderer, scenes, script runner, HUD, bench.
 *
 *   int rc = app_run(&opt, script_or_NULL);    0 on success, 1 when a command failed at run time,
 *                                              2 on bad input found before the first frame
 *
 * The options and the script are parsed with the scene registry's vocabulary (app/registry.h:
 * registry_options_cli, registry_lang). Headless with none of --frames, --script, --bench, the
 * scene's showcase (scene_vtable.showcase) plays and its last frame is the picture.
 */
#ifndef IMPRINT_APP_APP_H
#define IMPRINT_APP_APP_H

#include "base/options.h"
#include "base/script.h"

#ifdef __cplusplus
extern "C" {
#endif

int app_run(const options *opt, const script *scr);

#ifdef __cplusplus
}
#endif

#endif
