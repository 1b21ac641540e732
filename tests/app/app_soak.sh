#!/usr/bin/env bash
# Soak, short: 4800 headless frames of tools/soak.sh's mixed script (every scene, weapon, view,
# dissolve mode, driving, expressions, respawns): four 1200-frame cycles. The first creates every
# scene; over the other three the lowest RSS per cycle may not rise by more than 8 MB cycle after
# cycle, and no GL error may occur. Whole-cycle floors jump by a few MB once in a while here
# (malloc and the driver's threads; once 9 MB under a loaded CI), so the check needs a rise at
# every cycle, and the 1 MB budget belongs to the 20 000-frame soak (tools/soak.sh); leaks
# themselves are LeakSanitizer's job in the sanitizer build.
# ctest: slow
set -u
budget=8192
# AddressSanitizer keeps freed memory in quarantine (256 MB), so RSS grows with every free under it:
# there LeakSanitizer's report at exit checks for leaks instead, and GL errors are still checked.
if ldd "$IMPRINT" 2>/dev/null | grep -q libasan; then budget=none; fi
IMPRINT=$IMPRINT SOAK_DIR=$PWD SOAK_FROM=1200 SOAK_BUDGET_KB=$budget bash "$TESTDIR/../tools/soak.sh" 4800
