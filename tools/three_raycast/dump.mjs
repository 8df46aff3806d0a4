// Records three.js r187's own raycaster on a small scene, as the JSON fixture that
// tests/raycast.rs compares tsl_raster's Raycaster with (docs/raycaster.md). No browser: the
// raycaster is plain JavaScript, so three's module runs in node.
//
//   node tools/three_raycast/dump.mjs THREE_MODULE OUT_FILE
//
// THREE_MODULE is three 0.187.0's build/three.module.js; OUT_FILE is
// tests/fixtures/raycast/three_raycast.json. The scene here and the one tests/raycast.rs builds
// must stay the same: every number below is written there too.
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const [modulePath, outFile] = process.argv.slice(2);
if (!modulePath || !outFile) {
	console.error('usage: node dump.mjs THREE_MODULE OUT_FILE');
	process.exit(2);
}
const THREE = await import(pathToFileURL(resolve(modulePath)).href);
if (THREE.REVISION !== '187') throw new Error(`three r${THREE.REVISION}, not r187`);

const material = (side) => new THREE.MeshBasicMaterial({ side });
const scene = new THREE.Scene();

// A box with the default FrontSide, turned.
const box = new THREE.Mesh(new THREE.BoxGeometry(1, 1, 1), material(THREE.FrontSide));
box.name = 'box';
box.position.set(-1.5, 0, 0);
box.rotation.set(0.3, 0.5, 0);
scene.add(box);

// A group, turned and scaled, with a BackSide sphere as its child.
const group = new THREE.Group();
group.name = 'group';
group.position.set(1, 0.25, -0.5);
group.rotation.set(0, 0.4, 0.1);
group.scale.set(1.25, 1.25, 1.25);
scene.add(group);
const ball = new THREE.Mesh(new THREE.SphereGeometry(0.75, 12, 8), material(THREE.BackSide));
ball.name = 'ball';
ball.position.set(0.25, 0.5, 0);
group.add(ball);

// A DoubleSide floor.
const floor = new THREE.Mesh(new THREE.PlaneGeometry(6, 6, 2, 2), material(THREE.DoubleSide));
floor.name = 'floor';
floor.position.set(0, -1, 0);
floor.rotation.set(-Math.PI / 2, 0, 0);
scene.add(floor);

// An instanced mesh of three small boxes, the last one not drawn (count 2).
const cubes = new THREE.InstancedMesh(new THREE.BoxGeometry(0.5, 0.5, 0.5), material(THREE.FrontSide), 3);
cubes.name = 'cubes';
cubes.position.set(0, 0, 1);
const instance = new THREE.Object3D();
for (const [i, [x, y, z, ry]] of [[-0.5, 0.5, 0, 0.25], [0.75, -0.25, 0.5, 0.5], [0, 0, 0, 0]].entries()) {
	instance.position.set(x, y, z);
	instance.rotation.set(0, ry, 0);
	instance.updateMatrix();
	cubes.setMatrixAt(i, instance.matrix);
}
cubes.count = 2;
scene.add(cubes);

// A hidden box: three's raycaster does not read `visible`, so it is still hit.
const hidden = new THREE.Mesh(new THREE.BoxGeometry(0.5, 0.5, 0.5), material(THREE.DoubleSide));
hidden.name = 'hidden';
hidden.position.set(-0.25, 1.25, -1);
hidden.visible = false;
scene.add(hidden);

// Points and lines of one six-vertex geometry (no index), picked within the thresholds below.
const strip = new THREE.BufferGeometry();
strip.setAttribute('position', new THREE.BufferAttribute(new Float32Array([
	0, 0, 0, 0.5, 0.25, 0, 0.75, 0.5, 0.125, 0.375, 1, -0.25, -0.125, 0.75, 0, -0.25, 0.25, 0.25,
]), 3));
const dots = new THREE.Points(strip, new THREE.PointsMaterial());
dots.name = 'dots';
dots.position.set(0.5, 1.5, 0);
dots.scale.set(1.5, 1, 1.25); // the threshold is divided by the mean of the object's scale
scene.add(dots);
const loop = new THREE.LineLoop(strip, new THREE.LineBasicMaterial());
loop.name = 'loop';
loop.position.set(-1, -0.5, 0.5);
loop.rotation.set(0.5, 0, 0.25);
group.add(loop);
const pairs = new THREE.LineSegments(strip, new THREE.LineBasicMaterial());
pairs.name = 'pairs';
pairs.position.set(1.5, -0.5, 1);
pairs.rotation.set(0, 0.75, 0);
scene.add(pairs);

scene.updateMatrixWorld(true);

const perspective = new THREE.PerspectiveCamera(50, 4 / 3, 0.1, 100);
perspective.position.set(1.5, 2, 6);
perspective.lookAt(0, 0, 0);
const orthographic = new THREE.OrthographicCamera(-4, 4, 3, -3, 0.1, 100);
orthographic.position.set(0.5, 5, 5);
orthographic.lookAt(0, 0, 0);
for (const camera of [perspective, orthographic]) {
	camera.updateMatrixWorld(true);
	camera.updateProjectionMatrix();
}

// A grid of NDC points off the scene's symmetries, so that no ray runs along an edge.
const ndcs = [];
for (let j = 0; j < 15; j++) {
	for (let i = 0; i < 19; i++) ndcs.push([-0.93 + 0.1031 * i, -0.89 + 0.1271 * j]);
}

const v3 = (v) => [v.x, v.y, v.z];
const raycaster = new THREE.Raycaster();
raycaster.params.Points.threshold = 0.2;
raycaster.params.Line.threshold = 0.1;
// Each run: a camera and the raycaster's near and far (the last cuts the hits to 5.5 to 7).
const runs = [];
for (const [name, camera, near, far] of [
	['perspective', perspective, 0, Infinity],
	['orthographic', orthographic, 0, Infinity],
	['perspective_cut', perspective, 5.5, 7],
]) {
	raycaster.near = near;
	raycaster.far = far;
	const rays = ndcs.map(([x, y]) => {
		raycaster.setFromCamera(new THREE.Vector2(x, y), camera);
		const hits = raycaster.intersectObjects(scene.children, true).map((hit) => ({
			object: hit.object.name,
			distance: hit.distance,
			point: v3(hit.point),
			face_index: hit.faceIndex,
			face: hit.face ? [hit.face.a, hit.face.b, hit.face.c] : null,
			face_normal: hit.face ? v3(hit.face.normal) : null,
			index: hit.index ?? null,
			distance_to_ray: hit.distanceToRay ?? null,
			normal: hit.normal ? v3(hit.normal) : null,
			uv: hit.uv ? [hit.uv.x, hit.uv.y] : null,
			instance_id: hit.instanceId ?? null,
		}));
		return { ndc: [x, y], origin: v3(raycaster.ray.origin), direction: v3(raycaster.ray.direction), hits };
	});
	// JSON has no Infinity: a far of null is unbounded.
	runs.push({ name, near, far: far === Infinity ? null : far, rays });
}

const hits = runs.reduce((n, c) => n + c.rays.reduce((m, r) => m + r.hits.length, 0), 0);
writeFileSync(outFile, JSON.stringify({ three: 'r187', points_threshold: 0.2, line_threshold: 0.1, runs }) + '\n');
console.log(`${runs.length} runs, ${ndcs.length} rays each, ${hits} hits`);
