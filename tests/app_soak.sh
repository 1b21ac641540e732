#!/usr/bin/env bash
# Soak, short: 3000 headless frames of tools/soak.sh's mixed script (every scene, weapon, view,
# dissolve mode, driving, expressions, respawns). Every scene exists after the first cycle (1200
# frames), so RSS from frame 1000 to the end may grow by at most 1 MB, and no GL error may occur.
set -u
IMPRINT=$IMPRINT SOAK_DIR=$PWD SOAK_FROM=1000 SOAK_BUDGET_KB=1024 bash "$TESTDIR/../tools/soak.sh" 3000
