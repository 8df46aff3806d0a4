// Dumps three.js r187's own geometry arrays (position, normal, uv, index) for several parameter
// sets of each generator, as JSON fixtures that tests/geometry_three.rs compares with
// tsl_raster's generators. No browser: three's module runs in node.
//
//   node tools/three_geometry/dump.mjs THREE_MODULE OUT_DIR
//
// THREE_MODULE is three 0.187.0's build/three.module.js; OUT_DIR is tests/fixtures/geometry.
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { resolve, join } from 'node:path';

const [modulePath, outDir] = process.argv.slice(2);
if (!modulePath || !outDir) {
	console.error('usage: node dump.mjs THREE_MODULE OUT_DIR');
	process.exit(2);
}
const THREE = await import(pathToFileURL(resolve(modulePath)).href);
if (THREE.REVISION !== '187') throw new Error(`three r${THREE.REVISION}, not r187`);
const V2 = (x, y) => new THREE.Vector2(x, y);
const V3 = (x, y, z) => new THREE.Vector3(x, y, z);

// Float32 values printed as the shortest decimal that reads back as the same double; the
// index as integers (null for a non-indexed geometry).
function arrays(geometry) {
	const a = (name) => {
		const attribute = geometry.getAttribute(name);
		return attribute ? Array.from(attribute.array) : null;
	};
	return {
		position: a('position'),
		normal: a('normal'),
		uv: a('uv'),
		index: geometry.index ? Array.from(geometry.index.array) : null,
	};
}

function write(family, cases) {
	const out = cases.map(([name, params, geometry]) => ({ name, params, ...arrays(geometry) }));
	writeFileSync(join(outDir, `${family}.json`), JSON.stringify({ three: 'r187', family, cases: out }) + '\n');
	console.log(`${family}: ${out.length} cases`);
}

const PI = Math.PI;

// The generators that came before (box, plane, sphere, cylinder, torus), held to three too.
write('box', [
	['default', [], new THREE.BoxGeometry()],
	['segments', [1, 2, 3, 2, 3, 1], new THREE.BoxGeometry(1, 2, 3, 2, 3, 1)],
]);
write('plane', [
	['default', [], new THREE.PlaneGeometry()],
	['segments', [2, 1.5, 3, 2], new THREE.PlaneGeometry(2, 1.5, 3, 2)],
]);
write('sphere', [
	['default', [], new THREE.SphereGeometry()],
	['band', [1.5, 7, 5, 0.3, 4, 0.5, 1.8], new THREE.SphereGeometry(1.5, 7, 5, 0.3, 4, 0.5, 1.8)],
	['min_segments', [1, 1, 1], new THREE.SphereGeometry(1, 1, 1)],
]);
write('cylinder', [
	['default', [], new THREE.CylinderGeometry()],
	['frustum_arc', [0.5, 1.2, 2, 7, 3, false, 0.4, 3.5], new THREE.CylinderGeometry(0.5, 1.2, 2, 7, 3, false, 0.4, 3.5)],
	['open', [1, 0.5, 1, 5, 1, true], new THREE.CylinderGeometry(1, 0.5, 1, 5, 1, true)],
]);
write('torus', [
	['default', [], new THREE.TorusGeometry()],
	['arc', [2, 0.5, 5, 9, 4, 0.5, 3], new THREE.TorusGeometry(2, 0.5, 5, 9, 4, 0.5, 3)],
]);

write('cone', [
	['default', [], new THREE.ConeGeometry()],
	['open_arc', [0.5, 2, 7, 3, true, 0.3, 4], new THREE.ConeGeometry(0.5, 2, 7, 3, true, 0.3, 4)],
	['closed', [1.5, 0.75, 5, 2, false, 1, 2.5], new THREE.ConeGeometry(1.5, 0.75, 5, 2, false, 1, 2.5)],
]);

write('circle', [
	['default', [], new THREE.CircleGeometry()],
	['arc', [2, 5, 0.5, 3], new THREE.CircleGeometry(2, 5, 0.5, 3)],
	['min_segments', [0.7, 1], new THREE.CircleGeometry(0.7, 1)],
]);

write('ring', [
	['default', [], new THREE.RingGeometry()],
	['arc', [0.2, 1.5, 6, 3, 1, 4], new THREE.RingGeometry(0.2, 1.5, 6, 3, 1, 4)],
	['min_segments', [0, 1, 2, 0], new THREE.RingGeometry(0, 1, 2, 0)],
]);

write('torus_knot', [
	['default', [], new THREE.TorusKnotGeometry()],
	['p3_q5', [0.8, 0.2, 20, 5, 3, 5], new THREE.TorusKnotGeometry(0.8, 0.2, 20, 5, 3, 5)],
	['p1_q4', [2, 0.5, 12, 3, 1, 4], new THREE.TorusKnotGeometry(2, 0.5, 12, 3, 1, 4)],
]);

write('capsule', [
	['default', [], new THREE.CapsuleGeometry()],
	['tall', [0.5, 2, 3, 6, 2], new THREE.CapsuleGeometry(0.5, 2, 3, 6, 2)],
	['flat', [0.8, 0, 1, 3, 1], new THREE.CapsuleGeometry(0.8, 0, 1, 3, 1)],
]);

