/* input.h — the input accumulator (GL-free): keyboard, mouse and gamepad edges kept until a
 * consumer takes them, so no tap is lost when frames and fixed steps do not line up.
 *
 *   input_accum acc;
 *   input_init(&acc);
 *   // platform, from the window system's event callbacks (every event, in order):
 *   input_key(&acc, key, true);   input_key(&acc, key, false);   // press / release (no repeats)
 *   input_mouse_button(&acc, 0, true);  input_mouse_move(&acc, dx, dy);
 *   input_pad(&acc, true, buttons, axes);                     // polled once a frame: edges found here
 *   // once a frame, before the app keys:
 *   input_state frame;  input_take(&acc, INPUT_FRAME, &frame);
 *   // once per fixed step, before scene->update:
 *   input_state step;   input_take(&acc, INPUT_STEP, &step);
 *
 * Codes are plain numbers: keys are GLFW's key codes (INPUT_KEY_LAST mirrors GLFW_KEY_LAST and
 * src/scene/input.h checks it at compile time), mouse buttons 0 left, 1 right, 2 middle, pad
 * buttons and axes in GLFW's gamepad order. Codes outside the ranges are ignored.
 *
 * The input rule. There are two consumers and each sees every edge exactly once:
 *   INPUT_STEP   taken once per fixed step: the scene's controls (weapons, expressions, R, ...).
 *                Presses during frames that run no step wait for the next step; in a frame that
 *                runs two steps the first step takes them and the second sees none.
 *   INPUT_FRAME  taken once per rendered frame: the app's keys (Tab, F1-F4, V, H, F12, Esc, the
 *                click that captures the mouse) and the free camera.
 * A key belongs to one consumer: scenes never bind the app's keys and the app never acts on a
 * scene's. When the app acts on an edge a scene would also read (the capturing click), it calls
 * input_swallow, which withdraws that press from the other consumer and reads the button as up
 * there until it is released. One take reports at most one press per button; a second press of
 * the same button before the take waits for the following take, so N taps are N edges however
 * they fall into frames. `down` is the state at take time: a tap pressed and released since the
 * last take reads pressed && !down. Mouse movement is summed per consumer (only while captured)
 * and reset by its take. Headless nothing is fed: every take is all zero, triggers at -1.
 */
#ifndef IMPRINT_CORE_INPUT_H
#define IMPRINT_CORE_INPUT_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define INPUT_KEY_LAST 348 /* GLFW_KEY_LAST (GLFW_KEY_MENU) */
#define INPUT_KEYS (INPUT_KEY_LAST + 1)
#define INPUT_MOUSE_BUTTONS 3
#define INPUT_PAD_BUTTONS 15 /* GLFW_GAMEPAD_BUTTON_LAST + 1 */
#define INPUT_PAD_AXES 6     /* left x/y, right x/y, left/right trigger */
#define INPUT_PAD_LEFT_TRIGGER 4
#define INPUT_PAD_RIGHT_TRIGGER 5

typedef enum input_consumer { INPUT_STEP, INPUT_FRAME, INPUT_CONSUMERS } input_consumer;

/* What one consumer reads (the app calls it app_input). */
typedef struct input_state {
    bool down[INPUT_KEYS];    /* held at take time */
    bool pressed[INPUT_KEYS]; /* went down since this consumer's previous take */
    bool mouse_down[INPUT_MOUSE_BUTTONS], mouse_pressed[INPUT_MOUSE_BUTTONS];
    float mouse_dx, mouse_dy; /* pixels since this consumer's previous take, only while captured */
    bool mouse_captured;
    bool gamepad;             /* a gamepad is connected */
    float pad_axes[INPUT_PAD_AXES]; /* -1..1; triggers rest at -1 */
    bool pad_down[INPUT_PAD_BUTTONS], pad_pressed[INPUT_PAD_BUTTONS];
} input_state;

/* Buttons of every device in one table: keys, then mouse buttons, then pad buttons. */
#define INPUT_BUTTONS (INPUT_KEYS + INPUT_MOUSE_BUTTONS + INPUT_PAD_BUTTONS)

typedef struct input_accum {
    bool down[INPUT_BUTTONS];
    bool hidden[INPUT_CONSUMERS][INPUT_BUTTONS];   /* swallowed: reads up there until released */
    uint8_t pending[INPUT_CONSUMERS][INPUT_BUTTONS]; /* presses not yet taken (saturating) */
    float dx[INPUT_CONSUMERS], dy[INPUT_CONSUMERS];
    bool captured, gamepad;
    float pad_axes[INPUT_PAD_AXES];
} input_accum;

void input_init(input_accum *a);
/* Events. A press of a button already down and a release of one already up are ignored (a key
 * repeat is not a press: do not feed repeats). */
void input_key(input_accum *a, int key, bool down);
void input_mouse_button(input_accum *a, int button, bool down);
void input_mouse_move(input_accum *a, float dx, float dy); /* ignored while not captured */
void input_set_captured(input_accum *a, bool captured);
/* Polled gamepad state; buttons/axes may be NULL when !connected. Changes become press/release
 * events; a disconnect releases every pad button and rests the axes (triggers at -1). */
void input_pad(input_accum *a, bool connected, const bool buttons[INPUT_PAD_BUTTONS],
               const float axes[INPUT_PAD_AXES]);
/* Fill *out for consumer c and consume what it reports (at most one press per button). */
void input_take(input_accum *a, input_consumer c, input_state *out);
/* Consumer `by` has acted on the press of this button: the other consumers do not get it, and
 * read it as up until it is released. Codes: input_key_code/input_mouse_code/input_pad_code. */
void input_swallow(input_accum *a, input_consumer by, int code);
int input_key_code(int key);
int input_mouse_code(int button);
int input_pad_code(int button);

#ifdef __cplusplus
}
#endif

#endif
