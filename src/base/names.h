/* names.h — tables of names of enumerations (GL-free).
 *
 *   const char *const weapon_names[WEAPON_KIND_COUNT + 1] = {"marksman", "auto", "shotgun", NULL};
 *   int k = names_find(weapon_names, "auto");                    // 1; -1 when unknown
 *   char list[128]; names_join(weapon_names, ", ", list, sizeof list);  // "marksman, auto, shotgun"
 *
 * Every enumeration with names the user types or reads (weapons, expressions, blendshapes,
 * dissolve modes, shapes and pitfalls, batchers, scenes, views, dump targets) has exactly one
 * NULL-terminated table, indexed by the enum, next to the enum's declaration; the script and
 * option parsers, --help, the key help on the HUD and every error message read that table.
 * Matching is exact (case-sensitive). names_join truncates to len - 1 characters.
 */
#ifndef IMPRINT_CORE_NAMES_H
#define IMPRINT_CORE_NAMES_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

int names_find(const char *const *table, const char *name);
int names_count(const char *const *table);
void names_join(const char *const *table, const char *sep, char *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif
