/* input.h — what the platform layer reports each frame, the same for keyboard+mouse, gamepad
 * and (all zero) headless runs. Scenes read it in their fixed-step update; they never call GLFW.
 * Key codes are GLFW's (GLFW_KEY_*), available headless too since they are plain numbers.
 */
#ifndef IMPRINT_APP_INPUT_H
#define IMPRINT_APP_INPUT_H

#include <stdbool.h>

#define GLFW_INCLUDE_NONE /* GL comes from glad (gfx/gl.h) */
#include <GLFW/glfw3.h>

#define INPUT_KEYS (GLFW_KEY_LAST + 1)

typedef struct app_input {
    bool down[INPUT_KEYS];    /* held now */
    bool pressed[INPUT_KEYS]; /* went down since the previous frame */
    bool mouse_down[3], mouse_pressed[3];
    float mouse_dx, mouse_dy; /* pixels since the previous frame, only while the mouse is captured */
    bool mouse_captured;
    bool gamepad;             /* a gamepad is connected */
    float pad_axes[6];        /* GLFW_GAMEPAD_AXIS_*: left x/y, right x/y, triggers -1..1 */
    bool pad_down[15], pad_pressed[15];
} app_input;

#endif
