#!/usr/bin/env bash
# Quick: the mud scene loads its level, the truck drives forward, its wheels stamp the mud
# (stamp draws on the GPU, no texel upload) and it moves.
source "$TESTDIR/support/smoke.sh"
smoke_run mud '0 stats s0.json
0 drive 1 0 1.5
1.5 stats s1.json
1.5 screenshot after.png'
check gt "$(num s1.json mud_stamp_draws_total)" 0
check gt "$(num s1.json speed)" 0.3
check "$IMGTOOL" notblank after.png
smoke_end app_smoke_mud
