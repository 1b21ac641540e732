/* input.h — what scenes and the app read: one consumer's take of the input accumulator
 * (base/input.h, where the input rule is: scenes take once per fixed step, the app once per
 * frame, each edge reaches each of them exactly once). The same for keyboard+mouse, gamepad and
 * (all zero) headless runs. Scenes read it in their fixed-step update; they never call GLFW.
 * Key codes are GLFW's (GLFW_KEY_*), available headless too since they are plain numbers.
 */
#ifndef IMPRINT_APP_INPUT_H
#define IMPRINT_APP_INPUT_H

#include <assert.h>

#include "base/input.h"

#define GLFW_INCLUDE_NONE /* GL comes from glad (gfx/gl.h) */
#include <GLFW/glfw3.h>

#ifdef __cplusplus
extern "C" {
#endif

#ifndef GLFW_GAMEPAD_BUTTON_LAST
/* emscripten's GLFW is 3.2, before the gamepad mapping: GLFW 3.3's numbers (the browser's
 * "standard" gamepad layout has the same order; the platform reads it) */
#define GLFW_GAMEPAD_BUTTON_A 0
#define GLFW_GAMEPAD_BUTTON_RIGHT_BUMPER 5
#define GLFW_GAMEPAD_BUTTON_LAST 14
#define GLFW_GAMEPAD_AXIS_LEFT_X 0
#define GLFW_GAMEPAD_AXIS_LEFT_Y 1
#define GLFW_GAMEPAD_AXIS_RIGHT_X 2
#define GLFW_GAMEPAD_AXIS_RIGHT_Y 3
#define GLFW_GAMEPAD_AXIS_LEFT_TRIGGER 4
#define GLFW_GAMEPAD_AXIS_RIGHT_TRIGGER 5
#define GLFW_GAMEPAD_AXIS_LAST 5
#endif

static_assert(INPUT_KEY_LAST == GLFW_KEY_LAST, "base/input.h mirrors GLFW's key codes");
static_assert(INPUT_PAD_BUTTONS == GLFW_GAMEPAD_BUTTON_LAST + 1, "base/input.h mirrors GLFW's pad buttons");
static_assert(INPUT_PAD_AXES == GLFW_GAMEPAD_AXIS_LAST + 1, "base/input.h mirrors GLFW's pad axes");
static_assert(INPUT_PAD_LEFT_TRIGGER == GLFW_GAMEPAD_AXIS_LEFT_TRIGGER &&
                   INPUT_PAD_RIGHT_TRIGGER == GLFW_GAMEPAD_AXIS_RIGHT_TRIGGER,
               "base/input.h mirrors GLFW's trigger axes");

typedef input_state app_input;

#ifdef __cplusplus
}
#endif

#endif
