/* post_settings.h — which effects of the post stack run, and the key that cycles them (GL-free).
 *
 *   post_settings ps;
 *   post_settings_default(&ps);                      every effect on
 *   ps.on[POST_EXPOSURE] = false;                    fixed exposure (the script's 'post exposure off')
 *   int e = names_find(post_effect_names, "bloom");  POST_BLOOM; -1 when unknown
 *   post_settings_cycle(&ps);                        key P: the next effect off, the others on
 *
 * The names are the one table the script ('post NAME on|off'), the key help and the docs read;
 * the order is the table's, not the stack's (the stack runs SSAO, bloom, DOF, exposure, tone
 * map, grade, FXAA, sharpen whatever is switched).
 * Cycling walks "all on" -> bloom off -> ssao off -> ... -> exposure off -> "all on": each press
 * shows the frame without one effect, so a viewer sees what each one adds. A script's switches
 * are independent of the cycle; the next press starts from "all on" again after cycling through.
 */
#ifndef IMPRINT_CORE_POST_SETTINGS_H
#define IMPRINT_CORE_POST_SETTINGS_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum post_effect {
    POST_BLOOM,
    POST_SSAO,
    POST_DOF,
    POST_FXAA,
    POST_SHARPEN,
    POST_GRADE,
    POST_EXPOSURE,
    POST_EFFECT_COUNT
} post_effect;

extern const char *const post_effect_names[POST_EFFECT_COUNT + 1];

typedef struct post_settings {
    bool on[POST_EFFECT_COUNT];
    int cycle; /* key P: 0 = all on, k = effect k-1 off */
} post_settings;

void post_settings_default(post_settings *ps);
/* Advances the key-P cycle; returns the effect now off, or -1 for "all on". */
int post_settings_cycle(post_settings *ps);

#ifdef __cplusplus
}
#endif

#endif
