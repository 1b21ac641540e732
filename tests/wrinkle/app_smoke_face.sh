#!/usr/bin/env bash
# Quick: the face scene composes its wrinkle layers: an angry expression picks active layers
# and changes the forehead's pixels against neutral.
source "$TESTDIR/support/smoke.sh"
smoke_run face '0 set face.idle off
0 expression neutral
0.5 screenshot neutral.png
0.5 expression angry
1.5 screenshot angry.png
1.5 stats s.json'
check grep -q '"wrinkle_layers"' s.json
check gt "$("$IMGTOOL" changed neutral.png angry.png 100 0 120 90)" 100
smoke_end app_smoke_face
