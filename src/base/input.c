#include "base/input.h"

#include <assert.h>
#include <string.h>

enum { INPUT__MOUSE0 = INPUT_KEYS, INPUT__PAD0 = INPUT_KEYS + INPUT_MOUSE_BUTTONS };

static void input__rest_axes(input_accum *a)
{
    memset(a->pad_axes, 0, sizeof a->pad_axes);
    a->pad_axes[INPUT_PAD_LEFT_TRIGGER] = -1.0f;
    a->pad_axes[INPUT_PAD_RIGHT_TRIGGER] = -1.0f;
}

void input_init(input_accum *a)
{
    assert(a);
    memset(a, 0, sizeof *a);
    input__rest_axes(a);
}

int input_key_code(int key) { return key >= 0 && key < INPUT_KEYS ? key : -1; }
int input_mouse_code(int button) { return button >= 0 && button < INPUT_MOUSE_BUTTONS ? INPUT__MOUSE0 + button : -1; }
int input_pad_code(int button) { return button >= 0 && button < INPUT_PAD_BUTTONS ? INPUT__PAD0 + button : -1; }

static void input__button(input_accum *a, int code, bool down)
{
    if (code < 0 || a->down[code] == down) return;
    a->down[code] = down;
    for (int c = 0; c < INPUT_CONSUMERS; c++) {
        if (down && a->pending[c][code] < UINT8_MAX) a->pending[c][code]++;
        if (!down) a->hidden[c][code] = false; /* a swallowed press ends with its release */
    }
}

void input_key(input_accum *a, int key, bool down) { input__button(a, input_key_code(key), down); }
void input_mouse_button(input_accum *a, int button, bool down) { input__button(a, input_mouse_code(button), down); }

void input_mouse_move(input_accum *a, float dx, float dy)
{
    if (!a->captured) return;
    for (int c = 0; c < INPUT_CONSUMERS; c++) {
        a->dx[c] += dx;
        a->dy[c] += dy;
    }
}

void input_set_captured(input_accum *a, bool captured)
{
    a->captured = captured;
    /* motion from before a capture is the pointer crossing the screen, not a look */
    for (int c = 0; c < INPUT_CONSUMERS; c++) a->dx[c] = a->dy[c] = 0.0f;
}

void input_pad(input_accum *a, bool connected, const bool buttons[INPUT_PAD_BUTTONS], const float axes[INPUT_PAD_AXES])
{
    a->gamepad = connected;
    for (int b = 0; b < INPUT_PAD_BUTTONS; b++) input__button(a, INPUT__PAD0 + b, connected && buttons[b]);
    if (connected) memcpy(a->pad_axes, axes, sizeof a->pad_axes);
    else input__rest_axes(a);
}

/* Reads button `code` for consumer c into *down / *pressed and consumes one press. */
static void input__read(input_accum *a, input_consumer c, int code, bool *down, bool *pressed)
{
    *pressed = a->pending[c][code] > 0;
    if (*pressed) a->pending[c][code]--;
    *down = a->down[code] && !a->hidden[c][code];
}

void input_take(input_accum *a, input_consumer c, input_state *out)
{
    assert(a && out && c >= 0 && c < INPUT_CONSUMERS);
    memset(out, 0, sizeof *out);
    for (int k = 0; k < INPUT_KEYS; k++) input__read(a, c, k, &out->down[k], &out->pressed[k]);
    for (int b = 0; b < INPUT_MOUSE_BUTTONS; b++)
        input__read(a, c, INPUT__MOUSE0 + b, &out->mouse_down[b], &out->mouse_pressed[b]);
    for (int b = 0; b < INPUT_PAD_BUTTONS; b++)
        input__read(a, c, INPUT__PAD0 + b, &out->pad_down[b], &out->pad_pressed[b]);
    out->mouse_dx = a->dx[c];
    out->mouse_dy = a->dy[c];
    a->dx[c] = a->dy[c] = 0.0f;
    out->mouse_captured = a->captured;
    out->gamepad = a->gamepad;
    memcpy(out->pad_axes, a->pad_axes, sizeof out->pad_axes);
}

void input_swallow(input_accum *a, input_consumer by, int code)
{
    assert(a && by >= 0 && by < INPUT_CONSUMERS);
    if (code < 0 || code >= INPUT_BUTTONS) return;
    for (int c = 0; c < INPUT_CONSUMERS; c++) {
        if (c == (int)by) continue;
        if (a->pending[c][code] > 0) a->pending[c][code]--;
        if (a->down[code]) a->hidden[c][code] = true;
    }
}
