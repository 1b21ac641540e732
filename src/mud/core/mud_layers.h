/* mud_layers.h — the mud scene's frame as layers, switched one by one (GL-free).
 *
 *   mud_layers ly;
 *   mud_layers_default(&ly);                           every layer on
 *   ly.on[MUD_LAYER_ROADS] = false;                    the script's `layer roads off`
 *   int k = names_find(mud_layer_names, "decals");     MUD_LAYER_DECALS; -1 when unknown
 *   if (!mud_layer_present(k)) ... not in this build yet
 *   mud_layers_cycle(&ly);                             key L: one more layer taken away
 *
 * The names are the one table the script (`layer NAME on|off`), the key help, the stats and the
 * docs read: mud, roads, decals, particles, plants, chunks, water, post, all present in this
 * build (mud_layer_present stays for a layer a build lacks: the script parser refuses it with a
 * message saying so). The frame applies them in the order terrain, mud, roads, decals, plants,
 * chunks, particles, water, post (the reference's decomposition); key L takes the present ones
 * away in the reverse order, one more each press (post, then water, particles, chunks, plants,
 * decals, roads, mud), and the press after the last turns all on again.
 */
#ifndef IMPRINT_CORE_MUD_LAYERS_H
#define IMPRINT_CORE_MUD_LAYERS_H

#include <stdbool.h>

#include "base/json.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum mud_layer {
    MUD_LAYER_MUD,
    MUD_LAYER_ROADS,
    MUD_LAYER_DECALS,
    MUD_LAYER_PARTICLES,
    MUD_LAYER_PLANTS,
    MUD_LAYER_CHUNKS,
    MUD_LAYER_WATER,
    MUD_LAYER_POST,
    MUD_LAYER_COUNT
} mud_layer;

extern const char *const mud_layer_names[MUD_LAYER_COUNT + 1];

typedef struct mud_layers {
    bool on[MUD_LAYER_COUNT];
    int cycle; /* key L: how many present layers are taken away */
} mud_layers;

bool mud_layer_present(int layer);
/* "mud, roads, decals, particles, post": the present layers' names, for messages and help. */
void mud_layers_present_list(char *buf, unsigned len);
void mud_layers_default(mud_layers *ly);
/* Key L; returns the layer it just took away, or -1 when every layer is on again. */
int mud_layers_cycle(mud_layers *ly);

/* The bench's comparison in one run: each frame's time (from one call to the next) filed under
 * the layer state it was drawn with, class 0 = every present layer on, class 1 = roads, decals and
 * particles off and the others on; other states are not filed. */
#define MUD_LAYERS_TIMING_MAX 4096
typedef struct mud_layers_timing {
    float ms[2][MUD_LAYERS_TIMING_MAX];
    int n[2];
    double last_s;
    int last; /* class of the frame that began at last_s; -2 before the first */
} mud_layers_timing;

int mud_layers_timing_class(const mud_layers *ly);
void mud_layers_timing_init(mud_layers_timing *t);
/* At the start of each frame, now_s from a monotonic clock. */
void mud_layers_timing_frame(mud_layers_timing *t, const mud_layers *ly, double now_s);
/* "layers": {"all_on": {frames, median, p95}, "roads_decals_particles_off": {...}, "ratio"} into
 * the open object w (ratio of the medians, all_on over off; 0 when a class has no frame). */
void mud_layers_timing_write(const mud_layers_timing *t, json_writer *w);

#ifdef __cplusplus
}
#endif

#endif
