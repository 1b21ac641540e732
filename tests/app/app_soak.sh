#!/usr/bin/env bash
# Soak, short: tools/soak.sh's mixed script (every scene, weapon, view, dissolve mode, driving,
# expressions, respawns) at 30 simulation steps a second, one a frame: five 20 s cycles of 600
# frames (the same play as 1200 frames at 60 Hz, at half the CPU rasterizer's time). The first
# creates every scene; over the other four the lowest RSS per cycle may not rise by more than 8 MB
# cycle after cycle, and no GL error may occur. Whole-cycle floors jump by a few MB once in a while
# here (malloc and the driver's threads; once 9 MB under a loaded CI, 3.7 then 14.5 MB with three
# busy processes on the two cores, flat to 28 kB over six cycles when quiet), so the check needs a
# steady rise at every cycle (four floors, three rises), and the 1 MB budget belongs to the 20 000-frame soak (tools/soak.sh); leaks
# themselves are LeakSanitizer's job in the sanitizer build. Small (160x90) and the mud on its lean
# grid (no fine patches, half-density blocks, no terrain caster): every scene, view and effect is
# still created, drawn and torn down, at a third of the CPU rasterizer's time.
# ctest: slow
set -u
budget=8192
# AddressSanitizer keeps freed memory in quarantine (256 MB), so RSS grows with every free under it:
# there LeakSanitizer's report at exit checks for leaks instead, and GL errors are still checked.
# Without the RSS budget, two cycles after the warm-up are enough (1800 frames).
frames=3000
if ldd "$IMPRINT" 2>/dev/null | grep -q libasan; then budget=none; frames=1800; fi
. "$TESTDIR/support/lean.sh"
IMPRINT=$IMPRINT SOAK_DIR=$PWD SOAK_SIZE=160x90 SOAK_HZ=30 \
  SOAK_ARGS="${lean[*]}" \
  SOAK_FROM=600 SOAK_SAMPLE=50 SOAK_BUDGET_KB=$budget bash "$TESTDIR/../tools/soak.sh" "$frames"
