/* showcase.h — what a headless run with none of --frames, --script, --bench plays: each scene's
 * best few seconds, as an embedded script (the same commands a --script file holds, docs/cli.md).
 *
 *   const char *text = showcase_script(SCRIPT_SCENE_RANGE);
 *   script s; script_parse(text, "showcase:range", &s, err, sizeof err);
 *
 * Each script ends with `quit` at the moment worth a picture (within 8 s of simulated time); the
 * app then writes imprint-<scene>.png (or --screenshot's PATH) of that frame.
 * range: the robot hit by each weapon, the chest plate blown off, rims glowing; mud: the truck
 * driving along the track throwing clods, ruts behind it; face: neutral to angry with wrinkles;
 * dissolve: the gallery mid-burn with push.
 */
#ifndef IMPRINT_APP_SHOWCASE_H
#define IMPRINT_APP_SHOWCASE_H

const char *showcase_script(int scene);

#endif
