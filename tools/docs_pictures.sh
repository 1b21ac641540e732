#!/usr/bin/env bash
# Remakes every picture in docs/img from the scripts in docs/scripts, headless, with the command
# line each script names in its header (the first comment line that runs imprint with
# --script). Run from anywhere after a build; IMPRINT overrides the binary (build/bin/imprint).
# Everything is rendered into a scratch folder first; a picture in docs/img is replaced only when
# the new frame differs from it beyond tolerance, so an unchanged picture is never committed again:
#   PNG (maps, dumps, figures): more than 0.1 % of pixels off by > 5/255, or a mean over 0.5/255
#     (the reference images' rule, tests/golden);
#   JPEG (scene shots): more than 1 % of pixels off by > 16/255, or a mean over 2/255 (what a
#     re-encode of the same frame cannot reach).
# Its stats (NAME.json) go with it; a JSON alone is replaced when the frame's state in it changed
# (timings aside: tests/support/json_pair.py). It prints what it replaced and what it kept.
# Usage: tools/docs_pictures.sh [SCRIPT...]   (default: every docs/scripts/*.txt that makes pictures,
#        then the figures below that other programs of ours make)
#        tools/docs_pictures.sh --figures     (the figures alone, from the pictures as they are)
# This script is the one place the docs' pictures come from: tests/app/app_docs.sh fails on a PNG in
# docs/img that no docs/scripts file and no line here makes, unless it is in the FROZEN list.
# FROZEN: pictures of an earlier build, kept for a before/after comparison; no build makes them now:
#   mud_rut_before.jpg mud_top_before.jpg (docs/perf.md: the rut before per-pixel normals)
#   dissolve_push_fragment_mip0.jpg (docs/dissolve.md: the fragment stage still on noise mip 0)
#   mud29_chase_before.jpg mud29_tread_before.jpg mud29_river_before.jpg (docs/mud.md: issue 29's
#   before, docs/scripts/mud_issue29.txt run by a build of main at 36485f2)
#   wrinkle_neutral_before.jpg wrinkle_head34_before.jpg (docs/perf.md: the head before issue 30's
#   ears and forms; main at 902ce01, docs/scripts/wrinkle.txt's neutral and its three-quarter camera)
#   wrinkle_skin_curvature_before.jpg (docs/perf.md: docs/scripts/wrinkle_skin.txt with the
#   skin shader's curvature from screen derivatives, as main at 606e610 had it)
#   wrinkle_skin_lids_before.jpg (docs/perf.md: docs/scripts/wrinkle_lids.txt with the
#   curvature unsigned, a crease scattering like a tight form, as main at c8d46d4 had it)
#   wrinkle_mouth_front_before.jpg wrinkle_mouth_34_before.jpg (docs/perf.md: docs/scripts/
#   wrinkle_mouth.txt with the wide red shadow disc and the lip's border steeper than the grid, as
#   main at d9a2d30 had them)
#   wrinkle_shut_front_before.jpg wrinkle_shut_34_before.jpg wrinkle_profile_before.jpg
#   wrinkle_neck_before.jpg (docs/perf.md: docs/scripts/wrinkle_shut.txt and wrinkle_neck.txt
#   with the shut lid slid down as a ledge and the neck a vertical column, as main at 3052415 had them)
#   mud50_chase_before.jpg mud50_stuck_before.jpg mud50_ruts_before.jpg mud50_tread_before.jpg
#   mud50_river_before.jpg mud50_tree_before.jpg (docs/mud.md: issue 50's before,
#   docs/scripts/mud_issue50.txt and mud_issue50_tree.txt run by a build of main at bf380a8)
#   issue52_post_range_before.jpg issue52_post_range_after.jpg issue52_post_dissolve_before.jpg
#   issue52_post_dissolve_after.jpg (docs/perf.md: issue 52's post stack, crops of the reference
#   scripts tests/golden/range_show.txt and dissolve.txt run at 960x540 by a build of main at
#   d659130 and by the change that made SSAO quarter-size)
#   face51_neutral_before.jpg face51_angry_before.jpg face51_happy_before.jpg face51_profile_before.jpg
#   face51_far34_before.jpg (docs/wrinkles_measures.md: issue 51's before, docs/scripts/face_issue51.txt
#   and face_issue51_wide.txt run by main at d659130, their _after names written _before)
# END FROZEN
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
imprint=${IMPRINT:-$root/build/bin/imprint}
[ -x "$imprint" ] || { echo "docs_pictures: no executable at $imprint (build first, or set IMPRINT)" >&2; exit 2; }
bin=$(dirname "$imprint")
imgtool=${IMGTOOL:-$bin/imgtool}
[ -x "$imgtool" ] || { echo "docs_pictures: no imgtool at $imgtool (built with the tests, or set IMGTOOL)" >&2; exit 2; }
cd "$root"
scripts=("$@")
only_figures=0
if [ "${1:-}" = --figures ]; then only_figures=1; scripts=(); fi
[ ${#scripts[@]} -gt 0 ] || [ $only_figures -eq 1 ] || scripts=(docs/scripts/*.txt)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail=0 replaced=0 kept=0

# moves what a step wrote into $scratch/new/ to docs/img where it differs beyond tolerance
settle() {
  local f b stem j
  for f in "$scratch"/new/*; do
    [ -e "$f" ] || continue
    b=$(basename "$f")
    case "$b" in
      *.png) tol="5 0.001 0.5" ;;
      *.jpg) tol="16 0.01 2" ;;
      *) continue ;;
    esac
    stem=${b%.*}
    # shellcheck disable=SC2086
    if [ -f "docs/img/$b" ] && "$imgtool" compare "docs/img/$b" "$f" $tol >"$scratch/cmp.txt" 2>&1; then
      kept=$((kept + 1))
      rm -f "$f"
    else
      if [ -f "docs/img/$b" ]; then echo "docs_pictures: replaced docs/img/$b ($(cat "$scratch/cmp.txt"))"
      else echo "docs_pictures: new docs/img/$b"; fi
      mv "$f" "docs/img/$b"
      replaced=$((replaced + 1))
      [ -f "$scratch/new/$stem.json" ] && mv "$scratch/new/$stem.json" "docs/img/$stem.json"
    fi
    : >"$scratch/cmp.txt"
  done
  # the stats of kept pictures, and stats without a picture: only when the frame's state changed
  for j in "$scratch"/new/*.json; do
    [ -e "$j" ] || continue
    b=$(basename "$j")
    if [ ! -f "docs/img/$b" ] || ! python3 "$root/tests/support/json_pair.py" "docs/img/$b" "$j" >/dev/null 2>&1; then
      echo "docs_pictures: replaced docs/img/$b (the frame's state changed)"
      mv "$j" "docs/img/$b"
    fi
  done
  rm -f "$scratch"/new/*
}
mkdir -p "$scratch/new"

for s in "${scripts[@]+"${scripts[@]}"}"; do
  line=$(grep -m1 -E '^#.*imprint[^ ]* .*--script' "$s" || true)
  case "$line" in *--bench*|"") echo "docs_pictures: $s: no picture command in its header, skipped"; continue;; esac
  line=${line#\#}
  # the script as it is, its outputs into the scratch folder
  sed "s#docs/img/#$scratch/new/#g" "$s" >"$scratch/$(basename "$s")"
  env=() args=() seen=0
  for w in $line; do
    if [ $seen -eq 0 ]; then
      case "$w" in *=*) env+=("$w"); continue;; *imprint) seen=1; continue;; esac
    fi
    [ $seen -eq 1 ] || continue
    case "$w" in
      "$s") args+=("$scratch/$(basename "$s")") ;;
      docs/img/*) args+=("$scratch/new/${w#docs/img/}") ;;
      *) args+=("$w") ;;
    esac
  done
  echo "docs_pictures: $s"
  if ! env "${env[@]}" "$imprint" "${args[@]}" >/dev/null; then echo "docs_pictures: FAILED: $s" >&2; fail=1; fi
  settle
done
# figures made by other programs of ours (only in a full run, not for named scripts): each writes
# its first docs/img path (the output) into the scratch folder; its later ones are inputs
if [ $# -eq 0 ] || [ $only_figures -eq 1 ]; then
  figure() {
    local a out=() first=1
    for a in "$@"; do
      case "$a" in
        docs/img/*) if [ $first -eq 1 ]; then out+=("$scratch/new/${a#docs/img/}"); first=0; else out+=("$a"); fi ;;
        *=docs/img/*) out+=("${a%%=*}=$scratch/new/${a#*=docs/img/}"); first=0 ;;
        *) out+=("$a") ;;
      esac
    done
    echo "docs_pictures: figure $*"
    "${out[@]}" >/dev/null || { echo "docs_pictures: FAILED: $*" >&2; fail=1; }
    settle
  }
  figure env IMPRINT_CREST_PNG=docs/img/mud_crest_trace.png "$bin/gl_mud_crest"
  figure "$bin/wrinkle_maps" --headless --frames 30 --screenshot docs/img/example_wrinkle_maps.jpg --check
  figure "$bin/damage_map" --headless --frames 40 --screenshot docs/img/example_damage_map.jpg --check
  figure "$bin/billboards" --headless --frames 60 --screenshot docs/img/example_billboards.jpg --check
  figure "$bin/dissolve" --headless --frames 30 --screenshot docs/img/example_dissolve.jpg --check
  figure "$bin/mud" --headless --frames 30 --screenshot docs/img/example_mud.jpg --check
  # the README picture: the range scene's showcase (a headless run with no --frames/--script/--bench)
  echo "docs_pictures: figure $imprint --headless --scene range --size 960x540 --seed 2 --hud off --screenshot docs/img/screenshot.jpg"
  "$imprint" --headless --scene range --size 960x540 --seed 2 --hud off --screenshot "$scratch/new/screenshot.jpg" \
    --stats "$scratch/new/screenshot.json" >/dev/null || { echo "docs_pictures: FAILED: the README picture" >&2; fail=1; }
  settle
  # the teaching figures (tools/docs_figures.c); the zooms read the pictures the scripts made above
  figures=$bin/docs_figures
  figure "$figures" dissolve-weights docs/img/fig_dissolve_weights.png
  figure "$figures" damage-atlas docs/img/fig_damage_atlas.png docs/img/damage_map.png
  figure "$figures" zoom-diff docs/img/fig_zoom_one_sided.png 3 140 90 correct docs/img/dissolve_ok_one_sided.jpg pitfall docs/img/dissolve_pitfall_one_sided.jpg
  figure "$figures" zoom-diff docs/img/fig_zoom_no_backoff.png 3 140 90 correct docs/img/dissolve_ok_no_backoff.jpg pitfall docs/img/dissolve_pitfall_no_backoff.jpg
  figure "$figures" zoom-diff docs/img/fig_zoom_object_space.png 3 140 90 correct docs/img/dissolve_ok_object_space.jpg pitfall docs/img/dissolve_pitfall_object_space.jpg
  figure "$figures" zoom-diff docs/img/fig_zoom_hard_normals.png 3 140 90 correct docs/img/dissolve_ok_hard_normals.jpg pitfall docs/img/dissolve_pitfall_hard_normals.jpg
  figure "$figures" zoom-diff docs/img/fig_zoom_vertex_mip0.png 3 140 90 correct docs/img/dissolve_ok_vertex_mip0.jpg pitfall docs/img/dissolve_pitfall_vertex_mip0.jpg
  figure "$figures" zoom-diff docs/img/fig_zoom_no_shadow.png 3 140 90 correct docs/img/dissolve_ok_no_shadow.jpg pitfall docs/img/dissolve_pitfall_no_shadow.jpg
  figure "$figures" zoom-diff docs/img/fig_zoom_bounds.png 3 140 90 correct docs/img/dissolve_ok_bounds.jpg pitfall docs/img/dissolve_pitfall_bounds.jpg
  figure "$figures" zoom docs/img/fig_zoom_fragment_mip.png 3 270 100 110 120 "before: fragment mip 0" \
    docs/img/dissolve_push_fragment_mip0.jpg "now: hardware mip + 1" docs/img/dissolve_push.jpg
  # the left rut's walls (a fixed window: the "before" is of an older build whose truck and sky
  # differ, so the window where the two differ most would be the truck, not the rut)
  figure "$figures" zoom docs/img/fig_zoom_mud_rut.png 3 140 220 140 90 "before: vertex normals" \
    docs/img/mud_rut_before.jpg "after: per-pixel normals" docs/img/mud_rut_after.jpg
  figure "$figures" zoom docs/img/fig_wrinkle_layer.png 1 0 0 512 512 "smile: normal map" assets/wrinkle/smile_normal.png \
    "smile: occlusion" assets/wrinkle/smile_occlusion.png "face-part mask (RGB of RGBA)" assets/wrinkle/mask.png
  # effects too small to see at page size: on | off | the difference amplified (diffmap), from the
  # lossless crops docs/scripts/post.txt writes (JPEG's own error is of these effects' size): FXAA
  # at the plate on the floor, sharpening at the robot's head and the brick wall (docs/post.md)
  figure "$figures" diffmap docs/img/fig_post_fxaa.png 5 4 0 0 60 40 "FXAA on" docs/img/post_fxaa_on_crop.png \
    "FXAA off" docs/img/post_fxaa_off_crop.png
  figure "$figures" diffmap docs/img/fig_post_sharpen.png 3 16 0 0 100 70 "sharpen on" docs/img/post_sharpen_on_crop.png \
    "sharpen off" docs/img/post_sharpen_off_crop.png
  # the same for atlas frame blending (docs/billboards.md; docs/scripts/bb_blend.txt's crops of the fire)
  # and for the angry face's folds between the brows and across the nose's bridge, wrinkles on
  # and off (docs/wrinkles.md; docs/scripts/wrinkle.txt's crops)
  figure "$figures" diffmap docs/img/fig_bb_blend.png 3 8 0 0 100 70 "blend on" docs/img/bb_blend_on_crop.png \
    "blend off" docs/img/bb_blend_off_crop.png
  figure "$figures" diffmap docs/img/fig_wrinkle_nose.png 5 8 0 0 60 40 "wrinkles on" docs/img/wrinkle_angry_crop.png \
    "wrinkles off" docs/img/wrinkle_angry_off_crop.png
  # and for the mud layers' floating pieces, particles on and off (docs/mud_world.md; docs/scripts/mud_layers.txt's crops)
  figure "$figures" diffmap docs/img/fig_mud_particles.png 3 8 0 0 100 70 "particles on" docs/img/mud_layers_no_post_crop.png \
    "particles off" docs/img/mud_layers_no_particles_crop.png
fi
echo "docs_pictures: $replaced pictures replaced, $kept kept (within tolerance of the committed ones)"
exit $fail
