/* The budget per pass: which column applies. See budgets.h; the rows are generated. */
#include "app/budgets.h"

#include <stdlib.h>
#include <string.h>

#include "base/quality.h"

const char *const budget_column_names[BUDGET_COLUMNS] = {"GPU 1920x1080", "GPU 960x540", "CPU renderer 1920x1080",
                                                         "CPU renderer 960x540"};

int budget_column(const char *gl_renderer, int width, int height)
{
    /* quality_auto's own test of a CPU renderer (it picks low there in a window) */
    const bool cpu = quality_auto(gl_renderer, false) == QUALITY_LOW;
    const long px = (long)width * height, big = 1920L * 1080, small = 960L * 540;
    const bool near_big = labs(px - big) < labs(px - small);
    return cpu ? (near_big ? BUDGET_CPU_1080 : BUDGET_CPU_540) : (near_big ? BUDGET_GPU_1080 : BUDGET_GPU_540);
}

float budget_ms(const char *pass, int column)
{
    if (column < 0 || column >= BUDGET_COLUMNS) return -1.0f;
    for (int i = 0; i < budget_row_count; i++)
        if (!strcmp(budget_rows[i].pass, pass)) return budget_rows[i].ms[column];
    return -1.0f;
}
