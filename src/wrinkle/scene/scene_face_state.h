/* scene_face_state.h — the face scene's state, shared by its two files (internal to the scene):
 * scene_face.c runs the frame (create, update, prepare, draw, commands); scene_face_report.c says
 * what the scene shows and measures (debug views, dumps, stats, bench, HUD, key help).
 */
#ifndef IMPRINT_APP_SCENE_FACE_STATE_H
#define IMPRINT_APP_SCENE_FACE_STATE_H

#include "scene/scene.h"
#include "wrinkle/scene/face_vocab.h"
#include "wrinkle/scene/face_idle.h"
#include "wrinkle/core/head_bust.h"
#include "wrinkle/core/wrinkle_cycle.h"
#include "gfx/mesh_gl.h"
#include "wrinkle/wrinkle.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct face {
    mat4 model, eye_rot[2]; /* the head frame this step; each eye's turn in it (the gaze: right, left) */
    float gaze_miss[2];     /* how far the camera passes from each eye's gaze ray this step (m) */
    scene_ctx *ctx;
    head_model head;
    gfx_mesh skin, mouth, lids, eyes, shoulders, pedestal, brows, lashes, backdrop;
    float detail;                  /* face.detail the meshes were built at */
    int brows_first, lashes_first; /* where the hair's vertices start in the blendshape deltas */
    int lash_index_count;          /* the lashes' indices in lashes; the tear lines' follow */
    wrinkle *wr;
    wrinkle_cycle cycle;     /* expressions in a loop, picked, or single blendshapes (core) */
    float blink;             /* the blink blendshape's weight (`blendshape blink W`) */
    bool wrinkles_off;       /* compose the base maps alone: the head without its wrinkle layers */
    face_idle idle;          /* blinks, saccades, breath, sway (core), stepped while face.idle is on */
    bool idle_on;            /* face.idle at the last step */
    float morph[HEAD_MORPH_COUNT]; /* the blendshape weights this frame (prepare), as the GPU morphs */
} face;

/* scene_face_report.c: the vtable's reporting entries */
bool face_view(void *p, const char *name, scene_view *out);
bool face_dump(void *p, const char *target, const char *path);
void face_stats(void *p, json_writer *w);
void face_bench(void *p, json_writer *w);
void face_hud(void *p, float x, float y);
void face_keys_help(char *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif
