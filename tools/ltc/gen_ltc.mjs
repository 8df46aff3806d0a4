// Writes three.js r187's LTC tables (examples/jsm/lights/RectAreaLightTexturesLib.js: LTC_MAT_1
// and LTC_MAT_2, 64 × 64 RGBA each) as little-endian f32 binaries for tsl-raster's rect area
// lights (tsl-raster/src/shade/ltc_1.bin, ltc_2.bin). Each number goes through Float32Array, as
// three.js's `new Float32Array( LTC_MAT_1 )` does.
//
// Usage: node tools/ltc/gen_ltc.mjs PATH/TO/RectAreaLightTexturesLib.js OUT_DIR
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [source, out] = process.argv.slice(2);
if (!source || !out) {
	console.error('usage: node gen_ltc.mjs RectAreaLightTexturesLib.js OUT_DIR');
	process.exit(2);
}
const text = readFileSync(source, 'utf8');
for (const [name, file] of [['LTC_MAT_1', 'ltc_1.bin'], ['LTC_MAT_2', 'ltc_2.bin']]) {
	const match = text.match(new RegExp(`const ${name} = \\[([^\\]]*)\\]`));
	if (!match) throw new Error(`${name} not found in ${source}`);
	const values = match[1].split(',').map((s) => Number(s.replace(/\s+/g, '')));
	if (values.length !== 64 * 64 * 4 || values.some((v) => !Number.isFinite(v))) {
		throw new Error(`${name}: ${values.length} values, expected ${64 * 64 * 4} finite numbers`);
	}
	const f32 = new Float32Array(values);
	writeFileSync(join(out, file), Buffer.from(f32.buffer));
	console.log(`${file}: ${f32.length} floats`);
}
