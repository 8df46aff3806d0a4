#!/bin/sh
# examples/spin.rs's 36 frames in real three.js r187 on SwiftShader (headless Chromium, the
# oracle of tools/three_oracle, installed as its README.md says: three's classic WebGLRenderer and its node renderer,
# WebGPURenderer on WebGL2) and in ours, at 240×180 and 1920×1080, in the same run: milliseconds
# a frame, the best of ROUNDS rounds of 36 frames after a warm-up, and our speed-up over each.
#   tools/three_timing/time_spin.sh [ROUNDS [ORACLE_DIR [SPIN]]]
# SPIN: our spin example (default target/release/examples/spin, built with
# `cargo build --release --example spin`). Its threads: RAYON_NUM_THREADS, as for any example.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
ROUNDS=${1:-3}
ORACLE=${2:-/tmp/oracle/three_oracle}
SPIN=${3:-${CARGO_TARGET_DIR:-$ROOT/target}/release/examples/spin}
WARMUP=5
SIZES="240x180 1920x1080"
WORK=$(mktemp -d)
trap 'rm -r "$WORK"' EXIT
cp "$HERE/spin.mjs" "$WORK/"
# One case a renderer and size, each calling spin.mjs.
for size in $SIZES; do
	w=${size%x*}; h=${size#*x}
	for kind in classic node; do
		{
			[ "$kind" = classic ] && echo "export const backend = 'webgl-classic';"
			echo "import spinTiming from './spin.mjs';"
			echo "export default ( libs ) => spinTiming( { ...libs, classic: $([ "$kind" = classic ] && echo true || echo false), width: $w, height: $h, rounds: $ROUNDS, warmup: $WARMUP } );"
		} > "$WORK/${kind}_$size.mjs"
	done
done
(cd "$ORACLE" && node three_oracle.mjs render "$WORK"/classic_*.mjs "$WORK"/node_*.mjs --out "$WORK/out" > "$WORK/oracle.log" 2>&1) || {
	cat "$WORK/oracle.log" >&2
	exit 1
}
three_ms() {
	node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); if (!r.notes || !r.notes.msPerFrame) { console.error("no timing in " + process.argv[1]); process.exit(1); } console.log(r.notes.msPerFrame.toFixed(2));' "$WORK/out/$1.json"
}
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); ${RAYON_NUM_THREADS:-all} threads for ours; best of $ROUNDS rounds of 36 frames"
printf '%-10s %14s %14s %10s %12s %12s\n' size classic_ms node_ms ours_ms vs_classic vs_node
for size in $SIZES; do
	classic=$(three_ms "classic_$size")
	node=$(three_ms "node_$size")
	# Ours: "36 frames of WxH on the CPU in BEST ms (...)".
	ours=$("$SPIN" "$WORK/spin.png" "$ROUNDS" 36x24 "$size" | sed -n 's/^36 frames of .* in \([0-9.]*\) ms .*/\1/p')
	ours=$(echo "$ours" | awk '{ printf "%.2f", $1 / 36 }')
	awk -v s="$size" -v c="$classic" -v n="$node" -v o="$ours" \
		'BEGIN { printf "%-10s %14.2f %14.2f %10.2f %11.1fx %11.1fx\n", s, c, n, o, c / o, n / o }'
done
