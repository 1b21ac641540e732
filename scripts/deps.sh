#!/usr/bin/env bash
# Installs the Debian packages imprint needs, and only those that are missing.
# Used by both README commands and by CI. Safe to run again: it does nothing when all are present.
# Usage: scripts/deps.sh [--fuzz]   (--fuzz adds clang and libFuzzer for scripts/fuzz.sh)
set -euo pipefail

pkgs=(
  build-essential cmake pkg-config
  libglfw3-dev libcglm-dev libstb-dev libcmocka-dev python3-glad libimgui-dev libode-dev
  libegl-dev libegl-mesa0 libgl1-mesa-dri fonts-dejavu-core
  xvfb xauth xdotool glslang-tools
)
for arg in "$@"; do
  case $arg in
    --fuzz) pkgs+=(clang libfuzzer-14-dev) ;;
    *) echo "usage: scripts/deps.sh [--fuzz]" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "imprint: installing missing packages: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "imprint: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
