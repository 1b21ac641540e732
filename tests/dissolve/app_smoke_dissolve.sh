#!/usr/bin/env bash
# Quick: the gallery burns: at amount 0.5 the meshes lose pixels against amount 0 and the stats
# say so.
source "$TESTDIR/support/smoke.sh"
smoke_run dissolve '0 dissolve 0
0.2 screenshot whole.png
0.3 dissolve 0.5
0.6 screenshot half.png
0.6 stats s.json'
check gt "$(num s.json dissolve_amount)" 0.4
check gt "$("$IMGTOOL" diff whole.png half.png)" 0.01
smoke_end app_smoke_dissolve
