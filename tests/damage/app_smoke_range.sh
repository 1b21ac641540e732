#!/usr/bin/env bash
# Quick: the range starts, one marksman shot lands on the robot (a blast, one unwrap pass, a
# texel of the damage map written) and the armor shows a hole where it hit.
source "$TESTDIR/support/smoke.sh"
smoke_run range '0 post exposure off
0 camera 0 1.4 4 0 1.4 0
0 weapon marksman
0 screenshot before.png
0.05 fire
0.2 screenshot after.png
0.2 dump damage damage.png
0.2 stats s.json'
check gt "$(num s.json blasts)" 0
check gt "$(num s.json unwrap_passes)" 0
check gt "$("$IMGTOOL" changed before.png after.png 140 60 40 60)" 20
check gt "$("$IMGTOOL" region damage.png 0 0 1024 1024 | awk '{ print $1 }')" 0
smoke_end app_smoke_range
