#include "core/mud/mud_layers.h"

#include <stdio.h>
#include <string.h>

const char *const mud_layer_names[MUD_LAYER_COUNT + 1] = {"mud", "roads", "decals", "particles", "plants",
                                                          "chunks", "water", "post", NULL};

/* The layers of this build; plants, chunks and water come with their own modules. */
static const bool present[MUD_LAYER_COUNT] = {
    [MUD_LAYER_MUD] = true, [MUD_LAYER_ROADS] = true, [MUD_LAYER_DECALS] = true, [MUD_LAYER_PARTICLES] = true,
    [MUD_LAYER_POST] = true,
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
