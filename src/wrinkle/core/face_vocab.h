/* face_vocab.h — what the face scene adds to the script language, and the head it lends the
 * dissolve gallery (GL-free).
 *
 *   in the scene's command(): switch (cmd->op) { case FACE_CMD_EXPRESSION: ... }
 *   mesh_data m = {0}; float bottom;
 *   face_showpiece_build(&m, &bottom);      // the head, skin and eyes, one mesh (false: none)
 *
 * Commands: blendshape NAME WEIGHT (head_shape_names, 0..1), expression NAME
 * (wrinkle_expr_names), wrinkles on|off. Views: wrinkle-normal, wrinkle-occlusion, wrinkle-mask,
 * wrinkle-influence (face_views, FACE_VIEW_*); dump: wrinkle (the composed buffer).
 */
#ifndef IMPRINT_WRINKLE_FACE_VOCAB_H
#define IMPRINT_WRINKLE_FACE_VOCAB_H

#include <stdbool.h>

#include "base/mesh.h"
#include "base/script.h"

enum { FACE_CMD_BLENDSHAPE, FACE_CMD_EXPRESSION, FACE_CMD_WRINKLES, FACE_CMD_COUNT };
enum { FACE_VIEW_NORMAL, FACE_VIEW_OCCLUSION, FACE_VIEW_MASK, FACE_VIEW_INFLUENCE };
enum { FACE_DUMP_WRINKLE };

extern const char *const face_views[];
extern const char *const face_dumps[];
extern const script_vocab face_vocab;

/* The head's skin and eyes as one mesh with smooth normals, its neck cut at *bottom_y
 * (HEAD_NECK_BOTTOM_Y). False (and *out empty) when the head cannot be built. */
bool face_showpiece_build(mesh_data *out, float *bottom_y);

#endif
