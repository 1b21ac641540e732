/* face_vocab.h — what the face scene adds to the script language, and the head it lends the
 * dissolve gallery (GL-free).
 *
 *   in the scene's command(): switch (cmd->op) { case FACE_CMD_EXPRESSION: ... }
 *   mesh_data m = {0}; float bottom;
 *   face_showpiece_build(&m, &bottom, 1);     // the head, skin and eyes, one mesh (false: none)
 *
 * Commands: blendshape NAME WEIGHT (head_shape_names, 0..1), expression NAME
 * (wrinkle_expr_names), wrinkles on|off. Views: wrinkle-normal, wrinkle-occlusion, wrinkle-mask,
 * wrinkle-influence (face_views, FACE_VIEW_*); dump: wrinkle (the composed buffer).
 */
#ifndef IMPRINT_WRINKLE_FACE_VOCAB_H
#define IMPRINT_WRINKLE_FACE_VOCAB_H

#include <stdbool.h>

#include "base/mesh.h"
#include "base/params.h"
#include "base/quality.h"
#include "base/script.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { FACE_CMD_BLENDSHAPE, FACE_CMD_EXPRESSION, FACE_CMD_WRINKLES, FACE_CMD_COUNT };
enum { FACE_VIEW_NORMAL, FACE_VIEW_OCCLUSION, FACE_VIEW_MASK, FACE_VIEW_INFLUENCE };
enum { FACE_DUMP_WRINKLE, FACE_DUMP_WRINKLE_VIEW };

extern const char *const face_views[];
extern const char *const face_dumps[];
extern const script_vocab face_vocab;

/* The face's parameters (base/params.h): per blendshape, in head_shape_names order, a normal and
 * an occlusion strength (face_param_wrinkle), one line per shape: X(ID, name, default). */
#define FACE_WRINKLE_SHAPES(X) \
    X(BROW_RAISE, "brow_raise", 1.0f) \
    X(FROWN, "frown", 1.0f) \
    X(SMILE, "smile", 0.9f) \
    X(SQUINT, "squint", 1.0f) \
    X(JAW_OPEN, "jaw_open", 0.8f) \
    X(NOSE_WRINKLE, "nose_wrinkle", 1.0f)
/* Further face parameters, one line each like RANGE_PARAMS (damage/scene/range_vocab.h). */
#define FACE_PARAMS(X) \
    X(FACE_P_DETAIL, "face.detail", PARAM_FLOAT, 1.0f, 0.5f, 1.0f, NULL, "face", "the head's grid density (1: 224 x 144 columns and rows; a quality preset field)") \
    X(FACE_P_IDLE, "face.idle", PARAM_BOOL, 1.0f, 0.0f, 1.0f, params_bool_names, "face", "the face lives at rest: blinks every 2-6 s, eye saccades, breathing, a small head motion (from the seed; off: still)") \
    X(FACE_P_LOOK, "face.look", PARAM_BOOL, 1.0f, 0.0f, 1.0f, params_bool_names, "face", "the eyes converge on the camera (the saccades wander about it); off: they look straight ahead") \
    X(FACE_P_KEY, "face.key", PARAM_FLOAT, 1.0f, 0.0f, 2.0f, NULL, "face", "the portrait rig's key (the sun, 54 degrees up, to the face's left) on the head, x its radiance") \
    X(FACE_P_FILL, "face.fill", PARAM_FLOAT, 1.0f, 0.0f, 2.0f, NULL, "face", "the rig's fill (low, from the camera's other side, about a sixth of the key), x its radiance") \
    X(FACE_P_RIM, "face.rim", PARAM_FLOAT, 1.0f, 0.0f, 2.0f, NULL, "face", "the rig's rim light (from behind and above, opposite the key), x its radiance") \
    X(FACE_P_BROWS, "face.brows", PARAM_BOOL, 1.0f, 0.0f, 1.0f, params_bool_names, "face", "draw the brows (hair cards, alpha-blended; off: bare brow ridges, for comparisons)") \
    X(FACE_P_LASHES, "face.lashes", PARAM_BOOL, 1.0f, 0.0f, 1.0f, params_bool_names, "face", "draw the upper lids' lashes (hair cards, alpha-blended; off: bare lid margins, for comparisons)")
#define FACE__WRINKLE_ENUM(id, name, def) FACE_P_##id##_NORMAL, FACE_P_##id##_OCCLUSION,
enum { FACE_WRINKLE_SHAPES(FACE__WRINKLE_ENUM) FACE_PARAMS(PARAMS_ENUM) FACE_P_COUNT };
/* Blendshapes with wrinkle rows (a unit test holds this to HEAD_SHAPE_COUNT and the names to
 * head_shape_names). */
#define FACE_PARAM_SHAPES 6
/* Row of shape's normal (occlusion false) or occlusion strength in face_param_rows. */
static inline int face_param_wrinkle(int shape, bool occlusion) { return 2 * shape + (occlusion ? 1 : 0); }
extern const param_def face_param_rows[FACE_P_COUNT];

/* The face's part of the quality presets (base/quality.h): low builds the head at half its grid density. */
enum { FACE_QUALITY_COUNT = 1 };
extern const quality_field face_quality_rows[FACE_QUALITY_COUNT];

/* The head's skin and eyes as one mesh with smooth normals, its neck cut at *bottom_y
 * (HEAD_NECK_BOTTOM_Y). False (and *out empty) when the head cannot be built. */
bool face_showpiece_build(mesh_data *out, float *bottom_y, float detail); /* detail 0.5..1: the grid's density */

#ifdef __cplusplus
}
#endif

#endif
