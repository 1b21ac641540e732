/* The range scene's script commands, views and dumps, and its showpiece. See range_vocab.h. */
#include "damage/scene/range_vocab.h"

#include <stdio.h>
#include <string.h>

#include "base/names.h"
#include "damage/core/robot.h"
#include "damage/core/robot_anim.h"
#include "damage/scene/weapon.h"

const char *const range_robot_actions[] = {"respawn", "anim", NULL};
const char *const range_views[] = {"damage", "damage-fading", NULL};
const char *const range_dumps[] = {"damage", "damage-fading", "damage-scorch", "damage-view", "damage-fading-view", NULL};

/* `robot anim idle|walk|stop`: the one action with an argument; num[0] = robot_anim_mode. */
static int range__parse_robot(char **tok, int ntok, script_cmd *cmd, char *msg, size_t len)
{
    if (ntok < 1 || strcmp(tok[0], "anim")) return SCRIPT_ARGS_DEFAULT;
    char list[64];
    names_join(robot_anim_mode_names, ", ", list, sizeof list);
    if (ntok != 2) {
        snprintf(msg, len, "robot anim needs one animation (%s)", list);
        return 0;
    }
    int m = names_find(robot_anim_mode_names, tok[1]);
    if (m < 0) {
        snprintf(msg, len, "unknown robot animation '%s' (expected one of: %s)", tok[1], list);
        return 0;
    }
    cmd->index = RANGE_ROBOT_ANIM;
    snprintf(cmd->str, sizeof cmd->str, "%s", tok[1]);
    cmd->num[0] = (float)m;
    cmd->nnum = 1;
    return 1;
}

static const script_command range__commands[RANGE_CMD_COUNT + 1] = {
    [RANGE_CMD_WEAPON] = {"weapon", "e", "NAME", weapon_names, "weapon", {0}, SCRIPT_BUTTONS},
    [RANGE_CMD_FIRE] = {"fire", "", "", NULL, NULL, {0}},
    [RANGE_CMD_HOLD] = {"hold", "n", "SECONDS", NULL, NULL, {SCRIPT_POSITIVE}},
    [RANGE_CMD_BLAST] = {"blast", "nnnn", "X Y Z RADIUS", NULL, NULL, {SCRIPT_ANY, SCRIPT_ANY, SCRIPT_ANY, SCRIPT_POSITIVE}},
    [RANGE_CMD_ROBOT] = {"robot", "e", "ACTION", range_robot_actions, "robot action", {0}, SCRIPT_BUTTONS,
                         .parse = range__parse_robot},
};

const script_vocab range_vocab = {"range", range__commands, range_views, range_dumps};

const param_def range_param_rows[RANGE_P_COUNT] = {RANGE_PARAMS(PARAMS_ROW)};

bool range_showpiece_build(mesh_data *out, float *bottom_y, float detail)
{
    (void)detail; /* the robot is boxes and cylinders of few vertices: one density */
    robot *rb = robot_create(&(robot_desc){0});
    if (!rb) return false;
    mat4 id = GLM_MAT4_IDENTITY_INIT;
    mesh_append(out, &rb->body, id);
    mesh_append(out, &rb->glow, id);
    for (int i = 0; i < rb->plate_count; i++) mesh_append(out, &rb->plates[i].mesh, rb->plates[i].rest);
    mesh_compute_smooth_normals(out, 1e-5f);
    robot_destroy(rb);
    *bottom_y = 0.0f; /* the rig stands on its soles at y = 0 */
    return true;
}
