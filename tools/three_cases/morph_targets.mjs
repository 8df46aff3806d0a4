// Morph targets (R-DEFORM-1, docs/requirements.md): a BoxGeometry(1, 1, 1, 6, 6, 6) with two
// absolute targets (morphTargetsRelative false): the box's positions pushed out to a sphere of
// radius 0.8 (normals: the unit position) and stretched to 1.5 times its height (normals: the
// box's own), at influences 0.6 and 0.3, on MeshStandard; and a SphereGeometry(0.45, 24, 12) with
// one relative target (a bulge of 0.25·x² along y, no normal target) at influence 0.8 whose
// positionNode shears it: positionLocal + (0, 0.3·positionLocal.x, 0).
import { W, H } from './_common.mjs';
export default function ( { THREE, TSL } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x101418 );
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0, 0.8, 3.6 );
	camera.lookAt( 0, 0, 0 );

	const box = new THREE.BoxGeometry( 1, 1, 1, 6, 6, 6 );
	const p = box.attributes.position;
	const n = box.attributes.normal;
	const sphere = [], sphereNormals = [], tall = [], tallNormals = [];
	for ( let i = 0; i < p.count; i ++ ) {

		const x = p.getX( i ), y = p.getY( i ), z = p.getZ( i );
		const len = Math.sqrt( x * x + y * y + z * z );
		sphere.push( x / len * 0.8, y / len * 0.8, z / len * 0.8 );
		sphereNormals.push( x / len, y / len, z / len );
		tall.push( x, y * 1.5, z );
		tallNormals.push( n.getX( i ), n.getY( i ), n.getZ( i ) );

	}

	box.morphAttributes.position = [
		new THREE.Float32BufferAttribute( sphere, 3 ),
		new THREE.Float32BufferAttribute( tall, 3 ),
	];
	box.morphAttributes.normal = [
		new THREE.Float32BufferAttribute( sphereNormals, 3 ),
		new THREE.Float32BufferAttribute( tallNormals, 3 ),
	];
	const cube = new THREE.Mesh( box, new THREE.MeshStandardNodeMaterial( { color: 0x4fa3e0, roughness: 0.45 } ) );
	cube.morphTargetInfluences[ 0 ] = 0.6;
	cube.morphTargetInfluences[ 1 ] = 0.3;
	cube.position.set( - 0.75, 0, 0 );
	cube.rotation.set( 0.3, 0.6, 0 );
	scene.add( cube );

	const ball = new THREE.SphereGeometry( 0.45, 24, 12 );
	const q = ball.attributes.position;
	const bulge = [];
	for ( let i = 0; i < q.count; i ++ ) {

		const x = q.getX( i );
		bulge.push( 0, 0.25 * x * x / 0.2025, 0 );

	}

	ball.morphAttributes.position = [ new THREE.Float32BufferAttribute( bulge, 3 ) ];
	ball.morphTargetsRelative = true;
	const material = new THREE.MeshStandardNodeMaterial( { color: 0xe0904f, roughness: 0.6 } );
	material.positionNode = TSL.positionLocal.add( TSL.vec3( 0, TSL.positionLocal.x.mul( 0.3 ), 0 ) );
	const blob = new THREE.Mesh( ball, material );
	blob.morphTargetInfluences[ 0 ] = 0.8;
	blob.position.set( 0.8, - 0.1, 0 );
	scene.add( blob );

	scene.add( new THREE.AmbientLight( 0xffffff, 0.5 ) );
	const sun = new THREE.DirectionalLight( 0xffffff, 2.5 );
	sun.position.set( 2, 3, 4 );
	scene.add( sun );
	return { scene, camera, width: W, height: H };

}
