/* registry.h — the scene registry: the one table of this build's scenes (registry.c) and what is
 * built from it, so nothing else in the app names a scene.
 *
 *   registry_lang()           the script language: the app's commands + every scene's vocab
 *   registry_options_cli(&c)  the command line: the scene names and every options_ext
 *   registry_count(), registry_scene(i), registry_name(i), registry_find("mud")
 *   registry_showpieces(out)  the meshes the scenes lend each other (scene_ctx.showpieces)
 *   registry_params()         registers every parameter table (base/params.h): the scenes' in the
 *                             table's order, the particles' (bb), the app's own; registry_lang and
 *                             registry_options_cli call it, so `set` and `--set` see them all
 *
 * A scene's index is the same everywhere: in this table, in script_cmd.scene and in
 * script_lang.scene_names; the first scene is --scene's default. F1.. pick the scenes in this order.
 */
#ifndef IMPRINT_APP_REGISTRY_H
#define IMPRINT_APP_REGISTRY_H

#include "base/options.h"
#include "base/params.h"
#include "base/script.h"
#include "scene/scene.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { REGISTRY_MAX = SCRIPT_SCENES_MAX };

int registry_count(void);
const scene_vtable *registry_scene(int i);
const char *registry_name(int i);
int registry_find(const char *name); /* -1 when unknown */
/* Built on first use and kept: a script_lang may not be copied. */
const script_lang *registry_lang(void);
void registry_options_cli(options_cli *cli);
/* Registers the tables once; later calls do nothing. */
void registry_params(void);
/* The app's own parameters, one line each like RANGE_PARAMS (damage/scene/range_vocab.h). */
#define REGISTRY_PARAMS(X) \
    X(REGISTRY_P_HUD, "hud", PARAM_BOOL, 1.0f, 0.0f, 1.0f, params_bool_names, NULL, "the whole overlay: status line, pass times, the scene's lines, the crosshair, the key help (off: a show picture, as a game's screenshot)") \
    X(REGISTRY_P_HUD_HELP, "hud.help", PARAM_BOOL, 0.0f, 0.0f, 1.0f, params_bool_names, NULL, "show the key help page (as H does), also in a headless picture")
enum { REGISTRY_PARAMS(PARAMS_ENUM) REGISTRY_P_COUNT };
extern const param_def registry_app_params[REGISTRY_P_COUNT];
/* Fills out[0..n-1] (at most REGISTRY_MAX) with the scenes' showpieces in the table's order; returns n. */
int registry_showpieces(scene_showpiece out[REGISTRY_MAX]);

#ifdef __cplusplus
}
#endif

#endif
