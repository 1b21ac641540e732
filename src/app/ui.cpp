// ui.cpp — the parameter panel on Dear ImGui; the program's one C++ file. See ui.h.
#include "app/ui.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

extern "C" {
#include "base/log.h"
#include "gfx/state.h"
#include "gfx/timer.h"
}

enum {
    UI_HISTORY = 240,  // frames in each graph: four seconds at 60 Hz
    UI_MAX_WIDGETS = 64,
};

struct ui {
    bool shown, glfw;
    // per timed pass (gfx_timers_get index), a ring of its latest GPU milliseconds
    float hist[GFX_TIMER_MAX_PASSES][UI_HISTORY];
    long long seen[GFX_TIMER_MAX_PASSES]; // p->total when last sampled: a pass that did not run adds nothing
    int head[GFX_TIMER_MAX_PASSES], filled[GFX_TIMER_MAX_PASSES];
    float frame_hist[UI_HISTORY];
    int frame_head, frame_filled;
    // where each registry widget was last drawn, for `stats` (tests drive the sliders with it)
    int nwidgets;
    const char *widget_name[UI_MAX_WIDGETS];
    float widget_rect[UI_MAX_WIDGETS][4];
};

static bool ui__wants_mouse, ui__wants_keyboard;

extern "C" bool ui_wants_mouse(void) { return ui__wants_mouse; }
extern "C" bool ui_wants_keyboard(void) { return ui__wants_keyboard; }

extern "C" ui *ui_create(const ui_desc *d)
{
    ui *u = static_cast<ui *>(calloc(1, sizeof(ui)));
    if (!u) return nullptr;
    u->shown = d->shown;
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO &io = ImGui::GetIO();
    io.IniFilename = nullptr; // no imgui.ini next to the user's files: the layout is fixed
    io.LogFilename = nullptr;
    ImGui::StyleColorsDark();
    ImGui::GetStyle().WindowRounding = 0.0f;
    ImGui::GetStyle().Colors[ImGuiCol_WindowBg].w = 0.85f;
    if (d->window) {
        // installs its callbacks over the platform's and calls those on: both see every event
        if (!ImGui_ImplGlfw_InitForOpenGL(static_cast<GLFWwindow *>(d->window), true)) goto fail;
        u->glfw = true;
    }
    if (!ImGui_ImplOpenGL3_Init(GFX_GLES ? "#version 300 es" : "#version 330 core")) { /* WebGL2: GLSL ES 3.00 */
        log_error("ui: the Dear ImGui OpenGL 3 backend could not start (no panel)");
        goto fail;
    }
    return u;
fail:
    if (u->glfw) ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    free(u);
    return nullptr;
}

extern "C" void ui_destroy(ui *u)
{
    if (!u) return;
    ImGui_ImplOpenGL3_Shutdown();
    if (u->glfw) ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    ui__wants_mouse = ui__wants_keyboard = false;
    free(u);
}

extern "C" void ui_toggle(ui *u) { u->shown = !u->shown; }
extern "C" bool ui_shown(const ui *u) { return u && u->shown; }

static void ui__push(float *ring, int *head, int *filled, float v)
{
    ring[*head] = v;
    *head = (*head + 1) % UI_HISTORY;
    if (*filled < UI_HISTORY) (*filled)++;
}

static void ui__sample(ui *u, float dt)
{
    ui__push(u->frame_hist, &u->frame_head, &u->frame_filled, dt * 1000.0f);
    for (int i = 0; i < gfx_timers_count() && i < GFX_TIMER_MAX_PASSES; i++) {
        const gfx_pass_stats *p = gfx_timers_get(i);
        if (p->total == u->seen[i]) continue;
        u->seen[i] = p->total;
        ui__push(u->hist[i], &u->head[i], &u->filled[i], p->gpu_ms);
    }
}

// PlotLines reads a ring through an offset: oldest first.
static void ui__plot(const char *id, const float *ring, int head, int filled, const char *overlay, float height)
{
    const int offset = filled < UI_HISTORY ? 0 : head;
    float hi = 0.0f;
    for (int k = 0; k < filled; k++) hi = ring[k] > hi ? ring[k] : hi;
    ImGui::SetNextItemWidth(-1.0f);
    ImGui::PlotLines(id, ring, filled, offset, overlay, 0.0f, hi > 0.0f ? hi * 1.1f : 1.0f, ImVec2(0.0f, height));
}

static void ui__remember(ui *u, const char *name)
{
    if (u->nwidgets == UI_MAX_WIDGETS) return;
    const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
    u->widget_name[u->nwidgets] = name;
    float *r = u->widget_rect[u->nwidgets++];
    r[0] = lo.x;
    r[1] = lo.y;
    r[2] = hi.x - lo.x;
    r[3] = hi.y - lo.y;
}

