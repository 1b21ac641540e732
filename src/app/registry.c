/* The scene registry. See registry.h. */
#include "app/registry.h"

#include <assert.h>

#include "base/quality.h"
#include "bb/core/bb_options.h"

extern const scene_vtable scene_range, scene_mud, scene_face, scene_dissolve;

/* The one table of scenes: adding a technique's scene is one row here. */
static const scene_vtable *const registry__scenes[] = {&scene_range, &scene_mud, &scene_face, &scene_dissolve};

enum { REGISTRY_COUNT = (int)(sizeof registry__scenes / sizeof registry__scenes[0]) };
_Static_assert((int)REGISTRY_COUNT <= (int)REGISTRY_MAX, "more scenes than the script language holds");

int registry_count(void) { return REGISTRY_COUNT; }

const scene_vtable *registry_scene(int i)
{
    assert(i >= 0 && i < REGISTRY_COUNT);
    return registry__scenes[i];
}

const char *registry_name(int i) { return registry_scene(i)->script->scene; }

int registry_find(const char *name) { return script_lang_scene(registry_lang(), name); }

const param_def registry_app_params[REGISTRY_P_COUNT] = {REGISTRY_PARAMS(PARAMS_ROW)};

void registry_params(void)
{
    for (int i = 0; i < REGISTRY_COUNT; i++) {
        if (registry__scenes[i]->params) params_register(registry__scenes[i]->params, registry__scenes[i]->param_count);
        if (registry__scenes[i]->quality) quality_register(registry__scenes[i]->quality, registry__scenes[i]->quality_count);
    }
    params_register(bb_param_rows, BB_P_COUNT); /* the particles the app runs for every scene */
    quality_register(bb_quality_rows, BB_QUALITY_COUNT);
    params_register(registry_app_params, REGISTRY_P_COUNT);
    params_register(quality_param_rows, QUALITY_P_COUNT); /* the renderer's: the presets set them */
}

const script_lang *registry_lang(void)
{
    static script_lang lang;
    static bool built;
    registry_params(); /* `set` lines are checked against them */
    if (!built) {
        const script_vocab *vocabs[REGISTRY_COUNT];
        for (int i = 0; i < REGISTRY_COUNT; i++) vocabs[i] = registry__scenes[i]->script;
        script_lang_init(&lang, vocabs, REGISTRY_COUNT);
        built = true;
    }
    return &lang;
}

void registry_options_cli(options_cli *cli)
{
    registry_params(); /* --set is checked against them */
    *cli = (options_cli){.scenes = registry_lang()->scene_names};
    int n = 0;
    cli->ext[n++] = &bb_options; /* the particles the app runs for every scene (scene/fx.h) */
    for (int i = 0; i < REGISTRY_COUNT; i++)
        if (registry__scenes[i]->options) {
            assert(n < OPTIONS_EXT_MAX);
            cli->ext[n++] = registry__scenes[i]->options;
        }
    cli->ext[n] = NULL;
}

int registry_showpieces(scene_showpiece out[REGISTRY_MAX])
{
    int n = 0;
    for (int i = 0; i < REGISTRY_COUNT; i++)
        if (registry__scenes[i]->showpiece.name) out[n++] = registry__scenes[i]->showpiece;
    return n;
}
