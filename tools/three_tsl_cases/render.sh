#!/bin/sh
# Render every case of this folder with real three.js r187 and copy the canvases (PNG) and the
# readbacks (JSON) to tests/fixtures/three_tsl/. Needs the oracle installed (see README.md).
# Files whose names start with "_" are left out (shared helpers such as _photo.mjs, and cases
# that record what the oracle cannot render).
#   tools/three_tsl_cases/render.sh [ORACLE_DIR]
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
ORACLE=${1:-/tmp/oracle/three_oracle}
OUT=$(mktemp -d)
(cd "$ORACLE" && node three_oracle.mjs render "$HERE"/[a-z]*.mjs --out "$OUT")
mkdir -p "$ROOT/tests/fixtures/three_tsl"
cp "$OUT"/*.png "$OUT"/*.json "$ROOT/tests/fixtures/three_tsl/"
rm -r "$OUT"
