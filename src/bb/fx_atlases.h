/* fx_atlases.h — the app's five billboard atlases: the range's and the mud scene's choice, handed
 * to the renderer in its desc like anyone's (bb.h). assets/atlas_{fire,spark,smoke,clod,spray}.png,
 * 512 x 512, 8 x 8 frames, in bb_atlas_id order (particles.h), each with its light: fire glows at
 * gain 3, sparks at 6; smoke, clods and spray are lit by the sun and the ambient.
 *
 *   fx_atlases a;
 *   fx_atlases_load(&a);
 *   bb_renderer *bb = bb_renderer_create(&(bb_desc){ .atlases = a.atlas, .atlas_count = BB_ATLAS_COUNT });
 *   fx_atlases_free(&a);          right away: the renderer has copied them
 *
 * Files come through gfx's data directory (gfx_data_path). A missing or odd-sized file is logged
 * and its atlas is flat white, so the mistake shows and the program keeps running.
 */
#ifndef IMPRINT_BB_FX_ATLASES_H
#define IMPRINT_BB_FX_ATLASES_H

#include "bb/bb.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fx_atlases {
    bb_atlas atlas[BB_ATLAS_COUNT];
    void *pixels[BB_ATLAS_COUNT]; /* owned: what atlas[i].pixels points at */
} fx_atlases;

void fx_atlases_load(fx_atlases *out);
void fx_atlases_free(fx_atlases *a);

#ifdef __cplusplus
}
#endif

#endif