const vase = [[0, -1], [0.6, -0.9], [0.8, -0.2], [0.35, 0.5], [0.5, 1]];
write('lathe', [
	['default', [], new THREE.LatheGeometry()],
	['vase', [vase, 7, 0.4, 5], new THREE.LatheGeometry(vase.map(([x, y]) => V2(x, y)), 7, 0.4, 5)],
	['over_full_turn', [vase.slice(0, 2), 3, 0, 7], new THREE.LatheGeometry(vase.slice(0, 2).map(([x, y]) => V2(x, y)), 3, 0, 7)],
]);

const polyhedra = [];
for (const [kind, Class] of [['tetrahedron', THREE.TetrahedronGeometry], ['octahedron', THREE.OctahedronGeometry],
	['icosahedron', THREE.IcosahedronGeometry], ['dodecahedron', THREE.DodecahedronGeometry]]) {
	const details = kind === 'icosahedron' ? [[1, 0], [1.5, 1], [0.5, 2]] : [[1, 0], [1.5, 1]];
	for (const [radius, detail] of details) {
		polyhedra.push([`${kind}_${detail}`, [kind, radius, detail], new Class(radius, detail)]);
	}
}
polyhedra.push(['custom_1', ['custom', [1, 0, 0, 0, 1, 0, 0, 0, 1, -1, -1, -1], [0, 1, 2, 0, 3, 1, 1, 3, 2, 2, 3, 0], 2, 1],
	new THREE.PolyhedronGeometry([1, 0, 0, 0, 1, 0, 0, 0, 1, -1, -1, -1], [0, 1, 2, 0, 3, 1, 1, 3, 2, 2, 3, 0], 2, 1)]);
write('polyhedron', polyhedra);

// Tube paths: [kind, ...]; 'quadratic' is three's default path.
const knotPoints = [[-1, 0, 0], [0, 1, 0.5], [1, 0, 0], [0.5, -1, -0.5], [-0.5, -0.5, 1]];
const catmull = (closed, type, tension) =>
	new THREE.CatmullRomCurve3(knotPoints.map(([x, y, z]) => V3(x, y, z)), closed, type, tension);
write('tube', [
	['default', [], new THREE.TubeGeometry()],
	['centripetal', [['catmull_rom', knotPoints, false, 'centripetal', 0.5], 20, 0.3, 6, false],
		new THREE.TubeGeometry(catmull(false, 'centripetal', 0.5), 20, 0.3, 6, false)],
	['closed_chordal', [['catmull_rom', knotPoints, true, 'chordal', 0.5], 24, 0.2, 5, true],
		new THREE.TubeGeometry(catmull(true, 'chordal', 0.5), 24, 0.2, 5, true)],
	['catmullrom_tension', [['catmull_rom', knotPoints, false, 'catmullrom', 0.3], 15, 0.25, 4, false],
		new THREE.TubeGeometry(catmull(false, 'catmullrom', 0.3), 15, 0.25, 4, false)],
	['line', [['line', [0, 0, 0], [1, 2, 3]], 3, 0.5, 4, false],
		new THREE.TubeGeometry(new THREE.LineCurve3(V3(0, 0, 0), V3(1, 2, 3)), 3, 0.5, 4, false)],
]);

