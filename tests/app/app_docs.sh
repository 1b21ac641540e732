#!/usr/bin/env bash
# The docs check: the pages, their pictures and the scripts that make them agree.
#   1. every image a page (README.md, docs/*.md) references exists;
#   2. every picture in docs/img/ (PNG: maps, dumps, figures; JPEG: scene shots) is referenced by
#      some page;
#   3. every picture in docs/img/ is made by tools/docs_pictures.sh: written by a docs/scripts
#      file it runs, or named in its own lines (figures made by other programs), or listed in
#      its FROZEN list (pictures of an earlier build kept for a before/after comparison);
#   4. every docs/scripts/*.txt or .level a page names exists, and every one is named by a page;
#   5. every docs/scripts/*.txt runs: the header's command line (the one tools/docs_pictures.sh
#      runs) headless at 64x36 for 3 frames, its output paths moved into this test's folder, so
#      the whole script is checked (the parser reads every line before the first frame) and its
#      scene starts with its options.
#   6. every picture a page shows carries <!-- expect: ... --> right after it, and every claim
#      holds of the stats of its frame (docs/img/NAME.json; tests/support/docs_expect.py);
#   7. every on/off pair of pictures comes from one frame: their JSONs agree on every key but the
#      switch (timings, fps and rss_kb aside; tests/support/json_pair.py), and the pictures differ;
# Run by ctest (label app) from a scratch folder; TESTDIR is tests/, IMPRINT the executable.
# ctest: slow
set -u
root=$(cd "${TESTDIR:?}/.." && pwd)
fail=0
bad() { echo "FAILED: $*"; fail=1; }
pages=("$root/README.md" "$root"/docs/*.md)

# images a page references: ![..](img/X.png), ![..](docs/img/X.png), (img/X.png) links
refs=$(grep -ohE '\((docs/)?img/[A-Za-z0-9_.-]+\.(png|jpg)\)' "${pages[@]}" | sed -E 's/^\((docs\/)?img\///; s/\)$//' | sort -u)
[ -n "$refs" ] || bad "no page references any image (the pattern is broken)"
for r in $refs; do [ -f "$root/docs/img/$r" ] || bad "a page references docs/img/$r, which does not exist"; done

# every picture is referenced
for f in "$root"/docs/img/*.png "$root"/docs/img/*.jpg; do
  [ -e "$f" ] || continue
  b=$(basename "$f")
  grep -qxF "$b" <<<"$refs" || bad "docs/img/$b is referenced by no page (use it or delete it)"
done

# every picture is made by tools/docs_pictures.sh
pics="$root/tools/docs_pictures.sh"
# outputs only: a script's `screenshot PATH` / `dump TARGET PATH`, the first docs/img path of a
# `figure` line of tools/docs_pictures.sh (its later ones are inputs)
made=$( (grep -hoE '(screenshot|dump [a-z-]+) docs/img/[A-Za-z0-9_.-]+\.(png|jpg)' "$root"/docs/scripts/*.txt
         grep -oE -- '--screenshot docs/img/[A-Za-z0-9_.-]+\.(png|jpg)' "$pics"
         awk '/^ *figure / { if (match($0, /docs\/img\/[A-Za-z0-9_.-]+\.(png|jpg)/)) print substr($0, RSTART, RLENGTH) }' "$pics") |
       grep -oE 'docs/img/[A-Za-z0-9_.-]+\.(png|jpg)' | sed 's|docs/img/||' | sort -u)
frozen=$(sed -n '/^# FROZEN:/,/^# END FROZEN/p' "$pics" | grep -oE '[A-Za-z0-9_.-]+\.(png|jpg)' | sort -u)
for f in "$root"/docs/img/*.png "$root"/docs/img/*.jpg; do
  [ -e "$f" ] || continue
  b=$(basename "$f")
  grep -qxF "$b" <<<"$made" && continue
  grep -qxF "$b" <<<"$frozen" && continue
  bad "docs/img/$b is made by no docs/scripts file and no line of tools/docs_pictures.sh"
done
for b in $frozen; do grep -qxF "$b" <<<"$made" && bad "$b is FROZEN in tools/docs_pictures.sh but a script also remakes it"; done

# every script a page names exists
for s in $(grep -ohE 'docs/scripts/[A-Za-z0-9_.-]+\.(txt|level)' "${pages[@]}" | sort -u); do
  [ -f "$root/$s" ] || bad "a page names $s, which does not exist"
done
# short names on a line that names docs/scripts ("(`docs/scripts/a.txt`, `b.txt`)"): each must be
# a docs/scripts file too
for s in $(grep -hE 'docs/scripts/' "${pages[@]}" | grep -oE '`[a-z_]+\.txt`' | tr -d '`' | sort -u); do
  [ -f "$root/docs/scripts/$s" ] || bad "a page names script $s, which is not in docs/scripts"
done

# every script is named by a page (a reader can find where its pictures are used)
for s in "$root"/docs/scripts/*.txt "$root"/docs/scripts/*.level; do
  b=$(basename "$s")
  grep -qF "$b" "${pages[@]}" || bad "docs/scripts/$b is named by no page"
done

# every script runs
mkdir -p out/img out/tmp
n=0
for s in "$root"/docs/scripts/*.txt; do
  name=$(basename "$s" .txt)
  ln=$(grep -n -m1 -E '^#.*imprint[^ ]* +--' "$s" | cut -d: -f1)
  line=""
  if [ -n "$ln" ]; then
    line=$(sed -n "${ln}p" "$s")
    # a header continued on the next comment line (bb_bench.txt)
    case "$line" in *\\) line="${line%\\} $(sed -n "$((ln + 1))p" "$s" | sed 's/^#//')";; esac
  fi
  if [ -z "$line" ]; then bad "docs/scripts/$name.txt: no command line in its header"; continue; fi
  sed -E "s#docs/img/#$PWD/out/img/#g; s#/tmp/#$PWD/out/tmp/#g" "$s" >"out/$name.txt"
  args=() seen=0 skip=0
  for w in ${line#\#}; do
    if [ $seen -eq 0 ]; then case "$w" in *imprint) seen=1;; esac; continue; fi
    if [ $skip -eq 1 ]; then skip=0; continue; fi
    case "$w" in
      \\|--headless|--bench) ;;
      --size|--frames) skip=1 ;;
      --script) skip=1; args+=(--script "out/$name.txt") ;;
      docs/*) args+=("$root/$w") ;;
      out.json|*.json) ;;
      *"|"*) args+=("${w%%|*}") ;;
      *) args+=("$w") ;;
    esac
  done
  if ! "$IMPRINT" --headless --size 64x36 --frames 3 "${args[@]}" >out/$name.log 2>&1; then
    bad "docs/scripts/$name.txt does not run: imprint --headless --size 64x36 --frames 3 ${args[*]}: $(tail -1 out/$name.log)"
  fi
  n=$((n + 1))
done
[ $n -gt 0 ] || bad "no docs/scripts/*.txt ran"

# the figure tool (tools/docs_figures.c), a quick smoke: a plot with several colours, a zoom of
# two pictures at the window where they differ, and a bad call refused with status 2
figures=$(dirname "$IMPRINT")/docs_figures
if [ -x "$figures" ]; then
  "$figures" dissolve-weights out/weights.png >/dev/null || bad "docs_figures dissolve-weights failed"
  colours=$("${IMGTOOL:?}" stats out/weights.png | awk '{ print $5 }')
  [ "${colours:-0}" -ge 8 ] || bad "docs_figures dissolve-weights: $colours colours, want >= 8"
  "$figures" zoom-diff out/zoom.png 2 40 30 a "$root/docs/img/dissolve_ok_one_sided.jpg" b \
    "$root/docs/img/dissolve_pitfall_one_sided.jpg" >out/zoom.log || bad "docs_figures zoom-diff failed"
  w=$("$IMGTOOL" stats out/zoom.png | awk '{ print $1 }')
  [ "${w:-0}" -eq $((2 * 40 * 2 + 8)) ] || bad "docs_figures zoom-diff: width $w, want 168"
  grep -q ' 0 differing' out/zoom.log && bad "docs_figures zoom-diff found no difference"
  "$figures" zoom out/bad.png 2 0 0 10 10 >/dev/null 2>&1; [ $? -eq 2 ] || bad "docs_figures: a bad call did not exit 2"
else
  bad "no docs_figures next to $IMPRINT (tools/docs_figures.c is built with the project)"
fi
# 6. the claims
python3 "$TESTDIR/support/docs_expect.py" "$root" || bad "a picture's claim does not hold (above)"

# 7. the pairs: A B SWITCH... (the keys that may and must differ: the switch, and what it counts
#    itself: the wrinkle layers it empties, the particles it stops drawing and culling, the items it culls)
pairs=0
while read -r a b toggles; do
  [ -n "$a" ] || continue
  for x in "$a" "$b"; do [ -f "$root/docs/img/$x.json" ] || bad "pair $a/$b: no docs/img/$x.json"; done
  [ -f "$root/docs/img/$a.json" ] && [ -f "$root/docs/img/$b.json" ] || continue
  # shellcheck disable=SC2086
  out=$(python3 "$TESTDIR/support/json_pair.py" "$root/docs/img/$a.json" "$root/docs/img/$b.json" $toggles) ||
    bad "pair $a/$b is not one frame with only $toggles switched: $out"
  pa=$root/docs/img/$a.jpg pb=$root/docs/img/$b.jpg
  [ -f "$pa" ] || pa=$root/docs/img/$a.png
  [ -f "$pb" ] || pb=$root/docs/img/$b.png
  changed=$("$IMGTOOL" changed "$pa" "$pb" 0 0 100000 100000)
  [ "${changed:-0}" -gt 50 ] || bad "pair $a/$b: the pictures differ in ${changed:-?} pixels (the switch shows nothing)"
  pairs=$((pairs + 1))
done <<'PAIRS'
post_bloom_on post_bloom_off post.bloom
post_ssao_on post_ssao_off post.ssao
post_dof_on post_dof_off post.dof
post_fxaa_on post_fxaa_off post.fxaa
post_sharpen_on post_sharpen_off post.sharpen
post_grade_on post_grade_off post.grade
post_exposure_on post_exposure_off post.exposure
wrinkle_angry wrinkle_angry_off wrinkles wrinkle_layers
bb_blend_on bb_blend_off particles_frame_blend
mud_layers_all mud_layers_no_post layers.post
mud_layers_no_post mud_layers_no_particles layers.particles particles_drawn particles_culled
mud_layers_no_particles mud_layers_no_decals layers.decals
mud_layers_no_decals mud_layers_no_roads layers.roads
mud_layers_no_roads mud_layers_no_mud layers.mud mud_patches.*
dissolve_ok_one_sided dissolve_pitfall_one_sided dissolve_pitfall
dissolve_ok_no_backoff dissolve_pitfall_no_backoff dissolve_pitfall
dissolve_ok_object_space dissolve_pitfall_object_space dissolve_pitfall
dissolve_ok_hard_normals dissolve_pitfall_hard_normals dissolve_pitfall
dissolve_ok_vertex_mip0 dissolve_pitfall_vertex_mip0 dissolve_pitfall
dissolve_ok_no_shadow dissolve_pitfall_no_shadow dissolve_pitfall
dissolve_ok_bounds dissolve_pitfall_bounds dissolve_pitfall dissolve_items_drawn
PAIRS
echo "app_docs: $(wc -w <<<"$refs") images referenced, $n scripts ran, $pairs pairs from one frame"
exit $fail
