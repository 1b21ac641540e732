#include "app/showcase.h"

#include <assert.h>

#include "base/script.h"

static const char *const showcase_scripts[SCRIPT_SCENE_COUNT] = {
    [SCRIPT_SCENE_RANGE] =
        "0 camera 0 1.4 4 0 1.4 0\n"
        "0 weapon marksman\n"
        "0.05 fire\n"
        "0.35 camera 0.1 1.5 4 0.1 1.5 0\n"
        "0.35 fire\n"
        "0.6 weapon auto\n"
        "0.6 camera -0.1 1.28 4 -0.1 1.28 0\n"
        "0.6 hold 0.4\n"
        "1.1 weapon shotgun\n"
        "1.1 camera 0 1.4 4 0 1.4 0\n"
        "1.15 fire\n"
        "1.7 camera 0.04 1.36 2.4 0.04 1.36 0\n"
        "1.75 fire\n"
        "2.3 camera 0.06 1.46 2.4 0.06 1.46 0\n"
        "2.35 fire\n"
        "2.45 camera 1.3 1.7 3.6 0 1.1 0\n"
        "2.6 quit\n",
    [SCRIPT_SCENE_MUD] =
        "0 drive 1 0 3\n"
        "2.2 drive 1 0.35 1\n"
        "3.0 quit\n",
    [SCRIPT_SCENE_FACE] =
        "0 expression neutral\n"
        "0.6 expression angry\n"
        "2.2 quit\n",
    [SCRIPT_SCENE_DISSOLVE] =
        "0 dissolve-mode push\n"
        "0 dissolve-shape noise\n"
        "0 dissolve 0\n"
        "0.5 dissolve 0.45\n"
        "1.0 quit\n",
};

const char *showcase_script(int scene)
{
    assert(scene >= 0 && scene < SCRIPT_SCENE_COUNT);
    return showcase_scripts[scene];
}