// Shapes: outlines as lists of commands; [['M', x, y], ['L', x, y], ['Q', cx, cy, x, y],
// ['C', c1x, c1y, c2x, c2y, x, y]].
function shapeOf(commands, holes = []) {
	const build = (path, cmds) => {
		for (const [op, ...a] of cmds) {
			if (op === 'M') path.moveTo(a[0], a[1]);
			else if (op === 'L') path.lineTo(a[0], a[1]);
			else if (op === 'Q') path.quadraticCurveTo(a[0], a[1], a[2], a[3]);
			else if (op === 'C') path.bezierCurveTo(a[0], a[1], a[2], a[3], a[4], a[5]);
		}
		return path;
	};
	const shape = build(new THREE.Shape(), commands);
	for (const hole of holes) shape.holes.push(build(new THREE.Path(), hole));
	return shape;
}
const square = [['M', -1, -1], ['L', 1, -1], ['L', 1, 1], ['L', -1, 1], ['L', -1, -1]];
const hole = [['M', -0.4, -0.4], ['L', -0.4, 0.4], ['L', 0.4, 0.4], ['L', 0.4, -0.4], ['L', -0.4, -0.4]];
const heart = [['M', 0, -1], ['Q', 1.2, 0, 0.6, 0.7], ['Q', 0.3, 1, 0, 0.6], ['Q', -0.3, 1, -0.6, 0.7], ['Q', -1.2, 0, 0, -1]];
const clockwise = [['M', 0, 0], ['L', 0, 1], ['L', 2, 1.5], ['L', 1.5, 0.2]];
// Shapes that take earcut's harder paths: a self-intersecting star (its cure and split
// passes), two holes, a hole touching the outline, and a 100-point comb with a hole (its z-order
// search with holes).
const star = [0, 1, 2, 3, 4].map((k) => {
	const a = Math.PI / 2 + k * 4 * Math.PI / 5;
	return [k === 0 ? 'M' : 'L', Math.cos(a), Math.sin(a)];
});
const holeA = [['M', -0.8, -0.8], ['L', -0.8, -0.2], ['L', -0.2, -0.2], ['L', -0.2, -0.8]];
const holeB = [['M', 0.2, 0.1], ['L', 0.3, 0.7], ['L', 0.8, 0.4]];
const touching = [['M', -1, 0], ['L', -0.5, 0.5], ['L', 0, 0], ['L', -0.5, -0.5]];
const comb = [['M', 0, 0], ['L', 25, 0]];
for (let i = 25; i > 0; i--) comb.push(['L', i, 3], ['L', i - 0.5, 1.5], ['L', i - 0.5, 3], ['L', i - 1, 3]);
const combHole = [['M', 2, 0.5], ['L', 2, 1], ['L', 22, 1], ['L', 22, 0.5]];
const drop = [['M', 0, -1], ['C', 1.2, -1, 0.6, 0.5, 0, 1], ['C', -0.6, 0.5, -1.2, -1, 0, -1]];
const shapes = {
	square: [square, []], square_hole: [square, [hole]], heart: [heart, []], clockwise: [clockwise, []],
	star: [star, []], two_holes: [square, [holeA, holeB]], touching_hole: [square, [touching]], comb: [comb, [combHole]], drop: [drop, []],
};
write('shape', [
	['default', [], new THREE.ShapeGeometry()],
	['square_hole', ['square_hole', 12], new THREE.ShapeGeometry(shapeOf(...shapes.square_hole))],
	['heart', ['heart', 12], new THREE.ShapeGeometry(shapeOf(...shapes.heart))],
	['heart_coarse', ['heart', 3], new THREE.ShapeGeometry(shapeOf(...shapes.heart), 3)],
	['clockwise', ['clockwise', 12], new THREE.ShapeGeometry(shapeOf(...shapes.clockwise))],
	['star', ['star', 12], new THREE.ShapeGeometry(shapeOf(...shapes.star))],
	['two_holes', ['two_holes', 12], new THREE.ShapeGeometry(shapeOf(...shapes.two_holes))],
	['touching_hole', ['touching_hole', 12], new THREE.ShapeGeometry(shapeOf(...shapes.touching_hole))],
	['comb', ['comb', 12], new THREE.ShapeGeometry(shapeOf(...shapes.comb))],
	['drop', ['drop', 5], new THREE.ShapeGeometry(shapeOf(...shapes.drop), 5)],
]);
write('extrude', [
	['default', [], new THREE.ExtrudeGeometry()],
	['square_no_bevel', ['square', { depth: 0.5, bevelEnabled: false }],
		new THREE.ExtrudeGeometry(shapeOf(...shapes.square), { depth: 0.5, bevelEnabled: false })],
	['square_hole_default', ['square_hole', {}], new THREE.ExtrudeGeometry(shapeOf(...shapes.square_hole))],
	['heart_steps', ['heart', { depth: 0.3, steps: 2, curveSegments: 4, bevelSegments: 2, bevelThickness: 0.1, bevelSize: 0.05 }],
		new THREE.ExtrudeGeometry(shapeOf(...shapes.heart), { depth: 0.3, steps: 2, curveSegments: 4, bevelSegments: 2, bevelThickness: 0.1, bevelSize: 0.05 })],
	['clockwise_offset', ['clockwise', { depth: 1, bevelOffset: 0.05, bevelSegments: 1 }],
		new THREE.ExtrudeGeometry(shapeOf(...shapes.clockwise), { depth: 1, bevelOffset: 0.05, bevelSegments: 1 })],
	['comb_no_bevel', ['comb', { depth: 0.5, bevelEnabled: false }],
		new THREE.ExtrudeGeometry(shapeOf(...shapes.comb), { depth: 0.5, bevelEnabled: false })],
	['two_holes_bevel', ['two_holes', { depth: 0.4, bevelSegments: 2 }],
		new THREE.ExtrudeGeometry(shapeOf(...shapes.two_holes), { depth: 0.4, bevelSegments: 2 })],
	['clockwise_along_path', ['clockwise', { steps: 12, extrudePath: ['catmull_rom', knotPoints, false, 'centripetal', 0.5] }],
		new THREE.ExtrudeGeometry(shapeOf(...shapes.clockwise), { steps: 12, extrudePath: catmull(false, 'centripetal', 0.5) })],
	['square_hole_along_closed_path', ['square_hole', { steps: 16, bevelEnabled: true, extrudePath: ['catmull_rom', knotPoints, true, 'chordal', 0.5] }],
		new THREE.ExtrudeGeometry(shapeOf(...shapes.square_hole).clone(), { steps: 16, bevelEnabled: true, extrudePath: catmull(true, 'chordal', 0.5) })],
]);
writeFileSync(join(outDir, 'shapes.json'), JSON.stringify(shapes) + '\n');
