#include "mud/core/mud_layers.h"

#include <stdio.h>

#include "base/stats.h"
#include <string.h>

const char *const mud_layer_names[MUD_LAYER_COUNT + 1] = {"mud", "roads", "decals", "particles", "plants",
                                                          "chunks", "water", "post", NULL};

/* The layers of this build: every one. */
static const bool present[MUD_LAYER_COUNT] = {
    [MUD_LAYER_MUD] = true, [MUD_LAYER_ROADS] = true, [MUD_LAYER_DECALS] = true, [MUD_LAYER_PARTICLES] = true,
    [MUD_LAYER_PLANTS] = true, [MUD_LAYER_CHUNKS] = true, [MUD_LAYER_WATER] = true, [MUD_LAYER_POST] = true,
};

/* The order the frame applies them, last first: what key L takes away press by press. */
static const mud_layer reverse_order[MUD_LAYER_COUNT] = {MUD_LAYER_POST,   MUD_LAYER_WATER,  MUD_LAYER_PARTICLES,
                                                         MUD_LAYER_CHUNKS, MUD_LAYER_PLANTS, MUD_LAYER_DECALS,
                                                         MUD_LAYER_ROADS,  MUD_LAYER_MUD};

bool mud_layer_present(int layer) { return layer >= 0 && layer < MUD_LAYER_COUNT && present[layer]; }

void mud_layers_present_list(char *buf, unsigned len)
{
    if (!len) return;
    buf[0] = '\0';
    for (int i = 0; i < MUD_LAYER_COUNT; i++) {
        if (!present[i]) continue;
        size_t used = strlen(buf);
        snprintf(buf + used, len - used, "%s%s", used ? ", " : "", mud_layer_names[i]);
    }
}

void mud_layers_default(mud_layers *ly)
{
    for (int i = 0; i < MUD_LAYER_COUNT; i++) ly->on[i] = true;
    ly->cycle = 0;
}

int mud_layers_cycle(mud_layers *ly)
{
    int npresent = 0;
    for (int i = 0; i < MUD_LAYER_COUNT; i++) npresent += present[i];
    ly->cycle = (ly->cycle + 1) % (npresent + 1);
    for (int i = 0; i < MUD_LAYER_COUNT; i++) ly->on[i] = true;
    int off = -1;
    for (int i = 0, k = 0; i < MUD_LAYER_COUNT && k < ly->cycle; i++) {
        if (!present[reverse_order[i]]) continue;
        off = reverse_order[i];
        ly->on[off] = false;
        k++;
    }
    return off;
}

int mud_layers_timing_class(const mud_layers *ly)
{
    bool all = true, base = true;
    for (int i = 0; i < MUD_LAYER_COUNT; i++) {
        if (!present[i]) continue;
        bool want_off = i == MUD_LAYER_ROADS || i == MUD_LAYER_DECALS || i == MUD_LAYER_PARTICLES;
        all &= ly->on[i];
        base &= ly->on[i] != want_off;
    }
    return all ? 0 : base ? 1 : -1;
}

void mud_layers_timing_init(mud_layers_timing *t)
{
    t->n[0] = t->n[1] = 0;
    t->last = -2;
    t->last_s = 0.0;
}

void mud_layers_timing_frame(mud_layers_timing *t, const mud_layers *ly, double now_s)
{
    if (t->last >= 0 && t->n[t->last] < MUD_LAYERS_TIMING_MAX) t->ms[t->last][t->n[t->last]++] = (float)((now_s - t->last_s) * 1000.0);
    t->last = mud_layers_timing_class(ly);
    t->last_s = now_s;
}

void mud_layers_timing_write(const mud_layers_timing *t, json_writer *w)
{
    static const char *const names[2] = {"all_on", "roads_decals_particles_off"};
    float med[2] = {0, 0};
    json_object_begin(w, "layers");
    for (int c = 0; c < 2; c++) {
        json_object_begin(w, names[c]);
        json_int(w, "frames", t->n[c]);
        med[c] = stats_write_median_p95_keys(w, t->ms[c], t->n[c], 0.0f);
        json_object_end(w);
    }
    json_number(w, "ratio", med[0] > 0 && med[1] > 0 ? med[0] / med[1] : 0.0);
    json_object_end(w);
}
