#!/usr/bin/env python3
"""Combine math_nan.mjs's SwiftShader result and run_llvmpipe.py's llvmpipe result into
tsl-core/tests/fixtures/math_nan.json.

  python3 math_nan_fixture.py SWIFTSHADER.json LLVMPIPE.json OUT.json

Both results hold each row's outputs as float32 bits; the inputs' exact bits come from the probe's
PROBE-INPUTS console line (the oracle's JSON writes NaN as a string).
"""
import json
import sys


def main(ss_path, lp_path, out_path):
    ss = json.load(open(ss_path))
    lp = json.load(open(lp_path))
    line = next(l for l in ss["console"] if l.startswith("[log] PROBE-INPUTS "))
    inputs = line.split(" ", 2)[2].split(",")
    strip = lambda b: b[2:] if b.startswith("0x") else b
    out = {
        "probe": "tools/oracle_probes/math_nan.mjs",
        "three": ss["three"],
        "swiftshader_renderer": ss["gl"]["renderer"],
        "llvmpipe_renderer": lp["gl"]["renderer"],
        "rows": list(ss["outputs"]),
        "inputs": inputs,
        "swiftshader": {n: [strip(b) for b in o["bits"]] for n, o in ss["outputs"].items()},
        "llvmpipe": {n: [strip(b) for b in o["bits"]] for n, o in lp["outputs"].items()},
    }
    with open(out_path, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        raise SystemExit(__doc__)
    main(*sys.argv[1:])
