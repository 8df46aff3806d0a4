#!/usr/bin/env bash
# The gallery: every example that draws, rendered to docs/gallery/NAME.png (the README's Gallery
# section shows them). One command, from anywhere in the repository:
#
#   tools/gallery.sh          # the CPU renderer, release build (a cold build takes long)
#   tools/gallery.sh --gpu    # every picture drawn with the GpuRenderer instead (--features gpu,
#                             # a Vulkan adapter), and wgpu_custom's own-device pictures too; on
#                             # lavapipe 20 s to 2 min an example (each process builds its pipelines)
#
# Each example draws at its own default size, or smaller where it takes a size (graph, card,
# shadertoy), so that the pictures stay small in the repository. Examples that write more than one
# picture (shadertoy, wgpu_custom) are run in a scratch directory and their pictures copied under
# their own names; of spin's 36 frames the gallery keeps the first (python3 takes it out of the
# animated PNG). The times each example prints go to stdout; a failing example stops the script.
set -euo pipefail
cd "$(dirname "$0")/.."

gpu=()
features=()
case "${1:-}" in
  "") ;;
  --gpu) gpu=(--gpu); features=(--features gpu) ;;
  *) echo "usage: tools/gallery.sh [--gpu]" >&2; exit 2 ;;
esac

cargo build --release --examples "${features[@]}"
bin="${CARGO_TARGET_DIR:-target}/release/examples"
out="$PWD/docs/gallery"
mkdir -p "$out"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

for source in examples/*.rs; do
  name="$(basename "$source" .rs)"
  echo "== $name"
  case "$name" in
    graph) "$bin/graph" "$out/graph.png" 480 270 "${gpu[@]}" | tail -n 2 ;; # not the disassembly
    card) "$bin/card" "$out/card.png" 400 300 "${gpu[@]}" ;;
    spin)
      # Its animated PNG is 36 frames (0.9 MB); the gallery keeps the first frame, the PNG without
      # the animation's chunks (acTL, fcTL, fdAT), which python3 drops.
      "$bin/spin" "$scratch/spin.png" 1 "${gpu[@]}"
      python3 - "$scratch/spin.png" "$out/spin.png" <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
kept, at = [data[:8]], 8
while at < len(data):
    (length,) = struct.unpack(">I", data[at:at + 4])
    chunk = data[at:at + 12 + length]
    if chunk[4:8] not in (b"acTL", b"fcTL", b"fdAT"):
        kept.append(chunk)
    at += 12 + length
open(sys.argv[2], "wb").write(b"".join(kept))
PY
      ;;
    shadertoy)
      (cd "$scratch" && "$bin/shadertoy" 320 180 1.5 "${gpu[@]}")
      for toy in spec001 clouds orbits; do cp "$scratch/shadertoy_$toy.png" "$out/"; done
      ;;
    wgpu_custom)
      # Its own wgpu device, pipeline and render pass: built with the feature gpu only.
      if [ ${#gpu[@]} -eq 0 ]; then echo "(skipped: needs tools/gallery.sh --gpu)"; continue; fi
      (cd "$scratch" && "$bin/wgpu_custom" wgpu_custom)
      cp "$scratch/wgpu_custom_0.png" "$out/wgpu_custom.png"
      ;;
    *) "$bin/$name" "$out/$name.png" "${gpu[@]}" ;;
  esac
done
echo "the gallery is in docs/gallery/"
