/* testparams.h — GL-free tests register the techniques' parameter tables as the app's scene
 * registry does (src/app/registry.c: the scenes' in its order, then the particles'), so `set`
 * and `--set` know the same names. The app's own rows (hud.help) live in src/app and are left out.
 *
 *   testparams_register();   // before parsing or params_create; again is harmless
 */
#ifndef IMPRINT_TEST_PARAMS_H
#define IMPRINT_TEST_PARAMS_H

#include "base/params.h"
#include "bb/core/bb_options.h"
#include "damage/scene/range_vocab.h"
#include "dissolve/scene/dissolve_vocab.h"
#include "mud/scene/mud_vocab.h"
#include "wrinkle/scene/face_vocab.h"

static inline void testparams_register(void)
{
    params_register(range_param_rows, RANGE_P_COUNT);
    params_register(mud_param_rows, MUD_P_COUNT);
    params_register(face_param_rows, FACE_P_COUNT);
    params_register(dissolve_param_rows, DISSOLVE_P_COUNT);
    params_register(bb_param_rows, BB_P_COUNT);
    quality_register(mud_quality_rows, MUD_QUALITY_COUNT);
    quality_register(face_quality_rows, FACE_QUALITY_COUNT);
    quality_register(dissolve_quality_rows, DISSOLVE_QUALITY_COUNT);
    quality_register(bb_quality_rows, BB_QUALITY_COUNT);
}

#endif