// One registry row, one line: a widget as wide as the panel that shows the name with the value
// (ImGui formats may carry text around the number); the help on hover; right click: the default.
static void ui__param(ui *u, params *reg, int id)
{
    const param_def *d = params_def(id);
    const bool moved = params_f(reg, id) != d->def;
    char fmt[160];
    ImGui::PushID(id);
    if (moved) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.85f, 0.4f, 1.0f));
    ImGui::SetNextItemWidth(-1.0f);
    switch (d->type) {
    case PARAM_FLOAT: {
        float v = params_f(reg, id);
        snprintf(fmt, sizeof fmt, "%s  %%.5g", d->name); /* 24000 N, not 2.4e+04 */
        if (ImGui::SliderFloat("##v", &v, d->min, d->max, fmt)) params_set(reg, id, v);
        break;
    }
    case PARAM_INT: {
        int i = params_i(reg, id);
        snprintf(fmt, sizeof fmt, "%s  %%d", d->name);
        if (ImGui::SliderInt("##v", &i, (int)d->min, (int)d->max, fmt)) params_set(reg, id, (float)i);
        break;
    }
    case PARAM_BOOL: {
        bool b = params_b(reg, id);
        if (ImGui::Checkbox(d->name, &b)) params_set(reg, id, b ? 1.0f : 0.0f);
        break;
    }
    case PARAM_ENUM: {
        const int i = params_i(reg, id);
        snprintf(fmt, sizeof fmt, "%s  %s", d->name, d->names[i]);
        if (ImGui::BeginCombo("##v", fmt)) {
            for (int k = 0; d->names[k]; k++)
                if (ImGui::Selectable(d->names[k], k == i)) params_set(reg, id, (float)k);
            ImGui::EndCombo();
        }
        break;
    }
    }
    if (moved) ImGui::PopStyleColor();
    ui__remember(u, d->name);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s\n%s: default %g, range %g..%g\nright click: default, ctrl+click: type a value", d->help, d->name,
                          (double)d->def, (double)d->min, (double)d->max);
    if (ImGui::IsItemClicked(ImGuiMouseButton_Right)) params_set(reg, id, d->def);
    ImGui::PopID();
}

// A row of buttons, one per name of an enumerated command; a click becomes that command.
static void ui__buttons(const char *label, int scene, int op, const char *const *names, const char *current,
                        script_cmd *out, int *n)
{
    ImGui::TextUnformatted(label);
    for (int k = 0; names[k]; k++) {
        const float w = ImGui::CalcTextSize(names[k]).x + ImGui::GetStyle().FramePadding.x * 2.0f;
        if (k > 0) {
            const float right = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + w;
            if (right < ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) ImGui::SameLine();
        }
        const bool on = current && !strcmp(current, names[k]);
        if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyle().Colors[ImGuiCol_ButtonActive]);
        ImGui::PushID(names[k]);
        if (ImGui::Button(names[k]) && *n < UI_MAX_CMDS) {
            script_cmd *c = &out[(*n)++];
            memset(c, 0, sizeof *c);
            c->scene = scene;
            c->op = op;
            c->name = label;
            c->index = k;
            snprintf(c->str, sizeof c->str, "%s", names[k]);
        }
        ImGui::PopID();
        if (on) ImGui::PopStyleColor();
    }
}

