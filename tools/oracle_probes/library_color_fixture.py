#!/usr/bin/env python3
"""The oracle's result of library_color.mjs (run with --bits) as the compact fixture of
tsl-core/tests/fixtures/library_color.json: float32 bits as hex, one expression per line.

    python3 library_color_fixture.py OUT/library_color.json ../../tsl-core/tests/fixtures/library_color.json

The probe's inputs hold no -0 (which the oracle's JSON would write as 0), so the recorded inputs
are the probe's own."""
import json
import struct
import sys

src, dest = sys.argv[1], sys.argv[2]
r = json.load(open(src))
if r["selfCheck"]["identityMaxAbsErr"] != 0:
    sys.exit("identity check failed")


def hexbits(v):
    return struct.unpack(">I", struct.pack(">f", float(v)))[0].to_bytes(4, "big").hex()


def strip(b):
    return b[2:] if b.startswith("0x") else b


lines = ["{"]
lines.append('"probe": "tools/oracle_probes/library_color.mjs",')
lines.append(f'"three": {json.dumps(r["three"])}, "chromium": {json.dumps(r["chromium"])},')
lines.append(f'"renderer": {json.dumps(r["gl"]["renderer"])},')
lines.append('"inputs": [' + ", ".join('"' + " ".join(hexbits(c) for c in p) + '"' for p in r["inputs"]) + "],")
lines.append('"outputs": {')
names = list(r["outputs"].keys())
for i, name in enumerate(names):
    out = r["outputs"][name]
    vals = []
    for b in out["bits"]:
        vals.append(" ".join(strip(x) for x in b) if isinstance(b, list) else strip(b))
    sep = "," if i + 1 < len(names) else ""
    lines.append(f'  {json.dumps(name)}: {{"type": {json.dumps(out["type"])}, "values": ' + json.dumps(vals, separators=(",", ":")) + "}" + sep)
lines.append("}")
lines.append("}")
open(dest, "w").write("\n".join(lines) + "\n")
