#!/usr/bin/env bash
# Remakes every picture in docs/img from the scripts in docs/scripts, headless, with the command
# line each script names in its header (the first comment line that runs imprint with
# --script). Run from anywhere after a build; IMPRINT overrides the binary (build/bin/imprint).
# Usage: tools/docs_pictures.sh [SCRIPT...]   (default: every docs/scripts/*.txt that makes pictures,
#        then the figures below that other programs of ours make)
#        tools/docs_pictures.sh --figures     (the figures alone, from the pictures as they are)
# This script is the one place the docs' pictures come from: tests/app/app_docs.sh fails on a PNG in
# docs/img that no docs/scripts file and no line here makes, unless it is in the FROZEN list.
# FROZEN: pictures of an earlier build, kept for a before/after comparison; no build makes them now:
#   mud_rut_before.png mud_top_before.png (docs/mud.md: the rut before per-pixel normals)
#   dissolve_push_fragment_mip0.png (docs/dissolve.md: the fragment stage still on noise mip 0)
#   mud29_chase_before.png mud29_tread_before.png mud29_river_before.png (docs/mud.md: issue 29's
#   before, docs/scripts/mud_issue29.txt run by a build of main at 36485f2)
#   wrinkle_neutral_before.png wrinkle_head34_before.png (docs/wrinkles.md: the head before issue 30's
#   ears and forms; main at 902ce01, docs/scripts/wrinkle.txt's neutral and its three-quarter camera)
#   wrinkle_skin_curvature_before.png (docs/wrinkles.md: docs/scripts/wrinkle_skin.txt with the
#   skin shader's curvature from screen derivatives, as main at 606e610 had it)
#   wrinkle_skin_lids_before.png (docs/wrinkles.md: docs/scripts/wrinkle_lids.txt with the
#   curvature unsigned, a crease scattering like a tight form, as main at c8d46d4 had it)
#   wrinkle_mouth_front_before.png wrinkle_mouth_34_before.png (docs/wrinkles.md: docs/scripts/
#   wrinkle_mouth.txt with the wide red shadow disc and the lip's border steeper than the grid, as
#   main at d9a2d30 had them)
#   wrinkle_shut_front_before.png wrinkle_shut_34_before.png wrinkle_profile_before.png
#   wrinkle_neck_before.png (docs/wrinkles.md: docs/scripts/wrinkle_shut.txt and wrinkle_neck.txt
#   with the shut lid slid down as a ledge and the neck a vertical column, as main at 3052415 had them)
# END FROZEN
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
imprint=${IMPRINT:-$root/build/bin/imprint}
[ -x "$imprint" ] || { echo "docs_pictures: no executable at $imprint (build first, or set IMPRINT)" >&2; exit 2; }
cd "$root"
scripts=("$@")
only_figures=0
if [ "${1:-}" = --figures ]; then only_figures=1; scripts=(); fi
[ ${#scripts[@]} -gt 0 ] || [ $only_figures -eq 1 ] || scripts=(docs/scripts/*.txt)
fail=0
for s in "${scripts[@]+"${scripts[@]}"}"; do
  line=$(grep -m1 -E '^#.*imprint[^ ]* .*--script' "$s" || true)
  case "$line" in *--bench*|"") echo "docs_pictures: $s: no picture command in its header, skipped"; continue;; esac
  line=${line#\#}
  env=() args=() seen=0
  for w in $line; do
    if [ $seen -eq 0 ]; then
      case "$w" in *=*) env+=("$w"); continue;; *imprint) seen=1; continue;; esac
    fi
    [ $seen -eq 1 ] && args+=("$w")
  done
  echo "docs_pictures: $s"
  if ! env "${env[@]}" "$imprint" "${args[@]}" >/dev/null; then echo "docs_pictures: FAILED: $s" >&2; fail=1; fi
done
# figures made by other programs of ours (only in a full run, not for named scripts)
if [ $# -eq 0 ] || [ $only_figures -eq 1 ]; then
  bin=$(dirname "$imprint")
  figure() { echo "docs_pictures: figure $*"; "$@" >/dev/null || { echo "docs_pictures: FAILED: $*" >&2; fail=1; }; }
  figure env IMPRINT_CREST_PNG=docs/img/mud_crest_trace.png "$bin/gl_mud_crest"
  # the README picture: the range scene's showcase (a headless run with no --frames/--script/--bench)
  figure "$imprint" --headless --scene range --size 960x540 --seed 2 --screenshot docs/img/screenshot.png --stats docs/img/screenshot.json
  # the teaching figures (tools/docs_figures.c); the zooms read the pictures the scripts made above
  figures=$bin/docs_figures
  figure "$figures" dissolve-weights docs/img/fig_dissolve_weights.png
  figure "$figures" damage-atlas docs/img/fig_damage_atlas.png docs/img/damage_map.png
  figure "$figures" zoom-diff docs/img/fig_zoom_one_sided.png 3 140 90 correct docs/img/dissolve_ok_one_sided.png pitfall docs/img/dissolve_pitfall_one_sided.png
  figure "$figures" zoom-diff docs/img/fig_zoom_no_backoff.png 3 140 90 correct docs/img/dissolve_ok_no_backoff.png pitfall docs/img/dissolve_pitfall_no_backoff.png
  figure "$figures" zoom-diff docs/img/fig_zoom_object_space.png 3 140 90 correct docs/img/dissolve_ok_object_space.png pitfall docs/img/dissolve_pitfall_object_space.png
  figure "$figures" zoom-diff docs/img/fig_zoom_hard_normals.png 3 140 90 correct docs/img/dissolve_ok_hard_normals.png pitfall docs/img/dissolve_pitfall_hard_normals.png
  figure "$figures" zoom-diff docs/img/fig_zoom_vertex_mip0.png 3 140 90 correct docs/img/dissolve_ok_vertex_mip0.png pitfall docs/img/dissolve_pitfall_vertex_mip0.png
  figure "$figures" zoom-diff docs/img/fig_zoom_no_shadow.png 3 140 90 correct docs/img/dissolve_ok_no_shadow.png pitfall docs/img/dissolve_pitfall_no_shadow.png
  figure "$figures" zoom-diff docs/img/fig_zoom_bounds.png 3 140 90 correct docs/img/dissolve_ok_bounds.png pitfall docs/img/dissolve_pitfall_bounds.png
  figure "$figures" zoom docs/img/fig_zoom_fragment_mip.png 3 270 100 110 120 "before: fragment mip 0" \
    docs/img/dissolve_push_fragment_mip0.png "now: hardware mip + 1" docs/img/dissolve_push.png
  # the left rut's walls (a fixed window: the "before" is of an older build whose truck and sky
  # differ, so the window where the two differ most would be the truck, not the rut)
  figure "$figures" zoom docs/img/fig_zoom_mud_rut.png 3 140 220 140 90 "before: vertex normals" \
    docs/img/mud_rut_before.png "after: per-pixel normals" docs/img/mud_rut_after.png
  figure "$figures" zoom docs/img/fig_wrinkle_layer.png 1 0 0 512 512 "smile: normal map" assets/wrinkle/smile_normal.png \
    "smile: occlusion" assets/wrinkle/smile_occlusion.png "face-part mask (RGB of RGBA)" assets/wrinkle/mask.png
fi
exit $fail
