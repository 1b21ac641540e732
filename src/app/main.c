/* imprint — five render-target techniques from shipped games, one frame loop. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "app/app.h"
#include "app/platform.h"
#include "app/registry.h"
#include "base/options.h"
#include "base/script.h"

/* Output files are written at the end of a run: check their folders now, so a typo does not
 * cost a whole run. */
static bool folder_writable(const char *path)
{
    char dir[OPTIONS_PATH_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash) return access(".", W_OK) == 0;
    if (slash == dir) slash[1] = 0;
    else *slash = 0;
    return access(dir, W_OK) == 0;
}

static int main__exit(int rc)
{
    platform_report_exit(rc); /* the browser's page hears it; nothing natively */
    return rc;
}

int main(int argc, char **argv)
{
    options_cli cli;
    registry_options_cli(&cli);
    options opt;
    char err[1024];
    int rc = options_parse(&cli, argc, argv, &opt, err, sizeof err);
    if (rc == OPTIONS_EXIT_OK) return main__exit(0);
    if (rc == OPTIONS_ERROR) {
        fprintf(stderr, "imprint: %s\n", err);
        return main__exit(2);
    }
    const char *outputs[2][2] = {{"--screenshot", opt.screenshot}, {"--bench", opt.bench_path}};
    for (int i = 0; i < 2; i++) {
        if (outputs[i][1][0] && !folder_writable(outputs[i][1])) {
            fprintf(stderr, "imprint: %s: cannot write '%s': its folder does not exist or is not writable\n",
                    outputs[i][0], outputs[i][1]);
            return main__exit(2);
        }
    }
    script scr = {0};
    if (opt.script[0] && !script_load(registry_lang(), opt.script, &scr, err, sizeof err)) {
        fprintf(stderr, "imprint: %s\n", err);
        return main__exit(2);
    }
    rc = app_run(&opt, opt.script[0] ? &scr : NULL);
    script_free(&scr);
    return main__exit(rc);
}
