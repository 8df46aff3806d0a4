#!/usr/bin/env bash
# Regenerates tsl-core/tests/fixtures/noise/*.json with real three.js r187 (see README.md).
#   tools/oracle_probes/generate.sh [ORACLE_DIR]
# ORACLE_DIR: a writable, installed copy of shared/tools/oracle (default /tmp/oracle; made and
# installed with its setup.sh when missing). Needs root for setup.sh's apt-get.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
ORACLE="${1:-/tmp/oracle}"
SHARED="$ROOT/../shared/tools/oracle"
if [ ! -d "$ORACLE/three_oracle/node_modules/three" ]; then
	rm -rf "$ORACLE" && cp -r "$SHARED" "$ORACLE" && chmod -R u+w "$ORACLE"
	"$ORACLE/setup.sh"
fi
OUT="$(mktemp -d)"
cd "$ORACLE/three_oracle"
# SwiftShader computes these four probes
node three_oracle.mjs probe "$HERE"/noise_{perlin,cell,worley,fractal}.mjs --bits --out "$OUT"
# the vec3/vec4 fractal shaders are only captured there, then run on Mesa llvmpipe
node three_oracle.mjs probe "$HERE/noise_fractal_vec.mjs" --bits --out "$OUT"
python3 "$HERE/run_llvmpipe.py" "$ORACLE/gl_oracle" "$OUT/noise_fractal_vec.json" "$OUT/noise_fractal_vec.llvmpipe.json"
cd "$HERE"
node to_fixture.mjs "$OUT"/noise_{perlin,cell,worley,fractal}.json "$OUT/noise_fractal_vec.llvmpipe.json" \
	--dest "$ROOT/tsl-core/tests/fixtures/noise"
echo "raw oracle results in $OUT"