extern "C" int ui_draw(ui *u, const ui_frame *f, script_cmd out[UI_MAX_CMDS])
{
    ui__sample(u, f->dt);
    u->nwidgets = 0;
    if (!u->shown || f->width <= 0 || f->height <= 0) {
        ui__wants_mouse = ui__wants_keyboard = false;
        return 0;
    }
    ImGuiIO &io = ImGui::GetIO();
    if (f->mouse_captured) io.ConfigFlags |= ImGuiConfigFlags_NoMouse;
    else io.ConfigFlags &= ~ImGuiConfigFlags_NoMouse;
    ImGui_ImplOpenGL3_NewFrame();
    if (u->glfw) {
        // window coordinates (the cursor's) and the framebuffer scale, from GLFW: the target the
        // panel goes into is the framebuffer's size
        ImGui_ImplGlfw_NewFrame();
    } else {
        io.DisplaySize = ImVec2((float)f->width, (float)f->height);
        io.DisplayFramebufferScale = ImVec2(1.0f, 1.0f);
        io.DeltaTime = f->dt > 0.0f ? f->dt : 1.0f / 60.0f;
    }
    const float dw = io.DisplaySize.x, dh = io.DisplaySize.y;
    ImGui::NewFrame();

    int n = 0;
    const float pw = 340.0f < dw * 0.45f ? 340.0f : dw * 0.45f;
    ImGui::SetNextWindowPos(ImVec2(dw - pw - 6.0f, 6.0f), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(pw, dh - 12.0f), ImGuiCond_Always);
    ImGui::Begin("parameters (U hides)", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
    ImGui::Text("scene %s", f->scene);
    ui__buttons("scene", SCRIPT_APP, SCRIPT_SCENE, f->scenes, f->scene, out, &n);
    if (ImGui::CollapsingHeader("parameters", ImGuiTreeNodeFlags_DefaultOpen)) {
        int shown = 0;
        for (int id = 0; id < params_count(); id++) {
            const param_def *d = params_def(id);
            if (d->scene && strcmp(d->scene, f->scene)) continue;
            ui__param(u, f->params, id);
            shown++;
        }
        if (ImGui::Button("all to defaults")) params_reset(f->params);
        (void)shown;
    }
    // the scene's commands that asked for buttons (SCRIPT_BUTTONS), a row each in its table's order
    const script_command *rows = f->vocab ? f->vocab->commands : nullptr;
    bool any = false;
    for (int k = 0; rows && rows[k].name; k++) any |= (rows[k].flags & SCRIPT_BUTTONS) != 0;
    if (any && ImGui::CollapsingHeader("actions", ImGuiTreeNodeFlags_DefaultOpen)) {
        for (int k = 0; rows[k].name; k++)
            if (rows[k].flags & SCRIPT_BUTTONS) ui__buttons(rows[k].name, f->scene_index, k, rows[k].names, nullptr, out, &n);
    }
    if (f->post && ImGui::CollapsingHeader("post", ImGuiTreeNodeFlags_DefaultOpen)) {
        for (int k = 0; k < POST_EFFECT_COUNT; k++) {
            bool on = f->post->on[k];
            if (k % 4) ImGui::SameLine();
            if (ImGui::Checkbox(post_effect_names[k], &on) && n < UI_MAX_CMDS) { /* as 'post NAME on|off' */
                script_cmd *c = &out[n++];
                memset(c, 0, sizeof *c);
                c->scene = SCRIPT_APP;
                c->op = SCRIPT_POST;
                c->name = "post";
                c->index = k;
                snprintf(c->str, sizeof c->str, "%s", post_effect_names[k]);
                c->num[0] = on ? 1.0f : 0.0f;
                c->nnum = 1;
            }
        }
    }
    if (ImGui::CollapsingHeader("views", ImGuiTreeNodeFlags_DefaultOpen))
        ui__buttons("view", SCRIPT_APP, SCRIPT_VIEW, f->views, f->view[0] ? f->view : "none", out, &n);
    if (ImGui::CollapsingHeader("frame time (GPU, last 4 s)", ImGuiTreeNodeFlags_DefaultOpen)) {
        char overlay[96];
        const float last = u->frame_filled ? u->frame_hist[(u->frame_head + UI_HISTORY - 1) % UI_HISTORY] : 0.0f;
        snprintf(overlay, sizeof overlay, "frame %.2f ms", (double)last);
        ui__plot("##frame", u->frame_hist, u->frame_head, u->frame_filled, overlay, 30.0f);
        for (int i = 0; i < gfx_timers_count() && i < GFX_TIMER_MAX_PASSES; i++) {
            const gfx_pass_stats *p = gfx_timers_get(i);
            if (!gfx_timers_recent(p) || !u->filled[i]) continue; // a pass of a scene left behind
            snprintf(overlay, sizeof overlay, "%s %.3f ms", p->name, (double)p->gpu_ms);
            ImGui::PushID(i);
            ui__plot("##pass", u->hist[i], u->head[i], u->filled[i], overlay, 22.0f);
            ImGui::PopID();
        }
    }
    ImGui::End();
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    gfx_state_invalidate(); // the backend set blend, scissor, cull and depth behind the cache
    ui__wants_mouse = io.WantCaptureMouse;
    ui__wants_keyboard = io.WantCaptureKeyboard;
    return n;
}

extern "C" void ui_write_stats(const ui *u, json_writer *w)
{
    json_object_begin(w, "ui");
    json_bool(w, "shown", ui_shown(u));
    json_bool(w, "wants_mouse", ui__wants_mouse);
    json_object_begin(w, "widgets");
    for (int i = 0; u && u->shown && i < u->nwidgets; i++) {
        json_array_begin(w, u->widget_name[i]);
        for (int k = 0; k < 4; k++) json_number(w, nullptr, u->widget_rect[i][k]);
        json_array_end(w);
    }
    json_object_end(w);
    json_object_end(w);
}
