#!/usr/bin/env bash
# Billboards in the real program: --particles keeps N alive and they show up, the three batchers give
# the same picture, runs are deterministic, stats and --bench carry the particle numbers.
# ctest: slow
set -u
fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
# every run draws the same lean frame (tests/support/lean.sh: no SSAO, DOF or MSAA, a 512 shadow
# map; 30 % less CPU a run): the checks count particles and compare the runs' pictures among themselves
. "$TESTDIR/support/lean.sh"
run() { "$IMPRINT" --headless --size 320x180 --scene dissolve --seed 7 "${lean_render[@]}" "$@"; }
json() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }
holds() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if eval(sys.argv[2]) else 1)" "$@"; }

printf '0.3 stats s.json\n0.3 screenshot shot.png\n' >cap.txt

# 1. the fountain keeps exactly N alive and draws them
check run --particles 3000 --frames 20 --script cap.txt
check test "$(json s.json "d['particles_alive']")" -eq 3000
check test "$(json s.json "d['particles_capacity']")" -ge 3000
check test "$(json s.json "d['particles_drawn']")" -gt 1000
check test "$(json s.json "d['particles_batcher']")" = instanced
cp shot.png inst.png

# 2. without particles the picture is different (the billboards are really drawn); the pool
# holds only the embers of the gallery's burning edges
check run --frames 20 --script cap.txt
check test "$(json s.json "d['particles_alive'] - d['embers']")" -eq 0
changed=$("$IMGTOOL" diff inst.png shot.png)
check python3 -c "import sys; sys.exit(0 if float('$changed') > 0.02 else 1)"

# 3. batchers B (the reference's quads) and C (CPU corners) draw the same picture as A
for b in quads cpu; do
  check run --particles 3000 --frames 20 --script cap.txt --batcher "$b"
  check test "$(json s.json "d['particles_batcher']")" = "$b"
  differ=$("$IMGTOOL" diff inst.png shot.png)
  check python3 -c "import sys; sys.exit(0 if float('$differ') < 0.005 else 1)"
done

# 4. --bb-align overrides every effect's alignment: the fountain's sparks are velocity-aligned
# on their own, so `screen` changes the picture, and `velocity` (the fire too) changes it again
check run --particles 3000 --frames 20 --script cap.txt --bb-align screen
cp shot.png screen.png
changed=$("$IMGTOOL" diff inst.png screen.png)
check python3 -c "import sys; sys.exit(0 if float('$changed') > 0.001 else 1)"
check run --particles 3000 --frames 20 --script cap.txt --bb-align velocity
changed=$("$IMGTOOL" diff inst.png shot.png)
check python3 -c "import sys; sys.exit(0 if float('$changed') > 0.001 else 1)"
changed=$("$IMGTOOL" diff screen.png shot.png)
check python3 -c "import sys; sys.exit(0 if float('$changed') > 0.001 else 1)"
# the three batchers agree with an override too
check run --particles 3000 --frames 20 --script cap.txt --bb-align viewpoint
cp shot.png vp.png
check run --particles 3000 --frames 20 --script cap.txt --bb-align viewpoint --batcher cpu
differ=$("$IMGTOOL" diff vp.png shot.png)
check python3 -c "import sys; sys.exit(0 if float('$differ') < 0.005 else 1)"
"$IMPRINT" --headless --frames 1 --bb-align sideways 2>err.txt
check test $? -eq 2
check grep -q "unknown alignment 'sideways'" err.txt

# 5. same seed, same pixels
check run --particles 3000 --frames 20 --script cap.txt
check "$IMGTOOL" same inst.png shot.png

# 6. --bench reports the particle numbers for each batcher (the report, not the pixels: 64x36)
for b in instanced quads cpu; do
  check run --particles 2000 --frames 16 --batcher "$b" --bench "bench_$b.json" --size 64x36
  check holds "bench_$b.json" "d['particles']['build_ms']['median'] > 0"
  check holds "bench_$b.json" "d['particles']['alive'] == 2000"
  check holds "bench_$b.json" "'bb.draw' in d['passes'] and d['particles']['sim_ms']['median'] > 0 and d['particles']['gpu_ms']['median'] > 0"
