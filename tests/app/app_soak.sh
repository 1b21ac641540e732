#!/usr/bin/env bash
# Soak, short: 4800 headless frames of tools/soak.sh's mixed script (every scene, weapon, view,
# dissolve mode, driving, expressions, respawns): four 1200-frame cycles. The first creates every
# scene; over the other three the lowest RSS per cycle may not rise by more than 8 MB cycle after
# cycle, and no GL error may occur. Whole-cycle floors jump by a few MB once in a while here
# (malloc and the driver's threads; once 9 MB under a loaded CI), so the check needs a steady rise at
# every cycle, and the 1 MB budget belongs to the 20 000-frame soak (tools/soak.sh); leaks
# themselves are LeakSanitizer's job in the sanitizer build. Small (160x90) and the mud on its lean
# grid (no fine patches, half-density blocks, no terrain caster): every scene, view and effect is
# still created, drawn and torn down, at a third of the CPU rasterizer's time.
# ctest: slow
set -u
budget=8192
# AddressSanitizer keeps freed memory in quarantine (256 MB), so RSS grows with every free under it:
# there LeakSanitizer's report at exit checks for leaks instead, and GL errors are still checked.
# Without the RSS budget, two cycles after the warm-up are enough (3600 frames).
frames=4800
if ldd "$IMPRINT" 2>/dev/null | grep -q libasan; then budget=none; frames=3600; fi
IMPRINT=$IMPRINT SOAK_DIR=$PWD SOAK_SIZE=160x90 \
  SOAK_ARGS="--set mud.fine_distance=0 --set mud.grid_step=2 --set mud.terrain_shadow=off" \
  SOAK_FROM=1200 SOAK_BUDGET_KB=$budget bash "$TESTDIR/../tools/soak.sh" "$frames"
