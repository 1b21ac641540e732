/* ui.h — the parameter panel (Dear ImGui, the one C++ file of the program: src/app/ui.cpp).
 *
 *   ui *u = ui_create(&(ui_desc){ .window = glfw_window_or_NULL, .shown = opt->ui });
 *   each frame, with the LDR target bound after the HUD:
 *     script_cmd cmds[UI_MAX_CMDS];
 *     int n = ui_draw(u, &(ui_frame){ .width = w, .height = h, .params = reg, ... }, cmds);
 *     for (i < n) run cmds[i] like a script command (weapon, expression, view, scene, ...)
 *   ui_toggle(u);                         the U key
 *   ui_destroy(u);
 *
 * The panel is generated: one widget per registry row (base/params.h) whose scene is the
 * current scene or NULL (float/int slider, bool checkbox, enum combo; the help as tooltip), buttons
 * for the scene's commands whose row asks for them (SCRIPT_BUTTONS: weapon, robot, expression,
 * dissolve mode and shape; the names of the row's table), the post effects' switches, the views
 * the scene accepts, the scenes, and a frame-time graph per timed pass
 * over the last few seconds (gfx/timer.h). Widgets write the registry directly (params_set);
 * buttons come back as script commands, so they take the same path as a script's.
 *
 * Rendering: Debian's imgui_impl_opengl3 backend into whatever framebuffer is bound; it saves and
 * restores the GL state it touches, and ui_draw calls gfx_state_invalidate() after it anyway.
 * Input: in a window Debian's imgui_impl_glfw backend installs its GLFW callbacks over the
 * platform's and calls them on (chained); ui_wants_mouse()/ui_wants_keyboard() tell the platform's
 * callbacks to keep presses from the scene while the panel has the pointer or a text field.
 * Headless the panel gets no input and is drawn at the framebuffer size (--ui pictures).
 * Failure: ui_create returns NULL (logged) when the backend cannot start; the app runs without.
 */
#ifndef IMPRINT_APP_UI_H
#define IMPRINT_APP_UI_H

#include <stdbool.h>

#include "base/json.h"
#include "base/params.h"
#include "base/post_settings.h"
#include "base/script.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { UI_MAX_CMDS = 8, UI_MAX_VIEWS = 16 };

typedef struct ui ui;

typedef struct ui_desc {
    void *window; /* GLFWwindow *, or NULL headless */
    bool shown;   /* visible from the start (--ui) */
} ui_desc;

typedef struct ui_frame {
    int width, height;     /* framebuffer pixels */
    float dt;              /* seconds since the previous frame */
    const char *scene;     /* the current scene's name */
    params *params;        /* the registry the widgets edit */
    const char *const *scenes;       /* every scene's name (the registry's), NULL-terminated */
    int scene_index;                 /* the current one's index in scenes */
    const script_vocab *vocab;       /* its commands: a button row for each SCRIPT_BUTTONS one */
    const char *views[UI_MAX_VIEWS + 1]; /* views the scene accepts, NULL-terminated */
    const char *view;      /* the current one ("" = none) */
    const post_settings *post; /* the post effects' switches (a checkbox each), or NULL */
    bool mouse_captured;   /* fly/aim mode: the panel leaves the mouse alone */
} ui_frame;

ui *ui_create(const ui_desc *desc);
void ui_destroy(ui *u);
void ui_toggle(ui *u);
bool ui_shown(const ui *u);
/* Draws the panel (when shown) into the bound framebuffer; returns the commands its buttons asked
 * for (at most UI_MAX_CMDS), to be run like a script's. Also feeds the frame-time graphs, shown or not. */
int ui_draw(ui *u, const ui_frame *f, script_cmd out[UI_MAX_CMDS]);
/* For the platform's input callbacks: the panel has the pointer / the keyboard (false without a panel). */
bool ui_wants_mouse(void);
bool ui_wants_keyboard(void);
/* "ui": {"shown", "wants_mouse", "widgets": {"name": [x, y, w, h], ...}} into the open stats
 * object, top-left origin, in window coordinates (the cursor's; = pixels headless and without
 * HiDPI scaling): tests find a slider with it. */
void ui_write_stats(const ui *u, json_writer *w);

#ifdef __cplusplus
}
#endif

#endif