done
check test "$(json bench_instanced.json "d['particles']['bytes_per_billboard']")" -eq 32
check test "$(json bench_quads.json "d['particles']['bytes_per_billboard']")" -eq 208
check test "$(json bench_cpu.json "d['particles']['bytes_per_billboard']")" -eq 208

# 7. --particles-gpu: a million particles simulated by transform feedback render (the picture
# changes), report in stats and --bench (top-level particles_gpu), and are deterministic
printf '0.05 stats g.json\n0.05 screenshot gpu1.png\n' >gcap.txt
check "$IMPRINT" --headless --size 64x36 --scene dissolve --seed 7 --particles-gpu 1000000 --frames 4 --script gcap.txt
check test "$(json g.json "d['particles_gpu']")" -eq 1000000
cp gpu1.png gpu_a.png
check "$IMPRINT" --headless --size 64x36 --scene dissolve --seed 7 --particles-gpu 1000000 --frames 4 --script gcap.txt
check "$IMGTOOL" same gpu_a.png gpu1.png
check "$IMPRINT" --headless --size 64x36 --scene dissolve --seed 7 --frames 4 --script gcap.txt
changed=$("$IMGTOOL" diff gpu_a.png gpu1.png)
check python3 -c "import sys; sys.exit(0 if float('$changed') > 0.01 else 1)"
# 4 frames (a run of at most APP_BENCH_WARMUP frames times all of them): 12 took 2.3x as long
check "$IMPRINT" --headless --size 16x16 --scene dissolve --particles-gpu 1000000 --frames 4 --bench gbench.json
check holds gbench.json "d['particles_gpu']['alive'] == 1000000 and d['particles_gpu']['sim_ms']['median'] > 0 and d['particles_gpu']['sim_ms']['p95'] >= d['particles_gpu']['sim_ms']['median']"
check holds gbench.json "'bb.gpu_sim' in d['passes'] and 'bb.gpu_draw' in d['passes'] and d['particles_gpu']['build_ms']['median'] > 0"
"$IMPRINT" --headless --frames 1 --particles-gpu 5000000 2>err.txt
check test $? -eq 2
check grep -q "particles-gpu: expected a whole number 0..4000000" err.txt

# 8. --particles-gpu-path: both paths step and draw the same particles (one shader function,
# bb_gpu_sim.glsl): the same picture; stats and --bench name the path; auto (feedback by rule on
# a CPU renderer, timed on a GPU) logs its choice and why in one line; a bad path is refused
# before the first frame
for p in feedback texture; do
  check "$IMPRINT" --headless --size 64x36 --scene dissolve --seed 7 --particles-gpu 100000 --particles-gpu-path "$p" --frames 4 --script gcap.txt
  check test "$(json g.json "d['particles_gpu_path']")" = "$p"
  cp gpu1.png "path_$p.png"
done
check "$IMGTOOL" same path_feedback.png path_texture.png
check "$IMPRINT" --headless --size 64x36 --scene dissolve --seed 7 --particles-gpu 100000 --frames 4 --script gcap.txt >auto.txt
check test "$(grep -c "particles: the GPU particles step by .*\(the rule on a CPU renderer\|timed at startup\)" auto.txt)" -eq 1
check "$IMGTOOL" same path_feedback.png gpu1.png
check "$IMPRINT" --headless --size 16x16 --scene dissolve --particles-gpu 20000 --particles-gpu-path texture --frames 4 --bench pbench.json
check holds pbench.json "d['particles_gpu']['path'] == 'texture' and 'forced' in d['particles_gpu']['path_reason'] and d['particles_gpu']['sim_ms']['median'] > 0"
"$IMPRINT" --headless --frames 1 --particles-gpu 10 --particles-gpu-path warp 2>err.txt
check test $? -eq 2
check test "$(wc -l <err.txt)" -eq 1
check grep -q "particles-gpu-path: unknown GPU particle path 'warp' (expected auto | feedback | texture)" err.txt

exit $fail
