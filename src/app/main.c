/* imprint — five render-target techniques from shipped games, one frame loop. */
#include <stdio.h>

#include "app/app.h"
#include "core/options.h"
#include "core/script.h"

int main(int argc, char **argv)
{
    options opt;
    char err[1024];
    int rc = options_parse(argc, argv, &opt, err, sizeof err);
    if (rc == OPTIONS_EXIT_OK) return 0;
    if (rc == OPTIONS_ERROR) {
        fprintf(stderr, "imprint: %s\n", err);
        return 2;
    }
    script scr = {0};
    if (opt.script[0] && !script_load(opt.script, &scr, err, sizeof err)) {
        fprintf(stderr, "imprint: %s\n", err);
        return 2;
    }
    rc = app_run(&opt, opt.script[0] ? &scr : NULL);
    script_free(&scr);
    return rc;
}
