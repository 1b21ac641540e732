#!/usr/bin/env bash
# Soak, short: 3600 headless frames of tools/soak.sh's mixed script (every scene, weapon, view,
# dissolve mode, driving, expressions, respawns): three 1200-frame cycles. The first creates every
# scene; the lowest RSS over the last cycle may exceed the lowest over the second by at most 4 MB,
# and no GL error may occur. Whole-cycle floors move by up to about 1 MB from one cycle to the next
# here (malloc and the driver), so the 1 MB budget belongs to the 20 000-frame soak
# (tools/soak.sh), where it is measured over 15 000 frames; leaks themselves are LeakSanitizer's
# job in the sanitizer build.
set -u
budget=4096
# AddressSanitizer keeps freed memory in quarantine (256 MB), so RSS grows with every free under it:
# there LeakSanitizer's report at exit checks for leaks instead, and GL errors are still checked.
if ldd "$IMPRINT" 2>/dev/null | grep -q libasan; then budget=none; fi
IMPRINT=$IMPRINT SOAK_DIR=$PWD SOAK_FROM=1200 SOAK_BUDGET_KB=$budget bash "$TESTDIR/../tools/soak.sh" 3600
