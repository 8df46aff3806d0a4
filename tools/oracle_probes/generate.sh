#!/usr/bin/env bash
# Regenerates tsl-core/tests/fixtures/noise/*.json with real three.js r187 (see README.md).
#   tools/oracle_probes/generate.sh [ORACLE_DIR]
# ORACLE_DIR: a writable, installed oracle (default /tmp/oracle): tools/three_oracle and
# tools/gl_oracle copied side by side with three_oracle's setup.sh, which installs them when
# missing. Needs root for setup.sh's apt-get.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
ORACLE="${1:-/tmp/oracle}"
if [ ! -d "$ORACLE/three_oracle/node_modules/three" ]; then
	rm -rf "$ORACLE" && mkdir -p "$ORACLE"
	cp -r "$ROOT/tools/three_oracle" "$ROOT/tools/gl_oracle" "$ORACLE/"
	cp "$ROOT/tools/three_oracle/setup.sh" "$ORACLE/setup.sh" && chmod -R u+w "$ORACLE"
	"$ORACLE/setup.sh"
fi
OUT="$(mktemp -d)"
cd "$ORACLE/three_oracle"
# SwiftShader computes these six probes
node three_oracle.mjs probe "$HERE"/noise_{perlin,cell,worley,fractal,hash,unified}.mjs --bits --out "$OUT"
# the vec3/vec4 fractal shaders are only captured there, then run on Mesa llvmpipe
node three_oracle.mjs probe "$HERE/noise_fractal_vec.mjs" --bits --out "$OUT"
python3 "$HERE/run_llvmpipe.py" "$ORACLE/gl_oracle" "$OUT/noise_fractal_vec.json" "$OUT/noise_fractal_vec.llvmpipe.json"
cd "$HERE"
node to_fixture.mjs "$OUT"/noise_{perlin,cell,worley,fractal,hash,unified}.json "$OUT/noise_fractal_vec.llvmpipe.json" \
	--dest "$ROOT/tsl-core/tests/fixtures/noise"
echo "raw oracle results in $OUT"
