#!/usr/bin/env bash
# Soak, short: 3000 headless frames of tools/soak.sh's mixed script (every scene, weapon, view,
# dissolve mode, driving, expressions, respawns). Every scene exists after the first cycle (1200
# frames), so RSS from frame 1000 to the end may grow by at most 1 MB, and no GL error may occur.
set -u
budget=1024
# AddressSanitizer keeps freed memory in quarantine (256 MB), so RSS grows with every free under it:
# there LeakSanitizer's report at exit checks for leaks instead, and GL errors are still checked.
if ldd "$IMPRINT" 2>/dev/null | grep -q libasan; then budget=none; fi
IMPRINT=$IMPRINT SOAK_DIR=$PWD SOAK_FROM=1000 SOAK_BUDGET_KB=$budget bash "$TESTDIR/../tools/soak.sh" 3000
