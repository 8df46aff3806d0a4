// InstancedMesh: nine boxes (0.5) on a 3×3 grid, each turned and scaled by its own matrix and
// tinted by setColorAt (three's instanceColor multiplies the diffuse colour), on
// MeshStandardNodeMaterial (roughness 0.5) under an ambient and a directional light; beside it a
// second InstancedMesh of four spheres on MeshBasicNodeMaterial whose colorNode mixes two colours
// by instanceIndex / 3.
import { W, H } from './_common.mjs';
export default function ( { THREE, TSL } ) {

	const scene = new THREE.Scene();
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0, 1.5, 5 );
	camera.lookAt( 0, 0, 0 );
	const boxes = new THREE.InstancedMesh(
		new THREE.BoxGeometry( 0.5, 0.5, 0.5 ),
		new THREE.MeshStandardNodeMaterial( { roughness: 0.5 } ),
		9
	);
	const m = new THREE.Matrix4();
	const q = new THREE.Quaternion();
	const e = new THREE.Euler();
	const c = new THREE.Color();
	for ( let i = 0; i < 9; i ++ ) {

		const x = ( i % 3 ) - 1;
		const y = Math.floor( i / 3 ) - 1;
		e.set( 0.3 * i, 0.2 * i, 0 );
		q.setFromEuler( e );
		const s = 0.8 + 0.1 * ( i % 3 );
		m.compose( new THREE.Vector3( x * 0.9 - 0.6, y * 0.9, 0 ), q, new THREE.Vector3( s, s, s ) );
		boxes.setMatrixAt( i, m );
		c.setRGB( ( i % 3 ) / 2, ( i % 4 ) / 3, 1 - i / 8 );
		boxes.setColorAt( i, c );

	}

	scene.add( boxes );
	const material = new THREE.MeshBasicNodeMaterial();
	material.colorNode = TSL.mix( TSL.color( 1, 0.2, 0.1 ), TSL.color( 0.1, 0.4, 1 ), TSL.instanceIndex.toFloat().div( 3 ) );
	const balls = new THREE.InstancedMesh( new THREE.SphereGeometry( 0.2, 16, 8 ), material, 4 );
	for ( let i = 0; i < 4; i ++ ) {

		m.makeTranslation( 1.4, 1.2 - 0.8 * i, 0.2 );
		balls.setMatrixAt( i, m );

	}

	scene.add( balls );
	scene.add( new THREE.AmbientLight( 0xffffff, 0.6 ) );
	const sun = new THREE.DirectionalLight( 0xffffff, 2 );
	sun.position.set( 2, 3, 4 );
	scene.add( sun );
	return { scene, camera, width: W, height: H };

}
